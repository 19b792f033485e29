"""gunicorn's side of ``hearts-referee serve``: the application it runs and the logger it
writes with. Imported only when serving (``cli.serve``), so that the other commands, an
audit's start among them, do not load gunicorn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gunicorn import glogging
from gunicorn.app.base import BaseApplication


class RequestLogOnly(glogging.Logger):
    """gunicorn's logger, less its access log: the app writes the line for each request
    (``http_shared.requestlog``), with its id, key and rulings.

    ``accesslog=None`` is not enough. Once ``logconfig_dict`` is given, gunicorn builds an
    access line's fields for every request (its atoms, the time formatted, the headers
    read) and hands them to a logger that has nowhere to write them: py-spy put a tenth of
    a worker's samples there under ``bench/server.py``'s load."""

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        """Nothing: the app's request log has this request's line."""


class Server(BaseApplication):
    """gunicorn with its options given here, not read from the command line."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.options.items():
            self.cfg.set(name, value)

    def load(self) -> Callable[..., Iterable[bytes]]:
        """The WSGI app each worker serves."""
        from hearts_referee.app import create_app

        return create_app()
