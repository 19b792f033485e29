"""Writing hands for tables of any size (long-john, omnibus-kitty) from card strings.

Tables are seated ``A, B, C, …`` clockwise. ``deal`` takes each seat's cards
as dealt; tests mostly use keeper/hold hands so the cards dealt are the
cards played. ``ranks("2-7", "C")`` and friends keep double-deck deals short.
"""

from __future__ import annotations

from typing import Any

from hands import events

RANKS = "23456789TJQKA"


def seats(count: int) -> list[str]:
    return [chr(ord("A") + i) for i in range(count)]


def ranks(span: str, suit: str, copies: int = 1) -> str:
    """``ranks("2-7", "C")`` → ``"2C 3C 4C 5C 6C 7C"``; ``copies=2`` writes each twice."""
    low, high = span.split("-") if "-" in span else (span, span)
    picked = RANKS[RANKS.index(low) : RANKS.index(high) + 1]
    return " ".join(f"{r}{suit}" for r in picked for _ in range(copies))


def suit(letter: str, copies: int = 1) -> str:
    return ranks("2-A", letter, copies)


def record(
    variant: str,
    deal: dict[str, str],
    *,
    play: str | list = "",
    hand_number: int,
    dealer: str,
    kitty: str = "",
    passes: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A hand record for a table seated in ``deal``'s order."""
    result: dict[str, Any] = {
        "variant": variant,
        "seats": list(deal),
        "dealer": dealer,
        "hand_number": hand_number,
        "deal": {seat: cards.split() for seat, cards in deal.items()},
        "kitty": kitty.split(),
        "passes": passes or {},
        "play": events(play),
    }
    result.update(extra)
    return result


def rounds(order: list[str], hands: dict[str, str], count: int | None = None) -> str:
    """Trick after trick, each seat in ``order`` plays its next card from ``hands``."""
    cards = {seat: hands[seat].split() for seat in order}
    count = count if count is not None else min(len(c) for c in cards.values())
    return " ".join(f"{seat}:{cards[seat][k]}" for k in range(count) for seat in order)
