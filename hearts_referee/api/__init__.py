"""The JSON face: one blueprint per resource, and one error shape for all of them.

Views stay thin (load -> use case -> dump): the rules live in the core,
each use case and access rule in ``usecases``, the JSON shapes in
``schemas``, and what this face shares with the pages in ``http_shared``.
"""

from __future__ import annotations

from flask import Flask

from . import batch, cors, docs, errors, events, games, hands, health, keys, ratelimit, variants


def init_app(app: Flask) -> None:
    """Register the API's routes and its problem+json error handlers."""
    errors.init_app(app)
    for module in (hands, games, events, keys, variants, health, docs):
        app.register_blueprint(module.bp)
    batch.init_app(app)  # POST /v1/audits, and this worker's places for running batches
    cors.init_app(app)  # only when CORS_ORIGINS names origins
    ratelimit.init_app(app)  # only when RATELIMIT_PER_KEY is set
