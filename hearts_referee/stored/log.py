"""A log entry as a value, and the hash that chains it to the one before.

An entry's hash is the SHA-256 of a JSON array of every stored column of
the entry (previous hash, owner, number, kind, ruling, time, actor, body
text), so changing any of them, reordering entries or removing one from the
middle breaks the chain from there on. The first entry's ``prev`` is
:data:`GENESIS`. Appending and reading entries is storage's
(``hearts_referee.archive.chain``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeAlias


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


GENESIS = "0" * 64


class HandEntryKind(StrEnum):
    """What an entry of a hand's log says (the ``entries.kind`` column, which takes exactly
    these). The values are stored and hashed into the chain: they never change."""

    AUDIT = "audit"
    """The referee's audit of the hand as stored: always the first entry."""
    DECISION = "decision"
    """A director's decision on a ruling (or on the scoresheet)."""
    CONSEQUENCE = "consequence"
    """A re-audit of a game's hand after a decision on an earlier hand changed its totals."""
    RECORD = "record"
    """A director's new record of the hand, and the referee's audit of it."""
    SIGNATURE = "signature"
    """A seat's signature on one score version."""


class EventEntryKind(StrEnum):
    """What an entry of an event's log says (the ``event_log.kind`` column). The values are
    stored and hashed into the chain: they never change."""

    CREATED = "created"
    ROUND_SEATED = "round_seated"
    OVERRIDE = "override"


EntryKind: TypeAlias = HandEntryKind | EventEntryKind | str
"""An entry's kind as read: the enum member when this release knows the kind; a kind it
does not know (a newer release's, or a row altered by hand) stays the stored text, so the
chain still verifies it and the fold passes over it, as before kinds were enums."""


@dataclass(frozen=True)
class Entry:
    """One stored log entry; ``body`` is parsed from ``body_text``. ``hand_id`` is the
    log's owner: the hand, or in an event's log the event."""

    hand_id: int
    n: int
    kind: EntryKind
    ruling: int | None
    at: str
    actor: str | None
    body_text: str
    prev: str
    hash: str

    @property
    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = json.loads(self.body_text)
        return body

    def expected_hash(self) -> str:
        return entry_hash(
            self.prev, self.hand_id, self.n, self.kind, self.ruling, self.at, self.actor, self.body_text
        )


def entry_hash(
    prev: str,
    hand_id: int,
    n: int,
    kind: EntryKind,
    ruling: int | None,
    at: str,
    actor: str | None,
    body_text: str,
) -> str:
    """The hash that chains an entry: every stored column, the kind as its stored text."""
    fields = [prev, hand_id, n, str(kind), ruling, at, actor, body_text]
    return sha256(json.dumps(fields, ensure_ascii=False, separators=(",", ":")))
