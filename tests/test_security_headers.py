"""Security headers on every response, the pages' and the API's, errors included.

A strict Content-Security-Policy (script and styles only from our own files, never
inline, no eval, fetches to us only, no framing), ``nosniff``, a referrer policy, and ``Cache-Control:
no-store`` on everything the service computes (signed-in pages, archive
data, audits of a submitted record); static files keep their own
revalidation. The pages' templates hold no inline script or style, so the
policy costs them nothing (the browser tests run under it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_pages import HAND, sign_in

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hearts_referee"
TEMPLATES = [
    *(PACKAGE / "web" / "templates").rglob("*.html"),
    *(PACKAGE / "api" / "templates").rglob("*.html"),
]
assert TEMPLATES, "no templates found: the checks over every template would pass on none"


def directives(response) -> dict[str, str]:
    policy = response.headers["Content-Security-Policy"]
    return {d.split()[0]: d.partition(" ")[2] for d in (p.strip() for p in policy.split(";")) if d}


@pytest.fixture
def responses(client, keys, as_role):
    """One response of each kind: pages (signed in, signed out, error), API (data, error), docs, static."""
    director = as_role("director")
    client.post("/v1/games", headers=director, json={
        "variant": "mso-2000", "seats": ["N", "E", "S", "W"], "first_dealer": "W",
        "players": {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"},
    })  # fmt: skip
    client.post("/v1/games/1/hands", headers=director, json=HAND)
    found = {
        "sign-in page": client.get("/director/sign-in"),
        "page error (404)": client.get("/director/no-such-page"),
        "api hand": client.get("/v1/hands/1", headers=director),
        "api game": client.get("/v1/games/1", headers=director),
        "api list": client.get("/v1/hands", headers=director),
        "api validate": client.post("/v1/hands/validate", json={}),
        "api error (401)": client.get("/v1/hands"),
        "api error (405)": client.put("/v1/hands"),
        "routing 404": client.get("/no-such-path"),
        "health": client.get("/healthz"),
        "docs": client.get("/docs"),
        "spec": client.get("/openapi.yaml"),
        "pages stylesheet": client.get("/director/static/director.css"),
        "docs stylesheet": client.get("/docs/static/docs.css"),
    }
    sign_in(client, keys, "director")
    for url in ("/director/", "/director/hands/1", "/director/games/1", "/director/check"):
        found[f"signed-in {url}"] = client.get(url)
    return found


def test_every_response_forbids_framing_sniffing_and_referrers(responses):
    for name, response in responses.items():
        assert directives(response)["frame-ancestors"] == "'none'", name
        assert response.headers["X-Frame-Options"] == "DENY", name
        assert response.headers["X-Content-Type-Options"] == "nosniff", name
        assert response.headers["Referrer-Policy"] == "no-referrer", name


def test_the_policy_allows_only_our_own_files_no_inline_script_or_style_no_eval(responses):
    for name, response in responses.items():
        policy = directives(response)
        assert policy["default-src"] == "'none'", name
        assert policy["script-src"] == "'self'", name  # our static files: no inline script, no eval
        assert policy["connect-src"] == "'self'", name  # the hand entry's checks go back to us only
        assert policy["style-src"] == "'self'", name
        header = response.headers["Content-Security-Policy"]
        assert "unsafe-inline" not in header and "unsafe-eval" not in header, name


def test_signed_in_pages_and_api_answers_are_never_stored(responses):
    for name, response in responses.items():
        if "stylesheet" not in name:
            assert response.headers["Cache-Control"] == "no-store", name


def test_static_files_keep_their_own_revalidation(responses):
    for name in ("pages stylesheet", "docs stylesheet"):
        response = responses[name]
        assert response.status_code == 200, name
        assert response.headers["Cache-Control"] == "no-cache" and response.headers["ETag"], name


def test_a_500_carries_the_headers_too(app, client, monkeypatch):

    def broken(*_):
        raise RuntimeError("boom")

    monkeypatch.setattr("hearts_referee.api.hands.validate_hand_text", broken)
    app.testing = False  # let Flask turn the exception into a 500 instead of raising it
    response = client.post("/v1/hands/validate", json={})
    assert response.status_code == 500
    assert directives(response)["frame-ancestors"] == "'none'"
    assert response.headers["Cache-Control"] == "no-store"


INLINE = {
    "an inline <script>": re.compile(r"<script(?![^>]*\bsrc=)", re.I),
    "an inline <style>": re.compile(r"<style\b", re.I),
    "a style= attribute": re.compile(r"\sstyle\s*=", re.I),
    "an on...= handler": re.compile(r"\son[a-z]+\s*=", re.I),
    "a javascript: URL": re.compile(r"javascript:", re.I),
}


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_needs_inline_script_or_style(template):
    text = template.read_text(encoding="utf-8")
    for what, pattern in INLINE.items():
        assert not pattern.search(text), f"{template.name} has {what}: the CSP would block it"


@pytest.mark.parametrize("seats", range(3, 9))
def test_the_stylesheet_places_every_seat_of_every_table_size(seats):
    """The table diagram places seats with classes (the CSP forbids ``style=``): each grid
    position ``web.handview.seat_places`` can give must have its rule in the stylesheet."""
    from hearts_referee.web.handview import seat_places

    css = (PACKAGE / "web" / "static" / "director.css").read_text(encoding="utf-8")
    places = seat_places(seats)
    assert f".table-diagram.cols-{max(c for _, c in places)} {{ --cols:" in css
    for row, column in places:
        assert f".seat.row-{row} {{ grid-row: {row}; }}" in css
        assert f".seat.col-{column} {{ grid-column: {column}; }}" in css
