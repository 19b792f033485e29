"""Each refusal a use case can make, as an HTTP status, a detail and its located problems.

Both faces shape errors from this one mapping: the API as problem+json, the
pages as an HTML page. A new kind of refusal is added here, and both faces
answer it alike.
"""

from __future__ import annotations

from typing import NamedTuple

from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.usecases.errors import ArchiveError, Conflict, Forbidden, NotFound, Rejected

RECORD_DETAIL = "The hand record cannot have happened at any table; see errors."


class Refusal(NamedTuple):
    status: int
    detail: str
    problems: tuple[Problem, ...]


REFUSALS: tuple[type[Exception], ...] = (RecordError, Rejected, ArchiveError, Forbidden)
"""The exceptions :func:`refusal` understands (register a handler for each)."""


def refusal(error: Exception) -> Refusal:
    """What ``error`` means to the client."""
    if isinstance(error, RecordError):
        return Refusal(422, RECORD_DETAIL, error.problems)
    if isinstance(error, Rejected):
        return Refusal(422, error.detail, error.problems)
    if isinstance(error, NotFound):
        return Refusal(404, error.detail, error.problems)
    if isinstance(error, Conflict):
        return Refusal(409, error.detail, error.problems)
    if isinstance(error, Forbidden):
        return Refusal(403, error.detail, error.problems)
    return Refusal(500, "The referee failed on this request; the error has been logged.", ())
