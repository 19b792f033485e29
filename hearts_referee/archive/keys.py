"""API keys: who holds one and in which role.

A key is a random token shown once when it is made; the archive keeps only
its SHA-256, so a copy of the file gives nobody a working key. A revoked
key stays listed (who had access, and until when) but no longer works.
"""

from __future__ import annotations

import secrets

from sqlite_utils import Database

from hearts_referee.stored.errors import NotFound
from hearts_referee.stored.keys import ROLES, Key, Role

from .db import Row, insert, now, row, rows, sha256, write
from .sessions import SessionEnd, end_sessions_of_key

TOKEN_PREFIX = "hr_"


_COLUMNS = "id, name, role, created_at, revoked_at"


def create_key(db: Database, name: str, role: str) -> tuple[Key, str]:
    """A new key; returns it with its token, which is never stored or shown again."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    created = now()
    with write(db):
        key_id = insert(
            db, "keys", {"name": name, "role": role, "token_sha256": sha256(token), "created_at": created}
        )
    return Key(key_id, name, Role(role), created), token


def find_key(db: Database, token: str) -> Key | None:
    """The live key whose token this is, or ``None`` (unknown or revoked)."""
    found = row(
        db, f"SELECT {_COLUMNS} FROM keys WHERE token_sha256 = ? AND revoked_at IS NULL", [sha256(token)]
    )
    return _key(found) if found else None


def get_key(db: Database, key_id: int) -> Key | None:
    """The live key with this id, or ``None`` (unknown or revoked)."""
    found = row(db, f"SELECT {_COLUMNS} FROM keys WHERE id = ? AND revoked_at IS NULL", [key_id])
    return _key(found) if found else None


def _key(found: Row) -> Key:
    return Key(
        id=found.id,
        name=found.name,
        role=Role(found.role),
        created_at=found.created_at,
        revoked_at=found.revoked_at,
    )


def list_keys(db: Database) -> list[Key]:
    return [_key(each) for each in rows(db, f"SELECT {_COLUMNS} FROM keys ORDER BY id")]


def revoke_key(db: Database, key_id: int) -> Key:
    """Revoke a key (revoking twice keeps the first time), ending every session signed in with it."""
    with write(db):
        db.execute(
            "UPDATE keys SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL",
            {"at": now(), "id": key_id},
        )
        end_sessions_of_key(db, key_id, SessionEnd.KEY_REVOKED)
        found = row(db, f"SELECT {_COLUMNS} FROM keys WHERE id = ?", [key_id])
    if found is None:
        raise NotFound.key(key_id)
    return _key(found)
