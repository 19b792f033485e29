"""Stored hands: submitted once, decided by a director, signed by the table, verifiable.

Named after what a director relies on: nothing is lost, nothing is rewritten,
and every earlier score stays readable.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from games import moon, new_game
from hands import hand, play_out
from support import example_record

HANDS = "/v1/hands"

# E discards 2♦ on the 2♣ lead while holding clubs; play goes on: a revoke (two tricks recorded)
REVOKE = play_out("N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C")
"""E revokes in trick 1 (the hand played out: a hand in progress would also be open)."""


def submit(client, headers, record: dict[str, Any], status: int = 201) -> dict[str, Any]:
    response = client.post(HANDS, json=record, headers=headers)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def decide(client, headers, hand_id: int, status: int = 201, **decision: Any) -> dict[str, Any]:
    decision.setdefault("director", "Chief TD")
    decision.setdefault("reason", "As the rules say.")
    response = client.post(f"{HANDS}/{hand_id}/decisions", json=decision, headers=headers)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def sign(client, headers, hand_id: int, seat: str, status: int = 201, **extra: Any) -> dict[str, Any]:
    response = client.post(
        f"{HANDS}/{hand_id}/signatures",
        json={"seat": seat, "name": f"Player {seat}", **extra},
        headers=headers,
    )
    assert response.status_code == status, response.get_json()
    return response.get_json()


def test_submitting_the_same_record_twice_returns_the_same_hand(client, scorer, db):
    record = example_record()
    first = submit(client, scorer, record)
    reordered = json.loads(json.dumps(record, indent=2, sort_keys=True))
    again = submit(client, scorer, reordered, status=200)
    assert again["id"] == first["id"] and again["content_hash"] == first["content_hash"]
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 1
    assert client.post(HANDS, json=record, headers=scorer).headers["Location"] == f"{HANDS}/{first['id']}"


def test_a_stored_hand_keeps_its_record_engine_version_and_audit(client, scorer):
    from hearts_referee import referee

    record = example_record()
    stored = submit(client, scorer, record)
    assert stored["record"] == record
    assert stored["engine_version"] == referee.__version__
    assert stored["audit"] == client.post(f"{HANDS}/validate", json=record).get_json()
    assert client.get(f"{HANDS}/{stored['id']}", headers=scorer).get_json() == stored


def test_a_record_that_cannot_have_happened_stores_nothing(client, scorer, problem, db):
    problem(client.post(HANDS, json={**example_record(), "seats": ["N", "E", "S"]}, headers=scorer), 422)
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 0


# --- the director's decisions --------------------------------------------------------


def test_standard_revoke_is_open_until_a_director_adjusts_and_the_old_version_stays_readable(
    client, scorer, director
):
    stored = submit(client, scorer, hand("standard", play=REVOKE))
    assert stored["status"] == "open" and stored["version"] == 1
    (revoke,) = stored["open_rulings"]
    assert revoke["code"] == "revoke" and revoke["ruling"] == 0
    before = dict(stored["score"])

    decided = decide(
        client,
        director,
        stored["id"],
        ruling=0,
        action="adjust",
        score_changes={"E": 26},
        reason="House rule: 26 for a revoke.",
    )
    assert decided["version"] == 2 and decided["open_rulings"] == []
    assert decided["score"] == {**before, "E": before["E"] + 26}
    first, second = decided["versions"]
    assert (first["version"], first["score"], first["decision"]) == (1, before, None)
    assert (second["version"], second["open"]) == (2, [])
    (logged,) = decided["decisions"]
    assert (logged["action"], logged["director"], logged["by"]) == (
        "adjust",
        "Chief TD",
        "test director (key 2)",
    )
    assert decided["audit"] == stored["audit"]  # the referee's own reading never changes


def test_mso2000_waiving_a_revoke_takes_its_26_points_off(client, scorer, director):
    stored = submit(client, scorer, hand("mso-2000", play=REVOKE))
    assert (
        stored["penalties"]["E"] == 26 and stored["status"] == "awaiting_signatures"
    )  # applied, not referred
    waived = decide(client, director, stored["id"], ruling=0, action="waive", reason="Misheard the lead.")
    assert waived["penalties"]["E"] == 0 and waived["score"]["E"] == stored["score"]["E"] - 26


def test_deciding_a_ruling_again_replaces_the_earlier_decision(client, scorer, director):
    stored = submit(client, scorer, hand("mso-2000", play=REVOKE))
    decide(client, director, stored["id"], ruling=0, action="waive")
    upheld = decide(client, director, stored["id"], ruling=0, action="uphold")
    assert upheld["score"] == stored["score"] and upheld["version"] == 3  # the 26 back, not doubled
    waived = decide(client, director, stored["id"], ruling=0, action="waive")
    assert waived["score"]["E"] == stored["score"]["E"] - 26  # not 52


def test_the_same_decision_again_is_409_decision_changes_nothing_and_logs_nothing(
    client, scorer, director, problem
):
    stored = submit(client, scorer, hand("mso-2000", play=REVOKE))
    decide(client, director, stored["id"], ruling=0, action="waive")
    again = {"ruling": 0, "action": "waive", "director": "TD", "reason": "Again."}
    body = problem(client.post(f"{HANDS}/{stored['id']}/decisions", json=again, headers=director), 409)
    assert body["type"] == "/docs#problem-decision_changes_nothing"
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/action", "same_decision")]
    assert client.get(f"{HANDS}/{stored['id']}", headers=director).get_json()["version"] == 2


def test_one_seat_of_a_wrong_scoresheet_is_not_decided_alone_422_scoresheet_ruling(
    client, scorer, director, problem, db
):
    wrote = dict.fromkeys("NESW", 0)  # the table left out E's 26 for the revoke
    stored = submit(client, scorer, hand("mso-2000", play=REVOKE, claimed=wrote))
    mismatch = next(r["ruling"] for r in stored["open_rulings"] if r["code"] == "score_mismatch")
    for action in ("uphold", "waive"):
        alone = {"ruling": mismatch, "action": action, "director": "TD", "reason": "One seat."}
        body = problem(client.post(f"{HANDS}/{stored['id']}/decisions", json=alone, headers=director), 422)
        assert ("/ruling", "scoresheet_ruling") in [(e["pointer"], e["code"]) for e in body["errors"]]
    assert db.execute("SELECT count(*) FROM entries WHERE kind = 'decision'").fetchone()[0] == 0


def test_a_decision_the_hand_cannot_take_is_422_and_stores_nothing(client, scorer, director, problem, db):
    stored = submit(client, scorer, hand("mso-2000", play=REVOKE))
    url = f"{HANDS}/{stored['id']}/decisions"
    cases = [
        ({"ruling": 5, "action": "uphold"}, "/ruling", "unknown_ruling"),
        ({"ruling": 0, "action": "adjust"}, "/score_changes", "required"),
        ({"ruling": 0, "action": "waive", "score_changes": {"N": -26}}, "/score_changes", "not_allowed"),
        ({"ruling": 0, "action": "claim", "claim": "allowed"}, "/action", "not_a_claim"),
        ({"ruling": 0, "action": "adjust", "score_changes": {"X": 1}}, "/score_changes/X", "unknown_seat"),
        ({"ruling": 0, "action": "veto"}, "/action", "enum"),
        ({"ruling": 0, "action": "uphold", "director": ""}, "/director", "length"),
    ]
    for decision, pointer, code in cases:
        body = problem(
            client.post(url, json={"director": "TD", "reason": "r", **decision}, headers=director), 422
        )
        assert (pointer, code) in [(e["pointer"], e["code"]) for e in body["errors"]], decision
    assert db.execute("SELECT count(*) FROM entries WHERE kind = 'decision'").fetchone()[0] == 0
    problem(
        client.post(
            f"{HANDS}/999/decisions",
            json={"ruling": 0, "action": "uphold", "director": "TD", "reason": "r"},
            headers=director,
        ),
        404,
    )


def test_open_rulings_are_listed_with_filters_until_decided(client, scorer, director):
    clean = submit(client, scorer, example_record())
    referred = submit(client, scorer, hand("standard", play=REVOKE))
    game_id = client.post("/v1/games", json=new_game(table="7"), headers=scorer).get_json()["id"]
    in_game = client.post(
        f"/v1/games/{game_id}/hands",
        headers=scorer,
        json=moon("E", 1, claimed={"N": 0, "E": 0, "S": 0, "W": 0}),
    ).get_json()

    def ids(query: str) -> list[int]:
        response = client.get(f"{HANDS}?{query}", headers=director)
        assert response.status_code == 200, response.get_json()
        return [h["id"] for h in response.get_json()["hands"]]

    assert ids("open=true") == [referred["id"], in_game["id"]]
    assert ids("open=false") == [clean["id"]]
    assert ids("open=true&variant=standard") == [referred["id"]]
    assert ids(f"open=true&game={game_id}") == ids("open=true&table=7") == [in_game["id"]]
    assert ids("table=8") == []
    page = client.get(f"{HANDS}?limit=2", headers=director).get_json()
    assert [h["id"] for h in page["hands"]] == [clean["id"], referred["id"]] and page[
        "next_after"
    ] == referred["id"]
    assert ids(f"after={page['next_after']}") == [in_game["id"]]

    decide(client, director, referred["id"], ruling=0, action="uphold")
    assert ids("open=true") == [in_game["id"]]
    assert client.get(f"{HANDS}?open=maybe", headers=director).status_code == 400


# --- signatures --------------------------------------------------------------------


def test_mso2000_hand_is_final_once_all_four_sign_and_no_ruling_is_open(client, scorer):
    stored = submit(client, scorer, example_record())
    assert stored["signers"] == ["E", "N", "S", "W"] and stored["status"] == "awaiting_signatures"
    for seat in "NES":
        signed = sign(client, scorer, stored["id"], seat)
        assert signed["final"] is False
    assert signed["missing_signatures"] == ["W"]
    final = sign(client, scorer, stored["id"], "W", version=1)
    assert final["final"] is True and final["status"] == "final" and final["missing_signatures"] == []
    assert sign(client, scorer, stored["id"], "W", status=200)["head"] == final["head"]  # once only


def test_standard_needs_no_signature_and_a_signer_must_sit_at_the_table(client, scorer, problem):
    stored = submit(client, scorer, hand("standard", play=play_out("", queen_breaks=False)))
    assert stored["signers"] == [] and stored["final"] is True
    body = problem(
        client.post(f"{HANDS}/{stored['id']}/signatures", json={"seat": "X", "name": "Xena"}, headers=scorer),
        422,
    )
    assert body["errors"][0]["code"] == "unknown_seat"


def test_a_decision_after_final_reopens_the_hand_visibly(client, scorer, director, problem):
    stored = submit(client, scorer, hand("mso-2000", play=REVOKE))
    for seat in "NESW":
        signed = sign(client, scorer, stored["id"], seat)
    assert signed["final"] is True
    reopened = decide(client, director, stored["id"], ruling=0, action="waive", reason="Appeal upheld.")
    assert reopened["final"] is False and reopened["reopened"] is True
    assert reopened["status"] == "awaiting_signatures"
    assert reopened["missing_signatures"] == ["E", "N", "S", "W"]
    assert [v["final"] for v in reopened["versions"]] == [True, False]
    stale = problem(
        client.post(
            f"{HANDS}/{stored['id']}/signatures",
            json={"seat": "N", "name": "Ann", "version": 1},
            headers=scorer,
        ),
        409,
    )
    assert stale["errors"][0]["code"] == "stale_version"
    for seat in "NESW":
        signed = sign(client, scorer, stored["id"], seat, version=2)
    assert signed["final"] is True and signed["reopened"] is False


# --- the chain ---------------------------------------------------------------------


def _decided_and_signed(client, scorer, director) -> dict[str, Any]:
    stored = submit(client, scorer, hand("standard", play=REVOKE))
    decide(client, director, stored["id"], ruling=0, action="adjust", score_changes={"E": 26})
    return sign(client, scorer, stored["id"], "N")


def test_verify_holds_for_an_untouched_hand(client, scorer, director):
    stored = _decided_and_signed(client, scorer, director)
    report = client.get(f"{HANDS}/{stored['id']}/verify", headers=scorer).get_json()
    assert report == {
        "hand_id": stored["id"],
        "ok": True,
        "entries": 3,
        "head": stored["head"],
        "problems": [],
    }


def test_the_log_and_the_hands_refuse_update_and_delete(client, scorer, director, db):
    import sqlite3

    stored = _decided_and_signed(client, scorer, director)
    for statement in (
        "UPDATE entries SET actor = 'x'",
        "DELETE FROM entries",
        "UPDATE hands SET record = '{}'",
        "DELETE FROM hands",
    ):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute(statement)
    assert client.get(f"{HANDS}/{stored['id']}/verify", headers=scorer).get_json()["ok"] is True


@pytest.mark.parametrize(
    "tamper, code",
    [
        (
            "UPDATE entries SET body = replace(body, '\"E\":26', '\"E\":0') WHERE kind = 'decision'",
            "altered_entry",
        ),
        ("UPDATE entries SET actor = 'someone else' WHERE n = 3", "altered_entry"),
        ("UPDATE entries SET at = '2020-01-01T00:00:00.000000Z' WHERE n = 1", "altered_entry"),
        ("DELETE FROM entries WHERE n = 2", "missing_entry"),
        ('UPDATE hands SET record = replace(record, \'"dealer":"W"\', \'"dealer":"N"\')', "altered_hand"),
        ("UPDATE entries SET body = substr(body, 2) WHERE n = 2", "unreadable_log"),
    ],
)
def test_verify_fails_after_a_row_is_altered_directly_in_sqlite(client, scorer, director, db, tamper, code):
    stored = _decided_and_signed(client, scorer, director)
    for table in ("entries", "hands"):  # what someone with the file (not the API) can do
        for verb in ("update", "delete"):
            db.execute(f"DROP TRIGGER {table}_no_{verb}")
    db.execute(tamper)
    report = client.get(f"{HANDS}/{stored['id']}/verify", headers=scorer).get_json()
    assert report["ok"] is False
    assert code in [p["code"] for p in report["problems"]]


def test_a_broken_chain_is_told_in_the_language_asked_with_the_same_entries_and_codes(
    client, scorer, director, db
):
    """What the check found is words for a person: in Norwegian when asked, the entries and codes
    the same (docs/languages.md)."""
    stored = _decided_and_signed(client, scorer, director)
    for verb in ("update", "delete"):
        db.execute(f"DROP TRIGGER entries_no_{verb}")
    db.execute("DELETE FROM entries WHERE n = 2")
    english = client.get(f"{HANDS}/{stored['id']}/verify", headers=scorer)
    norsk = client.get(f"{HANDS}/{stored['id']}/verify", headers={**scorer, "Accept-Language": "nb"})
    assert norsk.headers["Content-Language"] == "nb" and english.headers["Content-Language"] == "en"
    said, told = english.get_json()["problems"], norsk.get_json()["problems"]
    assert [(p["entry"], p["code"]) for p in told] == [(p["entry"], p["code"]) for p in said]
    assert [p["message"] for p in said] == [
        "entry 2 is missing before entry 3",
        "entry 3 does not follow the hash of the entry before it",
        "entry 3 signs version 2 while version 1 was current",
    ]
    assert [p["message"] for p in told] == [
        "oppføring 2 mangler foran oppføring 3",
        "oppføring 3 følger ikke hashen til oppføringen foran",
        "oppføring 3 signerer versjon 2 mens versjon 1 gjaldt",
    ]


def test_verify_catches_a_forged_decision_even_with_a_recomputed_chain(client, scorer, director, db):
    from hearts_referee.stored.log import entry_hash

    stored = _decided_and_signed(client, scorer, director)
    for verb in ("update", "delete"):
        db.execute(f"DROP TRIGGER entries_no_{verb}")
    hand_id, n, kind, ruling, at, actor, body, prev = db.execute(
        "SELECT hand_id, n, kind, ruling, at, actor, body, prev FROM entries WHERE kind = 'decision'"
    ).fetchone()
    forged = json.loads(body)
    forged["score"]["E"] += 100  # pretend the decision gave E more
    text = json.dumps(forged, separators=(",", ":"))
    new_hash = entry_hash(prev, hand_id, n, kind, ruling, at, actor, text)
    db.execute(
        "UPDATE entries SET body = ?, hash = ? WHERE hand_id = ? AND n = ?", [text, new_hash, hand_id, n]
    )
    nxt = db.execute(
        "SELECT n, kind, ruling, at, actor, body FROM entries WHERE hand_id = ? AND n = ?", [hand_id, n + 1]
    ).fetchone()
    db.execute(
        "UPDATE entries SET prev = ?, hash = ? WHERE hand_id = ? AND n = ?",
        [new_hash, entry_hash(new_hash, hand_id, *nxt), hand_id, n + 1],
    )
    report = client.get(f"{HANDS}/{stored['id']}/verify", headers=scorer).get_json()
    assert [p["code"] for p in report["problems"]] == ["wrong_score"]
