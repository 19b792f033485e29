"""Creating an event from the pages: the body of ``POST /v1/events`` as a form.

The page loads the form through the API's codec and stores it through
``service.events.create_event``, so it refuses what the API refuses; each
problem is shown under the field it came from, with everything typed kept.
"""

from __future__ import annotations

import pytest
from entry_forms import field_problems
from test_pages import CSRF, sign_in

from hearts_referee import archive

FORM = {
    "csrf_token": CSRF,
    "name": "Tuesday club",
    "format": "mso-2000",
    "options": "",
    "players": "Ann\nBo\n\nCy\nDi\n",
    "scorers": "",
}


def create(client, **changes: str):
    return client.post("/director/events/new", data=FORM | changes)


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    return client


def test_a_director_creates_an_event_from_the_form_as_the_api_would(director, as_role):
    response = create(director)
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/director/events/1")
    event = director.get("/v1/events/1", headers=as_role("director")).get_json()
    assert (event["name"], event["format"], event["status"]) == ("Tuesday club", "mso-2000", "registering")
    assert [p["name"] for p in event["players"]] == ["Ann", "Bo", "Cy", "Di"]  # blank lines left out
    assert "Tuesday club" in director.get("/director/events/1").get_data(as_text=True)


def test_a_house_format_is_the_base_and_its_options_as_json(director, as_role):
    response = create(director, format="mso-2000", options='{"max_players": 32}')
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    event = director.get("/v1/events/1", headers=as_role("director")).get_json()
    assert event["format"] == {"base": "mso-2000", "options": {"max_players": 32}}
    assert event["rules"]["max_players"] == 32


def test_the_scorer_keys_named_on_the_form_score_the_events_tables(director, as_role, db):
    app, _ = archive.create_key(db, "Table app", "scorer")
    response = create(director, scorers=f"{app.id}")
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    assert director.get("/v1/events/1", headers=as_role("director")).get_json()["scorers"] == [app.id]


def test_options_that_are_not_json_are_shown_under_their_field_with_the_form_kept(director, as_role):
    response = create(director, options="{min_players: 4")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "not JSON" in field_problems(html, "options")
    assert "Ann\nBo\n\nCy\nDi" in html and 'value="Tuesday club"' in html
    assert director.get("/v1/events", headers=as_role("director")).get_json()["events"] == []


def test_an_option_the_format_refuses_is_shown_under_the_options(director):
    html = create(director, options='{"table_sizes": [2]}').get_data(as_text=True)
    assert "table_sizes" in field_problems(html, "options")


def test_a_player_name_too_long_is_shown_under_the_players_naming_its_line(director):
    html = create(director, players="Ann\n\n" + "x" * 81 + "\nBo").get_data(as_text=True)
    assert "line 3" in field_problems(html, "players")


def test_an_event_without_a_name_or_players_is_refused_at_each_field(director):
    response = create(director, name="", players="\n \n")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    field_problems(html, "name")
    field_problems(html, "players")


def test_a_scorer_key_that_is_not_one_is_shown_under_the_scorers(director, db):
    auditor, _ = archive.create_key(db, "An auditor", "auditor")
    html = create(director, scorers=f"{auditor.id}, seven").get_data(as_text=True)
    shown = field_problems(html, "scorers")
    assert "whole number" in shown
    html = create(director, scorers=f"{auditor.id}").get_data(as_text=True)
    assert "not a live scorer key" in field_problems(html, "scorers")


def test_only_a_director_creates_events_from_the_pages(client, keys):
    sign_in(client, keys, "scorer")
    assert create(client).status_code == 403
    assert client.get("/director/events/new").status_code == 403
    assert 'href="/director/events/new"' not in client.get("/director/events").get_data(as_text=True)


def test_the_events_list_links_a_director_to_the_form(director):
    assert 'href="/director/events/new"' in director.get("/director/events").get_data(as_text=True)
    assert director.get("/director/events/new").status_code == 200


def test_an_event_form_without_its_csrf_token_is_refused(director, as_role):
    assert create(director, csrf_token="").status_code == 400
    assert director.get("/v1/events", headers=as_role("director")).get_json()["events"] == []
