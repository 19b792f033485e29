"""``GET /healthz`` (liveness) and ``GET /readyz`` (readiness), for load balancers and deploys.

``/healthz`` says the process answers; it touches nothing. ``/readyz`` says
the archive can be used: the file is there, SQLite can read it, its schema
is this release's (no step pending, none from a newer release), and it takes
a write now; it also says which build of the rules core runs (``build``:
``compiled`` or ``pure``, :mod:`hearts_referee.compiled`). The checks open the
file read-only, so probing never creates or upgrades anything
(``hearts-referee serve`` and ``init-db`` do that); the write is proved by
``usecases.prove_write`` (one page appended to the WAL,
nothing changed), so a full disk, a read-only file system or a lock held
past two seconds is not ready either, and a load balancer stops sending
writes there. 503 says why not: ``archive_unavailable`` for the file as it
stands, the storage fault's own problem type (``disk_full``...) for a write
that cannot be made.
"""

from __future__ import annotations

from importlib import metadata

from flask import Blueprint, current_app
from werkzeug.exceptions import ServiceUnavailable

from hearts_referee import compiled, referee
from hearts_referee.http_shared.storage import unavailable
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID
from hearts_referee.usecases import STORAGE_ERRORS, ArchiveUnavailable, applied, open_read_only, prove_write

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


class NotReady(ServiceUnavailable):
    """The archive cannot be used as it stands; the problem says why (never the file's path)."""

    def __init__(self, reason: str) -> None:
        super().__init__(SAID.gettext("The archive is not ready: %(reason)s.", reason=reason))
        self.problems = (Problem("", "archive_unavailable", reason),)


@bp.get("/readyz")
def readyz() -> dict[str, str]:
    path = current_app.config["DATABASE"]
    try:
        db = open_read_only(path)
        try:
            schema = applied(db)[-1]
        finally:
            db.close()
        prove_write(path)
    except ArchiveUnavailable as error:
        raise NotReady(error.reason) from None
    except STORAGE_ERRORS as error:
        answer = unavailable(error)
        if answer is None:
            raise
        raise answer from None
    return {"status": "ready", "schema": schema, "build": compiled.BUILD.name}
