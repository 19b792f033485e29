"""Phones paired by a director: one row per pairing, its link usable once, before it expires.

The link carries a random token; the archive keeps its SHA-256, as it does a key's and a
session's, so a copy of the file opens no phone's sign-in. Using the link starts a session
of the director's key (``sessions``) and marks the pairing used, in one transaction, so two
phones scanning the same code at once cannot both get in. Ending a pairing ends the session
it started: that phone is signed out.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlite_utils import Database

from hearts_referee.stored.errors import NotFound
from hearts_referee.stored.pairings import Pairing

from .db import Row, insert, row, rows, sha256, stamp, write
from .sessions import end_session_by_hash, start_session

_COLUMNS = (
    "p.id, p.key_id, p.name, p.created_at, p.expires_at, p.used_at, p.ended_at, "
    "s.ended_at AS phone_signed_out_at"
)
_FROM = "FROM pairings p LEFT JOIN sessions s ON s.token_sha256 = p.session_sha256"


def _pairing(found: Row) -> Pairing:
    return Pairing(
        id=found.id,
        key_id=found.key_id,
        name=found.name,
        created_at=found.created_at,
        expires_at=found.expires_at,
        used_at=found.used_at,
        ended_at=found.ended_at,
        phone_signed_out_at=found.phone_signed_out_at,
    )


def start_pairing(
    db: Database, key_id: int, name: str, made: datetime, expires: datetime
) -> tuple[Pairing, str]:
    """A new pairing for a key, its link good until ``expires``; returns it with the link's
    token, which is never stored or shown again."""
    token = secrets.token_urlsafe(24)
    with write(db):
        pairing_id = insert(
            db,
            "pairings",
            {
                "token_sha256": sha256(token),
                "key_id": key_id,
                "name": name,
                "created_at": stamp(made),
                "expires_at": stamp(expires),
            },
        )
    return get_pairing(db, pairing_id), token


def get_pairing(db: Database, pairing_id: int) -> Pairing:
    found = row(db, f"SELECT {_COLUMNS} {_FROM} WHERE p.id = ?", [pairing_id])
    if found is None:
        raise NotFound.pairing(pairing_id)
    return _pairing(found)


def use_pairing(db: Database, token: str, at: datetime) -> tuple[int, int, str] | None:
    """Sign a phone in by a pairing's token: the pairing's number, its key's and a new session
    token, or ``None``
    when the link is unknown, used, ended or expired at ``at``, or its key is revoked."""
    with write(db):
        found = row(
            db,
            "SELECT p.id, p.key_id FROM pairings p JOIN keys k ON k.id = p.key_id "
            "WHERE p.token_sha256 = :token AND p.used_at IS NULL AND p.ended_at IS NULL "
            "AND p.expires_at > :at AND k.revoked_at IS NULL",
            {"token": sha256(token), "at": stamp(at)},
        )
        if found is None:
            return None
        session = start_session(db, found.key_id)
        db.execute(
            "UPDATE pairings SET used_at = :at, session_sha256 = :session WHERE id = :id",
            {"at": stamp(at), "session": sha256(session), "id": found.id},
        )
    return int(found.id), int(found.key_id), session


def list_pairings(db: Database, key_id: int) -> list[Pairing]:
    """A key's pairings, newest first."""
    return [
        _pairing(each)
        for each in rows(db, f"SELECT {_COLUMNS} {_FROM} WHERE p.key_id = ? ORDER BY p.id DESC", [key_id])
    ]


def end_pairing(db: Database, pairing_id: int, key_id: int, at: datetime) -> Pairing:
    """End a key's pairing (ending it twice keeps the first time) and sign its phone out;
    ``NotFound`` for a pairing of no such number, or another key's."""
    with write(db):
        found = row(
            db, "SELECT session_sha256 FROM pairings WHERE id = ? AND key_id = ?", [pairing_id, key_id]
        )
        if found is None:
            raise NotFound.pairing(pairing_id)
        db.execute(
            "UPDATE pairings SET ended_at = :at WHERE id = :id AND ended_at IS NULL",
            {"at": stamp(at), "id": pairing_id},
        )
        if found.session_sha256 is not None:
            end_session_by_hash(db, found.session_sha256)
    return get_pairing(db, pairing_id)
