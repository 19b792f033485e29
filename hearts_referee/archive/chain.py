"""Each hand's log: entries appended in order, each hash covering the one before.

An entry's hash is the SHA-256 of a JSON array of every stored column of
the entry (previous hash, hand, number, kind, ruling, time, actor, body
text), so changing any of them, reordering entries or removing one from the
middle breaks the chain from there on. The first entry's ``prev`` is
:data:`GENESIS`. Deleting the *newest* entries leaves a shorter chain that
still holds; publishing a hand's head hash (``GET .../verify`` returns it)
is what detects that.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from hearts_referee.referee.translator import SAID
from hearts_referee.stored.log import GENESIS, Entry, EntryKind, EventEntryKind, HandEntryKind, entry_hash

from .db import Row, compact, insert, now, row, rows


@dataclass(frozen=True)
class Log:
    """Where a kind of log is kept: its table, the column naming its owner, whether its
    entries index a ruling, and the kinds this release knows in it. A hand's log and an
    event's chain alike (an event's entries have no ruling: ``None``)."""

    table: str
    owner: str
    ruled: bool
    kinds: Mapping[str, EntryKind]
    columns: str = field(init=False)
    """Every column of an entry, the owner's as ``owner`` (without a ruling: ``NULL``)."""

    def __post_init__(self) -> None:
        ruling = "ruling" if self.ruled else "NULL AS ruling"
        columns = f"{self.owner} AS owner, n, kind, {ruling}, at, actor, body, prev, hash"
        object.__setattr__(self, "columns", columns)

    def entry(self, found: Row) -> Entry:
        """The entry a row of this log holds (by position in ``Entry``'s field order:
        docs/performance.md, "Storage rows by name")."""
        kind: str = found.kind
        return Entry(
            found.owner,
            found.n,
            self.kinds.get(kind, kind),
            found.ruling,
            found.at,
            found.actor,
            found.body,
            found.prev,
            found.hash,
        )

    def values(self, entry: Entry) -> dict[str, Any]:
        """The row that stores ``entry`` in this log, by column."""
        ruling = {"ruling": entry.ruling} if self.ruled else {}
        return {
            self.owner: entry.hand_id,
            "n": entry.n,
            "kind": str(entry.kind),
            **ruling,
            "at": entry.at,
            "actor": entry.actor,
            "body": entry.body_text,
            "prev": entry.prev,
            "hash": entry.hash,
        }


HANDS = Log("entries", "hand_id", True, {kind.value: kind for kind in HandEntryKind})
"""Each hand's log."""

EVENTS = Log("event_log", "event_id", False, {kind.value: kind for kind in EventEntryKind})
"""Each event's log."""


def append(
    db: Database,
    log: Log,
    owner: int,
    kind: EntryKind,
    body: dict[str, Any],
    actor: str | None,
    ruling: int | None = None,
) -> Entry:
    """Append the next entry to ``owner``'s ``log``, numbered and chained to the last one
    (call inside ``archive.db.write``); the entry stored."""
    last = row(db, f"SELECT n, hash FROM {log.table} WHERE {log.owner} = ? ORDER BY n DESC LIMIT 1", [owner])
    n, prev = (last.n + 1, last.hash) if last else (1, GENESIS)
    at = now()
    text = compact(body)
    entry = Entry(
        owner,
        n,
        kind,
        ruling,
        at,
        actor,
        text,
        prev,
        entry_hash(prev, owner, n, kind, ruling, at, actor, text),
    )
    insert(db, log.table, log.values(entry))
    return entry


def log_of(db: Database, log: Log, owner: int) -> list[Entry]:
    """Every entry of ``owner``'s ``log``, oldest first."""
    found = rows(db, f"SELECT {log.columns} FROM {log.table} WHERE {log.owner} = ? ORDER BY n", [owner])
    return [log.entry(each) for each in found]


def entries(db: Database, hand_id: int) -> list[Entry]:
    """Every entry of the hand's log, oldest first."""
    return log_of(db, HANDS, hand_id)


def entries_of(db: Database, hand_ids: list[int]) -> dict[int, list[Entry]]:
    """The logs of several hands in one query, by hand id."""
    found: dict[int, list[Entry]] = {hand_id: [] for hand_id in hand_ids}
    if not hand_ids:
        return found
    marks = ",".join("?" * len(hand_ids))
    for each in rows(
        db,
        f"SELECT {HANDS.columns} FROM {HANDS.table} WHERE hand_id IN ({marks}) ORDER BY hand_id, n",
        hand_ids,
    ):
        entry = HANDS.entry(each)
        found[entry.hand_id].append(entry)
    return found


def chain_problems(log: list[Entry]) -> list[tuple[int, str, str]]:
    """``(n, code, message)`` for every entry that breaks the chain (empty when it holds)."""
    problems: list[tuple[int, str, str]] = []
    prev = GENESIS
    for expected_n, entry in enumerate(log, start=1):
        if entry.n != expected_n:
            problems.append(
                (
                    entry.n,
                    "missing_entry",
                    SAID.gettext(
                        "entry %(missing)s is missing before entry %(n)s", missing=expected_n, n=entry.n
                    ),
                )
            )
        if entry.prev != prev:
            problems.append(
                (
                    entry.n,
                    "broken_link",
                    SAID.gettext("entry %(n)s does not follow the hash of the entry before it", n=entry.n),
                )
            )
        if entry.hash != entry.expected_hash():
            problems.append(
                (
                    entry.n,
                    "altered_entry",
                    SAID.gettext("entry %(n)s does not hash to its stored hash: it was changed", n=entry.n),
                )
            )
        prev = entry.hash
    return problems
