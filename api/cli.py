"""Flask CLI commands: ``flask init-db`` and ``flask keys create|list|revoke``."""

from __future__ import annotations

import click
from flask import Flask, current_app
from flask.cli import AppGroup, with_appcontext

import archive


@click.command("init-db")
@with_appcontext
def init_db() -> None:
    """Create the archive file, or upgrade its schema in place."""
    path = current_app.config["DATABASE"]
    db = archive.open_archive(path)
    try:
        click.echo(f"Archive {path}: schema up to date ({', '.join(archive.applied(db))}).")
    finally:
        db.close()


keys = AppGroup("keys", help="Manage API keys.")


@keys.command("create")
@click.option("--role", required=True, type=click.Choice(archive.ROLES), help="What the key may do.")
@click.option("--name", required=True, help='Who holds it, e.g. "Chief TD".')
def create_key(role: str, name: str) -> None:
    """Make a key and print it: this is the only time it is shown."""
    db = archive.open_archive(current_app.config["DATABASE"])
    try:
        key, token = archive.create_key(db, name, role)
    finally:
        db.close()
    click.echo(f"Key {key.id} for {name} ({role}); store it now, it is not shown again:", err=True)
    click.echo(token)


@keys.command("list")
def list_keys() -> None:
    """Every key: number, role, name, and when it was revoked."""
    db = archive.open_archive(current_app.config["DATABASE"])
    try:
        for key in archive.list_keys(db):
            revoked = f"  revoked {key.revoked_at}" if key.revoked_at else ""
            click.echo(f"{key.id}\t{key.role}\t{key.name}\t{key.created_at}{revoked}")
    finally:
        db.close()


@keys.command("revoke")
@click.argument("key_id", type=int)
def revoke_key(key_id: int) -> None:
    """Revoke a key by its number (see ``flask keys list``)."""
    db = archive.open_archive(current_app.config["DATABASE"])
    try:
        key = archive.revoke_key(db, key_id)
    except archive.NotFound as error:
        raise click.ClickException(error.detail) from None
    finally:
        db.close()
    click.echo(f"Key {key.id} ({key.name}) revoked at {key.revoked_at}.")


def init_app(app: Flask) -> None:
    app.cli.add_command(init_db)
    app.cli.add_command(keys)
