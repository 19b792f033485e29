"""The archive: stored hands, games, decisions, signatures and keys (SQLite). Storage only.

Rows in, typed values out: it imports the rules core and nothing above it
(the use-case layer ``service`` decides what is stored and who may see it;
the faces never call the archive directly). Every hand keeps an
append-only, hash-chained log (``chain``) of its audit, the director's
decisions and the table's signatures, each entry a document of the
archive's own (``documents``), and its standing is folded from that log on
every read (``state``): nothing about a hand is ever updated in place.
"""

from .db import connect, open_archive, write
from .errors import ArchiveError, Conflict, NotFound
from .events import (
    Event,
    EventChainReport,
    EventPlayer,
    EventRound,
    EventTable,
    add_player,
    append_log,
    event_log,
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
    Game,
    GameFilter,
    GameStatus,
    SheetSigned,
    append_game_signature,
    game_owner,
    get_game,
    insert_game,
    list_games,
)
from .hands import (
    ChainReport,
    HandFilter,
    Placement,
    StoredHand,
    append_consequence,
    append_decision,
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
from .handstate import Consequence, Decided, HandState, HandStatus, Signed
from .keys import ROLES, Key, Role, create_key, find_key, get_key, list_keys, revoke_key
from .migrations import applied, migrate
from .sessions import SessionEnd, end_session, session_key_id, start_session

__all__ = [
    "ROLES",
    "ArchiveError",
    "ChainReport",
    "Conflict",
    "Consequence",
    "Decided",
    "Event",
    "EventChainReport",
    "EventPlayer",
    "EventRound",
    "EventTable",
    "Game",
    "GameFilter",
    "GameStatus",
    "HandFilter",
    "HandState",
    "HandStatus",
    "Key",
    "NotFound",
    "Placement",
    "Role",
    "SessionEnd",
    "SheetSigned",
    "Signed",
    "StoredHand",
    "add_player",
    "append_consequence",
    "append_decision",
    "append_game_signature",
    "append_log",
    "append_signature",
    "applied",
    "connect",
    "create_key",
    "earlier_game_hand_hashes",
    "end_session",
    "event_log",
    "find_hand",
    "find_key",
    "game_hand_hash",
    "game_hand_hashes",
    "game_owner",
    "game_scorers",
    "get_event",
    "get_game",
    "get_hand",
    "get_key",
    "hand_hash",
    "insert_event",
    "insert_game",
    "insert_round",
    "list_events",
    "list_games",
    "list_hands",
    "list_keys",
    "migrate",
    "open_archive",
    "replace_table",
    "revoke_key",
    "session_key_id",
    "set_scorers",
    "start_session",
    "store_hand",
    "verify",
    "withdraw_player",
    "write",
]
