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

from typing import Any

from sqlite_utils import Database

from hearts_referee.stored.log import GENESIS, Entry, entry_hash

from .db import compact, now

_COLUMNS = "hand_id, n, kind, ruling, at, actor, body, prev, hash"


def next_entry(
    db: Database,
    log: tuple[str, str],
    owner: int,
    kind: str,
    body: dict[str, Any],
    actor: str | None,
    ruling: int | None = None,
) -> Entry:
    """The entry that comes next in ``owner``'s log, numbered and chained to the last one,
    not yet stored. ``log`` names the table and its owner column: a hand's log
    (``entries``, ``hand_id``) and an event's (``event_log``, ``event_id``) chain alike."""
    table, column = log
    last = db.execute(
        f"SELECT n, hash FROM {table} WHERE {column} = ? ORDER BY n DESC LIMIT 1", [owner]
    ).fetchone()
    n, prev = (last[0] + 1, last[1]) if last else (1, GENESIS)
    at = now()
    text = compact(body)
    return Entry(
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


def append(
    db: Database, hand_id: int, kind: str, body: dict[str, Any], actor: str | None, ruling: int | None = None
) -> Entry:
    """Append one entry to ``hand_id``'s log (call inside ``archive.db.write``)."""
    entry = next_entry(db, ("entries", "hand_id"), hand_id, kind, body, actor, ruling)
    db.execute(
        f"INSERT INTO entries ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            entry.hand_id,
            entry.n,
            entry.kind,
            entry.ruling,
            entry.at,
            entry.actor,
            entry.body_text,
            entry.prev,
            entry.hash,
        ],
    )
    return entry


def entries(db: Database, hand_id: int) -> list[Entry]:
    """Every entry of the hand's log, oldest first."""
    rows = db.execute(f"SELECT {_COLUMNS} FROM entries WHERE hand_id = ? ORDER BY n", [hand_id])
    return [Entry(*row) for row in rows]


def entries_of(db: Database, hand_ids: list[int]) -> dict[int, list[Entry]]:
    """The logs of several hands in one query, by hand id."""
    found: dict[int, list[Entry]] = {hand_id: [] for hand_id in hand_ids}
    if not hand_ids:
        return found
    marks = ",".join("?" * len(hand_ids))
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM entries WHERE hand_id IN ({marks}) ORDER BY hand_id, n", hand_ids
    )
    for row in rows:
        found[row[0]].append(Entry(*row))
    return found


def chain_problems(log: list[Entry]) -> list[tuple[int, str, str]]:
    """``(n, code, message)`` for every entry that breaks the chain (empty when it holds)."""
    problems = []
    prev = GENESIS
    for expected_n, entry in enumerate(log, start=1):
        if entry.n != expected_n:
            problems.append(
                (entry.n, "missing_entry", f"entry {expected_n} is missing before entry {entry.n}")
            )
        if entry.prev != prev:
            problems.append(
                (entry.n, "broken_link", f"entry {entry.n} does not follow the hash of the entry before it")
            )
        if entry.hash != entry.expected_hash():
            problems.append(
                (
                    entry.n,
                    "altered_entry",
                    f"entry {entry.n} does not hash to its stored hash: it was changed",
                )
            )
        prev = entry.hash
    return problems
