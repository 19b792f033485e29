"""Events through the API, end to end: whole events played hand by hand.

A 32-player ``mso-2000`` event (three random rounds, a Swiss round, playoffs to
a final table) and a 64-player ``long-john`` event (eight tables of eight, the
winners' final) are seated with ``POST /v1/events/{id}/rounds`` and every
table's game is played to its end by the random legal player of ``playout``,
each hand audited by the service. The tests then check every invariant against
what the games themselves say.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise

import pytest
from events import EVENTS, by_player, create_event, play_round, rounds_until_over
from events import league as league_of
from support import validator


@pytest.fixture(scope="module")
def league():
    """An app, its client and a director's headers, shared by this module's tests."""
    return league_of("events-")


def run_event(client, director, fmt, players, seed):
    """Create an event and play it to the end: (event, every round as it ended, every game
    by id, seconds)."""
    rng = random.Random(seed)
    started = time.perf_counter()
    event = create_event(client, director, fmt, players)
    rounds, games = [], {}
    for seated in rounds_until_over(client, director, event["id"]):
        rounds.append(seated)
        games.update(play_round(client, director, seated, rng))
    elapsed = time.perf_counter() - started
    event = client.get(f"{EVENTS}/{event['id']}", headers=director).get_json()
    assert [r["seed"] for r in event["rounds"]] == [r["seed"] for r in rounds]
    return event, event["rounds"], games, elapsed


@pytest.fixture(scope="module")
def mso(league):
    client, keys = league
    return run_event(client, keys["director"], "mso-2000", 32, seed=2000)


@pytest.fixture(scope="module")
def long_john(league):
    client, keys = league
    return run_event(client, keys["director"], "long-john", 64, seed=64)


def met_before(rounds):
    met = Counter()
    for r in rounds:
        for t in r["tables"]:
            met.update(combinations(sorted(s["player"] for s in t["seats"]), 2))
    return met


# --- MSO: four qualifying rounds and the playoffs ---------------------------------------------


def test_mso_event_runs_four_qualifying_rounds_then_playoffs_to_a_final(mso):
    event, rounds, _, _ = mso
    assert [r["kind"] for r in rounds] == ["random"] * 3 + ["swiss", "playoff", "playoff"]
    assert [len(r["tables"]) for r in rounds] == [8, 8, 8, 8, 4, 1]
    assert rounds[-1]["final"] and not any(r["final"] for r in rounds[:-1])
    assert event["status"] == "over" and event["winners"]


def test_mso_every_player_sits_once_a_qualifying_round_at_a_table_of_four(mso):
    _, rounds, _, _ = mso
    for r in rounds[:4]:
        seated = [s["player"] for t in r["tables"] for s in t["seats"]]
        assert sorted(seated) == list(range(1, 33)) and r["byes"] == []
        assert all([s["seat"] for s in t["seats"]] == ["N", "E", "S", "W"] for t in r["tables"])


def test_mso_random_rounds_repeat_no_opponent_and_report_repeats_truly(mso):
    _, rounds, _, _ = mso
    for at, r in enumerate(rounds):
        met = met_before(rounds[:at])
        seated = [sorted(s["player"] for s in t["seats"]) for t in r["tables"]]
        counted = sum(bool(met[p]) for t in seated for p in combinations(t, 2))
        assert r["repeats"] == counted
    assert [r["repeats"] for r in rounds[:3]] == [0, 0, 0]  # the bound: none at all


def test_mso_standings_are_the_sum_of_the_games_match_points(league, mso):
    client, keys = league
    event, rounds, games, _ = mso
    expected = Counter()
    for r in rounds[:4]:
        for t in r["tables"]:
            game = games[t["game_id"]]
            assert game["status"] == "over"
            for player, points in by_player(t, game, "match_points").items():
                expected[player] += Fraction(points).limit_denominator(6)
    standing = client.get(f"{EVENTS}/{event['id']}/standings", headers=keys["auditor"]).get_json()
    got = {row["player"]: Fraction(row["match_points"]).limit_denominator(6) for row in standing["standings"]}
    assert got == {p: expected[p] for p in range(1, 33)}
    assert sum(got.values()) == 11 * 8 * 4
    assert [row["rank"] for row in standing["standings"]] == list(range(1, 33))
    points = [row["match_points"] for row in standing["standings"]]
    assert points == sorted(points, reverse=True)


def test_mso_playoffs_seed_the_top_sixteen_and_send_each_table_winner_to_the_final(league, mso):
    client, keys = league
    event, rounds, games, _ = mso
    order = [
        row["player"]
        for row in client.get(f"{EVENTS}/{event['id']}/standings", headers=keys["director"]).get_json()[
            "standings"
        ]
    ]
    semis, final = rounds[4], rounds[5]
    assert sorted(s["player"] for t in semis["tables"] for s in t["seats"]) == sorted(order[:16])
    winners = set()
    for t in semis["tables"]:
        totals = by_player(t, games[t["game_id"]], "totals")
        lowest = [p for p, total in totals.items() if total == min(totals.values())]
        winners.add(min(lowest, key=order.index))  # a tie goes to the better seed
    assert {s["player"] for s in final["tables"][0]["seats"]} == winners
    final_totals = by_player(final["tables"][0], games[final["tables"][0]["game_id"]], "totals")
    assert set(event["winners"]) == {p for p, t in final_totals.items() if t == min(final_totals.values())}


# --- Long John: 64 players, winners to the final --------------------------------------------


def test_long_john_seats_64_players_at_eight_tables_of_eight_then_a_final(long_john):
    event, rounds, _, _ = long_john
    first = rounds[0]
    assert [len(t["seats"]) for t in first["tables"]] == [8] * 8
    assert sorted(s["player"] for t in first["tables"] for s in t["seats"]) == list(range(1, 65))
    assert rounds[-1]["final"] and len(rounds[-1]["tables"]) == 1
    assert all(6 <= len(t["seats"]) <= 8 for r in rounds for t in r["tables"])
    assert event["status"] == "over"


def test_long_john_advances_exactly_the_table_winners_ties_all(long_john):
    _, rounds, games, _ = long_john
    for before, after in pairwise(rounds):
        winners = set()
        for t in before["tables"]:
            totals = by_player(t, games[t["game_id"]], "totals")
            winners |= {p for p, total in totals.items() if total == min(totals.values())}
            assert set(t["winners"]) == {p for p, total in totals.items() if total == min(totals.values())}
        field = {s["player"] for t in after["tables"] for s in t["seats"]}
        assert winners <= field and field - winners == set(after["qualifiers"])
        assert len(field) >= 6


def test_a_whole_64_player_event_plays_every_table_to_its_end(long_john):
    _, _, games, elapsed = long_john
    hands = sum(len(g["hands"]) for g in games.values())
    assert hands > 64 and all(g["status"] == "over" for g in games.values())
    print(f"\n64-player long-john event: {len(games)} games, {hands} hands, {elapsed:.1f} s")


def test_the_event_log_holds_its_chain_and_names_every_round_seed(league, mso):
    client, keys = league
    event, rounds, _, _ = mso
    log = client.get(f"{EVENTS}/{event['id']}/log", headers=keys["auditor"]).get_json()
    assert log["ok"] and log["problems"] == []
    assert [e["kind"] for e in log["entries"]] == ["created"] + ["round_seated"] * len(rounds)
    assert [e["body"]["seed"] for e in log["entries"][1:]] == [r["seed"] for r in rounds]


def test_a_tables_game_is_an_ordinary_game_linked_from_the_round(league, mso):
    client, keys = league
    event, rounds, _, _ = mso
    table = rounds[0]["tables"][0]
    game = client.get(f"/v1/games/{table['game_id']}", headers=keys["director"]).get_json()
    assert game["variant"] == "mso-2000" and game["table"] == f"E{event['id']} R1 T1"
    assert game["players"] == {s["seat"]: s["name"] for s in table["seats"]}


def test_every_event_answer_of_a_played_event_matches_the_spec(league, mso, long_john):
    client, keys = league
    for event in (mso[0], long_john[0]):
        base = f"{EVENTS}/{event['id']}"
        validator("Event").validate(client.get(base, headers=keys["auditor"]).get_json())
        validator("EventRound").validate(client.get(f"{base}/rounds/1", headers=keys["auditor"]).get_json())
        validator("Standings").validate(client.get(f"{base}/standings", headers=keys["auditor"]).get_json())
        validator("EventLog").validate(client.get(f"{base}/log", headers=keys["auditor"]).get_json())
    validator("EventList").validate(client.get(EVENTS, headers=keys["scorer"]).get_json())
