"""FLASK_* settings are read as what they are: booleans as booleans, integers as integers,
and a value the app cannot use stops it at startup, saying which variable and why."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from flask import Config

from hearts_referee.app import create_app
from hearts_referee.http_shared.config import ConfigError, from_env

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("True", True),
        ("1", True),
        ("yes", True),
        ("ON", True),
        ("false", False),
        ("False", False),
        ("FALSE", False),
        ("0", False),
        ("no", False),
        (" off ", False),
    ],
)
def test_a_boolean_setting_reads_the_usual_spellings(monkeypatch, text, value):
    monkeypatch.setenv("FLASK_VALIDATE_REQUIRES_KEY", text)
    assert create_app({"TESTING": True}).config["VALIDATE_REQUIRES_KEY"] is value


def test_validate_requires_key_false_leaves_validation_open(monkeypatch):
    """It used to read "False" as a non-empty string, and so as true."""
    monkeypatch.setenv("FLASK_VALIDATE_REQUIRES_KEY", "False")
    client = create_app({"TESTING": True}).test_client()
    assert client.post("/v1/hands/validate", json={}).status_code == 422  # not 401


@pytest.mark.parametrize("text", ["maybe", "", "2", "nein", "truee"])
def test_a_boolean_setting_that_is_no_boolean_stops_the_app(monkeypatch, text):
    monkeypatch.setenv("FLASK_VALIDATE_REQUIRES_KEY", text)
    with pytest.raises(ConfigError, match=r"FLASK_VALIDATE_REQUIRES_KEY.*not a boolean"):
        create_app({"TESTING": True})


def test_flasks_own_boolean_settings_are_read_the_same_way(monkeypatch):
    monkeypatch.setenv("FLASK_SESSION_COOKIE_SECURE", "False")
    assert create_app({"TESTING": True}).config["SESSION_COOKIE_SECURE"] is False


def test_a_boolean_setting_whose_default_is_none_is_read_as_a_boolean_too(monkeypatch, tmp_path):
    """``SESSION_COOKIE_SECURE`` may default to None ("when served over HTTPS"); set, it is
    a boolean like any other, never the true string "False"."""
    config = Config(str(tmp_path), {"SESSION_COOKIE_SECURE": None})
    monkeypatch.setenv("FLASK_SESSION_COOKIE_SECURE", "False")
    from_env(config)
    assert config["SESSION_COOKIE_SECURE"] is False


def test_an_integer_setting_reads_digits(monkeypatch):
    monkeypatch.setenv("FLASK_MAX_CONTENT_LENGTH", " 1024 ")
    monkeypatch.setenv("FLASK_JSON_MAX_DEPTH", "32")
    config = create_app({"TESTING": True}).config
    assert (config["MAX_CONTENT_LENGTH"], config["JSON_MAX_DEPTH"]) == (1024, 32)


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        ("FLASK_MAX_CONTENT_LENGTH", "256k", "not a whole number"),
        ("FLASK_AUDITS_MAX_RECORDS", "1e4", "not a whole number"),
        ("FLASK_AUDITS_MAX_BYTES", "true", "not a whole number"),
        ("FLASK_JSON_MAX_DEPTH", "0", "out of range"),
        ("FLASK_JSON_MAX_DEPTH", "100000", "out of range"),
        ("FLASK_MAX_CONTENT_LENGTH", "-1", "out of range"),
    ],
)
def test_an_integer_setting_that_is_no_usable_number_stops_the_app(monkeypatch, name, text, says):
    monkeypatch.setenv(name, text)
    with pytest.raises(ConfigError, match=rf"{name}.*{says}"):
        create_app({"TESTING": True})


def test_other_settings_are_read_as_flask_reads_them(monkeypatch):
    monkeypatch.setenv("FLASK_SECRET_KEY", "not-json")
    monkeypatch.setenv("FLASK_SESSION_COOKIE_SAMESITE", "Strict")
    config = create_app({"TESTING": True}).config
    assert (config["SECRET_KEY"], config["SESSION_COOKIE_SAMESITE"]) == ("not-json", "Strict")


def test_the_service_will_not_start_with_a_nonsense_setting(tmp_path):
    env = {
        "PATH": "/usr/bin:/bin",
        "FLASK_VALIDATE_REQUIRES_KEY": "maybe",
        "FLASK_DATABASE": str(tmp_path / "a"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "hearts_referee", "routes"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "FLASK_VALIDATE_REQUIRES_KEY='maybe' is not a boolean" in done.stderr
    assert "Traceback" not in done.stderr
