"""An optional rate limit per API key (flask-limiter): off unless ``RATELIMIT_PER_KEY`` is set.

Set (``FLASK_RATELIMIT_PER_KEY="600/minute"``), every ``/v1`` request that
carries a key counts against that key, whatever the route; past the limit
it is a 429 problem+json with ``Retry-After``. Requests without a key, the
director's pages and CORS preflights do not count.
"""

from __future__ import annotations

import pytest

from hearts_referee import archive
from hearts_referee.app import create_app


def limited(tmp_path, limit="3/minute"):
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "archive.sqlite"), "RATELIMIT_PER_KEY": limit}
    )
    db = archive.open_archive(app.config["DATABASE"])
    tokens = {name: archive.create_key(db, name, "director")[1] for name in ("a", "b")}
    db.close()
    return app.test_client(), tokens


def key(token):
    return {"Authorization": f"Bearer {token}"}


def test_off_by_default(client, as_role):
    for _ in range(30):
        response = client.get("/v1/hands", headers=as_role("director"))
        assert response.status_code == 200
        assert "Retry-After" not in response.headers


def test_past_the_limit_a_key_gets_a_429_problem_with_retry_after(tmp_path, problem):
    client, tokens = limited(tmp_path)
    for _ in range(3):
        assert client.get("/v1/hands", headers=key(tokens["a"])).status_code == 200
    response = client.get("/v1/hands", headers=key(tokens["a"]))
    body = problem(response, 429)
    assert body["type"] == "/docs#problem-rate_limited"
    assert "3 per 1 minute" in body["detail"]
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_every_route_counts_against_the_same_key(tmp_path):
    client, tokens = limited(tmp_path)
    for url in ("/v1/hands", "/v1/variants", "/v1/hands/99"):
        client.get(url, headers=key(tokens["a"]))
    assert client.post("/v1/hands/validate", json={}, headers=key(tokens["a"])).status_code == 429


def test_the_same_key_counts_alike_as_bearer_or_x_api_key(tmp_path):
    client, tokens = limited(tmp_path)
    for _ in range(3):
        client.get("/v1/hands", headers={"X-API-Key": tokens["a"]})
    assert client.get("/v1/hands", headers=key(tokens["a"])).status_code == 429


def test_each_key_has_its_own_count(tmp_path):
    client, tokens = limited(tmp_path)
    for _ in range(4):
        client.get("/v1/hands", headers=key(tokens["a"]))
    assert client.get("/v1/hands", headers=key(tokens["b"])).status_code == 200


def test_requests_without_a_key_do_not_count(tmp_path):
    client, _ = limited(tmp_path)
    for _ in range(6):
        assert client.get("/v1/variants").status_code == 200


def test_preflights_do_not_count(tmp_path):
    client, tokens = limited(tmp_path)
    for _ in range(6):
        client.options(
            "/v1/hands", headers={"Origin": "https://a.example", "Access-Control-Request-Method": "GET"}
        )
    assert client.get("/v1/hands", headers=key(tokens["a"])).status_code == 200


def test_the_limit_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("FLASK_RATELIMIT_PER_KEY", "1/minute")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.sqlite")})
    db = archive.open_archive(app.config["DATABASE"])
    token = archive.create_key(db, "td", "director")[1]
    db.close()
    client = app.test_client()
    assert client.get("/v1/hands", headers=key(token)).status_code == 200
    assert client.get("/v1/hands", headers=key(token)).status_code == 429


@pytest.mark.parametrize("bad", ["lots", "600 per fortnight", "-1/minute", "0/minute"])
def test_a_limit_that_does_not_parse_is_refused_at_start(tmp_path, bad):
    with pytest.raises(ValueError, match="RATELIMIT_PER_KEY"):
        limited(tmp_path, bad)
