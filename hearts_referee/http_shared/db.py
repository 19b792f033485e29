"""The archive connection of one request, on ``g`` (the Flask tutorial's ``get_db``).

The file is ``DATABASE`` (default: ``archive.sqlite`` in the app's instance
folder). The first request of a process that needs it creates the file and
brings its schema up to date; later ones only connect. Routes that store
nothing (``/v1/hands/validate``, ``/v1/variants``...) never open it.
"""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database
from werkzeug.routing import IntegerConverter, Map

from hearts_referee import usecases

_READY = "archive.ready"


def get_db() -> Database:
    """This request's archive connection, opened (and the file made ready) on first use."""
    if "db" not in g:
        path = current_app.config["DATABASE"]
        if current_app.extensions.get(_READY) == path:
            g.db = usecases.connect(path)
        else:
            g.db = usecases.open_archive(path)
            current_app.extensions[_READY] = path
    db: Database = g.db
    return db


def close_db(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


ROW_ID_MAX = 2**63 - 1
"""SQLite's largest integer: a larger id in a path is a 404, not an overflow."""


class RowId(IntegerConverter):
    """``<id:hand_id>``: a positive row id SQLite can hold, in ASCII digits (werkzeug's
    ``\\d+`` matches any Unicode digit, and ``int()`` read ``/v1/hands/١`` as hand 1)."""

    regex = "[0-9]+"

    def __init__(self, url_map: Map, *args: object, **kwargs: object) -> None:
        super().__init__(url_map, min=1, max=ROW_ID_MAX)


def init_app(app: Flask) -> None:
    """The ``DATABASE`` default, the ``id`` URL converter, and closing after each request
    (call before registering blueprints, whose routes use the converter)."""
    app.config.setdefault("DATABASE", str(app.instance_path) + "/archive.sqlite")
    app.url_map.converters["id"] = RowId
    app.teardown_appcontext(close_db)
