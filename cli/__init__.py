"""The command line, a face like the API and the pages: ``hearts-referee <command>``.

- ``serve``: the service under gunicorn;
- ``init-db``: create or upgrade the archive file;
- ``keys create|list|revoke``: API keys;
- and Flask's own (``routes``, ``shell``).

The same commands answer as ``flask --app app <command>`` and ``python -m cli``.
"""

from __future__ import annotations

from flask import Flask
from flask.cli import FlaskGroup

from .serve import serve


def _create_app() -> Flask:
    from app import create_app

    return create_app()


main = FlaskGroup(
    name="hearts-referee",
    help="Hearts Referee: the rules referee and hand audit for tournament Hearts.",
    create_app=_create_app,
    add_version_option=False,
)
main.add_command(serve)

__all__ = ["main"]
