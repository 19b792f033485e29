"""Reaching the service from a phone at the table (issue 44, item 1): ``make serve`` and
``hearts-referee serve`` take the host and port, print the addresses a phone on the same
network can open, and say in one plain sentence, at once, when the port is taken.

Nothing here serves: the taken port stops ``serve`` before gunicorn starts, and the rest
runs the command with gunicorn's ``Server`` replaced by one that records what it was given.
"""

from __future__ import annotations

import importlib
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner

from hearts_referee.cli import main, reach

ROOT = Path(__file__).resolve().parent.parent
serve_module = importlib.import_module("hearts_referee.cli.serve")  # the package's `serve` is the command


@pytest.fixture
def taken_port():
    """A port some other program listens on, as a first ``make serve`` would."""
    with socket.socket() as other:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


def test_a_second_serve_on_a_taken_port_says_so_in_one_sentence_at_once(taken_port):
    """The failure: gunicorn retried for 5 s, then wrote raw JSON lines ("Connection in use")."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "hearts_referee", "serve", "--host", "127.0.0.1", "--port", str(taken_port)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    took = time.monotonic() - started
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        f"Error: Port {taken_port} on 127.0.0.1 is already in use, perhaps by another Hearts Referee: "
        "stop that one, or serve on another port (--port, or make serve PORT=...)."
    ]
    assert "{" not in done.stderr and done.stdout == ""
    assert took < 5, f"took {took:.1f} s"


def test_a_taken_port_given_as_bind_is_refused_the_same_way(taken_port):
    answer = CliRunner().invoke(main, ["serve", "--bind", f"127.0.0.1:{taken_port}"])
    assert answer.exit_code == 1
    assert f"Port {taken_port} on 127.0.0.1 is already in use" in answer.output


class Recorded:
    """gunicorn's application, replaced: it keeps its options and serves nothing."""

    options: ClassVar[dict[str, Any]] = {}

    def __init__(self, options: dict[str, Any]) -> None:
        Recorded.options = options

    def run(self) -> None:
        pass


@pytest.fixture
def no_server(monkeypatch):
    import hearts_referee.cli.server as server

    monkeypatch.setattr(server, "Server", Recorded)
    monkeypatch.setattr(serve_module, "prepare_archive", lambda: None)
    monkeypatch.setattr(reach, "own_addresses", lambda: ["192.168.1.20", "10.0.0.7"])
    Recorded.options = {}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serving_on_every_address_prints_where_a_phone_opens_the_pages(no_server):
    port = free_port()
    answer = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", str(port)])
    assert answer.exit_code == 0, answer.output
    assert Recorded.options["bind"] == f"0.0.0.0:{port}"
    assert answer.stdout.splitlines() == [
        "A phone on the same network opens the director's pages at:",
        f"  http://192.168.1.20:{port}/director/",
        f"  http://10.0.0.7:{port}/director/",
    ]


def test_serving_on_this_computer_alone_says_how_a_phone_could_reach_it(no_server):
    port = free_port()
    answer = CliRunner().invoke(main, ["serve", "--port", str(port)])
    assert answer.exit_code == 0, answer.output
    assert Recorded.options["bind"] == f"127.0.0.1:{port}"
    assert answer.stdout.splitlines() == [
        "Only this computer can open it. For a phone on the same network, serve on every address: "
        f"hearts-referee serve --host 0.0.0.0 --port {port} (or make serve HOST=0.0.0.0 PORT={port})."
    ]


def test_host_and_port_are_not_given_with_bind(no_server):
    answer = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--bind", "127.0.0.1:5000"])
    assert answer.exit_code == 2
    assert "give --host and --port, or --bind HOST:PORT, not both" in answer.output
    assert Recorded.options == {}


def test_the_default_is_this_computer_on_port_5000():
    assert serve_module.listen_on(None, None, None) == "127.0.0.1:5000"
    assert serve_module.listen_on("::", 8000, None) == "[::]:8000"


def test_make_serve_passes_host_and_port_to_the_command():
    shown = subprocess.run(
        ["make", "-n", "-o", ".venv/.runtime", "-o", ".venv/.compiled", "serve", "HOST=0.0.0.0", "PORT=8000"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert ".venv/bin/hearts-referee serve --host 0.0.0.0 --port 8000" in shown


def test_make_serve_keeps_this_computer_and_port_5000_by_default():
    shown = subprocess.run(
        ["make", "-n", "-o", ".venv/.runtime", "-o", ".venv/.compiled", "serve"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "HOST": "somebody-laptop"},  # a shell's HOST is not ours
    ).stdout
    assert ".venv/bin/hearts-referee serve --host 127.0.0.1 --port 5000" in shown
