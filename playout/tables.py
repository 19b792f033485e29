"""Tables of any size (long-john, omnibus-kitty): seat ids, the pass, game totals.

The four-player modules use the fixed seats N, E, S, W; these helpers take
the seats as a list, clockwise in list order, so the player on a seat's
left is the next one in the list. Hands are lists of card strings and may
hold the same card twice (a double deck), so removing cards removes one
copy at a time.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

SEAT_NAMES: tuple[tuple[str, ...], ...] = (
    tuple("ABCDEFGH"),
    tuple(f"T{n}" for n in range(1, 9)),
    ("ann", "bo", "cy", "dee", "eli", "flo", "gus", "hal"),
)
"""Seat ids are any short strings; the generator draws one of these sets."""


def table_seats(rng: random.Random, count: int) -> list[str]:
    """``count`` seat ids, clockwise: a random set of names, rotated at random."""
    names = list(rng.choice(SEAT_NAMES)[:count])
    turn = rng.randrange(count)
    return names[turn:] + names[:turn]


def seat_at(seats: Sequence[str], seat: str, offset: int) -> str:
    """The seat ``offset`` places to the left of ``seat`` (negative: to the right)."""
    return seats[(seats.index(seat) + offset) % len(seats)]


def without(cards: Iterable[str], removed: Iterable[str]) -> list[str]:
    """``cards`` less one copy of each card in ``removed`` (each must be there)."""
    left = list(cards)
    for card in removed:
        left.remove(card)
    return left


def after_pass(
    seats: Sequence[str], deal: Mapping[str, Sequence[str]], passes: Mapping[str, Sequence[str]], offset: int
) -> dict[str, list[str]]:
    """What each seat holds once every pass has reached the seat ``offset`` to its left."""
    hands = {seat: without(deal[seat], passes.get(seat, ())) for seat in seats}
    if offset:
        for seat in seats:
            hands[seat_at(seats, seat, offset)].extend(passes[seat])
    return hands


def deal_before_pass(
    rng: random.Random, seats: Sequence[str], held: Mapping[str, Sequence[str]], offset: int, count: int = 3
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(deal, passes) that leave every seat holding ``held`` once the pass is made.

    Each seat's passer handed over ``count`` of the cards the seat ends up
    with; the rest of its deal is what it holds less what it received, plus
    what it passed on.
    """
    if offset == 0:
        return {seat: list(held[seat]) for seat in seats}, {}
    passes = {seat: rng.sample(list(held[seat_at(seats, seat, offset)]), count) for seat in seats}
    deal = {seat: without(held[seat], passes[seat_at(seats, seat, -offset)]) + passes[seat] for seat in seats}
    return deal, passes


def random_passes(
    rng: random.Random, seats: Sequence[str], deal: Mapping[str, Sequence[str]], offset: int, count: int = 3
) -> dict[str, list[str]]:
    """``count`` random cards from each seat's deal; nothing on a hold/keeper hand."""
    if offset == 0:
        return {}
    return {seat: rng.sample(list(deal[seat]), count) for seat in seats}


def random_scores(rng: random.Random, seats: Sequence[str], high: int = 99) -> dict[str, int] | None:
    """Game totals before the hand (0..high each), omitted one time in four."""
    if rng.random() < 0.25:
        return None
    return {seat: rng.randint(0, high) for seat in seats}
