"""The command line, a face like the API and the pages: ``hearts-referee <command>``.

- ``serve``: the service under gunicorn;
- ``init-db``: create or upgrade the archive file;
- ``keys create|list|revoke``: API keys;
- ``audit``: audit files of records, or re-audit the archive.

``--help`` lists only these: the commands of Flask and its extensions (``run``,
``shell``, ``routes``, ``limiter``) and Flask's own options still answer, for a
developer who knows them, but are not the product's (``serve`` replaces ``run``).
The same commands answer as ``python -m hearts_referee <command>`` and, from a checkout,
``flask --app app <command>``.
"""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import FlaskGroup

from hearts_referee.http_shared.config import ConfigError

from .batch import audit
from .core import compile_core, version_option
from .serve import serve


def _create_app() -> Flask:
    """The app, or the command's error (no traceback) when a setting cannot be used."""
    try:
        from hearts_referee.app import create_app

        return create_app()
    except ConfigError as error:
        raise click.ClickException(f"cannot start: {error}") from None


OURS = "hearts_referee."
"""Commands whose code is in this package are the product's; ``--help`` lists only those."""


def is_ours(command: click.Command) -> bool:
    """Whether ``command`` is one of ours, not Flask's or an extension's."""
    callback = command.callback
    if callback is None and isinstance(command, click.Group):
        return any(is_ours(sub) for sub in command.commands.values())
    return callback is not None and getattr(callback, "__module__", "").startswith(OURS)


class RefereeGroup(FlaskGroup):
    """Flask's command group (it loads the app for the app's commands), listing ours alone."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = super().list_commands(ctx)
        return [name for name in names if (cmd := self.get_command(ctx, name)) is not None and is_ours(cmd)]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """One of the group's own commands without loading Flask's plugin commands or the
        app, which a bulk audit of files needs neither of (together a third of a second at
        every start); any other command the Flask way."""
        own = self.commands.get(name)
        return own if own is not None else super().get_command(ctx, name)


main = RefereeGroup(
    name="hearts-referee",
    help="Hearts Referee: the rules referee and hand audit for tournament Hearts.",
    create_app=_create_app,
    add_version_option=False,
)
for _option in main.params:
    if isinstance(_option, click.Option):
        _option.hidden = True  # Flask's --app, --env-file, --debug: the factory is fixed here
main.params.append(version_option)
main.add_command(serve)
main.add_command(audit)  # also the app's (commands.init_app), for ``flask --app app audit``
main.add_command(compile_core)

__all__ = ["main"]
