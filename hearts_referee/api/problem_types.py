"""What kind of problem an error is: ``type`` in problem+json, one stable URI per kind.

RFC 9457 lets a problem name its type with a URI; ``about:blank`` says only
"see the status". Each kind here has its own, ``/docs#problem-<code>`` (a
reference resolved against the server's URL: the docs page's section on
it), so a client can branch on ``type`` and a person can read what it
means. The status says how the HTTP layer sees it; the kind tells apart
what one status covers (a 400 body that is not JSON from a 400 query
parameter; a 422 record that cannot have happened from another body that
cannot be accepted); ``errors[].code`` says more about each located problem.

The codes and their statuses are here; what each means is in the spec
(``Problem.type``, one ``const`` per kind), which the docs page renders and
a test holds to this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from hearts_referee.http_shared.jsonbody import InvalidJSON
from hearts_referee.referee.record import RecordError
from hearts_referee.usecases import Fault
from hearts_referee.usecases.errors import Rejected

PROBLEM_TYPES: Mapping[str, int] = MappingProxyType(
    {
        "invalid_json": 400,
        "invalid_query": 400,
        "bad_request": 400,
        "unauthorized": 401,
        "forbidden": 403,
        "not_found": 404,
        "method_not_allowed": 405,
        "conflict": 409,
        "decision_changes_nothing": 409,
        "too_large": 413,
        "unsupported_media_type": 415,
        "invalid_record": 422,
        "invalid_notation": 422,
        "rejected": 422,
        "rate_limited": 429,
        "audits_busy": 429,
        "internal_error": 500,
        **{fault.value: 503 for fault in Fault},  # the archive's storage, each fault its own kind
    }
)
"""Each kind of problem, by code, with the status it comes with."""

BY_STATUS: Mapping[int, str] = MappingProxyType(
    {
        400: "bad_request",
        401: "unauthorized",
        403: "forbidden",
        404: "not_found",
        405: "method_not_allowed",
        409: "conflict",
        413: "too_large",
        415: "unsupported_media_type",
        422: "rejected",
        429: "rate_limited",
        500: "internal_error",
    }
)
"""The kind of an error nothing more specific is known about, by its status."""

BLANK = "about:blank"
"""The type of a status with no kind of its own (RFC 9457: the status says it all)."""


def type_uri(code: str) -> str:
    return f"/docs#problem-{code}"


def problem_type(status: int, cause: BaseException | None = None) -> str:
    """The ``type`` of a problem with this status, raised as ``cause`` (if known)."""
    code: str | None = getattr(cause, "problem_type", None)
    if code is None:
        if isinstance(cause, InvalidJSON):
            code = "invalid_json"
        elif isinstance(cause, RecordError):
            code = "invalid_record"
        elif isinstance(cause, Rejected):
            code = "rejected"
        else:
            code = BY_STATUS.get(status)
    if code is None or PROBLEM_TYPES.get(code) != status:
        return BLANK
    return type_uri(code)
