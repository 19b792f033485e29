"""Games: the service deals each hand's number, dealer and totals, and closes the table.

Games are built from scripted moons (:func:`games.moon`) and random legal
playouts (:func:`games.random_body`), sent through the API with a scorer's
key, the way a scoring app would.
"""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from games import body, moon, new_game, random_body

import playout
from hearts_referee import usecases
from hearts_referee.validate import validate_hand
from playout import build_hand
from playout.revoke import PlantRevoke

GAMES = "/v1/games"


def start(client, headers, **kwargs: Any) -> int:
    response = client.post(GAMES, json=new_game(**kwargs), headers=headers)
    assert response.status_code == 201, response.get_json()
    assert response.headers["Location"] == f"{GAMES}/{response.get_json()['id']}"
    return response.get_json()["id"]


def play(client, headers, game_id: int, *hands: dict[str, Any]) -> list[dict[str, Any]]:
    stored = []
    for hand in hands:
        response = client.post(f"{GAMES}/{game_id}/hands", json=hand, headers=headers)
        assert response.status_code == 201, response.get_json()
        stored.append(response.get_json())
    return stored


def read(client, headers, game_id: int) -> dict[str, Any]:
    response = client.get(f"{GAMES}/{game_id}", headers=headers)
    assert response.status_code == 200
    return response.get_json()


def revoke_by_north(hand_number: int, before: dict[str, int]) -> dict[str, Any]:
    """A complete hand in which N revokes once (26 penalty points) and nobody takes 22 card points."""
    for seed in range(500):
        rng = random.Random(seed)
        record = build_hand(rng, "mso-2000", hand_number, deviate=PlantRevoke(rng, seats=["N"]))
        result = validate_hand({**record, "scores_before": before})
        if (
            [r["code"] for r in result["rulings"]] == ["revoke"]
            and result["penalties"]["N"] == 26
            and max(result["points"].values()) < 22
        ):
            return {k: v for k, v in record.items() if k in ("deal", "passes", "play")}
    raise AssertionError("no such hand in 500 seeds")


def test_the_game_supplies_hand_number_dealer_and_scores_before(client, scorer):
    game_id = start(client, scorer, first_dealer="S")
    first, second = play(client, scorer, game_id, moon("W", 1), moon("N", 2))
    assert (first["hand_number"], first["dealer"], first["seq"]) == (1, "S", 1)
    assert (second["hand_number"], second["dealer"], second["seq"]) == (2, "W", 2)  # the deal passes left
    assert second["record"]["scores_before"] == {"N": 26, "E": 26, "S": 26, "W": 0}
    assert second["record"]["variant"] == "mso-2000" and second["record"]["seats"] == ["N", "E", "S", "W"]
    game = read(client, scorer, game_id)
    assert game["next_hand"] == {"hand_number": 3, "dealer": "N", "pass_direction": "across"}
    assert [h["totals"] for h in game["hands"]] == [
        {"N": 26, "E": 26, "S": 26, "W": 0},
        {"N": 26, "E": 52, "S": 52, "W": 26},
    ]


def test_mso2000_full_game_penalty_alone_past_100_goes_on_then_match_points(client, scorer):
    game_id = start(client, scorer)
    play(client, scorer, game_id, moon("W", 1), moon("W", 2), moon("W", 3))
    assert read(client, scorer, game_id)["totals"] == {"N": 78, "E": 78, "S": 78, "W": 0}

    (revoked,) = play(client, scorer, game_id, revoke_by_north(4, {"N": 78, "E": 78, "S": 78, "W": 0}))
    game = read(client, scorer, game_id)
    assert revoked["penalties"]["N"] == 26 and game["totals"]["N"] >= 100
    assert game["totals"]["N"] - 26 < 100  # past 100 only through this hand's penalty
    assert game["status"] == "in_progress" and game["winners"] is None
    assert game["next_hand"]["hand_number"] == 5

    play(client, scorer, game_id, random_body(5, 5))  # N is still past 100: this hand ends it
    game = read(client, scorer, game_id)
    totals = game["totals"]
    assert game["status"] == "over" and game["ended_after"] == 5 and game["next_hand"] is None
    assert game["winners"] == [min(totals, key=totals.get)]
    ranked = sorted(totals, key=totals.get)
    if len(set(totals.values())) == 4:
        assert [game["match_points"][seat] for seat in ranked] == [5, 3, 2, 1]
    assert sum(game["match_points"].values()) == 11
    assert game["final"] is False  # nobody has signed

    late = client.post(f"{GAMES}/{game_id}/hands", json=random_body(6, 6), headers=scorer)
    assert late.status_code == 409 and late.get_json()["errors"][0]["code"] == "game_over"


@pytest.mark.parametrize("variant", ["mso-2000", "standard"])
def test_a_tie_for_lowest_wins_together_and_shares_match_points(client, scorer, variant):
    game_id = start(client, scorer, variant=variant)
    play(client, scorer, game_id, *(moon(s, n, variant) for n, s in enumerate("EEWW", start=1)))
    game = read(client, scorer, game_id)
    assert game["totals"] == {"N": 104, "E": 52, "S": 104, "W": 52}
    assert game["status"] == "over" and sorted(game["winners"]) == ["E", "W"]
    if variant == "mso-2000":
        assert game["match_points"] == {"E": 4, "W": 4, "N": 1.5, "S": 1.5}
    else:
        assert game["match_points"] is None and game["rules"]["match_points"] is None


def test_long_john_game_a_tie_for_lowest_all_advance(client, scorer):
    seats = ["A", "B", "C", "D", "E", "F"]
    response = client.post(
        GAMES,
        headers=scorer,
        json={
            "variant": "long-john",
            "seats": seats,
            "players": {s: f"Player {s}" for s in seats},
            "first_dealer": "F",
        },
    )
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["id"]
    rng = random.Random(7)
    for number, dealer in ((1, "F"), (2, "A")):  # the dealer's left, A then B, shoots the moon
        record = playout.long_john_moon_hand_for(rng, seats, number, dealer)
        record.pop("moon_choice", None)  # the referee chooses: adding leaves the shooter lowest
        play(client, scorer, game_id, body(record))
    game = read(client, scorer, game_id)
    assert game["totals"] == {"A": 52, "B": 52, "C": 104, "D": 104, "E": 104, "F": 104}
    assert game["status"] == "over" and sorted(game["winners"]) == ["A", "B"]
    assert game["match_points"] is None  # long-john advances the lowest; no match points


def test_a_decision_after_the_end_recomputes_totals_winners_and_match_points(client, scorer, as_role):
    game_id = start(client, scorer)
    written = {"N": 26, "E": 28, "S": 26, "W": 0}  # the table wrote 28 for E on the last hand
    hands = play(
        client, scorer, game_id, moon("E", 1), moon("E", 2), moon("W", 3), moon("W", 4, claimed=written)
    )
    game = read(client, scorer, game_id)
    assert sorted(game["winners"]) == ["E", "W"] and game["hands"][-1]["status"] == "open"
    (mismatch,) = hands[-1]["open_rulings"]
    assert (mismatch["code"], mismatch["seat"]) == ("score_mismatch", "E")

    decided = client.post(
        f"/v1/hands/{hands[-1]['id']}/decisions",
        headers=as_role("director"),
        json={
            "scoresheet": True,
            "action": "adjust",
            "score_changes": {"E": 2},
            "director": "Chief TD",
            "reason": "E took two hearts the table saw; the record missed them.",
        },
    )
    assert decided.status_code == 201, decided.get_json()
    game = read(client, scorer, game_id)
    assert game["totals"] == {"N": 104, "E": 54, "S": 104, "W": 52}
    assert game["winners"] == ["W"]
    assert game["match_points"] == {"W": 5, "E": 3, "N": 1.5, "S": 1.5}
    assert game["hands"][-1]["version"] == 2


def test_a_void_deal_is_redealt_by_the_same_dealer_under_the_same_number(client, scorer):
    game_id = start(client, scorer)
    play(client, scorer, game_id, moon("E", 1))
    misdeal = {**moon("E", 2), "exposed_in_deal": ["5D"]}
    (void,) = play(client, scorer, game_id, misdeal)
    assert void["audit"]["void"] is True and (void["hand_number"], void["dealer"]) == (2, "N")
    game = read(client, scorer, game_id)
    assert game["next_hand"] == {"hand_number": 2, "dealer": "N", "pass_direction": "right"}
    (redeal,) = play(client, scorer, game_id, moon("E", 2))
    assert (redeal["seq"], redeal["hand_number"], redeal["dealer"]) == (3, 2, "N")


def test_the_same_hand_sent_twice_is_stored_once(client, scorer):
    game_id = start(client, scorer)
    first = client.post(f"{GAMES}/{game_id}/hands", json=moon("E", 1), headers=scorer)
    again = client.post(f"{GAMES}/{game_id}/hands", json={**moon("E", 1), "hand_number": 1}, headers=scorer)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["id"] == first.get_json()["id"]
    assert len(read(client, scorer, game_id)["hands"]) == 1


def _three_moons(client, headers) -> tuple[int, list[dict[str, Any]]]:
    """An MSO game after three moons: hand 4 passes left again, as hand 1 did."""
    game_id = start(client, headers)
    hands = [moon(shooter, n) | {"hand_number": n} for n, shooter in enumerate("ENS", start=1)]
    return game_id, play(client, headers, game_id, *hands)


def test_a_deal_that_repeats_an_earlier_hand_under_its_own_number_is_a_new_hand(client, scorer):
    game_id, (first, *_) = _three_moons(client, scorer)
    repeat = client.post(f"{GAMES}/{game_id}/hands", json={**moon("E", 4), "hand_number": 4}, headers=scorer)
    assert repeat.status_code == 201, repeat.get_json()
    assert repeat.get_json()["id"] != first["id"]
    assert (repeat.get_json()["hand_number"], repeat.get_json()["seq"]) == (4, 4)
    assert len(read(client, scorer, game_id)["hands"]) == 4


def test_a_repeated_deal_resent_under_either_number_is_the_hand_stored_under_it(client, scorer):
    game_id, (first, *_) = _three_moons(client, scorer)
    fourth = play(client, scorer, game_id, {**moon("E", 4), "hand_number": 4})[0]
    for number, stored in ((4, fourth), (1, first)):
        again = client.post(
            f"{GAMES}/{game_id}/hands", json={**moon("E", number), "hand_number": number}, headers=scorer
        )
        assert (again.status_code, again.get_json()["id"]) == (200, stored["id"])
    assert len(read(client, scorer, game_id)["hands"]) == 4


def test_a_repeated_deal_sent_without_a_hand_number_is_taken_as_the_stored_hand(client, scorer):
    """Without the table's number, a hand that matches a stored one card for card is a resend."""
    game_id, (first, *_) = _three_moons(client, scorer)
    again = client.post(f"{GAMES}/{game_id}/hands", json=moon("E", 4), headers=scorer)
    assert (again.status_code, again.get_json()["id"]) == (200, first["id"])
    assert len(read(client, scorer, game_id)["hands"]) == 3


def test_a_hand_stored_under_the_hash_without_its_number_is_found_when_resent(client, scorer, monkeypatch):
    """Archives written before the hand number was hashed in keep their hashes (the table's
    parts alone); a resend of such a hand is still that hand."""
    from hearts_referee import archive
    from hearts_referee.archive.db import sha256
    from hearts_referee.referee.notation import parts_data

    def parts_only(game_id, hand_number, parts, deal):
        return sha256(
            f"game:{game_id}\n" + json.dumps(parts_data(parts), sort_keys=True, separators=(",", ":"))
        )

    game_id = start(client, scorer)
    with monkeypatch.context() as old_release:
        old_release.setattr(archive, "game_hand_hash", parts_only)
        (first,) = play(client, scorer, game_id, moon("E", 1))
    again = client.post(f"{GAMES}/{game_id}/hands", json={**moon("E", 1), "hand_number": 1}, headers=scorer)
    assert (again.status_code, again.get_json()["id"]) == (200, first["id"])


def test_a_hand_number_that_is_not_the_next_is_409(client, scorer, problem):
    game_id = start(client, scorer)
    body = problem(
        client.post(f"{GAMES}/{game_id}/hands", json={**moon("E", 1), "hand_number": 2}, headers=scorer), 409
    )
    assert body["errors"] == [
        {
            "pointer": "/hand_number",
            "code": "wrong_hand_number",
            "message": "the next hand of this game is hand 1",
        }
    ]


def test_a_record_that_cannot_have_happened_stores_nothing(client, scorer, problem, db):
    game_id = start(client, scorer)
    bad = moon("E", 1)
    bad["play"][0] = {"seat": "E", "card": "2H"}  # E holds no 2♥
    body = problem(client.post(f"{GAMES}/{game_id}/hands", json=bad, headers=scorer), 422)
    assert any(e["pointer"].startswith("/play/0") for e in body["errors"])
    unknown = problem(
        client.post(f"{GAMES}/{game_id}/hands", json={**moon("E", 1), "dealer": "N"}, headers=scorer), 422
    )
    assert unknown["errors"][0]["pointer"] == "/dealer"
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM entries").fetchone()[0] == 0


def test_a_game_that_cannot_be_seated_is_422_with_pointers(client, scorer, problem):
    body = problem(
        client.post(GAMES, json=new_game(seats=["N", "E", "S", "N", "X"], first_dealer="Z"), headers=scorer),
        422,
    )
    assert {e["pointer"] for e in body["errors"]} >= {"/seats", "/seats/3", "/first_dealer", "/players/X"}
    assert problem(client.get(f"{GAMES}/99", headers=scorer), 404)["detail"] == "No game 99."


def test_concurrent_appends_of_the_next_hand_one_wins_the_other_gets_409(client, scorer, monkeypatch, db):
    """Two tables' apps send hand 1 at once, each giving the other time to read the game
    while it audits. The append reads, audits and stores in one write transaction, so the
    second reads the game with the first's hand in it: one 201, one 409, every time."""
    both_sent = threading.Barrier(2, timeout=10)
    real = usecases.games.audit_record

    def audit_slowly(record, *language):
        threading.Event().wait(0.05)
        return real(record, *language)

    monkeypatch.setattr(usecases.games, "audit_record", audit_slowly)
    for _ in range(5):
        game_id = start(client, scorer)
        statuses: list[int] = []

        def append(shooter: str, game_id: int = game_id, statuses: list[int] = statuses) -> None:
            both_sent.wait()
            response = client.application.test_client().post(
                f"{GAMES}/{game_id}/hands", json=moon(shooter, 1), headers=scorer
            )
            statuses.append(response.status_code)
            if response.status_code == 409:
                assert response.get_json()["errors"][0]["code"] == "concurrent_append"

        threads = [threading.Thread(target=append, args=(seat,)) for seat in "EW"]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [201, 409]
        assert db.execute("SELECT count(*) FROM hands WHERE game_id = ?", [game_id]).fetchone()[0] == 1


def test_a_hand_sent_for_a_position_another_hand_took_first_is_409_not_422(client, scorer, problem, db):
    """Two tables' apps both send "hand 1" without hand_number; the second arrives once the
    first is stored. Read as hand 2 (passed the other way) its play is impossible, and it
    was answered 422 not_held. It is a lost race: 409 concurrent_append, naming the position."""
    game_id = start(client, scorer)
    play(client, scorer, game_id, moon("E", 1))
    late = moon("W", 1)
    body = problem(client.post(f"{GAMES}/{game_id}/hands", json=late, headers=scorer), 409)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("", "concurrent_append")]
    assert "position 1 of game" in body["detail"]
    assert db.execute("SELECT count(*) FROM hands WHERE game_id = ?", [game_id]).fetchone()[0] == 1


def test_a_race_lost_by_more_than_one_hand_is_409_naming_the_position_it_was_meant_for(
    client, scorer, problem
):
    game_id = start(client, scorer)
    play(client, scorer, game_id, moon("E", 1), moon("N", 2))  # mso-2000: left, then right
    body = problem(client.post(f"{GAMES}/{game_id}/hands", json=moon("W", 1), headers=scorer), 409)
    assert "position 1 of game" in body["detail"]


def test_a_stale_read_that_loses_the_race_is_409_whichever_way_it_loses(db, monkeypatch):
    """The use case called as two requests would call it, the loser with the game as it read
    it before the winner's hand was stored: its audit is of the right position, but the
    position is taken by the time it writes."""
    from hearts_referee import archive
    from hearts_referee.schemas.game import load_game, load_game_hand
    from hearts_referee.usecases.errors import Conflict

    key = archive.get_key(db, archive.create_key(db, "scorer", "scorer")[0].id)
    game_id = usecases.games.start_game(db, key, load_game(new_game())).id
    stale = archive.get_game(db, game_id)
    usecases.games.append_hand(db, key, game_id, load_game_hand(moon("E", 1)))
    monkeypatch.setattr(usecases.games.archive, "get_game", lambda db, game_id: stale)
    with pytest.raises(Conflict) as lost:
        usecases.games.append_hand(db, key, game_id, load_game_hand(moon("W", 1)))
    assert [p.code for p in lost.value.problems] == ["concurrent_append"]


def test_a_hand_that_fits_no_position_of_the_game_is_still_422(client, scorer, problem):
    game_id = start(client, scorer)
    play(client, scorer, game_id, moon("E", 1))
    bad = moon("W", 1)
    bad["play"][0] = {"seat": "W", "card": "2H"}  # W holds no 2♥ in any deal of the game
    body = problem(client.post(f"{GAMES}/{game_id}/hands", json=bad, headers=scorer), 422)
    assert ("/play/0/card", "not_held") in {(e["pointer"], e["code"]) for e in body["errors"]}


# --- the stateless check of a whole game -------------------------------------------


def test_validate_a_whole_game_gives_the_stored_games_scoresheet_and_stores_nothing(client, scorer, db):
    hands = [moon(s, n) for n, s in enumerate("EEWW", start=1)]
    game_id = start(client, scorer)
    play(client, scorer, game_id, *hands)
    stored = read(client, scorer, game_id)
    before = db.execute("SELECT count(*) FROM hands").fetchone()[0]
    response = client.post(f"{GAMES}/validate", json=new_game(hands=hands))
    assert response.status_code == 200, response.get_json()
    checked = response.get_json()
    for field in ("totals", "winners", "match_points", "ended_after", "status", "rules"):
        assert checked[field] == stored[field], field
    assert [h["result"]["moon"]["seat"] for h in checked["hands"]] == list("EEWW")
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == before


def test_validate_refuses_a_hand_after_the_end_and_points_into_each_bad_hand(client, problem):
    hands = [moon(s, n) for n, s in enumerate("EEWW", start=1)] + [moon("N", 5)]
    body = problem(client.post(f"{GAMES}/validate", json=new_game(hands=hands)), 422)
    assert body["errors"] == [
        {"pointer": "/hands/4", "code": "after_game_end", "message": "the game ended after hand 4"}
    ]
    broken = moon("E", 1)
    broken["play"][0]["card"] = "2H"
    body = problem(client.post(f"{GAMES}/validate", json=new_game(hands=[broken, {"deal": {}, "x": 1}])), 422)
    pointers = [e["pointer"] for e in body["errors"]]
    assert any(p.startswith("/hands/0/play/0") for p in pointers) and "/hands/1/x" in pointers


def test_the_games_pages_directors_session_is_true(client, as_role):
    """docs/games.md's curl session, step by step, with the values it shows."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    page = (root / "docs" / "games.md").read_text(encoding="utf-8")
    assert "-d @examples/mso-game-hand.json" in page
    director = as_role("director")
    game = client.post(
        GAMES,
        headers=director,
        json={
            "variant": "mso-2000",
            "seats": ["N", "E", "S", "W"],
            "players": {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"},
            "first_dealer": "W",
            "table": "7",
        },
    ).get_json()
    assert game["next_hand"] == {"hand_number": 1, "dealer": "W", "pass_direction": "left"}
    assert '"next_hand": ' + json.dumps(game["next_hand"]) in page
    hand = json.loads((root / "examples" / "mso-game-hand.json").read_text())
    stored = client.post(f"{GAMES}/{game['id']}/hands", headers=director, json=hand).get_json()
    assert (stored["status"], stored["score"], stored["penalties"]) == (
        "open",
        {"N": 26, "E": 8, "S": 2, "W": 16},
        {"N": 26, "E": 0, "S": 0, "W": 0},
    )
    assert [(r["ruling"], r["code"]) for r in stored["open_rulings"]] == [(1, "score_mismatch")]
    listed = client.get("/v1/hands?open=true&table=7", headers=director).get_json()["hands"]
    assert [h["id"] for h in listed] == [stored["id"]]
    decided = client.post(
        f"/v1/hands/{stored['id']}/decisions",
        headers=director,
        json={"scoresheet": True, "action": "accept", "director": "Chief TD", "reason": "The 26 stand."},
    ).get_json()
    assert (decided["status"], decided["version"]) == ("awaiting_signatures", 2)
    assert decided["rulings"] == [
        {"ruling": 0, "code": "revoke", "status": "applied", "offered": ["uphold", "waive", "adjust"]},
        {"ruling": 1, "code": "score_mismatch", "status": "decided", "offered": []},
    ]
    for ruling in decided["rulings"]:  # the page quotes each, as the service writes it
        assert json.dumps(ruling) in page, ruling
    sheet = decided["scoresheet"]
    assert (sheet["rulings"], sheet["status"], sheet["offered"]) == ([1], "decided", ["keep", "adjust"])
    assert '"scoresheet": {"rulings": [1], "status": "decided", "offered": ["keep", "adjust"]' in page
    again = client.post(
        f"/v1/hands/{stored['id']}/decisions",
        headers=director,
        json={"scoresheet": True, "action": "accept", "director": "Chief TD", "reason": "Again."},
    )
    assert again.status_code == 409 and again.get_json()["type"] == "/docs#problem-decision_changes_nothing"
    assert [(e["pointer"], e["code"]) for e in again.get_json()["errors"]] == [("/action", "same_decision")]
    for seat in "NESW":
        signed = client.post(
            f"/v1/hands/{stored['id']}/signatures",
            headers=director,
            json={"seat": seat, "name": f"{seat} player"},
        ).get_json()
    assert signed["status"] == "final" and signed["missing_signatures"] == []
    game = read(client, director, game["id"])
    assert game["totals"] == {"N": 26, "E": 8, "S": 2, "W": 16} and game["hands"][0]["status"] == "final"
    assert game["next_hand"] == {"hand_number": 2, "dealer": "N", "pass_direction": "right"}
    early = client.post(
        f"{GAMES}/{game['id']}/signatures", headers=director, json={"seat": "N", "name": "Ann"}
    )
    assert early.status_code == 409 and early.get_json()["errors"][0]["code"] == "game_not_over"
    report = client.get(f"/v1/hands/{stored['id']}/verify", headers=director).get_json()
    assert report["ok"] is True and report["entries"] == 6


# --- one 422 lists every problem ------------------------------------------------------------


def test_starting_a_game_lists_every_problem_not_only_its_first_failing_stage(client, scorer, problem):
    """An unknown variant and a blank name used to hide the seating: a seat listed twice,
    a dealer who is not seated, a player for a seat that does not exist."""
    players = {"N": " ", "E": "Bo", "S": "Cy", "W": "Di"}
    body = new_game(variant="bridge", first_dealer="Z", players=players, seats=["N", "E", "S", "N"])
    found = problem(client.post(GAMES, json=body, headers=scorer), 422)
    assert {(e["pointer"], e["code"]) for e in found["errors"]} == {
        ("/variant", "unknown_variant"),
        ("/seats/3", "duplicate_seat"),
        ("/first_dealer", "unknown_seat"),
        ("/players/N", "blank"),
        ("/players/W", "unknown_seat"),
    }


def test_validating_a_game_lists_its_setups_problems_and_each_hands(client, problem):
    bad_hand = moon("E", 1)
    bad_hand["deal"]["N"][0] = "ZZ"
    body = new_game(first_dealer="Z", hands=[moon("E", 1), bad_hand])
    found = problem(client.post(f"{GAMES}/validate", json=body), 422)
    assert {(e["pointer"], e["code"]) for e in found["errors"]} == {
        ("/first_dealer", "unknown_seat"),
        ("/hands/1/deal/N/0", "unknown_card"),
    }
