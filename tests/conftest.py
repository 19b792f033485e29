"""Fixtures: an app per test (with its own archive file), its client, API keys,
and a stand-in for the engine.

HTTP-layer tests swap the API's ``validate_hand`` for a recorder so they test the
layer, not the rules; end-to-end tests leave the real engine in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from support import assert_problem

from hearts_referee import archive, stored
from hearts_referee.app import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.sqlite")})


@pytest.fixture
def client(app):
    return app.test_client()


class FakeAudit:
    """Records what the view passed in; answers ``result`` or raises ``error``."""

    def __init__(self) -> None:
        self.calls: list[Any] = []
        self.result: dict[str, Any] = {"ok": True}
        self.error: BaseException | None = None

    def __call__(self, data: Any) -> dict[str, Any]:
        self.calls.append(data)
        if self.error is not None:
            raise self.error
        return self.result


@pytest.fixture
def fake_audit(monkeypatch) -> FakeAudit:
    fake = FakeAudit()
    monkeypatch.setattr("hearts_referee.api.hands.validate_hand", fake)
    return fake


@pytest.fixture
def problem() -> Callable[..., dict[str, Any]]:
    """``problem(response, status)`` asserts the one error shape and returns the body."""
    return assert_problem


@pytest.fixture
def keys(app) -> dict[str, str]:
    """One live API key per role, by role, in the app's archive."""
    db = archive.open_archive(app.config["DATABASE"])
    try:
        return {role: archive.create_key(db, f"test {role}", role)[1] for role in stored.ROLES}
    finally:
        db.close()


@pytest.fixture
def as_role(keys) -> Callable[[str], dict[str, str]]:
    """``as_role("director")``: the headers of a request made with that role's key."""
    return lambda role: {"Authorization": f"Bearer {keys[role]}"}


@pytest.fixture
def db(app):
    """A connection to the app's archive, for looking behind the API."""
    connection = archive.open_archive(app.config["DATABASE"])
    yield connection
    connection.close()
