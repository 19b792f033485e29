"""Scoring a clean hand from its record alone, to check the referee's score against.

It reads only the ``play`` list (four cards a trick, the first one led), so
it is independent of how the hand was generated and of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import MOON_POINTS, POINT_CARDS, is_point, points
from .rules import SEATS, rules_for, trick_winner


def tricks_of(record: Mapping[str, Any]) -> list[list[tuple[str, str]]]:
    """The record's card events cut into tricks of four, in play order."""
    plays = [(event["seat"], event["card"]) for event in record["play"] if "card" in event]
    return [plays[i : i + len(SEATS)] for i in range(0, len(plays), len(SEATS))]


def card_points(record: Mapping[str, Any]) -> dict[str, int]:
    """Points each seat took: 1 per heart, 13 for Q♠ (26 in all for a complete hand)."""
    taken = dict.fromkeys(SEATS, 0)
    for trick in tricks_of(record):
        taken[trick_winner(trick)] += sum(points(card) for _, card in trick)
    return taken


def moon_shooter(taken: Mapping[str, int]) -> str | None:
    """The seat that took all 26 points, which means all 14 point cards."""
    return next((seat for seat, n in taken.items() if n == MOON_POINTS), None)


def subtract_allowed(
    variant: str,
    scores_before: Mapping[str, int] | None,
    shooter: str,
    penalties: Mapping[str, int] | None = None,
) -> bool:
    """MSO's exception: someone had 74+ before the hand, and adding 26 to the others
    would not end the game with the shooter lowest (alone or tied). Who is lowest
    counts this hand's ``penalties``; whether the game ends does not."""
    threshold = rules_for(variant).moon_subtract_from
    before = {seat: (scores_before or {}).get(seat, 0) for seat in SEATS}
    if threshold is None or max(before.values()) < threshold:
        return False
    fined = {seat: (penalties or {}).get(seat, 0) for seat in SEATS}
    after_add = {seat: before[seat] + (0 if seat == shooter else MOON_POINTS) for seat in SEATS}
    with_fines = {seat: after_add[seat] + fined[seat] for seat in SEATS}
    shooter_wins = max(after_add.values()) >= 100 and with_fines[shooter] == min(with_fines.values())
    return not shooter_wins


def moon_option(record: Mapping[str, Any], shooter: str, penalties: Mapping[str, int] | None = None) -> str:
    """``add`` or ``subtract``: the record's choice where allowed, else subtract whenever allowed."""
    allowed = subtract_allowed(record["variant"], record.get("scores_before"), shooter, penalties)
    choice = record.get("moon_choice")
    if choice == "add":
        return "add"
    return "subtract" if allowed else "add"


def expected_score(record: Mapping[str, Any], penalties: Mapping[str, int] | None = None) -> dict[str, int]:
    """The hand's score for a complete hand before penalties: card points after the moon
    (``penalties``, this hand's penalty points, only weigh on MSO's moon option)."""
    taken = card_points(record)
    shooter = moon_shooter(taken)
    if shooter is None:
        return taken
    if moon_option(record, shooter, penalties) == "add":
        return {seat: 0 if seat == shooter else MOON_POINTS for seat in SEATS}
    return {seat: -MOON_POINTS if seat == shooter else 0 for seat in SEATS}


def point_cards_before(record: Mapping[str, Any], seat: str, trick: int) -> int:
    """How many point cards were on tricks before ``seat``'s card to ``trick``."""
    count = 0
    for number, plays in enumerate(tricks_of(record), start=1):
        for who, card in plays:
            if number == trick and who == seat:
                return count
            count += is_point(card)
    raise ValueError(f"{seat} has no card on trick {trick}")


def stopped_moon(record: Mapping[str, Any], revoker: str, trick: int) -> str | None:
    """MSO: the seat that took every point card except some the revoker won in the
    revoke's trick or later (the revoker having won none before it, the seat at least
    one), if one did."""
    won = dict.fromkeys(SEATS, 0)
    revoker_after = 0
    for number, plays in enumerate(tricks_of(record), start=1):
        winner = trick_winner(plays)
        count = sum(1 for _, card in plays if is_point(card))
        won[winner] += count
        if winner == revoker and number >= trick:
            revoker_after += count
    if not revoker_after or won[revoker] != revoker_after:
        return None
    # A seat that took no point card was on no moon: when the revoker took every one, nobody's
    # moon was stopped (the revoker's own moon stands).
    return next(
        (
            seat
            for seat in SEATS
            if seat != revoker and won[seat] and won[seat] + revoker_after == len(POINT_CARDS)
        ),
        None,
    )
