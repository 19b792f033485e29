"""Behind reverse proxies: trust their ``X-Forwarded-*`` headers, only when told how many there are.

``TRUSTED_PROXIES`` (``FLASK_TRUSTED_PROXIES``, default 0) is the number of
proxies every request passes through. With N > 0 the app takes the client's
address, scheme, host, port and path prefix from the last N values of
``X-Forwarded-For``, ``-Proto``, ``-Host``, ``-Port`` and ``-Prefix``
(Werkzeug's ``ProxyFix``). Left at 0, those headers are ignored: set it only
when clients cannot reach the service except through those proxies, or any
client could claim any address.
"""

from __future__ import annotations

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


def init_app(app: Flask) -> None:
    hops = app.config.get("TRUSTED_PROXIES", 0)
    if not isinstance(hops, int) or isinstance(hops, bool) or hops < 0:
        raise ValueError(f"TRUSTED_PROXIES must be a whole number of proxies (0 or more), not {hops!r}")
    if hops:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops
        )
