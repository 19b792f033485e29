"""Pairing a phone: a director signed in on the laptop signs a phone in by a scan.

:func:`pair_phone` makes a one-time link's token for the director's own key (only a role
that may ``pair``: ``usecases.access``), good for :data:`LINK_LIFETIME`. The phone that
opens it is signed in with that key by :func:`sign_in_by_link`, once: the link is useless
after that, after it expires, once the pairing is ended, or once the key is revoked. The
key itself never leaves the laptop. :func:`end_pairing` signs that phone out.

Every step is logged (``hearts_referee.pairings``, one JSON line each, with the
pairing's number and the key's label, never the token); the archive's ``pairings`` rows
are the lasting record, listed on the director's "Phones" page.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlite_utils import Database

from hearts_referee import archive
from hearts_referee.stored import Key, Pairing

from .access import Permission, require

LINK_LIFETIME = timedelta(minutes=5)
"""How long a pairing's link works unused: time to pick up the phone and scan."""

LOG = logging.getLogger("hearts_referee.pairings")


def pair_phone(db: Database, by: Key, name: str, now: datetime) -> tuple[Pairing, str]:
    """A new pairing of ``by``'s key and its link's token (shown once, in the QR code)."""
    require(by, Permission.PAIR)
    pairing, token = archive.start_pairing(db, by.id, name, now, now + LINK_LIFETIME)
    LOG.info(
        "Phone pairing %d made by %s for %r, its link good until %s",
        pairing.id,
        by.label,
        name,
        pairing.expires_at,
    )
    return pairing, token


def list_pairings(db: Database, by: Key) -> list[Pairing]:
    """``by``'s pairings, newest first."""
    require(by, Permission.PAIR)
    return archive.list_pairings(db, by.id)


def end_pairing(db: Database, by: Key, pairing_id: int, now: datetime) -> Pairing:
    """End one of ``by``'s pairings: its link stops working, and its phone is signed out."""
    require(by, Permission.PAIR)
    pairing = archive.end_pairing(db, pairing_id, by.id, now)
    LOG.info("Phone pairing %d ended by %s; its phone is signed out", pairing.id, by.label)
    return pairing


def sign_in_by_link(
    db: Database, token: str, now: datetime, replacing: str | None = None
) -> tuple[Key, str] | None:
    """Sign a phone in by a pairing link's token: the key and the new session's token, or
    ``None`` (unknown, used, expired, ended or revoked: the phone is told only that the
    link no longer works). The phone's session before (``replacing``) ends, as at sign-in."""
    used = archive.use_pairing(db, token, now)
    if used is None:
        LOG.warning("A phone pairing link was refused: unknown, used, expired or ended")
        return None
    pairing_id, key_id, session = used
    key = archive.get_key(db, key_id)
    if key is None:  # revoked between the two reads: its sessions are ended with it
        return None
    if replacing is not None:
        archive.end_session(db, replacing)
    LOG.info("Phone pairing %d used: a phone signed in as %s", pairing_id, key.label)
    return key, session
