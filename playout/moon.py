"""Hands in which one seat shoots the moon, which random play almost never does.

The shooter is dealt mostly high cards, passes its lowest ones and then plays
to take everything (highest card when leading or following, lowest safe card
when void); the others duck and throw their point cards away. That makes a
moon likely, not certain: hands are drawn until one seat takes all 26.
Every card is still chosen among the legal ones.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import DECK, is_point, rank
from .hand import build_hand
from .play import State
from .revoke import PlantRevoke
from .rules import SEATS, pass_offset, rules_for
from .score import card_points, moon_shooter


def strong_deal(rng: random.Random, shooter: str) -> dict[str, list[str]]:
    """``shooter`` gets 13 cards drawn from the high half of the deck, the rest at random."""
    high = [card for card in DECK if rank(card) >= 8]
    strong = rng.sample(high, 13)
    rest = [card for card in DECK if card not in strong]
    rng.shuffle(rest)
    others = [seat for seat in SEATS if seat != shooter]
    deal = {seat: rest[13 * i : 13 * (i + 1)] for i, seat in enumerate(others)}
    deal[shooter] = strong
    return {seat: deal[seat] for seat in SEATS}


def moon_passes(
    rng: random.Random, deal: dict[str, list[str]], offset: int, shooter: str
) -> dict[str, list[str]]:
    """The shooter passes its three lowest cards; the others pass three at random."""
    if offset == 0:
        return {}
    passes = {seat: rng.sample(deal[seat], 3) for seat in SEATS}
    passes[shooter] = sorted(deal[shooter], key=rank)[:3]
    return passes


class MoonPolicy:
    """Play for ``shooter`` to take every trick with points in it."""

    def __init__(self, shooter: str) -> None:
        self.shooter = shooter

    def __call__(self, rng: random.Random, state: State, seat: str, legal: list[str]) -> str:
        led = state.led
        following = led is not None and legal[0][1] == led
        if seat == self.shooter:
            if led is None or following:
                return max(legal, key=rank)
            return min(legal, key=lambda card: (is_point(card), rank(card)))
        if following or led is None:
            return min(legal, key=rank)
        return max(legal, key=lambda card: (is_point(card), rank(card)))


def random_moon_hand(
    rng: random.Random, variant: str = "mso-2000", hand_number: int | None = None, attempts: int = 200
) -> tuple[dict[str, Any], str]:
    """A legal hand in which one seat takes all 14 point cards; returns (record, shooter)."""
    rules = rules_for(variant)
    for _ in range(attempts):
        shooter = rng.choice(SEATS)
        number = hand_number if hand_number is not None else rng.randint(1, 8)
        deal = strong_deal(rng, shooter)
        passes = moon_passes(rng, deal, pass_offset(rules, number), shooter)
        record = build_hand(rng, variant, number, policy=MoonPolicy(shooter), deal=deal, passes=passes)
        if moon_shooter(card_points(record)) == shooter:
            return record, shooter
    raise RuntimeError(f"no moon in {attempts} hands")


def random_moon_try_with_revoke(
    rng: random.Random, variant: str = "mso-2000", attempts: int = 1000
) -> tuple[dict[str, Any], str, int, str]:
    """A hand played for a moon in which another seat revokes once.

    Returns (record, revoking seat, trick, would-be shooter). The moon may be
    made, missed, or stopped only by what the revoker won afterwards: the case
    MSO's "a revoke cannot stop a moon" is about.
    """
    rules = rules_for(variant)
    for _ in range(attempts):
        shooter = rng.choice(SEATS)
        number = rng.randint(1, 8)
        deal = strong_deal(rng, shooter)
        passes = moon_passes(rng, deal, pass_offset(rules, number), shooter)
        plant = PlantRevoke(rng, seats=[seat for seat in SEATS if seat != shooter])
        record = build_hand(
            rng, variant, number, policy=MoonPolicy(shooter), deviate=plant, deal=deal, passes=passes
        )
        if plant.seat is not None:
            return record, plant.seat, plant.trick, shooter
    raise RuntimeError(f"no revoke could be planted in {attempts} hands")
