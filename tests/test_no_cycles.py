"""An audit builds no reference cycle, so the compiled core keeps its per-card values untracked.

The values made once per card or per trick (``Event``, ``Play``, ``TrickInPlay``, the
result's ``Trick``, ``Hand``, ``OpenFinding``, ``OwedCard``) are marked
``@mypyc_attr(acyclic=True)``: compiled, the cycle collector neither tracks nor walks them,
which makes each cheaper to build and to free, and keeps every collection short. That is
sound only while nothing reachable from them refers back to them; a cycle through one would
never be freed. The pure build tracks every object, so run there the first test proves the
audits of random legal, revoked and damaged hands of every variant leave no such cycle.
"""

from __future__ import annotations

import contextlib
import gc
import random
from collections.abc import Iterator

import pytest
from core_hands import judged
from test_one_cascade import REVOKED
from test_robustness import DAMAGE, SOURCES

from hearts_referee import compiled
from hearts_referee.referee import RecordError
from hearts_referee.referee.replay import table_after
from hearts_referee.rulings.audit import audit_of
from hearts_referee.schemas.record import load_record
from hearts_referee.validate import validate_hand

SEEDS = range(6)


def _hands() -> Iterator[dict]:
    """Hands of every registered variant: legal, with a planted revoke, and damaged."""
    for variant, source in sorted(SOURCES.items()):
        for seed in SEEDS:
            rng = random.Random(seed)
            yield source(rng)
            damaged = source(rng)
            rng.choice(DAMAGE)(rng, damaged["play"])
            yield damaged
            if variant in REVOKED:
                yield REVOKED[variant](rng)[0]


def _core_garbage() -> list[str]:
    """The names of the core's objects that only a reference cycle kept alive."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = sorted(
            {type(o).__qualname__ for o in gc.garbage if type(o).__module__.startswith("hearts_referee")}
        )
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    return found


def test_no_audit_leaves_a_reference_cycle_through_the_cores_values():
    hands = list(_hands())
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for data in hands:
            with contextlib.suppress(RecordError):  # a damaged hand may be refused: its problems are made too
                validate_hand(data)
        assert _core_garbage() == []
    finally:
        if was_enabled:
            gc.enable()


def test_the_garbage_check_sees_a_cycle_through_a_core_value():
    """The check above can fail: a record whose deal refers back to the record is found."""
    record = load_record(SOURCES["standard"](random.Random(1)))
    gc.collect()
    record.deal["loop"] = (record,)
    del record
    assert "HandRecord" in _core_garbage()


@pytest.mark.parametrize("variant", sorted(REVOKED))
def test_the_values_made_per_card_and_per_trick_are_untracked_when_compiled(variant):
    """Checked on a hand with a revoke, so that its log holds an open finding; an owed
    penalty card (``OwedCard``) is marked the same way and not made here."""
    record = load_record(REVOKED[variant](random.Random(1))[0])
    hand = judged(record)
    played, audit = hand.replay, audit_of(hand)
    table = table_after(record, record.play)
    values = [
        *record.play,
        *(play for trick in table.tricks for play in trick.plays),
        *played.tricks,
        *audit.tricks,
        *table.hands.values(),
        *table.tricks,
        *table.log,
    ]
    assert any(type(value).__name__ == "OpenFinding" for value in values)
    assert {gc.is_tracked(value) for value in values} == {not compiled.BUILD.compiled}
