"""A ruling's life, consequences and signatures on the director's pages (no browser).

The forms are offered by ``rulings.life.offered``, the rule the API refuses by;
a decided ruling reads as decided; a later hand shows why it was re-audited;
signatures are given from the pages, in seat order, and marked stale.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from games import body, moon, new_game

import playout

ROOT = Path(__file__).resolve().parent.parent
HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
CSRF = "test-token"


@pytest.fixture
def stored(client, as_role):
    """Game 1: the README's revoke as hand 1 (the revoke applied, the mismatch referred), a moon as hand 2."""
    director = as_role("director")
    assert client.post("/v1/games", headers=director, json=new_game(table="7")).status_code == 201
    assert client.post("/v1/games/1/hands", headers=director, json=HAND).status_code == 201
    assert client.post("/v1/games/1/hands", headers=director, json=moon("W", 2)).status_code == 201
    return 1


def sign_in(client, keys, role: str = "director") -> None:
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    assert client.post("/director/sign-in", data={"csrf_token": CSRF, "key": keys[role]}).status_code == 302
    with client.session_transaction() as session:
        session["csrf"] = CSRF


def decide(client, ruling: int | None, action: str, hand: int = 1, **fields):
    """A decision from the page: on ruling ``ruling`` (from 0), or on the scoresheet (``None``)."""
    on = {"scoresheet": "true"} if ruling is None else {"ruling": str(ruling)}
    data = {"csrf_token": CSRF, **on, "action": action, "director": "Chief TD"}
    return client.post(f"/director/hands/{hand}/decisions", data=data | {"reason": "As ruled."} | fields)


def ruling_item(page: str, number: int) -> str:
    """The ruling log's item for ruling ``number`` (numbered from 1 on the pages)."""
    found = re.search(rf'<li id="ruling-{number}".*?(?=<li id="ruling-|</ol>\s*\n*\s*</section>)', page, re.S)
    assert found, f"no ruling #{number}"
    return found.group(0)


def offered(item: str) -> list[str]:
    return re.findall(r'name="action" value="(\w+)"', item)


def test_rulings_are_numbered_from_1_with_their_status_as_a_badge(client, keys, stored):
    sign_in(client, keys)
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert 'data-status="applied"' in ruling_item(page, 1) and "#1 Revoke" in page
    assert 'data-status="referred"' in ruling_item(page, 2) and "#2 Score mismatch" in page
    assert 'id="ruling-0"' not in page


def test_an_applied_revoke_has_an_appeal_form_and_the_mismatch_goes_to_the_scoresheet(client, keys, stored):
    sign_in(client, keys)
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert offered(ruling_item(page, 1)) == ["uphold", "waive", "adjust"]
    assert "Appeal: ruling #1 was applied by the referee" in ruling_item(page, 1)
    assert offered(ruling_item(page, 2)) == [] and 'href="#scoresheet"' in ruling_item(page, 2)
    claimed = page[page.index('id="written-h"') : page.index('id="rulings-h"')]
    assert offered(claimed) == ["accept", "keep", "adjust"]


def test_a_decided_ruling_reads_decided_with_who_why_and_version_and_no_fresh_form(client, keys, stored):
    sign_in(client, keys)
    assert decide(client, 0, "waive", reason="Misinformed about the lead.").status_code == 303
    item = ruling_item(client.get("/director/hands/1").get_data(as_text=True), 1)
    assert 'data-status="waived"' in item
    assert "<strong>waive</strong>" in item and "Chief TD" in item and "Misinformed about the lead." in item
    assert "score version 2" in item
    form_at = item.index("<form")
    assert item.rfind('<details class="reopen"', 0, form_at) != -1  # only behind "Reopen"
    assert offered(item) == ["uphold", "adjust"]  # the waive standing is not offered again


def test_the_same_decision_again_from_the_page_is_409_shown_in_its_form(client, keys, stored):
    sign_in(client, keys)
    decide(client, 0, "waive")
    response = decide(client, 0, "waive")
    assert response.status_code == 409
    assert "same_decision" in ruling_item(response.get_data(as_text=True), 1)
    api = client.get("/v1/hands/1", headers={"X-API-Key": keys["director"]}).get_json()
    assert api["version"] == 2


def test_the_penalties_row_follows_a_waiver_and_adjustments_have_their_own_row(client, keys, stored):
    sign_in(client, keys)
    decide(client, 0, "waive")
    decide(client, None, "adjust", **{"change-E": "3"})
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert re.search(r'data-penalties="N">0<', page)
    assert re.search(r'data-adjusted="E">\+3<', page)


def test_a_later_hand_shows_it_was_re_audited_and_why(client, keys, stored):
    sign_in(client, keys)
    decide(client, 0, "waive")
    page = client.get("/director/hands/2").get_data(as_text=True)
    assert "Re-audited:" in page and "The decision on hand 1" in page and "N 26→0" in page
    sheet = client.get("/director/games/1").get_data(as_text=True)
    assert "re-audited (hand 1)" in sheet


def test_a_seat_signs_the_hand_from_the_page_and_a_later_decision_marks_it_stale(client, keys, stored):
    sign_in(client, keys)
    decide(client, None, "accept")
    signed = client.post(
        "/director/hands/1/signatures", data={"csrf_token": CSRF, "seat": "E", "name": "Bo", "version": "2"}
    )
    assert signed.status_code == 303 and signed.headers["Location"].endswith("#signatures")
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert "Bo, version 2" in page and "status-stale" not in page
    decide(client, 0, "waive")
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert "Bo, version 2" in page and "status-stale" in page
    rows = re.findall(r'<tr data-seat="(\w)">', page)
    assert rows == ["N", "E", "S", "W"]  # in seat order


def test_signing_a_version_that_is_no_longer_current_is_a_409_on_the_page(client, keys, stored):
    sign_in(client, keys)
    decide(client, None, "accept")
    stale = client.post(
        "/director/hands/1/signatures", data={"csrf_token": CSRF, "seat": "E", "name": "Bo", "version": "1"}
    )
    assert stale.status_code == 409 and "stale_version" in stale.get_data(as_text=True)


def test_the_scoresheet_is_not_signed_from_the_page_before_the_game_is_over(client, keys, stored):
    sign_in(client, keys)
    page = client.get("/director/games/1").get_data(as_text=True)
    assert 'aria-label="Sign the scoresheet"' not in page
    refused = client.post(
        "/director/games/1/signatures", data={"csrf_token": CSRF, "seat": "N", "name": "Ann"}
    )
    assert refused.status_code == 409 and "game_not_over" in refused.get_data(as_text=True)


def test_an_auditor_gets_no_decision_or_signature_form(client, keys, stored):
    sign_in(client, keys, "auditor")
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert "form" not in ruling_item(page, 1) and 'class="sign"' not in page


def test_the_claimed_scores_table_shows_the_score_as_the_decisions_left_it(client, keys, stored):
    sign_in(client, keys)
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert "Score now" not in page  # nothing decided yet: the referee's score is the score
    decide(client, None, "adjust", **{"change-E": "3"})
    page = client.get("/director/hands/1").get_data(as_text=True)
    claimed = page[page.index('id="written-h"') : page.index('id="rulings-h"')]
    assert "Penalties now" in claimed and "Adjusted" in claimed and "Score now" in claimed
    assert re.search(
        r'<td class="num"[^>]*>\+3</td>\s*<td class="num"[^>]*><strong>11</strong>', claimed
    )  # E: 8+3


def test_long_john_hand_is_signed_by_the_scorekeeper_alone_from_the_page(client, keys, as_role):
    seats = ["A", "B", "C", "D", "E", "F"]
    table = {
        "variant": "long-john",
        "seats": seats,
        "players": {s: f"Player {s}" for s in seats},
        "first_dealer": "F",
        "scorekeeper": "C",
    }
    game = client.post("/v1/games", headers=as_role("director"), json=table).get_json()
    record = playout.long_john_moon_hand_for(random.Random(7), seats, 1, "F")
    hand = client.post(f"/v1/games/{game['id']}/hands", headers=as_role("director"), json=body(record))
    hand_id = hand.get_json()["id"]
    sign_in(client, keys)
    page = client.get(f"/director/hands/{hand_id}").get_data(as_text=True)
    assert (
        re.findall(r'<select id="sign-seat" name="seat">(.*?)</select>', page, re.S)[0].count("<option") == 1
    )
    assert '<option value="C">' in page
    refused = client.post(
        f"/director/hands/{hand_id}/signatures",
        data={"csrf_token": CSRF, "seat": "A", "name": "A", "version": "1"},
    )
    assert refused.status_code == 422 and "not_a_signer" in refused.get_data(as_text=True)
    signed = client.post(
        f"/director/hands/{hand_id}/signatures",
        data={"csrf_token": CSRF, "seat": "C", "name": "Cy", "version": "1"},
    )
    assert signed.status_code == 303
    assert client.get(f"/v1/hands/{hand_id}", headers=as_role("director")).get_json()["final"] is True
