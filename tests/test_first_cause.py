"""The first cause first: each common slip in a record is reported where it was made.

One slip shows up many times later in the play ("S plays 4H, which S does not hold"); the
422 starts with the slip itself, at its pointer, and the problems it explains are named in
its message, not listed again. One test per slip, on ``examples/mso-revoke.json`` (hand 2
of an mso-2000 game: it passes right, W to S, S to E, E to N, N to W).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_pages import CSRF

from hearts_referee.referee import RecordError
from hearts_referee.validate import validate_hand

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())


def record(**changes: Any) -> dict[str, Any]:
    return copy.deepcopy(REVOKE) | changes


def problems(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    with pytest.raises(RecordError) as error:
        validate_hand(data)
    return [(p.pointer, p.code, p.message) for p in error.value.problems]


def plays_of(data: dict[str, Any], seat: str, cards: list[str]) -> list[str]:
    """The pointers of ``seat``'s plays of ``cards``."""
    return [
        f"/play/{i}/card" for i, e in enumerate(data["play"]) if e["seat"] == seat and e.get("card") in cards
    ]


def kept_by_w(data: dict[str, Any]) -> str:
    """A card W was dealt, did not pass and plays itself."""
    return next(c for c in data["deal"]["W"] if c not in data["passes"]["W"])


# -- the pass ----------------------------------------------------------------------------


def test_a_short_pass_is_reported_at_the_pass_not_as_the_receivers_play():
    data = record()
    lost = data["passes"]["W"].pop()  # the table passed three cards; the record lists two
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/passes/W", "short_pass")
    assert message.startswith(f"W passes 2 cards to S; a pass here is 3; S plays {lost}, dealt to W")
    assert plays_of(data, "S", [lost])[0] in message


def test_a_long_pass_is_reported_at_the_pass_not_as_the_passers_play():
    data = record()
    extra = kept_by_w(data)
    data["passes"]["W"].append(extra)  # listed, yet W kept it and plays it
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/passes/W", "long_pass")
    assert f"W plays {extra}, which the pass lists" in message
    assert plays_of(data, "W", [extra])[0] in message


def test_passes_missing_on_a_passing_hand_say_the_passes_are_required():
    data = record()
    del data["passes"]
    ((at, code, message),) = problems(data)  # not twelve "does not hold"
    assert (at, code) == ("/passes", "passes_required")
    assert message.startswith("hand 2 passes right (3 cards each) and the record has no passes")
    assert "the 12 problems at" in message


def test_one_seats_pass_missing_is_reported_at_that_seats_pass():
    data = record()
    passed = data["passes"].pop("E")  # E passes right, to N
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/passes/E", "passes_required")
    assert message.startswith("E's pass is missing; the play shows it: N plays ")
    assert all(card in message for card in passed)
    assert all(at in message for at in plays_of(data, "N", passed))


def test_a_card_given_twice_in_a_pass_is_reported_at_its_second_mention():
    data = record()
    data["passes"]["W"][2] = data["passes"]["W"][0]
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/passes/W/2", "duplicate_card")
    assert message.startswith(f"W passes {data['passes']['W'][0]} twice (also at /passes/W/0)")


def test_a_mistyped_pass_card_is_reported_at_the_pass_with_the_card_meant():
    data = record()
    meant = data["passes"]["W"][2]
    typed = kept_by_w(data)
    data["passes"]["W"][2] = typed
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/passes/W/2", "pass_mismatch")
    assert f"did W pass {meant}, not {typed}?" in message


# -- the deal ----------------------------------------------------------------------------


def test_a_card_given_twice_in_the_deal_names_the_card_missing_and_its_play():
    data = record()
    lost = data["deal"]["E"][4]
    data["deal"]["E"][4] = data["deal"]["N"][2]  # one card written for another
    (twice, missing) = problems(data)  # E's play of the lost card is told at the duplicate
    assert twice[:2] == ("/deal/E/4", "duplicate_card")
    assert f"{lost} is missing from the deal, and E plays it at {plays_of(data, 'E', [lost])[0]}" in twice[2]
    assert f"is {data['deal']['N'][2]} at /deal/E/4 really {lost}?" in twice[2]
    assert missing == ("/deal", "missing_card", f"{lost} is missing from the deal and kitty")


def test_seats_swapped_in_the_deal_is_one_problem_at_the_deal():
    data = record()
    data["deal"]["N"], data["deal"]["E"] = data["deal"]["E"], data["deal"]["N"]
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/deal/N", "seats_swapped")
    assert message.startswith("the cards dealt to N and E look exchanged")


def test_seats_swapped_in_the_play_is_one_problem_at_the_play():
    data = record()
    for event in data["play"]:
        event["seat"] = {"N": "E", "E": "N"}.get(event["seat"], event["seat"])
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/play/0/seat", "seats_swapped")
    assert message.startswith("the seats of the plays of N and E look exchanged")


# -- how cards and seats are written -------------------------------------------------------


@pytest.mark.parametrize("written", ["10H", "10h", "th", "Th"])
def test_a_ten_is_read_as_10_or_t_in_any_case(written):
    data = record()
    seat = next(s for s, cards in data["deal"].items() if "TH" in cards)
    data["deal"][seat] = [written if c == "TH" else c for c in data["deal"][seat]]
    for event in data["play"]:
        if event.get("card") == "TH":
            event["card"] = written
    result = validate_hand(data)
    assert result == validate_hand(record())
    assert "TH" in [p["card"] for t in result["tricks"] for p in t["plays"]]  # written back as TH


def test_a_lower_case_seat_in_the_play_names_the_seat_meant():
    data = record()
    data["play"][0]["seat"] = data["play"][0]["seat"].lower()
    seat = REVOKE["play"][0]["seat"]
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/play/0/seat", "unknown_seat")
    assert (
        message
        == f"{seat.lower()!r} is not at the table: seat ids are case-sensitive, and the seat is {seat!r}"
    )


def test_a_lower_case_seat_in_the_deal_is_one_problem_at_that_seat():
    data = record()
    data["deal"]["n"] = data["deal"].pop("N")
    ((at, code, message),) = problems(data)  # not "the deal has no cards for N", nor N's pass
    assert (at, code) == ("/deal/n", "unknown_seat")
    assert "the seat is 'N'" in message and "/passes/N/0" in message


def test_a_lower_case_dealer_names_the_seat_meant():
    data = record(dealer=REVOKE["dealer"].lower())
    assert ("/dealer", "unknown_seat") in [(at, code) for at, code, _ in problems(data)]
    assert f"the seat is {REVOKE['dealer']!r}" in problems(data)[0][2]


def test_a_seat_that_only_looks_like_one_at_the_table_is_just_unknown():
    data = record()
    data["play"][0]["seat"] = "X"
    assert problems(data) == [("/play/0/seat", "unknown_seat", "'X' is not at the table")]


# -- every face ------------------------------------------------------------------------


def test_the_api_422_starts_with_the_missing_passes(client, problem):
    data = record()
    del data["passes"]
    body = problem(client.post("/v1/hands/validate", json=data), 422)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/passes", "passes_required")]


def test_the_check_page_starts_with_the_short_pass(client):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    data = record()
    data["passes"]["W"].pop()
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(data)})
    assert response.status_code == 422
    listed = re.findall(
        r"<li><a href=\"#at-[^\"]*\"><code>([^<]*)</code></a> <strong>([^<]*)</strong>",
        response.get_data(as_text=True),
    )
    assert listed == [("/passes/W", "short_pass")]


def test_a_mistyped_card_in_the_deal_is_reported_at_it_not_as_its_play():
    data = record()
    dealt = data["deal"]["N"][3]
    data["deal"]["N"][3] = dealt[::-1]  # "CJ" for "JC"
    ((at, code, message),) = problems(data)
    assert (at, code) == ("/deal/N/3", "unknown_card")
    assert f"N plays {dealt}, which no seat was dealt: is it {dealt}?" in message
    assert plays_of(data, "N", [dealt])[0] in message


def test_a_mistyped_card_in_the_deal_also_explains_its_pass():
    data = record()
    passed = data["passes"]["N"][0]
    data["deal"]["N"] = [c[::-1] if c == passed else c for c in data["deal"]["N"]]
    ((at, code, message),) = problems(data)
    assert code == "unknown_card" and at.startswith("/deal/N/")
    assert f"N passes {passed}, which no seat was dealt: is it {passed}?" in message
    assert "/passes/N/0" in message
