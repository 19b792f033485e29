"""An event's field at creation (RULES, event bullets): unique names, and a field some
table plan seats, refused otherwise with the reason and the nearest sizes that seat."""

from __future__ import annotations

import pytest
from events import EVENTS, create_event

from hearts_referee.referee.events import (
    EVENT_FORMATS,
    CannotSeat,
    field_refusal,
    nearest_seatable,
    next_round,
    seatable,
)


def post_event(client, headers, fmt, players):
    return client.post(EVENTS, headers=headers, json={"name": "Open", "format": fmt, "players": players})


def test_a_second_ann_is_refused_naming_both_entries(client, director, problem):
    response = post_event(client, director, "mso-2000", ["Ann", "Bo", "Cy", "Ann", "Di", "Ed", "Flo", "Gus"])
    errors = problem(response, 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/players/3", "duplicate_player_name")]
    assert "player 1 (/players/0)" in errors[0]["message"] and "'Ann'" in errors[0]["message"]
    assert client.get(EVENTS, headers=director).get_json()["events"] == []  # nothing stored


def test_names_differing_only_in_case_or_spacing_are_the_same_name(client, director, problem):
    players = ["Bo", "Ann Lee", "Cy", "Di", "Ed", "Flo", "ann  lee"]
    errors = problem(post_event(client, director, "long-john", players), 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/players/6", "duplicate_player_name")]


def test_a_player_added_under_a_name_already_entered_is_refused(client, director, problem):
    event = create_event(client, director, "mso-2000", 8)
    response = client.post(
        f"{EVENTS}/{event['id']}/overrides",
        headers=director,
        json={"action": "add", "name": "Player 3", "reason": "Late entry"},
    )
    error = problem(response, 422)["errors"][0]
    assert (error["pointer"], error["code"]) == ("/name", "duplicate_player_name")
    assert "player 3" in error["message"]


@pytest.mark.parametrize(
    ("fmt", "players", "nearest"),
    [
        ("mso-2000", 3, "4"),
        ("long-john", 5, "6"),
        ("long-john", 9, "8 or 12"),
        ("long-john", 10, "8 or 12"),
        ("long-john", 11, "8 or 12"),
        ("long-john", 17, "16 or 18"),
    ],
)
def test_a_field_no_table_plan_seats_is_refused_at_creation_with_the_nearest_sizes(
    client, director, problem, fmt, players, nearest
):
    response = post_event(client, director, fmt, [f"P{i}" for i in range(players)])
    error = problem(response, 422)["errors"][0]
    assert (error["pointer"], error["code"]) == ("/players", "field_not_seatable")
    assert error["message"].endswith(f"the nearest fields that seat: {nearest}")


@pytest.mark.parametrize("fmt", sorted(EVENT_FORMATS))
def test_a_field_is_accepted_exactly_when_round_one_can_seat_it(fmt):
    """From the registry: creation refuses a field exactly when seating round 1 would, and
    the nearest sizes it names do seat."""
    event_format = EVENT_FORMATS[fmt]
    for players in range(1, 65):
        try:
            next_round(event_format, list(range(1, players + 1)), [], seed=players)
        except CannotSeat:
            seats = False
        else:
            seats = True
        assert seatable(event_format, players) == seats, players
        assert (field_refusal(event_format, players) is None) == seats
        if not seats:
            assert all(seatable(event_format, n) for n in nearest_seatable(event_format, players))
