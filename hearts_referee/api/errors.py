"""One error shape for every failure: RFC 9457 ``application/problem+json``.

Clients (scoring apps, directors' tools) handle errors in one place, so a
404 from routing, a 413 from Werkzeug and a 422 from the referee must all
look alike, and none may ever be an HTML page.
"""

from __future__ import annotations

from collections.abc import Iterable
from http import HTTPStatus

from flask import Blueprint, Flask, Response, current_app, jsonify
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    RequestEntityTooLarge,
    UnsupportedMediaType,
)

from hearts_referee.http_shared.hrnbody import places
from hearts_referee.http_shared.httperrors import description
from hearts_referee.http_shared.language import current, told
from hearts_referee.http_shared.problems import FAILED, REFUSALS, capped, problem_item, refusal
from hearts_referee.languages import translator
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import N_, SAID, Said, translated
from hearts_referee.schemas.problems import own_words

from .problem_types import problem_type

PROBLEM_JSON = "application/problem+json"

bp = Blueprint("errors", __name__)


class InvalidQuery(BadRequest):
    """A query parameter with a wrong value or name; each problem names the parameter."""

    problem_type = "invalid_query"

    def __init__(self, messages: dict[str, list[str]]) -> None:
        super().__init__(SAID.gettext("The query string is not valid; see errors."))
        self.problems = tuple(
            Problem(
                "",
                "invalid_parameter",
                SAID.gettext("%(parameter)s: %(message)s", parameter=name, message=own_words(message)),
            )
            for name, found in messages.items()
            for message in found
        )


TITLES: dict[int, Said] = {
    400: SAID.gettext("Bad Request"),
    401: SAID.gettext("Unauthorized"),
    403: SAID.gettext("Forbidden"),
    404: SAID.gettext("Not Found"),
    405: SAID.gettext("Method Not Allowed"),
    406: SAID.gettext("Not Acceptable"),
    408: SAID.gettext("Request Timeout"),
    409: SAID.gettext("Conflict"),
    410: SAID.gettext("Gone"),
    412: SAID.gettext("Precondition Failed"),
    413: SAID.gettext("Request Entity Too Large"),
    414: SAID.gettext("Request-URI Too Long"),
    415: SAID.gettext("Unsupported Media Type"),
    417: SAID.gettext("Expectation Failed"),
    422: SAID.gettext("Unprocessable Entity"),
    428: SAID.gettext("Precondition Required"),
    429: SAID.gettext("Too Many Requests"),
    431: SAID.gettext("Request Header Fields Too Large"),
    500: SAID.gettext("Internal Server Error"),
    501: SAID.gettext("Not Implemented"),
    503: SAID.gettext("Service Unavailable"),
}
"""A problem's ``title`` by its status: the status's phrase (``http.HTTPStatus``), word for
word in English, written to be translated (a short noun, told in the reader's language)."""


def _phrase(status: int) -> str:
    title = TITLES.get(status)
    if title is not None:
        return title
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def problem_response(
    status: int,
    detail: str,
    problems: Iterable[Problem] = (),
    headers: Iterable[tuple[str, str]] = (),
    cause: BaseException | None = None,
) -> Response:
    """Build the one error body; ``errors`` lists problems with the request body, if any, at
    most ``MAX_PROBLEMS`` of them, and ``more_errors`` counts the rest when there are more
    (``http_shared.problems.capped``); ``type`` names the kind of problem
    (``api.problem_types``), from ``cause`` if given. A problem with a hand sent as HRN
    text also says its ``line`` and ``column`` (``http_shared.hrnbody.places``).

    The title, the detail and the problems' messages are in the request's language
    (``http_shared.language.current``), and every such answer says which
    (``Content-Language``, ``Vary: Accept-Language``); the type, status, pointers and codes
    are the same in every language. English, the source, looks nothing up."""
    shown, more = capped(tuple(problems))
    where = places(cause, shown) if cause is not None else []
    where += [None] * (len(shown) - len(where))
    language = current()
    t = translator(language)  # English, the source, looks nothing up
    body: dict[str, object] = {
        "type": problem_type(status, cause),
        "title": translated(_phrase(status), t),
        "status": status,
        "detail": translated(detail, t),
        "errors": [problem_item(problem, place, t) for problem, place in zip(shown, where, strict=True)],
    }
    told()  # its title and detail are in the request's language, whatever else it lists
    if more:
        body["more_errors"] = more
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_JSON
    for name, value in headers:
        response.headers[name] = value
    return response


# Problems for errors Werkzeug raises itself, so clients can branch on ``code``.
_BODY_PROBLEMS: dict[type[HTTPException], tuple[str, str]] = {
    RequestEntityTooLarge: ("too_large", N_("The request body exceeds %(limit)s bytes.")),
    UnsupportedMediaType: ("unsupported_media_type", N_("Send the record as application/json.")),
}


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> Response:
    """Any Werkzeug/Flask HTTP error (404, 405, 413, 415, 500...) in the one shape."""
    status = error.code or 500
    problems = getattr(error, "problems", None)
    expected = problems is not None  # a refusal of ours (503 not ready...), not a failure
    if problems is None:
        problems = ()
        for kind, (code, message) in _BODY_PROBLEMS.items():
            if isinstance(error, kind):
                limit = current_app.config.get("MAX_CONTENT_LENGTH")
                problems = (Problem("", code, SAID.gettext(message, limit=limit)),)
    # Keep what the exception says about the response (``Allow`` on a 405),
    # but never its HTML content type.
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    detail = description(error) or _phrase(status)
    if status >= 500 and not expected:  # Flask has logged the traceback; never leak it.
        detail = FAILED
    return problem_response(status, detail, problems, headers, cause=error)


def refused(error: Exception) -> Response:
    """A use case's refusal (422, 404, 409, 403) in the one shape; see ``http_shared.problems``."""
    status, detail, problems = refusal(error)
    return problem_response(status, detail, problems, cause=error)


def init_app(app: Flask) -> None:
    """Answer every refusal of a use case as problem+json, wherever it is raised."""
    app.register_blueprint(bp)
    for kind in REFUSALS:
        app.register_error_handler(kind, refused)
