"""One planted revoke: a follower who could follow suit discards instead.

The moment is spread over the hand: a target trick is drawn first, and the
revoke happens at an eligible follow in that trick or a later one (a seat
holding the suit led and at least one other card). The card is any card of
another suit, points or not: the referee's cascade names the revoke first.
Play then goes on legally from what the table now holds.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from .cards import POINT_CARDS, suit
from .hand import build_hand
from .play import State


class PlantRevoke:
    """A deviation that revokes once, and remembers where."""

    def __init__(
        self, rng: random.Random, after_all_points: bool = False, seats: Collection[str] | None = None
    ) -> None:
        self.from_trick = rng.randint(1, 12)
        self.after_all_points = after_all_points
        self.seats = seats  # who may revoke; None: anyone
        self.seat: str | None = None
        self.trick = 0

    def __call__(self, rng: random.Random, state: State, seat: str) -> str | None:
        if self.seat is not None or not state.trick or state.trick_number < self.from_trick:
            return None
        if self.seats is not None and seat not in self.seats:
            return None
        if self.after_all_points and state.points_played < len(POINT_CARDS):
            return None
        led = state.led
        hand = state.hands[seat]
        others = [card for card in hand if suit(card) != led]
        if not others or len(others) == len(hand) or rng.random() < 0.5:
            return None
        self.seat, self.trick = seat, state.trick_number
        return rng.choice(others)


def random_hand_with_revoke(
    rng: random.Random, variant: str = "mso-2000", *, after_all_points: bool = False, attempts: int = 1000
) -> tuple[dict[str, Any], str, int]:
    """A hand with exactly one revoke; returns (record, revoking seat, 1-based trick).

    ``after_all_points`` plants it only once all 14 point cards are on tricks
    (the MSO revoke that is waived).
    """
    for _ in range(attempts):
        plant = PlantRevoke(rng, after_all_points)
        record = build_hand(rng, variant, deviate=plant)
        if plant.seat is not None:
            return record, plant.seat, plant.trick
    raise RuntimeError(f"no revoke could be planted in {attempts} hands")
