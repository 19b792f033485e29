"""Sets of cards as int masks, and the one trick winner.

A mask has bit ``card.number`` set for each card in it (``Card.bit``). Cards are
numbered suit-major, low to high, so a suit is 13 consecutive bits and the
highest card of a suit in a mask is that mask's top bit: the winner of a trick
is one ``&`` and one ``bit_length``. A double deck is the pair "at least once"
and "twice" (Long John holds no card three times).

"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mypy_extensions import mypyc_attr

from .cards import CARDS, Card, Suit

SUIT_MASKS: Final[dict[Suit | None, int]] = {card.suit: card.suit_mask for card in CARDS.values()}
"""Every card of a suit (``Card.suit_mask``); the joker (``None``) has no suit, and its mask
is only itself."""

BY_NUMBER: Final[tuple[Card, ...]] = tuple(sorted(set(CARDS.values()), key=lambda card: card.number))
"""Each card by its number: ``BY_NUMBER[card.number] is card``."""


def mask_of(cards: Iterable[Card]) -> int:
    """The cards as one mask (each card once, however often it is given)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_in(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest number first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(BY_NUMBER[low.bit_length() - 1])
        mask ^= low
    return out


def top_card(mask: int) -> Card:
    """The highest-numbered card of a non-empty ``mask``: in one suit, the highest rank."""
    return BY_NUMBER[mask.bit_length() - 1]


def trick_winner(cards: list[Card], cancellation: bool) -> tuple[int | None, tuple[Card, ...]]:
    """Which card (its index in play order) wins a complete trick, and what cancelled.

    The highest card of the suit led wins, the first played of equals; a led joker
    takes its trick. Under ``cancellation`` identical cards of the suit led drop out
    first (in the order first played, each copy), and when none is left the trick
    has no winner (it goes to the middle). The one rule the replay
    (``referee.play.close_trick``) and the claim solver (``referee.solver``) share."""
    first = cards[0]
    if first.suit is None:
        return 0, ()
    suit = first.suit_mask
    once = twice = 0
    for card in cards:
        bit = card.bit & suit
        twice |= once & bit
        once |= bit
    cancelled: tuple[Card, ...] = ()
    if cancellation and twice:
        once &= ~twice
        pairs = dict.fromkeys(card for card in cards if card.bit & twice)
        cancelled = tuple(card for card in pairs for _ in range(cards.count(card)))
        if not once:
            return None, cancelled
    top = top_card(once)
    for index, card in enumerate(cards):
        if card is top:
            return index, cancelled
    raise AssertionError("the top card of the suit led is on the trick")  # pragma: no cover


HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]
NOT_HEARTS: Final = ~HEARTS_MASK
"""Every card but the hearts (a mask's other cards: ``mask & NOT_HEARTS``), worked out once."""


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class Hand:
    """The cards a seat holds, as masks: ``once`` every card held, ``twice`` every card
    held two times (a double deck). ``more`` counts copies past two, which only a
    record dealing a card too often has (the deal's problem is logged; the hand is
    still played as dealt, to find the play's own problems)."""

    __slots__ = ("more", "once", "twice")

    def __init__(self, once: int = 0, twice: int = 0, more: dict[Card, int] | None = None) -> None:
        self.once = once
        self.twice = twice
        self.more: dict[Card, int] = more if more is not None else {}

    @staticmethod
    def of(cards: Iterable[Card]) -> Hand:
        once = twice = 0
        more: dict[Card, int] = {}
        for card in cards:
            bit = card.bit
            if not once & bit:
                once |= bit
            elif not twice & bit:
                twice |= bit
            else:
                more[card] = more.get(card, 0) + 1
        return Hand(once, twice, more)  # compiled: the C constructor (``cls(...)`` is a Python call)

    def add(self, card: Card) -> None:
        bit = card.bit
        if not self.once & bit:
            self.once |= bit
        elif not self.twice & bit:
            self.twice |= bit
        else:
            self.more[card] = self.more.get(card, 0) + 1

    def remove(self, card: Card) -> bool:
        """Take one copy of ``card`` out; ``False`` (and nothing changes) if it is not held."""
        bit = card.bit
        if self.more and card in self.more:
            left = self.more.pop(card) - 1
            if left:
                self.more[card] = left
        elif self.twice & bit:
            self.twice ^= bit
        elif self.once & bit:
            self.once ^= bit
        else:
            return False
        return True

    def add_all(self, mask: int) -> None:
        """Add one copy of each card of ``mask``: :meth:`add` for each, as a few mask operations
        where no card would be held a third time."""
        if self.more or mask & self.twice:
            for card in cards_in(mask):
                self.add(card)
            return
        self.twice |= mask & self.once
        self.once |= mask

    def remove_all(self, mask: int) -> None:
        """Take one copy of each card of ``mask`` out, where held: :meth:`remove` for each."""
        if self.more:
            for card in cards_in(mask):
                self.remove(card)
            return
        twice = mask & self.twice
        self.twice ^= twice
        self.once ^= mask & self.once & ~twice

    def __contains__(self, card: Card) -> bool:
        return bool(self.once & card.bit)

    def count(self, card: Card) -> int:
        bit = card.bit
        if not self.once & bit:
            return 0
        return (2 + self.more.get(card, 0)) if self.twice & bit else 1

    def cards(self) -> list[Card]:
        """Every card held, each copy, lowest number first."""
        out: list[Card] = []
        for card in cards_in(self.once):
            out += [card] * self.count(card)
        return out

    def __len__(self) -> int:
        return self.once.bit_count() + self.twice.bit_count() + sum(self.more.values())
