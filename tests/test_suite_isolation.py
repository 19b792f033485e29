"""The suite leaves the checkout alone (``conftest.py``): the guard itself, checked.

An app built without a ``DATABASE`` gets the run's temporary archive, never
``instance/archive.sqlite``; the comparison that fails the run names what was
written, changed or removed, but lets a service running from the checkout write the
archive it had there before the run.
"""

from __future__ import annotations

import os
from pathlib import Path

from conftest import ROOT, changed, checkout_state, served

from hearts_referee import archive
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


def test_make_test_stays_green_while_make_serve_writes_its_archive_beside_it(tmp_path):
    """The failure: with `make serve` running, every hand it stored changed
    ``instance/archive.sqlite`` (and SQLite made and removed its ``-wal`` and ``-shm``), and
    1,901 passing tests ended in ``Error 1``. Here a real archive, opened before the run as
    the service opens it, takes a write during it, and is still open at the end."""
    served_archive = tmp_path / "instance" / "archive.sqlite"
    db = archive.open_archive(served_archive)
    (tmp_path / "instance" / "secret_key").write_bytes(b"the service's key")
    db.close()  # the WAL folded in and removed: the state a service leaves between requests
    before = checkout_state(tmp_path)
    db = archive.open_archive(served_archive)
    db.execute("CREATE TABLE written_while_the_suite_ran (n INTEGER)")
    db.conn.commit()
    while_serving = checkout_state(tmp_path)  # the write is in the WAL
    db.close()
    after = checkout_state(tmp_path)  # folded into the archive, the WAL gone
    assert {"instance/archive.sqlite-wal", "instance/archive.sqlite-shm"} <= while_serving.keys()
    assert after["instance/archive.sqlite"] != before["instance/archive.sqlite"]
    assert changed(before, while_serving) == [] and changed(before, after) == []
    assert served(before, while_serving) == [
        "new: instance/archive.sqlite-shm",
        "new: instance/archive.sqlite-wal",
    ]
    assert served(before, after) == ["changed: instance/archive.sqlite"]


def test_the_guard_still_fails_what_a_test_writes_in_the_instance_folder(tmp_path):
    """Only the service's own files may change there: what a test would write is new, or a
    removal, or beside a database that was not there before."""
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "archive.sqlite").write_bytes(b"served")
    (instance / "old.sqlite").write_bytes(b"kept")
    before = checkout_state(tmp_path)
    (instance / "archive.sqlite").write_bytes(b"served, and written since")  # the service: passes
    (instance / "secret_key").write_bytes(b"a test's key")
    (instance / "other.sqlite").write_bytes(b"a test's archive")
    (instance / "other.sqlite-wal").write_bytes(b"its log")
    (instance / "old.sqlite").unlink()
    (instance / "keys").mkdir()
    (tmp_path / "stray.txt").write_text("a test's file")
    assert changed(checkout_state(tmp_path), checkout_state(tmp_path)) == []
    assert changed(before, checkout_state(tmp_path)) == [
        "new: instance/keys/",
        "new: instance/other.sqlite",
        "new: instance/other.sqlite-wal",
        "new: instance/secret_key",
        "new: stray.txt",
        "removed: instance/old.sqlite",
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
