"""The director's pages without a browser: status codes, who sees what, CSRF, and the forms.

HTML pages live under ``/director/``; their errors are HTML, while the JSON
API keeps problem+json (the browser tests in ``test_pages_browser.py`` check
what the pages look like and do in Chromium).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from games import new_game

from hearts_referee import web

ROOT = Path(__file__).resolve().parent.parent
HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
CSRF = "test-token"


@pytest.fixture
def stored(client, as_role):
    """Game 1 with the README's revoke as hand 1, stored with the director's key."""
    assert client.post("/v1/games", headers=as_role("director"), json=new_game(table="7")).status_code == 201
    assert client.post("/v1/games/1/hands", headers=as_role("director"), json=HAND).status_code == 201
    return 1


def sign_in(client, keys, role: str) -> None:
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/sign-in", data={"csrf_token": CSRF, "key": keys[role]})
    assert response.status_code == 302, response.get_data(as_text=True)
    with client.session_transaction() as session:  # signing in starts a fresh session
        session["csrf"] = CSRF


def decide(client, **fields):
    data = {
        "csrf_token": CSRF,
        "scoresheet": "true",
        "action": "accept",
        "director": "Chief TD",
        "reason": "The 26 stand.",
    } | fields
    return client.post("/director/hands/1/decisions", data=data)


def test_signed_out_pages_send_to_sign_in(client, stored):
    for url in ("/director/", "/director/hands/1", "/director/games/1"):
        response = client.get(url)
        assert response.status_code == 302
        assert response.headers["Location"].startswith("/director/sign-in?next=")


@pytest.mark.parametrize("role", ["director", "auditor"])
def test_every_page_answers_a_reader(client, keys, stored, role):
    sign_in(client, keys, role)
    for url, marker in (
        ("/director/", "Hand 1"),
        ("/director/hands/1", "Ruling log"),
        ("/director/games/1", "Scoresheet"),
        ("/director/check", "Check a hand"),
        ("/director/?game=1&table=7", "Hand 1"),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.mimetype == "text/html"
        assert marker in response.get_data(as_text=True), url


def test_only_a_director_sees_the_decision_form(client, keys, stored):
    sign_in(client, keys, "auditor")
    assert 'class="decide"' not in client.get("/director/hands/1").get_data(as_text=True)
    sign_in(client, keys, "director")
    assert 'class="decide"' in client.get("/director/hands/1").get_data(as_text=True)


def test_missing_hand_game_and_page_are_html_404s(client, keys, stored):
    sign_in(client, keys, "director")
    for url in ("/director/hands/99", "/director/games/99", "/director/no-such-page"):
        response = client.get(url)
        assert response.status_code == 404, url
        assert response.mimetype == "text/html"
        assert "<h1>Not found</h1>" in response.get_data(as_text=True)  # in words, not "404"


def test_api_errors_stay_problem_json(client, problem):
    problem(client.get("/v1/no-such-thing"), 404)
    response = client.delete("/director/check")
    assert response.status_code == 405 and response.mimetype == "text/html"
    assert "GET" in response.headers["Allow"]


def test_scorer_sees_only_their_own_games_and_others_look_missing(client, keys, as_role, stored):
    sign_in(client, keys, "scorer")
    assert client.get("/director/hands/1").status_code == 404
    assert client.get("/director/games/1").status_code == 404
    assert "Hand 1" not in client.get("/director/").get_data(as_text=True)
    assert client.post("/v1/games", headers=as_role("scorer"), json=new_game()).status_code == 201
    assert client.get("/director/games/2").status_code == 200


def test_sign_in_refuses_unknown_and_admin_keys(client, keys):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    assert client.post("/director/sign-in", data={"csrf_token": CSRF, "key": "hr_nope"}).status_code == 401
    assert (
        client.post("/director/sign-in", data={"csrf_token": CSRF, "key": keys["admin"]}).status_code == 403
    )


def test_sign_in_goes_only_to_our_own_pages(client, keys):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    for target, expected in (
        ("/director/games/1", "/director/games/1"),
        ("https://evil.example/director/", "/director/"),
        ("//evil.example/director/x", "/director/"),
    ):
        response = client.post(
            "/director/sign-in", data={"csrf_token": CSRF, "key": keys["auditor"], "next": target}
        )
        assert response.headers["Location"] == expected
        with client.session_transaction() as session:
            session["csrf"] = CSRF


def sign_in_going_to(client, keys, target: str) -> str:
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post(
        "/director/sign-in", data={"csrf_token": CSRF, "key": keys["auditor"], "next": target}
    )
    assert response.status_code == 302
    return response.headers["Location"]


@pytest.mark.parametrize(
    "target",
    [
        "/director/../..",
        "/director/../v1/keys",
        "/director/games/../../v1/keys",
        "/director/%2e%2e/v1/keys",
        "/director/.%2E/v1/keys",
        "/director/%2E./%2e%2e/",
        "/director/..\\v1\\keys",
        "/director\\..\\..\\v1",
        "/director/..%5cv1",
        "/director/..%2fv1",
        "/director/..//evil.example/director/",
        "/\\evil.example/director/",
        "\\\\evil.example/director/",
    ],
)
def test_a_next_that_climbs_out_of_the_director_pages_signs_in_to_the_inbox(client, keys, target):
    assert sign_in_going_to(client, keys, target) == "/director/"


@pytest.mark.parametrize(
    ("target", "goes_to"),
    [
        ("/director/games/1?table=7%2F8#sign-h", "/director/games/1?table=7%2F8#sign-h"),
        ("/director/./games/1", "/director/games/1"),
        ("/director/hands/../games/%2e/1", "/director/games/1"),
        ("/director/games/..", "/director/"),
    ],
)
def test_a_next_that_stays_under_the_director_pages_is_followed_resolved(client, keys, target, goes_to):
    assert sign_in_going_to(client, keys, target) == goes_to


def test_a_revoked_key_signs_the_session_out(client, keys, stored, as_role):
    sign_in(client, keys, "auditor")
    assert client.get("/director/").status_code == 200
    key_id = client.get("/v1/keys", headers=as_role("admin")).get_json()["keys"][2]["id"]
    assert client.delete(f"/v1/keys/{key_id}", headers=as_role("admin")).status_code == 200
    assert client.get("/director/").status_code == 302


@pytest.mark.parametrize("token", [None, "", "wrong"])
def test_posts_without_the_csrf_token_are_refused(client, keys, stored, token):
    sign_in(client, keys, "director")
    data = {"ruling": "1", "action": "uphold", "director": "TD", "reason": "r"}
    if token is not None:
        data["csrf_token"] = token
    for url in ("/director/hands/1/decisions", "/director/sign-in", "/director/check", "/director/sign-out"):
        response = client.post(url, data=data)
        assert response.status_code == 400, url
        assert response.mimetype == "text/html"
        assert "security token" in response.get_data(as_text=True)
    assert client.get("/v1/hands/1", headers={"X-API-Key": keys["director"]}).get_json()["version"] == 1


def test_a_director_decides_and_the_page_shows_the_new_version(client, keys, stored):
    sign_in(client, keys, "director")
    response = decide(client, action="adjust", **{"change-N": "-26"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/director/hands/1#score")
    page = client.get("/director/hands/1").get_data(as_text=True)
    assert "Current score: version 2" in page
    assert "score is now version 2" in page
    api = client.get("/v1/hands/1", headers={"X-API-Key": keys["director"]}).get_json()
    assert api["score"]["N"] == 0 and api["decisions"][0]["by"].startswith("test director")


def test_a_refused_decision_is_shown_with_its_problems(client, keys, stored):
    sign_in(client, keys, "director")
    response = decide(client, action="adjust")  # no score changes
    assert response.status_code == 422
    assert "an adjustment names its score changes" in response.get_data(as_text=True)
    response = decide(client, action="accept", **{"change-E": "x"})
    assert response.status_code == 422
    assert "a whole number of points" in response.get_data(as_text=True)


def test_an_auditor_cannot_decide(client, keys, stored):
    sign_in(client, keys, "auditor")
    assert decide(client).status_code == 403


def test_check_page_audits_without_storing(client, db):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    record = (ROOT / "examples" / "mso-revoke.json").read_text()
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": record})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'id="ruling-1"' in page and "nothing is stored" in page  # rulings numbered from 1
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 0


def test_check_page_places_each_problem_at_its_pointer(client):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    record["deal"]["N"][3] = "ZZ"
    record["play"][5]["card"] = 7
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(record)})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    bad_card = re.search(r'id="at-/deal/N/3">(.*?)</span>\s*</li>', page, re.S).group(1)
    assert "unknown_card" in bad_card
    assert re.search(r'id="at-/play/5/card">.*?a card is a string', page, re.S)
    bad_json = client.post("/director/check", data={"csrf_token": CSRF, "record": "{"})
    assert bad_json.status_code == 400 and "invalid_json" in bad_json.get_data(as_text=True)


def test_check_page_requires_a_key_when_validation_does(app, client):
    app.config["VALIDATE_REQUIRES_KEY"] = True
    assert client.get("/director/check").status_code == 302


def test_secret_key_comes_from_config_else_the_instance_folder(tmp_path):
    configured = Flask("x", instance_path=str(tmp_path / "a"))
    configured.config["SECRET_KEY"] = "set"
    web._secret_key(configured)
    assert configured.config["SECRET_KEY"] == "set"
    first = Flask("y", instance_path=str(tmp_path / "b"))
    web._secret_key(first)
    again = Flask("z", instance_path=str(tmp_path / "b"))
    web._secret_key(again)
    assert len(first.config["SECRET_KEY"]) == 64
    assert first.config["SECRET_KEY"] == again.config["SECRET_KEY"]
    assert (tmp_path / "b" / "secret_key").stat().st_mode & 0o777 == 0o600


def test_every_page_lives_under_the_prefix_and_no_api_route_does(app):
    """What test_openapi.py leaves out (the ``pages`` blueprint) is exactly /director/."""
    for rule in app.url_map.iter_rules():
        under = rule.rule.startswith(web.PREFIX + "/")
        assert under == rule.endpoint.startswith("pages."), rule.rule


@pytest.mark.parametrize("seats", [6, 7, 8])
def test_check_page_draws_a_long_john_table_around_an_oval(client, seats):
    import random

    from playout import random_long_john_hand

    with client.session_transaction() as session:
        session["csrf"] = CSRF
    record = random_long_john_hand(random.Random(seats), seats)
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(record)})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f"table-diagram seats-{seats}" in page
    # each seat twice: as dealt, and after the pass (shown beside it on request)
    assert len(re.findall(r'class="seat row-\d col-\d"', page)) == 2 * seats
    assert "cancelled" in page  # identical cards of the suit led, struck through and named
    if seats == 6:
        assert "Kitty:" in page


def test_the_pages_page_shows_the_screenshots_and_they_are_small():
    page = (ROOT / "docs" / "pages.md").read_text(encoding="utf-8")
    for name in ("hand-page.png", "scoresheet.png"):
        assert f"]({name})" in page
        assert (ROOT / "docs" / name).stat().st_size < 300_000, name
    assert "](docs/hand-page.png)" in (ROOT / "README.md").read_text(encoding="utf-8")
    for url in ("/director/", "/director/hands/{id}", "/director/games/{id}", "/director/check"):
        assert f"`{url}`" in page


def test_the_session_cookie_is_http_only_and_same_site(client, keys):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/sign-in", data={"csrf_token": CSRF, "key": keys["auditor"]})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    with client.session_transaction() as session:  # a session token and when it was last seen, never the key
        assert set(session) <= {"sid", "seen", "csrf", "_flashes"}
        assert keys["auditor"] not in repr(dict(session))
