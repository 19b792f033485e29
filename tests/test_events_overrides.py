"""Events: the director's overrides, who may do what, and what is refused, and why."""

from __future__ import annotations

import random
import sqlite3

import pytest
from events import EVENTS, create_event, game_hand, play_game, seat

from hearts_referee.referee.events import MSO_2000
from hearts_referee.usecases import events as use
from hearts_referee.usecases.errors import Forbidden
from hearts_referee.usecases.keys import authenticate


def tables_of(round_):
    return {t["number"]: [s["player"] for s in t["seats"]] for t in round_["tables"]}


def override(client, headers, event_id, **body):
    return client.post(f"{EVENTS}/{event_id}/overrides", headers=headers, json=body)


def test_a_swap_moves_two_players_and_gives_both_tables_new_games(client, director):
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=11)
    before = tables_of(seated)
    a, b = before[1][0], before[2][0]
    response = override(
        client, director, event["id"], action="swap", player=a, with_player=b, reason="Family"
    )
    assert response.status_code == 201, response.get_json()
    after = tables_of(response.get_json()["rounds"][0])
    assert after[1] == [b, *before[1][1:]] and after[2] == [a, *before[2][1:]]
    games = {t["number"]: t["game_id"] for t in response.get_json()["rounds"][0]["tables"]}
    assert games[1] != seated["tables"][0]["game_id"] and games[2] != seated["tables"][1]["game_id"]
    game = client.get(f"/v1/games/{games[1]}", headers=director).get_json()
    assert game["players"]["N"] == f"Player {b}"


def test_every_override_is_logged_with_its_reason_in_the_chain(client, director, as_role):
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"], seed=3)
    override(client, director, event["id"], action="reseat", table=1, seed=9, reason="Cards cut again")
    override(client, director, event["id"], action="add", name="Late Larry", reason="Arrived after the draw")
    override(client, director, event["id"], action="withdraw", player=2, reason="Unwell")
    log = client.get(f"{EVENTS}/{event['id']}/log", headers=as_role("auditor")).get_json()
    assert log["ok"]
    bodies = [e["body"] for e in log["entries"] if e["kind"] == "override"]
    assert [(b["action"], b["reason"]) for b in bodies] == [
        ("reseat", "Cards cut again"),
        ("add", "Arrived after the draw"),
        ("withdraw", "Unwell"),
    ]
    assert bodies[1]["player"] == 9 and bodies[0]["seed"] == 9


def test_players_added_or_withdrawn_take_part_from_the_next_round(client, director):
    event = create_event(client, director, "mso-2000", 8)
    first = seat(client, director, event["id"], seed=1)
    override(client, director, event["id"], action="add", name="Late Larry", reason="Late")
    response = override(client, director, event["id"], action="withdraw", player=1, reason="Left")
    now = response.get_json()
    assert sorted(p for t in tables_of(now["rounds"][0]).values() for p in t) == list(range(1, 9))
    assert {p["number"]: p["active"] for p in now["players"]}[1] is False
    rng = random.Random(1)
    for t in first["tables"]:
        play_game(client, director, t["game_id"], rng)
    second = seat(client, director, event["id"], seed=2)
    seated = sorted(p for t in tables_of(second).values() for p in t)
    assert seated == [2, 3, 4, 5, 6, 7, 8, 9]


def test_a_table_that_has_started_keeps_its_seating(client, director, problem):
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=5)
    game_id = seated["tables"][0]["game_id"]
    game = client.get(f"/v1/games/{game_id}", headers=director).get_json()
    assert (
        client.post(
            f"/v1/games/{game_id}/hands", headers=director, json=game_hand(random.Random(2), game)
        ).status_code
        == 201
    )
    body = problem(override(client, director, event["id"], action="reseat", table=1, reason="Again"), 409)
    assert body["errors"][0]["code"] == "table_started"
    log = client.get(f"{EVENTS}/{event['id']}/log", headers=director).get_json()
    assert [e["kind"] for e in log["entries"]] == ["created", "round_seated"]  # nothing logged


def test_a_move_that_leaves_a_table_of_an_illegal_size_is_refused(client, director, problem):
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=5)
    player = seated["tables"][0]["seats"][0]["player"]
    body = problem(
        override(client, director, event["id"], action="move", player=player, table=2, reason="x"), 422
    )
    assert (body["errors"][0]["pointer"], body["errors"][0]["code"]) == ("/table", "table_size")


def test_a_long_john_move_between_tables_with_room_is_allowed(client, director):
    event = create_event(client, director, "long-john", 15)
    seated = seat(client, director, event["id"], seed=5)
    sizes = {t["number"]: len(t["seats"]) for t in seated["tables"]}
    big, small = sorted(sizes, key=sizes.get, reverse=True)
    player = tables_of(seated)[big][0]
    response = override(
        client, director, event["id"], action="move", player=player, table=small, reason="Wheelchair access"
    )
    assert response.status_code == 201, response.get_json()
    after = tables_of(response.get_json()["rounds"][0])
    assert player in after[small] and len(after[small]) == 8 and len(after[big]) == 7


@pytest.mark.parametrize(
    ("body", "pointer", "code"),
    [
        ({"action": "swap", "player": 1, "reason": "r"}, "/with_player", "required"),
        ({"action": "withdraw", "player": 99, "reason": "r"}, "/player", "unknown_player"),
        ({"action": "reseat", "table": 7, "reason": "r"}, "/table", "unknown_table"),
        ({"action": "add", "name": "X"}, "/reason", "required"),
        ({"action": "teleport", "reason": "r"}, "/action", "enum"),
    ],
)
def test_an_override_that_cannot_apply_is_refused_and_located(client, director, problem, body, pointer, code):
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"], seed=5)
    errors = problem(override(client, director, event["id"], **body), 422)["errors"]
    assert (pointer, code) in [(e["pointer"], e["code"]) for e in errors]


def test_a_round_is_not_seated_while_the_last_is_being_played(client, director, problem):
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"])
    response = client.post(f"{EVENTS}/{event['id']}/rounds", headers=director, json={})
    assert problem(response, 409)["errors"][0]["code"] == "round_in_progress"


def test_a_round_seated_from_the_same_seed_is_the_same(client, director):
    first = create_event(client, director, "mso-2000", 24)
    second = create_event(client, director, "mso-2000", 24)
    assert tables_of(seat(client, director, first["id"], seed=42)) == tables_of(
        seat(client, director, second["id"], seed=42)
    )


def test_a_long_john_field_withdrawals_leave_unseatable_is_a_conflict_saying_so(client, director, problem):
    event = create_event(client, director, "long-john", 12)
    for player in (1, 2):
        assert (
            override(
                client, director, event["id"], action="withdraw", player=player, reason="Ill"
            ).status_code
            == 201
        )
    body = problem(client.post(f"{EVENTS}/{event['id']}/rounds", headers=director, json={}), 409)
    assert body["errors"][0]["code"] == "field_not_seatable"


@pytest.mark.parametrize(
    ("fmt", "pointer", "code"),
    [
        ("swiss", "/format", "unknown_format"),
        (
            {"base": "mso-2000", "options": {"match_points": [3, 2, 1]}},
            "/format/options/match_points",
            "invalid_option",
        ),
        (
            {"base": "long-john", "options": {"table_sizes": [4]}},
            "/format/options/table_sizes",
            "invalid_option",
        ),
        ({"base": "mso-2000", "options": {"colour": "red"}}, "/format/options/colour", "unknown_field"),
    ],
)
def test_an_event_format_that_is_unknown_or_contradicts_itself_is_refused_and_located(
    client, director, problem, fmt, pointer, code
):
    response = client.post(
        EVENTS, headers=director, json={"name": "Open", "format": fmt, "players": ["A", "B"]}
    )
    errors = problem(response, 422)["errors"]
    assert (pointer, code) in [(e["pointer"], e["code"]) for e in errors]


def test_more_players_than_the_format_takes_is_refused(client, director, problem):
    response = client.post(
        EVENTS,
        headers=director,
        json={"name": "Big", "format": "long-john", "players": [f"P{i}" for i in range(65)]},
    )
    assert problem(response, 422)["errors"][0]["code"] == "too_many_players"


def test_a_house_format_is_kept_as_named_and_its_rules_published(client, director):
    fmt = {"base": "mso-2000", "options": {"random_rounds": 2, "playoff_qualifiers": 4}}
    event = create_event(client, director, fmt, 8)
    assert event["format"] == fmt
    assert (event["rules"]["random_rounds"], event["rules"]["playoff_qualifiers"]) == (2, 4)


@pytest.mark.parametrize("role", ["scorer", "auditor", "admin"])
def test_only_a_director_runs_events(client, as_role, problem, role):
    response = client.post(
        EVENTS, headers=as_role(role), json={"name": "Open", "format": "mso-2000", "players": ["A"]}
    )
    problem(response, 403)


def test_every_reader_sees_the_pairings_and_standings(client, director, as_role):
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"])
    for role in ("scorer", "auditor"):
        assert client.get(f"{EVENTS}/{event['id']}/rounds/1", headers=as_role(role)).status_code == 200
        assert client.get(f"{EVENTS}/{event['id']}/standings", headers=as_role(role)).status_code == 200


def test_an_event_or_round_that_does_not_exist_is_a_404(client, director, problem):
    problem(client.get(f"{EVENTS}/99", headers=director), 404)
    event = create_event(client, director, "mso-2000", 8)
    problem(client.get(f"{EVENTS}/{event['id']}/rounds/1", headers=director), 404)


def test_the_one_access_rule_every_reader_sees_every_event_an_admin_none(db, keys):
    key = {role: authenticate(db, token) for role, token in keys.items()}
    created = use.create_event(
        db, key["director"], use.NewEvent("Open", MSO_2000, "mso-2000", ("A", "B", "C", "D"))
    )
    for role in ("scorer", "auditor", "director"):
        assert use.get_event(db, key[role], created.event.id).event.name == "Open"
    for role in ("scorer", "auditor", "admin"):
        with pytest.raises(Forbidden):
            use.create_event(db, key[role], use.NewEvent("Mine", MSO_2000, "mso-2000", ("A",)))
    with pytest.raises(Forbidden):
        use.get_event(db, key["admin"], created.event.id)


def test_the_event_log_is_append_only_and_a_changed_entry_breaks_its_chain(client, director, db):
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"], seed=1)
    with pytest.raises(sqlite3.IntegrityError):  # the trigger refuses any UPDATE
        db.execute("UPDATE event_log SET body = '{}' WHERE event_id = ? AND n = 2", [event["id"]])
    db.execute("DROP TRIGGER event_log_no_update")  # someone with the file in hand
    db.execute(
        "UPDATE event_log SET body = replace(body, '\"seed\":1', '\"seed\":2') WHERE event_id = ? AND n = 2",
        [event["id"]],
    )
    db.conn.commit()
    log = client.get(f"{EVENTS}/{event['id']}/log", headers=director).get_json()
    assert not log["ok"] and (2, "altered_entry") in [(p["n"], p["code"]) for p in log["problems"]]


def test_an_event_log_entry_of_a_kind_this_release_does_not_know_still_reads_and_verifies(
    client, director, db
):
    """A newer release's kind of entry (the event log's kinds are an enum here): the log
    shows it as stored, and its chain holds, as it did when kinds were plain text."""
    from hearts_referee.stored.log import entry_hash

    event = create_event(client, director, "mso-2000", 8)
    n, prev = db.execute(
        "SELECT n, hash FROM event_log WHERE event_id = ? ORDER BY n DESC LIMIT 1", [event["id"]]
    ).fetchone()
    at, body = "2031-01-01T00:00:00.000000Z", '{"note":"from a later release"}'
    db.execute(
        "INSERT INTO event_log (event_id, n, kind, at, actor, body, prev, hash) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            event["id"],
            n + 1,
            "adjourned",
            at,
            None,
            body,
            prev,
            entry_hash(prev, event["id"], n + 1, "adjourned", None, at, None, body),
        ],
    )
    db.conn.commit()
    log = client.get(f"{EVENTS}/{event['id']}/log", headers=director).get_json()
    assert log["ok"] and log["problems"] == []
    assert [e["kind"] for e in log["entries"]] == ["created", "adjourned"]
    assert log["entries"][-1]["body"] == {"note": "from a later release"}
