"""Records that cannot have happened: every problem found, each with its pointer."""

from __future__ import annotations

import pytest
from hands import claim, hand

from hearts_referee.referee import RecordError
from hearts_referee.validate import validate_hand


def problems(record) -> set[tuple[str, str]]:
    with pytest.raises(RecordError) as error:
        validate_hand(record)
    return {(p.pointer, p.code) for p in error.value.problems}


def edited(**changes):
    record = hand(play="N:2C E:3C S:4C W:5C W:KC N:AC E:7C S:8C")
    for key, value in changes.items():
        record[key] = value
    return record


def with_play(*events):
    return hand(play=list(events))


CASES = [
    (with_play({"seat": "N", "card": "2X"}), "/play/0/card", "unknown_card"),
    (with_play({"seat": "N", "card": 2}), "/play/0/card", "type"),
    (with_play({"seat": "X", "card": "2C"}), "/play/0/seat", "unknown_seat"),
    (with_play({"seat": "N"}), "/play/0", "one_action"),
    (with_play({"seat": "N", "card": "2C", "exposes": "3C"}), "/play/0", "one_action"),
    (with_play({"seat": "N", "card": "2C", "colour": "red"}), "/play/0/colour", "unknown_field"),
    (with_play({"card": "2C"}), "/play/0/seat", "required"),
    (with_play("N:2C", "E:AS"), "/play/1/card", "not_held"),
    (with_play("N:2C", "E:~3C"), "/play/1/withdraws", "not_on_trick"),
    (with_play("N:2C", "E:!AS"), "/play/1/exposes", "not_held"),
    (with_play("N:2C", "N:6C"), "/play/1/seat", "played_twice"),
    (
        with_play("N:2C", "E:3C", "S:4C", "W:5C", claim("W", "AS AC")),
        "/play/4/claims/order/1",
        "not_held",
    ),
    (edited(seats=["N", "E", "S", "W", "X"]), "/seats", "seat_count"),
    (edited(seats=["N", "E", "S", "N"]), "/seats", "duplicate_seat"),
    (edited(dealer="X"), "/dealer", "unknown_seat"),
    (edited(hand_number="1"), "/hand_number", "type"),
    (edited(hand_number=0), "/hand_number", "range"),
    (edited(variant="bridge"), "/variant", "unknown_variant"),
    (
        edited(variant={"base": "mso-2000", "options": {"jd_bonus": True}}),
        "/variant/options/jd_bonus",
        "unknown_option",
    ),
    (edited(moon_choice="both"), "/moon_choice", "enum"),
    (edited(scores_before={"N": "10"}), "/scores_before/N", "type"),
    (edited(claimed={"Z": 0}), "/claimed/Z", "unknown_seat"),
    (edited(passes={"N": {"cards": ["2C"], "to": "Q"}}), "/passes/N/to", "unknown_seat"),
    (edited(passes={"N": ["AS"]}), "/passes/N/0", "not_held"),
    (edited(kitty=["JK"]), "/kitty/0", "not_in_deck"),
    (edited(referee="me"), "/referee", "unknown_field"),
]
"""Records that cannot have happened, each with a pointer and code of its problems."""


@pytest.mark.parametrize("record, pointer, code", CASES)
def test_impossible_record_is_rejected_with_a_located_problem(record, pointer, code):
    assert (pointer, code) in problems(record)


def test_missing_required_fields_are_all_listed():
    found = problems({"variant": "mso-2000"})
    assert {
        ("/seats", "required"),
        ("/dealer", "required"),
        ("/hand_number", "required"),
    } <= found  # not /deal: a complete record may leave it out (tests/test_derived_deal.py)


def test_a_deal_missing_a_seat_names_it():
    record = hand()
    del record["deal"]["S"]
    assert ("/deal/S", "required") in problems(record)


def test_every_problem_is_listed_not_just_the_first():
    found = problems(with_play({"seat": "N", "card": "ZZ"}, {"seat": "E", "card": "1H"}))
    assert {("/play/0/card", "unknown_card"), ("/play/1/card", "unknown_card")} <= found


def test_unknown_fields_are_listed_by_name_whatever_the_run():
    """The same record gets the same report from every process: marshmallow lists unknown
    fields in the order of a set, which Python's hash seed changes from run to run."""
    record = edited(zeta=1, source="x", meta={}, alpha=2, mid=3, note="n", extra=None)
    with pytest.raises(RecordError) as error:
        validate_hand(record)
    unknown = [p.pointer for p in error.value.problems if p.code == "unknown_field"]
    assert unknown == ["/alpha", "/extra", "/meta", "/mid", "/note", "/source", "/zeta"]


def test_a_record_that_is_not_an_object_is_a_type_problem():
    assert ("", "type") in problems(["not", "a", "record"])


def test_cards_are_case_insensitive_and_10_means_t():
    record = hand(play="N:2c E:3C S:4C W:5C")
    record["play"].append({"seat": "W", "card": "10s"})
    result = validate_hand(record)
    assert result["tricks"][1]["plays"][0] == {"seat": "W", "card": "TS"}


# --- one 422 lists every problem: the checks go on past a broken stage -----------------------


def pointers(record) -> set[tuple[str, str]]:
    return problems(record)


def test_an_unknown_card_does_not_hide_a_card_dealt_twice_or_a_dealer_not_at_the_table():
    record = hand(play="N:2C E:3C S:4C W:5C")
    north, east = record["deal"]["N"], record["deal"]["E"]
    north[2] = "ZZ"
    north[5] = east[4]  # dealt to N and to E
    record["dealer"] = "X"
    assert pointers(record) == {
        ("/deal/N/2", "unknown_card"),
        ("/deal/E/4", "duplicate_card"),  # its first copy, at /deal/N/5, is named in the message
        ("/dealer", "unknown_seat"),
    }


def test_a_card_missing_from_the_deal_is_named_only_when_every_card_could_be_read():
    """With an unknown card in the deal, the card it stood for is unknown: not 'missing'."""
    record = hand()
    record["deal"]["N"][0] = "ZZ"
    assert pointers(record) == {("/deal/N/0", "unknown_card")}


def test_deal_problems_do_not_hide_a_play_of_a_card_never_dealt():
    record = hand(play="N:2C E:3C S:4C W:5C W:KC N:AS")  # N was never dealt A♠ (W was)
    north, east = record["deal"]["N"], record["deal"]["E"]
    north[5] = east[4]
    assert pointers(record) == {
        ("/deal/E/4", "duplicate_card"),
        ("/deal", "missing_card"),
        ("/play/5/card", "not_held"),
    }


def test_a_pass_of_a_card_not_held_does_not_hide_the_play():
    record = hand(play="N:2C E:3C S:4C W:5C W:KC N:AS")
    record["passes"]["N"][0] = "AS"  # N passes A♠ (which W holds) instead of the 3♣ E plays
    assert pointers(record) == {("/passes/N/0", "pass_mismatch")}
    with pytest.raises(RecordError) as error:
        validate_hand(record)
    (problem,) = error.value.problems
    assert "/play/1/card" in problem.message  # E, passed A♠ instead, never got the 3♣
    assert "/play/5/card" in problem.message  # and N plays the A♠ it passed


def test_an_unreadable_event_leaves_the_order_unknown_but_each_card_is_still_checked():
    """Event 1 cannot be read, so tricks and turns cannot be followed; a card its seat never
    held can still be named, at its own index in the record."""
    record = hand(play=["N:2C", {"seat": "E", "card": "ZZ"}, "S:4C", "W:5C", "E:AS"])
    assert pointers(record) == {("/play/1/card", "unknown_card"), ("/play/4/card", "not_held")}


def test_a_seat_not_at_the_table_does_not_hide_the_other_seats_plays():
    record = hand(play="N:2C X:3C S:4C W:AH")  # S holds A♥
    assert pointers(record) == {("/play/1/seat", "unknown_seat"), ("/play/3/card", "not_held")}


def test_a_table_that_cannot_be_seated_stops_there():
    """With five seats listed for a four-player game there is no deck to check against."""
    record = hand(play="N:2C E:AS")
    record["seats"].append("X")
    assert pointers(record) == {("/seats", "seat_count"), ("/deal/X", "required")}


def test_a_card_not_held_stays_on_its_trick_so_the_tricks_after_it_read_as_played():
    """It used to be dropped, and W's lead to trick 2 then read as W playing twice to trick 1."""
    assert pointers(with_play("N:2C", "E:AS", "S:4C", "W:5C", "W:KC")) == {("/play/1/card", "not_held")}
