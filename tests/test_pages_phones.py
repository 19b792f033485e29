"""Pairing a phone by scanning (issue 44, item 1): a director signed in on the laptop opens
Phones, chooses Add a phone, and the page shows a QR code of a one-time link. The phone that
opens it taps once and is signed in with the director's key, which never appears in the
link; the link works once, for a few minutes; ending the pairing signs that phone out.
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
import segno
from test_pages import CSRF, sign_in

from hearts_referee.archive.db import moment, stamp
from hearts_referee.stored import Key, Role
from hearts_referee.usecases import pairings
from hearts_referee.usecases.errors import Forbidden

LINK = re.compile(r'id="pair-link" href="([^"]+)"')


def add_phone(client, name: str = "Phone at table 7") -> str:
    """The director's laptop makes a pairing; returns the link its QR code holds."""
    page = client.post("/director/phones", data={"csrf_token": CSRF, "name": name})
    assert page.status_code == 200, page.get_data(as_text=True)
    found = LINK.search(page.get_data(as_text=True))
    assert found, "no link under the code"
    return unescape(found.group(1))


def scan(app, link: str):
    """A phone (a browser of its own) opens the link and taps Sign this phone in."""
    phone = app.test_client()
    path = link[link.index("/director/") :]
    shown = phone.get(path)
    with phone.session_transaction() as session:
        token = re.search(r'name="t" value="([^"]*)"', shown.get_data(as_text=True))
        session["csrf"] = CSRF
    answer = phone.post("/director/pair", data={"csrf_token": CSRF, "t": token.group(1) if token else ""})
    return phone, shown, answer


def signed_in(browser) -> bool:
    return browser.get("/director/").status_code == 200


def test_a_directors_link_signs_a_phone_in_with_the_directors_role(app, client, keys):
    sign_in(client, keys, "director")
    phone, shown, answer = scan(app, add_phone(client))
    assert shown.status_code == 200 and "Sign this phone in" in shown.get_data(as_text=True)
    assert answer.status_code == 303 and answer.headers["Location"] == "/director/"
    assert signed_in(phone)
    assert "Signed in: " in phone.get("/director/").get_data(as_text=True)
    assert "(director)" in phone.get("/director/").get_data(as_text=True)


def test_the_link_holds_neither_the_key_nor_anything_the_archive_keeps_readable(app, client, keys, db):
    sign_in(client, keys, "director")
    link = add_phone(client)
    assert keys["director"] not in link
    token = link.split("t=", 1)[1]
    (kept,) = db.execute("SELECT token_sha256 FROM pairings").fetchone()
    assert token not in kept and len(kept) == 64


def test_the_qr_code_holds_exactly_the_link_shown_under_it(client, keys):
    sign_in(client, keys, "director")
    page = client.post("/director/phones", data={"csrf_token": CSRF, "name": ""}).get_data(as_text=True)
    link = unescape(LINK.search(page).group(1))
    drawn = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', page).group(1)
    again = segno.make(link, error="m").svg_inline(scale=5, omitsize=True)
    assert f'd="{drawn}"' in again
    assert "<svg" in page and 'class="qr"' in page


def test_the_link_works_once_and_fails_the_second_time(app, client, keys):
    sign_in(client, keys, "director")
    link = add_phone(client)
    first, _, answer = scan(app, link)
    assert answer.status_code == 303 and signed_in(first)
    second, _, refused = scan(app, link)
    assert refused.status_code == 410
    assert "This link no longer works" in refused.get_data(as_text=True)
    assert not signed_in(second)
    assert signed_in(first)  # the second try takes nothing from the first phone


def test_the_link_fails_after_it_expires(app, client, keys, db):
    sign_in(client, keys, "director")
    link = add_phone(client)
    (expires,) = db.execute("SELECT expires_at FROM pairings").fetchone()
    assert moment(expires) - datetime.now(UTC) <= pairings.LINK_LIFETIME
    with db.conn:  # the clock moves past the link's end, as the session tests age a sign-in
        db.execute("UPDATE pairings SET expires_at = ?", [stamp(datetime.now(UTC) - timedelta(seconds=1))])
    phone, _, refused = scan(app, link)
    assert refused.status_code == 410 and not signed_in(phone)


def test_the_use_case_refuses_a_link_at_its_expiry_and_takes_it_just_before(db):
    director = Key(1, "Chief TD", Role.DIRECTOR, "")
    db.execute(
        "INSERT INTO keys (id, name, role, token_sha256, created_at) VALUES (1, 'TD', 'director', 'x', 'y')"
    )
    made = datetime(2026, 5, 1, 19, 0, tzinfo=UTC)
    _, late = pairings.pair_phone(db, director, "late", made)
    _, early = pairings.pair_phone(db, director, "early", made)
    assert pairings.sign_in_by_link(db, late, made + pairings.LINK_LIFETIME) is None
    signed = pairings.sign_in_by_link(db, early, made + pairings.LINK_LIFETIME - timedelta(seconds=1))
    assert signed is not None and signed[0].id == 1


def test_a_scorer_key_cannot_pair_a_phone(app, client, keys, db):
    sign_in(client, keys, "scorer")
    assert client.get("/director/phones").status_code == 403
    assert client.post("/director/phones", data={"csrf_token": CSRF}).status_code == 403
    assert db.execute("SELECT count(*) FROM pairings").fetchone() == (0,)
    with pytest.raises(Forbidden, match="A scorer key may not pair a phone"):
        pairings.pair_phone(db, Key(9, "app", Role.SCORER, ""), "x", datetime.now(UTC))
    assert "Phones</a>" not in client.get("/director/").get_data(as_text=True)


def test_ending_a_pairing_signs_that_phone_out(app, client, keys, db):
    sign_in(client, keys, "director")
    phone, _, _ = scan(app, add_phone(client, "Table 7"))
    other, _, _ = scan(app, add_phone(client, "Table 8"))
    assert signed_in(phone) and signed_in(other)
    listed = client.get("/director/phones").get_data(as_text=True)
    assert "Table 7" in listed and "Table 8" in listed and listed.count("signed in at") == 2
    ended = client.post("/director/phones/1/end", data={"csrf_token": CSRF})
    assert ended.status_code == 303
    assert not signed_in(phone)
    assert signed_in(other) and signed_in(client)  # only that phone; the laptop stays in
    listed = client.get("/director/phones").get_data(as_text=True)
    assert re.search(r'id="pairing-1">.*?ended at', listed, re.S)


def test_ending_a_pairing_before_its_scan_makes_its_link_useless(app, client, keys):
    sign_in(client, keys, "director")
    link = add_phone(client)
    client.post("/director/phones/1/end", data={"csrf_token": CSRF})
    phone, _, refused = scan(app, link)
    assert refused.status_code == 410 and not signed_in(phone)


def test_another_directors_pairing_cannot_be_ended(app, client, keys):
    sign_in(client, keys, "director")
    phone, _, _ = scan(app, add_phone(client))
    made = app.test_cli_runner().invoke(args=["keys", "create", "--role", "director", "--name", "Deputy"])
    deputy = app.test_client()
    sign_in(deputy, {"director": made.stdout.strip()}, "director")
    assert deputy.post("/director/phones/1/end", data={"csrf_token": CSRF}).status_code == 404
    assert 'id="pairing-1"' not in deputy.get("/director/phones").get_data(as_text=True)
    assert signed_in(phone)


def test_a_link_of_a_key_revoked_since_signs_nobody_in(app, client, keys, db):
    sign_in(client, keys, "director")
    link = add_phone(client)
    (key_id,) = db.execute("SELECT key_id FROM pairings").fetchone()
    assert app.test_cli_runner().invoke(args=["keys", "revoke", str(key_id)]).exit_code == 0
    phone, _, refused = scan(app, link)
    assert refused.status_code == 410 and not signed_in(phone)


def test_every_pairing_is_logged_without_its_token(app, client, keys):
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("hearts_referee.pairings")
    logger.addHandler(handler)
    try:
        sign_in(client, keys, "director")
        link = add_phone(client)
        scan(app, link)
        scan(app, link)
        client.post("/director/phones/1/end", data={"csrf_token": CSRF})
    finally:
        logger.removeHandler(handler)
    said = [record.getMessage() for record in records]
    assert len(said) == 4, said
    assert said[0].startswith("Phone pairing 1 made by ")
    assert said[1].startswith("Phone pairing 1 used: a phone signed in as ")
    assert said[2].startswith("A phone pairing link was refused")
    assert said[3].startswith("Phone pairing 1 ended by ")
    token = link.split("t=", 1)[1]
    assert not any(token in message for message in said)


def reach_from(app, base_url: str, listening: str) -> tuple[str, str | None]:
    """Where the link sends a phone, for a laptop's browser at ``base_url`` and a service
    listening on ``listening`` (gunicorn's SERVER_NAME is the address it is bound to)."""
    from hearts_referee.web.phones import _reach

    with app.test_request_context(
        "/director/phones", base_url=base_url, environ_overrides={"SERVER_NAME": listening}
    ):
        return _reach()


def test_the_link_names_the_laptops_network_address_when_the_service_listens_on_every_one(app, monkeypatch):
    import hearts_referee.web.phones as phones

    monkeypatch.setattr(phones, "own_addresses", lambda: ["192.168.1.20"])
    assert reach_from(app, "http://127.0.0.1:8000", "0.0.0.0") == ("http://192.168.1.20:8000/", None)
    assert reach_from(app, "http://192.168.1.20:8000", "0.0.0.0") == ("http://192.168.1.20:8000/", None)


def test_a_service_on_this_computer_alone_says_a_phone_cannot_reach_it(app, client, keys):
    base, why = reach_from(app, "http://127.0.0.1:5000", "127.0.0.1")
    assert base == "http://127.0.0.1:5000/"
    assert why is not None and "listens on this computer alone, so a phone cannot open the link" in why
    assert "make serve HOST=0.0.0.0" in why


def test_the_docs_show_the_pairing_and_the_entry_on_a_phone_by_the_suites_screenshots():
    """Issue 44: the pairing and the hand tapped in, photographed by ``tools.screenshots``."""
    from pathlib import Path

    from tools.screenshots import PHONE_SHOTS

    docs = Path(__file__).resolve().parent.parent / "docs"
    page = (docs / "pages.md").read_text(encoding="utf-8")
    for name in PHONE_SHOTS:
        assert f"]({name})" in page, name
        assert 0 < (docs / name).stat().st_size < 300_000, name
