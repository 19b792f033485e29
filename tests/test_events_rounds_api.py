"""Rounds 1-3 as one schedule, through the API as a director seats them (RULES, event
bullets): the fewest repeats for the field, and a withdrawal re-plans the rounds left.
Every table ends in four moons (``examples/event/``) and is signed."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from events import EVENTS, create_event, play_moons, seat


def tables_of(seated):
    return [sorted(s["player"] for s in t["seats"]) for t in seated["tables"]]


def schedule_repeats(rounds):
    """Over every pair of players, their meetings beyond the first."""
    met = Counter(pair for r in rounds for t in tables_of(r) for pair in combinations(t, 2))
    return sum(times - 1 for times in met.values())


@pytest.mark.parametrize(("players", "fewest"), [(8, 8), (12, 6), (16, 0)])
def test_three_random_rounds_seated_one_at_a_time_have_the_fewest_repeats(client, director, players, fewest):
    event = create_event(client, director, "mso-2000", players)
    rounds = []
    for _ in range(3):
        rounds.append(seat(client, director, event["id"]))
        play_moons(client, director, rounds[-1])
    assert [r["kind"] for r in rounds] == ["random"] * 3
    assert schedule_repeats(rounds) == fewest == sum(r["repeats"] for r in rounds)


def test_a_withdrawal_after_round_one_replans_the_rounds_not_yet_seated(client, director):
    event = create_event(client, director, "mso-2000", 17)
    first = seat(client, director, event["id"], seed=5)
    play_moons(client, director, first)
    leaving = first["tables"][0]["seats"][0]["player"]
    response = client.post(
        f"{EVENTS}/{event['id']}/overrides",
        headers=director,
        json={"action": "withdraw", "player": leaving, "reason": "Called away"},
    )
    assert response.status_code == 201, response.get_json()
    rounds = [first]
    for _ in range(2):
        rounds.append(seat(client, director, event["id"]))
        play_moons(client, director, rounds[-1])
        assert leaving not in {p for t in tables_of(rounds[-1]) for p in t}
    assert schedule_repeats(rounds) == 0
