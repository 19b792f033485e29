"""Opening the archive file, and the one way to write to it.

- The file is created on first use, with ``page_size=8192`` before any table
  (a stored hand is a few KB of JSON: 4 KB pages waste half of each) and in
  WAL mode, so readers never wait for a writer.
- Every connection enforces foreign keys and waits up to ``BUSY_TIMEOUT``
  seconds for another writer instead of failing at once.
- :func:`write` is the only transaction the archive uses: ``BEGIN IMMEDIATE``
  takes the write lock before the first read, so a transaction never reads a
  snapshot that another writer then invalidates (a deferred ``BEGIN`` that
  reads and then writes fails with "database is locked" under concurrency,
  whatever the busy timeout). Nested, it is a savepoint.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

BUSY_TIMEOUT = 10.0
"""Seconds a connection waits for another writer's transaction to finish."""

PAGE_SIZE = 8192


def connect(path: str | Path) -> Database:
    """A connection to an existing or new archive file (no schema work)."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys=ON")
    return db


def open_archive(path: str | Path) -> Database:
    """Connect, creating the file and its folder if needed, and bring the schema up to date."""
    from .migrations import migrate

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    if not db.table_names():
        db.execute(f"PRAGMA page_size={PAGE_SIZE}")
    db.enable_wal()
    migrate(db)
    return db


@contextmanager
def write(db: Database) -> Iterator[Database]:
    """One write transaction: everything inside commits together or not at all."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    try:
        db.conn.execute("COMMIT")
    except BaseException:
        db.rollback()
        raise


def row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just made."""
    if cursor.lastrowid is None:  # only after a statement that inserted nothing
        raise RuntimeError("the INSERT made no row")
    return cursor.lastrowid


def now() -> str:
    """The current UTC time as stored: ``2026-11-30T05:12:58.123456Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical(value: Any) -> str:
    """The one JSON text of ``value`` (sorted keys, no spaces): what content hashes cover."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def compact(value: Any) -> str:
    """JSON as stored: no spaces, keys in their order (seats clockwise, results as documented)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
