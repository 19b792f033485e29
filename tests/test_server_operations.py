"""The production server as an operator meets it: ``python -m hearts_referee serve``, its JSON
log lines on stderr, ``X-Request-ID``, and ``/readyz``."""

from __future__ import annotations

import json
import sys
import time

import pytest
from live import live_server
from support import scratch

REVOKE_PATH = "examples/mso-revoke.json"


@pytest.fixture(scope="module")
def server():
    command = (sys.executable, "-m", "hearts_referee", "serve")
    with live_server(scratch("ops-"), workers=1, command=command) as running:
        yield running


def request_line(server, request_id: str) -> dict:
    for _ in range(50):
        for line in server.log_lines():
            if line.get("request_id") == request_id:
                return line
        time.sleep(0.1)
    raise AssertionError(f"no log line for {request_id}:\n{server.log()[-3000:]}")


def test_python_dash_m_hearts_referee_serves(server):
    status, _, body = server.request("GET", "/healthz")
    assert status == 200 and json.loads(body)["status"] == "ok"


def test_the_archive_is_ready_as_soon_as_the_server_is_up(server):
    status, _, body = server.request("GET", "/readyz")
    assert (status, json.loads(body)["status"]) == (200, "ready")


def test_every_stderr_line_is_json(server):
    server.request("GET", "/healthz")
    banner, *rest = server.log().splitlines()
    assert banner.startswith("Hearts Referee on http://")
    for line in rest:
        json.loads(line)
    assert {"gunicorn.error", "hearts_referee.requests"} <= {json.loads(line)["logger"] for line in rest}


def test_a_validate_is_logged_with_the_clients_request_id_and_its_rulings(server):
    from live import ROOT

    body = (ROOT / REVOKE_PATH).read_bytes()
    status, headers, _ = server.request(
        "POST",
        "/v1/hands/validate",
        body=body,
        headers={"Content-Type": "application/json", "X-Request-ID": "table-7-hand-2"},
    )
    assert (status, headers["X-Request-ID"]) == (200, "table-7-hand-2")
    line = request_line(server, "table-7-hand-2")
    assert line["route"] == "/v1/hands/validate" and line["status"] == 200
    assert line["rulings"] == {"revoke": 1, "score_mismatch": 1}
    assert line["duration_ms"] > 0


def test_the_pages_carry_a_request_id_too(server):
    status, headers, _ = server.request("GET", "/director/sign-in")
    assert status == 200 and len(headers["X-Request-ID"]) == 32
