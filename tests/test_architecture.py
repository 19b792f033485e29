"""The shape of the code, checked by the tools that state it: layers, types, lint, format.

Each check is configuration in ``pyproject.toml``, not a hand-written scan:

- import-linter (``[tool.importlinter]``): the layers, faces over use cases
  over storage over the rules core, and what each may never import;
- mypy ``--strict`` (``[tool.mypy]``) over the package, the tools and bench;
- ruff (``[tool.ruff]``): lint and format over the whole tree, bare imports of
  the old top-level names (and of the reader's links ``referee``, ``rulings``,
  ``schemas``) banned.

A failure prints the tool's own report. The probes that show a contract is
not vacuous break a copy of the code in a temp dir, never the checkout.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from caches import CACHES

import hearts_referee

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(
    *command: str, cwd: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The package, the tools and the configuration, copied to a temp dir to be broken there."""
    for name in ("hearts_referee", "playout", "tools"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


def lint_imports(where: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(where)}
    return run(str(BIN / "lint-imports"), "--no-cache", cwd=where, env=env)


def test_layer_contracts_hold():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_layer_contracts_catch_a_face_importing_the_other(copy):
    """The contracts are not vacuous: a pages module importing the API breaks them."""
    (copy / "hearts_referee" / "web" / "_probe_layers.py").write_text("import hearts_referee.api.errors\n")
    result = lint_imports(copy)
    assert result.returncode != 0 and "BROKEN" in result.stdout
    assert "hearts_referee.web is not allowed to import hearts_referee.api" in result.stdout


def test_a_storage_row_re_exported_by_the_use_cases_breaks_the_contracts(copy):
    """The loophole closed: a use-case package re-exporting storage lets no face through."""
    init = copy / "hearts_referee" / "usecases" / "__init__.py"
    init.write_text(init.read_text() + "\nfrom hearts_referee.archive.hands import Placement as Placement\n")
    result = lint_imports(copy)
    assert result.returncode != 0
    assert "The faces see use-case types, never storage rows BROKEN" in result.stdout


def test_a_new_subpackage_must_be_placed_in_the_layers(copy):
    (copy / "hearts_referee" / "misc").mkdir()
    (copy / "hearts_referee" / "misc" / "__init__.py").write_text("")
    result = lint_imports(copy)
    assert result.returncode != 0 and "hearts_referee.misc" in result.stdout


def test_mypy_strict_is_clean_on_every_layer():
    result = run(
        sys.executable, "-m", "mypy", "--cache-dir", str(CACHES / "mypy")
    )  # strict, pyproject's files
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues found" in result.stdout


def test_ruff_lint_is_clean():
    result = run(sys.executable, "-m", "ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = run(sys.executable, "-m", "ruff", "format", "--no-cache", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "statement",
    [
        "import referee",
        "from referee.cards import Card",
        "from rulings import judge",
        "import schemas.record",
        "from service.hands import audit_record",
        "import api",
        "from app import create_app",
    ],
)
def test_ruff_bans_a_bare_import_of_one_of_our_modules(tmp_path, statement):
    """``referee``, ``rulings`` and ``schemas`` at the top are links for readers; importing
    them bare would load a second copy of the module (a second VARIANTS, a second Code)."""
    probe = tmp_path / "probe.py"
    probe.write_text(statement + "\n")
    config = ROOT / "pyproject.toml"
    result = run(
        sys.executable,
        "-m",
        "ruff",
        "check",
        "--config",
        str(config),
        "--select",
        "TID251",
        "--no-cache",
        str(probe),
    )
    assert result.returncode != 0 and "TID251" in result.stdout, result.stdout + result.stderr


def test_every_module_of_ours_is_loaded_under_one_name_only():
    """Import every module of the package: none of them is also in ``sys.modules`` under a
    bare name (which the links at the repository's top would make possible)."""
    for module in pkgutil.walk_packages(hearts_referee.__path__, "hearts_referee."):
        if module.name.endswith("__main__"):
            continue
        importlib.import_module(module.name)
    package = Path(hearts_referee.__file__).resolve().parent
    twice = [
        name
        for name, module in list(sys.modules.items())
        if not name.startswith("hearts_referee")
        and getattr(module, "__file__", None)
        and Path(module.__file__).resolve().is_relative_to(package)
    ]
    assert twice == []


def test_the_readers_links_at_the_top_point_into_the_package():
    for name in ("referee", "rulings", "schemas"):
        link = ROOT / name
        assert link.is_symlink() and link.resolve() == (ROOT / "hearts_referee" / name).resolve()
    assert (ROOT / "openapi.yaml").resolve() == (ROOT / "hearts_referee" / "api" / "openapi.yaml").resolve()
    assert (ROOT / "app.py").is_file() and not (ROOT / "app.py").is_symlink()
