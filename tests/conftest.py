"""Fixtures: the app (one for the run, each test with its own archive file and the
settings it was built with), its client, API keys, and a stand-in for the engine; the
suite's marks; the guard that keeps the checkout as it was.

HTTP-layer tests swap the API's ``validate_hand`` for a recorder so they test the
layer, not the rules; end-to-end tests leave the real engine in place.

The fast subset (``make quick``, ``pytest -m "not slow"``) leaves out the files
:data:`MARKS` names (browser, live server, schemathesis, wheel, linters, whole
events) without importing them, and runs each hypothesis test with a tenth of its
examples (``support.examples``); ``make test`` runs everything in full.

The suite leaves the checkout as it found it. For the whole run ``FLASK_DATABASE``
and ``FLASK_SECRET_KEY`` point into a scratch folder (in memory where the machine has
room: ``/dev/shm``; removed at the end), so an app built without a
``DATABASE`` (or a command run without an app of its own) never opens
``instance/archive.sqlite`` nor writes ``instance/secret_key``; hypothesis keeps no
example database (a failure prints its ``@reproduce_failure`` blob instead); what may
be reused between runs goes to ``caches.CACHES``, outside the checkout (hypothesis's
storage, not ``.hypothesis/``; mypy's; bytecode where ``PYTHONDONTWRITEBYTECODE`` is
set). At the end, every file and folder under the checkout (but ``.git``, ``.venv``,
``__pycache__`` and pytest's own ``.pytest_cache``) is compared with what was there at
the start: anything written, changed or removed fails the run, naming the paths. But for
one thing: a service running from the checkout (``make serve``, while ``make test`` runs)
writes its archive in ``instance/``, so files that were there at the start may change, and
SQLite's ``-wal``/``-shm``/``-journal`` beside them come and go; the summary lists them
apart. A new file there, or one removed, still fails the run.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from caches import CACHES

if sys.dont_write_bytecode and sys.pycache_prefix is None:
    # PYTHONDONTWRITEBYTECODE (set on some machines) keeps bytecode from beside the sources:
    # keep it in the suite's caches instead, for this process (the modules it has yet to
    # import) and every process it starts (pytest_configure), never in the checkout.
    sys.pycache_prefix = str(CACHES / "pycache")
    sys.dont_write_bytecode = False

import pytest
import support
from _pytest.mark.expression import Expression  # pytest's own -m parser
from flask import Flask
from hypothesis import settings
from support import assert_problem, role_keys

from hearts_referee import archive, compiled
from hearts_referee.app import create_app

ROOT = Path(__file__).resolve().parent.parent
UNWATCHED = frozenset({".git", ".venv", "__pycache__", ".pytest_cache"})
"""What the guard does not compare: git's own, the environment, Python's bytecode, pytest's cache."""

settings.register_profile("suite", database=None, print_blob=True)
settings.load_profile("suite")


State = dict[str, tuple[int, int] | None]
"""A checkout as :func:`checkout_state` sees it."""


def checkout_state(root: Path = ROOT) -> State:
    """Every file (modification time, size) and folder (``None``) under ``root``."""
    state: State = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in UNWATCHED]
        here = Path(folder).relative_to(root)
        for name in dirs:
            state[str(here / name) + "/"] = None
        for name in files:
            if name in UNWATCHED:
                continue
            try:
                stat = os.lstat(os.path.join(folder, name))
            except FileNotFoundError:  # removed while we looked
                continue
            state[str(here / name)] = (stat.st_mtime_ns, stat.st_size)
    return state


def changed(before: State, after: State) -> list[str]:
    """The paths written, changed or removed between two states, each with what happened,
    but for what a running service writes to the files it had before (:func:`served`)."""
    return [line for line in _differences(before, after) if not _the_services(line, before)]


def served(before: State, after: State) -> list[str]:
    """What :func:`changed` lets pass: the writes of a service running from the checkout
    (``make serve`` beside ``make test``) to its own files in the instance folder."""
    return [line for line in _differences(before, after) if _the_services(line, before)]


SERVED = "instance/"
"""Flask's instance folder in a checkout, where ``make serve`` keeps its archive and key."""

SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite makes and removes beside a database as it writes it."""


def _differences(before: State, after: State) -> list[str]:
    out = [f"new: {path}" for path in sorted(after.keys() - before.keys())]
    out += [
        f"changed: {path}" for path in sorted(before.keys() & after.keys()) if before[path] != after[path]
    ]
    out += [f"removed: {path}" for path in sorted(before.keys() - after.keys())]
    return out


def _the_services(line: str, before: State) -> bool:
    """Whether a difference is a running service's own: a file in the instance folder that
    was there at the start, changed (its archive written), or SQLite's companion of one
    come or gone. Anything new there (a second archive, a first ``secret_key``), a file
    the service had removed, a folder, and everything outside it still count: only a
    service started before the run had files there to write."""
    what, path = line.split(": ", 1)
    if not path.startswith(SERVED) or path.endswith("/"):
        return False
    if what == "changed":
        return True
    owner = next((path[: -len(end)] for end in SQLITE_COMPANIONS if path.endswith(end)), None)
    return owner is not None and before.get(owner) is not None


# --- the fast subset ---------------------------------------------------------------------

MARKS: dict[str, tuple[str, ...]] = {
    "test_pages_browser.py": ("browser",),
    "test_pages_entry_browser.py": ("browser",),
    "test_pages_events_browser.py": ("browser",),
    "test_pages_games_browser.py": ("browser",),
    "test_pages_rulings_browser.py": ("browser",),
    "test_pages_replay_browser.py": ("browser",),
    "test_pages_phone_browser.py": ("browser",),
    "test_pages_sheet_browser.py": ("browser",),
    "test_server_durability.py": ("server",),
    "test_server_operations.py": ("server",),
    "test_server_refusals.py": ("server",),
    "test_server_slow_clients.py": ("server",),
    "test_server_storage_faults.py": ("server",),  # a real full and read-only tmpfs, root only
    "test_server_schemathesis.py": ("server", "schemathesis"),
    "test_docs_events.py": ("server",),  # docs/events.md's blocks against a live server
    "test_docs_games.py": ("server",),  # docs/games.md's blocks against a live server's busy archive
    "test_docs_auditing.py": ("server",),  # docs/auditing.md's blocks in bash, a Dask scheduler too
    "test_api_schemathesis.py": ("schemathesis",),
    "test_wheel.py": ("wheel",),
    "test_architecture.py": ("lint",),
    "test_events_api.py": (),  # two whole events played through the API, game by game: ~15 s
    "test_score_only_events.py": (),  # three events played on scoresheets through the API: ~18 s
}
"""The suite's marks on whole test files (pyproject.toml registers them); each also gets ``slow``."""

SUITE_MARKS = frozenset({"slow", "browser", "server", "schemathesis", "wheel", "lint"})


def marks_of(path: Path) -> tuple[str, ...]:
    """The suite's marks for the test file ``path`` (none for a file of the fast subset)."""
    if path.parent != ROOT / "tests" or path.name not in MARKS:
        return ()
    return ("slow", *MARKS[path.name])


@pytest.hookimpl(tryfirst=True)  # before -m deselects by them
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for name in marks_of(item.path):
            item.add_marker(name)


# --- which build of the rules core is under test ---------------------------------------------


def pytest_report_header(config: pytest.Config) -> str:
    return f"rules core: {compiled.BUILD.describe()}"


def _assert_the_build_asked_for() -> None:
    """``HEARTS_REFEREE_CORE=pure`` or ``=compiled`` (``make test`` sets it for each run): the
    build loaded is that one, so a run can never test the other build by mistake."""
    asked = os.environ.get(compiled.CHOICE_ENV, "auto")
    if asked in ("pure", "compiled") and compiled.BUILD.name != asked:
        raise pytest.UsageError(f"{compiled.CHOICE_ENV}={asked}, but {compiled.BUILD.describe()}")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A file ``-m`` leaves out entirely is not even imported: schemathesis builds its cases
    at collection (some 15 s), and ``-m "not slow"`` should not pay for what it does not run."""
    marks = marks_of(collection_path)
    if not marks or not config.option.markexpr:
        return None
    return True if not _selects(config.option.markexpr, marks) else None


def _selects(markexpr: str, marks: tuple[str, ...]) -> bool:
    """Whether ``-m markexpr`` may select a test with the suite's ``marks``: a mark not the
    suite's (``parametrize``...) is taken to be on every such test, then on none."""
    expression = Expression.compile(markexpr)

    def selects(others: bool) -> bool:
        return expression.evaluate(lambda name, **_: name in marks or (name not in SUITE_MARKS and others))

    return selects(True) or selects(False)


# --- the checkout is left alone ---------------------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    # Before collection: some test modules build their app at import.
    _assert_the_build_asked_for()
    scratch = tempfile.mkdtemp(prefix="hearts-referee-suite-", dir=_in_memory())
    config.stash[_SCRATCH] = scratch
    support.SCRATCH = Path(scratch)
    config.stash[_SAVED] = {name: os.environ.get(name) for name in _SESSION_ENV}
    os.environ["FLASK_DATABASE"] = os.path.join(scratch, "archive.sqlite")
    os.environ["FLASK_SECRET_KEY"] = "the-test-suite's-own-key"
    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = str(CACHES / "hypothesis")  # not .hypothesis/
    if sys.pycache_prefix is not None and "PYTHONPYCACHEPREFIX" not in os.environ:
        os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix  # the processes tests start
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    config.stash[_BEFORE] = checkout_state()
    support.FAST_SUBSET = bool(config.option.markexpr) and not _selects(config.option.markexpr, ("slow",))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    if _BEFORE not in config.stash:
        return
    before, after = config.stash[_BEFORE], checkout_state()
    written = changed(before, after)
    config.stash[_WRITTEN] = written
    config.stash[_SERVED] = served(before, after)
    if written:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    let_pass = config.stash.get(_SERVED, [])
    if let_pass:
        terminalreporter.section("a running service wrote its own files in the checkout", sep="-")
        for line in let_pass:
            terminalreporter.line(line)
        terminalreporter.line("Not the tests' doing (`make serve` writes its archive there): not counted.")
    written = config.stash.get(_WRITTEN, [])
    if written:
        terminalreporter.section("the suite wrote into the checkout", sep="=", red=True, bold=True)
        for line in written:
            terminalreporter.line(line, red=True)
        terminalreporter.line(
            "Tests must write under a temporary folder (tmp_path), never under " + str(ROOT)
        )


def pytest_unconfigure(config: pytest.Config) -> None:
    for name, value in config.stash.get(_SAVED, {}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    if _SCRATCH in config.stash:
        shutil.rmtree(config.stash[_SCRATCH], ignore_errors=True)


def _in_memory() -> str | None:
    """A folder in memory for the run's archives, when the machine has room there: SQLite
    syncs every commit to disk (2 ms and more on a virtual disk), and a test's archive
    need not outlive the run. ``None``: the system's temporary folder."""
    shm = "/dev/shm"
    try:
        roomy = shutil.disk_usage(shm).free >= 256 * 2**20
    except OSError:
        return None
    return shm if roomy and os.access(shm, os.W_OK | os.X_OK) else None


_SESSION_ENV = (
    "FLASK_DATABASE",
    "FLASK_SECRET_KEY",
    "HYPOTHESIS_STORAGE_DIRECTORY",
    "PYTHONPYCACHEPREFIX",
    "PYTHONDONTWRITEBYTECODE",
)
_SCRATCH = pytest.StashKey[str]()
_SAVED = pytest.StashKey[dict[str, str | None]]()
_BEFORE = pytest.StashKey[dict[str, tuple[int, int] | None]]()
_WRITTEN = pytest.StashKey[list[str]]()
_SERVED = pytest.StashKey[list[str]]()


@pytest.fixture(scope="session")
def _one_app(tmp_path_factory) -> tuple[Flask, dict[str, Any]]:
    """The app every test taking ``app`` shares, and its settings as built: building an app
    compiles every URL rule (~30 ms), some 500 times a run otherwise."""
    unused = tmp_path_factory.mktemp("one-app") / "unused.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(unused)})
    return app, dict(app.config)


@pytest.fixture
def app(_one_app, tmp_path) -> Iterator[Flask]:
    """An app whose archive is ``archive.sqlite`` in a folder of the test's own (in the run's
    scratch folder, in memory where there is one; not there until something opens it, gone
    after the test), with the settings it was built with: whatever a test set on it before
    is undone."""
    shared, settings_as_built = _one_app
    folder = support.scratch(tmp_path.name)
    shared.config.clear()
    shared.config.update(settings_as_built, DATABASE=str(folder / "archive.sqlite"))
    yield shared
    shutil.rmtree(folder, ignore_errors=True)  # some 300 KB each, 500 a run, in memory


BROWSER_MISSING = (
    "Chromium is missing: install it with `apt-get update && apt-get install -y chromium` "
    "(it must be at /usr/bin/chromium; `make test` does this when run as root). "
    "Do not run `playwright install`."
)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless, driven by Playwright: launched once for every browser test
    file (each test opens its own context)."""
    from tools.screenshots import CHROMIUM, CHROMIUM_ARGS

    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(BROWSER_MISSING, pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            "The playwright package is missing: `pip install -e '.[test]'` (or `make test`).", pytrace=False
        )
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def client(app):
    return app.test_client()


class FakeAudit:
    """Records what the view passed in; answers ``result`` or raises ``error``."""

    def __init__(self) -> None:
        self.calls: list[Any] = []
        self.result: dict[str, Any] = {"ok": True}
        self.error: BaseException | None = None

    def __call__(self, data: Any) -> dict[str, Any]:
        self.calls.append(data)
        if self.error is not None:
            raise self.error
        return self.result


@pytest.fixture
def fake_audit(monkeypatch) -> FakeAudit:
    """The validate view's audit, faked: the view hands it the body's text, the app's depth
    limit and the request's language; the fake reads the text as strictly as the real one (its errors are the
    real ones) and records the parsed record."""
    from hearts_referee.schemas.strictjson import loads_strict

    fake = FakeAudit()

    def from_text(text: bytes, max_depth: int, language: str = "en") -> dict[str, Any]:
        return fake(loads_strict(text, max_depth))

    monkeypatch.setattr("hearts_referee.api.hands.validate_hand_text", from_text)
    return fake


@pytest.fixture
def problem() -> Callable[..., dict[str, Any]]:
    """``problem(response, status)`` asserts the one error shape and returns the body."""
    return assert_problem


@pytest.fixture
def keys(app) -> dict[str, str]:
    """One live API key per role, by role, in the app's archive."""
    return role_keys(app.config["DATABASE"])


@pytest.fixture
def as_role(keys) -> Callable[[str], dict[str, str]]:
    """``as_role("director")``: the headers of a request made with that role's key."""
    return lambda role: {"Authorization": f"Bearer {keys[role]}"}


@pytest.fixture
def scorer(as_role) -> dict[str, str]:
    """The headers of a scorer's request."""
    return as_role("scorer")


@pytest.fixture
def director(as_role) -> dict[str, str]:
    """The headers of a director's request."""
    return as_role("director")


@pytest.fixture
def db(app):
    """A connection to the app's archive, for looking behind the API."""
    connection = archive.open_archive(app.config["DATABASE"])
    yield connection
    connection.close()
