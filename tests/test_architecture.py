"""The shape of the code, checked by the tools that state it: layers, types, lint, format.

Each check is configuration in ``pyproject.toml``, not a hand-written scan:

- import-linter (``[tool.importlinter]``): the layers, faces over use cases
  over storage over the rules core, and what each may never import;
- mypy ``--strict`` (``[tool.mypy]``) over every layer, the faces, tools and bench;
- ruff (``[tool.ruff]``): lint and format, over the whole tree.

A failure prints the tool's own report.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from caches import CACHES

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


def test_layer_contracts_hold():
    result = run(str(BIN / "lint-imports"), "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_layer_contracts_catch_a_face_importing_the_other(tmp_path):
    """The contracts are not vacuous: a web module importing the API breaks them. The probe
    goes into a copy of the packages, never into the checkout."""
    for name in ("hearts_referee", "playout", "tools"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "hearts_referee" / "web" / "_probe_layers.py").write_text(
        "import hearts_referee.api.errors\n"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}  # the copy, not the checkout, is imported
    result = subprocess.run(
        [str(BIN / "lint-imports"), "--no-cache"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode != 0 and "BROKEN" in result.stdout
    assert "hearts_referee.web._probe_layers -> hearts_referee.api.errors" in result.stdout


def test_mypy_strict_is_clean_on_every_layer():
    # strict, over the files pyproject.toml names; its cache kept between runs, not in .mypy_cache/
    result = run(sys.executable, "-m", "mypy", "--cache-dir", str(CACHES / "mypy"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues found" in result.stdout


def test_ruff_lint_is_clean():
    result = run(sys.executable, "-m", "ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = run(sys.executable, "-m", "ruff", "format", "--no-cache", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
