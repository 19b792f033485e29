"""Who is asking: an API key and its role, as values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    """What a key is for; what each role may do is ``usecases.access.PERMISSIONS``."""

    SCORER = "scorer"
    DIRECTOR = "director"
    AUDITOR = "auditor"
    ADMIN = "admin"


ROLES = tuple(Role)


@dataclass(frozen=True)
class Key:
    id: int
    name: str
    role: Role
    created_at: str
    revoked_at: str | None = None

    @property
    def label(self) -> str:
        """How the key is named in logs and on pages: ``"Chief TD (key 3)"``."""
        return f"{self.name} (key {self.id})"
