"""A player's irregularities across an event: the recorder's view (issue 44, item 6).

One eight-player club event is run to its final, on score-only hands (every hand a
moon, so each game ends in a few): in round 1 the director records a revoke against
Ann (and one against another player at her table), then waives Ann's penalty on appeal; in round 2,
at another table, Ann revokes again and exposes a card. Her record is then read back
from the API, her page, the standings (page and CSV) and the hand pages.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest
from events import EVENTS, rounds_until_over, sign_sheet
from support import role_keys, scratch, validator
from test_pages import sign_in

from hearts_referee.app import create_app
from hearts_referee.referee.findings import CODES
from hearts_referee.usecases.players import NOT_OFFENCES, OFFENCES

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
FORMAT = {"base": "mso-2000", "options": {"random_rounds": 1, "playoff_qualifiers": 4}}
WAIVED = "The revoke was caused by a card stuck to another; the penalty is waived."


def post(client: Any, headers: dict[str, str], path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, headers=headers, json=body)
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()


def seat_of(table: dict[str, Any], player: int) -> str:
    return next(s["seat"] for s in table["seats"] if s["player"] == player)


def table_of(seated: dict[str, Any], player: int) -> dict[str, Any]:
    return next(t for t in seated["tables"] if any(s["player"] == player for s in t["seats"]))


def play_table(
    client: Any, director: dict[str, str], table: dict[str, Any], reported: dict[int, list[dict[str, str]]]
) -> dict[int, int]:
    """The table's game to its end on score-only hands, each a moon by a seat no report
    names; ``reported``: hand number -> the irregularities the director records on it.
    Signed by every seat. Returns hand number -> stored hand id."""
    game_id = table["game_id"]
    ruled = {i["seat"] for found in reported.values() for i in found}
    shooter = next(s["seat"] for s in table["seats"] if s["seat"] not in ruled)
    stored = {}
    game = client.get(f"/v1/games/{game_id}", headers=director).get_json()
    while game["status"] != "over":
        number = game["next_hand"]["hand_number"]
        line: dict[str, Any] = {
            "hand_number": number,
            "points": {s: 26 if s == shooter else 0 for s in game["seats"]},
        }
        if number in reported:
            line["irregularities"] = reported[number]
        stored[number] = post(client, director, f"/v1/games/{game_id}/hands", line)["id"]
        game = client.get(f"/v1/games/{game_id}", headers=director).get_json()
    sign_sheet(client, director, game_id)
    return stored


def play_round(
    client: Any,
    director: dict[str, str],
    seated: dict[str, Any],
    at: dict[str, Any],
    reported: dict[int, list[tuple[str, int]]],
    play: Any,
) -> dict[int, int]:
    """Every table of a seated round played out; at table ``at`` by ``play``, with the
    irregularities ``reported`` (hand number -> (code, player) pairs) recorded against the
    players' seats. Returns that table's hand ids by hand number."""
    for table in seated["tables"]:
        if table["number"] != at["number"]:
            play_table(client, director, table, {})
    by_seat = {
        n: [{"code": code, "seat": seat_of(at, p)} for code, p in found] for n, found in reported.items()
    }
    result: dict[int, int] = play(client, director, at, by_seat)
    return result


@pytest.fixture(scope="module")
def league() -> tuple[Any, dict[str, str]]:
    path = scratch("players-") / "archive.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(path)})
    return app.test_client(), role_keys(path)


@pytest.fixture(scope="module")
def club(league) -> dict[str, Any]:
    """The whole event, played to its final: what happened where."""
    client, keys = league
    director = {"Authorization": f"Bearer {keys['director']}"}
    event = post(client, director, EVENTS, {"name": "Tuesday club", "players": NAMES, "format": FORMAT})
    ann = 1
    first = post(client, director, f"{EVENTS}/{event['id']}/rounds", {"seed": 7})
    at_first = table_of(first, ann)
    other = next(s["player"] for s in at_first["seats"] if s["player"] != ann)  # at Ann's table
    reported = {1: [("revoke", ann)], 2: [("revoke", other)]}
    hands_first = play_round(client, director, first, at_first, reported, _play_with_appeal)
    second = post(client, director, f"{EVENTS}/{event['id']}/rounds", {})
    at_second = table_of(second, ann)
    reported = {1: [("revoke", ann)], 2: [("exposed_card", ann)]}
    hands_second = play_round(client, director, second, at_second, reported, play_table)
    for seated in rounds_until_over(client, director, event["id"]):
        for table in seated["tables"]:
            play_table(client, director, table, {})
    return {
        "id": event["id"],
        "ann": ann,
        "other": other,
        "first": at_first,
        "second": at_second,
        "ann_revoke_1": hands_first[1],
        "ann_revoke_2": hands_second[1],
        "ann_exposed": hands_second[2],
    }


def _play_with_appeal(
    client: Any, director: dict[str, str], table: dict[str, Any], reported: dict[int, list[dict[str, str]]]
) -> dict[int, int]:
    """Round 1 at Ann's table: after hand 1 (her revoke) the director waives its penalty
    on appeal, then the game goes on as :func:`play_table` plays it."""
    game_id = table["game_id"]
    ruled = {i["seat"] for found in reported.values() for i in found}
    shooter = next(s["seat"] for s in table["seats"] if s["seat"] not in ruled)
    points = {s["seat"]: 26 if s["seat"] == shooter else 0 for s in table["seats"]}
    line = {"hand_number": 1, "points": points, "irregularities": reported[1]}
    first = post(client, director, f"/v1/games/{game_id}/hands", line)["id"]
    decision = {"ruling": 0, "action": "waive", "director": "Chief TD", "reason": WAIVED}
    post(client, director, f"/v1/hands/{first}/decisions", decision)
    rest = play_table(client, director, table, {n: v for n, v in reported.items() if n != 1})
    return {1: first, **rest}


def director_headers(keys: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {keys['director']}"}


# --- the acceptance: the player's record, the page and the CSV ----------------------------------


def test_a_players_rulings_at_two_tables_read_back_from_the_api_the_page_and_the_csv(league, club):
    client, keys = league
    event_id, ann = club["id"], club["ann"]
    first, second = club["first"]["number"], club["second"]["number"]

    response = client.get(f"{EVENTS}/{event_id}/players/{ann}", headers=director_headers(keys))
    assert response.status_code == 200, response.get_json()
    record = response.get_json()
    validator("PlayerRecord").validate(record)
    assert (record["event_id"], record["player"], record["name"], record["active"]) == (
        event_id,
        ann,
        "Ann",
        True,
    )
    assert record["counts"] == {"revoke": 2, "exposed_card": 1}
    where = [(r["round"], r["table"], r["hand_number"], r["code"]) for r in record["rulings"]]
    assert where == [(1, first, 1, "revoke"), (2, second, 1, "revoke"), (2, second, 2, "exposed_card")]
    waived, revoke, exposed = record["rulings"]
    assert waived["hand_id"] == club["ann_revoke_1"] and waived["game_id"] == club["first"]["game_id"]
    assert waived["seat"] == seat_of(club["first"], ann) and revoke["seat"] == seat_of(club["second"], ann)
    assert waived["penalty"] == {"points": 26} and waived["status"] == "waived"
    assert (waived["decision"]["action"], waived["decision"]["director"]) == ("waive", "Chief TD")
    assert waived["decision"]["reason"] == WAIVED
    assert (revoke["status"], revoke["decision"]) == ("applied", None)
    assert exposed["status"] == "applied" and exposed["hand_id"] == club["ann_exposed"]

    sign_in(client, keys, "auditor")
    html = client.get(f"/director/events/{event_id}/players/{ann}").get_data(as_text=True)
    assert "Ann" in html and "3 rulings" in html and "Revoke × 2" in html and "Exposed card × 1" in html
    assert html.count('<tr data-code="revoke">') == 2 and html.count('<tr data-code="exposed_card">') == 1
    assert f'/director/hands/{club["ann_revoke_1"]}#ruling-1"' in html
    assert f'/director/hands/{club["ann_revoke_2"]}#ruling-1"' in html
    assert WAIVED in html

    text = client.get(f"/director/events/{event_id}/standings.csv").get_data(as_text=True)
    rows = {int(r["player"]): r for r in csv.DictReader(io.StringIO(text))}
    assert (rows[ann]["rulings"], rows[ann]["rulings_revoke"], rows[ann]["rulings_exposed_card"]) == (
        "3",
        "2",
        "1",
    )
    assert rows[club["other"]]["rulings"] == "1" and rows[club["other"]]["rulings_revoke"] == "1"
    others = set(rows) - {ann, club["other"]}
    assert all(rows[p]["rulings"] == "0" for p in others)


def test_the_standings_csv_keeps_its_columns_and_adds_the_counts_at_the_end(league, club):
    client, keys = league
    sign_in(client, keys, "auditor")
    text = client.get(f"/director/events/{club['id']}/standings.csv").get_data(as_text=True)
    header = next(csv.reader(io.StringIO(text)))
    before = ["rank", "player", "name", "match_points", "pending_match_points", "games", "wins", "byes"]
    assert header == [*before, "average_total", "rulings", *(f"rulings_{code}" for code in OFFENCES)]


def test_another_players_ruling_at_the_same_table_is_in_their_record_not_hers(league, club):
    client, keys = league
    other = client.get(
        f"{EVENTS}/{club['id']}/players/{club['other']}", headers=director_headers(keys)
    ).get_json()
    assert other["counts"] == {"revoke": 1}
    (revoke,) = other["rulings"]
    assert (revoke["round"], revoke["table"], revoke["hand_number"]) == (1, club["first"]["number"], 2)


def test_a_player_with_no_ruling_has_an_empty_record(league, club):
    client, keys = league
    clean = next(p for p in range(1, 9) if p not in (club["ann"], club["other"]))
    record = client.get(f"{EVENTS}/{club['id']}/players/{clean}", headers=director_headers(keys)).get_json()
    assert (record["counts"], record["rulings"]) == ({}, [])


def test_the_standings_page_marks_the_players_with_rulings_and_links_every_record(league, club):
    client, keys = league
    sign_in(client, keys, "scorer")
    html = client.get(f"/director/events/{club['id']}/standings").get_data(as_text=True)
    assert html.count('class="tag ruled" data-rulings="3"') == 1
    assert html.count('class="tag ruled" data-rulings="1"') == 1
    assert html.count('class="tag ruled"') == 2
    for player in range(1, 9):
        assert f'/director/events/{club["id"]}/players/{player}"' in html


def test_the_event_page_links_each_player_to_their_record_with_their_count(league, club):
    client, keys = league
    sign_in(client, keys, "auditor")
    html = client.get(f"/director/events/{club['id']}").get_data(as_text=True)
    assert f'/director/events/{club["id"]}/players/{club["ann"]}"' in html
    assert "⚠ 3 rulings" in html and "⚠ 1 ruling<" in html


def test_a_repeat_revoke_shows_the_director_the_players_earlier_one_on_the_hand_page(league, club):
    client, keys = league
    sign_in(client, keys, "director")
    html = client.get(f"/director/hands/{club['ann_revoke_2']}").get_data(as_text=True)
    assert "2nd revoke in this event" in html
    assert f"round 1, table {club['first']['number']}." in html
    assert f'/director/events/{club["id"]}/players/{club["ann"]}"' in html


def test_a_new_kind_of_ruling_names_the_players_earlier_rulings_of_other_kinds(league, club):
    client, keys = league
    sign_in(client, keys, "director")
    html = client.get(f"/director/hands/{club['ann_exposed']}").get_data(as_text=True)
    assert "1st exposed card in this event" in html
    first, second = club["first"]["number"], club["second"]["number"]
    assert f"revoke (round 1, table {first}), revoke (round 2, table {second})." in html


def test_a_players_first_ruling_in_the_event_shows_no_earlier_ones(league, club):
    client, keys = league
    sign_in(client, keys, "director")
    html = client.get(f"/director/hands/{club['ann_revoke_1']}").get_data(as_text=True)
    assert "in this event" not in html and 'class="repeat-note"' not in html


def test_a_hand_outside_any_event_shows_no_event_record(client, keys, as_role):
    from test_pages import HAND, new_game

    assert client.post("/v1/games", headers=as_role("director"), json=new_game(table="7")).status_code == 201
    assert client.post("/v1/games/1/hands", headers=as_role("director"), json=HAND).status_code == 201
    sign_in(client, keys, "director")
    html = client.get("/director/hands/1").get_data(as_text=True)
    assert "Revoke" in html and 'class="repeat-note"' not in html


# --- who reads it, and what it refuses --------------------------------------------------------


@pytest.mark.parametrize("role", ["scorer", "auditor", "director"])
def test_every_key_that_reads_the_event_reads_a_players_record(league, club, role):
    client, keys = league
    headers = {"Authorization": f"Bearer {keys[role]}"}
    response = client.get(f"{EVENTS}/{club['id']}/players/{club['ann']}", headers=headers)
    assert response.status_code == 200 and response.get_json()["counts"]["revoke"] == 2


def test_an_admin_key_may_not_read_a_players_record(league, club):
    client, keys = league
    headers = {"Authorization": f"Bearer {keys['admin']}"}
    response = client.get(f"{EVENTS}/{club['id']}/players/{club['ann']}", headers=headers)
    assert response.status_code == 403 and response.mimetype == "application/problem+json"


def test_a_player_number_the_event_does_not_have_is_a_404(league, club):
    client, keys = league
    response = client.get(f"{EVENTS}/{club['id']}/players/9", headers=director_headers(keys))
    assert (
        response.status_code == 404
        and response.get_json()["detail"] == f"Event {club['id']} has no player 9."
    )
    assert client.get(f"{EVENTS}/999/players/1", headers=director_headers(keys)).status_code == 404
    sign_in(client, keys, "auditor")
    assert client.get(f"/director/events/{club['id']}/players/9").status_code == 404


def test_a_players_record_is_conditional_on_its_etag(league, club):
    client, keys = league
    path = f"{EVENTS}/{club['id']}/players/{club['ann']}"
    etag = client.get(path, headers=director_headers(keys)).headers["ETag"]
    again = client.get(path, headers={**director_headers(keys), "If-None-Match": etag})
    assert again.status_code == 304


def test_the_players_page_as_json_is_the_apis_answer(league, club):
    client, keys = league
    path = f"/events/{club['id']}/players/{club['ann']}"
    api = client.get(f"/v1{path}", headers=director_headers(keys)).get_json()
    sign_in(client, keys, "auditor")
    assert client.get(f"/director{path}.json").get_json() == api


def test_every_ruling_code_is_either_against_the_seat_it_names_or_no_ones_record():
    """A new ruling code must be placed: an irregularity of the seat it names (it counts in
    the player's record and the CSV's columns) or not."""
    assert set(OFFENCES) | NOT_OFFENCES == set(CODES)
    assert not set(OFFENCES) & NOT_OFFENCES and len(OFFENCES) == len(set(OFFENCES))


def test_the_events_page_documents_the_csvs_ruling_columns_in_their_order():
    page = (Path(__file__).resolve().parent.parent / "docs" / "events.md").read_text(encoding="utf-8")
    documented = re.findall(r"`rulings_([a-z_]+)`", " ".join(page.split()))
    assert documented == [str(code) for code in OFFENCES]
