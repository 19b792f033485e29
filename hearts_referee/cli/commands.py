"""The archive's commands: ``init-db`` and ``keys create|list|revoke``.

They are Flask CLI commands, so both ``hearts-referee init-db`` and
``flask --app app init-db`` run them against the app's ``DATABASE``. They
act as ``usecases.keys.OPERATOR``: whoever can run them on the machine holds
the archive file, and so may manage its keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click
from flask import Flask, current_app
from flask.cli import AppGroup, with_appcontext
from sqlite_utils import Database

from hearts_referee import usecases
from hearts_referee.schemas.archive import KeyRequestSchema, load
from hearts_referee.schemas.bounds import ROW_ID_MAX
from hearts_referee.usecases import ROLES, Role
from hearts_referee.usecases import keys as use
from hearts_referee.usecases.errors import NotFound, Rejected


@contextmanager
def _archive() -> Iterator[Database]:
    db = usecases.open_archive(current_app.config["DATABASE"])
    try:
        yield db
    finally:
        db.close()


@click.command("init-db")
@with_appcontext
def init_db() -> None:
    """Create the archive file, or upgrade its schema in place."""
    with _archive() as db:
        steps = ", ".join(usecases.applied(db))
    click.echo(f"Archive {current_app.config['DATABASE']}: schema up to date ({steps}).")


keys = AppGroup("keys", help="Manage API keys.")


@keys.command("create")
@click.option(
    "--role", required=True, type=click.Choice([str(role) for role in ROLES]), help="What the key may do."
)
@click.option("--name", required=True, help='Who holds it, e.g. "Chief TD".')
def create_key(role: str, name: str) -> None:
    """Make a key and print it: this is the only time it is shown."""
    try:  # the name is free text, checked as POST /v1/keys checks it
        name = load(KeyRequestSchema(), {"name": name, "role": role})["name"]
    except Rejected as error:
        raise click.BadParameter("; ".join(p.message for p in error.problems), param_hint="--name") from None
    with _archive() as db:
        key, token = use.create_key(db, use.OPERATOR, name, Role(role))
    click.echo(f"Key {key.id} for {name} ({role}); store it now, it is not shown again:", err=True)
    click.echo(token)


@keys.command("list")
def list_keys() -> None:
    """Every key: number, role, name, and when it was revoked."""
    with _archive() as db:
        for key in use.list_keys(db, use.OPERATOR):
            revoked = f"  revoked {key.revoked_at}" if key.revoked_at else ""
            click.echo(f"{key.id}\t{key.role}\t{key.name}\t{key.created_at}{revoked}")


@keys.command("revoke")
@click.argument("key_id", type=click.IntRange(1, ROW_ID_MAX))
def revoke_key(key_id: int) -> None:
    """Revoke a key by its number (see ``keys list``)."""
    with _archive() as db:
        try:
            key = use.revoke_key(db, use.OPERATOR, key_id)
        except NotFound as error:
            raise click.ClickException(error.detail) from None
    click.echo(f"Key {key.id} ({key.name}) revoked at {key.revoked_at}.")


def init_app(app: Flask) -> None:
    from .batch import audit

    app.cli.add_command(audit)
    app.cli.add_command(init_db)
    app.cli.add_command(keys)
