"""Each refusal a use case can make, as an HTTP status, a detail and its located problems.

Both faces shape errors from this one mapping: the API as problem+json, the
pages as an HTML page. A new kind of refusal is added here, and both faces
answer it alike.

Both faces also list at most :data:`MAX_PROBLEMS` problems in one answer
(:func:`capped`), with a count of the rest: a 256 KiB record of nothing but
bad cards has tens of thousands, and listing every one made the answer 17
(API) to 36 (pages) times the size of the request. The first hundred, in
the order the checks found them, say what is wrong; the count says how much.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.translator import ENGLISH, SAID, Translator, translated
from hearts_referee.usecases.errors import ArchiveError, Conflict, Forbidden, NotFound, Rejected

RECORD_DETAIL = SAID.gettext("The hand record cannot have happened at any table; see errors.")

FAILED = SAID.gettext("The referee failed on this request; the error has been logged.")
"""The ``detail`` of a failure of ours (a 500): nothing of it leaks."""

MAX_PROBLEMS = 100
"""The most problems one error answer lists; the rest are counted (``more_errors``)."""


class Capped(NamedTuple):
    """The problems an answer lists, and how many more there were."""

    shown: tuple[Problem, ...]
    more: int


def capped(problems: Sequence[Problem]) -> Capped:
    """At most :data:`MAX_PROBLEMS` of ``problems``, in their order, and the count of the rest."""
    return Capped(tuple(problems[:MAX_PROBLEMS]), max(0, len(problems) - MAX_PROBLEMS))


def problem_item(
    problem: Problem, place: tuple[int, int] | None = None, t: Translator = ENGLISH
) -> dict[str, object]:
    """One located problem as an answer lists it (``errors`` of an error answer, ``problems``
    of a result line): its pointer, code and message, the message in ``t``'s language
    (``referee.translator.translated``; the pointer and code are the same in every one), and
    where a hand was sent as HRN text, the ``line`` and ``column`` it is about."""
    item: dict[str, object] = {
        "pointer": problem.pointer,
        "code": problem.code,
        "message": translated(problem.message, t),
    }
    if place is not None:
        item["line"], item["column"] = place
    return item


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
    return Refusal(500, FAILED, ())
