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
from hearts_referee.http_shared.language import current, told
from hearts_referee.http_shared.problems import REFUSALS, capped, problem_item, refusal
from hearts_referee.languages import SOURCE, translator
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import ENGLISH, translated

from .problem_types import problem_type

PROBLEM_JSON = "application/problem+json"

bp = Blueprint("errors", __name__)


class InvalidQuery(BadRequest):
    """A query parameter with a wrong value or name; each problem names the parameter."""

    problem_type = "invalid_query"

    def __init__(self, messages: dict[str, list[str]]) -> None:
        super().__init__("The query string is not valid; see errors.")
        self.problems = tuple(
            Problem("", "invalid_parameter", f"{name}: {message}")
            for name, found in messages.items()
            for message in found
        )


def _phrase(status: int) -> str:
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

    The problems' messages (and a detail written to be translated) are in the request's
    language (``http_shared.language.current``), and an answer that lists problems says
    which (``Content-Language``, ``Vary: Accept-Language``); their pointers and codes are
    the same in every language. English, the source, looks nothing up."""
    shown, more = capped(tuple(problems))
    where = places(cause, shown) if cause is not None else []
    where += [None] * (len(shown) - len(where))
    language = current()
    t = ENGLISH if language == SOURCE else translator(language)
    body: dict[str, object] = {
        "type": problem_type(status, cause),
        "title": _phrase(status),
        "status": status,
        "detail": translated(detail, t),
        "errors": [problem_item(problem, place, t) for problem, place in zip(shown, where, strict=True)],
    }
    if shown or status == 422:  # a 422 always says its language (openapi.yaml, UnprocessableRecord)
        told()
    if more:
        body["more_errors"] = more
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_JSON
    for name, value in headers:
        response.headers[name] = value
    return response


# Problems for errors Werkzeug raises itself, so clients can branch on ``code``.
_BODY_PROBLEMS = {
    RequestEntityTooLarge: ("too_large", "The request body exceeds {limit} bytes."),
    UnsupportedMediaType: ("unsupported_media_type", "Send the record as application/json."),
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
                problems = (Problem("", code, message.format(limit=limit)),)
    # Keep what the exception says about the response (``Allow`` on a 405),
    # but never its HTML content type.
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    detail = error.description or _phrase(status)
    if status >= 500 and not expected:  # Flask has logged the traceback; never leak it.
        detail = "The referee failed on this request; the error has been logged."
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
