"""Hearts Referee web service: the Flask application factory.

``flask --app app run`` for development, ``gunicorn -w 2 'app:create_app()'``
(or ``app:app``) in production.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

import web
from api import cli, db, docs, errors, games, hands, health, keys, variants

HERE = Path(__file__).resolve().parent

DEFAULTS: Mapping[str, Any] = {
    # One hand record is ~2-3 KB; a quarter MiB leaves room for notes and
    # double decks while refusing floods before they are parsed.
    "MAX_CONTENT_LENGTH": 256 * 1024,
    # The published contract; served at /openapi.yaml and rendered at /docs.
    "OPENAPI_PATH": str(HERE / "openapi.yaml"),
    # POST /v1/hands/validate and /v1/games/validate store nothing, so they are
    # open to anyone unless this is set; every other write needs an API key.
    "VALIDATE_REQUIRES_KEY": False,
    # DATABASE: the archive's SQLite file; defaults to instance/archive.sqlite.
}


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides the defaults (and any FLASK_* env vars)."""
    app = Flask(__name__, static_folder=None)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env()
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # keep results in the documented field order
    db.init_app(app)
    for blueprint in (errors.bp, hands.bp, games.bp, keys.bp, variants.bp, health.bp, docs.bp):
        app.register_blueprint(blueprint)
    web.init_app(app)  # the director's pages, under /director/ (after the JSON error handler)
    cli.init_app(app)
    return app


app = create_app()
