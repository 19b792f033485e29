"""Use cases on API keys: who is asking (a token, a session), and an admin's key list.

A browser signs in to the director's pages with a key and gets a session
(:func:`start_session`): a random token the archive knows by its hash. Each
request asks :func:`session_key` who it is; :func:`end_session` (sign-out)
and :func:`revoke_key` (every session of the key) end it on the server, so
a copied cookie dies with the original.

The command line acts as :data:`OPERATOR`: whoever runs it on the machine
holding the archive file already holds every key, so it manages keys as
an admin would, through the same checks; it re-audits the archive as
:data:`OPERATOR_AS_AUDITOR`.
"""

from __future__ import annotations

from sqlite_utils import Database

from hearts_referee import archive
from hearts_referee.stored import Key, Role

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


def start_session(db: Database, key: Key) -> str:
    """Sign ``key`` in: a new session, whose token only the browser keeps."""
    return archive.start_session(db, key.id)


def session_key(db: Database, token: str) -> Key | None:
    """The live key of a session token, or ``None``: signed out, key revoked since, or unknown."""
    key_id = archive.session_key_id(db, token)
    return archive.get_key(db, key_id) if key_id is not None else None


def end_session(db: Database, token: str) -> None:
    """Sign out: the session ends on the server, for every copy of its cookie."""
    archive.end_session(db, token)


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
