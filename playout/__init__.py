"""Random legal hand records, for property tests and benchmarks.

The rules here are written again from RULES.md with plain card strings and
no import from ``referee``: the generator is a second opinion, so a hand it
calls legal that the engine rules on (or scores differently) is a bug in one
of the two.

    >>> import random
    >>> from playout import random_hand, expected_score
    >>> record = random_hand(random.Random(7), "standard")
    >>> sum(expected_score(record).values()) in (26, 78)
    True

Tables of other sizes have modules of their own, with scorers that read a
record alone: :mod:`playout.long_john` (6-8 seats, two decks, cancellation)
and :mod:`playout.omnibus` (omnibus-kitty, 3-7 seats).

    >>> from playout import random_long_john_hand, long_john_points
    >>> sum(long_john_points(random_long_john_hand(random.Random(7), 7)).values())
    52
"""

from . import long_john, omnibus
from .cards import DECK, POINT_CARDS, points
from .edge import SCENARIOS, random_edge_hand
from .hand import build_hand, random_hand, random_lumpy_hand
from .long_john import card_points as long_john_points
from .long_john import expected_score as long_john_score
from .long_john_hands import (
    long_john_moon_hand_for,
    random_long_john_hand,
    random_long_john_hand_with_revoke,
    random_long_john_moon_hand,
)
from .moon import random_moon_hand, random_moon_try_with_revoke
from .omnibus import omnibus_points, random_omnibus_hand
from .revoke import random_hand_with_revoke
from .rules import RULES, SEATS, Rules, legal_cards, pass_offset, trick_winner
from .score import (
    card_points,
    expected_score,
    moon_option,
    moon_shooter,
    point_cards_before,
    stopped_moon,
    subtract_allowed,
    tricks_of,
)

__all__ = [
    "DECK",
    "POINT_CARDS",
    "RULES",
    "SCENARIOS",
    "SEATS",
    "Rules",
    "build_hand",
    "card_points",
    "expected_score",
    "legal_cards",
    "long_john",
    "long_john_moon_hand_for",
    "long_john_points",
    "long_john_score",
    "moon_option",
    "moon_shooter",
    "omnibus",
    "omnibus_points",
    "pass_offset",
    "point_cards_before",
    "points",
    "random_edge_hand",
    "random_hand",
    "random_hand_with_revoke",
    "random_long_john_hand",
    "random_long_john_hand_with_revoke",
    "random_long_john_moon_hand",
    "random_lumpy_hand",
    "random_moon_hand",
    "random_moon_try_with_revoke",
    "random_omnibus_hand",
    "stopped_moon",
    "subtract_allowed",
    "trick_winner",
    "tricks_of",
]
