"""What the archive refuses, as values the web layer turns into the one error shape.

``Conflict`` is a request that was fine when it was sent but no longer fits
what is stored (another hand got there first, the game is over, a signature
on a superseded version); ``NotFound`` names what is missing. A body that
could never be accepted is ``schemas.errors.Unprocessable`` (422).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.record import Problem


class ArchiveError(Exception):
    """Base of the archive's refusals; ``problems`` locate them in the request body."""

    def __init__(self, detail: str, problems: Iterable[Problem] = ()) -> None:
        super().__init__(detail)
        self.detail = detail
        self.problems = tuple(problems)


class NotFound(ArchiveError):
    """No such hand, game or key."""


class Conflict(ArchiveError):
    """The request no longer fits the archive's state (a lost race, a finished game)."""
