"""A complete record without its deal (RECORD: "may omit deal ... the referee derives it").

What each seat held follows from its plays, the passes and the kitty; where it does not
(the play stops early, a claim shows one hand, a card exposed and never played, back
colours that follow the deal's order), the 422 says the deal is needed; where the passes
cannot be undone, the problem is at the pass. Every face takes it: the one call, the API,
a game's hand, the director's hand form and the bulk audit; the answer says
``deal_derived`` and the stored record keeps the derived deal.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from entry_forms import hand_form
from games import SEATS, moon, new_game, random_body
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples
from test_pages import CSRF, sign_in

import playout
from hearts_referee.batch.lines import Kind, Where, audit_raw
from hearts_referee.referee import RecordError
from hearts_referee.referee.notation import record_data
from hearts_referee.referee.reader import read_record
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.schemas.record import load_record
from hearts_referee.stored.log_entries import audit_document, read_audit
from hearts_referee.usecases.audit import audit_record
from hearts_referee.usecases.errors import Rejected
from hearts_referee.validate import validate_game, validate_hand

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
"""A complete mso-2000 hand passing right, with a revoke and a scoresheet to refer."""
GAME_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
"""Hand 1 of an mso-2000 game dealt by W (it passes left), as its table sends it."""
GAME_HAND_RECORD = GAME_HAND | {"variant": "mso-2000", "seats": list(SEATS), "dealer": "W", "hand_number": 1}

GENERATORS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "standard": lambda rng: playout.random_hand(rng, "standard"),
    "mso-2000": lambda rng: playout.random_hand(rng, "mso-2000"),
    "long-john": lambda rng: playout.random_long_john_hand(rng, rng.choice((6, 7, 8))),
    "omnibus-kitty": lambda rng: playout.random_omnibus_hand(rng, rng.choice((3, 4, 5, 6, 7))),
}
"""Random legal hands of each variant, by the independent generator."""


def without(record: dict[str, Any], *names: str) -> dict[str, Any]:
    return {key: copy.deepcopy(value) for key, value in record.items() if key not in names}


def refused(record: dict[str, Any]) -> list[tuple[str, str, str]]:
    with pytest.raises(RecordError) as error:
        validate_hand(record)
    return [(p.pointer, p.code, p.message) for p in error.value.problems]


def same_answer(given_deal: dict[str, Any], derived: dict[str, Any]) -> bool:
    """Everything but the two fields that say whether the deal was derived (and the order
    of a derived kitty's cards, which the record did not give)."""
    drop = ("deal_derived", "deal")
    return comparable(without(given_deal, *drop)) == comparable(without(derived, *drop))


def comparable(result: dict[str, Any]) -> dict[str, Any]:
    if result.get("kitty"):
        result["kitty"]["cards"] = sorted(result["kitty"]["cards"])
    return result


def sorted_deal(deal: dict[str, list[str]]) -> dict[str, Counter[str]]:
    return {seat: Counter(cards) for seat, cards in deal.items()}


# -- the derivation ---------------------------------------------------------------------


def test_a_complete_record_without_its_deal_is_ruled_on_as_with_it_and_says_the_deal_was_derived():
    with_deal = validate_hand(copy.deepcopy(REVOKE))
    derived = validate_hand(without(REVOKE, "deal"))
    assert same_answer(with_deal, derived)
    assert [r["code"] for r in derived["rulings"]] == ["revoke", "score_mismatch"]
    assert (with_deal["deal_derived"], with_deal["deal"]) == (False, None)
    assert derived["deal_derived"] is True
    assert sorted_deal(derived["deal"]) == sorted_deal(REVOKE["deal"])


def test_every_variant_in_the_registry_has_random_hands_to_derive_deals_from():
    assert {variant.id for variant in VARIANTS.values()} <= GENERATORS.keys()


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(GENERATORS)))
def test_random_legal_hands_of_every_variant_give_the_same_result_without_their_deal(seed, variant):
    """Back colours follow the deal's order, so they go with it; the kitty, derived too,
    goes with it on a table that has one."""
    record = GENERATORS[variant](random.Random(seed))
    with_deal = validate_hand(copy.deepcopy(record))
    derived = validate_hand(without(record, "deal", "backs", "kitty"))
    assert same_answer(with_deal, derived), variant
    assert sorted_deal(derived["deal"]) == sorted_deal(record["deal"])
    if not record.get("backs"):  # colours checked against the deal: only where none were sent
        assert with_deal == validate_hand(without(record, "deal")) | {"deal_derived": False, "deal": None}


def test_the_kitty_left_out_with_the_deal_is_what_nobody_held():
    record = playout.random_omnibus_hand(random.Random(5), 5)  # 52 cards at 5 seats: 2 undealt
    derived = validate_hand(without(record, "deal", "kitty"))
    assert sorted(derived["kitty"]["cards"]) == sorted(record["kitty"])
    assert derived["kitty"] == validate_hand(copy.deepcopy(record))["kitty"]


def test_a_card_withdrawn_and_played_again_is_held_once():
    """N puts a card on trick 3 and takes it back, then plays 8♠ as recorded and the card
    later: the card is N's once, and the rulings are the same with or without the deal."""
    record = copy.deepcopy(REVOKE)
    index = next(i for i, e in enumerate(record["play"]) if e == {"seat": "N", "card": "8S"})
    later = next(e["card"] for e in record["play"][index + 1 :] if e["seat"] == "N")
    record["play"][index:index] = [{"seat": "N", "card": later}, {"seat": "N", "withdraws": later}]
    with_deal = validate_hand(copy.deepcopy(record))
    derived = validate_hand(without(record, "deal"))
    assert same_answer(with_deal, derived)
    assert sorted_deal(derived["deal"]) == sorted_deal(REVOKE["deal"])


# -- where the deal cannot be derived -------------------------------------------------


def test_play_that_stops_early_without_a_claim_needs_the_deal():
    record = without(REVOKE, "deal")
    record["play"] = record["play"][:40]
    ((at, code, message),) = refused(record)
    assert (at, code) == ("/deal", "deal_required")
    assert "stops early" in message


def test_a_claim_that_shows_only_the_claimants_hand_needs_the_deal():
    record = without(REVOKE, "deal")
    rest = record["play"][40:]
    claim = {"seat": "W", "claims": {"order": [e["card"] for e in rest if e["seat"] == "W"]}}
    record["play"] = [*record["play"][:40], claim]
    ((at, code, message),) = refused(record)
    assert (at, code) == ("/deal", "deal_required")
    assert "the claim at /play/40 shows W's cards only" in message
    assert "N, E, S" in message
    validate_hand(copy.deepcopy(record) | {"deal": REVOKE["deal"]})  # with the deal: ruled on


def test_a_card_exposed_and_never_played_needs_the_deal():
    record = without(REVOKE, "deal")
    record["play"] = [{"seat": "E", "exposes": "AD"}, *record["play"][:-4]]
    found = {(at, code) for at, code, _ in refused(record)}
    assert ("/play/0/exposes", "deal_required") in found


def test_back_colours_without_the_deal_need_the_deal():
    record = without(REVOKE, "deal") | {"backs": {seat: ["red"] * 13 for seat in SEATS}}
    assert [(at, code) for at, code, _ in refused(record)] == [("/backs", "deal_required")]


# -- where the passes cannot be undone ---------------------------------------------


def test_a_passing_hand_without_its_deal_needs_its_passes():
    ((at, code, message),) = refused(without(REVOKE, "deal", "passes"))
    assert (at, code) == ("/passes", "passes_required")
    assert message.startswith("hand 2 passes right (3 cards each)")


def test_a_short_pass_without_the_deal_is_refused_at_the_pass():
    record = without(REVOKE, "deal")
    record["passes"]["W"] = record["passes"]["W"][:2]
    ((at, code, message),) = refused(record)
    assert (at, code, message) == ("/passes/W", "short_pass", "W passes 2 cards; a pass here is 3 (to S)")


def test_a_long_pass_without_the_deal_is_refused_at_the_pass():
    record = without(REVOKE, "deal")
    record["passes"]["W"].append("AS")  # W plays A♠ itself
    found = {(at, code) for at, code, _ in refused(record)}
    assert ("/passes/W", "long_pass") in found


def test_a_mistyped_pass_without_the_deal_names_the_card_its_receiver_never_plays():
    record = without(REVOKE, "deal")
    kept = next(e["card"] for e in record["play"] if e["seat"] == "W")
    record["passes"]["W"][2] = kept  # W's pass lists a card W plays itself
    ((at, code, message),) = refused(record)
    assert (at, code) == ("/passes/W/2", "pass_mismatch")
    assert f"W passes {kept} to S, who never plays it; W plays it at /play/" in message


def test_a_card_played_twice_without_the_deal_is_refused_at_its_second_play():
    record = without(REVOKE, "deal")
    first = record["play"][0]["card"]
    lost = record["play"][5]["card"]
    record["play"][5]["card"] = first
    ((at, code, message),) = refused(record)
    assert (at, code) == ("/play/5/card", "duplicate_card")
    assert f"(also at /play/0/card); no seat plays {lost}" in message


# -- every face ------------------------------------------------------------------------


def test_the_api_validates_a_record_without_its_deal(client):
    response = client.post("/v1/hands/validate", json=without(REVOKE, "deal"))
    assert response.status_code == 200
    assert response.get_json()["deal_derived"] is True


def test_the_api_says_why_the_deal_is_needed(client, problem):
    record = without(REVOKE, "deal")
    record["play"] = record["play"][:40]
    body_ = problem(client.post("/v1/hands/validate", json=record), 422)
    assert [(e["pointer"], e["code"]) for e in body_["errors"]] == [("/deal", "deal_required")]


def test_a_stored_hand_keeps_the_derived_deal_and_says_it_was_derived(client, as_role):
    response = client.post("/v1/hands", json=without(REVOKE, "deal"), headers=as_role("scorer"))
    assert response.status_code == 201, response.get_json()
    stored = client.get(response.headers["Location"], headers=as_role("director")).get_json()
    assert stored["record"]["deal_derived"] is True
    assert sorted_deal(stored["record"]["deal"]) == sorted_deal(REVOKE["deal"])
    assert stored["audit"]["deal_derived"] is True


def test_a_game_hand_may_leave_its_deal_out(client, as_role):
    director = as_role("director")
    for _ in range(2):
        assert client.post("/v1/games", json=new_game(), headers=director).status_code == 201
    sent = client.post("/v1/games/1/hands", json=without(GAME_HAND, "deal"), headers=director)
    assert sent.status_code == 201, sent.get_json()
    with_deal = client.post("/v1/games/2/hands", json=copy.deepcopy(GAME_HAND), headers=director)
    stored, dealt = sent.get_json(), with_deal.get_json()
    assert stored["score"] == dealt["score"] and stored["audit"]["rulings"] == dealt["audit"]["rulings"]
    assert stored["record"]["deal_derived"] is True
    assert sorted_deal(stored["record"]["deal"]) == sorted_deal(GAME_HAND["deal"])
    again = client.post("/v1/games/1/hands", json=without(GAME_HAND, "deal"), headers=director)
    assert again.status_code == 200 and again.get_json()["id"] == stored["id"]  # the same hand


def test_a_game_hand_without_its_deal_or_its_passes_is_refused_at_the_passes(client, as_role):
    director = as_role("director")
    assert client.post("/v1/games", json=new_game(), headers=director).status_code == 201
    response = client.post("/v1/games/1/hands", json=without(GAME_HAND, "deal", "passes"), headers=director)
    assert response.status_code == 422
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [
        ("/passes", "passes_required")
    ]


def test_the_hand_form_may_leave_the_deal_empty(client, keys, as_role):
    sign_in(client, keys, "director")
    assert client.post("/v1/games", json=new_game(), headers=as_role("director")).status_code == 201
    form = hand_form(GAME_HAND, SEATS) | {f"deal-{i}": "" for i in range(4)}
    response = client.post("/director/games/1/hands", data={"csrf_token": CSRF, "hand_number": "1"} | form)
    assert response.status_code == 303, response.get_data(as_text=True)
    stored = client.get("/v1/hands/1", headers=as_role("director")).get_json()
    assert stored["record"]["deal_derived"] is True
    assert sorted_deal(stored["record"]["deal"]) == sorted_deal(GAME_HAND["deal"])
    assert stored["score"] == validate_hand(GAME_HAND_RECORD)["score"]
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert "As dealt, before the pass (derived from the play and the passes)" in page
    assert all(f"{seat} as dealt" in page for seat in SEATS)  # the derived deal, drawn


def test_the_bulk_audit_takes_a_record_without_its_deal():
    outcome = audit_raw(Where("hands.ndjson", 1), json.dumps(without(REVOKE, "deal")).encode())
    assert (outcome.kind, outcome.hands[0].rulings) == (
        Kind.HAND,
        (("revoke", "applied"), ("score_mismatch", "referred")),
    )
    assert json.loads(outcome.line)["audit"]["deal_derived"] is True


def test_a_whole_recorded_game_may_leave_its_hands_deals_out():
    """Each hand of ``POST /v1/games/validate`` is derived as the game deals it; one that
    cannot be is located under its ``/hands/<i>``."""
    hands = [moon("E", 1), random_body(3, 2)]
    dealt = validate_game(new_game(hands=copy.deepcopy(hands)))
    derived = validate_game(new_game(hands=[without(hand, "deal") for hand in hands]))
    assert [row["result"]["score"] for row in derived["hands"]] == [
        row["result"]["score"] for row in dealt["hands"]
    ]
    assert [row["result"]["deal_derived"] for row in derived["hands"]] == [True, True]
    cut = without(hands[1], "deal")
    cut["play"] = cut["play"][:20]
    with pytest.raises(Rejected) as error:
        validate_game(new_game(hands=[copy.deepcopy(hands[0]), cut]))
    assert [(p.pointer, p.code) for p in error.value.problems] == [("/hands/1/deal", "deal_required")]


def test_a_derived_deal_is_written_out_and_read_back_as_derived():
    """The archive keeps a record as ``record_data`` writes it and its audit as a document:
    both read back with the deal still derived, so a re-audit says so too."""
    derived = load_record(without(REVOKE, "deal"))
    assert derived.deal_derived is True
    written = record_data(derived)
    assert written["deal_derived"] is True
    assert read_record(written) == derived
    audit = audit_record(derived)
    assert read_audit({"audit": audit_document(audit)}).derived_deal == audit.derived_deal == derived.deal
    assert audit_record(load_record(copy.deepcopy(REVOKE))).derived_deal is None


@pytest.mark.parametrize(("written", "code"), [(1, "type"), (0, "type"), ("true", "type"), (None, "null")])
def test_deal_derived_is_true_or_false_as_json_writes_them(written, code):
    assert refused(copy.deepcopy(REVOKE) | {"deal_derived": written})[0][:2] == ("/deal_derived", code)


def test_a_record_without_its_deal_and_with_another_problem_lists_that_problem():
    """The deal is derived from a whole record only: with a problem elsewhere, that problem."""
    record = without(REVOKE, "deal") | {"hand_number": 1.5}
    assert [(at, code) for at, code, _ in refused(record)] == [("/hand_number", "type")]


def test_the_check_page_says_why_the_deal_is_needed(client):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    record = without(REVOKE, "deal")
    record["play"] = record["play"][:40]
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(record)})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "<strong>deal_required</strong>: the play stops early with no claim" in page
