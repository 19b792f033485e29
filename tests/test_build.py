"""Which build of the rules core runs (``hearts_referee.compiled``): a compiled module is used
only when its build matches every source of the core, never beside the sources, and a run
that asked for one build gets that one."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hearts_referee
from hearts_referee import compiled

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hearts_referee"


def core_copy(tmp_path: Path) -> Path:
    """A copy of the package's core sources, to change without touching the checkout."""
    root = tmp_path / "src" / "hearts_referee"
    for package in compiled.CORE:
        shutil.copytree(PACKAGE / package, root / package, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def fake_build(folder: Path, root: Path, *, files: dict[str, str] | None = None) -> Path:
    """A build folder whose manifest matches the sources under ``root`` as they are now."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = compiled.manifest_of(compiled.core_sources(root), files or {}, "test")
    (folder / compiled.MANIFEST).write_text(json.dumps(manifest))
    return folder


def test_a_build_made_from_the_sources_as_they_are_is_used(tmp_path):
    root = core_copy(tmp_path)
    build = compiled.choose("auto", fake_build(tmp_path / "build", root), root)
    assert build.compiled
    assert build.name == "compiled"


def test_a_source_changed_since_the_build_means_the_pure_build_and_says_which(tmp_path):
    root = core_copy(tmp_path)
    folder = fake_build(tmp_path / "build", root)
    with open(root / "referee" / "table.py", "a") as source:
        source.write("\n# an edit after the build\n")
    build = compiled.choose("auto", folder, root)
    assert build.name == "pure"
    assert "hearts_referee.referee.table changed since the build" in build.reason


def test_a_module_added_since_the_build_makes_it_stale(tmp_path):
    root = core_copy(tmp_path)
    folder = fake_build(tmp_path / "build", root)
    (root / "rulings" / "newrule.py").write_text("X = 1\n")
    assert "hearts_referee.rulings.newrule was added" in compiled.choose("auto", folder, root).reason


def test_a_module_removed_since_the_build_makes_it_stale(tmp_path):
    root = core_copy(tmp_path)
    folder = fake_build(tmp_path / "build", root)
    (root / "referee" / "game.py").unlink()
    assert "hearts_referee.referee.game was removed" in compiled.choose("auto", folder, root).reason


def test_a_build_for_another_python_is_not_used(tmp_path):
    root = core_copy(tmp_path)
    folder = fake_build(tmp_path / "build", root)
    manifest = json.loads((folder / compiled.MANIFEST).read_text())
    manifest["ext_suffix"] = ".cpython-39-x86_64-linux-gnu.so"
    (folder / compiled.MANIFEST).write_text(json.dumps(manifest))
    build = compiled.choose("auto", folder, root)
    assert build.name == "pure"
    assert "another Python" in build.reason


def test_no_build_folder_means_the_pure_build(tmp_path):
    build = compiled.choose("auto", tmp_path / "nothing-here")
    assert build.name == "pure"
    assert "no compiled build" in build.reason


def test_pure_asked_for_is_pure_even_beside_a_fresh_build(tmp_path):
    root = core_copy(tmp_path)
    assert compiled.choose("pure", fake_build(tmp_path / "build", root), root).name == "pure"


def test_compiled_asked_for_but_stale_refuses_with_the_reason(tmp_path):
    root = core_copy(tmp_path)
    folder = fake_build(tmp_path / "build", root)
    (root / "referee" / "cards.py").write_text("# rewritten\n")
    with pytest.raises(compiled.CompiledBuildError, match=r"referee\.cards changed since the build"):
        compiled.choose("compiled", folder, root)


def test_an_unknown_choice_is_refused_naming_the_choices(tmp_path):
    with pytest.raises(compiled.CompiledBuildError, match="auto, pure, compiled"):
        compiled.choose("fast", tmp_path)


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


PROBE = (
    "import hearts_referee.referee.table as t, hearts_referee.compiled as c;"
    "print(c.BUILD.name, t.__file__.endswith('.py'))"
)


def test_a_stale_build_is_never_loaded_not_even_one_module(tmp_path):
    """The stale build's extension files are garbage: loading any of them would fail the import."""
    folder = tmp_path / "build"
    files = dict.fromkeys(compiled.compiled_names(compiled.core_sources()), "garbage.so")
    fake_build(folder, PACKAGE, files=files)
    (folder / "garbage.so").write_bytes(b"not an extension")
    manifest = json.loads((folder / compiled.MANIFEST).read_text())
    manifest["sources"]["hearts_referee.referee.table"] = "0" * 64  # built from another table.py
    (folder / compiled.MANIFEST).write_text(json.dumps(manifest))
    done = run_python(PROBE, {compiled.DIR_ENV: str(folder), compiled.CHOICE_ENV: "auto"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", "True"]


def test_compiled_asked_for_without_a_build_stops_the_import_saying_why(tmp_path):
    done = run_python(PROBE, {compiled.DIR_ENV: str(tmp_path / "none"), compiled.CHOICE_ENV: "compiled"})
    assert done.returncode != 0
    assert "CompiledBuildError" in done.stderr
    assert "no compiled build in" in done.stderr


def test_the_run_has_the_build_it_asked_for_and_loads_the_core_from_it():
    """``make test`` runs with HEARTS_REFEREE_CORE=pure, then =compiled: each run checks its own."""
    asked = os.environ.get(compiled.CHOICE_ENV, "auto")
    build = compiled.BUILD
    if asked in ("pure", "compiled"):
        assert build.name == asked
    cards = sys.modules["hearts_referee.referee.cards"]
    assert cards.__file__ is not None
    if build.compiled:
        assert build.directory is not None
        assert Path(cards.__file__).is_relative_to(build.directory)
        assert not cards.__file__.endswith(".py")
    else:
        assert Path(cards.__file__) == PACKAGE / "referee" / "cards.py"


def test_nothing_compiled_lies_beside_the_sources():
    """mypyc's default (an in-place build) leaves .so files that shadow the .py ones: never here."""
    package = Path(hearts_referee.__file__).parent
    assert sorted(p.name for p in package.rglob("*.so")) == []
    assert not (ROOT / "build").exists()


def test_version_says_which_build_of_the_core_runs():
    from click.testing import CliRunner

    from hearts_referee.cli import main

    shown = CliRunner().invoke(main, ["--version"]).output
    assert shown.startswith("hearts-referee ")
    assert f"rules core {compiled.BUILD.describe()}" in shown


# -- what `pip install .` builds (setup.py asks hearts_referee.compiled) ----------------------


def test_a_wheel_carries_the_compiled_core_where_a_compiler_and_mypyc_are(monkeypatch):
    monkeypatch.setenv(compiled.CHOICE_ENV, "auto")
    monkeypatch.setattr(compiled, "has_compiler", lambda: True)
    assert compiled.wheel_plan() is None  # mypy (so mypyc) is installed with the test tools


def test_a_wheel_built_without_a_c_compiler_is_the_pure_build(monkeypatch):
    monkeypatch.setenv(compiled.CHOICE_ENV, "auto")
    monkeypatch.setattr(compiled, "has_compiler", lambda: False)
    assert compiled.wheel_plan() == "no C compiler on PATH"


def test_a_wheel_built_with_pure_asked_for_is_the_pure_build(monkeypatch):
    monkeypatch.setenv(compiled.CHOICE_ENV, "pure")
    monkeypatch.setattr(compiled, "has_compiler", lambda: True)
    assert compiled.wheel_plan() == "HEARTS_REFEREE_CORE=pure"


def test_a_wheel_installs_the_build_where_compile_core_puts_it(tmp_path, monkeypatch):
    monkeypatch.delenv(compiled.DIR_ENV, raising=False)
    assert compiled.default_directory() == Path(sys.prefix) / compiled.in_prefix()
    build = tmp_path / "build"
    (build / "hearts_referee" / "referee").mkdir(parents=True)
    for name in ("manifest.json", "abc__mypyc.so", "hearts_referee/referee/cards.so"):
        (build / name).write_text("")
    assert compiled.wheel_data(build, "hearts-referee-compiled/tag") == [
        ("hearts-referee-compiled/tag", [str(build / "abc__mypyc.so"), str(build / "manifest.json")]),
        (
            "hearts-referee-compiled/tag/hearts_referee/referee",
            [str(build / "hearts_referee/referee/cards.so")],
        ),
    ]


def test_every_file_the_pages_and_the_docs_serve_ships_in_the_wheel():
    """The package data listed the stylesheets only: a wheel carried no script of the pages
    (the card-by-card entry, the new-game form, the trick-by-trick replay, the scoresheet's
    totals), so an installed service answered 404 for each and the pages ran without them."""
    import tomllib
    from fnmatch import fnmatch

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    left_out = []
    for package in ("hearts_referee.api", "hearts_referee.web"):
        folder = ROOT / package.replace(".", "/")
        for served in ("static", "templates"):
            for path in sorted((folder / served).rglob("*")):
                name = path.relative_to(folder).as_posix()
                if path.is_file() and not any(fnmatch(name, glob) for glob in declared[package]):
                    left_out.append(f"{package}: {name}")
    assert left_out == []
