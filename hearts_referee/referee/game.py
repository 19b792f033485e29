"""The end of a game and its match points: pure functions over totals.

Kept apart from the replay because a single hand never needs them except
to judge a moon option ("would adding give the shooter the game?"); games
and the archive use them to close a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .variant import Variant

MATCH_POINTS = (5, 3, 2, 1)
"""MSO match points by place, lowest score first."""


def game_over(
    variant: Variant, totals: Mapping[str, int], penalties: Mapping[str, int] | None = None
) -> bool:
    """Whether the game ends with these totals after a hand.

    When the variant's penalty schedule adds points, "a game cannot end with
    a penalty assessment": a seat that reaches the target only through this
    hand's ``penalties`` does not end the game.
    """
    penalties = penalties or {}
    return any(
        total >= variant.game_target and total - penalties.get(seat, 0) >= variant.game_target
        for seat, total in totals.items()
    )


def lowest(totals: Mapping[str, int]) -> list[str]:
    """The seat(s) with the lowest total: the winners once the game is over."""
    best = min(totals.values())
    return [seat for seat, total in totals.items() if total == best]


def match_points(totals: Mapping[str, int], scale: tuple[int, ...] = MATCH_POINTS) -> dict[str, Fraction]:
    """Match points by place, lowest total first; tied seats share the places they span.

    A tie for first between two players gives each (5 + 3) / 2 = 4.
    """
    ranked = sorted(totals, key=lambda seat: totals[seat])
    awards: dict[str, Fraction] = {}
    place = 0
    while place < len(ranked):
        tied = [s for s in ranked[place:] if totals[s] == totals[ranked[place]]]
        span = scale[place : place + len(tied)]
        share = Fraction(sum(span), len(tied))
        for seat in tied:
            awards[seat] = share
        place += len(tied)
    return awards
