"""Signed-in sessions of the director's pages end on the server, not only in the browser.

The cookie carries a random session token (signed with ``SECRET_KEY``); the
archive keeps one row per sign-in. Signing out ends that row, revoking a key
ends every row of that key: a copy of the cookie taken before either signs
nobody in. The cookie is ``Secure`` when the service is served over HTTPS.
"""

from __future__ import annotations

import pytest
from test_pages import CSRF, sign_in

from hearts_referee.app import create_app


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
