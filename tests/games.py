"""Games for tests: a table, its keys, and hands a game can take.

A game's hand is a hand record without what the game supplies (variant,
seats, dealer, hand_number, scores_before). :func:`moon` scripts a moon for
any seat (the seat holding all the clubs leads 2♣ and wins every trick while
the others discard whole suits, ♥ and Q♠ included); :func:`random_body`
plays a random legal hand with :mod:`playout`.
"""

from __future__ import annotations

import random
from typing import Any

from hands import SEATS, hand, split

from playout import build_hand

PLAYERS = {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"}
SUPPLIED = ("variant", "seats", "dealer", "hand_number", "scores_before")

BLOCKS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
)


def new_game(variant: Any = "mso-2000", first_dealer: str = "W", **extra: Any) -> dict[str, Any]:
    """The body of ``POST /v1/games`` for a four-seat table."""
    return {
        "variant": variant,
        "seats": list(SEATS),
        "players": dict(PLAYERS),
        "first_dealer": first_dealer,
        **extra,
    }


def body(record: dict[str, Any]) -> dict[str, Any]:
    """What a scoring app sends a game: the record less what the game supplies."""
    return {key: value for key, value in record.items() if key not in SUPPLIED}


def clockwise_from(seat: str) -> tuple[str, ...]:
    start = SEATS.index(seat)
    return tuple(SEATS[(start + k) % 4] for k in range(4))


def moon(shooter: str, hand_number: int, variant: str = "mso-2000", **extra: Any) -> dict[str, Any]:
    """Hand ``hand_number`` of a game, in which ``shooter`` takes every trick."""
    order = clockwise_from(shooter)
    held = {seat: BLOCKS[k] for k, seat in enumerate(order)}
    cards = {seat: split(held[seat]) for seat in SEATS}
    play = " ".join(f"{seat}:{cards[seat][k]}" for k in range(13) for seat in order)
    return body(hand(variant, held=held, play=play, hand_number=hand_number, **extra))


def random_body(seed: int, hand_number: int, variant: str = "mso-2000", **kwargs: Any) -> dict[str, Any]:
    """A random legal hand ``hand_number`` of a game (``kwargs`` go to ``playout.build_hand``)."""
    return body(build_hand(random.Random(seed), variant, hand_number, **kwargs))
