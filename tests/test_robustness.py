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

import playout
from audit import audit_hand
from referee import RecordError

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


DAMAGE = [_drop, _double, _move, _swap_cards, _take_back, _show, _rename, _claim]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(1, 3))
def test_a_damaged_record_gets_rulings_or_located_problems_never_a_crash(seed, variant, blows):
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    for _ in range(blows):
        rng.choice(DAMAGE)(rng, record["play"])
    try:
        result = audit_hand(record)
    except RecordError as error:
        assert error.problems
        assert all(p.pointer.startswith("/") and p.code and p.message for p in error.problems)
        return
    json.dumps(result)  # the answer is JSON, whatever the damage
    assert set(result["score"]) == set(record["seats"])
