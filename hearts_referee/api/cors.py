"""CORS for browser scoring apps on other origins: the API only, and only origins named.

``CORS_ORIGINS`` (``FLASK_CORS_ORIGINS``) lists them: a JSON list, or text
with the origins separated by commas or spaces; ``*`` allows any. By
default none is, and nothing is registered. With flask-cors, the API
(``/v1/...``) and the spec answer the allowed origins and their preflights
(which need no key: a browser sends none on a preflight); the director's
pages never do: they are same-origin HTML with a session cookie. Keys
travel in headers, never cookies, so no credentials mode is offered.

Whenever CORS is on, every answer of the API and the spec says ``Vary: Origin``
(flask-cors says it only for some settings): the answer depends on the request's
``Origin`` (an allowed origin gets the CORS headers, another and none do not),
so a shared cache must not hand one origin's answer to another, nor an answer
to a request without ``Origin`` to a browser's request with one.

An origin is ``scheme://host[:port]``, exactly as a browser sends it: one
with a path or a trailing slash would never match, so it is refused when
the app starts rather than silently ignored.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, Response, request
from flask_cors import CORS

ORIGIN = re.compile(r"^https?://[^/\s:]+(:\d+)?$")

ALLOW_HEADERS = ["Authorization", "X-API-Key", "Content-Type", "If-None-Match", "X-Request-ID"]
EXPOSE_HEADERS = ["ETag", "Location", "Retry-After", "WWW-Authenticate", "Allow", "X-Request-ID"]
METHODS = ["GET", "POST", "DELETE"]
MAX_AGE = 600
"""Seconds a browser may keep a preflight's answer."""

RESOURCES = re.compile(r"^/v1/.*|^/openapi\.yaml$")
"""The paths that answer CORS: the API and its spec."""


def origins(setting: Any) -> list[str]:
    """The allowed origins from the setting (a list, or text separated by commas or spaces)."""
    if not setting:
        return []
    found = re.split(r"[\s,]+", setting.strip()) if isinstance(setting, str) else list(setting)
    allowed = [origin for origin in found if origin]
    for origin in allowed:
        if origin != "*" and not (isinstance(origin, str) and ORIGIN.match(origin)):
            raise ValueError(
                f"CORS_ORIGINS: {origin!r} is not an origin: write scheme://host[:port], "
                "with no path and no trailing slash, or * for any"
            )
    return allowed


def init_app(app: Flask) -> None:
    allowed = origins(app.config.get("CORS_ORIGINS"))
    if not allowed:
        return
    CORS(
        app,
        resources={RESOURCES.pattern: {}},
        origins=allowed,
        methods=METHODS,
        allow_headers=ALLOW_HEADERS,
        expose_headers=EXPOSE_HEADERS,
        supports_credentials=False,
        max_age=MAX_AGE,
        always_send=False,  # CORS headers answer CORS requests (with Origin) only
    )
    app.after_request(_vary_on_origin)


def _vary_on_origin(response: Response) -> Response:
    """``Vary: Origin`` on every answer of a path that answers CORS (see above)."""
    if RESOURCES.match(request.path):
        response.vary.add("Origin")
    return response
