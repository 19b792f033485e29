"""Score-only hands in a game, through the API: stored, counted, ended by the variant's rules.

RULES (score-only hands): the game supplies each hand's number, dealer and totals before
it; the moon is scored from those totals, the game ends by the variant's rules (never on a
penalty), and every hand and game answer says which hands were not refereed
(``"refereed": false``). A game may mix score-only hands and full records.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games import moon, new_game
from support import validator

GAMES = "/v1/games"


def line(hand_number: int, points: dict[str, int], **extra: Any) -> dict[str, Any]:
    """One line of a scoresheet, as a scoring app sends it to a game (seats N, E, S, W)."""
    return {"hand_number": hand_number, "points": points} | extra


def start(client, headers, variant: str = "mso-2000") -> int:
    response = client.post(GAMES, json=new_game(variant), headers=headers)
    assert response.status_code == 201, response.get_json()
    return int(response.get_json()["id"])


def send(client, headers, game_id: int, *hands: dict[str, Any]) -> list[dict[str, Any]]:
    stored = []
    for hand in hands:
        response = client.post(f"{GAMES}/{game_id}/hands", json=hand, headers=headers)
        assert response.status_code == 201, response.get_json()
        validator("StoredHand").validate(response.get_json())
        stored.append(response.get_json())
    return stored


def read(client, headers, game_id: int) -> dict[str, Any]:
    response = client.get(f"{GAMES}/{game_id}", headers=headers)
    assert response.status_code == 200
    validator("Game").validate(response.get_json())
    return response.get_json()


def test_a_game_counts_score_only_hands_into_its_totals(client, scorer):
    game_id = start(client, scorer)
    (first, second) = send(
        client,
        scorer,
        game_id,
        line(1, {"N": 3, "E": 10, "S": 13, "W": 0}),
        line(2, {"N": 0, "E": 5, "S": 8, "W": 13}),
    )
    assert first["audit"]["refereed"] is False and first["audit"]["tricks"] == []
    assert second["record"]["points"] == {"N": 0, "E": 5, "S": 8, "W": 13}
    game = read(client, scorer, game_id)
    assert game["totals"] == {"N": 3, "E": 15, "S": 21, "W": 13}
    assert [h["refereed"] for h in game["hands"]] == [False, False]
    assert game["next_hand"] == {"hand_number": 3, "dealer": "E", "pass_direction": "across"}


def test_a_game_mixes_full_records_and_score_only_hands(client, scorer):
    game_id = start(client, scorer)
    send(client, scorer, game_id, moon("W", 1), line(2, {"N": 13, "E": 13, "S": 0, "W": 0}))
    game = read(client, scorer, game_id)
    assert [h["refereed"] for h in game["hands"]] == [True, False]
    assert game["totals"] == {"N": 39, "E": 39, "S": 26, "W": 0}


def test_a_score_only_moon_is_scored_from_the_game_s_totals_before_it(client, scorer):
    game_id = start(client, scorer)
    send(
        client,
        scorer,
        game_id,
        *(line(n, {"N": 0, "E": 10, "S": 15, "W": 1}) for n in (1, 2, 3)),
        line(4, {"N": 0, "E": 0, "S": 25, "W": 1}),
        line(5, {"N": 0, "E": 0, "S": 13, "W": 13}),  # N 0, E 30, S 83, W 17: S has 74
    )
    (sixth,) = send(client, scorer, game_id, line(6, {"N": 0, "E": 26, "S": 0, "W": 0}))
    assert sixth["audit"]["moon"] == {"seat": "E", "option": "subtract", "chosen_by": "referee"}
    assert read(client, scorer, game_id)["totals"]["E"] == 30 - 26


def test_points_with_a_play_is_a_located_422_and_stores_nothing(client, scorer, problem):
    game_id = start(client, scorer)
    body = line(1, {"N": 3, "E": 10, "S": 13, "W": 0}, play=[{"seat": "N", "card": "2C"}])
    response = client.post(f"{GAMES}/{game_id}/hands", json=body, headers=scorer)
    errors = problem(response, 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/play", "score_only")]
    assert read(client, scorer, game_id)["hands"] == []


def test_points_that_do_not_add_up_are_a_located_422(client, scorer, problem):
    game_id = start(client, scorer)
    response = client.post(
        f"{GAMES}/{game_id}/hands", json=line(1, {"N": 3, "E": 10, "S": 12, "W": 0}), headers=scorer
    )
    errors = problem(response, 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/points", "points_total")]


def test_a_full_record_carrying_irregularities_is_a_422_at_irregularities_and_stores_nothing(
    client, director, problem
):
    """A full record's irregularities come from its play: a report beside the play would be
    stored and never read, so it is refused."""
    game_id = start(client, director)
    hand = moon("W", 1) | {"irregularities": [{"code": "revoke", "seat": "S"}]}
    errors = problem(client.post(f"{GAMES}/{game_id}/hands", json=hand, headers=director), 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/irregularities", "not_allowed")]
    assert read(client, director, game_id)["hands"] == []


def test_a_score_only_hand_names_its_hand_number(client, scorer, problem):
    game_id = start(client, scorer)
    response = client.post(
        f"{GAMES}/{game_id}/hands", json={"points": {"N": 26, "E": 0, "S": 0, "W": 0}}, headers=scorer
    )
    errors = problem(response, 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/hand_number", "required")]


def test_the_same_score_only_hand_sent_again_is_the_stored_one(client, scorer):
    game_id = start(client, scorer)
    (stored,) = send(client, scorer, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    again = client.post(
        f"{GAMES}/{game_id}/hands", json=line(1, {"N": 3, "E": 10, "S": 13, "W": 0}), headers=scorer
    )
    assert again.status_code == 200 and again.get_json()["id"] == stored["id"]


def test_a_reported_revoke_is_priced_by_the_schedule_and_counted(client, director):
    game_id = start(client, director)
    revoke = {"code": "revoke", "seat": "S"}
    (stored,) = send(
        client, director, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=[revoke])
    )
    assert stored["audit"]["penalties"]["S"] == 26
    assert read(client, director, game_id)["totals"]["S"] == 39


def test_a_scorer_s_irregularities_are_refused_and_nothing_is_stored(client, scorer, problem):
    """Only a director imposes a penalty: a scoring app's line that reports a revoke would
    have given S 26 penalty points with no director, no reason and no amendment."""
    game_id = start(client, scorer)
    sent = line(1, {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=[{"code": "revoke", "seat": "S"}])
    body = problem(client.post(f"{GAMES}/{game_id}/hands", json=sent, headers=scorer), 403)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/irregularities", "director_only")]
    assert read(client, scorer, game_id)["hands"] == []
    del sent["irregularities"]
    assert client.post(f"{GAMES}/{game_id}/hands", json=sent, headers=scorer).status_code == 201


def test_a_scorer_s_irregularities_are_refused_on_a_hand_outside_a_game(client, scorer, director, problem):
    sent = {
        "variant": "mso-2000",
        "seats": ["N", "E", "S", "W"],
        "dealer": "W",
        "hand_number": 1,
        "points": {"N": 3, "E": 10, "S": 13, "W": 0},
        "irregularities": [{"code": "revoke", "seat": "S"}],
    }
    body = problem(client.post("/v1/hands", json=sent, headers=scorer), 403)
    assert [e["code"] for e in body["errors"]] == ["director_only"]
    assert client.get("/v1/hands", headers=scorer).get_json()["hands"] == []
    stored = client.post("/v1/hands", json=sent, headers=director)
    assert stored.status_code == 201 and stored.get_json()["audit"]["penalties"]["S"] == 26


def test_the_game_ends_at_100_on_score_only_hands(client, scorer, problem):
    game_id = start(client, scorer)
    send(
        client,
        scorer,
        game_id,
        *(line(n, {"N": 0, "E": 0, "S": 25, "W": 1}) for n in range(1, 5)),
    )
    game = read(client, scorer, game_id)
    assert game["status"] == "over" and game["ended_after"] == 4 and game["totals"]["S"] == 100
    response = client.post(
        f"{GAMES}/{game_id}/hands", json=line(5, {"N": 26, "E": 0, "S": 0, "W": 0}), headers=scorer
    )
    assert problem(response, 409)["errors"][0]["code"] == "game_over"


def test_a_game_cannot_end_on_a_penalty_given_on_a_score_only_hand(client, director):
    game_id = start(client, director)
    points = {"N": 0, "E": 13, "S": 13, "W": 0}
    send(client, director, game_id, *(line(n, points) for n in range(1, 8)))  # E and S at 91
    send(
        client,
        director,
        game_id,
        line(8, {"N": 13, "E": 0, "S": 0, "W": 13}, irregularities=[{"code": "revoke", "seat": "S"}]),
    )
    game = read(client, director, game_id)
    assert game["totals"]["S"] == 117 and game["status"] == "in_progress"


def test_validating_a_recorded_game_takes_score_only_hands(client):
    body = new_game("mso-2000") | {
        "hands": [
            moon("W", 1),
            line(
                2,
                {"N": 13, "E": 13, "S": 0, "W": 0},
                irregularities=[{"code": "incorrect_pass", "seat": "N"}],
            ),
        ]
    }
    response = client.post(f"{GAMES}/validate", json=body)
    assert response.status_code == 200, response.get_json()
    game = response.get_json()
    validator("GameValidation").validate(game)
    assert [h["refereed"] for h in game["hands"]] == [True, False]
    assert game["totals"] == {"N": 65, "E": 39, "S": 26, "W": 0}


def test_a_recorded_game_locates_a_score_only_problem_under_its_hand(client, problem):
    body = new_game("mso-2000") | {"hands": [line(1, {"N": 13, "E": 13, "S": 0, "W": 1})]}
    errors = problem(client.post(f"{GAMES}/validate", json=body), 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/hands/0/points", "points_total")]


# --- the director's work on a score-only hand -----------------------------------------------


def report(hand_id: int, client, headers, **sent: Any):
    body = {"director": "Chief TD", "reason": "E reported it at the table"} | sent
    return client.post(f"/v1/hands/{hand_id}/irregularities", json=body, headers=headers)


def test_a_revoke_recorded_by_the_director_costs_26_under_mso_and_the_totals_follow(client, director):
    game_id = start(client, director)
    second_points = {"N": 0, "E": 5, "S": 8, "W": 13}
    first, second = send(
        client, director, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}), line(2, second_points)
    )
    response = report(first["id"], client, director, code="revoke", seat="S")
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()
    validator("StoredHand").validate(hand)
    assert (hand["version"], hand["score"]["S"], hand["penalties"]["S"]) == (2, 39, 26)
    assert hand["record"]["irregularities"] == [{"code": "revoke", "seat": "S"}]
    (amended,) = hand["amendments"]
    assert (amended["director"], amended["version"]) == ("Chief TD", 2)
    game = read(client, director, game_id)
    assert game["totals"] == {"N": 3, "E": 15, "S": 47, "W": 13}
    later = client.get(f"/v1/hands/{second['id']}", headers=director).get_json()
    (followed,) = later["consequences"]
    assert followed["cause"]["action"] == "irregularity" and "The new record of hand 1" in followed["reason"]
    assert later["score"] == second_points and followed["scores_before"] == {"N": 3, "E": 10, "S": 39, "W": 0}


def test_a_revoke_recorded_under_standard_is_referred_to_the_director(client, director):
    game_id = start(client, director, "standard")
    (first,) = send(client, director, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    hand = report(first["id"], client, director, code="revoke", seat="S").get_json()
    assert hand["penalties"]["S"] == 0 and hand["status"] == "open"
    assert [(r["code"], r["seat"]) for r in hand["open_rulings"]] == [("revoke", "S")]


def test_a_reported_revoke_referred_under_standard_waits_in_the_director_s_open_list(client, director):
    game_id = start(client, director, "standard")
    first, second = send(
        client,
        director,
        game_id,
        line(1, {"N": 3, "E": 10, "S": 13, "W": 0}),
        line(2, {"N": 0, "E": 5, "S": 8, "W": 13}),
    )
    assert client.get("/v1/hands?open=true", headers=director).get_json()["hands"] == []
    report(first["id"], client, director, code="revoke", seat="S")
    listed = client.get("/v1/hands?open=true", headers=director).get_json()["hands"]
    assert [h["id"] for h in listed] == [first["id"]]
    closed = client.get("/v1/hands?open=false", headers=director).get_json()["hands"]
    assert [h["id"] for h in closed] == [second["id"]]


def test_a_hand_whose_play_was_refereed_takes_no_reported_irregularity(client, director, problem):
    game_id = start(client, director)
    (first,) = send(client, director, game_id, moon("W", 1))
    errors = problem(report(first["id"], client, director, code="revoke", seat="S"), 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("", "refereed_hand")]


def test_a_report_the_hand_cannot_take_is_located_in_the_request(client, director, problem):
    game_id = start(client, director)
    (first,) = send(client, director, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    errors = problem(report(first["id"], client, director, code="score_mismatch", seat="X"), 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [
        ("/code", "not_reportable"),
        ("/seat", "unknown_seat"),
    ]


def test_an_incorrect_pass_the_director_records_on_a_game_without_a_pass_is_refused_at_code(
    client, director, problem
):
    """Nothing was passed in this game: the report is refused where it says what happened,
    and the hand keeps its score and its version."""
    variant = {"base": "mso-2000", "options": {"pass_cycle": "no-pass"}}
    game_id = start(client, director, variant)
    (first,) = send(client, director, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    response = report(first["id"], client, director, code="incorrect_pass", seat="N")
    errors = problem(response, 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/code", "impossible_irregularity")]
    hand = client.get(f"/v1/hands/{first['id']}", headers=director).get_json()
    assert (hand["version"], hand["score"]["N"]) == (1, 3)


def test_a_scorer_cannot_record_an_irregularity(client, scorer, director):
    game_id = start(client, scorer)
    (first,) = send(client, scorer, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    assert report(first["id"], client, scorer, code="revoke", seat="S").status_code == 403


# --- the full record replaces a score-only entry --------------------------------------------


def replace_with(hand_id: int, client, headers, record: dict[str, Any]):
    body = {"record": record, "director": "Chief TD", "reason": "the table's own card-by-card record"}
    return client.post(f"/v1/hands/{hand_id}/records", json=body, headers=headers)


def test_the_full_record_replaces_a_score_only_entry_as_a_new_version(client, director):
    game_id = start(client, director)
    first, second = send(
        client,
        director,
        game_id,
        line(1, {"N": 13, "E": 13, "S": 0, "W": 0}),
        line(2, {"N": 0, "E": 5, "S": 8, "W": 13}),
    )
    response = replace_with(first["id"], client, director, moon("W", 1))  # the sheet missed W's moon
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()
    validator("StoredHand").validate(hand)
    assert (hand["version"], hand["score"]) == (2, {"N": 26, "E": 26, "S": 26, "W": 0})
    assert "play" in hand["record"] and "points" not in hand["record"]
    game = read(client, director, game_id)
    assert [h["refereed"] for h in game["hands"]] == [True, False]
    assert game["totals"] == {"N": 26, "E": 31, "S": 34, "W": 13}
    (followed,) = client.get(f"/v1/hands/{second['id']}", headers=director).get_json()["consequences"]
    assert followed["cause"]["action"] == "record" and followed["scores_before"] == {
        "N": 26,
        "E": 26,
        "S": 26,
        "W": 0,
    }
    assert client.get(f"/v1/hands/{first['id']}/verify", headers=director).get_json()["ok"] is True


def test_the_replacing_record_is_audited_and_its_problems_located_under_record(client, director, problem):
    game_id = start(client, director)
    (first,) = send(client, director, game_id, line(1, {"N": 13, "E": 13, "S": 0, "W": 0}))
    broken = moon("W", 1)
    broken["play"][0]["card"] = "ZZ"
    errors = problem(replace_with(first["id"], client, director, broken), 422)["errors"]
    assert errors[0]["pointer"] == "/record/play/0/card"


def test_a_replacing_record_that_cannot_have_happened_is_located_under_record(client, director, problem):
    game_id = start(client, director)
    (first,) = send(client, director, game_id, line(1, {"N": 13, "E": 13, "S": 0, "W": 0}))
    broken = moon("W", 1)
    broken["play"][1]["card"] = broken["play"][0]["card"]  # a card its seat never held
    errors = problem(replace_with(first["id"], client, director, broken), 422)["errors"]
    assert errors and all(e["pointer"].startswith("/record/") for e in errors)
    assert client.get(f"/v1/hands/{first['id']}", headers=director).get_json()["version"] == 1


def test_the_record_a_hand_already_stands_on_changes_nothing(client, director, problem):
    game_id = start(client, director)
    (first,) = send(client, director, game_id, line(1, {"N": 13, "E": 13, "S": 0, "W": 0}))
    again = line(1, {"N": 13, "E": 13, "S": 0, "W": 0})
    assert (
        problem(replace_with(first["id"], client, director, again), 409)["errors"][0]["code"] == "same_record"
    )


def test_a_replacing_record_for_another_hand_number_is_refused(client, director, problem):
    game_id = start(client, director)
    (first,) = send(client, director, game_id, line(1, {"N": 13, "E": 13, "S": 0, "W": 0}))
    errors = problem(
        replace_with(first["id"], client, director, line(2, {"N": 26, "E": 0, "S": 0, "W": 0})), 422
    )["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/record/hand_number", "wrong_hand_number")]


def test_the_games_pages_scoresheet_session_is_true(client, director):
    """docs/games.md's table 9, step by step, with the values it shows."""
    root = Path(__file__).resolve().parent.parent
    page = (root / "docs" / "games.md").read_text(encoding="utf-8")
    assert "-d @examples/mso-hand-2-record.json" in page
    game_id = start(client, director)
    sheet = [
        {"N": 3, "E": 10, "S": 13, "W": 0},
        {"N": 13, "E": 13, "S": 0, "W": 0},
        {"N": 0, "E": 5, "S": 8, "W": 13},
    ]
    first, second, _ = send(client, director, game_id, *(line(n, p) for n, p in enumerate(sheet, start=1)))
    for points in sheet:
        assert json.dumps(points) in page
    revoked = report(first["id"], client, director, code="revoke", seat="S").get_json()
    assert f'"version": 2, "score": {json.dumps(revoked["score"])}' in page
    assert f'"penalties": {json.dumps(revoked["penalties"])}' in page
    body = json.loads((root / "examples" / "mso-hand-2-record.json").read_text(encoding="utf-8"))
    response = client.post(f"/v1/hands/{second['id']}/records", json=body, headers=director)
    replaced = response.get_json()
    assert f'"version": 3, "score": {json.dumps(replaced["score"])}' in page
    game = read(client, director, game_id)
    assert f'"totals": {json.dumps(game["totals"])}' in page
    for hand in game["hands"]:
        shown = {"hand_number": hand["hand_number"], "version": hand["version"], "refereed": hand["refereed"]}
        assert json.dumps(shown)[:-1] in page, shown


# --- outside a game ---------------------------------------------------------------------------


def test_a_standalone_score_only_record_validates_through_the_api_marked_not_refereed(client, problem):
    record = {"variant": "mso-2000", "seats": ["N", "E", "S", "W"], "dealer": "W", "hand_number": 1}
    response = client.post("/v1/hands/validate", json=record | {"points": {"N": 3, "E": 10, "S": 13, "W": 0}})
    assert response.status_code == 200 and response.get_json()["refereed"] is False
    validator("ValidationResult").validate(response.get_json())
    refused = client.post("/v1/hands/validate", json=record | {"points": {"N": 3, "E": 10, "S": 13, "W": 1}})
    assert problem(refused, 422)["type"] == "/docs#problem-invalid_record"


def test_a_stored_hand_outside_a_game_takes_a_reported_irregularity_but_not_a_new_record(
    client, director, problem
):
    record = {"variant": "mso-2000", "seats": ["N", "E", "S", "W"], "dealer": "W", "hand_number": 1}
    stored = client.post(
        "/v1/hands", json=record | {"points": {"N": 3, "E": 10, "S": 13, "W": 0}}, headers=director
    )
    assert stored.status_code == 201
    hand_id = stored.get_json()["id"]
    hand = report(hand_id, client, director, code="early_heart", seat="W").get_json()
    assert (hand["version"], hand["penalties"]["W"]) == (2, 5)
    refused = replace_with(hand_id, client, director, moon("W", 1))
    assert [e["code"] for e in problem(refused, 422)["errors"]] == ["not_a_game_hand"]


def test_re_auditing_the_archive_finds_a_stored_score_only_hand_unchanged_and_its_chain_whole(
    client, director, db
):
    from hearts_referee.usecases.keys import OPERATOR_AS_AUDITOR
    from hearts_referee.usecases.recheck import recheck

    game_id = start(client, director)
    (first,) = send(client, director, game_id, line(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    report(first["id"], client, director, code="revoke", seat="S")
    (checked,) = list(recheck(db, OPERATOR_AS_AUDITOR))
    assert checked.now is not None and checked.now.refereed is False
    assert checked.score == {} and checked.rulings.added == () and checked.chain.ok
