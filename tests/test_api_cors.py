"""Browser scoring apps on other origins may call the API, when the operator names them.

``CORS_ORIGINS`` (``FLASK_CORS_ORIGINS``) lists the origins allowed; by
default none is, and no response carries CORS headers. Only the API
(``/v1/...`` and the spec) answers CORS and its preflights; the director's
pages never do.
"""

from __future__ import annotations

import pytest

from hearts_referee.app import create_app

APP = "https://scores.example.org"
OTHER = "https://evil.example"


def make(tmp_path, origins):
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "archive.sqlite"), "CORS_ORIGINS": origins}
    ).test_client()


def preflight(client, url, origin=APP, method="POST", headers="authorization, content-type"):
    return client.options(
        url,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": headers,
        },
    )


def test_by_default_no_origin_is_allowed(client):
    assert "Access-Control-Allow-Origin" not in client.get("/v1/variants", headers={"Origin": APP}).headers
    assert "Access-Control-Allow-Origin" not in preflight(client, "/v1/hands").headers


def test_an_allowed_origin_may_read_the_api(tmp_path):
    response = make(tmp_path, [APP]).get("/v1/variants", headers={"Origin": APP})
    assert response.headers["Access-Control-Allow-Origin"] == APP
    assert "Access-Control-Allow-Credentials" not in response.headers  # keys go in headers, never cookies


def test_another_origin_is_not_allowed(tmp_path):
    response = make(tmp_path, [APP]).get("/v1/variants", headers={"Origin": OTHER})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_a_preflight_is_answered_without_a_key_for_the_key_and_json_headers(tmp_path):
    response = preflight(
        make(tmp_path, [APP]), "/v1/hands", headers="authorization, content-type, if-none-match"
    )
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == APP
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    allowed = {h.strip().lower() for h in response.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "if-none-match"} <= allowed
    assert int(response.headers["Access-Control-Max-Age"]) > 0


def test_the_x_api_key_header_may_be_sent_too(tmp_path):
    response = preflight(make(tmp_path, [APP]), "/v1/hands/validate", headers="x-api-key, content-type")
    assert "x-api-key" in response.headers["Access-Control-Allow-Headers"].lower()


def test_an_error_is_readable_by_the_allowed_origin(tmp_path):
    response = make(tmp_path, [APP]).get("/v1/hands", headers={"Origin": APP})
    assert response.status_code == 401
    assert response.headers["Access-Control-Allow-Origin"] == APP
    exposed = response.headers["Access-Control-Expose-Headers"].lower()
    for header in ("etag", "location", "retry-after", "www-authenticate"):
        assert header in exposed


@pytest.mark.parametrize("url", ["/director/sign-in", "/director/", "/director/check"])
def test_the_pages_never_answer_cors(tmp_path, url):
    client = make(tmp_path, [APP])
    assert "Access-Control-Allow-Origin" not in preflight(client, url).headers
    assert "Access-Control-Allow-Origin" not in client.get(url, headers={"Origin": APP}).headers


def test_origins_come_from_the_environment_as_a_list_or_text(tmp_path, monkeypatch):
    monkeypatch.setenv("FLASK_CORS_ORIGINS", f"{APP}, https://club.example:8443")
    client = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite")}).test_client()
    for origin in (APP, "https://club.example:8443"):
        assert (
            client.get("/v1/variants", headers={"Origin": origin}).headers["Access-Control-Allow-Origin"]
            == origin
        )
    monkeypatch.setenv("FLASK_CORS_ORIGINS", f'["{APP}"]')
    client = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite")}).test_client()
    assert client.get("/v1/variants", headers={"Origin": APP}).headers["Access-Control-Allow-Origin"] == APP


@pytest.mark.parametrize(
    "bad", ["https://scores.example.org/", "scores.example.org", "https://a.example/path"]
)
def test_an_origin_that_is_not_one_is_refused_at_start(tmp_path, bad):
    with pytest.raises(ValueError, match="CORS_ORIGINS"):
        make(tmp_path, [bad])


@pytest.mark.parametrize("origins", [[APP], "*", f"{APP} https://other.example.org"])
@pytest.mark.parametrize("sent", [{"Origin": APP}, {"Origin": OTHER}, {}])
def test_every_answer_varies_on_origin_so_no_cache_hands_one_origins_answer_to_another(
    tmp_path, origins, sent
):
    client = make(tmp_path, origins)
    for response in (
        client.get("/v1/variants", headers=sent),
        client.get("/v1/hands/1", headers=sent),  # an error (401) too
        client.get("/openapi.yaml", headers=sent),
        client.options("/v1/hands", headers=sent | {"Access-Control-Request-Method": "POST"}),
    ):
        assert "Origin" in response.vary, (response.request.path, response.status_code)


def test_the_pages_do_not_vary_on_origin(tmp_path):
    assert "Origin" not in make(tmp_path, [APP]).get("/director/sign-in", headers={"Origin": APP}).vary


def test_a_validate_answer_to_an_allowed_origin_varies_by_origin_and_by_language(tmp_path):
    """CORS says the answer varies by ``Origin``; the explanations' language adds
    ``Accept-Language`` to the same header, once, so a cache keeps one answer per both."""
    from support import example_record

    client = make(tmp_path, [APP])
    response = client.post(
        "/v1/hands/validate", json=example_record(), headers={"Origin": APP, "Accept-Language": "nb"}
    )
    assert response.status_code == 200 and response.headers["Content-Language"] == "nb"
    varies = [part.strip() for part in response.headers["Vary"].split(",")]
    assert "Origin" in varies and varies.count("Accept-Language") == 1
    assert response.headers.getlist("Vary") == [response.headers["Vary"]]
