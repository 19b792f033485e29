"""Each problem names its kind: ``type`` is ``/docs#problem-<code>``, one stable URI per kind,
described in the docs page's "Problem types" section and listed in the spec."""

from __future__ import annotations

import html
import re

import pytest
from support import SPEC, assert_problem, example_record

from hearts_referee.api.problem_types import PROBLEM_TYPES, type_uri

SPEC_TYPES = SPEC["components"]["schemas"]["Problem"]["properties"]["type"]["oneOf"]


def kind(response, status: int) -> str:
    uri = assert_problem(response, status)["type"]
    assert uri.startswith("/docs#problem-"), uri
    return uri.removeprefix("/docs#problem-")


def test_a_body_that_is_not_json_is_invalid_json(client):
    response = client.post("/v1/hands/validate", data="{", content_type="application/json")
    assert kind(response, 400) == "invalid_json"


def test_a_bad_query_parameter_is_invalid_query(client, as_role):
    assert kind(client.get("/v1/hands?limit=zero", headers=as_role("director")), 400) == "invalid_query"


def test_no_key_is_unauthorized(client):
    assert kind(client.get("/v1/hands"), 401) == "unauthorized"


def test_the_wrong_role_is_forbidden(client, as_role):
    assert kind(client.get("/v1/hands", headers=as_role("admin")), 403) == "forbidden"


@pytest.mark.parametrize("url", ["/v1/hands/99", "/v1/variants/no-such", "/no-such-path"])
def test_nothing_there_is_not_found(client, as_role, url):
    assert kind(client.get(url, headers=as_role("director")), 404) == "not_found"


def test_a_wrong_method_is_method_not_allowed(client):
    assert kind(client.put("/v1/hands/validate"), 405) == "method_not_allowed"


def test_signing_a_superseded_score_version_is_a_conflict(client, as_role):
    director = as_role("director")
    assert client.post("/v1/hands", headers=director, json=example_record()).status_code == 201
    stale = {"seat": "N", "name": "Ann", "version": 2}
    assert kind(client.post("/v1/hands/1/signatures", headers=director, json=stale), 409) == "conflict"


def test_a_body_over_the_limit_is_too_large(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 10
    response = client.post("/v1/hands/validate", data='{"a": "long enough"}', content_type="application/json")
    assert kind(response, 413) == "too_large"


def test_a_body_not_sent_as_json_is_unsupported_media_type(client):
    response = client.post("/v1/hands/validate", data="x", content_type="text/plain")
    assert kind(response, 415) == "unsupported_media_type"


def test_a_record_that_cannot_have_happened_is_invalid_record(client):
    response = client.post("/v1/hands/validate", json={"variant": "standard"})
    assert kind(response, 422) == "invalid_record"


def test_another_body_that_cannot_be_accepted_is_rejected(client, as_role):
    assert kind(client.post("/v1/keys", headers=as_role("admin"), json={"name": "x"}), 422) == "rejected"


def test_a_bug_is_an_internal_error(app, client, monkeypatch):

    def broken(*_):
        raise RuntimeError("boom")

    monkeypatch.setattr("hearts_referee.api.hands.validate_hand_text", broken)
    app.testing = False
    assert kind(client.post("/v1/hands/validate", json={}), 500) == "internal_error"


def test_every_problem_type_is_in_the_spec_with_its_status():
    listed = {entry["const"]: entry["title"] for entry in SPEC_TYPES}
    expected = {type_uri(code): f"{code} ({status})" for code, status in PROBLEM_TYPES.items()}
    expected["about:blank"] = "about:blank"
    assert listed == expected


def test_every_problem_type_has_its_entry_in_the_docs_with_its_status_and_meaning(client):
    page = client.get("/docs").get_data(as_text=True)
    rows = {  # each row's text: the tags (`code` spans are rendered as <code>) taken out
        code: html.unescape(re.sub(r"<[^>]+>", "", row))
        for code, row in re.findall(r'<tr id="problem-([a-z_]+)">(.*?)</tr>', page)
    }
    assert set(rows) == set(PROBLEM_TYPES)
    meaning = {entry["const"]: entry["description"] for entry in SPEC_TYPES}
    for code, status in PROBLEM_TYPES.items():
        assert rows[code].startswith(f"{type_uri(code)}{status}"), code
        assert meaning[type_uri(code)].replace("`", "") in rows[code], code


def test_a_status_with_no_kind_of_its_own_is_about_blank():
    from hearts_referee.api.problem_types import problem_type

    assert problem_type(503) == "about:blank"
    assert problem_type(404) == "/docs#problem-not_found"
