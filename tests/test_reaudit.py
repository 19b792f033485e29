"""Re-auditing the archive: every stored hand replayed by the engine running now.

The archive is built in a temporary folder through the use cases (``service``),
as the API would build it; an older engine's reading is stored through the
archive itself, so its hash chain holds, and a tampered log is made the only way
one can be: by writing to the SQLite file behind the archive's back. The
command is run through the app's own CLI runner, as ``hearts-referee audit``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from games import PLAYERS, SEATS, moon

from hearts_referee import archive, usecases
from hearts_referee.app import create_app
from hearts_referee.batch.recheck import LISTED, RecheckSummary, recheck_data
from hearts_referee.batch.summary import ExitStatus
from hearts_referee.referee import __version__ as ENGINE
from hearts_referee.referee.cards import CARDS
from hearts_referee.referee.findings import Code
from hearts_referee.referee.reader import read_record
from hearts_referee.rulings.decisions import Decision
from hearts_referee.rulings.log import Ruling
from hearts_referee.rulings.schedules import Status
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.schemas.game import load_game_hand
from hearts_referee.schemas.record import load_record
from hearts_referee.usecases import ChainReport, Role, games, hands, keys
from hearts_referee.usecases.errors import Forbidden
from hearts_referee.usecases.keys import OPERATOR_AS_AUDITOR
from hearts_referee.usecases.recheck import HandRecheck, recheck

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
FIXTURES = Path(__file__).parent / "fixtures"


# --- the archive under re-audit -------------------------------------------------------------


@pytest.fixture
def path(tmp_path) -> Path:
    """An archive of three hands as the engine running now stored them: the README's
    revoke, which a director then waived and all four signed (entries 1-6), and a
    two-hand game of moons."""
    file = tmp_path / "archive.sqlite"
    db = usecases.open_archive(file)
    ann = keys.create_key(db, keys.OPERATOR, "Ann", Role.SCORER)[0]
    td = keys.create_key(db, keys.OPERATOR, "Chief TD", Role.DIRECTOR)[0]
    hand, _ = hands.submit_hand(db, ann, load_record(REVOKE))
    hands.decide(db, td, hand.id, Decision(0, "waive", "TD", "Corrected in time."))
    hands.decide(db, td, hand.id, Decision(None, "accept", "TD", "The 0 stands now."))
    for seat in SEATS:
        hands.sign(db, td, hand.id, seat, PLAYERS[seat])
    setup = GameSetup(load_record(REVOKE).variant, SEATS, "W", "N", dict(PLAYERS))
    game = games.start_game(db, td, setup)
    games.append_hand(db, td, game.id, load_game_hand(moon("E", 1)))
    games.append_hand(db, td, game.id, load_game_hand(moon("W", 2)))
    db.close()
    return file


def store_as_read_by(file: Path, version: str, **reading: object) -> int:
    """Store the revoke hand with the audit an engine ``version`` would have made: today's
    audit with ``reading`` in place of what it says. Stored through the archive, so the
    hand's chain holds; returns its id."""
    db = usecases.open_archive(file)
    record = load_record(REVOKE)
    audit = dataclasses.replace(hands.audit_record(record), engine_version=version, **reading)
    content_hash = archive.hand_hash(record, None)  # as stored before hashes named their key
    stored, _ = archive.store_hand(db, content_hash, record, audit, signers=frozenset(SEATS), by=None)
    db.close()
    return stored.id


def tamper(file: Path, hand_id: int, n: int, old: str, new: str) -> None:
    """Change an entry's body in the file itself, past the append-only trigger."""
    conn = sqlite3.connect(file)
    with conn:
        conn.execute("DROP TRIGGER entries_no_update")
        where = [hand_id, n]
        (body,) = conn.execute("SELECT body FROM entries WHERE hand_id = ? AND n = ?", where).fetchone()
        assert old in body
        conn.execute(
            "UPDATE entries SET body = ? WHERE hand_id = ? AND n = ?", [body.replace(old, new), *where]
        )
    conn.close()


def run(file: Path) -> tuple[list[HandRecheck], RecheckSummary]:
    db = usecases.open_read_only(file)
    try:
        results = list(recheck(db, OPERATOR_AS_AUDITOR))
    finally:
        db.close()
    summary = RecheckSummary()
    for result in results:
        summary.add(result)
    return results, summary


def sha256(file: Path) -> str:
    return hashlib.sha256(file.read_bytes()).hexdigest()


def invoke(file: Path, *args: str, database: Path | None = None):
    app = create_app({"TESTING": True, "DATABASE": str(database or file)})
    return app.test_cli_runner().invoke(args=["audit", *args])


# --- what the re-audit finds ---------------------------------------------------------------


def test_an_untouched_archive_re_audits_unchanged_with_every_chain_intact_and_exit_0(path):
    results, summary = run(path)
    assert [r.hand_id for r in results] == [1, 2, 3]
    assert all(r.readable and not r.changed and r.chain.ok for r in results)
    assert (summary.hands, summary.unchanged, summary.changed, summary.broken) == (3, 3, 0, 0)
    assert summary.engines == {ENGINE: 3}
    assert summary.exit_status() == ExitStatus.CLEAN


def test_a_directors_decision_is_not_a_change_the_engine_would_make(path):
    """Hand 1's current score gives N 0 (the revoke waived): the re-audit compares the
    engine's own reading, 26 for N then and now, so nothing would change."""
    db = usecases.open_read_only(path)
    assert hands.get_hand(db, OPERATOR_AS_AUDITOR, 1).state.current.score["N"] == 0
    first = next(recheck(db, OPERATOR_AS_AUDITOR))
    db.close()
    assert first.stored is not None and first.stored.score["N"] == 26
    assert not first.changed and first.chain.entries == 7


def test_a_hand_an_older_engine_read_otherwise_is_reported_with_that_engine_and_each_change(path):
    """Engine 0.0.9 (as this fixture has it) referred N's revoke to the director with no
    penalty, so N scored the 0 the table wrote; today's engine applies the 26 and refers
    the scoresheet's 0."""
    now = hands.audit_record(load_record(REVOKE))
    revoke = now.rulings[0]
    referred = dataclasses.replace(revoke, status=Status.REFERRED, penalty=None, explanation="Referred.")
    old = store_as_read_by(
        path, "0.0.9", score={**now.score, "N": 0}, penalties=dict.fromkeys(SEATS, 0), rulings=(referred,)
    )
    results, summary = run(path)
    line = recheck_data(results[-1])
    assert (line["hand_id"], line["engine"], line["now"], line["changed"]) == (old, "0.0.9", ENGINE, True)
    assert line["score"] == {"N": [0, 26]}
    assert line["rulings"]["changed"] == [
        {
            "stored": {
                "code": "revoke",
                "seat": "N",
                "trick": 3,
                "card": "8S",
                "status": "referred",
                "penalty": None,
            },
            "now": {
                "code": "revoke",
                "seat": "N",
                "trick": 3,
                "card": "8S",
                "status": "applied",
                "penalty": {"points": 26},
            },
        }
    ]
    assert [(r["code"], r["status"]) for r in line["rulings"]["added"]] == [("score_mismatch", "referred")]
    assert line["rulings"]["removed"] == [] and line["chain"]["ok"] is True
    assert (summary.changed, summary.changed_score, summary.changed_rulings) == (1, 1, 1)
    assert summary.engines == {ENGINE: 3, "0.0.9": 1}
    assert summary.exit_status() == ExitStatus.FINDINGS


def test_a_ruling_the_engine_no_longer_makes_is_reported_removed_and_the_score_alone_is_not_changed(path):
    now = hands.audit_record(load_record(REVOKE))
    spurious = Ruling(
        Code.EARLY_HEART, "W", 5, CARDS["4H"], "mso-2000/hearts", None, Status.WAIVED, "Waived."
    )
    store_as_read_by(path, "0.0.9", rulings=(*now.rulings, spurious))
    results, summary = run(path)
    assert results[-1].rulings.removed == (spurious,) and not results[-1].score
    assert (summary.changed_score, summary.changed_rulings) == (0, 1)
    assert summary.exit_status() == ExitStatus.FINDINGS


def test_a_ruling_explained_in_other_words_is_not_a_change(path):
    now = hands.audit_record(load_record(REVOKE))
    reworded = tuple(dataclasses.replace(r, explanation="Older wording.") for r in now.rulings)
    store_as_read_by(path, "0.0.9", rulings=reworded)
    results, summary = run(path)
    assert not results[-1].changed and summary.exit_status() == ExitStatus.CLEAN


def test_a_tampered_log_entry_breaks_the_chain_from_that_entry_and_exits_2(path):
    tamper(path, 1, 3, "The 0 stands now.", "The 26 stand.")  # hand 1's second decision
    results, summary = run(path)
    line = recheck_data(results[0])
    assert line["chain"]["ok"] is False and line["chain"]["first_broken"] == 3
    assert [(p["entry"], p["code"]) for p in line["chain"]["problems"]] == [(3, "altered_entry")]
    assert not results[0].changed  # the engine's own reading, entry 1, is untouched
    assert [(b.hand_id, b.first_broken, b.code) for b in summary.broken_chains] == [(1, 3, "altered_entry")]
    assert summary.as_dict()["broken"][0]["hand_id"] == 1
    assert summary.exit_status() == ExitStatus.REJECTED


def test_a_forged_stored_score_is_both_a_change_and_a_broken_chain(path):
    tamper(path, 2, 1, '"score":{"N":26,', '"score":{"N":0,')  # game hand 1: E shot the moon
    results, summary = run(path)
    forged = results[1]
    assert forged.score == {"N": (0, 26)} and forged.first_broken == 1
    assert (summary.changed, summary.broken, summary.exit_status()) == (1, 1, ExitStatus.REJECTED)


def test_the_summary_lists_the_first_broken_chains_and_counts_them_all(path):
    (clean, *_), _ = run(path)
    summary = RecheckSummary()
    for hand_id in range(1, LISTED + 6):
        broken = ChainReport(hand_id, False, 3, "f00d", ((2, "broken_link", "entry 2 ..."),))
        summary.add(dataclasses.replace(clean, hand_id=hand_id, chain=broken))
    assert summary.broken == LISTED + 5 and len(summary.broken_chains) == LISTED
    assert summary.as_dict()["broken"][-1] == {
        "hand_id": LISTED,
        "first_broken": 2,
        "code": "broken_link",
        "message": "entry 2 ...",
        "problems": 1,
    }


def test_a_stored_record_that_could_not_now_have_happened_is_reported_with_its_problems_and_exits_2(path):
    """A record this engine finds impossible (8♠ dealt to N and to E) stored with an
    older engine's audit: the re-audit lists the record's problems, located."""
    data = {**REVOKE, "deal": {**REVOKE["deal"], "E": ["8S", *REVOKE["deal"]["E"][1:]]}}
    impossible = read_record(data)  # reading back trusts the stored text
    db = usecases.open_archive(path)
    audit = dataclasses.replace(hands.audit_record(load_record(REVOKE)), engine_version="0.0.9")
    archive.store_hand(db, "impossible", impossible, audit, signers=frozenset(SEATS), by=None)
    db.close()
    results, summary = run(path)
    line = recheck_data(results[-1])
    assert line["changed"] is False and line["problems"]
    assert any(p["pointer"].startswith("/deal/") for p in line["problems"])
    assert summary.unreadable == 1 and summary.unreadables[0].hand_id == results[-1].hand_id
    assert summary.exit_status() == ExitStatus.REJECTED


def test_re_auditing_writes_nothing_to_the_archive_file(path):
    store_as_read_by(path, "0.0.9", score={**hands.audit_record(load_record(REVOKE)).score, "N": 0})
    tamper(path, 1, 2, "Corrected in time.", "Never corrected.")
    before = sha256(path)
    run(path)
    assert invoke(path, "--archive", str(path), "-q", "-o", str(path.parent / "out.ndjson")).exit_code == 2
    assert sha256(path) == before
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # not even the write-ahead log


# --- who may -------------------------------------------------------------------------------


def test_a_scorer_re_audits_only_its_own_hands_and_an_admin_none(path):
    db = usecases.open_archive(path)
    ann = next(k for k in keys.list_keys(db, keys.OPERATOR) if k.name == "Ann")
    assert [r.hand_id for r in recheck(db, ann)] == [1]
    with pytest.raises(Forbidden):
        recheck(db, keys.OPERATOR)  # the key manager reads no hands
    db.close()


# --- the command ---------------------------------------------------------------------------


def test_the_command_writes_a_line_per_hand_and_the_summary_and_exits_with_its_status(path, tmp_path):
    old = store_as_read_by(path, "0.0.9", score={**hands.audit_record(load_record(REVOKE)).score, "N": 0})
    out, summary = tmp_path / "changes.ndjson", tmp_path / "summary.json"
    result = invoke(path, "--archive", str(path), "-o", str(out), "--summary-json", str(summary))
    assert result.exit_code == ExitStatus.FINDINGS, result.output
    lines = [json.loads(line) for line in out.read_bytes().splitlines()]
    assert [(line["hand_id"], line["changed"]) for line in lines] == [
        (1, False),
        (2, False),
        (3, False),
        (old, True),
    ]
    assert lines[-1]["score"] == {"N": [0, 26]} and lines[-1]["engine"] == "0.0.9"
    saved = json.loads(summary.read_text())
    assert {k: saved[k] for k in ("hands", "unchanged", "changed", "changed_score", "broken_chains")} == {
        "hands": 4,
        "unchanged": 3,
        "changed": 1,
        "changed_score": 1,
        "broken_chains": 0,
    }
    assert saved["engines"] == {"0.0.9": 1, ENGINE: 3} and saved["exit_status"] == 1
    assert "Archive re-audit" in result.stderr and "would change" in result.stderr


def test_archive_alone_re_audits_the_apps_configured_database_to_stdout(path):
    result = invoke(path, "--archive", "-q")
    assert result.exit_code == ExitStatus.CLEAN, result.output
    assert [json.loads(line)["hand_id"] for line in result.stdout.splitlines()] == [1, 2, 3]
    assert result.stderr == ""  # -q: no table


def test_a_missing_archive_is_exit_3_and_no_file_is_made(tmp_path):
    missing = tmp_path / "nowhere" / "archive.sqlite"
    for args in (["--archive", str(missing)], ["--archive"]):
        result = invoke(missing, *args)
        assert result.exit_code == ExitStatus.FAILED
        assert "no such archive file" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_archive_and_input_files_do_not_go_together(path, tmp_path):
    result = invoke(path, "--archive", str(path), str(ROOT / "examples" / "mso-revoke.json"))
    assert result.exit_code == ExitStatus.FAILED and "give it no INPUT" in result.stderr


# --- the archive of release 0.1.0 ------------------------------------------------------------


def _v2(tmp_path) -> Path:
    file = tmp_path / "v2.sqlite"
    with sqlite3.connect(file) as conn:
        conn.executescript((FIXTURES / "archive-v2.sql").read_text())
    conn.close()
    return file


def test_an_archive_of_an_older_schema_is_exit_3_and_left_as_it_was(tmp_path):
    """The v2 fixture lacks step m003 (keys by id): the re-audit never upgrades a file,
    so it says what to run first and reads nothing."""
    file = _v2(tmp_path)
    before = sha256(file)
    result = invoke(file, "--archive", str(file))
    assert result.exit_code == ExitStatus.FAILED
    said = " ".join(result.stderr.split())  # the message is wrapped to the terminal
    pending = said[said.index("schema steps") : said.index("pending")]
    assert all(step in pending for step in ("m003_owner_key", "m004_sessions", "m005_events", "m006_rulings"))
    assert "init-db" in said
    assert sha256(file) == before


def test_the_archive_of_release_0_1_0_once_upgraded_re_audits_unchanged(tmp_path):
    """The v2 fixture was written by engine 0.1.0, its audits stored as that release's
    public result (format 1). Upgraded by ``init-db`` on a copy, all four hands (two on
    their own, two of a game; one decided and signed) re-audit unchanged: the engine
    running now is 0.1.0 too, its format-2 reading of each record is what the format-1
    documents say once upgraded as read, and every chain holds, decisions and
    signatures included."""
    copy = tmp_path / "copy.sqlite"
    shutil.copy(_v2(tmp_path), copy)
    upgrade = create_app({"TESTING": True, "DATABASE": str(copy)}).test_cli_runner().invoke(args=["init-db"])
    assert upgrade.exit_code == 0, upgrade.output
    results, summary = run(copy)
    assert [(r.hand_id, r.game_id, r.engine) for r in results] == [
        (1, None, "0.1.0"),
        (2, None, "0.1.0"),
        (3, 1, "0.1.0"),
        (4, 1, "0.1.0"),
    ]
    assert [r.chain.entries for r in results] == [2, 1, 2, 5]
    assert summary.as_dict() | {"seconds": 0} == {
        "hands": 4,
        "unchanged": 4,
        "changed": 0,
        "changed_score": 0,
        "changed_rulings": 0,
        "unreadable": 0,
        "unreadable_hands": [],
        "incomplete": 0,
        "incomplete_hands": [],
        "broken_chains": 0,
        "broken": [],
        "engines": {"0.1.0": 4},
        "engine_now": ENGINE,
        "seconds": 0,
        "hands_per_second": 0.0,
        "exit_status": 0,
    }
