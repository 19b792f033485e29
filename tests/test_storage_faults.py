"""Storage faults are named 503s, not 500s: a locked, read-only or missing archive, on either face.

Each answers ``503`` with ``Retry-After`` and a problem type of its own
(``archive_locked``, ``archive_read_only``, ``archive_missing``, ``disk_full``),
as problem+json on the API and as an error page under ``/director/``; reads
that SQLite can still make keep being answered, and the next request after the
fault clears is served as before. The faults here are SQLite's own: a write lock
really held by another connection, a file opened read-only by SQLite (what it
does on a read-only mount), a file really moved away. A real full disk and a
real read-only mount are in ``test_server_storage_faults.py``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from games import new_game
from test_pages import CSRF, sign_in
from test_pages_games import GAME_FORM

from hearts_referee import archive
from hearts_referee.archive import db as archive_db
from hearts_referee.usecases import Fault, fault_of


def assert_storage_fault(response, fault: Fault) -> dict:
    assert response.status_code == 503, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/problem+json"
    assert int(response.headers["Retry-After"]) > 0
    body = response.get_json()
    assert body["type"] == f"/docs#problem-{fault.value}"
    assert [e["code"] for e in body["errors"]] == [fault.value]
    return body


@pytest.fixture
def game(client, as_role):
    assert client.post("/v1/games", headers=as_role("director"), json=new_game()).status_code == 201
    return 1


def open_read_only(monkeypatch) -> None:
    """Every connection of the app opens the archive as SQLite does on a read-only mount."""
    real = archive_db.connect

    def read_only_connect(path, create=True):
        db = real(path, create)
        db.conn.close()
        db.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        return db

    monkeypatch.setattr(archive, "connect", read_only_connect)
    monkeypatch.setattr(archive_db, "connect", read_only_connect)  # the first connection too


@pytest.fixture
def read_only(monkeypatch) -> None:
    open_read_only(monkeypatch)


def test_a_write_to_a_read_only_archive_is_a_503_and_reads_go_on(client, as_role, game, read_only):
    director = as_role("director")
    assert_storage_fault(client.post("/v1/games", headers=director, json=new_game()), Fault.READ_ONLY)
    assert client.get("/v1/games/1", headers=director).status_code == 200


def test_a_read_only_archive_recovers_by_itself_when_it_is_writable_again(
    client, as_role, game, read_only, monkeypatch
):
    director = as_role("director")
    assert client.post("/v1/games", headers=director, json=new_game()).status_code == 503
    monkeypatch.undo()
    assert client.post("/v1/games", headers=director, json=new_game()).status_code == 201
    assert client.get("/v1/games/2", headers=director).status_code == 200


def test_signing_in_on_a_read_only_archive_is_a_503_page_saying_so(client, keys, read_only):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/sign-in", data={"csrf_token": CSRF, "key": keys["director"]})
    assert response.status_code == 503
    assert response.mimetype == "text/html"
    assert int(response.headers["Retry-After"]) > 0
    assert Fault.READ_ONLY.reason.replace("(", "") in response.get_data(as_text=True).replace("(", "")


def test_a_page_form_on_a_read_only_archive_is_a_503_page(client, keys, monkeypatch):
    sign_in(client, keys, "director")
    open_read_only(monkeypatch)
    response = client.post("/director/games/new", data=GAME_FORM)
    assert response.status_code == 503
    assert "Retry-After" in response.headers
    assert "cannot be written" in response.get_data(as_text=True)


def test_a_write_lock_held_past_the_wait_is_a_503_archive_locked(app, client, as_role, game, monkeypatch):
    director = as_role("director")
    monkeypatch.setattr(archive_db, "BUSY_TIMEOUT", 0.05)
    holder = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer, holding the lock
    try:
        assert_storage_fault(client.post("/v1/games", headers=director, json=new_game()), Fault.LOCKED)
        assert client.get("/v1/games/1", headers=director).status_code == 200  # WAL: readers never wait
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert client.post("/v1/games", headers=director, json=new_game()).status_code == 201


def test_a_missing_archive_is_a_503_and_never_replaced_by_an_empty_one(app, client, as_role, game):
    director = as_role("director")
    path = Path(app.config["DATABASE"])
    moved = path.with_name("moved.sqlite")
    path.rename(moved)
    try:
        assert_storage_fault(client.get("/v1/games/1", headers=director), Fault.MISSING)
        assert_storage_fault(client.post("/v1/games", headers=director, json=new_game()), Fault.MISSING)
        assert not path.exists()  # no new, empty archive in its place
    finally:
        moved.rename(path)
    assert client.get("/v1/games/1", headers=director).status_code == 200


def test_readyz_proves_a_write_so_a_read_only_archive_is_not_ready(client, game, monkeypatch):
    monkeypatch.setattr(archive, "prove_write", lambda path: _write_read_only(path))
    assert_storage_fault(client.get("/readyz"), Fault.READ_ONLY)


def _write_read_only(path) -> None:
    """The proof of a write on a file SQLite opened read-only, as on a read-only mount."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        conn.execute("PRAGMA user_version = 0")
    finally:
        conn.close()


def test_readyz_with_a_writable_archive_is_ready_and_its_proof_changes_nothing(app, client, game, db):
    before = db.execute("PRAGMA user_version").fetchone()[0]
    assert client.get("/readyz").status_code == 200
    assert db.execute("PRAGMA user_version").fetchone()[0] == before


def test_a_full_database_is_disk_full(tmp_path):
    conn = sqlite3.connect(tmp_path / "full.sqlite", isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
    with pytest.raises(sqlite3.OperationalError) as full:
        conn.execute("INSERT INTO t VALUES (zeroblob(100000))")
    assert fault_of(full.value, tmp_path / "full.sqlite") is Fault.DISK_FULL


def test_an_os_error_counts_only_for_the_archives_own_folder(tmp_path):
    ours = OSError(28, "No space left on device", str(tmp_path / "archive.sqlite-wal"))
    elsewhere = OSError(28, "No space left on device", "/var/log/other.log")
    assert fault_of(ours, tmp_path / "archive.sqlite") is Fault.DISK_FULL
    assert fault_of(elsewhere, tmp_path / "archive.sqlite") is None


def test_another_sqlite_error_is_a_bug_not_a_fault(tmp_path):
    with pytest.raises(sqlite3.OperationalError) as bug:
        sqlite3.connect(":memory:").execute("SELECT * FROM nowhere")
    assert fault_of(bug.value, tmp_path / "archive.sqlite") is None


@pytest.mark.parametrize(
    "error",
    [sqlite3.OperationalError("no such table: hands"), FileNotFoundError(2, "No such file", "/etc/nowhere")],
)
def test_a_sqlite_or_system_error_that_is_no_storage_fault_is_still_a_500(app, client, monkeypatch, error):
    def broken(*_):
        raise error

    monkeypatch.setattr("hearts_referee.api.hands.validate_hand_text", broken)
    app.testing = False  # answered as in production, not raised into the test
    response = client.post("/v1/hands/validate", json={})
    assert response.status_code == 500
    assert response.get_json()["type"] == "/docs#problem-internal_error"
