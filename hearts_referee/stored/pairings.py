"""A phone paired by a director: the one-time link's row, as a value.

A director signed in on the laptop makes a pairing; its link (a random token the archive
knows only by its hash) signs one phone in with that director's key, once, before
``expires_at``. Ending the pairing signs that phone out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class PairingState(StrEnum):
    """Where a pairing stands, at a given moment."""

    WAITING = "waiting"  # its link not used yet, and not expired
    EXPIRED = "expired"  # its link never used, and now too old
    SIGNED_IN = "signed_in"  # its link signed a phone in, and the pairing has not ended
    ENDED = "ended"  # ended by the director (the phone, if any, signed out)


@dataclass(frozen=True)
class Pairing:
    id: int
    key_id: int
    name: str
    created_at: str
    expires_at: str
    used_at: str | None = None
    ended_at: str | None = None
    phone_signed_out_at: str | None = None  # the phone's session ended (signed out, key revoked)

    def state(self, now: datetime) -> PairingState:
        """Where this pairing stands at ``now``."""
        if self.ended_at is not None:
            return PairingState.ENDED
        if self.used_at is not None:
            return PairingState.SIGNED_IN
        return PairingState.WAITING if now < datetime.fromisoformat(self.expires_at) else PairingState.EXPIRED
