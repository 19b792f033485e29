"""``POST /v1/audits``: NDJSON in, one result line per record out, streamed.

Each record is audited by ``bulk.lines`` (the ``audit`` command's own), so a
hand gets exactly the answer ``POST /v1/hands/validate`` gives it and a game
the one ``POST /v1/games/validate`` gives it. What is refused as a whole
(415, 413, 422) is refused before any result line is sent.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from games import moon, new_game
from support import example_record, validator

from hearts_referee.app import create_app
from hearts_referee.batch import lines

ROOT = Path(__file__).resolve().parent.parent
URL = "/v1/audits"
NDJSON = "application/x-ndjson"

REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
IMPOSSIBLE = {
    "variant": "mso-2000",
    "seats": ["N", "E", "S", "W", "X"],
    "dealer": "W",
    "hand_number": 1,
    "deal": {},
}
GAME = new_game(hands=[moon("E", 1), moon("W", 2)])


def ndjson(*lines: object) -> bytes:
    """A body: each item a line, dicts written as compact JSON, text and bytes as they are."""
    out = []
    for line in lines:
        if isinstance(line, dict):
            out.append(json.dumps(line).encode())
        else:
            out.append(line if isinstance(line, bytes) else str(line).encode())
    return b"\n".join(out) + b"\n"


def post(client, body: bytes, **kwargs):
    return client.post(URL, data=body, content_type=NDJSON, **kwargs)


def results(response) -> list[dict]:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == NDJSON
    body = response.get_data()
    assert body.endswith(b"\n")
    found = [json.loads(line) for line in body[:-1].split(b"\n")]
    for line in found:
        validator("AuditLine").validate(line)
    return found


def test_each_record_gets_one_result_line_in_order_with_its_line_number(client):
    body = ndjson(example_record(), REVOKE, "not json", IMPOSSIBLE, GAME)
    found = results(post(client, body))
    assert [(r["line"], r.get("kind")) for r in found] == [
        (1, "hand"),
        (2, "hand"),
        (3, None),
        (4, None),
        (5, "game"),
    ]
    clean, revoke, not_json, impossible, game = found
    assert clean["audit"]["rulings"] == []
    assert [r["code"] for r in revoke["audit"]["rulings"]] == ["revoke", "score_mismatch"]
    assert [p["code"] for p in not_json["problems"]] == ["invalid_json"]
    assert ("/seats", "seat_count") in {(p["pointer"], p["code"]) for p in impossible["problems"]}
    assert [h["result"]["moon"]["seat"] for h in game["game"]["hands"]] == ["E", "W"]


def test_blank_lines_are_skipped_but_still_numbered(client):
    body = b"\n" + ndjson(REVOKE) + b"  \n\t\r\n\n" + ndjson("[]")
    assert [r["line"] for r in results(post(client, body))] == [2, 6]


def test_a_line_that_is_not_utf8_is_a_problem_on_its_line_and_the_run_goes_on(client):
    found = results(post(client, ndjson(b"\xff\xfe", REVOKE)))
    assert found[0]["line"] == 1 and found[0]["problems"][0]["code"] == "invalid_json"
    assert "not UTF-8" in found[0]["problems"][0]["message"]
    assert found[1]["kind"] == "hand"


def test_a_hand_gets_the_answer_hands_validate_gives(client):
    (line,) = results(post(client, ndjson(REVOKE)))
    assert line["audit"] == client.post("/v1/hands/validate", json=REVOKE).get_json()


def test_a_game_gets_the_answer_games_validate_gives(client):
    (line,) = results(post(client, ndjson(GAME)))
    assert line["game"] == client.post("/v1/games/validate", json=GAME).get_json()


def test_an_impossible_record_gets_the_problems_hands_validate_lists(client):
    (line,) = results(post(client, ndjson(IMPOSSIBLE)))
    refused = client.post("/v1/hands/validate", json=IMPOSSIBLE)
    assert refused.status_code == 422
    assert line["problems"] == refused.get_json()["errors"]


def test_results_are_sent_as_each_record_is_audited(client, monkeypatch):
    audited: list[int] = []
    audit_raw = lines.audit_raw

    def spy(where, raw, *limits):
        audited.append(where.line)
        return audit_raw(where, raw, *limits)

    monkeypatch.setattr(lines, "audit_raw", spy)
    response = post(client, ndjson(REVOKE, REVOKE, REVOKE), buffered=False)
    assert response.status_code == 200
    stream = response.iter_encoded()
    first = next(stream)
    assert json.loads(first)["line"] == 1
    assert audited == [1]  # the first line is out before the second record is audited
    assert [json.loads(chunk)["line"] for chunk in stream] == [2, 3]
    assert audited == [1, 2, 3]
    response.close()


def test_more_records_than_the_limit_is_413_before_any_result(problem):
    client = create_app({"TESTING": True, "AUDITS_MAX_RECORDS": 2}).test_client()
    body = problem(post(client, ndjson(REVOKE, REVOKE, REVOKE)), 413)
    assert [e["code"] for e in body["errors"]] == ["too_many_records"]
    assert len(results(post(client, ndjson(REVOKE, "", "  ", REVOKE)))) == 2  # blank lines do not count


def test_a_body_over_the_byte_limit_is_413(problem):
    client = create_app({"TESTING": True, "AUDITS_MAX_BYTES": 64}).test_client()
    body = problem(post(client, b"[]\n" * 22), 413)  # 66 bytes, with Content-Length
    assert [e["code"] for e in body["errors"]] == ["too_large"]
    assert len(results(post(client, b"[]\n" * 21))) == 21  # 63 bytes


@pytest.mark.parametrize(("size", "status"), [(64, 200), (65, 413)])
def test_a_chunked_body_is_held_to_the_byte_limit_too(problem, size, status):
    """Without Content-Length, the body is read one byte past the limit, never cut short."""
    client = create_app({"TESTING": True, "AUDITS_MAX_BYTES": 64}).test_client()
    body = b"[]" + b" " * (size - 3) + b"\n"
    env = {"wsgi.input": io.BytesIO(body), "wsgi.input_terminated": True}
    response = client.post(URL, content_type=NDJSON, environ_overrides=env)
    if status == 413:
        assert [e["code"] for e in problem(response, 413)["errors"]] == ["too_large"]
    else:
        assert [r["line"] for r in results(response)] == [1]


def test_the_apps_request_size_limit_does_not_cap_the_audits_limit():
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1024}).test_client()
    body = ndjson(REVOKE, REVOKE, REVOKE)
    assert len(body) > 1024
    assert len(results(post(client, body))) == 3


@pytest.mark.parametrize("body", [b"", b"\n", b" \n\t\n\r\n"])
def test_a_body_without_a_record_is_422(client, problem, body):
    """An audit of nothing would read as a clean run; the client has sent the wrong thing."""
    errors = problem(post(client, body), 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("", "no_records")]


@pytest.mark.parametrize("content_type", ["application/json", "text/plain", None])
def test_a_body_not_sent_as_ndjson_is_415(client, problem, content_type):
    response = client.post(URL, data=ndjson(REVOKE), content_type=content_type)
    errors = problem(response, 415)["errors"]
    assert [e["code"] for e in errors] == ["unsupported_media_type"]


def test_ndjson_with_a_charset_is_accepted(client):
    response = client.post(URL, data=ndjson(REVOKE), content_type=f"{NDJSON}; charset=utf-8")
    assert [r["kind"] for r in results(response)] == ["hand"]


def test_needs_a_key_when_validate_does(app, client, as_role, problem):
    app.config["VALIDATE_REQUIRES_KEY"] = True
    response = post(client, ndjson(REVOKE))
    problem(response, 401)
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert [r["kind"] for r in results(post(client, ndjson(REVOKE), headers=as_role("scorer")))] == ["hand"]


def test_the_api_pages_example_is_true(client):
    """docs/api.md pipes examples/mso-revoke.json, on one line, and a line that is not JSON."""
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    command = "(tr -d '\\n' < examples/mso-revoke.json; echo; echo 'not json')"
    assert command in page and "--data-binary @-" in page
    body = (ROOT / "examples" / "mso-revoke.json").read_bytes().replace(b"\n", b"") + b"\nnot json\n"
    revoke, not_json = results(post(client, body))
    assert (revoke["line"], revoke["kind"]) == (1, "hand")
    assert [r["code"] for r in revoke["audit"]["rulings"]] == ["revoke", "score_mismatch"]
    assert json.dumps(not_json, separators=(",", ":")) in page
