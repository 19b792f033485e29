"""``GET /healthz``: liveness for load balancers and the deploy script."""

from __future__ import annotations

from importlib import metadata

from flask import Blueprint

import referee

bp = Blueprint("health", __name__)


def referee_version() -> str:
    """``referee.__version__`` if the engine declares one, else the installed package's."""
    version = getattr(referee, "__version__", None)
    if version:
        return str(version)
    try:
        return metadata.version("hearts-referee")
    except metadata.PackageNotFoundError:
        return "0+unknown"


@bp.get("/healthz")
def healthz() -> dict[str, str]:
    return {"status": "ok", "referee_version": referee_version()}
