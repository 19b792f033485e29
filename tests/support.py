"""Helpers shared by the API tests (fixtures live in conftest.py)."""

from __future__ import annotations

import copy
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from hearts_referee import archive, stored

ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = ROOT / "openapi.yaml"
SPEC: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
PROBLEM_JSON = "application/problem+json"


def example_record() -> dict[str, Any]:
    """The clean hand published as the request example in openapi.yaml (a fresh copy)."""
    body = SPEC["paths"]["/v1/hands/validate"]["post"]["requestBody"]
    return copy.deepcopy(body["content"]["application/json"]["examples"]["clean"]["value"])


def validator(component: str) -> Draft202012Validator:
    """A JSON Schema validator for one of the spec's component schemas."""
    schema = {"$ref": f"#/components/schemas/{component}", "components": SPEC["components"]}
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def assert_problem(response, status: int) -> dict[str, Any]:
    """The response is the one error shape, with this status."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM_JSON
    body = response.get_json(force=True)
    validator("Problem").validate(body)
    assert body["status"] == status
    return body


def role_keys(database: str | Path) -> dict[str, str]:
    """One live API key per role, by role, made in the archive file ``database``."""
    db = archive.open_archive(database)
    try:
        return {role: archive.create_key(db, f"test {role}", role)[1] for role in stored.ROLES}
    finally:
        db.close()


def copy_archive(source: str | Path, target: str | Path) -> None:
    """A copy of the archive file ``source`` at ``target`` (SQLite's backup: whole, WAL or not)."""
    with closing(sqlite3.connect(source)) as original, closing(sqlite3.connect(target)) as copied:
        original.backup(copied)


SCRATCH: Path | None = None
"""The run's scratch folder (in memory where the machine has room; removed at the end):
conftest.py makes it before any test module is imported."""


def scratch(prefix: str) -> Path:
    """A new folder in the run's scratch folder, for archives: SQLite syncs every commit to
    disk (2 ms and more on a virtual disk), and a test's archive need not outlive the run."""
    assert SCRATCH is not None, "conftest.py makes the scratch folder"
    return Path(tempfile.mkdtemp(prefix=prefix, dir=SCRATCH))


@contextmanager
def demo_site(name: str, **seeding: Any) -> Iterator[tuple[str, Any]]:
    """The README's demo archive (``tools.demo.seed``), served on a free port for a browser
    test: its base address and the seeded demo, while the block lasts."""
    from hearts_referee.app import create_app
    from tools.demo import seed, serve

    database = str(scratch(f"{name}-") / "archive.sqlite")
    demo = seed(database, **seeding)
    with serve(create_app({"DATABASE": database, "SECRET_KEY": f"{name}-tests"})) as base:
        yield base, demo


FAST_SUBSET = False
"""Whether this run leaves out the ``slow`` tests (``make quick``): conftest.py sets it before
any test module is imported."""


def examples(count: int) -> int:
    """A hypothesis test's ``max_examples``: ``count`` in the whole suite, a tenth of it (at
    least 10) in the fast subset, which is for a quick answer while working."""
    return max(10, count // 10) if FAST_SUBSET else count
