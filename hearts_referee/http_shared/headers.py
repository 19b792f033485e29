"""Security headers on every response, the pages' and the API's alike: one wrapper of the app.

Why our own few lines and not flask-talisman: the service needs a handful of constant
headers and one caching rule, the same on every response (errors and 500s
included, which a wrapper of the WSGI app sees too). Talisman's defaults are
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

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from flask import Flask

if TYPE_CHECKING:  # pragma: no cover
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

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
_LOWER = tuple((name.lower(), (name, value)) for name, value in _ALL)


class SecureHeaders:
    """The headers above added to every answer as the app starts it, by wrapping the WSGI app:
    a list of ready pairs appended to the server's, where an after-request hook would go
    through ``Response.headers`` (a scan and a check of each value, per header, per request:
    docs/performance.md, "The service's own overhead"). Errors and 500s pass through it too."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {
                name.lower() for name, _ in headers
            }  # an answer's own (a static file's Cache-Control) stays
            headers.extend([pair for lower, pair in _LOWER if lower not in present])
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def init_app(app: Flask) -> None:
    app.wsgi_app = SecureHeaders(app.wsgi_app)  # type: ignore[method-assign]
