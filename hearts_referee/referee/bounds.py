"""The bounds of a hand record, named once with the reason for each value.

The record format's reader (``referee.reader``) checks them, ``schemas.bounds`` names them
among every other bound on what a client may send, and openapi.yaml states them
(``tests/test_bounds.py``).
"""

from __future__ import annotations

from typing import Final

HAND_NUMBER_MAX: Final = 10_000
"""A hand's number in its game. A session plays a few dozen hands; ten thousand is past any
game (it only fixes the pass direction, which cycles every few hands)."""

SCORE_MAX: Final = 1_000_000
"""|points| in ``scores_before`` (game totals) and ``claimed`` (what the table wrote). Game
targets stop at 10,000 and one hand moves a seat by at most about 3,000 under any house
rule (26 hearts of two decks at 100 each, two Q♠ and two J♦ at 100), so a million
holds any real total many times over."""

SEAT_MAX_LENGTH: Final = 16
"""A seat id: "N", "North", "Seat 7"."""

BACK_MAX_LENGTH: Final = 32
"""A card back's colour: "red", "blue"."""
