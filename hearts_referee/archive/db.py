"""Opening the archive file, and the one way to write to it.

- The file is created on first use, with ``page_size=8192`` before any table
  (a stored hand is a few KB of JSON: 4 KB pages waste half of each) and in
  WAL mode, so readers never wait for a writer.
- A new file is created readable and writable by its owner only (``0600``,
  less whatever a stricter umask removes): it holds every record and the
  hashes of every API key. SQLite gives its ``-wal`` and ``-shm`` companions
  the same mode. An existing file keeps the mode its operator gave it.
- Every connection enforces foreign keys and waits up to ``BUSY_TIMEOUT``
  seconds for another writer instead of failing at once.
- :func:`write` is the only transaction the archive uses: ``BEGIN IMMEDIATE``
  takes the write lock before the first read, so a transaction never reads a
  snapshot that another writer then invalidates (a deferred ``BEGIN`` that
  reads and then writes fails with "database is locked" under concurrency,
  whatever the busy timeout). Nested, it is a savepoint.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections import namedtuple
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from sqlite_utils import Database

from hearts_referee.stored.log import sha256 as sha256  # the one hash of the log, keys and sessions

FILE_MODE = 0o600
"""The mode a new archive file is created with (the umask may remove more)."""

BUSY_TIMEOUT = 10.0
"""Seconds a connection waits for another writer's transaction to finish."""

PAGE_SIZE = 8192


def _create_private(path: str | Path) -> None:
    """Create the file as ``FILE_MODE`` before SQLite would create it world-readable."""
    with suppress(FileExistsError):  # there already, or another worker made it first
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))


def connect(path: str | Path, create: bool = True) -> Database:
    """A connection to an existing or new archive file (no schema work). With ``create``
    false, a missing file is ``FileNotFoundError`` (``faults.Fault.MISSING``) rather than
    a new empty archive: a file gone from under a running service must not become a second
    archive with none of the first one's chains. (Not SQLite's ``mode=rw``: it would also
    refuse a file it can only read, where a plain open falls back to reading.)"""
    if not Path(path).is_file():
        if not create:
            raise FileNotFoundError(errno.ENOENT, "no archive file", str(path))
        _create_private(path)
    elif frozen(path):
        return _database(sqlite3.connect(f"{Path(path).resolve().as_uri()}?immutable=1", uri=True))
    return _database(sqlite3.connect(str(path), timeout=BUSY_TIMEOUT))


def frozen(path: str | Path) -> bool:
    """Whether the archive lies on a file system mounted read-only with nothing in its WAL:
    then nothing can change it, and SQLite may read it as immutable. (A WAL-mode file
    is otherwise unreadable there once its last connection removed the ``-shm`` file:
    SQLite cannot make a new one.) A write is then ``SQLITE_READONLY``, as it should be."""
    if not os.statvfs(path).f_flag & os.ST_RDONLY:
        return False
    wal = Path(f"{path}-wal")
    return not wal.exists() or wal.stat().st_size == 0


def _database(conn: sqlite3.Connection) -> Database:
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


PROOF_TIMEOUT = 2.0
"""Seconds a proof of writing waits for another writer: a lock held longer is not ready."""


def prove_write(path: str | Path) -> None:
    """Write to the archive, cheaply, or raise what stops it (``faults``): rewrite the file's
    ``user_version`` (unused by the archive) with its own value and commit. In WAL mode that
    appends one page to the log and syncs it, which is exactly what every stored hand needs
    (space, a writable file system and file, the write lock); nothing is changed."""
    if frozen(path):
        raise OSError(errno.EROFS, "the archive's file system is mounted read-only", str(path))
    db = connect(path, create=False)
    try:
        db.execute(f"PRAGMA busy_timeout = {int(PROOF_TIMEOUT * 1000)}")
        with write(db):
            version = db.execute("PRAGMA user_version").fetchone()[0]
            db.execute(f"PRAGMA user_version = {int(version)}")
    finally:
        db.close()


Row = Any
"""A row read by column name, as an attribute (``row.id``, ``row.created_at``): a named
tuple whose fields are the columns the query selects (aliased where a column is an
expression: ``COALESCE(...) AS number``)."""


_ROW_TYPES: dict[str, Callable[[Iterable[Any]], Row]] = {}
"""The named tuple of each query's columns, by the query's text (made on its first run)."""

ROW_TYPES_KEPT = 512
"""How many queries' named tuples are kept (a list's ``IN (?, ...)`` varies its text)."""


def _named(sql: str, cursor: sqlite3.Cursor) -> Callable[[Iterable[Any]], Row]:
    """What makes a row of ``cursor`` a named tuple of its columns (why this way, and not
    sqlite-utils' ``db.query``: docs/performance.md, "Storage rows by name")."""
    made = _ROW_TYPES.get(sql)
    if made is None:
        if len(_ROW_TYPES) >= ROW_TYPES_KEPT:
            _ROW_TYPES.clear()
        named = namedtuple("Row", [column[0] for column in cursor.description])  # type: ignore[misc]
        made = _ROW_TYPES[sql] = partial(tuple.__new__, named)
    return made


def rows(db: Database, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
    """Every row ``sql`` selects, each read by column name."""
    cursor = db.execute(sql, params)
    return list(map(_named(sql, cursor), cursor))


def row(db: Database, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
    """The first row ``sql`` selects, by column name; ``None`` if there is none."""
    cursor = db.execute(sql, params)
    found = cursor.fetchone()
    return None if found is None else _named(sql, cursor)(found)


def insert(db: Database, table: str, values: Mapping[str, Any]) -> int:
    """Insert one row into an existing ``table``, its columns by name (sqlite-utils'
    ``Table.insert``: inside :func:`write`, a savepoint of its transaction); the new row's
    id. A table that is not there is SQLite's "no such table", as a plain ``INSERT`` would
    say, never a new table guessed from ``values``. Values go in as given: text columns
    that hold JSON are written by :func:`compact` first, never by sqlite-utils."""
    target = db.table(table)
    if not target.exists():
        raise sqlite3.OperationalError(f"no such table: {table}")
    made = target.insert(dict(values)).last_rowid
    if made is None:  # only after a statement that inserted nothing
        raise RuntimeError("the INSERT made no row")
    return made


STAMP = "%Y-%m-%dT%H:%M:%S.%fZ"


def now() -> str:
    """The current UTC time as stored: ``2026-11-30T05:12:58.123456Z``."""
    return stamp(datetime.now(UTC))


def stamp(moment: datetime) -> str:
    """A UTC time as stored (stored times compare as text in time order)."""
    return moment.astimezone(UTC).strftime(STAMP)


def moment(stored: str) -> datetime:
    """A stored time as an aware UTC datetime."""
    return datetime.strptime(stored, STAMP).replace(tzinfo=UTC)


def canonical(value: Any) -> str:
    """The one JSON text of ``value`` (sorted keys, no spaces): what content hashes cover."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def compact(value: Any) -> str:
    """JSON as stored: no spaces, keys in their order (seats clockwise, results as documented)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


T = TypeVar("T")

FILTERED_BATCH = 100
"""Rows read at a time when only the folded rows can tell which match (fewer round trips)."""


def all_of(tests: list[Callable[[T], bool]]) -> Callable[[T], bool] | None:
    """One ``keep`` of :func:`keyset_page` from every test (``None`` for none)."""
    if not tests:
        return None
    return lambda row: all(test(row) for test in tests)


def keyset_page(
    fetch: Callable[[int, int], list[T]],
    key: Callable[[T], int],
    after: int,
    limit: int,
    keep: Callable[[T], bool] | None = None,
) -> tuple[list[T], int | None]:
    """A page of at most ``limit`` rows from the one after cursor ``after`` (0: the start),
    and the cursor of the next page (``None`` at the end).

    ``fetch(cursor, count)`` reads rows in list order past ``cursor`` with what SQL can
    filter; ``keep`` filters what only the folded rows can tell (a hand's or game's
    status), reading on in batches until the page is full or the rows run out, so a
    page is never short while more rows match.
    """
    page: list[T] = []
    cursor = after
    batch = limit + 1 if keep is None else max(limit + 1, FILTERED_BATCH)
    while len(page) <= limit:
        rows = fetch(cursor, batch)
        page.extend(row for row in rows if keep is None or keep(row))
        if len(rows) < batch:
            break
        cursor = key(rows[-1])
    more = len(page) > limit
    page = page[:limit]
    return page, (key(page[-1]) if more else None)
