"""``hearts-referee serve``: the service under gunicorn, the way it runs in production.

gevent workers (``cli.worker``: a slow client costs a greenlet, not a
worker), two per two cores by default, each building its own app with
``app.create_app()``. The archive is created or upgraded before the first
worker starts, so ``/readyz`` can tell at once whether it is usable. Logs are
JSON lines on stderr, gunicorn's own included (``http_shared.logs``); the app logs
one line per request, so gunicorn's access log is off.

``--host`` and ``--port`` (or ``--bind HOST:PORT``), ``--workers`` and ``--client-timeout``
override; any ``FLASK_*`` variable configures the app as usual. Before anything starts, the
address is tried (``cli.reach``): a port already taken stops ``serve`` at once with one plain
sentence. Once it can listen, it prints the addresses a phone on the same network can open.
"""

from __future__ import annotations

import os
from typing import Any

import click

from hearts_referee.http_shared.logs import level_of
from hearts_referee.http_shared.protocol import BODY_TIMEOUT

from .reach import DEFAULT_HOST, DEFAULT_PORT, reach_lines, refusal, split_bind
from .reach import bind as bind_of

LIMITS: dict[str, int] = {
    # gunicorn's defaults, stated: what the server refuses before the app sees a request
    # (414 and 431 as problem+json, cli.worker). MAX_CONTENT_LENGTH bounds the body.
    "limit_request_line": 4094,  # bytes of "METHOD /path?query HTTP/1.1"
    "limit_request_fields": 100,  # header fields
    "limit_request_field_size": 8190,  # bytes of one header field
}


def log_config(level: str) -> dict[str, Any]:
    """gunicorn's loggers (``logconfig_dict``) as JSON lines on stderr, like the app's."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "root": {"level": level, "handlers": ["json"]},
        "loggers": {
            "gunicorn.error": {"level": level, "handlers": ["json"], "propagate": False},
            "gunicorn.access": {"level": level, "handlers": [], "propagate": False},
        },
        "handlers": {"json": {"class": "hearts_referee.http_shared.logs.StderrHandler"}},
        "formatters": {},
    }


def server_options(bind: str, workers: int, level: str) -> dict[str, Any]:
    """gunicorn's settings for ``serve``: gevent workers, JSON logs, the request limits."""
    # gunicorn and gevent only where it serves: not for init-db, keys or an audit's start
    from .server import RequestLogOnly
    from .worker import RefereeWorker

    return {
        "bind": bind,
        "workers": workers,
        "worker_class": RefereeWorker,
        "worker_connections": 1000,
        "accesslog": None,
        "logger_class": RequestLogOnly,
        "errorlog": "-",
        "loglevel": level,
        "logconfig_dict": log_config(level),
        # gunicorn's control socket is one path per user ($HOME/.gunicorn): a second server
        # on the machine would take it over. Nothing here uses it.
        "control_socket_disable": True,
        **LIMITS,
    }


def prepare_archive() -> None:
    """Create or upgrade the archive before the workers start (what ``init-db`` does).

    A failure is reported and serving goes on: the validation endpoints need no
    archive, and ``/readyz`` answers 503 saying why until the archive is usable.
    """
    from hearts_referee.app import create_app
    from hearts_referee.usecases import open_archive

    app = create_app()
    try:
        open_archive(app.config["DATABASE"]).close()
    except Exception as error:
        app.logger.error("The archive %s cannot be opened: %s", app.config["DATABASE"], error)


def listen_on(host: str | None, port: int | None, bind: str | None) -> str:
    """gunicorn's ``bind`` from ``--host``/``--port`` or ``--bind`` (not both)."""
    if bind is not None:
        if host is not None or port is not None:
            raise click.UsageError("give --host and --port, or --bind HOST:PORT, not both")
        return bind
    return bind_of(DEFAULT_HOST if host is None else host, DEFAULT_PORT if port is None else port)


@click.command("serve")
@click.option(
    "--host",
    default=None,
    help=f"Address to listen on [default: {DEFAULT_HOST}, this computer alone; 0.0.0.0: every network].",
)
@click.option(
    "--port",
    default=None,
    type=click.IntRange(1, 65535),
    help=f"Port to listen on [default: {DEFAULT_PORT}].",
)
@click.option("--bind", default=None, help="HOST:PORT, the same as --host and --port together.")
@click.option("--workers", default=2, show_default=True, help="Worker processes (one per core).")
@click.option(
    "--client-timeout",
    default=BODY_TIMEOUT,
    show_default=True,
    help="Seconds a client may go silent in the middle of its body before a 408.",
)
def serve(host: str | None, port: int | None, bind: str | None, workers: int, client_timeout: float) -> None:
    """Serve the API, the docs and the director's pages."""
    level = os.environ.get("FLASK_LOG_LEVEL", "INFO").upper()
    try:
        level_of(level)
    except ValueError as error:
        raise click.UsageError(f"FLASK_LOG_LEVEL: {error}") from None
    address = listen_on(host, port, bind)
    where = split_bind(address)
    if where is not None and (why := refusal(*where)) is not None:
        raise click.ClickException(why)
    click.echo(
        f"Hearts Referee on http://{address} (docs at /docs, director's pages at /director/)", err=True
    )
    if where is not None:
        for line in reach_lines(*where):
            click.echo(line)
    prepare_archive()
    from .worker import RefereeWorker

    RefereeWorker.client_timeout = client_timeout  # read by each worker, forked from here
    from .server import Server

    Server(server_options(address, workers, level)).run()
