"""Which build of the rules core runs: compiled with mypyc, or pure Python.

The rules core (``hearts_referee.referee`` and ``hearts_referee.rulings``), with the
codecs' plain writers (``hearts_referee.schemas.plain``), compiles with mypyc into a
folder *outside* the sources: by default
``<sys.prefix>/hearts-referee-compiled/<cache tag>`` (inside the virtual environment,
so ``make`` keeps it in ``.venv``), or wherever ``HEARTS_REFEREE_COMPILED_DIR`` says.
Nothing is ever written beside a ``.py`` file, so a compiled module can never shadow
its source unseen: it is loaded only through the finder below, and only when the
build's manifest names every source of the core with the hash it was compiled from.
A source changed, added or removed since the build means the pure build runs, and
:data:`BUILD` says why (``/readyz``, ``hearts-referee --version``, the bench header).

``HEARTS_REFEREE_CORE`` chooses: ``auto`` (the default: compiled when a fresh build is
there), ``pure`` (never compiled), ``compiled`` (compiled or refuse to start, saying
why: the test run of the compiled build uses it, so it can never test the pure one by
mistake).

    hearts-referee compile-core     # compile into the default folder (1-5 minutes)
    hearts-referee --version        # which build runs, and why
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.abc import MetaPathFinder
from pathlib import Path
from types import ModuleType

PACKAGE_ROOT = Path(__file__).resolve().parent
"""The ``hearts_referee`` folder whose sources are (or are not) the compiled build's."""

CORE = ("referee", "rulings", "schemas/plain")
"""The subpackages mypyc compiles: the rules core, and the codecs' plain writers (never a
module of marshmallow schemas: marshmallow does not compile)."""

CHOICE_ENV = "HEARTS_REFEREE_CORE"
DIR_ENV = "HEARTS_REFEREE_COMPILED_DIR"
CHOICES = ("auto", "pure", "compiled")
MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1


class CompiledBuildError(RuntimeError):
    """``HEARTS_REFEREE_CORE=compiled`` asked for a compiled build that cannot be used."""


@dataclass(frozen=True)
class Build:
    """The build that runs: ``compiled`` or ``pure``, and the one-line reason why."""

    name: str
    reason: str
    directory: str | None = None

    @property
    def compiled(self) -> bool:
        return self.name == "compiled"

    def describe(self) -> str:
        """What ``--version`` and the bench header print: ``compiled (mypyc ...)`` or ``pure (...)``."""
        return f"{self.name} ({self.reason})"


def default_directory() -> Path:
    """Where the compiled build lives unless ``HEARTS_REFEREE_COMPILED_DIR`` says otherwise."""
    chosen = os.environ.get(DIR_ENV)
    if chosen:
        return Path(chosen)
    return Path(sys.prefix) / in_prefix()


def in_prefix() -> str:
    """The build folder's path inside the Python environment: where ``compile-core`` puts
    it by default, and where a wheel that carries the build installs it (``setup.py``)."""
    return f"hearts-referee-compiled/{sys.implementation.cache_tag or 'python'}"


def core_sources(root: Path = PACKAGE_ROOT) -> dict[str, Path]:
    """Every Python source of the core, by module name, ``__init__`` files included."""
    found: dict[str, Path] = {}
    for package in CORE:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root.parent).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_names(sources: dict[str, Path]) -> list[str]:
    """The modules mypyc compiles: all but the packages' ``__init__`` (which stay Python and
    keep each package's folder its source folder)."""
    return [name for name, path in sources.items() if path.name != "__init__.py"]


def stale_reason(manifest: dict[str, object], root: Path = PACKAGE_ROOT) -> str | None:
    """Why a build with ``manifest`` does not match the sources under ``root``, or ``None``."""
    if manifest.get("format") != MANIFEST_FORMAT:
        return "its manifest is of another format"
    if manifest.get("ext_suffix") != sysconfig.get_config_var("EXT_SUFFIX"):
        return f"it was built for another Python ({manifest.get('ext_suffix')})"
    built = manifest.get("sources")
    if not isinstance(built, dict):
        return "its manifest lists no sources"
    now = core_sources(root)
    for name in sorted(set(built) | set(now)):
        if name not in now:
            return f"{name} was removed since the build"
        if name not in built:
            return f"{name} was added since the build"
        if built[name] != digest(now[name]):
            return f"{name} changed since the build"
    return None


def manifest_of(sources: dict[str, Path], files: dict[str, str], mypy: str) -> dict[str, object]:
    """What a build folder's ``manifest.json`` holds: each compiled module's extension file
    (relative to the folder) and the hash of every source of the core it was built from."""
    return {
        "format": MANIFEST_FORMAT,
        "mypy": mypy,
        "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "files": files,
        "sources": {name: digest(path) for name, path in sources.items()},
    }


def read_manifest(directory: Path) -> dict[str, object] | None:
    try:
        manifest = json.loads((directory / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def choose(choice: str, directory: Path, root: Path = PACKAGE_ROOT) -> Build:
    """The build ``choice`` gets with the build folder ``directory`` as it stands."""
    if choice not in CHOICES:
        raise CompiledBuildError(f"{CHOICE_ENV}={choice!r}: choose one of {', '.join(CHOICES)}")
    if choice == "pure":
        return Build("pure", f"{CHOICE_ENV}=pure")
    manifest = read_manifest(directory)
    if manifest is None:
        build = Build("pure", f"no compiled build in {directory}")
    else:
        stale = stale_reason(manifest, root)
        if stale is None:
            build = Build("compiled", f"mypyc {manifest.get('mypy', '?')}, {directory}", str(directory))
        else:
            build = Build("pure", f"the compiled build in {directory} is stale: {stale}")
    if choice == "compiled" and not build.compiled:
        raise CompiledBuildError(f"{CHOICE_ENV}=compiled, but {build.reason}")
    return build


BUILD = Build("pure", "the build was not chosen yet")
"""The build that runs in this process, set once by :func:`install`."""


class CompiledFinder(MetaPathFinder):
    """Finds the compiled core's modules in the build folder, and only those."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install(choice: str | None = None, directory: Path | None = None) -> Build:
    """Choose the build and, for the compiled one, put its finder first. Called once, by
    ``hearts_referee/__init__.py``, before any module of the core is imported."""
    chosen = choice if choice is not None else os.environ.get(CHOICE_ENV, "auto") or "auto"
    folder = directory if directory is not None else default_directory()
    global BUILD
    build = choose(chosen, folder)
    BUILD = build
    if build.compiled:
        manifest = read_manifest(folder) or {}
        files = manifest.get("files")
        if isinstance(files, dict):
            finder = CompiledFinder({str(name): folder / str(file) for name, file in files.items()})
            sys.meta_path.insert(0, finder)
    return build


# --- building -----------------------------------------------------------------------------


def has_compiler() -> bool:
    """Whether a C compiler is on PATH (what mypyc's extensions are built with)."""
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None or shutil.which("cc") is not None


def wheel_plan() -> str | None:
    """Why a wheel built here carries no compiled core, or ``None`` when it does: what
    ``pip install .`` decides (``setup.py``). ``HEARTS_REFEREE_CORE=pure`` at install
    time, no C compiler, or no mypyc in the build's environment each keep it pure."""
    if os.environ.get(CHOICE_ENV) == "pure":
        return f"{CHOICE_ENV}=pure"
    if not has_compiler():
        return "no C compiler on PATH"
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed where the wheel is built"
    return None


def wheel_data(directory: Path, base: str) -> list[tuple[str, list[str]]]:
    """The build folder ``directory`` as setuptools ``data_files``: each file under
    ``base`` (a path relative to the installing environment's prefix), folder by folder."""
    folders: dict[str, list[str]] = {}
    for file in sorted(path for path in directory.rglob("*") if path.is_file()):
        target = Path(base) / file.relative_to(directory).parent
        folders.setdefault(target.as_posix(), []).append(str(file))
    return sorted(folders.items())


SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(
    name="hearts-referee-core",
    ext_modules=mypycify(sys.argv[1:], opt_level="3"),
    script_args=["build_ext", "--build-lib", "out", "--build-temp", "tmp"],
)
"""


MYPY_CONFIG = """
[mypy]
python_version = 3.11
strict = True
explicit_package_bases = True
ignore_missing_imports = True

[mypy-hearts_referee.*]
ignore_errors = True

[mypy-hearts_referee.referee.*]
ignore_errors = False

[mypy-hearts_referee.rulings.*]
ignore_errors = False

[mypy-hearts_referee.schemas.plain.*]
ignore_errors = False
"""
"""The project's mypy settings (pyproject's ``[tool.mypy]``, whose ``files`` a copy lacks),
strict on the core it compiles. The rest of the package is only read for the core's
imports of it, and a wheel's build environment has mypy and setuptools but not Flask or
marshmallow: the lint test (``tests/test_architecture.py``) type-checks all of it."""


def build(directory: Path, root: Path = PACKAGE_ROOT) -> Path:
    """Compile the core of the sources under ``root`` into ``directory``, from a copy: the
    sources' folder gets nothing (no ``.so``, no ``build/``). Returns the manifest's path."""
    import mypy.version  # the build dependency, declared in pyproject's `compile` extra

    with tempfile.TemporaryDirectory(prefix="hearts-referee-compile-") as scratch:
        work = Path(scratch)
        copy = work / "hearts_referee"
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        sources = core_sources(copy)
        names = compiled_names(sources)
        files = [str(sources[name].relative_to(work)) for name in names]
        (work / "setup.py").write_text(SETUP)
        (work / "mypy.ini").write_text(MYPY_CONFIG)
        env = {**os.environ, CHOICE_ENV: "pure", "PYTHONDONTWRITEBYTECODE": "1"}
        subprocess.run([sys.executable, "setup.py", *files], cwd=work, env=env, check=True)
        out = work / "out"
        staging = directory.with_name(directory.name + ".new")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        table: dict[str, str] = {}
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for so in sorted(out.rglob("*" + suffix)):
            relative = so.relative_to(out)
            (staging / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(so, staging / relative)
            parts = relative.parts
            table[".".join((*parts[:-1], parts[-1][: -len(suffix)]))] = str(relative)
        missing = sorted(set(names) - set(table))
        if missing:
            raise CompiledBuildError(f"mypyc built no extension for {', '.join(missing)}")
        manifest = manifest_of(sources, table, mypy.version.__version__)
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True))
        shutil.rmtree(directory, ignore_errors=True)
        staging.rename(directory)
    return directory / MANIFEST
