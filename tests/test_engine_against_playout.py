"""The mask engine against ``playout``, the independent generator, for every variant.

The engine keeps hands as once/twice masks and finds each trick's winner with one
mask rule (``referee.masks.trick_winner``), shared by the replay and the claim
solver. ``playout`` reads the same rules again with plain card strings. For random
legal hands of every registered variant, every trick must go to the seat playout
says (or to the middle, where a Long John suit led cancels out) and every seat must
take the card points playout counts; and so for hands playout planted a revoke in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples
from test_one_cascade import REVOKED
from test_robustness import SOURCES

import playout
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.validate import validate_hand

Record = Mapping[str, Any]


def _four_seat_winners(record: Record) -> list[str | None]:
    return [playout.trick_winner(trick) for trick in playout.tricks_of(record)]


def _long_john_winners(record: Record) -> list[str | None]:
    return [trick.winner for trick in playout.long_john.tricks_of(record)]


def _omnibus_winners(record: Record) -> list[str | None]:
    return [playout.omnibus.trick_winner(trick) for trick in playout.omnibus.tricks_of(record)]


PLAYOUT: dict[str, tuple[Callable[[Record], list[str | None]], Callable[[Record], dict[str, int]]]] = {
    "standard": (_four_seat_winners, playout.card_points),
    "mso-2000": (_four_seat_winners, playout.card_points),
    "long-john": (_long_john_winners, playout.long_john_points),
    "omnibus-kitty": (_omnibus_winners, playout.omnibus_points),
}
"""Playout's reading of each variant: who wins each trick, and the points each seat takes."""


def test_every_registered_variant_is_compared_with_playout():
    assert set(PLAYOUT) == set(VARIANTS) == set(SOURCES)


@settings(max_examples=examples(80), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(VARIANTS)))
def test_every_trick_goes_where_playout_says_and_every_seat_takes_its_points(seed, variant):
    record = SOURCES[variant](random.Random(seed))
    winners, points = PLAYOUT[variant]
    result = validate_hand(record)
    assert [ruling["code"] for ruling in result["rulings"]] == []
    assert [trick["winner"] for trick in result["tricks"]] == winners(record)
    assert result["points"] == points(record)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(REVOKED)))
def test_a_hand_playout_planted_a_revoke_in_is_read_trick_by_trick_as_playout_reads_it(seed, variant):
    """Damaged hands too: a revoke (playout's own, by its reading of the rules) is ruled on,
    and changes neither who takes each trick nor the card points each seat takes."""
    data, seat, trick = REVOKED[variant](random.Random(seed))
    winners, points = PLAYOUT[variant]
    result = validate_hand(data)
    assert ("revoke", seat, trick) in [(r["code"], r["seat"], r["trick"]) for r in result["rulings"]]
    assert [t["winner"] for t in result["tricks"]] == winners(data)
    assert result["points"] == points(data)
