"""Hearts Referee web service: the Flask application factory.

``hearts-referee serve`` (or ``gunicorn -w 2 'hearts_referee.app:create_app()'``) in
production, ``flask --app hearts_referee.app run`` for development (from a
checkout, ``flask --app app run`` finds the same factory through the
repository's ``app.py``). The factory only wires the faces together: the API
(``api``), the director's pages (``web``) and the command line (``cli``), over
the use cases in ``usecases``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from hearts_referee import api, usecases, web
from hearts_referee.api.errors import http_error
from hearts_referee.cli import commands
from hearts_referee.http_shared import config, db, headers, language, protocol, proxies, requestlog, storage
from hearts_referee.http_shared.jsonbody import FastJSONProvider
from hearts_referee.schemas.strictjson import MAX_DEPTH

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
    # POST /v1/audits needs an auditor's or a director's key unless this is false (the
    # operator opens it), and each worker runs at most this many batches at once (one
    # more is a 429 with Retry-After): a batch is seconds of CPU on a worker's one core.
    "AUDITS_REQUIRE_KEY": True,
    "AUDITS_CONCURRENCY": 2,
    # ... and a batch holds its place only while its body arrives: the whole body within
    # this many seconds, else a 408 and the place is given back (a client trickling a byte
    # every few seconds held a place for ever). 64 MiB in 60 s is about 1 MiB/s.
    "AUDITS_BODY_SECONDS": 60,
    # The session cookie is Secure when the service is served over HTTPS: None means "when
    # PREFERRED_URL_SCHEME is https" (web.init_app decides); true or false says so outright.
    "SESSION_COOKIE_SECURE": None,
    # A director's sign-in ends after this many minutes without a page (a round and its
    # break: a TD away from the desk comes back signed in), and this many hours after it
    # began whatever happens (a tournament day, from the morning's seating to the prizes).
    "SESSION_IDLE_MINUTES": 180,
    "SESSION_MAX_HOURS": 16,
    # How deep arrays and objects may nest in any JSON the API or the pages read
    # (a game record needs 6); deeper is a 400 too_deep before anything walks it.
    "JSON_MAX_DEPTH": MAX_DEPTH,
    # One JSON line per request on stderr (edge.requestlog); DEBUG, INFO, WARNING or ERROR.
    "LOG_LEVEL": "INFO",
    # How many reverse proxies every request passes through; their X-Forwarded-* headers
    # are trusted only then (edge.proxies). 0: those headers are ignored.
    "TRUSTED_PROXIES": 0,
    # DATABASE: the archive's SQLite file; defaults to instance/archive.sqlite.
    # OPENAPI_PATH: the published contract; defaults to the openapi.yaml shipped in api/.
}


class RefereeApp(Flask):
    """Flask, asking once per view or hook whether it is a coroutine function: Flask's
    ``ensure_sync`` asks ``inspect`` every time it runs one, five or six times a request
    (docs/performance.md, "The service's own overhead"). The answer is Flask's own."""

    def __init__(self, import_name: str, **options: Any) -> None:
        super().__init__(import_name, **options)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        synced = self._synced.get(func)
        if synced is None:
            synced = self._synced[func] = super().ensure_sync(func)
        return synced


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides the defaults (and any FLASK_* env vars).

    ``http_shared.config.ConfigError`` when a setting cannot be used (``FLASK_VALIDATE_REQUIRES_KEY=maybe``).
    """
    app = RefereeApp(__name__, static_folder=None)
    app.config.from_mapping(DEFAULTS)
    config.from_env(app.config)  # FLASK_* variables; booleans and integers parsed strictly
    if test_config is not None:
        app.config.from_mapping(test_config)
    config.check(app.config)
    app.json = FastJSONProvider(app)  # orjson; keys in the documented order
    requestlog.init_app(app)  # first: every response gets its X-Request-ID and its log line
    protocol.init_app(app)  # requests the HTTP server refused, answered in the one error shape
    db.init_app(app)
    language.init_app(app, remembers=web.owns)  # ?lang=, the pages' session, Accept-Language
    api.init_app(app)
    web.init_app(app)  # the director's pages, under /director/
    commands.init_app(app)
    headers.init_app(app)  # CSP, nosniff, no framing, no-store: on every response (wraps the WSGI app)
    proxies.init_app(app)  # last: it wraps the finished WSGI app

    @app.errorhandler(HTTPException)
    def any_http_error(error: HTTPException) -> Response | tuple[str, int, list[tuple[str, str]]]:
        # Routing errors (404, 405) happen before any blueprint is known, so the
        # choice between an HTML page and problem+json goes by the path.
        if web.owns(request.path):
            return web.html_error(error)
        return http_error(error)

    def storage_fault(error: Exception) -> Response | tuple[str, int, list[tuple[str, str]]]:
        # A full disk, a read-only or locked or missing archive: 503 on either face. Any
        # other error of SQLite or the system is a bug: raised again, logged, a 500.
        answer = storage.unavailable(error)
        if answer is None:
            raise error
        return any_http_error(answer)

    for kind in usecases.STORAGE_ERRORS:
        app.register_error_handler(kind, storage_fault)

    return app
