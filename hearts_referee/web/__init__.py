"""The director's pages: server-rendered HTML under ``/director/``, beside the JSON API.

The pages are a second face of the same use cases, not a second API: they
call ``usecases`` (``usecases.hands.get_hand``, ``usecases.hands.decide``...)
exactly as the JSON API does, with the same access rule, and render with
Jinja. They share the request plumbing (``http_shared``) with the API and never
import it. They live under their own prefix (not content negotiation on
``/v1``), so an API client can never receive HTML and a browser never
receives problem+json: errors under ``/director/`` are HTML pages (the
factory routes each error by path, ``app.create_app``), everything else
keeps the one JSON error shape of ``api.errors``. They are not part of ``openapi.yaml``
(``tests/test_openapi.py`` leaves this blueprint out, and says why).

Sign-in is with an API key (the same keys as the API); the session cookie
keeps only a session token that the archive can end (sign-out, a revoked
key), is ``Secure`` when served over HTTPS, and every POST form carries a
CSRF token.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask, Request, Response, g
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from werkzeug.exceptions import HTTPException

PREFIX = "/director"


def _secret_key(app: Flask) -> None:
    """``SECRET_KEY`` from the config (``FLASK_SECRET_KEY``), else one kept in the instance folder.

    The generated key is written once (mode 0600) and reused, so sessions
    survive a restart and every gunicorn worker signs cookies alike.
    """
    if app.config.get("SECRET_KEY"):
        return
    path = Path(app.instance_path) / "secret_key"
    try:
        app.config["SECRET_KEY"] = path.read_text(encoding="ascii").strip()
        return
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another worker wrote it first
        app.config["SECRET_KEY"] = path.read_text(encoding="ascii").strip()
        return
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key + "\n")
    app.config["SECRET_KEY"] = key


def owns(path: str) -> bool:
    """Whether a request path is one of the pages' (their errors are HTML pages)."""
    return path == PREFIX or path.startswith(PREFIX + "/")


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, opened without building a signing serializer (an
    ``itsdangerous`` serializer and its HMAC set-up, every request) when the request has no
    cookie, and an empty session that nothing read or changed is not saved (the base class
    would look up six settings to decide to write nothing): every API call. The answers are
    the base class's own for those cases (docs/performance.md, "The service's own overhead").

    An answer marked by :func:`leave_session` writes no cookie at all."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and "HTTP_COOKIE" not in request.environ:  # no cookie at all: none to parse
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if not session and not session.accessed and not session.modified:
            return  # an empty session nobody touched (every API call): no cookie, no Vary
        super().save_session(app, session, response)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        return not g.get("leave_session", False) and super().should_set_cookie(app, session)


def leave_session() -> None:
    """This answer sets no session cookie, whatever the request did to the session.

    For a question a page asks in the background while it is open: the hand entry's check
    after each card, the scoresheet's preview of the row being typed. Every signed-in answer
    rewrites the cookie (the idle clock), and the browser keeps whichever cookie arrives
    last: a question sent before the form was submitted and answered after it would put back
    the session as it was before the submit, and the page after it would lose the submit's
    message. A background question is not a page, so it does not reset the idle clock either
    (``SESSION_IDLE_MINUTES`` counts pages)."""
    g.leave_session = True


def init_app(app: Flask) -> None:
    """Register the pages and their session settings."""
    from . import (
        events,  # noqa: F401  # the event pages register on the pages' blueprint
        formats,  # noqa: F401  # numbers and times in the page's language: template filters
        gamepages,  # noqa: F401  # its routes join the pages' blueprint
        phones,  # noqa: F401  # pairing a phone: its routes join the pages' blueprint
        words,
    )
    from .pages import bp

    app.session_interface = CookieSessions()
    _secret_key(app)
    # Flask's defaults are HttpOnly and no SameSite; Lax keeps the cookie off other sites' POSTs
    # (the CSRF token is the guard; this is a second one). FLASK_SESSION_COOKIE_SAMESITE overrides.
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    # Secure (sent over HTTPS only) when the service says it is served over HTTPS; an explicit
    # FLASK_SESSION_COOKIE_SECURE=true/false decides either way (behind a TLS proxy, set one).
    if app.config.get("SESSION_COOKIE_SECURE") is None:
        app.config["SESSION_COOKIE_SECURE"] = app.config.get("PREFERRED_URL_SCHEME") == "https"
    app.register_blueprint(bp)
    app.add_template_global(words.word, "word")  # a global: macros imported without context use it


def html_error(error: HTTPException) -> tuple[str, int, list[tuple[str, str]]]:
    """Any HTTP error under ``/director/`` as the pages' own error page."""
    from .pages import html_error as page

    return page(error)
