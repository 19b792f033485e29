"""One decision for a wrong scoresheet: the table's written scores against the referee's.

A table that wrote wrong scores gets a ``score_mismatch`` ruling for each seat
it got wrong; the director answers them as one question, on the decisions
endpoint with ``"scoresheet": true``: accept the referee's scores, keep the
table's (with the reason), or adjust. Archives whose per-seat decisions were
logged before still read back and count.
"""

from __future__ import annotations

from typing import Any

import pytest
from hands import hand, play_out

from hearts_referee import archive
from hearts_referee.referee.findings import Code
from hearts_referee.rulings.decisions import Action, Decision, Standing, kept_changes, rescore
from hearts_referee.rulings.life import RulingStatus, lives, sheet_question
from hearts_referee.rulings.schedules import Status

HANDS = "/v1/hands"

# E discards 2♦ on the 2♣ lead while holding clubs; play goes on: MSO's 26 to E
REVOKE = play_out("N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C")
WROTE_NOTHING = dict.fromkeys("NESW", 0)
"""The table wrote 0 for every seat: wrong for each seat that took points or a penalty."""


@pytest.fixture
def wrong(client, scorer) -> dict[str, Any]:
    """A stored MSO hand with E's revoke, on a scoresheet of zeros."""
    response = client.post(HANDS, json=hand("mso-2000", play=REVOKE, claimed=WROTE_NOTHING), headers=scorer)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def on_sheet(client, headers, hand_id: int, action: str, **extra: Any):
    body = {"scoresheet": True, "action": action, "director": "Chief TD", "reason": "As the table agreed."}
    return client.post(f"{HANDS}/{hand_id}/decisions", json=body | extra, headers=headers)


def mismatches(stored: dict[str, Any]) -> list[int]:
    return [i for i, r in enumerate(stored["audit"]["rulings"]) if r["code"] == "score_mismatch"]


def test_every_seat_the_table_wrote_wrong_is_one_question_on_the_stored_hand(wrong):
    assert len(mismatches(wrong)) > 1  # several seats wrong ...
    assert wrong["scoresheet"] == {  # ... one question
        "rulings": mismatches(wrong),
        "status": "referred",
        "written": WROTE_NOTHING,
        "kept": {seat: -points for seat, points in wrong["score"].items() if points},
        "offered": ["accept", "keep", "adjust"],
    }
    assert all(wrong["rulings"][i]["offered"] == [] for i in mismatches(wrong))


def test_accept_answers_every_mismatch_in_one_decision_and_the_referees_score_stands(client, director, wrong):
    decided = on_sheet(client, director, wrong["id"], "accept")
    assert decided.status_code == 201, decided.get_json()
    after = decided.get_json()
    assert (after["version"], after["score"], after["open_rulings"]) == (2, wrong["score"], [])
    assert [r["status"] for r in after["rulings"] if r["code"] == "score_mismatch"] == ["decided"] * len(
        mismatches(wrong)
    )
    (logged,) = after["decisions"]
    assert (logged["ruling"], logged["scoresheet"], logged["action"]) == (None, True, "accept")
    assert (after["scoresheet"]["status"], after["scoresheet"]["offered"]) == ("decided", ["keep", "adjust"])
    assert client.get(f"{HANDS}/{wrong['id']}/verify", headers=director).get_json()["ok"] is True


def test_keep_makes_the_tables_written_scores_the_score_and_logs_what_it_moved(client, director, wrong):
    after = on_sheet(client, director, wrong["id"], "keep", reason="The table agreed to waive it.").get_json()
    assert after["score"] == WROTE_NOTHING
    (logged,) = after["decisions"]
    assert logged["score_changes"] == wrong["scoresheet"]["kept"]
    assert logged["reason"] == "The table agreed to waive it."
    assert client.get(f"{HANDS}/{wrong['id']}/verify", headers=director).get_json()["ok"] is True


def test_adjust_on_the_scoresheet_moves_the_directors_points_on_the_referees_score(client, director, wrong):
    after = on_sheet(client, director, wrong["id"], "adjust", score_changes={"E": -13}).get_json()
    assert after["score"] == wrong["score"] | {"E": wrong["score"]["E"] - 13}
    assert after["open_rulings"] == []


def test_deciding_the_scoresheet_again_replaces_the_decision_and_the_same_one_is_409(
    client, director, wrong, problem
):
    on_sheet(client, director, wrong["id"], "keep")
    again = on_sheet(client, director, wrong["id"], "accept").get_json()
    assert (again["version"], again["score"]) == (3, wrong["score"])
    body = problem(on_sheet(client, director, wrong["id"], "accept"), 409)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/action", "same_decision")]


def test_a_decision_the_scoresheet_cannot_take_is_422_located_and_stores_nothing(
    client, director, wrong, problem, db
):
    url = f"{HANDS}/{wrong['id']}/decisions"
    cases = [
        ({"scoresheet": True, "action": "uphold"}, "/action", "not_a_scoresheet_action"),
        ({"scoresheet": True, "action": "waive"}, "/action", "not_a_scoresheet_action"),
        ({"scoresheet": True, "action": "keep", "score_changes": {"E": 1}}, "/score_changes", "not_allowed"),
        ({"scoresheet": True, "action": "adjust"}, "/score_changes", "required"),
        ({"scoresheet": True, "ruling": 0, "action": "accept"}, "/ruling", "not_allowed"),
        ({"action": "accept"}, "/ruling", "required"),
        ({"ruling": mismatches(wrong)[0], "action": "uphold"}, "/ruling", "scoresheet_ruling"),
        ({"ruling": 0, "action": "keep"}, "/action", "scoresheet_action"),
        ({"scoresheet": "yes", "action": "accept"}, "/scoresheet", "type"),
    ]
    for decision, pointer, code in cases:
        body = problem(
            client.post(url, json={"director": "TD", "reason": "r", **decision}, headers=director), 422
        )
        assert (pointer, code) in [(e["pointer"], e["code"]) for e in body["errors"]], decision
    assert db.execute("SELECT count(*) FROM entries WHERE kind = 'decision'").fetchone()[0] == 0


def test_a_hand_whose_table_wrote_the_referees_scores_has_no_scoresheet_question(
    client, scorer, director, problem
):
    stored = client.post(HANDS, json=hand("mso-2000", play=REVOKE), headers=scorer).get_json()
    assert stored["scoresheet"] is None
    body = problem(on_sheet(client, director, stored["id"], "accept"), 422)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/scoresheet", "no_scoresheet_question")]


def test_a_hand_decided_on_its_scoresheet_leaves_the_open_list(client, director, wrong):
    def listed(open_: str) -> list[int]:
        return [h["id"] for h in client.get(f"{HANDS}?open={open_}", headers=director).get_json()["hands"]]

    assert wrong["id"] in listed("true")  # the revoke is applied: only the scoresheet waits
    on_sheet(client, director, wrong["id"], "accept")
    assert wrong["id"] not in listed("true") and wrong["id"] in listed("false")


def test_per_seat_decisions_of_an_older_archive_read_back_until_the_scoresheet_is_decided(
    client, director, wrong, db
):
    """Before the scoresheet was one question, each seat's mismatch was decided alone; such a
    log (written here as that release wrote it) still reads, counts, verifies, and a decision
    on the scoresheet replaces those decisions."""
    first, *others = mismatches(wrong)
    seat = wrong["audit"]["rulings"][first]["seat"]
    kept = {seat: -wrong["score"][seat]}
    score = wrong["score"] | {seat: 0}
    with archive.write(db):
        old = Decision(first, Action.ADJUST, "Chief TD", "One seat, the old way.", kept)
        archive.append_decision(db, wrong["id"], old, 2, score, wrong["penalties"], None)
    read = client.get(f"{HANDS}/{wrong['id']}", headers=director).get_json()
    assert (read["score"], read["decisions"][0]["ruling"], read["decisions"][0]["scoresheet"]) == (
        score,
        first,
        False,
    )
    assert [r["ruling"] for r in read["open_rulings"]] == others  # the other seats still wait
    assert read["scoresheet"]["status"] == "referred"  # not every seat is decided
    assert client.get(f"{HANDS}/{wrong['id']}/verify", headers=director).get_json()["ok"] is True
    accepted = on_sheet(client, director, wrong["id"], "accept").get_json()
    assert (accepted["score"], accepted["open_rulings"], accepted["version"]) == (wrong["score"], [], 3)


# --- the pure core: rulings.decisions and rulings.life ------------------------------------

REVOKE_APPLIED = Standing(Code.REVOKE, "E", Status.APPLIED, 26)
E_WRONG = Standing(Code.SCORE_MISMATCH, "E", Status.REFERRED)
N_WRONG = Standing(Code.SCORE_MISMATCH, "N", Status.REFERRED)
RULED = (REVOKE_APPLIED, E_WRONG, N_WRONG)
REFEREE = {"N": 3, "E": 36, "S": 13, "W": 0}
WRITTEN = {"N": 0, "E": 10, "S": 13, "W": 0}


def test_one_scoresheet_decision_is_in_the_life_of_every_mismatch_and_of_nothing_else():
    kept = Decision(None, Action.KEEP, "TD", "why", kept_changes(WRITTEN, REFEREE))
    revoke, *seats = lives(RULED, [kept])
    assert not revoke.decided
    assert [(life.decisions, life.status) for life in seats] == [((kept,), RulingStatus.DECIDED)] * 2


def test_keep_moves_each_seat_from_the_referees_score_to_what_the_table_wrote():
    assert kept_changes(WRITTEN, REFEREE) == {"N": -3, "E": -26}
    kept = Decision(None, Action.KEEP, "TD", "why", kept_changes(WRITTEN, REFEREE))
    assert rescore(REFEREE, {"E": 26}, RULED, [kept])[0] == WRITTEN


def test_a_scoresheet_decision_replaces_the_per_seat_decisions_before_it_and_counts_once():
    old = Decision(1, Action.ADJUST, "TD", "one seat, as once", {"E": -26})
    accepted = Decision(None, Action.ACCEPT, "TD", "the referee's")
    assert rescore(REFEREE, {}, RULED, [old])[0]["E"] == 10
    assert rescore(REFEREE, {}, RULED, [old, accepted])[0] == REFEREE


def test_the_question_offers_what_would_change_something():
    fresh = sheet_question(lives(RULED, []), WRITTEN, REFEREE)
    assert fresh is not None and fresh.offered == (Action.ACCEPT, Action.KEEP, Action.ADJUST)
    accepted = sheet_question(lives(RULED, [Decision(None, Action.ACCEPT, "TD", "r")]), WRITTEN, REFEREE)
    assert accepted is not None and accepted.offered == (Action.KEEP, Action.ADJUST)
    assert sheet_question(lives((REVOKE_APPLIED,), []), None, REFEREE) is None
