"""A real full disk and a real read-only mount under the real server: 503s that clear by themselves.

The archive lies on a 4 MiB tmpfs mounted in a mount namespace of the server's
own (``unshare --mount``): the mount exists only for the server's processes and
vanishes with them, so no test run, killed or not, ever leaves a mount behind.
The test fills that file system (``nsenter`` into the namespace, ``cat
/dev/zero`` until ``ENOSPC``), remounts it read-only, and moves the file away,
and the server answers each as its own 503 with ``Retry-After``, on the API, on
the pages and at ``/readyz``; once each fault clears it serves as before, with
every acknowledged write there and its hash chain intact. It needs root (to
mount) and is skipped, saying so, where the machine does not allow it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from games import new_game
from live import COMMAND, LiveServer, free_port
from support import example_record

SIZE = "4m"


def _can_mount() -> str | None:
    """Why this machine cannot run the test (``None``: it can)."""
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("nsenter"):
        return "needs root, unshare and nsenter"
    probe = subprocess.run(
        [
            "unshare",
            "--mount",
            "--propagation",
            "private",
            "sh",
            "-c",
            "mount -t tmpfs -o size=1m tmpfs /mnt",
        ],
        capture_output=True,
        check=False,
    )
    return None if probe.returncode == 0 else f"cannot mount in a namespace: {probe.stderr.decode()[:200]}"


pytestmark = pytest.mark.skipif(bool(reason := _can_mount()), reason=reason or "")


class NamespacedServer(LiveServer):
    """``hearts-referee serve`` with its archive on a tmpfs mounted in its own mount namespace."""

    def __init__(self, workdir: Path) -> None:
        self.disk = workdir / "disk"
        self.disk.mkdir()
        mount = f'mount -t tmpfs -o size={SIZE},mode=0700 tmpfs "{self.disk}" && exec "$@"'
        command = ("unshare", "--mount", "--propagation", "private", "sh", "-c", mount, "sh", *COMMAND)
        super().__init__(workdir, workers=2, command=command)
        self.database = self.disk / "archive.sqlite"
        self.env["FLASK_DATABASE"] = str(self.database)
        self.port = free_port()

    def inside(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run ``command`` in the server's mount namespace (where its tmpfs is)."""
        assert self.process is not None
        done = subprocess.run(
            ["nsenter", "--target", str(self.process.pid), "--mount", "--", *command],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        if check:
            succeeded(done)
        return done

    def key(self, role: str) -> str:
        return self.inside(COMMAND[0], "keys", "create", "--role", role, "--name", role).stdout.strip()

    def fill(self) -> None:
        self.inside("sh", "-c", f'cat /dev/zero > "{self.disk}/filler"', check=False)  # until ENOSPC
        assert "100%" in self.inside("df", str(self.disk)).stdout

    def free(self) -> None:
        self.inside("rm", f"{self.disk}/filler")

    def remount(self, mode: str) -> None:
        """Remount the tmpfs ``ro`` or ``rw``. The kernel refuses a read-only remount (EBUSY,
        mount's exit 32) while any file on it is open for writing, as the archive is until a
        worker closes its connection, which may be just after its answer went out: that is
        retried for a few seconds."""
        command = ("mount", "-o", f"remount,{mode}", str(self.disk))
        deadline = time.monotonic() + 5
        while (done := self.inside(*command, check=False)).returncode == 32 and time.monotonic() < deadline:
            time.sleep(0.05)
        succeeded(done)


def succeeded(done: subprocess.CompletedProcess[str]) -> None:
    """Fail saying what a command printed, not only its exit status."""
    if done.returncode:
        command = " ".join(done.args)
        raise AssertionError(f"{command}: exit {done.returncode}: {done.stderr.strip()}")


@pytest.fixture
def server(tmp_path) -> Iterator[NamespacedServer]:
    server = NamespacedServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()  # the namespace, and its mount, end with the server's processes


def call(server: NamespacedServer, method: str, path: str, key: str | None = None, body=None, headers=None):
    sent = dict(headers or {})
    if key:
        sent["Authorization"] = f"Bearer {key}"
    status, got, raw = server.request(method, path, body=body, headers=sent)
    return status, got, raw


def assert_fault(answer, fault: str) -> None:
    status, headers, raw = answer
    assert status == 503, raw[:300]
    assert headers["Content-Type"].startswith("application/problem+json")
    assert int(headers["Retry-After"]) > 0
    assert json.loads(raw)["type"] == f"/docs#problem-{fault}"


def sign_in_page(server: NamespacedServer, key: str) -> tuple[int, str, str]:
    """Sign in through the page, as a browser does: status, Retry-After, the page."""
    _, headers, raw = call(server, "GET", "/director/sign-in")
    cookie = headers["Set-Cookie"].split(";")[0]
    token = re.search(r'name="csrf_token" value="([^"]+)"', raw.decode()).group(1)
    form = f"csrf_token={token}&key={key}".encode()
    sent = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    status, got, page = call(server, "POST", "/director/sign-in", body=form, headers=sent)
    return status, got.get("Retry-After", ""), page.decode()


def test_a_full_disk_then_a_read_only_mount_are_named_503s_and_the_server_recovers(server):
    director = server.key("director")
    games = 0

    def store_game() -> int:
        nonlocal games
        status = call(server, "POST", "/v1/games", director, new_game(table=f"{games + 1}"))[0]
        if status == 201:
            games += 1
        return status

    assert store_game() == 201
    assert call(server, "POST", "/v1/hands", director, example_record())[0] == 201
    assert call(server, "GET", "/readyz")[0] == 200

    server.fill()
    assert_fault(call(server, "POST", "/v1/games", director, new_game()), "disk_full")
    assert_fault(call(server, "GET", "/readyz"), "disk_full")
    status, _, _ = read = call(server, "GET", "/v1/games/1", director)
    if status != 200:  # SQLite reads on while its WAL index has room; past that, it says so
        assert_fault(read, "disk_full")
    status, retry, page = sign_in_page(server, director)
    assert (status, "full" in page, int(retry) > 0) == (503, True, True)

    server.free()
    assert store_game() == 201
    assert call(server, "GET", "/readyz")[0] == 200

    server.remount("ro")
    try:
        assert_fault(call(server, "POST", "/v1/games", director, new_game()), "archive_read_only")
        assert_fault(call(server, "GET", "/readyz"), "archive_read_only")
        assert call(server, "GET", "/v1/games/1", director)[0] == 200  # reads go on
        assert call(server, "GET", "/v1/hands/1", director)[0] == 200
        status, retry, page = sign_in_page(server, director)
        assert (status, "cannot be written" in page, int(retry) > 0) == (503, True, True)
    finally:
        server.remount("rw")

    assert store_game() == 201
    assert call(server, "GET", "/readyz")[0] == 200
    status, _, raw = call(server, "GET", "/v1/games?limit=100", director)
    assert (status, len(json.loads(raw)["games"])) == (200, games)  # every acknowledged write is there
    status, _, raw = call(server, "GET", "/v1/hands/1/verify", director)
    assert status == 200 and json.loads(raw)["ok"] is True, raw[:300]
