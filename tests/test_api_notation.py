"""The API reads and writes HRN (docs/notation.md) beside JSON: a hand sent as
``text/x-hrn`` gets the answer the same hand gets as JSON, byte for byte; a text that
does not read, or a hand the referee refuses, is a 422 whose problems say their line and
column; a stored hand and a game answer ``Accept: text/x-hrn`` with their records in HRN.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from games import body, new_game
from test_notation import HANDS

import playout
from hearts_referee import read_notation, write_notation

HRN = "text/x-hrn"
ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text(encoding="utf-8"))
"""The MSO revoke of docs/notation.md: W dealt hand 2; E revokes, and the table wrote scores."""


def send(client, url: str, text: str | bytes, headers: dict[str, str] | None = None, **extra: Any):
    data = text.encode("utf-8") if isinstance(text, str) else text
    return client.post(url, data=data, content_type=HRN, headers=headers or {}, **extra)


def line_of(text: str, needle: str) -> int:
    """The line (from 1) that starts with ``needle``."""
    return next(n for n, line in enumerate(text.split("\n"), start=1) if line.startswith(needle))


# --- validating a hand --------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(HANDS))
def test_a_hand_sent_as_hrn_gets_the_answer_it_gets_as_json_byte_for_byte(client, kind: str):
    for seed in range(3):
        record = HANDS[kind](random.Random(seed))
        as_json = client.post("/v1/hands/validate", json=record)
        as_hrn = send(client, "/v1/hands/validate", write_notation(record))
        assert as_json.status_code == as_hrn.status_code == 200, as_hrn.get_data(as_text=True)
        assert as_hrn.mimetype == "application/json"
        assert as_hrn.data == as_json.data


def test_a_hand_typed_loosely_gets_the_answer_of_its_canonical_text(client):
    text = write_notation(REVOKE)
    typed = text.replace("TH", "10h").replace("E 2C 3D", "E  2♣ 3d  ").replace("7C\n", "7C ; trick 1\n", 1)
    typed = typed.replace("\n", "\r\n")
    canonical = send(client, "/v1/hands/validate", text)
    loose = send(client, "/v1/hands/validate", typed)
    assert loose.status_code == 200 and loose.data == canonical.data
    assert loose.get_json()["score"] == {"N": 26, "E": 8, "S": 2, "W": 16}


def test_a_mistyped_card_is_a_422_at_its_line_and_column_then_the_referees_problems_with_what_read(
    client, problem
):
    text = write_notation(REVOKE)
    row = line_of(text, "W QH 8S")  # trick 3: W leads Q♥, N revokes with 8♠
    damaged = text.replace("W QH 8S TH 3H", "W QH 8S TX 3H")
    refused = problem(send(client, "/v1/hands/validate", damaged), 422)
    assert refused["type"] == "/docs#problem-invalid_notation"
    first, *referee = refused["errors"]
    assert first == {
        "pointer": "",
        "code": "unknown_card",
        "message": "'TX' is not a card; it is left out",
        "line": row,
        "column": 9,
    }
    # S's card is left out, never guessed: the referee then answers for the play as read,
    # each of its problems at the line its pointer was written on.
    assert referee, "the referee's answer for what could be read"
    for error in referee:
        assert error["pointer"].startswith("/play/")
        assert error["line"] >= row


def test_a_referee_problem_in_an_hrn_body_is_said_at_the_line_and_column_of_its_card(client, problem):
    text = write_notation(REVOKE)
    # N passes a card N was never dealt: the referee's not_held, at the pass line's card.
    damaged = text.replace("N> QH 7D QD", "N> QH 7D KD")
    refused = problem(send(client, "/v1/hands/validate", damaged), 422)
    assert refused["type"] == "/docs#problem-invalid_record"
    held = [error for error in refused["errors"] if error["code"] == "not_held"]
    assert held[0]["pointer"] == "/passes/N/2"
    assert (held[0]["line"], held[0]["column"]) == (line_of(text, "N>"), 10)
    # The same hand sent as JSON is refused for the same reasons, located by pointer only.
    as_json = problem(client.post("/v1/hands/validate", json=read_notation(damaged)[0][0]), 422)
    assert [(e["pointer"], e["code"]) for e in as_json["errors"]] == [
        (e["pointer"], e["code"]) for e in refused["errors"]
    ]
    assert all("line" not in error for error in as_json["errors"])


def test_a_hand_without_its_seats_is_a_missing_tag_at_its_first_line(client, problem):
    text = write_notation(REVOKE).replace("[Seats N E S W]\n", "")
    refused = problem(send(client, "/v1/hands/validate", text), 422)
    assert ("", "missing_tag", 1, 1) in [
        (e["pointer"], e["code"], e["line"], e["column"]) for e in refused["errors"]
    ]


@pytest.mark.parametrize(
    ("text", "found"), [("", "no hand"), (write_notation([REVOKE, REVOKE]), "2 hands")], ids=["empty", "two"]
)
def test_a_body_of_other_than_one_hand_is_not_one_hand(client, problem, text: str, found: str):
    refused = problem(send(client, "/v1/hands/validate", text), 422)
    assert refused["errors"] == [
        {
            "pointer": "",
            "code": "not_one_hand",
            "message": f"the text holds {found}: send one hand a request",
            "line": 1,
            "column": 1,
        }
    ]


def test_a_body_that_is_not_utf8_is_refused_at_the_first_byte_that_is_not(client, problem):
    data = write_notation(REVOKE).encode().replace(b"[Hand 2]", b"[Hand \xff2]")
    refused = problem(send(client, "/v1/hands/validate", data), 422)
    assert [(e["code"], e["line"], e["column"]) for e in refused["errors"]] == [("not_utf8", 4, 7)]


def test_an_hrn_body_goes_through_the_one_body_reader_gzip_and_the_size_limit(app, client, problem):
    text = write_notation(REVOKE)
    plain = send(client, "/v1/hands/validate", text)
    zipped = send(client, "/v1/hands/validate", gzip.compress(text.encode()), {"Content-Encoding": "gzip"})
    assert zipped.status_code == 200 and zipped.data == plain.data
    app.config["MAX_CONTENT_LENGTH"] = len(text) - 1
    assert problem(send(client, "/v1/hands/validate", text), 413)["errors"][0]["code"] == "too_large"


def test_a_body_sent_as_neither_json_nor_hrn_is_told_both(client, problem):
    refused = problem(client.post("/v1/hands/validate", data="x", content_type="text/plain"), 415)
    assert refused["errors"] == [
        {
            "pointer": "",
            "code": "unsupported_media_type",
            "message": "Send the body as application/json or text/x-hrn.",
        }
    ]


# --- a game's next hand -------------------------------------------------------------------

HEADER = re.compile(r"\[(Variant|Seats|Dealer|Hand|Before) [^\]]*\]\n")


def game_text(record: dict[str, Any]) -> str:
    """A game hand as a table types it: the record's text less the tags the game supplies."""
    return HEADER.sub("", write_notation(record))


def start(client, headers) -> int:
    response = client.post("/v1/games", json=new_game(), headers=headers)
    assert response.status_code == 201
    return response.get_json()["id"]


def test_a_game_hand_sent_as_hrn_is_the_hand_sent_as_json(client, scorer):
    games = start(client, scorer), start(client, scorer)
    for number in (1, 2, 3):
        built = playout.build_hand(random.Random(number), "mso-2000", number)
        (record,), _ = read_notation(write_notation(built))  # the deal in the notation's order
        as_json = client.post(f"/v1/games/{games[0]}/hands", json=body(record), headers=scorer)
        as_hrn = send(client, f"/v1/games/{games[1]}/hands", game_text(record), scorer)
        assert as_json.status_code == as_hrn.status_code == 201, as_hrn.get_data(as_text=True)
        one, other = as_json.get_json(), as_hrn.get_json()
        assert other["record"] == one["record"] and other["audit"] == one["audit"]
        # Sent again as HRN, with its tags this time: the stored hand, byte for byte.
        again = send(client, f"/v1/games/{games[0]}/hands", write_notation(one["record"]), scorer)
        assert again.status_code == 200 and again.data == as_json.data


def test_a_game_hand_in_hrn_for_another_table_is_not_this_game_at_its_tag(client, scorer, problem):
    game = start(client, scorer)
    record = playout.build_hand(random.Random(1), "mso-2000", 1)
    text = write_notation(record).replace("[Seats N E S W]", "[Seats N S E W]")
    refused = problem(send(client, f"/v1/games/{game}/hands", text, scorer), 422)
    assert refused["errors"][0] == {
        "pointer": "/seats",
        "code": "not_this_game",
        "message": f"game {game} is played by N E S W",
        "line": line_of(text, "[Seats"),
        "column": 2,
    }
    assert client.get(f"/v1/games/{game}", headers=scorer).get_json()["hands"] == []


def test_a_refused_game_hand_in_hrn_is_located_in_its_text(client, scorer, problem):
    game = start(client, scorer)
    record = playout.build_hand(random.Random(1), "mso-2000", 1)
    text = game_text({**record, "play": record["play"][:20]})  # five tricks, and no claim
    refused = problem(send(client, f"/v1/games/{game}/hands", text, scorer), 422)
    last = text.rstrip("\n").count("\n") + 1  # /play/-, after the last card: at that card's line
    assert [(e["pointer"], e["code"], e["line"]) for e in refused["errors"]] == [
        ("/play/-", "play_incomplete", last)
    ]


# --- reading back: a stored hand, a game --------------------------------------------------


def test_a_stored_hand_answers_accept_hrn_with_its_record_and_json_stays_the_default(client, scorer):
    game = start(client, scorer)
    record = playout.build_hand(random.Random(4), "mso-2000", 1)
    stored = client.post(f"/v1/games/{game}/hands", json=body(record), headers=scorer).get_json()
    url = f"/v1/hands/{stored['id']}"
    text = client.get(url, headers={**scorer, "Accept": HRN})
    assert text.status_code == 200 and text.mimetype == HRN
    assert text.get_data(as_text=True) == write_notation(stored["record"])
    assert "Accept" in text.headers["Vary"]
    assert client.get(url, headers=scorer).get_json() == stored
    assert client.get(url, headers={**scorer, "Accept": f"application/json, {HRN};q=0.5"}).is_json
    again = client.get(url, headers={**scorer, "Accept": HRN, "If-None-Match": text.headers["ETag"]})
    assert again.status_code == 304
    assert text.headers["ETag"] != client.get(url, headers=scorer).headers["ETag"]


def test_a_game_exports_as_one_hrn_file_that_reads_back_to_its_hands(client, scorer):
    game = start(client, scorer)
    for number in (1, 2, 3):
        record = playout.build_hand(random.Random(number), "mso-2000", number)
        assert client.post(f"/v1/games/{game}/hands", json=body(record), headers=scorer).status_code == 201
    sheet = client.get(f"/v1/games/{game}", headers=scorer).get_json()
    exported = client.get(f"/v1/games/{game}", headers={**scorer, "Accept": HRN})
    assert exported.status_code == 200 and exported.mimetype == HRN
    records, diagnostics = read_notation(exported.get_data(as_text=True))
    assert diagnostics == []
    stored = [
        client.get(f"/v1/hands/{hand['hand_id']}", headers=scorer).get_json()["record"]
        for hand in sheet["hands"]
    ]
    assert records == [read_notation(write_notation(r))[0][0] for r in stored]
    assert [r["hand_number"] for r in records] == [1, 2, 3]
