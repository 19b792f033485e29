"""Cards as plain strings ("QS", "TH"), written apart from ``referee.cards`` on purpose.

The playout generator is a second, independent reading of the rules: if it
shared the engine's card model, a bug there would be a bug here too and the
property tests would agree with it.
"""

from __future__ import annotations

SUITS = "CDHS"
RANKS = "23456789TJQKA"
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)

TWO_OF_CLUBS = "2C"
QUEEN_OF_SPADES = "QS"
HEARTS = "H"

_RANK = {rank: value for value, rank in enumerate(RANKS, start=2)}


def suit(card: str) -> str:
    """The suit letter: ``"H"`` for ``"TH"``."""
    return card[1]


def rank(card: str) -> int:
    """2..14, ace high."""
    return _RANK[card[0]]


def points(card: str) -> int:
    """What a card scores: hearts 1, the queen of spades 13, everything else 0."""
    if card[1] == HEARTS:
        return 1
    return 13 if card == QUEEN_OF_SPADES else 0


def is_point(card: str) -> bool:
    return card[1] == HEARTS or card == QUEEN_OF_SPADES


POINT_CARDS = frozenset(card for card in DECK if is_point(card))
MOON_POINTS = sum(points(card) for card in DECK)  # 26: one seat took every point card
