"""Events: the scoring apps' keys an event lets score its tables (``service.access``).

A table's game is started by the director's key that seated the round; the
scorer keys the event names (at creation, or by an override logged with its
reason) submit, sign and read its tables' games as their own. Any other
scorer key finds them as if they did not exist.
"""

from __future__ import annotations

import random

import pytest
from events import EVENTS, create_event, game_hand, seat

from hearts_referee import archive


@pytest.fixture
def scorer_key(db):
    """A scoring app's key: its id and the headers of a request made with it."""

    def make(name: str) -> tuple[int, dict[str, str]]:
        key, token = archive.create_key(db, name, "scorer")
        return key.id, {"Authorization": f"Bearer {token}"}

    return make


def new_event(client, headers, **extra):
    body = {"name": "Club night", "format": "mso-2000", "players": [f"P{i}" for i in range(1, 9)], **extra}
    return client.post(EVENTS, headers=headers, json=body)


def first_table_game(client, headers, event_id):
    seated = seat(client, headers, event_id, seed=4)
    return seated["tables"][0]["game_id"]


def send_next_hand(client, headers, game_id, reader):
    game = client.get(f"/v1/games/{game_id}", headers=reader).get_json()
    return client.post(f"/v1/games/{game_id}/hands", headers=headers, json=game_hand(random.Random(3), game))


def test_a_scorer_key_the_event_names_submits_and_reads_its_tables_games(client, director, scorer_key):
    app_id, app = scorer_key("Table app")
    event = new_event(client, director, scorers=[app_id])
    assert event.status_code == 201, event.get_json()
    assert event.get_json()["scorers"] == [app_id]
    game_id = first_table_game(client, director, event.get_json()["id"])
    sent = send_next_hand(client, app, game_id, director)
    assert sent.status_code == 201, sent.get_json()
    assert (
        client.get(f"/v1/games/{game_id}", headers=app).get_json()["hands"][0]["hand_id"]
        == sent.get_json()["id"]
    )
    listed = [g["id"] for g in client.get("/v1/games", headers=app).get_json()["games"]]
    assert game_id in listed and len(listed) == 2  # both tables of round 1, nothing else
    hands = client.get(f"/v1/hands?game={game_id}", headers=app).get_json()["hands"]
    assert [h["id"] for h in hands] == [sent.get_json()["id"]]


def test_a_scorer_key_sees_a_hand_the_director_stored_at_its_table(client, director, scorer_key):
    app_id, app = scorer_key("Table app")
    event = new_event(client, director, scorers=[app_id]).get_json()
    game_id = first_table_game(client, director, event["id"])
    by_director = send_next_hand(client, director, game_id, director).get_json()
    assert client.get(f"/v1/hands/{by_director['id']}", headers=app).status_code == 200


def test_a_scorer_key_the_event_does_not_name_finds_its_tables_missing(client, director, scorer_key, problem):
    app_id, _ = scorer_key("Table app")
    _, stranger = scorer_key("Another app")
    event = new_event(client, director, scorers=[app_id]).get_json()
    game_id = first_table_game(client, director, event["id"])
    problem(send_next_hand(client, stranger, game_id, director), 404)
    problem(client.get(f"/v1/games/{game_id}", headers=stranger), 404)
    assert client.get("/v1/games", headers=stranger).get_json()["games"] == []


def test_an_override_names_the_scorer_keys_and_is_logged_with_its_reason(
    client, director, scorer_key, as_role
):
    app_id, app = scorer_key("Table app")
    event = create_event(client, director, "mso-2000", 8)
    game_id = first_table_game(client, director, event["id"])
    assert send_next_hand(client, app, game_id, director).status_code == 404
    named = client.post(
        f"{EVENTS}/{event['id']}/overrides",
        headers=director,
        json={"action": "scorers", "scorers": [app_id], "reason": "The club's tablets score tonight."},
    )
    assert named.status_code == 201, named.get_json()
    assert named.get_json()["scorers"] == [app_id]
    assert send_next_hand(client, app, game_id, director).status_code == 201
    log = client.get(f"{EVENTS}/{event['id']}/log", headers=as_role("auditor")).get_json()
    assert log["ok"]
    assert log["entries"][-1]["body"] == {
        "action": "scorers",
        "scorers": [app_id],
        "reason": "The club's tablets score tonight.",
    }


def test_an_override_that_drops_a_scorer_key_ends_its_access(client, director, scorer_key):
    app_id, app = scorer_key("Table app")
    event = new_event(client, director, scorers=[app_id]).get_json()
    game_id = first_table_game(client, director, event["id"])
    dropped = client.post(
        f"{EVENTS}/{event['id']}/overrides",
        headers=director,
        json={"action": "scorers", "scorers": [], "reason": "Tablet lost."},
    )
    assert dropped.status_code == 201, dropped.get_json()
    assert client.get(f"/v1/games/{game_id}", headers=app).status_code == 404


def test_an_event_names_only_live_scorer_keys(client, director, db, scorer_key, problem):
    _, _ = scorer_key("Table app")
    auditor, _ = archive.create_key(db, "An auditor", "auditor")
    body = problem(new_event(client, director, scorers=[auditor.id, 999]), 422)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [
        ("/scorers/0", "not_a_scorer_key"),
        ("/scorers/1", "not_a_scorer_key"),
    ]
    assert client.get(EVENTS, headers=director).get_json()["events"] == []
