"""One legality cascade: the replay's inline application of a clean card changes nothing.

``referee.play.play_phase`` applies a card inline once the one cascade
(``Table.fault``) passes it and nothing irregular touches its trick; every other
card goes through ``play_card``. Replaying every event through ``play_card``
instead (the path with every check and every finding) must give the same replay
(tricks, findings, score) or the same problems, for random legal hands of every
variant and for the same hands damaged the ways ``test_robustness`` damages them.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples
from test_robustness import DAMAGE, RECORD_DAMAGE, SOURCES

from hearts_referee.referee import RecordError
from hearts_referee.referee.play import _EVENTS
from hearts_referee.referee.record import Event
from hearts_referee.referee.table import Table
from hearts_referee.schemas.record import load_record

REPLAY = importlib.import_module(
    "hearts_referee.referee.replay"
)  # the module: ``referee.replay`` is the function


def every_card_through_play_card(table: Table, events: tuple[Event, ...]) -> None:
    """The replay without the inline path: each event through its full handler."""
    for index, event in enumerate(events):
        _EVENTS[event.action](table, index, event)


def outcome(record: Any) -> Any:
    """What the replay decides about ``record``: its tricks, findings and score, or its problems."""
    try:
        loaded = load_record(record)
        result = REPLAY.replay(loaded)
    except RecordError as error:
        return ("problems", error.problems)
    return ("replay", result.tricks, result.findings, result.score, result.complete, result.kitty)


def both_ways(record: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    fast = outcome(record)
    with monkeypatch.context() as patched:
        patched.setattr(REPLAY, "play_phase", every_card_through_play_card)
        full = outcome(record)
    return fast, full


@settings(max_examples=examples(100), deadline=None)  # was 200: the suite's five minutes
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)))
def test_a_legal_hand_replays_the_same_with_every_card_through_the_full_path(seed, variant):
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, full = both_ways(SOURCES[variant](random.Random(seed)), monkeypatch)
    assert fast[0] == "replay"
    assert fast == full


@settings(max_examples=examples(200), deadline=None)  # was 400: the suite's five minutes
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(1, 3))
def test_a_damaged_hand_gets_the_same_rulings_or_problems_with_every_card_through_the_full_path(
    seed, variant, blows
):
    rng = random.Random(seed)
    record = SOURCES[variant](rng)
    for _ in range(blows):
        rng.choice(DAMAGE)(rng, record["play"])
    if rng.random() < 0.2:
        rng.choice(RECORD_DAMAGE)(rng, record)
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, full = both_ways(record, monkeypatch)
    assert fast == full
