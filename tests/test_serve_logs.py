"""``hearts-referee serve`` logs each request once: the app's request log, not gunicorn's too.

gunicorn builds an access line for every request once ``logconfig_dict`` is set, even with
``accesslog=None`` and no handler to write it; ``serve`` gives it a logger that builds none.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from gunicorn import glogging
from gunicorn.config import Config

from hearts_referee.cli.serve import server_options
from hearts_referee.cli.server import RequestLogOnly


@pytest.fixture(autouse=True)
def logging_as_it_was() -> Iterator[None]:
    """gunicorn's logger applies ``logconfig_dict`` to this process's logging when it is
    made: put the loggers it configures back as they were, for the tests after these."""
    names = ["", "gunicorn.error", "gunicorn.access"]
    kept = {name: logging.getLogger(name) for name in names}
    state = {name: (log.level, list(log.handlers), log.propagate, log.disabled) for name, log in kept.items()}
    yield
    for name, log in kept.items():
        log.level, handlers, log.propagate, log.disabled = state[name]
        log.handlers[:] = handlers


def _logger(options: dict[str, Any]) -> glogging.Logger:
    """The logger gunicorn makes from ``options``, as ``serve`` runs it."""
    config = Config()
    for name, value in options.items():
        config.set(name, value)
    logger: glogging.Logger = config.logger_class(config)
    return logger


def _builds_access_line(logger: glogging.Logger, monkeypatch: pytest.MonkeyPatch) -> bool:
    built: list[object] = []
    monkeypatch.setattr(logger, "atoms", lambda *args: built.append(args) or {})
    logger.access(None, None, {}, timedelta(milliseconds=1))  # type: ignore[arg-type]
    return bool(built)


def test_serve_builds_no_gunicorn_access_line(monkeypatch: pytest.MonkeyPatch) -> None:
    logger = _logger(server_options("127.0.0.1:5000", 2, "INFO"))
    assert isinstance(logger, RequestLogOnly)
    assert not _builds_access_line(logger, monkeypatch)


def test_gunicorns_own_logger_would_build_one_with_the_same_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the test above guards against: the same settings with gunicorn's logger."""
    options = {**server_options("127.0.0.1:5000", 2, "INFO"), "logger_class": "gunicorn.glogging.Logger"}
    assert _builds_access_line(_logger(options), monkeypatch)
