"""Hearts Referee web service: the Flask application factory.

``hearts-referee serve`` (or ``gunicorn -w 2 'app:create_app()'``) in
production, ``flask --app app run`` for development. The factory only wires
the faces together: the API (``api``), the director's pages (``web``) and
the command line (``cli``), over the use cases in ``service``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

import api
import cli.commands
import web
from api.errors import http_error
from edge import db, protocol, proxies, requestlog

DEFAULTS: Mapping[str, Any] = {
    # One hand record is ~2-3 KB; a quarter MiB leaves room for notes and
    # double decks while refusing floods before they are parsed.
    "MAX_CONTENT_LENGTH": 256 * 1024,
    # POST /v1/hands/validate and /v1/games/validate store nothing, so they are
    # open to anyone unless this is set; every other write needs an API key.
    "VALIDATE_REQUIRES_KEY": False,
    # POST /v1/audits takes many records in one NDJSON body, held in memory while
    # it is audited: at most this many (non-blank lines) and this many bytes
    # (MAX_CONTENT_LENGTH does not apply to it). Past either, a 413 before any result.
    "AUDITS_MAX_RECORDS": 10_000,
    "AUDITS_MAX_BYTES": 64 * 1024 * 1024,
    # One JSON line per request on stderr (edge.requestlog); DEBUG, INFO, WARNING or ERROR.
    "LOG_LEVEL": "INFO",
    # How many reverse proxies every request passes through; their X-Forwarded-* headers
    # are trusted only then (edge.proxies). 0: those headers are ignored.
    "TRUSTED_PROXIES": 0,
    # DATABASE: the archive's SQLite file; defaults to instance/archive.sqlite.
    # OPENAPI_PATH: the published contract; defaults to the openapi.yaml shipped in api/.
}


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides the defaults (and any FLASK_* env vars)."""
    app = Flask(__name__, static_folder=None)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env()
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep results in the documented order
    requestlog.init_app(app)  # first: every response gets its X-Request-ID and its log line
    protocol.init_app(app)  # requests the HTTP server refused, answered in the one error shape
    db.init_app(app)
    api.init_app(app)
    web.init_app(app)  # the director's pages, under /director/
    cli.commands.init_app(app)
    proxies.init_app(app)  # last: it wraps the finished WSGI app

    @app.errorhandler(HTTPException)
    def any_http_error(error: HTTPException) -> Response | tuple[str, int, list[tuple[str, str]]]:
        # Routing errors (404, 405) happen before any blueprint is known, so the
        # choice between an HTML page and problem+json goes by the path.
        if web.owns(request.path):
            return web.html_error(error)
        return http_error(error)

    return app


app = create_app()
