"""Scoring once, at the end: card points per seat, then the moon.

Penalty points are not added here: they belong to the penalty schedule
(``rulings/``), which adds them on top of :attr:`Score.hand`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from .cards import Card
from .findings import Finding
from .game import game_over, lowest
from .record import HandRecord
from .variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from .replay import Trick


@dataclass(frozen=True)
class MoonOutcome:
    """Who shot the moon, which outcome was scored and who chose it."""

    seat: str
    option: str  # "add" or "subtract"
    chosen_by: str  # "record" or "referee"


@dataclass(frozen=True)
class Score:
    """Card points taken, the hand's score after the moon, and findings of scoring."""

    points: Mapping[str, int]
    hand: Mapping[str, int]
    moon: MoonOutcome | None
    findings: tuple[Finding, ...] = ()


def score_hand(variant: Variant, record: HandRecord, tricks: Sequence[Trick], *,
               complete: bool, void: bool,
               claimed_rest: tuple[str, Sequence[Card]] | None = None,
               findings: Sequence[Finding] = (), point_takers: set[str] | None = None) -> Score:
    """Score the tricks won; a void deal scores nothing, an incomplete hand has no moon.

    ``point_takers`` (the seats that won a point card) may be passed when
    already known, to save a pass over the tricks.
    """
    seats = record.seats
    points = dict.fromkeys(seats, 0)
    if void:
        return Score(points, dict(points), None)
    card_points, point_cards = variant.card_points, variant.point_cards
    takers = set(point_takers) if point_takers is not None else set()
    for trick in tricks:
        winner = trick.winner
        if winner is not None:
            points[winner] += trick.points
            if point_takers is None and winner not in takers \
                    and any(play.card in point_cards for play in trick.plays):
                takers.add(winner)
    if claimed_rest is not None:
        claimant, rest = claimed_rest
        points[claimant] += sum(card_points.get(c, 0) for c in rest)
        if any(c in point_cards for c in rest):
            takers.add(claimant)
    hand = dict(points)
    if not complete or variant.moon is None:
        return Score(points, hand, None)
    shooter = next(iter(takers)) if len(takers) == 1 else None  # took every point card
    if shooter is None:
        return Score(points, hand, None, tuple(stopped_moons(variant, record, tricks, findings)))
    outcome, extra = moon_outcome(variant, record, shooter, points, len(tricks))
    value = moon_value(variant)
    for seat in seats:
        if seat == shooter:
            hand[seat] -= value if outcome.option == "add" else 2 * value
        elif outcome.option == "add":
            hand[seat] += value
    return Score(points, hand, outcome, extra)


def moon_value(variant: Variant) -> int:
    """The points a moon moves: the value of every point card (26 with one deck)."""
    return sum(variant.card_points[c] for c in variant.deck if c in variant.point_cards)


def moon_outcome(variant: Variant, record: HandRecord, shooter: str, points: Mapping[str, int],
                 last_trick: int) -> tuple[MoonOutcome, tuple[Finding, ...]]:
    """Apply the variant's moon options to the record's choice (or choose, and say so)."""
    may_subtract = subtract_allowed(variant, record, shooter, points)
    choice = record.moon_choice
    if choice == "subtract" and not may_subtract:
        refused = Finding("moon_choice_not_allowed", shooter, max(last_trick, 1), None, None,
                          {"choice": choice, "scores_before": dict(record.scores_before or {})})
        return MoonOutcome(shooter, "add", "referee"), (refused,)
    if choice in ("add", "subtract"):
        return MoonOutcome(shooter, choice, "record"), ()
    return MoonOutcome(shooter, "subtract" if may_subtract else "add", "referee"), ()


def subtract_allowed(variant: Variant, record: HandRecord, shooter: str,
                     points: Mapping[str, int]) -> bool:
    """MSO: subtracting is open when anyone had ``subtract_from`` or more before the hand
    and adding would not give the shooter the game (lowest total, alone or tied)."""
    moon = variant.moon
    if moon is None or "subtract" not in moon.options:
        return False
    if moon.subtract_from is None:
        return True
    before = {seat: (record.scores_before or {}).get(seat, 0) for seat in record.seats}
    if max(before.values()) < moon.subtract_from:
        return False
    value = moon_value(variant)
    after_add = {seat: before[seat] + points[seat] + (-value if seat == shooter else value)
                 for seat in record.seats}
    shooter_wins = game_over(variant, after_add) and shooter in lowest(after_add)
    return not shooter_wins


def stopped_moons(variant: Variant, record: HandRecord, tricks: Sequence[Trick],
                  findings: Sequence[Finding]) -> list[Finding]:
    """MSO: a revoke cannot stop a moon. Find a player who took every point card except
    those the revoking player won in the revoke's trick or later."""
    if not variant.revoke_cannot_stop_moon:
        return []
    point_cards = variant.point_cards
    total = variant.point_card_count
    found = []
    for revoke in findings:
        if revoke.code != "revoke":
            continue
        offender = revoke.seat
        won: dict[str, int] = dict.fromkeys(record.seats, 0)
        won_by_offender_after = 0
        for trick in tricks:
            if trick.winner is None:
                continue
            count = sum(1 for play in trick.plays if play.card in point_cards)
            won[trick.winner] += count
            if trick.winner == offender and trick.number >= revoke.trick:
                won_by_offender_after += count
        if not won_by_offender_after or won[offender] != won_by_offender_after:
            continue
        for seat in record.seats:
            if seat != offender and won[seat] + won_by_offender_after == total:
                found.append(Finding("moon_stopped_by_revoke", seat, revoke.trick, None, None,
                                     {"revoker": offender, "revoke_trick": revoke.trick,
                                      "suggestion": f"moon awarded to {seat}"}))
    return found
