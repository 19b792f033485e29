"""API keys on requests: who is asking, and whether their role may do this.

A key comes as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>``.
No key, one that is unknown or revoked, or two different ones, is a 401; a key whose role may
not do this is a 403. The check runs before the view, so a request with
the wrong role learns nothing about what it asked for (not even whether a
hand of that number exists).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from flask import current_app, g, request
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, Unauthorized

import archive

from .db import get_db

View = TypeVar("View", bound=Callable)

CHALLENGE = WWWAuthenticate("Bearer", {"realm": "hearts-referee"})

WHAT = {
    "validate": "validate hands",
    "read": "read the archive",
    "submit": "submit hands and games",
    "sign": "sign hands",
    "decide": "decide rulings",
    "keys:read": "list API keys",
    "keys:write": "manage API keys",
}


def presented_keys() -> list[str]:
    """Every credential the request carries: a header that is present counts, even empty."""
    found = []
    if "Authorization" in request.headers:
        scheme, _, token = request.headers["Authorization"].partition(" ")
        if scheme.lower() != "bearer":
            raise _unauthorized("Authorization must be Bearer <key>.")
        found.append(token.strip())
    if "X-API-Key" in request.headers:
        found.append(request.headers["X-API-Key"].strip())
    return found


def check(permission: str) -> archive.Key:
    """The request's key, if its role has ``permission``; 401/403 otherwise."""
    tokens = presented_keys()
    if not tokens:
        raise _unauthorized("This needs an API key: send Authorization: Bearer <key> or X-API-Key.")
    if len(set(tokens)) > 1:  # never guess which of two credentials the client meant
        raise _unauthorized("The request carries two different API keys; send one.")
    token = tokens[0]
    key = archive.find_key(get_db(), token)
    if key is None:
        raise _unauthorized("The API key is unknown or has been revoked.")
    if not key.may(permission):
        raise Forbidden(f"A {key.role} key may not {WHAT.get(permission, permission)}.")
    g.key = key
    return key


def _unauthorized(detail: str) -> Unauthorized:
    return Unauthorized(detail, www_authenticate=CHALLENGE)


def requires(permission: str, *, unless: str | None = None) -> Callable[[View], View]:
    """Guard a view. With ``unless``, the guard applies only when that config key is true."""

    def decorator(view: View) -> View:
        @wraps(view)
        def guarded(*args, **kwargs):
            if unless is None or current_app.config.get(unless):
                check(permission)
            return view(*args, **kwargs)

        guarded.permission = permission  # type: ignore[attr-defined]
        return guarded  # type: ignore[return-value]

    return decorator


def actor() -> str | None:
    """Who is acting, as logged: the key's name and number."""
    key = g.get("key")
    return f"{key.name} (key {key.id})" if key is not None else None
