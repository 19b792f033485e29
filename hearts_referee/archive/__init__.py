"""The archive: stored hands, games, decisions, signatures and keys (SQLite). Storage only.

Rows in, typed values out: the values are ``hearts_referee.stored``'s (a
stored hand, a game, an event, a key), and this package imports only them
and the rules core (the use-case layer ``hearts_referee.usecases`` decides
what is stored and who may see it; the faces never call the archive). Every
hand keeps an append-only, hash-chained log (``chain``) of its audit, the
director's decisions and the table's signatures, each entry a document of
the archive's own (``stored.log_entries``), and its standing is folded from
that log on every read (``stored.handstate``): nothing about a hand is ever
updated in place.
"""

from hearts_referee.stored.errors import ArchiveError, Conflict, NotFound

from .db import connect, frozen, open_archive, prove_write, write
from .events import (
    add_player,
    append_log,
    event_log,
    event_of_game,
    game_scorers,
    get_event,
    insert_event,
    insert_round,
    list_events,
    replace_table,
    set_scorers,
    withdraw_player,
)
from .games import (
    append_game_signature,
    game_owner,
    get_game,
    insert_game,
    list_games,
)
from .hands import (
    Placement,
    append_consequence,
    append_decision,
    append_record,
    append_signature,
    earlier_game_hand_hashes,
    find_hand,
    game_hand_hash,
    game_hand_hashes,
    get_hand,
    hand_hash,
    list_hands,
    store_hand,
    verify,
)
from .keys import create_key, find_key, get_key, list_keys, revoke_key
from .migrations import applied, migrate
from .pairings import end_pairing, get_pairing, list_pairings, start_pairing, use_pairing
from .sessions import SessionEnd, end_session, session_key_id, session_started, start_session

__all__ = [
    "ArchiveError",
    "Conflict",
    "NotFound",
    "Placement",
    "SessionEnd",
    "add_player",
    "append_consequence",
    "append_decision",
    "append_game_signature",
    "append_log",
    "append_record",
    "append_signature",
    "applied",
    "connect",
    "create_key",
    "earlier_game_hand_hashes",
    "end_pairing",
    "end_session",
    "event_log",
    "event_of_game",
    "find_hand",
    "find_key",
    "frozen",
    "game_hand_hash",
    "game_hand_hashes",
    "game_owner",
    "game_scorers",
    "get_event",
    "get_game",
    "get_hand",
    "get_key",
    "get_pairing",
    "hand_hash",
    "insert_event",
    "insert_game",
    "insert_round",
    "list_events",
    "list_games",
    "list_hands",
    "list_keys",
    "list_pairings",
    "migrate",
    "open_archive",
    "prove_write",
    "replace_table",
    "revoke_key",
    "session_key_id",
    "session_started",
    "set_scorers",
    "start_pairing",
    "start_session",
    "store_hand",
    "use_pairing",
    "verify",
    "withdraw_player",
    "write",
]
