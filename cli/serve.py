"""``hearts-referee serve``: the service under gunicorn, the way it runs in production.

Two sync workers per two cores (the README's measurements); each worker
builds its own app with ``app.create_app()``. ``--bind`` and ``--workers``
override; any ``FLASK_*`` variable configures the app as usual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import click
from gunicorn.app.base import BaseApplication

DEFAULT_BIND = "127.0.0.1:5000"


class _Server(BaseApplication):
    """gunicorn with its options given here, not read from the command line."""

    def __init__(self, options: dict[str, str | int]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.options.items():
            self.cfg.set(name, value)

    def load(self) -> Callable[..., Iterable[bytes]]:
        """The WSGI app each worker serves."""
        from app import create_app

        return create_app()


@click.command("serve")
@click.option("--bind", default=DEFAULT_BIND, show_default=True, help="Address and port to listen on.")
@click.option("--workers", default=2, show_default=True, help="Worker processes (two per two cores).")
def serve(bind: str, workers: int) -> None:
    """Serve the API, the docs and the director's pages."""
    click.echo(f"Hearts Referee on http://{bind} (docs at /docs, director's pages at /director/)", err=True)
    _Server({"bind": bind, "workers": workers, "worker_class": "sync", "accesslog": "-"}).run()
