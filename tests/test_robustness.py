"""A damaged record is answered, never crashed on: 200 with rulings, or 422 with pointers.

Random legal hands of every variant are damaged the ways a scoring app or a
tired scorer damages them (an event dropped, doubled or moved, a card
swapped, a card taken back or shown, a seat misnamed) and audited. The
referee must answer every one with a result or a ``RecordError`` whose
problems all carry a pointer into the record; any other exception is a bug
(it would be a 500).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

import playout
from hearts_referee.referee import RecordError
from hearts_referee.validate import validate_hand

Record = dict[str, Any]

SOURCES: dict[str, Callable[[random.Random], Record]] = {
    "standard": lambda rng: playout.random_hand(rng, "standard"),
    "mso-2000": lambda rng: playout.random_hand(rng, "mso-2000"),
    "long-john": lambda rng: playout.random_long_john_hand(
        rng, rng.choice((6, 7, 8)), lumpy=rng.random() < 0.5
    ),
    "omnibus-kitty": lambda rng: playout.random_omnibus_hand(rng, rng.randint(3, 7)),
}


def _drop(rng: random.Random, play: list) -> None:
    del play[rng.randrange(len(play))]


def _double(rng: random.Random, play: list) -> None:
    k = rng.randrange(len(play))
    play.insert(k, copy.deepcopy(play[k]))


def _move(rng: random.Random, play: list) -> None:
    play.insert(rng.randrange(len(play)), play.pop(rng.randrange(len(play))))


def _swap_cards(rng: random.Random, play: list) -> None:
    a, b = rng.randrange(len(play)), rng.randrange(len(play))
    if "card" in play[a] and "card" in play[b]:
        play[a]["card"], play[b]["card"] = play[b]["card"], play[a]["card"]


def _take_back(rng: random.Random, play: list) -> None:
    k = rng.randrange(len(play))
    if "card" in play[k]:
        play.insert(k + 1, {"seat": play[k]["seat"], "withdraws": play[k]["card"]})


def _show(rng: random.Random, play: list) -> None:
    k = rng.randrange(len(play))
    later = [e for e in play[k:] if e["seat"] == play[k]["seat"] and "card" in e]
    if later:
        play.insert(k, {"seat": play[k]["seat"], "exposes": rng.choice(later)["card"]})


def _rename(rng: random.Random, play: list) -> None:
    play[rng.randrange(len(play))]["seat"] = rng.choice(["N", "A", "Z", "north"])


def _claim(rng: random.Random, play: list) -> None:
    k = rng.randrange(len(play))
    seat = play[k]["seat"]
    rest = [e["card"] for e in play[k:] if e["seat"] == seat and "card" in e]
    del play[k:]
    play.append({"seat": seat, "claims": {"order": rest}})


def _on_some_play(damage: Callable[[random.Random, list], None]) -> Callable[[random.Random, list], None]:
    """A blow lands only where there is play left: a claim on the first event, then a drop,
    leaves none."""

    def blow(rng: random.Random, play: list) -> None:
        if play:
            damage(rng, play)

    blow.__name__ = damage.__name__
    return blow


DAMAGE = [_on_some_play(d) for d in (_drop, _double, _move, _swap_cards, _take_back, _show, _rename, _claim)]


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(1, 3))
def test_a_damaged_record_gets_rulings_or_located_problems_never_a_crash(seed, variant, blows):
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    for _ in range(blows):
        rng.choice(DAMAGE)(rng, record["play"])
    try:
        result = validate_hand(record)
    except RecordError as error:
        assert error.problems
        assert all(p.pointer.startswith("/") and p.code and p.message for p in error.problems)
        return
    json.dumps(result)  # the answer is JSON, whatever the damage
    assert set(result["score"]) == set(record["seats"])


def _duplicate(rng: random.Random, record: Record) -> None:
    seats = list(record["deal"])
    if len(seats) < 2:
        return
    a, b = rng.sample(seats, 2)
    if record["deal"][a] and record["deal"][b]:
        record["deal"][a][rng.randrange(len(record["deal"][a]))] = rng.choice(record["deal"][b])


def _unknown_card(rng: random.Random, record: Record) -> None:
    cards = record["deal"][rng.choice(list(record["deal"]))] if record["deal"] else []
    if cards:
        cards[rng.randrange(len(cards))] = rng.choice(["ZZ", "1C", 7, None])


def _no_deal_for(rng: random.Random, record: Record) -> None:
    if record["deal"]:
        del record["deal"][rng.choice(list(record["deal"]))]


def _stranger(rng: random.Random, record: Record) -> None:
    record[rng.choice(["dealer", "hand_number"])] = rng.choice(["X", 0, 2**63, "N"])


def _bad_pass(rng: random.Random, record: Record) -> None:
    for passed in record.get("passes", {}).values():
        cards = passed["cards"] if isinstance(passed, dict) else passed
        if cards:
            cards[rng.randrange(len(cards))] = rng.choice(["AS", "2C", "QQ", "JK"])
            return


def _bad_event(rng: random.Random, record: Record) -> None:
    play = record["play"]
    if play:
        play[rng.randrange(len(play))] = rng.choice(
            [{"seat": "N"}, {"seat": "Q", "card": "2C"}, {"card": "ZZ"}, 5]
        )


RECORD_DAMAGE = [_duplicate, _unknown_card, _no_deal_for, _stranger, _bad_pass, _bad_event]


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(1, 3))
def test_a_record_broken_in_several_stages_gets_every_problem_located_never_a_crash(seed, variant, blows):
    """Damage to the deal, the pass, the dealer and the events at once: the one 422 lists
    problems of each stage that can still be checked, all located."""
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    if rng.random() < 0.5:
        rng.choice(DAMAGE)(rng, record["play"])
    for _ in range(blows):
        rng.choice(RECORD_DAMAGE)(rng, record)
    try:
        validate_hand(record)
    except RecordError as error:
        assert error.problems
        assert all(p.pointer.startswith("/") and p.code and p.message for p in error.problems)
        assert len(error.problems) == len(set(error.problems))  # each problem once
