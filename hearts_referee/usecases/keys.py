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

from dataclasses import dataclass
from datetime import datetime, timedelta

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


@dataclass(frozen=True)
class SessionLimits:
    """How long a sign-in lasts: ``idle``, without a page asked for; ``longest``, whatever happens."""

    idle: timedelta
    longest: timedelta

    def ends(self, started: datetime, seen: datetime) -> datetime:
        """When a session that began at ``started``, last seen at ``seen``, ends unless used."""
        return min(self.latest(started), seen + self.idle)

    def latest(self, started: datetime) -> datetime:
        """When a session that began at ``started`` ends however much it is used."""
        return started + self.longest


def start_session(db: Database, key: Key, replacing: str | None = None) -> str:
    """Sign ``key`` in: a new session, whose token only the browser keeps. The browser's
    session before (``replacing``), whoever's it was, ends: a copy of its cookie signs no
    one in, and a browser is only ever signed in once."""
    if replacing is not None:
        archive.end_session(db, replacing)
    return archive.start_session(db, key.id)


def session_key(
    db: Database, token: str, seen: datetime | None, limits: SessionLimits, now: datetime
) -> Key | None:
    """The live key of a session token last used at ``seen``, or ``None``: signed out, key
    revoked since, unknown, unused for longer than ``limits.idle``, or begun longer than
    ``limits.longest`` ago (``seen`` ``None``: never seen, so over)."""
    if seen is None or now - seen > limits.idle:
        return None
    key_id = archive.session_key_id(db, token, started_after=now - limits.longest)
    return archive.get_key(db, key_id) if key_id is not None else None


def session_ends(db: Database, token: str, seen: datetime, limits: SessionLimits) -> datetime | None:
    """When the session of ``token`` ends unless used again (``None``: no such session)."""
    started = archive.session_started(db, token)
    return None if started is None else limits.ends(started, seen)


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
