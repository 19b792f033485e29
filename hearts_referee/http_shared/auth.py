"""API keys on requests: who is asking, and whether their role may do this.

A key comes as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>``.
No key, one that is unknown or revoked, or two different ones, is a 401; a
key whose role may not do this is a 403 (``usecases.access`` decides). The
role check runs before the view, so a request with the wrong role learns
nothing about what it asked for (not even whether a hand of that number
exists). Which hands and games a key may see is the use cases' to decide.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from flask import current_app, g, request
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Unauthorized

from hearts_referee.referee.translator import SAID
from hearts_referee.usecases import Key
from hearts_referee.usecases.access import Permission, require
from hearts_referee.usecases.keys import authenticate

from .db import get_db
from .requestlog import keyed

View = TypeVar("View", bound=Callable[..., Any])

CHALLENGE = WWWAuthenticate("Bearer", {"realm": "hearts-referee"})


def presented_keys() -> list[str]:
    """Every credential the request carries: a header that is present counts, even empty."""
    found = []
    if "Authorization" in request.headers:
        scheme, _, token = request.headers["Authorization"].partition(" ")
        if scheme.lower() != "bearer":
            raise _unauthorized(SAID.gettext("Authorization must be Bearer <key>."))
        found.append(token.strip())
    if "X-API-Key" in request.headers:
        found.append(request.headers["X-API-Key"].strip())
    return found


def check(permission: Permission) -> Key:
    """The request's key, if its role has ``permission``; 401, or ``Forbidden`` (403)."""
    tokens = presented_keys()
    if not tokens:
        raise _unauthorized(
            SAID.gettext("This needs an API key: send Authorization: Bearer <key> or X-API-Key.")
        )
    if len(set(tokens)) > 1:  # never guess which of two credentials the client meant
        raise _unauthorized(SAID.gettext("The request carries two different API keys; send one."))
    key = authenticate(get_db(), tokens[0])
    if key is None:
        raise _unauthorized(SAID.gettext("The API key is unknown or has been revoked."))
    g.key = require(key, permission)
    keyed(key.id)
    return key


def _unauthorized(detail: str) -> Unauthorized:
    return Unauthorized(detail, www_authenticate=CHALLENGE)


def requires(permission: Permission, *, unless: str | None = None) -> Callable[[View], View]:
    """Guard a view. With ``unless``, the guard applies only when that config key is true."""

    def decorator(view: View) -> View:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if unless is None or current_app.config.get(unless):
                check(permission)
            return view(*args, **kwargs)

        guarded.permission = permission  # type: ignore[attr-defined]
        return cast(View, guarded)

    return decorator


def caller() -> Key:
    """The key this request was checked with (inside a view guarded by :func:`requires`)."""
    key: Key = g.key
    return key
