"""Every error source answers in the one problem+json shape, never HTML."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest

from hearts_referee.app import create_app
from hearts_referee.referee.record import Problem, RecordError

URL = "/v1/hands/validate"


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"{",
        b"{'variant': 'standard'}",
        b"NaN",
        b'{"hand_number": NaN}',
        b'{"hand_number": Infinity}',
        b'{"hand_number": 1e999}',
        b'{"variant": "standard", "variant": "mso-2000"}',
        b'{"a": 1} {"b": 2}',
        b"\xff\xfe{}",
        '{"seats": ["é"]}'.encode("latin-1"),
        b"1" * 5000,
    ],
    ids=lambda b: repr(b[:24]),
)
def test_invalid_json_is_400_pointing_at_the_body(client, fake_audit, problem, body):
    response = client.post(URL, data=body, content_type="application/json")
    result = problem(response, 400)
    assert [(e["pointer"], e["code"]) for e in result["errors"]] == [("", "invalid_json")]
    assert fake_audit.calls == []


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_non_json_content_type_is_415(client, fake_audit, problem, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post(URL, data=b'{"variant": "standard"}', headers=headers)
    result = problem(response, 415)
    assert result["errors"][0]["code"] == "unsupported_media_type"
    assert fake_audit.calls == []


def test_body_over_the_limit_is_413(client, fake_audit, problem):
    response = client.post(URL, data=b" " * (256 * 1024 + 1), content_type="application/json")
    result = problem(response, 413)
    assert result["errors"][0]["code"] == "too_large"
    assert fake_audit.calls == []


def test_a_chunked_body_over_the_limit_is_413_not_truncated(fake_audit, problem):
    """Without Content-Length, Werkzeug stops at the limit; the tail must not be dropped silently."""
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 64}).test_client()
    body = b"{}" + b" " * 200  # valid JSON if cut at 64 bytes
    env = {"wsgi.input": io.BytesIO(body), "wsgi.input_terminated": True}
    response = client.post(URL, content_type="application/json", environ_overrides=env)
    problem(response, 413)
    assert fake_audit.calls == []


@pytest.mark.parametrize(("size", "status"), [(64, 200), (65, 413)])
@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_the_size_limit_is_one_rule_with_or_without_content_length(
    fake_audit, problem, size, status, chunked
):
    """At most MAX_CONTENT_LENGTH bytes: a body of exactly the limit is read either way."""
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 64}).test_client()
    body = b"{}" + b" " * (size - 2)
    if chunked:
        env = {"wsgi.input": io.BytesIO(body), "wsgi.input_terminated": True}
        response = client.post(URL, content_type="application/json", environ_overrides=env)
    else:
        response = client.post(URL, data=body, content_type="application/json")
    if status == 413:
        assert [e["code"] for e in problem(response, 413)["errors"]] == ["too_large"]
    else:
        assert response.status_code == 200
        assert fake_audit.calls == [{}]


def test_a_body_that_stops_before_its_content_length_is_a_400_never_half_a_record(
    client, fake_audit, problem
):
    """The client said 200 bytes and sent 2 before it went: the record is not read from what came."""
    env = {"wsgi.input": io.BytesIO(b"{}"), "CONTENT_LENGTH": "200"}
    response = client.post(URL, content_type="application/json", environ_overrides=env)
    assert problem(response, 400)["status"] == 400
    assert fake_audit.calls == []


def test_the_limit_is_configurable(fake_audit, problem):
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 64}).test_client()
    problem(client.post(URL, data=b"[" + b"1," * 40 + b"1]", content_type="application/json"), 413)
    assert client.post(URL, data=b"{}", content_type="application/json").status_code == 200


@pytest.mark.parametrize(
    "path", ["/", "/nope", "/v1/hands/abc", "/v1/hands/0", "/v1/variants/", "/v1/hands/validate/x"]
)
def test_unknown_path_is_404(client, problem, path):
    problem(client.get(path), 404)


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("GET", URL, {"POST"}),
        ("PUT", URL, {"POST"}),
        ("DELETE", "/healthz", {"GET"}),
        ("POST", "/v1/variants", {"GET"}),
        ("PATCH", "/v1/variants/mso-2000", {"GET"}),
        ("POST", "/docs", {"GET"}),
        ("POST", "/openapi.yaml", {"GET"}),
    ],
)
def test_wrong_method_is_405_with_allow(client, problem, method, path, allowed):
    response = client.open(path, method=method)
    problem(response, 405)
    listed = {m.strip() for m in response.headers["Allow"].split(",")}
    assert allowed <= listed
    assert listed <= allowed | {"HEAD", "OPTIONS"}


def test_record_error_is_422_with_every_problem(client, fake_audit, problem):
    fake_audit.error = RecordError(
        [
            Problem("/play/17/card", "not_held", "E does not hold QS"),
            Problem("/seats", "seat_count", "mso-2000 is played by 4 seats, not 5"),
        ]
    )
    result = problem(client.post(URL, json={"variant": "mso-2000"}), 422)
    assert result["errors"] == [
        {"pointer": "/play/17/card", "code": "not_held", "message": "E does not hold QS"},
        {"pointer": "/seats", "code": "seat_count", "message": "mso-2000 is played by 4 seats, not 5"},
    ]


def test_a_bug_is_500_in_the_same_shape_without_details(fake_audit, problem):
    client = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False}).test_client()
    fake_audit.error = RuntimeError("secret internals")
    result = problem(client.post(URL, json={}), 500)
    assert "secret" not in result["detail"]
    assert result["errors"] == []


def test_errors_are_never_html(client, fake_audit):
    for response in (
        client.get("/nope"),
        client.delete("/healthz"),
        client.post(URL, data=b"{", content_type="application/json"),
        client.post(URL, data=b"x", content_type="text/html"),
    ):
        assert b"<" not in response.data
        assert response.mimetype == "application/problem+json"


# --- a JSON body's content coding: read by the same reader as /v1/audits' (issue 43) ------


def _gzipped(body: bytes) -> bytes:
    return gzip.compress(body, mtime=0)


REVOKE = (Path(__file__).resolve().parent.parent / "examples" / "mso-revoke.json").read_bytes()


@pytest.mark.parametrize("coding", ["gzip", "GZIP", "x-gzip"])
def test_a_multi_member_gzip_json_body_is_read_to_the_end(client, coding):
    """A hand record sent as two gzip members is the whole record, as sent plain."""
    cut = len(REVOKE) // 2
    body = _gzipped(REVOKE[:cut]) + _gzipped(REVOKE[cut:])
    sent = client.post(URL, data=body, content_type="application/json", headers={"Content-Encoding": coding})
    plain = client.post(URL, data=REVOKE, content_type="application/json")
    assert plain.status_code == 200
    assert (sent.status_code, sent.get_json()) == (200, plain.get_json())


def test_bytes_after_a_gzip_json_body_are_refused_not_ignored(client, fake_audit, problem):
    body = _gzipped(b"{}") + b'{"variant": "mso-2000"}'
    response = client.post(
        URL, data=body, content_type="application/json", headers={"Content-Encoding": "gzip"}
    )
    assert [e["code"] for e in problem(response, 400)["errors"]] == ["invalid_gzip"]
    assert fake_audit.calls == []


def test_a_gzip_json_body_is_held_to_the_size_limit_inflated(fake_audit, problem):
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 64}).test_client()
    body = _gzipped(b"{}" + b" " * 100)
    assert len(body) < 64
    response = client.post(
        URL, data=body, content_type="application/json", headers={"Content-Encoding": "gzip"}
    )
    assert [e["code"] for e in problem(response, 413)["errors"]] == ["too_large"]
    assert fake_audit.calls == []


@pytest.mark.parametrize("coding", ["br", "deflate", "gzip, br"])
def test_a_json_body_in_another_content_coding_is_415_not_read_as_plain(client, fake_audit, problem, coding):
    response = client.post(
        URL, data=b"{}", content_type="application/json", headers={"Content-Encoding": coding}
    )
    assert [e["code"] for e in problem(response, 415)["errors"]] == ["unsupported_encoding"]
    assert fake_audit.calls == []
