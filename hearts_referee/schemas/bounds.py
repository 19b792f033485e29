"""Every bound on what a client may send, named once, with the reason for its value.

The codecs (``schemas``) check each against the request, openapi.yaml states
each (``tests/test_bounds.py`` holds the two together), and the pages' forms
go through the same codecs. Integers are bounded so that nothing a client
sends can overflow SQLite's 64-bit integers or grow without end; text so
that a name stays a name.
"""

from __future__ import annotations

from hearts_referee.referee.bounds import BACK_MAX_LENGTH, HAND_NUMBER_MAX, SCORE_MAX, SEAT_MAX_LENGTH

__all__ = [  # a hand record's own bounds are the core's, which reads records (``referee.bounds``)
    "ADJUSTMENT_MAX",
    "BACK_MAX_LENGTH",
    "EVENT_NUMBER_MAX",
    "EVENT_PLAYERS_MAX",
    "EVENT_ROUNDS_MAX",
    "EVENT_SCORERS_MAX",
    "HAND_NUMBER_MAX",
    "NAME_MAX_LENGTH",
    "NEXT_MAX_LENGTH",
    "PAGE_MAX",
    "REASON_MAX_LENGTH",
    "ROW_ID_MAX",
    "RULING_MAX",
    "SCORE_MAX",
    "SEAT_MAX_LENGTH",
    "SEED_MAX",
    "TABLE_MAX_LENGTH",
    "VARIANT_ID_MAX_LENGTH",
    "VERSION_MAX",
]

# --- integers ---------------------------------------------------------------------------

ROW_ID_MAX = 2**63 - 1
"""SQLite's largest integer: the largest hand, game or key number (and ``after``)."""

ADJUSTMENT_MAX = 10_000
"""|points| of one seat in a director's ``score_changes``. No hand scores more than about
3,000 under any house rule (see ``SCORE_MAX``), so a correction past 10,000 (the largest
game target) is never one."""

RULING_MAX = 1_000_000
"""A ruling's index in a hand's rulings. Each comes from an event of the record; a million
would need a record of tens of megabytes."""

VERSION_MAX = 1_000_000
"""A score version (a signature's ``version``): one per decision, and a hand is decided a
handful of times."""

PAGE_MAX = 500
"""The largest page of ``GET /v1/hands`` (``limit``)."""

EVENT_PLAYERS_MAX = 256
"""Players registered with an event: the largest format (``mso-2000``) takes 256; Long John 64."""

EVENT_NUMBER_MAX = 10_000
"""A player's or a table's number in an event (registrations and late entries, never near it)."""

SEED_MAX = 2**31 - 1
"""A round's seed (drawn below 2**31, so every JSON client reads it exactly)."""

EVENT_ROUNDS_MAX = 64
"""Rounds a house event format may ask for, and a table size's upper bound at 64 players."""

EVENT_SCORERS_MAX = 64
"""Scorer keys an event names (one scoring app a table at most, and tables seat 4 or more)."""

# --- text --------------------------------------------------------------------------------

NAME_MAX_LENGTH = 80
"""A player's, director's, signer's or key holder's name."""

TABLE_MAX_LENGTH = 64
"""A table's label: "7", "Main room, table 12"."""

REASON_MAX_LENGTH = 2000
"""A director's reason: a paragraph or two (line breaks allowed)."""

VARIANT_ID_MAX_LENGTH = 64
"""A variant id in a query (the known ids are short)."""

NEXT_MAX_LENGTH = 2000
"""The page a sign-in goes on to (``next``): a path and query of this site."""
