"""Signed-in sessions of the director's pages: one row per sign-in, ended on the server.

A browser signed in with an API key holds a random session token (in
Flask's signed cookie); the archive keeps the token's SHA-256, which key it
signed in with, and when it started and ended. A session is live while it
has not ended and its key is not revoked, so ending the row is what signs a
browser out: a copy of the cookie taken before names an ended session and
signs nobody in. Signing out ends one sign-in (``signed_out``), and so does
signing in again in the same browser (the session before ends as
``signed_out``: it was that browser's sign-out); revoking a key ends all of
its sessions at once (``key_revoked``, in ``keys.revoke_key``). A session
older than the absolute limit is over without a write (``session_key_id``).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from enum import StrEnum

from sqlite_utils import Database

from .db import insert, moment, now, row, sha256, stamp, write


class SessionEnd(StrEnum):
    """Why a session ended: the ``end_reason`` column."""

    SIGNED_OUT = "signed_out"
    KEY_REVOKED = "key_revoked"


def start_session(db: Database, key_id: int) -> str:
    """A new session for a key; returns its token, which only the browser keeps."""
    token = secrets.token_urlsafe(32)
    with write(db):
        insert(db, "sessions", {"token_sha256": sha256(token), "key_id": key_id, "started_at": now()})
    return token


def session_key_id(db: Database, token: str, started_after: datetime | None = None) -> int | None:
    """The key id of the session this token names, while it has not ended and began after
    ``started_after`` (``None``: whenever); ``None`` otherwise. Past that limit the
    session is over without a write (a read must work on a read-only archive): nothing can
    bring it back, and its row ends when the browser signs in again.

    Whether that key is still live is the key's own question (``keys.get_key``).
    """
    found = row(
        db,
        "SELECT key_id FROM sessions "
        "WHERE token_sha256 = :token AND ended_at IS NULL AND started_at > :after",
        {"token": sha256(token), "after": "" if started_after is None else stamp(started_after)},
    )
    return int(found.key_id) if found else None


def session_started(db: Database, token: str) -> datetime | None:
    """When the session this token names began, ``None`` if there is none."""
    found = row(db, "SELECT started_at FROM sessions WHERE token_sha256 = ?", [sha256(token)])
    return moment(str(found.started_at)) if found else None


def end_session(db: Database, token: str) -> None:
    """Sign out: end the session this token names (ending it twice keeps the first time)."""
    end_session_by_hash(db, sha256(token))


def end_session_by_hash(db: Database, token_sha256: str) -> None:
    """Sign out the session whose token has this SHA-256 (a paired phone's, which only the
    pairing's row names)."""
    with write(db):
        db.execute(
            "UPDATE sessions SET ended_at = :at, end_reason = :reason "
            "WHERE token_sha256 = :token AND ended_at IS NULL",
            {"at": now(), "reason": SessionEnd.SIGNED_OUT, "token": token_sha256},
        )


def end_sessions_of_key(db: Database, key_id: int, reason: SessionEnd) -> int:
    """End every live session of a key; returns how many there were."""
    with write(db):
        cursor = db.execute(
            "UPDATE sessions SET ended_at = :at, end_reason = :reason "
            "WHERE key_id = :key_id AND ended_at IS NULL",
            {"at": now(), "reason": reason, "key_id": key_id},
        )
    return cursor.rowcount
