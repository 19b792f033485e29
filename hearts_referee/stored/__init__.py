"""What the archive keeps, as values: a stored hand and its log, a game, an event, a key.

Storage (``hearts_referee.archive``) reads rows into these and writes them
back; the use cases (``hearts_referee.usecases``) hand them to the faces,
which therefore never import storage to name what they show. Nothing here
touches SQLite: a hand's standing (``handstate``) is folded from its log on
every read, and each log entry's document is read and written by
``log_entries``, so the rules of what a log says live in one place for
storage and the faces alike.
"""

from .events import EventChainReport, EventListed, EventPlayer, EventRound, EventTable, StoredEvent
from .games import Game, GameFilter, GameStatus, SheetSigned
from .hands import ChainReport, HandFilter, StoredHand
from .handstate import Consequence, Decided, HandState, HandStatus, Signed
from .keys import ROLES, Key, Role
from .log import GENESIS, Entry, EntryKind, EventEntryKind, HandEntryKind
from .pairings import Pairing, PairingState

__all__ = [
    "GENESIS",
    "ROLES",
    "ChainReport",
    "Consequence",
    "Decided",
    "Entry",
    "EntryKind",
    "EventChainReport",
    "EventEntryKind",
    "EventListed",
    "EventPlayer",
    "EventRound",
    "EventTable",
    "Game",
    "GameFilter",
    "GameStatus",
    "HandEntryKind",
    "HandFilter",
    "HandState",
    "HandStatus",
    "Key",
    "Pairing",
    "PairingState",
    "Role",
    "SheetSigned",
    "Signed",
    "StoredEvent",
    "StoredHand",
]
