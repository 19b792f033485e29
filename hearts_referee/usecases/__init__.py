"""The use cases: each thing the service does, once, for every face.

API (``api``), director's pages (``web``) and command line (``cli``) all
call these; none of them decides an access rule or a legality check of its
own. Typed values in and out: no Flask, no marshmallow, no JSON here (the
import-linter contracts in ``pyproject.toml`` hold that).

- ``audit``: audit one record (the step storing and re-auditing share);
- ``hands``: audit a record, submit, read, list, decide, sign, verify;
- ``games``: start, read, take the next hand, sign the scoresheet, re-audit
  the later hands after a decision, validate a recorded game;
- ``events``: create an event, seat its rounds (each table an ordinary game),
  its standings, playoffs and the director's overrides;
- ``players``: a player's rulings across an event (the recorder's view);
- ``keys``: who is asking, and the admin's key list;
- ``pairings``: a director signs a phone in by a one-time link (a QR code), and ends it;
- ``access``: who may do what (roles, and scorers' own hands and games);
- ``recheck``: the archive re-checked, every stored hand replayed by the engine running now;
- ``errors``: what a use case refuses, for the faces to shape.

What the archive keeps, as values (a stored hand, a game, a key...), is
named here too, from ``hearts_referee.stored``: a face reads them without
reaching into storage, and the import-linter contracts hold it to that.
"""

from typing import TYPE_CHECKING, Any

from hearts_referee.stored import (
    ROLES,
    ChainReport,
    Decided,
    EventChainReport,
    EventListed,
    Game,
    GameFilter,
    GameStatus,
    HandFilter,
    HandState,
    HandStatus,
    Key,
    Pairing,
    PairingState,
    Role,
    StoredEvent,
    StoredHand,
)

if TYPE_CHECKING:
    from .archive_file import (
        STORAGE_ERRORS,
        ArchiveUnavailable,
        Fault,
        applied,
        connect,
        fault_of,
        open_archive,
        open_read_only,
        prove_write,
    )

__all__ = [
    "ROLES",
    "STORAGE_ERRORS",
    "ArchiveUnavailable",
    "ChainReport",
    "Decided",
    "EventChainReport",
    "EventListed",
    "Fault",
    "Game",
    "GameFilter",
    "GameStatus",
    "HandFilter",
    "HandState",
    "HandStatus",
    "Key",
    "Pairing",
    "PairingState",
    "Role",
    "StoredEvent",
    "StoredHand",
    "applied",
    "connect",
    "fault_of",
    "open_archive",
    "open_read_only",
    "prove_write",
]


def __getattr__(name: str) -> Any:
    """The names for opening an archive (``archive_file``), imported when a face first
    asks for one: they load storage and sqlite-utils (slow to import), which auditing
    records (the library, ``hearts-referee audit`` of files) never needs."""
    if name in __all__:  # listed, yet not bound above: one of archive_file's
        from . import archive_file

        return getattr(archive_file, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
