"""The command line, a face like the API and the pages: ``hearts-referee <command>``.

- ``serve``: the service under gunicorn;
- ``init-db``: create or upgrade the archive file;
- ``keys create|list|revoke``: API keys;
- and Flask's own (``routes``, ``shell``).

The same commands answer as ``python -m hearts_referee <command>`` and, from a checkout,
``flask --app app <command>``.
"""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import FlaskGroup

from hearts_referee.http_shared.config import ConfigError

from .serve import serve


def _create_app() -> Flask:
    """The app, or the command's error (no traceback) when a setting cannot be used."""
    try:
        from hearts_referee.app import create_app

        return create_app()
    except ConfigError as error:
        raise click.ClickException(f"cannot start: {error}") from None


main = FlaskGroup(
    name="hearts-referee",
    help="Hearts Referee: the rules referee and hand audit for tournament Hearts.",
    create_app=_create_app,
    add_version_option=False,
)
main.add_command(serve)

__all__ = ["main"]
