"""Deal, misdeal and pass, on the core's own values (``Replay`` and ``JudgedHand``).

Records are built in Python (``core_hands``) and replayed with ``referee.replay``;
the assertions are on typed findings, facts, rulings and scores, not JSON.
"""

from __future__ import annotations

import hands
import pytest
from core_hands import card, in_play, judged, on_play, record, table, typed
from test_rules_long_john import BLOCKS8

from hearts_referee.referee import VARIANTS, Code, Finding, Problem, RecordError, replay
from hearts_referee.referee.findings import IncorrectPassFacts, MisdealFacts
from hearts_referee.referee.variant import pass_direction_name
from hearts_referee.rulings import Penalty, Status

ZERO = {"N": 0, "E": 0, "S": 0, "W": 0}


def _misdeal(reasons: tuple[str, ...], dealer: str = "W") -> Finding:
    return Finding(Code.MISDEAL, dealer, 1, facts=MisdealFacts(reasons=reasons))


# --- deal and misdeal -------------------------------------------------------------


def test_core_deal_wrong_number_of_cards_is_a_void_misdeal_naming_each_seat():
    data = hands.hand()
    data["deal"]["E"].append(data["deal"]["N"].pop())
    result = judged(typed(data))
    played = result.replay
    assert (played.void, played.complete, played.tricks, played.kitty) == (True, False, (), None)
    assert in_play(played) == (
        _misdeal(("N was dealt 12 cards instead of 13", "E was dealt 14 cards instead of 13")),
    )
    assert played.score.points == played.score.hand == ZERO and played.score.moon is None
    (ruling,) = on_play(result)
    assert (ruling.code, ruling.status, ruling.penalty, ruling.rule) == (
        Code.MISDEAL,
        Status.APPLIED,
        None,
        "mso-2000/deal",
    )
    assert result.score == result.penalties == ZERO


def test_core_deal_card_exposed_during_the_deal_voids_it():
    played = replay(record(exposed_in_deal=["QS"]))
    assert played.void is True
    assert in_play(played) == (_misdeal(("Q♠ was exposed during the deal",)),)


def test_core_deal_misdeal_without_a_schedule_is_referred_for_a_redeal():
    data = hands.hand("standard", hand_number=4)
    data["deal"]["S"].append(data["deal"]["W"].pop())
    result = judged(typed(data))
    (ruling,) = on_play(result)
    assert (ruling.code, ruling.seat, ruling.status) == (Code.MISDEAL, "W", Status.REFERRED)
    assert ruling.suggestion == "void the deal and redeal"
    # RULES, deal irregularities: standard's text has no misdeal rule, so the hand stands
    assert result.replay.void is False
    assert result.replay.findings[0].facts == MisdealFacts(
        reasons=("S was dealt 14 cards instead of 13", "W was dealt 12 cards instead of 13"), void=False
    )


def test_core_deal_a_card_dealt_twice_is_a_record_error_with_every_problem_located():
    data = hands.hand()
    data["deal"]["N"][0] = data["deal"]["E"][0]
    with pytest.raises(RecordError) as error:
        replay(typed(data))
    assert error.value.problems == (
        Problem("/deal/E/0", "duplicate_card", "2D is dealt twice (also at /deal/N/0)"),
        Problem("/deal", "missing_card", "AC is missing from the deal and kitty"),
    )


def test_core_deal_one_back_colour_only_voids_a_double_deck_deal():
    backs = {seat: ["red"] * 13 if seat in "ACEG" else ["blue"] * 13 for seat in BLOCKS8}
    backs["B"] = ["red"] * 6 + ["blue"] * 7
    played = replay(table("long-john", BLOCKS8, hand_number=8, dealer="H", backs=backs))
    assert played.void is True
    colours = {"A": "red", "C": "red", "D": "blue", "E": "red", "F": "blue", "G": "red", "H": "blue"}
    reasons = tuple(f"{seat} holds only {colour} backs" for seat, colour in colours.items())
    assert in_play(played) == (_misdeal(reasons, dealer="H"),)


# --- pass -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, directions",
    [
        ("mso-2000", ["left", "right", "across", "left", "right", "across"]),
        ("standard", ["left", "right", "across", "hold", "left", "right"]),
    ],
)
def test_core_pass_direction_follows_the_variants_cycle(variant, directions):
    found = [replay(record(variant, hand_number=n)).pass_direction for n in range(1, len(directions) + 1)]
    assert found == directions


def test_core_pass_moves_the_cards_so_the_receiver_may_play_them():
    hand = record(play="N:2C E:3C S:4C W:5C")  # N passed 3♣ 7♣ J♣ to E
    assert {card("3C"), card("7C"), card("JC")} <= set(hand.deal["N"])
    played = replay(hand)
    assert in_play(played) == ()
    assert played.tricks[0].plays == (
        ("N", card("2C")),
        ("E", card("3C")),
        ("S", card("4C")),
        ("W", card("5C")),
    )
    assert (played.tricks[0].winner, played.tricks[0].taken_by, played.tricks[0].points) == ("W", "W", 0)


def test_core_incorrect_pass_wrong_number_of_cards_costs_26():
    data = hands.hand()
    data["passes"]["N"] = data["passes"]["N"][:2]
    result = judged(typed(data))
    assert in_play(result.replay) == (
        Finding(
            Code.INCORRECT_PASS,
            "N",
            1,
            facts=IncorrectPassFacts(faults=("passed 2 cards instead of 3",), expected_to="E"),
        ),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty) == (Status.APPLIED, Penalty(26))
    assert result.penalties == result.score == {"N": 26, "E": 0, "S": 0, "W": 0}
    assert result.replay.score.hand == ZERO  # penalties are the schedule's, not the cards'


def test_core_incorrect_pass_to_the_wrong_opponent_names_the_right_one():
    data = hands.hand()
    data["passes"]["S"] = {"cards": data["passes"]["S"], "to": "N"}
    (finding,) = in_play(replay(typed(data)))
    assert finding.facts == IncorrectPassFacts(faults=("passed to N instead of W",), expected_to="W")


def test_core_incorrect_pass_looking_early_is_its_own_fault():
    data = hands.hand()
    data["passes"]["E"] = {"cards": data["passes"]["E"], "looked_early": True}
    (finding,) = in_play(replay(typed(data)))
    assert (finding.code, finding.seat) == (Code.INCORRECT_PASS, "E")
    assert finding.facts_as(IncorrectPassFacts).faults == (
        "looked at the cards received before their own pass was on the table",
    )


def test_core_incorrect_pass_on_a_hold_hand_has_no_recipient_and_is_referred():
    data = hands.hand("standard", hand_number=4)
    data["passes"] = {"N": {"cards": ["2C", "6C", "TC"], "to": "E"}}
    result = judged(typed(data))
    assert result.replay.pass_direction == "hold"
    (finding,) = in_play(result.replay)
    assert finding.facts == IncorrectPassFacts(
        faults=("passed 3 cards on a hold hand", "passed to E instead of nobody (hold hand)"),
        expected_to=None,
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.rule) == (Status.REFERRED, None, "standard/pass")


def test_core_incorrect_pass_of_a_card_not_dealt_is_a_record_error():
    data = hands.hand()
    data["passes"]["N"][0] = "AS"  # W holds it
    with pytest.raises(RecordError) as error:
        replay(typed(data))
    assert Problem("/passes/N/0", "not_held", "N passes AS, which N was not dealt") in error.value.problems


# --- whom a seat passes to --------------------------------------------------------


def test_every_seat_passes_to_the_one_seat_its_variant_s_cycle_names_and_each_seat_receives_one_pass():
    """``Variant.pass_recipient``, the one reading of where a pass goes (the replay, deal
    derivation, first causes and the hand page all ask it): on a passing hand every seat
    passes to a different seat and each seat receives exactly one pass, the direction the
    hand is announced with (left is the next seat clockwise, right the one before, across
    half the table on); on a hold hand nobody passes."""
    steps = {"left": 1, "right": -1}
    for variant in VARIANTS.values():
        for count in variant.seat_counts:
            seats = tuple(f"S{i}" for i in range(count))
            for hand_number in range(1, 2 * count + 1):
                recipients = [variant.pass_recipient(hand_number, seats, i) for i in range(count)]
                direction = pass_direction_name(variant.pass_offset(hand_number, count), count)
                if direction == "hold":
                    assert recipients == [None] * count
                    continue
                assert sorted(recipients) == sorted(seats), (variant.id, count, hand_number)
                assert all(to != seat for seat, to in zip(seats, recipients, strict=True))
                step = count // 2 if direction == "across" else steps.get(direction)
                if step is not None:
                    assert recipients == [seats[(i + step) % count] for i in range(count)], direction
