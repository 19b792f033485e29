"""An optional rate limit per API key, with flask-limiter: off unless ``RATELIMIT_PER_KEY`` is set.

``FLASK_RATELIMIT_PER_KEY="600/minute"`` (any flask-limiter limit string;
several separated by ``;``, e.g. ``"10/second;600/hour"``) lets each key
make that many ``/v1`` requests, all routes together. Past it, a 429
problem+json (``rate_limited``) with ``Retry-After`` in seconds.

What counts: every ``/v1`` request that carries a key (``Authorization:
Bearer`` or ``X-API-Key``, counted alike), valid or not, before the key is
even checked: the count is by a hash of the key as sent, never the key
itself. Requests without a key (the open validation endpoints) are not
counted: limit them by address at the proxy. Nor are CORS preflights, or
the director's pages (people at human speed, behind a session).

Counts are kept in memory (flask-limiter's ``memory://``), per process: with
N gunicorn workers a key may make up to N times the limit. For one count
across workers and machines set ``FLASK_RATELIMIT_STORAGE_URI`` to a shared
store flask-limiter supports (e.g. ``redis://host:6379``, with its client
installed).
"""

from __future__ import annotations

import hashlib
import math
import time

from flask import Flask, Response, request
from flask_limiter import ApplicationLimit, Limiter
from limits import parse_many
from werkzeug.exceptions import Unauthorized

from hearts_referee.http_shared.auth import presented_keys
from hearts_referee.referee.translator import SAID

PREFIX = "/v1/"


def _credential() -> str | None:
    """The key the request presents, if any (the view decides whether it is valid)."""
    try:
        tokens = presented_keys()
    except Unauthorized:  # an Authorization header that is not Bearer: the view says 401
        return None
    return tokens[0] if tokens and tokens[0] else None


def _bucket() -> str:
    token = _credential() or ""
    return "key:" + hashlib.sha256(token.encode("utf-8")).hexdigest()[:32]


def _exempt() -> bool:
    return request.method == "OPTIONS" or not request.path.startswith(PREFIX) or _credential() is None


def per_key(setting: object) -> ApplicationLimit:
    """The limit as flask-limiter takes it; a ``ValueError`` naming the setting if it does not parse."""
    text = str(setting).strip()
    try:
        limits = parse_many(text)
    except ValueError as error:
        raise ValueError(
            f"RATELIMIT_PER_KEY: {text!r} is not a rate limit such as 600/minute ({error})"
        ) from None
    if not limits or any(limit.amount < 1 for limit in limits):
        raise ValueError(f"RATELIMIT_PER_KEY: {text!r} allows no request at all")
    said = ", ".join(str(limit) for limit in limits)
    return ApplicationLimit(
        text,
        error_message=SAID.gettext(
            "Too many requests with this API key (at most %(limits)s): wait the Retry-After seconds.",
            limits=said,
        ),
    )


def init_app(app: Flask) -> None:
    setting = app.config.get("RATELIMIT_PER_KEY")
    if not setting:
        return
    limiter = Limiter(
        key_func=_bucket,
        app=app,
        application_limits=[per_key(setting)],
        storage_uri=app.config.get("RATELIMIT_STORAGE_URI") or "memory://",
        headers_enabled=False,  # Retry-After on a 429 only, below; not on every answer
        key_prefix="hearts-referee",
    )
    # A request filter, not the limit's exempt_when: flask-limiter checks filters before it
    # resolves any limit, so a request that does not count costs next to nothing
    # (docs/performance.md, "Why the code is shaped so").
    limiter.request_filter(_exempt)

    @app.after_request
    def retry_after(response: Response) -> Response:
        current = limiter.current_limit
        if response.status_code == 429 and current is not None:
            resets = current.window[0]  # when the breached window ends (epoch seconds)
            response.headers["Retry-After"] = str(max(1, math.ceil(resets - time.time())))
        return response
