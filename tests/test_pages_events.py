"""The director's event pages: overview, pairings and table cards, standings, CSV exports."""

from __future__ import annotations

import csv
import io

import pytest
from events import EVENTS, create_event, play_moons, seat
from test_pages import CSRF, sign_in

from hearts_referee import archive


@pytest.fixture
def played(client, as_role):
    """An eight-player MSO event whose first round is played to the end, and its second seated."""
    director = as_role("director")
    event = create_event(client, director, "mso-2000", 8, name="Club open")
    first = seat(client, director, event["id"], seed=4)
    play_moons(client, director, first)
    return event["id"], first


def page(client, path):
    response = client.get(path)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return response.get_data(as_text=True)


def test_the_event_overview_lists_its_rounds_and_links_to_them(client, keys, played):
    event_id, _ = played
    sign_in(client, keys, "auditor")
    html = page(client, f"/director/events/{event_id}")
    assert "Club open" in html and "Round 1" in html and f"/director/events/{event_id}/rounds/1" in html
    assert "Seat the next round" not in html  # an auditor reads; only a director seats
    assert f"/director/events/{event_id}" in page(client, "/director/events")


def test_a_round_page_has_the_pairings_a_card_per_table_and_links_to_each_scoresheet(client, keys, played):
    event_id, first = played
    sign_in(client, keys, "scorer")
    html = page(client, f"/director/events/{event_id}/rounds/1")
    for table in first["tables"]:
        assert f'/director/games/{table["game_id"]}"' in html
        assert f'id="card-{table["number"]}"' in html
        for s in table["seats"]:
            assert s["name"] in html
    assert html.count('class="table-card"') == len(first["tables"])


def test_table_cards_print_one_a_page(client):
    css = client.get("/director/static/director.css").get_data(as_text=True)
    printed = css[css.rindex("@media print") :]
    assert ".table-card { break-before: page;" in printed


def test_the_standings_page_ranks_every_player_with_match_points(client, keys, played):
    event_id, _ = played
    sign_in(client, keys, "auditor")
    html = page(client, f"/director/events/{event_id}/standings")
    assert html.count('<tr><td class="num">') == 8 and "Match points" in html


def test_standings_csv_sums_to_eleven_match_points_a_table(client, keys, played):
    event_id, _ = played
    sign_in(client, keys, "auditor")
    response = client.get(f"/director/events/{event_id}/standings.csv")
    assert response.mimetype == "text/csv" and "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [int(r["rank"]) for r in rows] == list(range(1, 9))
    assert sum(float(r["match_points"]) for r in rows) == pytest.approx(22)


def test_pairings_csv_has_a_row_per_seat_with_its_game(client, keys, played):
    event_id, first = played
    sign_in(client, keys, "auditor")
    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"/director/events/{event_id}/rounds/1.csv").get_data(as_text=True))
        )
    )
    assert len(rows) == 8
    assert {(r["table"], r["seat"], r["player"], r["game"]) for r in rows} == {
        (str(t["number"]), s["seat"], str(s["player"]), str(t["game_id"]))
        for t in first["tables"]
        for s in t["seats"]
    }


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_exported_as_text(client, keys, as_role):
    director = as_role("director")
    response = client.post(
        EVENTS,
        headers=director,
        json={"name": "Open", "format": "mso-2000", "players": ["=1+1", "Bo", "Cy", "Di"]},
    )
    event_id = response.get_json()["id"]
    sign_in(client, keys, "auditor")
    text = client.get(f"/director/events/{event_id}/standings.csv").get_data(as_text=True)
    assert '"\'=1+1"' in text and '"=1+1"' not in text


def test_a_director_seats_the_next_round_from_the_overview(client, keys, played):
    event_id, _ = played
    sign_in(client, keys, "director")
    assert "Seat the next round" in page(client, f"/director/events/{event_id}")
    response = client.post(f"/director/events/{event_id}/rounds", data={"csrf_token": CSRF})
    assert response.status_code == 303 and response.headers["Location"].endswith(
        f"/director/events/{event_id}/rounds/2"
    )
    assert "Round 2 seated" in page(client, f"/director/events/{event_id}/rounds/2")


def test_seating_a_round_while_one_is_played_is_an_html_409(client, keys, played):
    event_id, _ = played
    sign_in(client, keys, "director")
    client.post(f"/director/events/{event_id}/rounds", data={"csrf_token": CSRF})
    response = client.post(f"/director/events/{event_id}/rounds", data={"csrf_token": CSRF})
    assert response.status_code == 409 and response.mimetype == "text/html"
    assert "still being played" in response.get_data(as_text=True)


def test_an_auditor_cannot_seat_a_round(client, keys, played):
    event_id, _ = played
    sign_in(client, keys, "auditor")
    assert client.post(f"/director/events/{event_id}/rounds", data={"csrf_token": CSRF}).status_code == 403


def test_an_event_that_does_not_exist_is_an_html_404(client, keys):
    sign_in(client, keys, "auditor")
    response = client.get("/director/events/42")
    assert response.status_code == 404 and response.mimetype == "text/html"


def test_a_director_swaps_two_players_from_the_overview_with_a_reason(client, keys, as_role):
    director = as_role("director")
    event = create_event(client, director, "mso-2000", 8)
    seated = seat(client, director, event["id"], seed=4)
    a, b = seated["tables"][0]["seats"][0]["player"], seated["tables"][1]["seats"][0]["player"]
    sign_in(client, keys, "director")
    form = {
        "csrf_token": CSRF,
        "action": "swap",
        "player": str(a),
        "with_player": str(b),
        "reason": "Asked to",
    }
    response = client.post(f"/director/events/{event['id']}/overrides", data=form)
    assert response.status_code == 303
    now = client.get(f"{EVENTS}/{event['id']}", headers=director).get_json()
    assert now["rounds"][0]["tables"][0]["seats"][0]["player"] == b
    log = client.get(f"{EVENTS}/{event['id']}/log", headers=director).get_json()
    assert log["entries"][-1]["body"]["reason"] == "Asked to"


def test_a_refused_override_shows_its_problems_and_keeps_the_form(client, keys, as_role):
    director = as_role("director")
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"], seed=4)
    sign_in(client, keys, "director")
    form = {"csrf_token": CSRF, "action": "withdraw", "player": "x1", "reason": "Unwell"}
    response = client.post(f"/director/events/{event['id']}/overrides", data=form)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "<code>/player</code> type" in html and "Unwell" in html
    form["player"] = "99"
    html = client.post(f"/director/events/{event['id']}/overrides", data=form).get_data(as_text=True)
    assert "unknown_player" in html


def test_an_override_form_without_its_csrf_token_is_refused(client, keys, as_role):
    director = as_role("director")
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"], seed=4)
    sign_in(client, keys, "director")
    form = {"action": "add", "name": "Eve", "reason": "Late"}
    assert client.post(f"/director/events/{event['id']}/overrides", data=form).status_code == 400
    assert len(client.get(f"{EVENTS}/{event['id']}", headers=director).get_json()["players"]) == 8


def test_a_director_names_the_scorer_keys_from_the_overview_with_a_reason(client, keys, as_role, db):
    app, _ = archive.create_key(db, "Table app", "scorer")
    director = as_role("director")
    event = create_event(client, director, "mso-2000", 8)
    seat(client, director, event["id"], seed=4)
    sign_in(client, keys, "director")
    form = {"csrf_token": CSRF, "action": "scorers", "scorers": f"{app.id}", "reason": "Tablets tonight"}
    response = client.post(f"/director/events/{event['id']}/overrides", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    assert client.get(f"{EVENTS}/{event['id']}", headers=director).get_json()["scorers"] == [app.id]
    assert f"scored by scorer key {app.id} and" in page(client, f"/director/events/{event['id']}")
    form["scorers"] = "x"
    html = client.post(f"/director/events/{event['id']}/overrides", data=form).get_data(as_text=True)
    assert "<code>/scorers/0</code> type" in html and "Tablets tonight" in html
