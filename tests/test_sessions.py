"""Signed-in sessions of the director's pages end on the server, not only in the browser.

The cookie carries a random session token (signed with ``SECRET_KEY``); the
archive keeps one row per sign-in. Signing out ends that row, and so does
signing in again in that browser; revoking a key ends every row of that key:
a copy of the cookie taken before any of them signs nobody in. A session is
over after ``SESSION_IDLE_MINUTES`` without a page and ``SESSION_MAX_HOURS``
after it began. The cookie is ``Secure`` when the service is served over HTTPS.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from test_pages import CSRF, sign_in

from hearts_referee.app import create_app
from hearts_referee.archive.db import moment, stamp
from hearts_referee.http_shared.config import ConfigError


def copy_session(client, app):
    """A second browser holding a copy of ``client``'s session cookie."""
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    thief = app.test_client()
    thief.set_cookie(cookie.key, cookie.value)
    return thief


def signed_in(client) -> bool:
    response = client.get("/director/")
    assert response.status_code in (200, 302)
    return response.status_code == 200


def sign_out(client) -> None:
    assert client.post("/director/sign-out", data={"csrf_token": CSRF}).status_code == 302


def test_a_cookie_copied_before_sign_out_is_signed_out_after_it(app, client, keys):
    sign_in(client, keys, "director")
    thief = copy_session(client, app)
    assert signed_in(thief)
    sign_out(client)
    assert not signed_in(client)
    assert not signed_in(thief)


def test_signing_out_ends_only_that_sign_in_not_the_keys_other_sessions(app, client, keys):
    other = app.test_client()
    sign_in(other, keys, "director")
    sign_in(client, keys, "director")
    sign_out(client)
    assert signed_in(other)


def test_a_cookie_copied_before_its_key_is_revoked_through_the_api_is_signed_out(app, client, keys, as_role):
    sign_in(client, keys, "auditor")
    thief = copy_session(client, app)
    auditor = next(
        k["id"]
        for k in client.get("/v1/keys", headers=as_role("admin")).get_json()["keys"]
        if k["role"] == "auditor"
    )
    assert client.delete(f"/v1/keys/{auditor}", headers=as_role("admin")).status_code == 200
    assert not signed_in(thief)
    assert not signed_in(client)


def test_a_cookie_copied_before_its_key_is_revoked_at_the_command_line_is_signed_out(app, client, keys):
    sign_in(client, keys, "director")
    thief = copy_session(client, app)
    listed = app.test_cli_runner().invoke(args=["keys", "list"]).output
    director = next(line.split("\t")[0] for line in listed.splitlines() if "\tdirector\t" in line)
    assert app.test_cli_runner().invoke(args=["keys", "revoke", director]).exit_code == 0
    assert not signed_in(thief)


def test_a_session_that_names_only_a_key_number_signs_nobody_in(client, keys):
    """Cookies of the release before server-side sessions carried the key's number: they
    could never be ended, so they are no longer honoured (sign in again)."""
    with client.session_transaction() as session:
        session["key_id"] = 1
    assert not signed_in(client)


def test_the_archive_keeps_a_hash_of_the_session_token_not_the_token(client, keys, db):
    sign_in(client, keys, "director")
    with client.session_transaction() as session:
        token = session["sid"]
    rows = db.execute("SELECT token_sha256, ended_at FROM sessions").fetchall()
    assert len(rows) == 1 and token not in rows[0][0] and rows[0][1] is None


# --- the Secure flag ----------------------------------------------------------------------


def _cookie_after_sign_in(config, tmp_path) -> str:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.sqlite"), **config})
    runner = app.test_cli_runner()
    token = runner.invoke(args=["keys", "create", "--role", "director", "--name", "TD"]).stdout.strip()
    client = app.test_client()
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/sign-in", data={"csrf_token": CSRF, "key": token})
    assert response.status_code == 302
    return response.headers["Set-Cookie"]


def test_the_session_cookie_is_not_secure_over_plain_http_by_default(tmp_path):
    assert "Secure" not in _cookie_after_sign_in({}, tmp_path)


@pytest.mark.parametrize(
    "config",
    [{"SESSION_COOKIE_SECURE": True}, {"PREFERRED_URL_SCHEME": "https"}],
    ids=["SESSION_COOKIE_SECURE", "PREFERRED_URL_SCHEME=https"],
)
def test_the_session_cookie_is_secure_when_served_over_https(tmp_path, config):
    assert "; Secure" in _cookie_after_sign_in(config, tmp_path)


def test_an_explicit_insecure_setting_wins_over_the_https_scheme(tmp_path):
    config = {"PREFERRED_URL_SCHEME": "https", "SESSION_COOKIE_SECURE": False}
    assert "Secure" not in _cookie_after_sign_in(config, tmp_path)


def test_the_secure_flag_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("FLASK_SESSION_COOKIE_SECURE", "true")
    assert "; Secure" in _cookie_after_sign_in({}, tmp_path)


# --- rotation and expiry (issue 23) ------------------------------------------------------------


def test_signing_in_as_another_key_ends_the_session_before_it_for_every_copy(app, client, keys):
    sign_in(client, keys, "auditor")
    thief = copy_session(client, app)
    sign_in(client, keys, "director")
    assert signed_in(client)
    assert not signed_in(thief)  # the auditor's session ended with the second sign-in


def test_signing_in_again_as_the_same_key_starts_a_new_session_and_ends_the_old(app, client, keys, db):
    sign_in(client, keys, "director")
    thief = copy_session(client, app)
    sign_in(client, keys, "director")
    assert signed_in(client) and not signed_in(thief)
    ended = db.execute("SELECT end_reason FROM sessions WHERE ended_at IS NOT NULL").fetchall()
    assert ended == [("signed_out",)]


def age_last_page(client, minutes: int) -> None:
    """Make the browser's last page ``minutes`` older, as if it had sat unused that long."""
    with client.session_transaction() as session:
        session["seen"] -= minutes * 60


def test_a_session_unused_past_the_idle_limit_is_over(app, client, keys):
    sign_in(client, keys, "director")
    assert signed_in(client)
    age_last_page(client, app.config["SESSION_IDLE_MINUTES"] + 1)
    assert not signed_in(client)


def test_each_page_resets_the_idle_clock(app, client, keys):
    sign_in(client, keys, "director")
    idle = app.config["SESSION_IDLE_MINUTES"]
    age_last_page(client, idle - 1)
    assert signed_in(client)  # a page just now
    age_last_page(client, idle - 1)
    assert signed_in(client)


def test_a_session_older_than_the_absolute_limit_is_over_however_much_it_is_used(app, client, keys, db):
    sign_in(client, keys, "director")
    hours = app.config["SESSION_MAX_HOURS"]
    (started,) = db.execute("SELECT started_at FROM sessions").fetchone()
    earlier = stamp(moment(started) - timedelta(hours=hours, minutes=1))  # as if begun that long ago
    with db.conn:
        db.execute("UPDATE sessions SET started_at = ?", [earlier])
    assert not signed_in(client)


def test_the_limits_are_settings(tmp_path, keys):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "a.sqlite"),
            "SESSION_IDLE_MINUTES": 5,
            "SESSION_MAX_HOURS": 1,
        }
    )
    page = app.test_client().get("/director/sign-in").get_data(as_text=True)
    assert "1 hours at most" in page and "after 5 minutes without opening a page" in page


@pytest.mark.parametrize(("name", "value"), [("SESSION_IDLE_MINUTES", 0), ("SESSION_MAX_HOURS", 10**6)])
def test_a_limit_out_of_range_stops_the_app_at_start(tmp_path, name, value):
    with pytest.raises(ConfigError, match=name):
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite"), name: value})


def test_the_sign_in_page_shows_when_a_sign_in_ends(app, client, keys):
    defaults = (app.config["SESSION_MAX_HOURS"], app.config["SESSION_IDLE_MINUTES"])
    page = client.get("/director/sign-in").get_data(as_text=True)
    assert f"lasts {defaults[0]} hours at most" in page and f"after {defaults[1]} minutes" in page
    assert "This browser is signed in until" not in page
    sign_in(client, keys, "director")
    page = client.get("/director/sign-in").get_data(as_text=True)
    assert "This browser is signed in until" in page
