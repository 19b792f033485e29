"""The deal and the pass: a shuffled deck, 13 cards each, 3 passed the right way."""

from __future__ import annotations

import random

from .cards import DECK, SUITS
from .rules import SEATS, seat_at


def random_deal(rng: random.Random) -> dict[str, list[str]]:
    deck = list(DECK)
    rng.shuffle(deck)
    return {seat: deck[13 * i : 13 * (i + 1)] for i, seat in enumerate(SEATS)}


def lumpy_deal(rng: random.Random) -> dict[str, list[str]]:
    """A deal close to one suit per seat: the sorted deck, suits in random order,
    with 0..40 random swaps. Voids, forced point discards on trick 1 and leaders
    holding only hearts, rare in a shuffled deal, become common."""
    suits = list(SUITS)
    rng.shuffle(suits)
    deck = [card for s in suits for card in DECK if card[1] == s]
    for _ in range(rng.randint(0, 40)):
        i, j = rng.randrange(52), rng.randrange(52)
        deck[i], deck[j] = deck[j], deck[i]
    return {seat: deck[13 * i : 13 * (i + 1)] for i, seat in enumerate(SEATS)}


def random_passes(rng: random.Random, deal: dict[str, list[str]], offset: int) -> dict[str, list[str]]:
    """Three random cards from each seat's deal; nothing on a hold hand (offset 0)."""
    if offset == 0:
        return {}
    return {seat: rng.sample(deal[seat], 3) for seat in SEATS}


def after_pass(deal: dict[str, list[str]], passes: dict[str, list[str]], offset: int) -> dict[str, list[str]]:
    """What each seat holds once every pass has reached the seat ``offset`` to its left."""
    hands = {seat: [card for card in deal[seat] if card not in passes.get(seat, ())] for seat in SEATS}
    if offset:
        for seat in SEATS:
            hands[seat_at(seat, offset)].extend(passes[seat])
    return hands
