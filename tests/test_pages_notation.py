"""HRN on the director's pages: the hand entry takes a hand pasted or typed as HRN, stored by
the use case the API stores it with, and says what the reader and the referee make of the
text beside it, each note at its line and column, as it is typed (a static script asks a
JSON question of the page) and when it is sent; the hand page shows the record in HRN, its
content id and a copy button.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from entry_forms import hand_form
from games import body, new_game
from test_api_notation import game_text
from test_pages import CSRF, sign_in

import playout
from hearts_referee import read_notation, write_notation
from hearts_referee.schemas.hrn import content_id


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    return client


def start(client, headers: dict[str, str]) -> int:
    response = client.post("/v1/games", json=new_game(table="7"), headers=headers)
    assert response.status_code == 201
    return response.get_json()["id"]


def hand(number: int) -> dict[str, Any]:
    """Hand ``number`` of an mso-2000 game, in the notation's own order."""
    built = playout.build_hand(random.Random(number), "mso-2000", number)
    return read_notation(write_notation(built))[0][0]


def test_a_hand_pasted_as_hrn_is_stored_as_the_api_stores_the_same_hand(director, as_role):
    headers = as_role("director")
    by_page, by_api = start(director, headers), start(director, headers)
    record = hand(1)
    response = director.post(
        f"/director/games/{by_page}/hands", data={"csrf_token": CSRF, "hrn": game_text(record)}
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    assert director.post(f"/v1/games/{by_api}/hands", json=body(record), headers=headers).status_code == 201
    stored = [director.get(f"/v1/games/{g}", headers=headers).get_json()["hands"] for g in (by_page, by_api)]
    assert [h["score"] for h in stored[0]] == [h["score"] for h in stored[1]]
    records = [
        director.get(f"/v1/hands/{h[0]['hand_id']}", headers=headers).get_json()["record"] for h in stored
    ]
    assert records[0] == records[1]


def test_a_mistyped_hrn_comes_back_beside_the_text_each_note_at_its_line_and_column(director, as_role):
    game = start(director, as_role("director"))
    text = game_text(hand(1))
    first_trick = next(line for line in text.split("\n") if re.fullmatch(r"\w+ \w\w \w\w \w\w \w\w", line))
    damaged = text.replace(first_trick, first_trick[:-2] + "ZZ").replace("T", "t", 1)
    row = damaged.split("\n").index(first_trick[:-2] + "ZZ") + 1
    response = director.post(f"/director/games/{game}/hands", data={"csrf_token": CSRF, "hrn": damaged})
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    assert (
        f"line {row}, column {len(first_trick) - 1}: unknown_card: 'ZZ' is not a card; it is left out" in page
    )
    assert ": card_spelling: " in page  # the reader's warning, read as written
    assert f">{damaged}</textarea>" in page  # nothing typed is lost
    assert director.get(f"/v1/games/{game}", headers=as_role("director")).get_json()["hands"] == []


def test_the_text_is_read_as_it_is_typed_by_a_json_question_of_the_page(director, as_role):
    game = start(director, as_role("director"))
    text = game_text(hand(1))
    asked = director.post(
        f"/director/games/{game}/hands/read", data={"csrf_token": CSRF, "hrn": text.replace("T", "10", 1)}
    )
    assert asked.status_code == 200 and asked.is_json
    answer = asked.get_json()
    assert [note["code"] for note in answer["notes"]] == ["card_spelling"]
    assert answer["rulings"] == []
    half = "\n".join(text.split("\n")[:12])  # the deal, the passes and the first trick or so
    answer = director.post(
        f"/director/games/{game}/hands/read", data={"csrf_token": CSRF, "hrn": half}
    ).get_json()
    assert answer["rulings"] == ["play_incomplete"]  # reads whole so far; the hand goes on
    stored = director.get(f"/v1/games/{game}", headers=as_role("director")).get_json()
    assert stored["hands"] == []  # nothing stored


def test_the_entry_page_has_the_text_box_and_its_static_script(director, as_role):
    game = start(director, as_role("director"))
    page = director.get(f"/director/games/{game}/next").get_data(as_text=True)
    assert '<textarea id="hrn" name="hrn"' in page
    assert f'data-read="/director/games/{game}/hands/read"' in page
    assert re.search(r'<script src="[^"]*notation\.js" defer></script>', page)
    assert director.get("/director/static/notation.js").status_code == 200


def test_the_hand_page_shows_the_record_in_hrn_with_its_content_id_and_a_copy_button(director, as_role):
    headers = as_role("director")
    game = start(director, headers)
    stored = director.post(f"/v1/games/{game}/hands", json=body(hand(1)), headers=headers).get_json()
    page = director.get(f"/director/hands/{stored['id']}").get_data(as_text=True)
    text = director.get(f"/v1/hands/{stored['id']}", headers={**headers, "Accept": "text/x-hrn"}).get_data(
        as_text=True
    )
    assert f'<pre class="hrn" id="hrn-text">{html.escape(text, quote=False)}</pre>' in page
    assert content_id(stored["record"]) in page
    assert '<button type="button" class="copy" data-copy="hrn-text" hidden>' in page
    assert re.search(r'<script src="[^"]*copy\.js" defer></script>', page)


def test_a_hand_typed_in_hrn_takes_fewer_keystrokes_than_the_form_or_json_as_the_docs_measure():
    """docs/pages.md's table, counted again from the MSO revoke: the game's next hand as HRN
    (the tags the game supplies left out), as the hand form's text fields, as JSON."""
    root = Path(__file__).resolve().parent.parent
    record = json.loads((root / "examples" / "mso-revoke.json").read_text(encoding="utf-8"))
    typed = {
        "HRN": len(game_text(record)),
        "form": sum(len(value) for value in hand_form(body(record), record["seats"]).values()),
        "JSON": len(json.dumps(body(record), separators=(",", ":"))),
    }
    assert typed["HRN"] < typed["form"] < typed["JSON"]
    page = (root / "docs" / "pages.md").read_text(encoding="utf-8")
    table = page.split("line ends included:", 1)[1].split("\n\n", 2)[1]
    shown = [int(row.rsplit("|", 2)[1].strip().replace(",", "")) for row in table.splitlines()[2:]]
    assert shown == [typed["HRN"], typed["form"], typed["JSON"]]
