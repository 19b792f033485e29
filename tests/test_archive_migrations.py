"""The archive file: created on demand, upgraded in place, managed from the command line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from hearts_referee import archive
from hearts_referee.app import create_app

V1 = Path(__file__).parent / "fixtures" / "archive-v1.sql"
V1_KEY = "hr_v1-director-key"
STEPS = [
    "m001_hands_log_keys",
    "m002_games",
    "m003_owner_key",
    "m004_sessions",
    "m005_events",
    "m006_rulings",
    "m007_followups",
    "m008_score_only",
    "m009_pairings",
]


def test_a_new_archive_has_8k_pages_wal_and_every_step(tmp_path):
    path = tmp_path / "deep" / "archive.sqlite"  # the folder is created too
    db = archive.open_archive(path)
    assert db.execute("PRAGMA page_size").fetchone()[0] == 8192
    assert db.journal_mode == "wal"
    assert archive.applied(db) == STEPS
    assert archive.migrate(db) == []  # nothing left to do
    db.close()


def test_the_archive_is_created_on_the_first_request_that_needs_it(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite")})
    client = app.test_client()
    client.get("/v1/variants")
    assert not (tmp_path / "a.sqlite").exists()
    assert client.get("/v1/hands").status_code == 401  # no key: refused before any look-up
    assert not (tmp_path / "a.sqlite").exists()
    assert client.get("/v1/hands", headers={"X-API-Key": "hr_unknown"}).status_code == 401
    assert (tmp_path / "a.sqlite").exists()


def test_a_v1_archive_is_upgraded_in_place_and_keeps_its_keys_hands_and_chains(tmp_path):
    path = tmp_path / "v1.sqlite"
    with sqlite3.connect(path) as conn:
        conn.executescript(V1.read_text())
    conn.close()
    app = create_app({"TESTING": True, "DATABASE": str(path)})
    client = app.test_client()
    director = {"Authorization": f"Bearer {V1_KEY}"}

    old = client.get("/v1/hands/1", headers=director)  # the first request upgrades the file
    assert old.status_code == 200, old.get_json()
    hand = old.get_json()
    assert (hand["game_id"], hand["seq"], hand["table"], hand["status"]) == (None, None, None, "open")
    db = archive.connect(path)
    assert archive.applied(db) == STEPS
    assert client.get("/v1/hands/1/verify", headers=director).get_json()["ok"] is True
    assert [h["id"] for h in client.get("/v1/hands?open=true", headers=director).get_json()["hands"]] == [1]

    decided = client.post(
        "/v1/hands/1/decisions",
        headers=director,
        json={
            "scoresheet": True,
            "action": "accept",
            "director": "TD",
            "reason": "The validated score stands.",
        },
    )
    assert decided.status_code == 201 and decided.get_json()["version"] == 2
    game = client.post(
        "/v1/games",
        headers=director,
        json={
            "variant": "standard",
            "seats": ["N", "E", "S", "W"],
            "first_dealer": "N",
            "players": {"N": "a", "E": "b", "S": "c", "W": "d"},
        },
    )
    assert game.status_code == 201
    assert client.get("/v1/hands/1/verify", headers=director).get_json()["ok"] is True
    db.close()


def test_init_db_creates_then_upgrades_in_place(tmp_path):
    path = tmp_path / "cli.sqlite"
    with sqlite3.connect(path) as conn:
        conn.executescript(V1.read_text())
    conn.close()
    runner = create_app({"TESTING": True, "DATABASE": str(path)}).test_cli_runner()
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    assert "m002_games" in result.output
    db = archive.connect(path)
    assert archive.applied(db) == STEPS
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 1
    db.close()


def test_keys_create_prints_the_key_once_and_it_works(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "keys.sqlite")})
    runner = app.test_cli_runner()
    made = runner.invoke(args=["keys", "create", "--role", "director", "--name", "Chief TD"])
    assert made.exit_code == 0, made.output
    token = made.stdout.strip()
    assert token.startswith("hr_") and "\n" not in token
    assert "not shown again" in made.stderr
    assert app.test_client().get("/v1/hands", headers={"X-API-Key": token}).status_code == 200
    listed = runner.invoke(args=["keys", "list"]).output
    assert "director\tChief TD" in listed and token not in listed
    assert runner.invoke(args=["keys", "create", "--role", "king", "--name", "x"]).exit_code != 0
    revoked = runner.invoke(args=["keys", "revoke", "1"])
    assert revoked.exit_code == 0 and "revoked" in revoked.output
    assert app.test_client().get("/v1/hands", headers={"X-API-Key": token}).status_code == 401
    assert runner.invoke(args=["keys", "revoke", "99"]).exit_code != 0


V2 = Path(__file__).parent / "fixtures" / "archive-v2.sql"
V2_ANSWERS = Path(__file__).parent / "fixtures" / "archive-v2-answers.json"


def _v2_app(tmp_path):
    path = tmp_path / "v2.sqlite"
    with sqlite3.connect(path) as conn:
        conn.executescript(V2.read_text())
    conn.close()
    return path, create_app({"TESTING": True, "DATABASE": str(path)})


def _as_given(now, then):
    """``now`` with only what ``then`` has: fields added since are left out, recursively."""
    if isinstance(then, dict) and isinstance(now, dict):
        return {name: _as_given(now.get(name), value) for name, value in then.items()}
    if isinstance(then, list) and isinstance(now, list) and len(now) == len(then):
        return [_as_given(a, b) for a, b in zip(now, then, strict=True)]
    return now


def test_a_v2_archive_answers_every_read_as_the_release_that_wrote_it(tmp_path):
    """The fixture was written through the API by release 0.1.0 (schema m002, audits stored
    as that release's public result); after the upgrade every field it answered is the same
    (fields added since, such as a ruling's life or a signature's staleness, are extra)."""
    saved = json.loads(V2_ANSWERS.read_text())
    _, app = _v2_app(tmp_path)
    client = app.test_client()
    director = {"Authorization": f"Bearer {saved['tokens']['Chief TD']}"}
    for url, expected in saved["answers"].items():
        response = client.get(url, headers=director)
        assert response.status_code == 200, (url, response.get_json())
        assert _as_given(response.get_json(), expected) == expected, url


def test_a_v2_archive_gives_each_scorer_its_own_hands_and_games_by_key_id(tmp_path):
    saved = json.loads(V2_ANSWERS.read_text())
    path, app = _v2_app(tmp_path)
    client = app.test_client()

    def as_(name: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {saved['tokens'][name]}"}

    db = archive.connect(path)
    client.get("/v1/hands", headers=as_("Chief TD"))  # the first request upgrades the file
    owners = dict(db.execute("SELECT id, created_by_key FROM hands").fetchall())
    assert owners == {1: 1, 2: 2, 3: 2, 4: 2}  # Alice is key 1, Bob key 2
    assert dict(db.execute("SELECT id, created_by_key FROM games").fetchall()) == {1: 2, 2: 1}
    db.close()
    alice = [h["id"] for h in client.get("/v1/hands", headers=as_("Alice scorer")).get_json()["hands"]]
    bob = [h["id"] for h in client.get("/v1/hands", headers=as_("Bob scorer")).get_json()["hands"]]
    assert (alice, bob) == ([1], [2, 3, 4])
    assert client.get("/v1/games/1", headers=as_("Alice scorer")).status_code == 404
    assert client.get("/v1/games/1", headers=as_("Bob scorer")).status_code == 200
    # the upgraded hands still take decisions and signatures, on top of their old logs
    decided = client.post(
        "/v1/hands/1/decisions",
        headers=as_("Chief TD"),
        json={"ruling": 0, "action": "uphold", "director": "TD", "reason": "Stands."},
    )
    assert decided.status_code == 201, decided.get_json()
    assert client.get("/v1/hands/1/verify", headers=as_("Auditor")).get_json()["ok"] is True
    # a resubmission by its own key is still the stored hand, though stored before keys were
    # hashed in (when it was sent in canonical form, as examples/mso-revoke.json is) ...
    record = client.get("/v1/hands/1", headers=as_("Alice scorer")).get_json()["record"]
    again = client.post("/v1/hands", json=record, headers=as_("Alice scorer"))
    assert (again.status_code, again.get_json()["id"]) == (200, 1)
    # ... while the same record from another scorer is that scorer's own hand
    other = client.post("/v1/hands", json=record, headers=as_("Bob scorer"))
    assert other.status_code == 201 and other.get_json()["id"] == 5


def test_an_upgraded_v2_archive_keeps_server_side_sessions_that_sign_out_ends(tmp_path):
    saved = json.loads(V2_ANSWERS.read_text())
    _, app = _v2_app(tmp_path)
    client = app.test_client()
    with client.session_transaction() as session:
        session["csrf"] = "t"
    signed = client.post("/director/sign-in", data={"csrf_token": "t", "key": saved["tokens"]["Chief TD"]})
    assert signed.status_code == 302  # the upgrade made the sessions table
    assert client.get("/director/").status_code == 200
    with client.session_transaction() as session:  # signing in started a fresh session
        session["csrf"] = "t"
    assert client.post("/director/sign-out", data={"csrf_token": "t"}).status_code == 302
    db = archive.connect(tmp_path / "v2.sqlite")
    assert db.execute("SELECT end_reason FROM sessions").fetchall() == [("signed_out",)]
    db.close()


def test_a_v2_archive_game_hand_resent_is_still_the_stored_hand(tmp_path):
    """Game hands of release 0.1.0 were hashed as sent, without their hand number; a resend
    of one in canonical form, with or without the number, still finds it (not a copy)."""
    saved = json.loads(V2_ANSWERS.read_text())
    _, app = _v2_app(tmp_path)
    client = app.test_client()
    bob = {"Authorization": f"Bearer {saved['tokens']['Bob scorer']}"}
    record = client.get("/v1/hands/3", headers=bob).get_json()["record"]
    sent = {
        k: v
        for k, v in record.items()
        if k not in ("variant", "seats", "dealer", "hand_number", "scores_before")
    }
    for body in (sent, {**sent, "hand_number": record["hand_number"]}):
        again = client.post("/v1/games/1/hands", json=body, headers=bob)
        assert (again.status_code, again.get_json().get("id")) == (200, 3), again.get_json()
    assert len(client.get("/v1/games/1", headers=bob).get_json()["hands"]) == 2


def test_every_kind_of_hand_log_entry_is_one_the_log_table_takes_and_no_other(tmp_path):
    """The hand log's kinds are an enum whose values are stored and hashed: the ``entries``
    table's CHECK (widened by migrations, never from the enum) must take exactly them."""
    from hearts_referee.stored import HandEntryKind

    db = archive.open_archive(tmp_path / "archive.sqlite")
    (sql,) = [r[0] for r in db.execute("SELECT sql FROM sqlite_master WHERE name = 'entries'")]
    taken = sql.split("CHECK (kind IN (")[1].split(")")[0]
    assert sorted(kind.strip(" '") for kind in taken.split(",")) == sorted(
        kind.value for kind in HandEntryKind
    )
