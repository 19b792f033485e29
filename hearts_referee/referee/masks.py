"""Sets of cards as int masks, and the one trick winner.

A mask has bit ``card.number`` set for each card in it (``Card.bit``). Cards are
numbered suit-major, low to high, so a suit is 13 consecutive bits and the
highest card of a suit in a mask is that mask's top bit: the winner of a trick
is one ``&`` and one ``bit_length``. A double deck is the pair "at least once"
and "twice" (Long John holds no card three times).

"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import CARDS, JOKER, SUIT_ORDER, Card, Suit

SUIT_MASKS: dict[Suit | None, int] = {Suit(s): ((1 << 13) - 1) << (13 * i) for i, s in enumerate(SUIT_ORDER)}
"""Every card of a suit; the joker (``None``) has no suit, and its mask is only itself."""
SUIT_MASKS[None] = JOKER.bit

BY_NUMBER: tuple[Card, ...] = tuple(sorted(set(CARDS.values()), key=lambda card: card.number))
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


def trick_winner(cards: Sequence[Card], cancellation: bool) -> tuple[int | None, tuple[Card, ...]]:
    """Which card (its index in play order) wins a complete trick, and what cancelled.

    The highest card of the suit led wins, the first played of equals; a led joker
    takes its trick. Under ``cancellation`` identical cards of the suit led drop out
    first (in the order first played, each copy), and when none is left the trick
    has no winner (it goes to the middle). The one rule the replay
    (``referee.play.close_trick``) and the claim solver (``referee.solver``) share."""
    led = cards[0].suit
    if led is None:
        return 0, ()
    suit = SUIT_MASKS[led]
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
