"""API keys and what each role may do.

A key is a random token shown once when it is made; the archive keeps only
its SHA-256, so a copy of the file gives nobody a working key. A revoked
key stays listed (who had access, and until when) but no longer works.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from sqlite_utils import Database

from .db import now, sha256, write
from .errors import NotFound

_SCORER = frozenset({"validate", "read", "submit", "sign"})

PERMISSIONS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "scorer": _SCORER,
        "director": _SCORER | {"decide"},
        "auditor": frozenset({"validate", "read", "keys:read"}),
        "admin": frozenset({"validate", "keys:read", "keys:write"}),
    }
)
"""Role -> what it may do. ``read``: hands, games, logs; ``submit``: hands and games;
``sign``: signatures; ``decide``: director's decisions; ``keys:*``: the key list."""

ROLES = tuple(PERMISSIONS)

TOKEN_PREFIX = "hr_"


@dataclass(frozen=True)
class Key:
    id: int
    name: str
    role: str
    created_at: str
    revoked_at: str | None = None

    def may(self, permission: str) -> bool:
        return self.revoked_at is None and permission in PERMISSIONS.get(self.role, ())


_COLUMNS = "id, name, role, created_at, revoked_at"


def create_key(db: Database, name: str, role: str) -> tuple[Key, str]:
    """A new key; returns it with its token, which is never stored or shown again."""
    if role not in PERMISSIONS:
        raise ValueError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    created = now()
    with write(db):
        cursor = db.execute(
            "INSERT INTO keys (name, role, token_sha256, created_at) VALUES (?, ?, ?, ?)",
            [name, role, sha256(token), created],
        )
    return Key(cursor.lastrowid, name, role, created), token


def find_key(db: Database, token: str) -> Key | None:
    """The live key whose token this is, or ``None`` (unknown or revoked)."""
    row = db.execute(
        f"SELECT {_COLUMNS} FROM keys WHERE token_sha256 = ? AND revoked_at IS NULL", [sha256(token)]
    ).fetchone()
    return Key(*row) if row else None


def list_keys(db: Database) -> list[Key]:
    return [Key(*row) for row in db.execute(f"SELECT {_COLUMNS} FROM keys ORDER BY id")]


def revoke_key(db: Database, key_id: int) -> Key:
    """Revoke a key (revoking twice keeps the first time)."""
    with write(db):
        db.execute("UPDATE keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [now(), key_id])
        row = db.execute(f"SELECT {_COLUMNS} FROM keys WHERE id = ?", [key_id]).fetchone()
    if row is None:
        raise NotFound(f"No key {key_id}.")
    return Key(*row)
