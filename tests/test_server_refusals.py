"""What the HTTP server refuses before a view runs is answered as problem+json too.

A real ``hearts-referee serve``: gunicorn's parser finds an over-long request
line (414), too many or too long header fields (431) or a line that is not
HTTP (400) before Flask sees a request, and a body that stops arriving is cut
off by the server's client timeout (408). Each gets the one error shape, an
``X-Request-ID`` and a log line, like any other error (``cli.worker``,
``edge.protocol``).
"""

from __future__ import annotations

import json
import time

import pytest
from live import live_server
from support import scratch, validator

CLIENT_TIMEOUT = 1


@pytest.fixture(scope="module")
def server():
    with live_server(
        scratch("refusals-"), workers=1, args=["--client-timeout", str(CLIENT_TIMEOUT)]
    ) as running:
        yield running


def parse(raw: bytes) -> tuple[int, dict[str, str], dict]:
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, json.loads(body)


def assert_problem(raw: bytes, status: int, code: str) -> dict:
    got, headers, body = parse(raw)
    assert got == status, raw[:500]
    assert headers["content-type"] == "application/problem+json"
    assert headers["x-request-id"]
    validator("Problem").validate(body)
    assert body["status"] == status
    assert [e["code"] for e in body["errors"]] == [code]
    return body


def logged(server, status: int) -> dict:
    for _ in range(50):
        found = [line for line in server.log_lines() if line.get("status") == status]
        if found:
            return found[-1]
        time.sleep(0.1)
    raise AssertionError(f"no log line with status {status}:\n{server.log()[-3000:]}")


def test_an_over_long_request_line_is_a_414_problem(server):
    raw = server.raw(b"GET /v1/variants?x=" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    body = assert_problem(raw, 414, "request_line_too_long")
    assert "4094 bytes" in body["detail"]
    line = logged(server, 414)
    assert line["refused"] == "request_line_too_long" and line["request_id"]


def test_an_over_long_url_under_the_pages_is_a_problem_too(server):
    raw = server.raw(b"GET /director/?x=" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert_problem(raw, 414, "request_line_too_long")


def test_an_over_long_header_field_is_a_431_problem(server):
    raw = server.raw(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n")
    assert_problem(raw, 431, "headers_too_large")


def test_too_many_header_fields_is_a_431_problem(server):
    fields = b"".join(b"X-F%d: 1\r\n" % k for k in range(120))
    raw = server.raw(b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n")
    assert_problem(raw, 431, "headers_too_large")


def test_a_request_line_that_is_not_http_is_a_400_problem(server):
    raw = server.raw(b"GARBAGE\r\n\r\n")
    body = assert_problem(raw, 400, "malformed_request")
    assert body["detail"].startswith("The request is not valid HTTP/1.1")


def test_a_body_that_stops_arriving_is_a_408_problem(server):
    started = time.monotonic()
    raw = server.raw(
        b"POST /v1/hands/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 2000\r\n\r\n{",
        timeout=30,
    )
    assert time.monotonic() - started < 15
    assert_problem(raw, 408, "body_timeout")
    line = logged(server, 408)
    assert (line["route"], line["method"]) == ("/v1/hands/validate", "POST")


def test_the_server_still_serves_after_the_refusals(server):
    status, headers, _ = server.request("GET", "/healthz")
    assert status == 200 and headers["X-Request-ID"]
