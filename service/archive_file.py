"""Opening the archive file, for the faces (they never call the archive themselves)."""

from __future__ import annotations

from pathlib import Path

from sqlite_utils import Database

import archive


def open_archive(path: str | Path) -> Database:
    """Connect, creating the file and its folder if needed, and bring its schema up to date."""
    return archive.open_archive(path)


def connect(path: str | Path) -> Database:
    """Connect to an archive already brought up to date by :func:`open_archive`."""
    return archive.connect(path)


def applied(db: Database) -> list[str]:
    """The schema steps the file has had, oldest first."""
    return archive.applied(db)
