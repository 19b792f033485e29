"""Cards, suits and decks: the value types every other module speaks in.

Cards are interned: there is exactly one ``Card`` object per code, so that parsing is a
dictionary look-up a card and comparisons are cheap (docs/performance.md, "Why the code is
shaped so"). A double-deck game simply holds the same object twice.

Each card also has a number and a bit, the engine's table state (``referee.masks``):
cards are numbered suit-major, clubs to spades and low to high within a suit, so
within a suit the higher card has the higher bit; the joker is bit 52.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Final


class Suit(StrEnum):
    """A suit, by its record letter. ``symbol`` is what a director sees."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}

RANK_CHARS = "23456789TJQKA"
"""Rank letters from low to high; a card's rank is its index here plus 2."""
SUIT_ORDER = "CDHS"
"""The suits in card-number order (``Card.number``)."""
JOKER_NUMBER = 52


class Card:
    """One playing card (or the joker), parsed once and shared.

    Every card is interned (there is one object per code, and pickling or
    copying keeps it), so equality and hashing are by identity: the fastest
    a dictionary of cards can be.

    ``rank`` runs 2..14 (ace high); the joker has rank 0 and no suit: it
    never follows suit and never wins a trick by rank.
    """

    __slots__ = ("bit", "code", "number", "rank", "suit", "suit_mask")

    code: str
    rank: int
    suit: Suit | None
    number: int
    """0..51 suit-major (clubs 2 is 0, spades ace 51); the joker is 52."""
    bit: int
    """``1 << number``: the card in a mask of cards."""
    suit_mask: int
    """Every card of its suit, as a mask (the joker: itself, the one card of no suit)."""

    def __init__(self, code: str, rank: int, suit: Suit | None) -> None:
        number = JOKER_NUMBER if suit is None else SUIT_ORDER.index(suit.value) * 13 + rank - 2
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "bit", 1 << number)
        suit_mask = 1 << number if suit is None else ((1 << 13) - 1) << (number - rank + 2)
        object.__setattr__(self, "suit_mask", suit_mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:  # pickles and copies stay interned
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``"10h"``, ``"TH"`` or ``"jk"``; raises ``ValueError`` for anything else."""
        card = CARDS.get(text.upper()) if isinstance(text, str) and text.isascii() else None
        if card is None:
            raise ValueError(f"{text!r} is not a card")
        return card

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """What a director reads: ``"Q♠"``, ``"10♥"``, ``"joker"``."""
        if self.suit is None:
            return "joker"
        rank = "10" if self.code[0] == "T" else self.code[0]
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return _ORDER[self.code] < _ORDER[other.code]

    def __hash__(self) -> int:
        """Said out loud (compiled, a class that orders loses its default hash), and by its
        number: equal cards are the same object, so they have the same number. Not
        ``object.__hash__``, which compiled is a method call per look-up
        (docs/performance.md, "Why the code is shaped so")."""
        return self.number


def _build() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for suit in Suit:
        for index, char in enumerate(RANK_CHARS):
            cards[char + suit.value] = Card(char + suit.value, index + 2, suit)
    cards["JK"] = Card("JK", 0, None)
    return cards


CARDS: Final[dict[str, Card]] = _build()
"""Every card by its canonical code (upper case, ``T`` for ten, ``JK``)."""

for _suit in "CDHS":  # "10H" is accepted on input as well as "TH"
    CARDS["10" + _suit] = CARDS["T" + _suit]

_ORDER = {code: i for i, code in enumerate(c.code for c in dict.fromkeys(CARDS.values()))}

JOKER = CARDS["JK"]
TWO_OF_CLUBS = CARDS["2C"]
QUEEN_OF_SPADES = CARDS["QS"]
JACK_OF_DIAMONDS = CARDS["JD"]

STANDARD_DECK: tuple[Card, ...] = tuple(CARDS[r + s] for s in "CDHS" for r in RANK_CHARS)
"""The 52 cards of one deck, clubs to spades, low to high."""


def cards(text: str) -> list[Card]:
    """``cards("2C 3C 10h QS")`` - a short way to write hands in tests and docs."""
    return [Card.parse(token) for token in text.replace(",", " ").split()]


def multiset(items: Iterable[Card]) -> Counter[Card]:
    """Count cards, so a double deck's two copies of a card are both seen."""
    return Counter(items)
