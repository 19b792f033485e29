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
from typing import TYPE_CHECKING, NamedTuple

from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.translator import ENGLISH, SAID, Said, Translator, translated
from hearts_referee.usecases.errors import ArchiveError, Conflict, Forbidden, NotFound, Rejected

if TYPE_CHECKING:  # pragma: no cover  # a bulk audit's lines use this module: no web framework at run time
    from werkzeug.exceptions import HTTPException

RECORD_DETAIL = SAID.gettext("The hand record cannot have happened at any table; see errors.")

FAILED = SAID.gettext("The referee failed on this request; the error has been logged.")
"""The ``detail`` of a failure of ours (a 500): nothing of it leaks."""

WERKZEUG_SAYS: dict[int, Said] = {
    400: SAID.gettext("The browser (or proxy) sent a request that this server could not understand."),
    401: SAID.gettext(
        "The server could not verify that you are authorized to access the URL requested. You either "
        "supplied the wrong credentials (e.g. a bad password), or your browser doesn't understand how "
        "to supply the credentials required."
    ),
    403: SAID.gettext(
        "You don't have the permission to access the requested resource. It is either read-protected "
        "or not readable by the server."
    ),
    404: SAID.gettext(
        "The requested URL was not found on the server. If you entered the URL manually please check "
        "your spelling and try again."
    ),
    405: SAID.gettext("The method is not allowed for the requested URL."),
    406: SAID.gettext(
        "The resource identified by the request is only capable of generating response entities which "
        "have content characteristics not acceptable according to the accept headers sent in the request."
    ),
    408: SAID.gettext(
        "The server closed the network connection because the browser didn't finish the request within "
        "the specified time."
    ),
    409: SAID.gettext(
        "A conflict happened while processing the request. The resource might have been modified while "
        "the request was being processed."
    ),
    410: SAID.gettext(
        "The requested URL is no longer available on this server and there is no forwarding address. If "
        "you followed a link from a foreign page, please contact the author of this page."
    ),
    412: SAID.gettext("The precondition on the request for the URL failed positive evaluation."),
    413: SAID.gettext("The data value transmitted exceeds the capacity limit."),
    415: SAID.gettext("The server does not support the media type transmitted in the request."),
    422: SAID.gettext("The request was well-formed but was unable to be followed due to semantic errors."),
    428: SAID.gettext(
        'This request is required to be conditional; try using "If-Match" or "If-Unmodified-Since".'
    ),
    429: SAID.gettext("This user has exceeded an allotted request count. Try again later."),
    501: SAID.gettext("The server does not support the action requested by the browser."),
    503: SAID.gettext(
        "The server is temporarily unable to service your request due to maintenance downtime or "
        "capacity problems. Please try again later."
    ),
}
"""Our own ``detail`` for an HTTP error Werkzeug raises with its own description (a route
that does not exist, a method a route does not take, a body past the size limit): the same
English words, written to be translated, where Werkzeug's own have no catalog."""


def description(error: HTTPException) -> str:
    """What ``error`` says, for a person: ours, as it was raised; Werkzeug's own description
    (the class's, none given) as our own words for its status (:data:`WERKZEUG_SAYS`), which
    the faces write in the reader's language; ``""`` when it says nothing."""
    if "description" not in vars(error):
        return WERKZEUG_SAYS.get(error.code or 500) or error.description or ""
    return error.description or ""


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
