"""The suite leaves the checkout alone (``conftest.py``): the guard itself, checked.

An app built without a ``DATABASE`` gets the run's temporary archive, never
``instance/archive.sqlite``; the comparison that fails the run names what was
written, changed or removed.
"""

from __future__ import annotations

import os
from pathlib import Path

from conftest import ROOT, changed, checkout_state

from hearts_referee.app import create_app


def test_an_app_without_a_database_uses_the_runs_temporary_archive_and_key():
    config = create_app({"TESTING": True}).config
    database = Path(config["DATABASE"]).resolve()
    assert database == Path(os.environ["FLASK_DATABASE"]).resolve()
    assert ROOT not in database.parents
    assert config["SECRET_KEY"] == os.environ["FLASK_SECRET_KEY"]  # no instance/secret_key written


def test_the_guard_names_what_was_written_changed_and_removed(tmp_path):
    (tmp_path / "kept.txt").write_text("same")
    (tmp_path / "edited.txt").write_text("before")
    (tmp_path / "gone.txt").write_text("here")
    (tmp_path / "__pycache__").mkdir()
    before = checkout_state(tmp_path)
    (tmp_path / "edited.txt").write_text("after, and longer")
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "archive.sqlite").write_bytes(b"keys")
    (tmp_path / "__pycache__" / "x.pyc").write_bytes(b"bytecode")  # not watched
    assert changed(before, checkout_state(tmp_path)) == [
        "new: instance/",
        "new: instance/archive.sqlite",
        "changed: edited.txt",
        "removed: gone.txt",
    ]


def test_the_guard_sees_nothing_when_nothing_was_written(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b.txt").write_text("b")
    assert changed(checkout_state(tmp_path), checkout_state(tmp_path)) == []


def test_every_file_the_suite_marks_is_there():
    """A renamed test file would silently fall into the fast subset: every file ``MARKS``
    names exists, and every file that starts a live server or a browser is marked."""
    from conftest import MARKS

    assert [name for name in MARKS if not (ROOT / "tests" / name).is_file()] == []
    here = Path(__file__).name
    starts_a_server = [
        path.name
        for path in (ROOT / "tests").glob("test_*.py")
        if path.name != here
        and any(word in path.read_text(encoding="utf-8") for word in ("live_server(", "playwright"))
    ]
    assert starts_a_server and [name for name in starts_a_server if name not in MARKS] == []
