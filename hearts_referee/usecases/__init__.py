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
- ``keys``: who is asking, and the admin's key list;
- ``access``: who may do what (roles, and scorers' own hands and games);
- ``recheck``: the archive re-checked, every stored hand replayed by the engine running now;
- ``errors``: what a use case refuses, for the faces to shape.

What the archive keeps, as values (a stored hand, a game, a key...), is
named here too, from ``hearts_referee.stored``: a face reads them without
reaching into storage, and the import-linter contracts hold it to that.
"""

from hearts_referee.stored import (
    ROLES,
    ChainReport,
    Decided,
    Event,
    EventChainReport,
    Game,
    GameFilter,
    GameStatus,
    HandFilter,
    HandState,
    HandStatus,
    Key,
    Role,
    StoredHand,
)

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
    "Event",
    "EventChainReport",
    "Fault",
    "Game",
    "GameFilter",
    "GameStatus",
    "HandFilter",
    "HandState",
    "HandStatus",
    "Key",
    "Role",
    "StoredHand",
    "applied",
    "connect",
    "fault_of",
    "open_archive",
    "open_read_only",
    "prove_write",
]
