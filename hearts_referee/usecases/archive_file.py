"""Opening the archive file, for the faces (they never call the archive themselves)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlite_utils import Database

from hearts_referee import archive
from hearts_referee.archive.db import BUSY_TIMEOUT
from hearts_referee.archive.faults import STORAGE_ERRORS, Fault, fault_of
from hearts_referee.archive.migrations import MIGRATIONS
from hearts_referee.referee.translator import SAID, Said


class ArchiveUnavailable(Exception):
    """The archive file cannot be read as it stands: missing, not an archive, or of a
    schema other than this release's. ``str()`` says which, for the operator; ``reason``
    says it without the file's path (for a client of ``/readyz``), ``file`` is the path."""

    def __init__(self, file: Path, reason: str) -> None:
        super().__init__(f"{file}: {reason}")
        self.file = file
        self.reason = reason


def open_archive(path: str | Path) -> Database:
    """Connect, creating the file and its folder if needed, and bring its schema up to date."""
    return archive.open_archive(path)


def connect(path: str | Path) -> Database:
    """Connect to an archive already brought up to date by :func:`open_archive`; never
    creates one (a missing file is ``Fault.MISSING``)."""
    return archive.connect(path, create=False)


def prove_write(path: str | Path) -> None:
    """Prove the archive takes a write now (``archive.db.prove_write``), or raise what stops it."""
    archive.prove_write(path)


__all__ = [
    "STORAGE_ERRORS",
    "ArchiveUnavailable",
    "Fault",
    "applied",
    "connect",
    "fault_of",
    "open_archive",
    "open_read_only",
    "prove_write",
]


def applied(db: Database) -> list[str]:
    """The schema steps the file has had, oldest first."""
    return archive.applied(db)


def open_read_only(path: str | Path) -> Database:
    """Connect to an existing archive without ever writing to it: SQLite's read-only
    mode (``mode=ro``: no file created, no migration, no change of journal mode).

    ``ArchiveUnavailable`` when there is no such file, when it is not an archive, or
    when its schema is another release's (a storage fault, such as a disk too full for
    SQLite to read a WAL file, is raised as it is, for :func:`fault_of`): an older one is upgraded in place by
    ``init-db``, which this never does. SQLite may leave its (empty) ``-wal`` and
    ``-shm`` companions beside a WAL-mode file, as any reader does.
    """
    file = Path(path)
    if not file.is_file():
        raise ArchiveUnavailable(file, SAID.gettext("no such archive file"))
    try:
        frozen = "&immutable=1" if archive.frozen(file) else ""  # on a read-only mount: see there
        conn = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro{frozen}", uri=True, timeout=BUSY_TIMEOUT)
    except sqlite3.Error as error:
        raise ArchiveUnavailable(
            file, SAID.gettext("cannot be opened (%(error)s)", error=str(error))
        ) from None
    db = Database(conn)
    try:
        db.execute("PRAGMA foreign_keys=ON")
        done = archive.applied(db)
        pending = [m.name for m in MIGRATIONS.pending(db)]
    except sqlite3.DatabaseError as error:
        db.close()
        if fault_of(error, file) is not None:  # a full disk is not a file that is no archive
            raise
        raise ArchiveUnavailable(file, SAID.gettext("not an archive (%(error)s)", error=str(error))) from None
    every = {m.name for m in MIGRATIONS.pending(Database(memory=True))}  # this release's steps
    newer = [name for name in done if name not in every]
    problem: Said | None = None
    if not done:
        problem = SAID.gettext("not an archive (it has no schema)")
    elif newer:
        problem = SAID.gettext(
            "written by a newer release (schema steps %(steps)s); use that release", steps=", ".join(newer)
        )
    elif pending:
        problem = SAID.gettext(
            "written by an older release (schema steps %(steps)s pending): upgrade it "
            "with `hearts-referee init-db` first (on a copy, to keep the original as it is)",
            steps=", ".join(pending),
        )
    if problem is not None:
        db.close()
        raise ArchiveUnavailable(file, problem)
    return db
