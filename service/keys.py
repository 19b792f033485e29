"""Use cases on API keys: who is asking (a token, a session), and an admin's key list.

The command line acts as :data:`OPERATOR`: whoever runs it on the machine
holding the archive file already holds every key, so it manages keys as
an admin would, through the same checks; it re-audits the archive as
:data:`OPERATOR_AS_AUDITOR`.
"""

from __future__ import annotations

from sqlite_utils import Database

import archive
from archive import Key, Role

from .access import Permission, require

OPERATOR = Key(0, "operator at the command line", Role.ADMIN, "")
"""The caller of ``hearts-referee keys ...``: an admin, by holding the file."""

OPERATOR_AS_AUDITOR = Key(0, "operator at the command line", Role.AUDITOR, "")
"""The caller of ``hearts-referee audit --archive``: holding the file, it could act as
any key; re-auditing, it reads as an auditor does (everything, changing nothing),
since an admin's role reads no hands."""


def authenticate(db: Database, token: str) -> Key | None:
    """The live key whose token this is, or ``None`` (unknown or revoked)."""
    return archive.find_key(db, token)


def session_key(db: Database, key_id: int) -> Key | None:
    """The live key a signed-in session names, or ``None`` (revoked since, or unknown)."""
    return archive.get_key(db, key_id)


def create_key(db: Database, by: Key, name: str, role: Role) -> tuple[Key, str]:
    """A new key and its token, which is never stored or shown again."""
    require(by, Permission.KEYS_WRITE)
    return archive.create_key(db, name, role)


def list_keys(db: Database, by: Key) -> list[Key]:
    require(by, Permission.KEYS_READ)
    return archive.list_keys(db)


def revoke_key(db: Database, by: Key, key_id: int) -> Key:
    """Revoke a key (revoking twice keeps the first time); ``NotFound`` for no such key."""
    require(by, Permission.KEYS_WRITE)
    return archive.revoke_key(db, key_id)
