"""The production server stays responsive while slow clients hold connections open.

A real ``hearts-referee serve`` (two workers, as the README runs it) with 50
connections that sent their headers and then trickle or stall their body, or
never finish their headers: ``/healthz`` and a validate from another client
must still answer, each well within 2 s, and the server must serve as before
once the slow clients go away. The bound is generous on purpose (a shared
2-core machine); what it catches is starvation, which costs tens of seconds.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time

import pytest
from live import live_server
from support import example_record, scratch

SLOW = 50
BOUND = 2.0  # seconds, for each request made while the slow clients hold on
HEADERS_ONLY = (
    b"POST /v1/hands/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/json\r\nContent-Length: 2200\r\n\r\n{"
)
HALF_HEADERS = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


@pytest.fixture(scope="module")
def server():
    with live_server(scratch("slow-"), workers=2) as running:
        yield running


def open_slow(port: int, count: int) -> list[socket.socket]:
    """``count`` connections: a third stall after their headers, a third trickle their body
    one byte at a time, a third never finish their headers."""
    sockets = []
    for k in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(HALF_HEADERS if k % 3 == 2 else HEADERS_ONLY)
        sockets.append(s)
    return sockets


def trickle(sockets: list[socket.socket], stop: threading.Event) -> None:
    while not stop.wait(0.25):
        for s in sockets:
            with contextlib.suppress(OSError):
                s.send(b" ")


def timed(server, method: str, path: str, **kwargs) -> tuple[int, float]:
    started = time.monotonic()
    status, _, _ = server.request(method, path, timeout=30, **kwargs)
    return status, time.monotonic() - started


def test_healthz_and_validate_stay_fast_while_fifty_clients_send_slowly(server):
    record = example_record()
    slow = open_slow(server.port, SLOW)
    stop = threading.Event()
    trickler = threading.Thread(target=trickle, args=(slow[1::3], stop), daemon=True)
    trickler.start()
    try:
        time.sleep(0.5)  # let the slow ones settle in
        deadline = time.monotonic() + 3.0
        answered = 0
        while time.monotonic() < deadline:
            status, took = timed(server, "GET", "/healthz")
            assert (status, took < BOUND) == (200, True), f"/healthz took {took:.2f} s"
            status, took = timed(server, "POST", "/v1/hands/validate", body=record)
            assert (status, took < BOUND) == (200, True), f"validate took {took:.2f} s"
            answered += 2
        assert answered >= 4
    finally:
        stop.set()
        trickler.join()
        for s in slow:
            s.close()


def test_the_server_serves_as_before_once_the_slow_clients_have_gone(server):
    slow = open_slow(server.port, SLOW)
    for s in slow:
        s.close()
    time.sleep(0.2)
    for _ in range(10):
        status, took = timed(server, "POST", "/v1/hands/validate", body=example_record())
        assert (status, took < BOUND) == (200, True)
    assert server.process is not None and server.process.poll() is None


def pipeline(port: int, request: bytes, count: int) -> threading.Thread:
    """One connection that sends ``count`` requests at once and reads every answer."""
    s = socket.create_connection(("127.0.0.1", port), timeout=60)

    def drain() -> None:
        with s:
            while s.recv(1 << 16):
                pass

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    s.sendall(request * (count - 1) + request.replace(b"Host: x", b"Host: x\r\nConnection: close"))
    return reader


def test_a_client_pipelining_hundreds_of_requests_does_not_hold_up_the_others(tmp_path):
    body = json.dumps(example_record()).encode()
    request = (
        b"POST /v1/hands/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
    )
    with live_server(tmp_path, workers=1) as one_worker:
        readers = [pipeline(one_worker.port, request, 500) for _ in range(2)]
        time.sleep(0.3)
        slowest = 0.0
        while any(r.is_alive() for r in readers):
            status, took = timed(one_worker, "GET", "/healthz")
            assert status == 200
            slowest = max(slowest, took)
            time.sleep(0.05)
        assert slowest < 1.0, f"/healthz waited {slowest:.2f} s behind the pipelines"


def test_a_long_batch_audit_does_not_hold_up_its_workers_other_requests(tmp_path):
    from live import ROOT

    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    batch = (json.dumps(record) + "\n").encode() * 2000  # seconds of CPU in one request
    opened = {"FLASK_AUDITS_REQUIRE_KEY": "false"}  # the operator opens the endpoint: no key needed
    with live_server(tmp_path, workers=1, env=opened) as one_worker:
        done = threading.Event()

        def audit() -> None:
            status, _, _ = one_worker.request(
                "POST",
                "/v1/audits",
                body=batch,
                headers={"Content-Type": "application/x-ndjson"},
                timeout=120,
            )
            assert status == 200
            done.set()

        auditor = threading.Thread(target=audit, daemon=True)
        auditor.start()
        time.sleep(0.3)
        slowest = 0.0
        while not done.is_set():
            status, took = timed(one_worker, "GET", "/healthz")
            assert status == 200
            slowest = max(slowest, took)
            time.sleep(0.05)
        auditor.join()
        assert slowest < 1.0, f"/healthz waited {slowest:.2f} s behind the batch"


def trickling_batch(port: int) -> socket.socket:
    """A connection that sent a batch's headers and the start of its body, to trickle the rest."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(
        b"POST /v1/audits HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\n"
        b"Content-Length: 100000\r\n\r\n{"
    )
    return s


def test_batches_trickling_their_bodies_are_408_at_the_deadline_and_free_their_places(tmp_path):
    """Every /v1/audits place held by a client sending a byte every half second (never silent
    for the 15 s read timeout): each is a 408 body_timeout at AUDITS_BODY_SECONDS, and the
    next batch is audited instead of told, for ever, that the worker is busy."""
    record = json.dumps(example_record()).encode() + b"\n"
    ndjson = {"Content-Type": "application/x-ndjson"}
    settings = {
        "FLASK_AUDITS_REQUIRE_KEY": "false",
        "FLASK_AUDITS_CONCURRENCY": "2",
        "FLASK_AUDITS_BODY_SECONDS": "2",
    }
    with live_server(tmp_path, workers=1, env=settings) as one_worker:
        slow = [trickling_batch(one_worker.port) for _ in range(2)]
        stop = threading.Event()
        trickler = threading.Thread(target=trickle_every, args=(slow, stop, 0.5), daemon=True)
        trickler.start()
        try:
            time.sleep(0.5)
            status, _, body = one_worker.request("POST", "/v1/audits", body=record, headers=ndjson)
            assert status == 429, "the trickling batches do not hold the worker's places"
            assert json.loads(body)["errors"][0]["code"] == "audits_busy"
            started = time.monotonic()
            for s in slow:
                head, problem = answer_of(s)
                assert head.startswith(b"HTTP/1.1 408"), head
                assert [e["code"] for e in problem["errors"]] == ["body_timeout"]
            assert time.monotonic() - started < 5, "the deadline did not hold"
            status, _, body = one_worker.request("POST", "/v1/audits", body=record, headers=ndjson)
            assert status == 200, body
            assert json.loads(body.splitlines()[0])["line"] == 1
        finally:
            stop.set()
            trickler.join()
            for s in slow:
                s.close()


def trickle_every(sockets: list[socket.socket], stop: threading.Event, pause: float) -> None:
    while not stop.wait(pause):
        for s in sockets:
            with contextlib.suppress(OSError):
                s.send(b" ")


def answer_of(s: socket.socket) -> tuple[bytes, dict]:
    """The status line and headers, and the JSON body, of one answer on ``s`` (which stays open:
    the server waits for the rest of the body it refused)."""
    s.settimeout(10)
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536) or b"!"  # the connection closed: no answer
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += s.recv(65536) or b"!"
    return head, json.loads(body)
