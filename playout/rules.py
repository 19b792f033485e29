"""The rules the generator plays by, restated from RULES.md (``standard``, ``mso-2000``).

Deliberately small and literal: follow suit, the opening lead, no points on
trick 1, hearts broken. Where the two variants differ it is a field of
:class:`Rules`, not a branch on the variant's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import HEARTS, QUEEN_OF_SPADES, TWO_OF_CLUBS, is_point, rank, suit

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
"""Clockwise: the player on a seat's left is the next seat in the list."""


@dataclass(frozen=True)
class Rules:
    """What separates the two four-player variants, for generating and scoring."""

    id: str
    pass_cycle: tuple[int, ...]  # seats to the left per hand: +1 left, -1 right, 2 across, 0 hold
    hearts_with_queen: bool  # holding only hearts and Q♠, may the leader lead a heart?
    moon_subtract_from: int | None  # MSO's 74; None when a moon always adds


RULES: dict[str, Rules] = {
    "standard": Rules("standard", (1, -1, 2, 0), hearts_with_queen=False, moon_subtract_from=None),
    "mso-2000": Rules("mso-2000", (1, -1, 2), hearts_with_queen=True, moon_subtract_from=74),
}


def rules_for(variant: str) -> Rules:
    try:
        return RULES[variant]
    except KeyError:
        raise ValueError(f"playout knows {', '.join(RULES)}, not {variant!r}") from None


def pass_offset(rules: Rules, hand_number: int) -> int:
    """Hand 1 uses the first entry of the cycle, and the cycle repeats."""
    return rules.pass_cycle[(hand_number - 1) % len(rules.pass_cycle)]


def seat_at(seat: str, offset: int) -> str:
    """The seat ``offset`` places to the left of ``seat`` (negative: to the right)."""
    return SEATS[(SEATS.index(seat) + offset) % len(SEATS)]


def legal_cards(
    rules: Rules, hand: Sequence[str], led: str | None, trick_number: int, broken: bool
) -> list[str]:
    """Every card of ``hand`` a seat may play now; ``led`` is the suit led, None for a lead."""
    if led is not None:
        options = [card for card in hand if suit(card) == led] or list(hand)
    elif trick_number == 1 and TWO_OF_CLUBS in hand:
        return [TWO_OF_CLUBS]
    elif broken:
        options = list(hand)
    else:
        others = [card for card in hand if suit(card) != HEARTS]
        if not others or (rules.hearts_with_queen and others == [QUEEN_OF_SPADES]):
            options = list(hand)
        else:
            options = others  # standard with only hearts and Q♠ left: Q♠ is the one lead
    if trick_number == 1:
        safe = [card for card in options if not is_point(card)]
        if safe:
            options = safe
    return options


def trick_winner(plays: Sequence[tuple[str, str]]) -> str:
    """The seat that played the highest card of the suit led (``plays`` in play order)."""
    led = suit(plays[0][1])
    best_seat, best_card = plays[0]
    for seat, card in plays[1:]:
        if suit(card) == led and rank(card) > rank(best_card):
            best_seat, best_card = seat, card
    return best_seat


def breaks_hearts(card: str) -> bool:
    """A heart or Q♠ on a trick lets hearts be led from the next trick on (both variants)."""
    return suit(card) == HEARTS or card == QUEEN_OF_SPADES
