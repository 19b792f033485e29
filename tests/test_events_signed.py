"""Signed sheets count, and round 4's bands, through the API as a director uses it.

RULES, event bullets: each scoresheet is signed by all four players before it
counts; a finished game whose sheet is not yet signed is pending in the standings
(shown, not counted), and the next round is not seated while a table of the round
is pending, unless the director overrides it with a logged reason. Round 4 seats
bands of the standings. Every table here ends in four hands: North shoots the
moon each time (the README's ``examples/event/``), 0 against 104, so North takes
5 match points and the other three share 3, 2 and 1 (2 each).
"""

from __future__ import annotations

import csv
import io
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from events import EVENTS, create_event, play_moons, play_round, seat, sign_sheet
from games import moon
from test_pages import sign_in

REVOKE_HAND = json.loads(
    (Path(__file__).resolve().parent.parent / "examples" / "mso-game-hand.json").read_text()
)


def standings(client, headers, event_id):
    return client.get(f"{EVENTS}/{event_id}/standings", headers=headers).get_json()


def get_round(client, headers, event_id, number):
    return client.get(f"{EVENTS}/{event_id}/rounds/{number}", headers=headers).get_json()


def signed_sums(client, headers, event_id):
    """Each player's match points summed here from the tables whose sheets are signed."""
    event = client.get(f"{EVENTS}/{event_id}", headers=headers).get_json()
    sums = {p["number"]: Fraction(0) for p in event["players"]}
    for r in event["rounds"]:
        if r["kind"] not in ("random", "swiss"):
            continue
        for table in r["tables"]:
            game = client.get(f"/v1/games/{table['game_id']}", headers=headers).get_json()
            if game["status"] == "over" and not game["missing_signatures"]:
                for s in table["seats"]:
                    sums[s["player"]] += Fraction(game["match_points"][s["seat"]]).limit_denominator(6)
    return sums


def test_an_unsigned_finished_table_is_pending_shown_and_not_counted(client, director):
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=3)
    play_moons(client, director, seated, sign=False)
    tables = get_round(client, director, event["id"], 1)["tables"]
    assert [t["status"] for t in tables] == ["pending", "pending"]
    assert all(t["missing_signatures"] == ["N", "E", "S", "W"] for t in tables)
    assert tables[0]["seats"][0]["match_points"] == 5  # shown on the table
    answer = standings(client, director, event["id"])
    assert answer["status"] == "pending"
    assert all(row["match_points"] == 0 for row in answer["standings"])  # not counted
    norths = {t["seats"][0]["player"] for t in tables}
    assert {row["player"] for row in answer["standings"] if row["pending_match_points"] == 5} == norths
    assert [(p["round"], p["table"]) for p in answer["pending"]] == [(1, 1), (1, 2)]


def test_the_next_round_waits_for_the_pending_tables_naming_who_still_signs(client, director, problem):
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=3)
    play_moons(client, director, seated, sign=False)
    sign_sheet(client, director, seated["tables"][0]["game_id"])
    response = client.post(f"{EVENTS}/{event['id']}/rounds", headers=director, json={})
    errors = problem(response, 409)["errors"]
    assert [e["code"] for e in errors] == ["tables_pending"]
    assert errors[0]["message"].startswith("table 2 ") and errors[0]["message"].endswith("N, E, S, W")
    assert len(client.get(f"{EVENTS}/{event['id']}", headers=director).get_json()["rounds"]) == 1


def test_a_signed_table_counts_and_the_standings_are_the_signed_tables_sums(client, director):
    event = create_event(client, director, "mso-2000", 12)
    seated = seat(client, director, event["id"], seed=4)
    play_moons(client, director, seated, sign=False)
    sign_sheet(client, director, seated["tables"][1]["game_id"])
    rows = standings(client, director, event["id"])["standings"]
    got = {row["player"]: Fraction(row["match_points"]).limit_denominator(6) for row in rows}
    assert got == signed_sums(client, director, event["id"])
    assert sum(got.values()) == 11  # one table of three counted
    statuses = [t["status"] for t in get_round(client, director, event["id"], 1)["tables"]]
    assert statuses == ["pending", "over", "pending"]


def test_the_director_seats_the_next_round_over_pending_tables_with_a_logged_reason(client, director):
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=3)
    play_moons(client, director, seated, sign=False)
    reason = "Table 2 left for the airport; sheets signed tomorrow."
    response = client.post(
        f"{EVENTS}/{event['id']}/rounds", headers=director, json={"pending_reason": reason}
    )
    assert response.status_code == 201, response.get_json()
    entry = client.get(f"{EVENTS}/{event['id']}/log", headers=director).get_json()["entries"][-1]
    assert entry["kind"] == "round_seated"
    assert (entry["body"]["pending"], entry["body"]["pending_reason"]) == ([1, 2], reason)
    rows = standings(client, director, event["id"])["standings"]
    assert all(row["match_points"] == 0 for row in rows)  # still pending until signed


def test_the_csv_and_the_pages_show_pending_tables(client, director, keys):
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=3)
    play_moons(client, director, seated, sign=False)
    sign_in(client, keys, "director")
    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"/director/events/{event['id']}/standings.csv").get_data(as_text=True))
        )
    )
    assert sorted(row["pending_match_points"] for row in rows) == ["2"] * 6 + ["5"] * 2
    assert {row["match_points"] for row in rows} == {"0"}
    pairings = list(
        csv.DictReader(
            io.StringIO(client.get(f"/director/events/{event['id']}/rounds/1.csv").get_data(as_text=True))
        )
    )
    assert {row["status"] for row in pairings} == {"pending"}
    page = client.get(f"/director/events/{event['id']}").get_data(as_text=True)
    assert "Tables waiting for signatures" in page and 'name="pending_reason"' in page


def test_round_four_tables_show_their_band_and_the_match_points_they_were_drawn_on(client, director, keys):
    event = create_event(client, director, "mso-2000", 16)
    for _ in range(3):
        play_moons(client, director, seat(client, director, event["id"]))
    order = [row["player"] for row in standings(client, director, event["id"])["standings"]]
    points = {
        row["player"]: row["match_points"] for row in standings(client, director, event["id"])["standings"]
    }
    swiss = seat(client, director, event["id"], seed=8)
    assert swiss["kind"] == "swiss"
    assert [t["band"] for t in swiss["tables"]] == [1, 1, 2, 2]
    sign_in(client, keys, "director")
    page = client.get(f"/director/events/{event['id']}/rounds/4").get_data(as_text=True)
    assert '<th scope="col">Band</th>' in page and '<td class="num">2</td>' in page
    first = swiss["tables"][0]["seats"][0]
    assert f"({first['player']}, {first['standing_match_points']} MP)" in page
    for table in swiss["tables"]:
        players = [s["player"] for s in table["seats"]]
        assert {order.index(p) // 8 + 1 for p in players} == {table["band"]}
        assert [s["standing_match_points"] for s in table["seats"]] == [points[p] for p in players]


def test_long_john_tables_count_at_the_end_of_the_game_no_signature_asked(client, director):
    """long-john's game_signatures is none: a finished table is over, not pending."""
    event = create_event(client, director, "long-john", 12)
    seated = seat(client, director, event["id"], seed=2)
    play_round(client, director, seated, random.Random(7), sign=False)
    tables = get_round(client, director, event["id"], 1)["tables"]
    assert {t["status"] for t in tables} == {"over"} and all(t["missing_signatures"] == [] for t in tables)


@pytest.mark.parametrize(("players", "seed"), [(8, 1), (13, 2), (22, 3), (31, 4)])
def test_standings_are_the_sums_over_the_signed_tables_whatever_is_signed(client, director, players, seed):
    """Some tables signed, drawn by the seed; byes score 11/4 and need no signature."""
    rng = random.Random(seed)
    event = create_event(client, director, "mso-2000", players)
    seated = seat(client, director, event["id"], seed=seed)
    play_moons(client, director, seated, sign=False)
    games = [t["game_id"] for t in seated["tables"]]
    signed = rng.sample(games, rng.randrange(1, len(games) + 1))
    for game_id in signed:
        sign_sheet(client, director, game_id)
    answer = standings(client, director, event["id"])
    got = {row["player"]: Fraction(row["match_points"]).limit_denominator(12) for row in answer["standings"]}
    byes = {p: Fraction(11, 4) for p in seated["byes"]}
    assert got == {p: v + byes.get(p, 0) for p, v in signed_sums(client, director, event["id"]).items()}
    assert sum(got.values()) == 11 * len(signed) + Fraction(11, 4) * len(seated["byes"])
    assert len(answer["pending"]) == len(games) - len(signed)


def test_a_decision_after_the_signatures_makes_the_table_pending_again(client, director):
    """Table 1 plays the README's revoke hand, then three moons by W; its sheet signed, it
    counts. A later adjustment makes the signatures stale: pending again until re-signed."""
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=3)
    game_id = seated["tables"][0]["game_id"]
    first = client.post(f"/v1/games/{game_id}/hands", headers=director, json=REVOKE_HAND).get_json()
    for number in (2, 3, 4):
        response = client.post(f"/v1/games/{game_id}/hands", headers=director, json=moon("W", number))
        assert response.status_code == 201, response.get_json()
    uphold = {"scoresheet": True, "action": "accept", "director": "TD", "reason": "The 26 stand."}
    assert client.post(f"/v1/hands/{first['id']}/decisions", headers=director, json=uphold).status_code == 201
    sign_sheet(client, director, game_id)
    assert get_round(client, director, event["id"], 1)["tables"][0]["status"] == "over"
    counted = sum(row["match_points"] for row in standings(client, director, event["id"])["standings"])
    assert counted == 11
    adjust = {**uphold, "action": "adjust", "reason": "E's card miscounted.", "score_changes": {"E": 1}}
    assert client.post(f"/v1/hands/{first['id']}/decisions", headers=director, json=adjust).status_code == 201
    table = get_round(client, director, event["id"], 1)["tables"][0]
    assert table["status"] == "pending" and table["missing_signatures"] == ["N", "E", "S", "W"]
    assert sum(row["match_points"] for row in standings(client, director, event["id"])["standings"]) == 0
