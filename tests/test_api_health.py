"""``GET /healthz``."""

from hearts_referee import referee


def test_health(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "referee_version": referee.__version__}


# --- /readyz: the archive is usable -------------------------------------------------------

import sqlite3  # noqa: E402
from pathlib import Path  # noqa: E402

from hearts_referee import archive, compiled  # noqa: E402

V1 = Path(__file__).parent / "fixtures" / "archive-v1.sql"


def test_ready_when_the_archive_is_there_and_its_schema_is_current(app, client):
    db = archive.open_archive(app.config["DATABASE"])
    latest = archive.applied(db)[-1]
    db.close()
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ready", "schema": latest, "build": compiled.BUILD.name}


def test_not_ready_without_an_archive_file_and_the_probe_creates_none(app, client, problem):
    body = problem(client.get("/readyz"), 503)
    assert [e["code"] for e in body["errors"]] == ["archive_unavailable"]
    assert "no such archive file" in body["detail"]
    assert app.config["DATABASE"] not in body["detail"]  # the server's paths stay private
    assert not Path(app.config["DATABASE"]).exists()


def test_not_ready_while_a_schema_step_is_pending(app, client, problem):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.executescript(V1.read_text())
    body = problem(client.get("/readyz"), 503)
    assert "pending" in body["errors"][0]["message"]
    assert "init-db" in body["errors"][0]["message"]


def test_not_ready_when_the_file_is_not_an_archive(app, client, problem):
    Path(app.config["DATABASE"]).write_bytes(b"this is not sqlite" * 100)
    body = problem(client.get("/readyz"), 503)
    assert "not an archive" in body["errors"][0]["message"]


def test_the_production_pages_readyz_example_names_the_current_schema(app, client):
    """docs/production.md quotes the answer of this release, not of an older schema."""
    archive.open_archive(app.config["DATABASE"]).close()
    page = (Path(__file__).parent.parent / "docs" / "production.md").read_text(encoding="utf-8")
    quoted = page.split('GET /readyz` is readiness: 200 `{"status": "ready", "schema":', 1)[1]
    assert quoted.split('"')[1] == client.get("/readyz").get_json()["schema"]
