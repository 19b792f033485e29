"""Random legal hands at tables of 3 to 8: the engine against an independent generator.

``playout.long_john`` and ``playout.omnibus`` deal, pass, play and score by
their own reading of RULES.md (no import from ``referee``). A legal hand must
come back with no rulings and the points the generator counts; every trick
of a complete long-john hand must end up with someone, cancelled or not, and
the six-seat kitty must be counted once. Long-john hands come shuffled, or
``lumpy`` (twin hands in suit blocks, played for cancellations), which is
where tricks sent to the middle, cancelled last tricks and a joker led to
the last trick happen. Seeds are drawn by hypothesis, so a failure prints
the seed that rebuilds the hand.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

import playout
from hearts_referee.validate import validate_hand
from playout import long_john, omnibus

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
# Every run draws new seeds; counts sized so the whole suite stays within five minutes on
# 2 cores (they were 200 and 100).
SOME = settings(max_examples=examples(120), deadline=None)
FEW = settings(max_examples=examples(60), deadline=None)

LONG_JOHN_SEATS = (6, 7, 8)
OMNIBUS_SEATS = (3, 4, 5, 6, 7)
DEALS = ("shuffled", "lumpy")


def codes(result: dict[str, Any]) -> list[str]:
    return [ruling["code"] for ruling in result["rulings"]]


def audit(record: dict[str, Any]) -> dict[str, Any]:
    """Audit the record as a client would send it: through JSON, and left unchanged."""
    data = json.loads(json.dumps(record))
    result = validate_hand(data)
    assert data == record
    return result


def moon_outcome(record: dict[str, Any], shooter: str, option: str) -> dict[str, int]:
    """RULES.md, long-john moon, in the test's own words: add gives every other seat 52;
    subtract takes 52 off the shooter's total, never below zero."""
    if option == "add":
        return {seat: 0 if seat == shooter else 52 for seat in record["seats"]}
    before = (record.get("scores_before") or {}).get(shooter, 0)
    return {seat: -min(52, before) if seat == shooter else 0 for seat in record["seats"]}


def check_moon(record: dict[str, Any], result: dict[str, Any]) -> None:
    """A clean complete hand: no moon and the card points, or the moon scored as RULES says."""
    shooter = long_john.moon_shooter(result["points"])
    if shooter is None:
        assert result["moon"] is None
        assert result["score"] == result["points"]
        return
    option, chosen_by = long_john.moon_option(record, shooter)
    assert result["moon"] == {"seat": shooter, "option": option, "chosen_by": chosen_by}
    assert result["score"] == moon_outcome(record, shooter, option) == long_john.expected_score(record)


# -- long-john -----------------------------------------------------------------------


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("seats", LONG_JOHN_SEATS)
@SOME
@given(seed=SEEDS, write_scores=st.booleans())
def test_random_long_john_hand_totals_52_and_every_trick_has_an_owner(
    seats: int, deal: str, seed: int, write_scores: bool
) -> None:
    record = playout.random_long_john_hand(random.Random(seed), seats, lumpy=deal == "lumpy")
    if write_scores:  # the scorekeeper wrote the right scores: no score_mismatch either
        record["claimed"] = playout.long_john_score(record)
    result = audit(record)
    assert codes(result) == []
    assert result["complete"] is True and result["void"] is False
    assert result["points"] == playout.long_john_points(record)
    assert sum(result["points"].values()) == 52
    assert result["penalties"] == dict.fromkeys(record["seats"], 0)
    check_moon(record, result)

    tricks = result["tricks"]
    assert len(tricks) == long_john.HAND_SIZE[seats]
    collected = Counter(number for trick in tricks for number in trick["collects"])
    for trick, mine in zip(tricks, long_john.tricks_of(record), strict=True):
        assert trick["taken_by"] is not None
        assert (trick["winner"], trick["taken_by"], trick["to_middle"]) == (
            mine.winner,
            mine.taken_by,
            mine.to_middle,
        )
        assert sorted(trick["cancelled"]) == mine.cancelled
        assert trick["collects"] == mine.collects
        assert all(number < trick["number"] for number in trick["collects"])
        if trick["to_middle"]:
            assert trick["winner"] is None
            assert collected[trick["number"]] == 1 or trick["number"] == len(tricks)
        else:
            assert trick["winner"] == trick["taken_by"] and collected[trick["number"]] == 0
    last = tricks[-1]
    if last["plays"][0]["card"] == long_john.JOKER:  # led to the last trick, the joker takes it
        assert last["winner"] == last["leader"]


@pytest.mark.parametrize("deal", DEALS)
@SOME
@given(seed=SEEDS)
def test_random_long_john_six_seat_kitty_goes_with_the_first_counter_trick_and_counts_once(
    deal: str, seed: int
) -> None:
    record = playout.random_long_john_hand(random.Random(seed), 6, lumpy=deal == "lumpy")
    result = audit(record)
    assert codes(result) == []
    taker, taken_with = long_john.kitty_taken(record)
    assert result["kitty"] == {"cards": record["kitty"], "taken_by": taker, "trick": taken_with}
    first_counter = next(t for t in result["tricks"] if t["points"] > 0)  # a heart or Q♠ on it
    assert first_counter["taken_by"] == taker
    from_tricks = dict.fromkeys(record["seats"], 0)
    for trick in result["tricks"]:
        from_tricks[trick["taken_by"]] += trick["points"]
    kitty_points = sum(playout.points(card) for card in record["kitty"])
    assert result["points"] == {
        seat: n + (kitty_points if seat == taker else 0) for seat, n in from_tricks.items()
    }


@pytest.mark.parametrize("seats", LONG_JOHN_SEATS)
@FEW
@given(seed=SEEDS, write_scores=st.booleans())
def test_random_long_john_moon_takes_all_28_point_cards_and_scores_as_chosen(
    seats: int, seed: int, write_scores: bool
) -> None:
    record, shooter = playout.random_long_john_moon_hand(random.Random(seed), seats)
    if write_scores:
        record["claimed"] = playout.long_john_score(record)
    result = audit(record)
    assert codes(result) == []
    assert result["points"] == {seat: 52 if seat == shooter else 0 for seat in record["seats"]}
    assert result["moon"]["seat"] == shooter
    if "moon_choice" in record:
        assert result["moon"] == {"seat": shooter, "option": record["moon_choice"], "chosen_by": "record"}
    check_moon(record, result)


@pytest.mark.parametrize("seats", LONG_JOHN_SEATS)
@FEW
@given(seed=SEEDS, lumpy=st.booleans())
def test_random_long_john_revoke_is_referred_once_at_its_seat_and_trick(
    seats: int, seed: int, lumpy: bool
) -> None:
    record, seat, trick = playout.random_long_john_hand_with_revoke(random.Random(seed), seats, lumpy=lumpy)
    result = audit(record)
    assert codes(result) == ["revoke"]
    revoke = result["rulings"][0]
    assert (revoke["seat"], revoke["trick"], revoke["rule"]) == (seat, trick, "long-john/follow-suit")
    assert (
        revoke["card"]
        == result["tricks"][trick - 1]["plays"][
            [p["seat"] for p in result["tricks"][trick - 1]["plays"]].index(seat)
        ]["card"]
    )
    assert (revoke["status"], revoke["penalty"]) == ("referred", None)
    assert result["complete"] is True
    assert result["points"] == playout.long_john_points(record)
    assert result["penalties"] == dict.fromkeys(record["seats"], 0)


def test_lumpy_long_john_hands_reach_middle_piles_a_cancelled_last_trick_and_a_led_joker() -> None:
    """The lumpy deals do what they are for: in 40 hands per table size, each case happens."""
    seen: Counter[str] = Counter()
    for seats in LONG_JOHN_SEATS:
        for seed in range(40):
            record = playout.random_long_john_hand(random.Random(seed), seats, lumpy=True)
            tricks = long_john.tricks_of(record)
            seen["middle collected"] += any(t.collects for t in tricks[:-1])
            seen["last trick cancelled"] += tricks[-1].to_middle
            seen["joker led"] += tricks[-1].plays[0][1] == long_john.JOKER
            counter = next(t for t in tricks if t.points > 0)
            seen["kitty with a pile"] += seats == 6 and counter.to_middle
            seen["moon"] += long_john.moon_shooter(long_john.card_points(record)) is not None
    assert all(
        seen[case] >= 3
        for case in ("middle collected", "last trick cancelled", "joker led", "kitty with a pile", "moon")
    ), seen


# -- omnibus-kitty ----------------------------------------------------------------------


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("seats", OMNIBUS_SEATS)
@FEW
@given(seed=SEEDS)
def test_random_omnibus_hand_totals_16_and_the_kitty_goes_to_trick_1s_winner(
    seats: int, deal: str, seed: int
) -> None:
    record = playout.random_omnibus_hand(random.Random(seed), seats, lumpy=deal == "lumpy")
    result = audit(record)
    assert codes(result) == []
    assert result["complete"] is True and result["void"] is False
    assert result["points"] == playout.omnibus_points(record)
    assert sum(result["points"].values()) == 16
    assert result["moon"] is None and result["score"] == result["points"]
    assert len(result["tricks"]) == omnibus.hand_size(seats)
    first = result["tricks"][0]
    if record["kitty"]:
        assert result["kitty"]["taken_by"] == first["winner"] == omnibus.kitty_taker(record)
        assert sorted(result["kitty"]["cards"]) == sorted(record["kitty"])
    else:
        assert result["kitty"] is None
