"""Strict JSON request bodies, and JSON answers at C speed.

Every JSON answer (``jsonify``, a view returning a dict) is written by
:class:`FastJSONProvider`, the app's Flask JSON provider: orjson through
:func:`schemas.strictjson.dumps`, keys in their order, compact, UTF-8.

Anything that is not exactly one UTF-8 JSON document (read by
:func:`schemas.strictjson.loads_strict`) is a 400 pointing at the whole body:
``invalid_json``, or ``too_deep`` past ``JSON_MAX_DEPTH`` levels of nesting.

The size rule is one rule, whichever way the body comes: at most
``MAX_CONTENT_LENGTH`` bytes are accepted, one byte more is a 413. With
Content-Length Werkzeug refuses a larger body before reading it; without it
(chunked), the body is read one byte past the limit, so that a body of exactly
the limit is taken and a longer one is refused instead of arriving cut short.
A body may come gzip-compressed (:mod:`http_shared.encoding`, the one reader of
content codings, NDJSON's too): the limit is then held against what it
inflates to. A hand sent as HRN text is read by the same :func:`body_bytes`
(:mod:`http_shared.hrnbody`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Request, Response, current_app, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType
from werkzeug.wsgi import LimitedStream, get_content_length

from hearts_referee.http_shared import encoding
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID, Said, alternatives
from hearts_referee.schemas.strictjson import MAX_DEPTH, JSONError, dumps, loads_strict

T = TypeVar("T")


class FastJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, writing with orjson. Keys keep their order (results are in the
    documented order); dates, decimals and the rest go through Flask's own ``default``, so
    they read as they did. Reading request bodies is :func:`read_json`'s, never this."""

    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # indent, sort_keys...: a caller's own wishes, Flask's way
            return super().dumps(obj, **kwargs)
        return dumps(obj, default=self.default).decode("utf-8")

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        body = dumps(obj, default=self.default, newline=True)
        return current_app.response_class(body, mimetype=self.mimetype)


_DETAILS = {
    "invalid_json": SAID.gettext("The request body is not valid JSON."),
    "too_deep": SAID.gettext("The request body nests arrays and objects too deeply; see errors."),
}


class InvalidJSON(BadRequest):
    """The body is not one strict JSON document; the problem points at the whole body."""

    def __init__(self, message: str, code: str = "invalid_json") -> None:
        super().__init__(_DETAILS.get(code, _DETAILS["invalid_json"]))
        self.problems = (Problem("", code, message),)


def max_depth() -> int:
    """How deep a request's JSON may nest (``JSON_MAX_DEPTH``), for the API and the pages alike."""
    depth: int = current_app.config.get("JSON_MAX_DEPTH", MAX_DEPTH)
    return depth


def parse(data: bytes, read: Callable[[bytes, int], T] = loads_strict) -> T:
    """``data`` read as strict JSON by ``read`` within this app's depth limit (by default
    parsed: ``loads_strict``); ``InvalidJSON`` (400) if it is not strict JSON."""
    try:
        return read(data, max_depth())
    except JSONError as error:
        raise InvalidJSON(error.said, error.code) from None


def body_bytes() -> bytes:
    """The whole request body, or 413 past ``MAX_CONTENT_LENGTH``, with or without
    Content-Length; a gzip body inflated (:mod:`http_shared.encoding`), the limit held
    against what it inflates to, 415 for another ``Content-Encoding``."""
    sent: Request = request._get_current_object()  # type: ignore[attr-defined]  # one lookup, not one per use
    environ = sent.environ
    limit = sent.max_content_length
    gzip = encoding.is_gzip(environ)
    length = get_content_length(environ)
    if not gzip and length is not None:
        # The common body: its length said and nothing to inflate, read from the server's
        # stream straight (werkzeug's ``get_data`` asks the request for the limit and the
        # length again, through the app's proxies: docs/performance.md).
        if limit is not None and length > limit:
            raise RequestEntityTooLarge()
        return LimitedStream(environ["wsgi.input"], length).read()  # 400 if the client stops early
    if limit is not None and length is None:
        sent.max_content_length = limit + 1  # read one byte more: is there more?
    if not gzip:
        data = sent.get_data(cache=False)
    else:
        inflated = bytearray()
        for piece in encoding.inflated(encoding.pieces(sent.stream)):
            inflated += piece
            if limit is not None and len(inflated) > limit:
                raise RequestEntityTooLarge()
        data = bytes(inflated)
    if limit is not None and len(data) > limit:
        raise RequestEntityTooLarge()
    return data


class NotSentAs(UnsupportedMediaType):
    """A body sent as none of the media types an endpoint reads (JSON, and some other)."""

    def __init__(self, *media_types: str) -> None:
        named = alternatives(media_types)
        super().__init__(expected(named))
        self.problems = (
            Problem(
                "",
                "unsupported_media_type",
                SAID.gettext("Send the body as %(media_type)s.", media_type=named),
            ),
        )


def expected(media_type: str) -> Said:
    """A 415's ``detail``: the media type(s) an endpoint reads, and the one the request named."""
    if request.mimetype:
        return SAID.gettext(
            "Expected Content-Type %(media_type)s, got %(sent)s.",
            media_type=media_type,
            sent=request.mimetype,
        )
    return SAID.gettext("Expected Content-Type %(media_type)s, got none.", media_type=media_type)


def json_body(read: Callable[[bytes, int], T] = loads_strict, *, also: tuple[str, ...] = ()) -> T:
    """The request's JSON body: 415 unless it is sent as JSON, 413 past the size limit,
    400 unless it parses. ``read`` reads the text and the depth limit (by default into
    parsed JSON; ``schemas.record.load_record_text`` reads a hand record straight from it).
    ``also``: the other media types the endpoint reads, which its 415 names."""
    if not request.is_json:
        if also:
            raise NotSentAs("application/json", *also)
        raise UnsupportedMediaType(expected("application/json"))
    return parse(body_bytes(), read)
