"""The service as a user installs it: ``pip install .`` into a fresh virtual environment.

No editable install and no repository on ``sys.path``: the wheel alone must
carry the spec (``/openapi.yaml``, ``/docs``), the templates and the console
script, and its declared runtime dependencies must be enough to serve. It
installs one import name, ``hearts_referee``, so a user's own ``api/``,
``cli/`` or ``app.py`` (or another distribution's) cannot shadow a module of
ours: the commands run from a folder that holds all three. On a machine
with a C compiler the wheel carries the compiled rules core (``setup.py``),
installed into the environment beside the package and loaded from there. This
needs the package registry (as ``make test`` itself does) and takes about 3
minutes, the compile's 2 among them.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

from hearts_referee import compiled

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get_content_type(), response.read()


BUILD_LITTER = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "build", "dist", "*.egg-info", "instance", ".*_cache", ".hypothesis"
)
"""Left out of the copy the wheel is built from: what a clean checkout does not hold either."""


def test_the_wheel_installs_alone_and_its_serve_command_serves_the_docs_and_the_spec(tmp_path):
    # Built from a copy: setuptools writes build/ and hearts_referee.egg-info/ beside the source.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=BUILD_LITTER)
    # Built as a user's `pip install .` builds it: no choice of ours in the environment.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "PYTHON", "HEARTS_REFEREE_"))}
    wheel_cmd = (sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "dist", source)
    run(*wheel_cmd, cwd=tmp_path, env=env)
    (wheel,) = (tmp_path / "dist").glob("hearts_referee-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    core = f"hearts_referee-0.1.0.data/data/{compiled.in_prefix()}/"
    carried = sorted(name.removeprefix(core) for name in names if name.startswith(core))
    shipped = {
        name.split("/")[0] for name in names if ".dist-info/" not in name and not name.startswith(core)
    }
    assert shipped == {"hearts_referee"}
    if compiled.has_compiler():  # the compiled core, with its manifest, to go beside the environment's
        assert "manifest.json" in carried and "hearts_referee/referee/replay" in str(carried)
        assert not wheel.name.endswith("-py3-none-any.whl")  # for this Python and platform only
    else:
        assert carried == [] and wheel.name.endswith("-py3-none-any.whl")
    (top_level,) = [name for name in names if name.endswith(".dist-info/top_level.txt")]
    assert zipfile.ZipFile(wheel).read(top_level).decode().split() == ["hearts_referee"]
    assert {"hearts_referee/api/openapi.yaml", "hearts_referee/py.typed"} <= set(names)
    web = ROOT / "hearts_referee" / "web"
    pages = {path.relative_to(ROOT).as_posix() for path in (web / "static").iterdir() if path.is_file()}
    assert pages <= set(names), pages - set(names)  # the pages' stylesheet and every script
    # The catalogs ship as written (compiled in memory when first asked for): no .mo is built.
    assert "hearts_referee/translations/nb/LC_MESSAGES/messages.po" in names
    assert not [name for name in names if name.endswith(".mo")]
    # No build junk, and nothing compiled inside the package, where it would shadow a source.
    assert not [
        name for name in names if name.startswith("hearts_referee/") and name.endswith((".so", ".pyd", ".c"))
    ]

    # A user's folder with modules named like our old top-level ones, and like the checkout's app.py.
    desk = tmp_path / "desk"
    for name in ("api", "cli", "web", "referee"):
        (desk / name).mkdir(parents=True)
        (desk / name / "__init__.py").write_text("raise ImportError('the user's own module was imported')\n")
    (desk / "app.py").write_text("raise ImportError('the user's own app.py was imported')\n")

    # A venv without pip of its own (ensurepip takes seconds): this pip installs into it.
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    pip = (sys.executable, "-m", "pip", "--python", venv / "bin" / "python")
    run(*pip, "install", "-q", "--no-compile", wheel, cwd=tmp_path)  # no .pyc: nothing here needs them
    installed = run(*pip, "list", "--format=freeze", cwd=tmp_path).lower()
    assert "pytest" not in installed and "hypothesis" not in installed  # the test stack stays out

    env["FLASK_DATABASE"] = str(tmp_path / "archive.sqlite")
    made = run(venv / "bin" / "hearts-referee", "init-db", cwd=desk, env=env)
    assert "schema up to date" in made and (tmp_path / "archive.sqlite").exists()
    assert "serve" in run(venv / "bin" / "hearts-referee", "--help", cwd=desk, env=env)
    build = "compiled" if compiled.has_compiler() else "pure"
    version = run(venv / "bin" / "hearts-referee", "--version", cwd=desk, env=env)
    assert f"rules core {build} " in version, version
    if build == "compiled":  # loaded from the environment the wheel installed it into
        assert str(venv / compiled.in_prefix()) in version
        pure = run(
            venv / "bin" / "hearts-referee", "--version", cwd=desk, env={**env, compiled.CHOICE_ENV: "pure"}
        )
        assert "rules core pure (HEARTS_REFEREE_CORE=pure)" in pure
    assert "serve" in run(venv / "bin" / "python", "-m", "hearts_referee", "--help", cwd=desk, env=env)
    library = "import hearts_referee; print(sorted(hearts_referee.VARIANTS))"
    assert "mso-2000" in run(venv / "bin" / "python", "-c", library, cwd=desk, env=env)
    port = free_port()
    server = subprocess.Popen(
        [venv / "bin" / "hearts-referee", "serve", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=desk,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                status, _, _ = get(base + "/healthz")
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                time.sleep(0.2)
        assert status == 200
        status, kind, spec = get(base + "/openapi.yaml")
        assert (status, kind) == (200, "application/yaml")
        assert spec == (ROOT / "openapi.yaml").read_bytes()
        status, kind, page = get(base + "/docs")
        assert (status, kind) == (200, "text/html")
        assert b"/v1/hands/validate" in page
        status, kind, _ = get(base + "/docs/static/docs.css")  # the page's stylesheet is package data
        assert (status, kind) == (200, "text/css")
        status, kind, _ = get(base + "/director/check")
        assert (status, kind) == (200, "text/html")
        status, kind, _ = get(base + "/director/static/entry.js")  # the card-by-card entry
        assert (status, kind) == (200, "text/javascript")
        status, kind, page = get(base + "/director/check?lang=nb")  # Norsk, from the installed catalog
        assert (status, kind) == (200, "text/html")
        assert b'<html lang="nb">' in page and 'aria-label="Språk"'.encode() in page
        status, kind, ready = get(base + "/readyz")
        assert (status, kind) == (200, "application/json")
        assert json.loads(ready)["build"] == build
    finally:
        server.terminate()
        server.wait(timeout=10)
