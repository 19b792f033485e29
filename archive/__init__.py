"""The archive: stored hands, games, the director's decisions and signatures (SQLite).

The web layer calls it; the rules core (``referee``, ``rulings``) never does.
Every hand keeps an append-only, hash-chained log (``chain``) of its audit,
the director's decisions and the table's signatures, and its standing is
folded from that log on every read (``state``): nothing about a hand is
ever updated in place.
"""

from .db import connect, open_archive, write
from .errors import ArchiveError, Conflict, NotFound
from .games import Game, append_hand, create_game, get_game
from .hands import ChainReport, StoredHand, decide, get_hand, list_hands, sign, submit_hand, verify
from .keys import PERMISSIONS, ROLES, Key, create_key, find_key, list_keys, revoke_key
from .migrations import applied, migrate

__all__ = [
    "PERMISSIONS",
    "ROLES",
    "ArchiveError",
    "ChainReport",
    "Conflict",
    "Game",
    "Key",
    "NotFound",
    "StoredHand",
    "append_hand",
    "applied",
    "connect",
    "create_game",
    "create_key",
    "decide",
    "find_key",
    "get_game",
    "get_hand",
    "list_hands",
    "list_keys",
    "migrate",
    "open_archive",
    "revoke_key",
    "sign",
    "submit_hand",
    "verify",
    "write",
]
