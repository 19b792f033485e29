"""Events run on score-only hands, end to end through the API.

Most event tables keep a scoresheet, not every card. A 32-player ``mso-2000`` event (four
qualifying rounds, the playoffs, every scoresheet signed) and a 64-player ``long-john``
event are played here with each hand sent as the points each seat took (RULES, score-only
hands): moons scored from the game's totals, revokes the director recorded priced by the
schedule, the games ended by the variant's rules and the standings from the games. A
disputed hand's full record then replaces its score-only entry, and the standings change
as that record says.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from events import EVENTS, by_player, create_event, rounds_until_over, sign_sheet
from events import league as league_of
from games import moon
from support import validator


@pytest.fixture(scope="module")
def league():
    return league_of("score-only-events-")


def sheet_line(rng: random.Random, seats: list[str], decks: int) -> dict[str, Any]:
    """A scoresheet line: every point card of ``decks`` decks to some seat; now and then
    one seat takes them all (a moon), and under Long John the shooter says how to score it."""
    if rng.random() < 0.08:
        shooter = rng.choice(seats)
        line: dict[str, Any] = {"points": {seat: 26 * decks if seat == shooter else 0 for seat in seats}}
        if decks == 2:
            line["moon_choice"] = rng.choice(["add", "subtract"])
        return line
    while True:
        points = dict.fromkeys(seats, 0)
        for _ in range(decks):
            points[rng.choice(seats)] += 13  # a Q♠
            for _ in range(13):
                points[rng.choice(seats)] += 1  # a heart
        if max(points.values()) < 26 * decks:  # no moon by chance: the points say so
            return {"points": points}


def play_sheet(client, director: dict[str, str], game_id: int, rng: random.Random) -> dict[str, Any]:
    """The game to its end on score-only hands (now and then a revoke the director records
    at once), its scoresheet signed by every signer; the game's final answer."""
    game = client.get(f"/v1/games/{game_id}", headers=director).get_json()
    decks = 2 if len(game["seats"]) > 4 else 1
    while game["status"] != "over":
        line = sheet_line(rng, game["seats"], decks) | {"hand_number": game["next_hand"]["hand_number"]}
        if decks == 1 and rng.random() < 0.05:
            line["irregularities"] = [{"code": "revoke", "seat": rng.choice(game["seats"])}]
        response = client.post(f"/v1/games/{game_id}/hands", headers=director, json=line)
        assert response.status_code == 201, response.get_json()
        assert response.get_json()["audit"]["refereed"] is False
        game = client.get(f"/v1/games/{game_id}", headers=director).get_json()
    for seat in game["signers"]:
        signed = client.post(
            f"/v1/games/{game_id}/signatures",
            headers=director,
            json={"seat": seat, "name": game["players"][seat]},
        )
        assert signed.status_code == 201, signed.get_json()
    game = client.get(f"/v1/games/{game_id}", headers=director).get_json()
    assert game["missing_signatures"] == [] and all(not h["refereed"] for h in game["hands"])
    return game


def run_event(client, director, fmt: str, players: int, seed: int):
    """An event played to its end on scoresheets: (event, its rounds, every game by id)."""
    rng = random.Random(seed)
    event = create_event(client, director, fmt, players, name=f"Scoresheet {fmt}")
    games: dict[int, dict[str, Any]] = {}
    for seated in rounds_until_over(client, director, event["id"]):
        for table in seated["tables"]:
            games[table["game_id"]] = play_sheet(client, director, table["game_id"], rng)
    event = client.get(f"{EVENTS}/{event['id']}", headers=director).get_json()
    return event, event["rounds"], games


@pytest.fixture(scope="module")
def mso(league):
    client, keys = league
    return run_event(client, keys["director"], "mso-2000", 32, seed=21)


@pytest.fixture(scope="module")
def long_john(league):
    client, keys = league
    return run_event(client, keys["director"], "long-john", 64, seed=22)


def standings(client, headers, event_id: int) -> dict[int, Fraction]:
    rows = client.get(f"{EVENTS}/{event_id}/standings", headers=headers).get_json()["standings"]
    return {row["player"]: Fraction(row["match_points"]).limit_denominator(6) for row in rows}


def expected_standings(rounds, games) -> Counter[int]:
    expected: Counter[int] = Counter()
    for r in rounds[:4]:
        for t in r["tables"]:
            for player, points in by_player(t, games[t["game_id"]], "match_points").items():
                expected[player] += Fraction(points).limit_denominator(6)
    return expected


def test_an_mso_event_on_scoresheets_runs_four_qualifying_rounds_and_the_playoffs(mso):
    event, rounds, games = mso
    assert [r["kind"] for r in rounds] == ["random"] * 3 + ["swiss", "playoff", "playoff"]
    assert [len(r["tables"]) for r in rounds] == [8, 8, 8, 8, 4, 1]
    assert event["status"] == "over" and event["winners"]
    final = rounds[-1]["tables"][0]
    totals = by_player(final, games[final["game_id"]], "totals")
    assert set(event["winners"]) == {p for p, t in totals.items() if t == min(totals.values())}
    validator("Event").validate(event)


def test_the_standings_of_a_scoresheet_event_are_the_sum_of_its_games_match_points(league, mso):
    client, keys = league
    event, rounds, games = mso
    expected = expected_standings(rounds, games)
    assert standings(client, keys["auditor"], event["id"]) == {p: expected[p] for p in range(1, 33)}


def test_every_scoresheet_game_ended_by_the_variant_s_rules(mso):
    _, _, games = mso
    for game in games.values():
        counted = [h for h in game["hands"] if h["counts"]]
        assert max(game["totals"].values()) >= 100 and len(counted) == len(game["hands"])
        last = counted[-1]
        before = counted[-2]["totals"] if len(counted) > 1 else dict.fromkeys(game["seats"], 0)
        card_points = {s: before[s] + last["score"][s] - last["penalties"][s] for s in game["seats"]}
        assert max(card_points.values()) >= 100  # never only through the last hand's penalty


def test_a_long_john_event_on_scoresheets_plays_every_table_to_its_end(long_john):
    event, rounds, games = long_john
    assert [len(t["seats"]) for t in rounds[0]["tables"]] == [8] * 8
    assert rounds[-1]["final"] and event["status"] == "over" and event["winners"]
    for game in games.values():
        assert game["status"] == "over" and min(game["totals"].values()) >= 0  # the zero floor
    for r in rounds:
        for t in r["tables"]:
            totals = by_player(t, games[t["game_id"]], "totals")
            assert set(t["winners"]) == {p for p, total in totals.items() if total == min(totals.values())}


def shooter_who_changes_the_places(client, headers, game: dict[str, Any]) -> str:
    """A seat whose moon in hand 1 would give the game other match points, found by
    validating the game with that record in place of the scoresheet's first line (and
    only as many lines as it then takes to end it)."""
    sent = []
    for hand in game["hands"]:
        record = client.get(f"/v1/hands/{hand['hand_id']}", headers=headers).get_json()["record"]
        sent.append(
            {key: record[key] for key in ("hand_number", "points", "irregularities") if key in record}
        )
    setup = {key: game[key] for key in ("variant", "seats", "players", "first_dealer", "scorekeeper")}
    for seat in game["seats"]:
        for end in range(1, len(sent) + 1):  # the moon may end the game earlier
            hands = [moon(seat, 1), *sent[1:end]]
            validated = client.post("/v1/games/validate", json=setup | {"hands": hands}).get_json()
            if validated["status"] == "over":
                if validated["match_points"] != game["match_points"]:
                    return seat
                break
    raise AssertionError("no moon in hand 1 changes this table's places")


def test_a_full_record_replacing_a_scoresheet_hand_changes_the_standings_as_it_says(league):
    client, keys = league
    director = keys["director"]
    rng = random.Random(5)
    event = create_event(client, director, "mso-2000", 32, name="Disputed")
    seated = client.post(f"{EVENTS}/{event['id']}/rounds", headers=director, json={}).get_json()
    games = {t["game_id"]: play_sheet(client, director, t["game_id"], rng) for t in seated["tables"]}
    table = seated["tables"][0]
    game = games[table["game_id"]]
    first = game["hands"][0]
    before = standings(client, keys["auditor"], event["id"])
    # the table's card-by-card record of hand 1 shows a moon that changes the table's places
    last = shooter_who_changes_the_places(client, director, game)
    body = {"record": moon(last, 1), "director": "Chief TD", "reason": "N kept the hand card by card."}
    response = client.post(f"/v1/hands/{first['hand_id']}/records", headers=director, json=body)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["audit"]["refereed"] is False  # the first audit, kept
    game = client.get(f"/v1/games/{table['game_id']}", headers=director).get_json()
    assert game["hands"][0]["refereed"] is True and game["hands"][0]["score"][last] == 0
    # the sheet the table signed is not the sheet now: the table is pending until re-signed
    players = set(by_player(table, game, "match_points"))
    pending = standings(client, keys["auditor"], event["id"])
    assert all(pending[player] == 0 for player in players)
    game = sign_sheet(client, director, table["game_id"])
    after = standings(client, keys["auditor"], event["id"])
    expected = dict(before)
    for player, points in by_player(table, game, "match_points").items():
        old = Fraction(by_player(table, games[table["game_id"]], "match_points")[player]).limit_denominator(6)
        expected[player] += Fraction(points).limit_denominator(6) - old
    assert after == expected and after != before
