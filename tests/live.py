"""A real server in a subprocess: ``hearts-referee serve``, the README's production command.

For the tests that only a real server can answer: slow and stalled clients,
what the HTTP server itself refuses before Flask sees a request, logs on
stderr, ``kill -9``, and the docs pages whose shell blocks talk to a running
service (:func:`replay_blocks`). Each server gets a free port and its own archive
file; its stderr goes to a file the test can read (:meth:`LiveServer.log`).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
COMMAND = (str(Path(sys.executable).with_name("hearts-referee")), "serve")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_env(database: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a server on ``database``: no stray ``FLASK_*`` from the caller, and
    a secret key of its own (else every worker would write ``instance/secret_key`` in the checkout)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLASK_")}
    env["FLASK_DATABASE"] = str(database)
    env["FLASK_SECRET_KEY"] = "live-server-tests"
    env.update(extra or {})
    return env


class LiveServer:
    """One server process; :meth:`start` it again on the same port and archive after a kill."""

    def __init__(
        self,
        workdir: Path,
        *,
        workers: int = 2,
        env: Mapping[str, str] | None = None,
        command: Sequence[str] = COMMAND,
        args: Sequence[str] = (),
    ) -> None:
        self.workdir = workdir
        self.database = workdir / "archive.sqlite"
        self.port = free_port()
        self.workers = workers
        self.env = server_env(self.database, env)
        self.command = command
        self.args = tuple(args)
        self.process: subprocess.Popen[bytes] | None = None
        self.stderr_path = workdir / "server.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        with open(self.stderr_path, "ab") as stderr:
            self.process = subprocess.Popen(
                [
                    *self.command,
                    "--bind",
                    f"127.0.0.1:{self.port}",
                    "--workers",
                    str(self.workers),
                    *self.args,
                ],
                cwd=self.workdir,
                env=self.env,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                start_new_session=True,  # a kill -9 of the group reaches the workers too
            )
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.request("GET", "/healthz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise AssertionError("the server did not start:\n" + self.log()[-4000:])
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL the whole process group, the arbiter and its workers, as a crash would."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.process = None

    def log(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")

    def log_lines(self) -> list[dict[str, Any]]:
        """The JSON lines of the server's stderr (every line but the banner must be one)."""
        return [json.loads(line) for line in self.log().splitlines() if line.startswith("{")]

    def raw(self, data: bytes, timeout: float = 10.0) -> bytes:
        """Send ``data`` as it is on a fresh connection; everything the server answers."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as s:
            s.sendall(data)
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks)

    def request(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
        timeout: float = 10.0,
    ) -> tuple[int, http.client.HTTPMessage, bytes]:
        """One request on a fresh connection: status, headers and body. A dict body goes as JSON."""
        sent = dict(headers or {})
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()


@contextmanager
def live_server(workdir: Path, **options: Any) -> Iterator[LiveServer]:
    server = LiveServer(workdir, **options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def create_key(server: LiveServer, role: str, name: str) -> str:
    """A key made the way an operator makes one: ``hearts-referee keys create``."""
    result = subprocess.run(
        [COMMAND[0], "keys", "create", "--role", role, "--name", name],
        env=server.env,
        cwd=server.workdir,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def call(server: LiveServer, key: str, method: str, path: str, body: Any = None) -> dict[str, Any]:
    """One API call with ``key`` that must succeed (200 or 201): its JSON answer."""
    status, _, text = server.request(method, path, body=body, headers={"Authorization": f"Bearer {key}"})
    assert status in (200, 201), (method, path, status, text)
    answer: dict[str, Any] = json.loads(text)
    return answer


def table_3_game(server: LiveServer, key: str, sheet: Sequence[Mapping[str, int]]) -> int:
    """Another table's mso-2000 game in a live archive (table 3, its scoresheet ``sheet``
    sent as score-only hands): what a docs replay must leave as it was. Its id."""
    game = call(
        server,
        key,
        "POST",
        "/v1/games",
        {
            "variant": "mso-2000",
            "seats": ["N", "E", "S", "W"],
            "players": {"N": "Kai", "E": "Lu", "S": "Mo", "W": "Ned"},
            "first_dealer": "W",
            "table": "3",
        },
    )
    for number, points in enumerate(sheet, start=1):
        call(server, key, "POST", f"/v1/games/{game['id']}/hands", {"hand_number": number, "points": points})
    return int(game["id"])


def page_blocks(page: Path, kind: str = "sh") -> list[str]:
    """A docs page's fenced blocks of one kind, in order."""
    return re.findall(rf"```{kind}\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)


def answers(out: str) -> list[dict[str, Any]]:
    """Every JSON document in what a script printed, in order."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while (start := out.find("{", at)) != -1:
        value, at = decoder.raw_decode(out, start)
        found.append(value)
    return found


def docs_checkout(folder: Path) -> Path:
    """A scratch stand-in for the checkout a page's commands are pasted in: a copy of
    ``examples/`` and, as ``.venv``, the environment running the tests (the pages'
    ``.venv/bin/hearts-referee`` is this one)."""
    shutil.copytree(ROOT / "examples", folder / "examples")
    (folder / ".venv").symlink_to(sys.prefix)
    return folder


def replay_blocks(server: LiveServer, blocks: Sequence[str], timeout: float = 300) -> str:
    """A page's shell blocks run in order as one bash script (``-e -o pipefail``: they share
    their variables) in the server's folder, against ``server`` (the only change: the pages'
    port). Everything it printed, stdout and stderr (the answers ``tee /dev/stderr`` shows)
    as one stream, in order; the script must succeed."""
    script = "\n".join(blocks).replace("http://127.0.0.1:5000", server.base)
    done = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", script],
        cwd=server.workdir,
        env=server.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stdout
    return done.stdout
