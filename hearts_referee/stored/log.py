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
from typing import Any


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


GENESIS = "0" * 64


@dataclass(frozen=True)
class Entry:
    """One stored log entry; ``body`` is parsed from ``body_text``."""

    hand_id: int
    n: int
    kind: str
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
    prev: str, hand_id: int, n: int, kind: str, ruling: int | None, at: str, actor: str | None, body_text: str
) -> str:
    fields = [prev, hand_id, n, kind, ruling, at, actor, body_text]
    return sha256(json.dumps(fields, ensure_ascii=False, separators=(",", ":")))
