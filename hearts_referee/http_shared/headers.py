"""Security headers on every response, the pages' and the API's alike: one after-request hook.

Why a hook and not flask-talisman: the service needs a handful of constant
headers and one caching rule, the same on every response (errors and 500s
included, which an after-request hook sees too). Talisman's defaults are
made for another kind of site: it redirects to HTTPS and forces the session
cookie ``Secure`` (which breaks the plain-HTTP ``make serve``), sends HSTS,
and its machinery is for CSP nonces on inline scripts, of which the pages
have none (their one script is a static file). What HTTPS needs here is
configurable where it belongs: the cookie's ``Secure`` flag in ``web``,
HSTS at the TLS proxy.

- ``Content-Security-Policy``: nothing by default (``default-src 'none'``:
  no frames, no fonts, no images from elsewhere), stylesheets and scripts
  from our own origin only (static files: no inline style or ``style=``, no
  inline script, no ``on...=`` handler, no ``eval``: ``'unsafe-inline'`` and
  ``'unsafe-eval'`` are never granted), fetches back to us only (the
  card-by-card hand entry asks the referee after each card), forms posting
  to us only, and ``frame-ancestors 'none'``: no page of ours can be framed
  (clickjacking a director's decision form). The pages work without
  script; the static scripts only step through a hand's tricks, add to
  the hand form, show a scoresheet row's totals as it is typed, read the
  hand entry's HRN text as it is typed (a fetch back to us) and copy the
  hand page's HRN.
- ``X-Frame-Options: DENY``: the same for browsers without CSP level 2.
- ``X-Content-Type-Options: nosniff``: a JSON answer is never run as script.
- ``Referrer-Policy: no-referrer``: a hand's or game's URL never leaves.
- ``Cache-Control: no-store`` on every response that does not set its own:
  what the service computes is archive data behind a key, a signed-in
  page, or the audit of a record someone sent, none of which belongs in a
  shared or on-disk cache. Static files set their own (``no-cache`` with an
  ETag: kept, revalidated).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from flask import Flask, Response

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)

HEADERS: Mapping[str, str] = MappingProxyType(
    {
        "Content-Security-Policy": CSP,
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
)


_ALL = (*HEADERS.items(), ("Cache-Control", "no-store"))
_NAMES = frozenset(name.lower() for name, _ in _ALL)


def secure(response: Response) -> Response:
    """Add the headers a response has not set itself (static files set their own
    ``Cache-Control``): one look at the headers it has, then one ``extend``, where
    ``setdefault`` would scan them once per header."""
    headers = response.headers
    present = _NAMES.intersection(name.lower() for name in headers.keys())  # noqa: SIM118  # iterating Headers gives (name, value) pairs
    headers.extend([(name, value) for name, value in _ALL if name.lower() not in present])
    return response


def init_app(app: Flask) -> None:
    app.after_request(secure)
