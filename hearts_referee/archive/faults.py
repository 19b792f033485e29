"""Storage faults: what SQLite or the operating system says when the archive's file cannot be
used right now, named so that a client is told to come back rather than that the referee broke.

A fault is the machine's, not the request's: a full disk, a file system
mounted read-only (or a file the service may not write), the write lock held
past the busy timeout, or the file gone. Each clears by itself once the
operator (or the other writer) is done, so every face answers it with 503 and
``Retry-After``, and nothing is lost: the request that met it wrote nothing
(:func:`db.write` rolls back) and may be sent again as it was.

SQLite names its errors by result code (``sqlite3.Error.sqlite_errorcode``);
reading a WAL archive needs its shared-memory file, which SQLite grows by
writing to it (``SQLITE_IOERR_SHMSIZE`` when the disk is full), so on a full
disk even reads can fail until space comes back. The operating system's
errors (``OSError.errno``) count only for the archive's own files (its folder):
the service writes nowhere else while it answers requests.
"""

from __future__ import annotations

import errno
import sqlite3
from enum import StrEnum
from pathlib import Path

from hearts_referee.referee.translator import SAID


class Fault(StrEnum):
    """What is wrong with the archive's storage; the value is the problem's code and type."""

    DISK_FULL = "disk_full"
    READ_ONLY = "archive_read_only"
    LOCKED = "archive_locked"
    MISSING = "archive_missing"

    @property
    def reason(self) -> str:
        """The fault as a client reads it (never the file's path)."""
        return _REASONS[self]


_REASONS = {
    Fault.DISK_FULL: SAID.gettext(
        "the disk holding the archive is full: nothing can be stored until space is freed"
    ),
    Fault.READ_ONLY: SAID.gettext(
        "the archive cannot be written (a read-only file system or file): reading still works"
    ),
    Fault.LOCKED: SAID.gettext(
        "the archive stayed locked by another writer past the wait: try again shortly"
    ),
    Fault.MISSING: SAID.gettext("the archive file is missing or cannot be opened"),
}

_SQLITE = {
    sqlite3.SQLITE_FULL: Fault.DISK_FULL,
    sqlite3.SQLITE_READONLY: Fault.READ_ONLY,
    sqlite3.SQLITE_BUSY: Fault.LOCKED,
    sqlite3.SQLITE_LOCKED: Fault.LOCKED,
    sqlite3.SQLITE_CANTOPEN: Fault.MISSING,
}
"""Primary result codes (``code & 0xff``) and what they mean here."""

SQLITE_IOERR_SHMSIZE = 4874
"""The shared-memory file of the WAL cannot grow: on a full disk, every connection meets it."""

_ERRNO = {
    errno.ENOSPC: Fault.DISK_FULL,
    errno.EDQUOT: Fault.DISK_FULL,
    errno.EROFS: Fault.READ_ONLY,
    errno.EACCES: Fault.READ_ONLY,
    errno.EPERM: Fault.READ_ONLY,
    errno.ENOENT: Fault.MISSING,
}

STORAGE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, OSError)
"""The exceptions :func:`fault_of` may name (a face catches these and asks it)."""


def fault_of(error: BaseException, archive_file: str | Path) -> Fault | None:
    """The storage fault ``error`` is, for the archive at ``archive_file``; ``None`` when it is
    none (a bug, to be logged as one)."""
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if code == SQLITE_IOERR_SHMSIZE:
            return Fault.DISK_FULL
        return None if code is None else _SQLITE.get(code & 0xFF)
    if isinstance(error, OSError) and error.filename is not None:
        folder = Path(archive_file).resolve().parent
        if Path(str(error.filename)).resolve().parent == folder:
            return _ERRNO.get(error.errno or 0)
    return None
