"""Starting a game on the pages (issue 44, item 4): the seat rows follow the variant, the
first dealer is chosen from the seats just typed (and left out, is the first seat), and
every refusal is in the director's words beside its field."""

from __future__ import annotations

import re

import pytest
from entry_forms import field_problems
from test_pages import CSRF, sign_in
from test_pages_games import GAME_FORM


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    return client


def shown_rows(page: str) -> list[int]:
    return [int(row) for row, hidden in re.findall(r'id="seat-row-(\d+)"( hidden)?', page) if not hidden]


def test_a_first_dealer_left_out_is_the_first_seat_not_a_schema_error(director, as_role):
    """The failure: an empty first dealer answered "Shorter than minimum length 1." at the
    foot of a long page."""
    response = director.post("/director/games/new", data=GAME_FORM | {"first_dealer": ""})
    assert response.status_code == 303, response.get_data(as_text=True)
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert game["first_dealer"] == "N"


def test_the_first_dealer_is_chosen_from_the_seats_typed(director):
    page = director.get("/director/games/new").get_data(as_text=True)
    select = re.search(r'<select id="first_dealer" name="first_dealer"[^>]*>(.*?)</select>', page, re.S)
    assert select, "the first dealer is a choice, not a text field"
    assert re.findall(r'<option value="([^"]*)"', select.group(1)) == ["N", "E", "S", "W"]


def test_a_refused_form_offers_the_seats_it_was_sent_as_dealers(director):
    form = GAME_FORM | {"seat-0": "A", "seat-1": "B", "seat-2": "C", "seat-3": "D", "first_dealer": "C"}
    form |= {"player-1": ""}
    page = director.post("/director/games/new", data=form).get_data(as_text=True)
    select = re.search(r'<select id="first_dealer"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert re.findall(r'<option value="([^"]*)"', select) == ["A", "B", "C", "D"]
    assert '<option value="C" selected>' in select


def test_a_player_left_unnamed_is_asked_for_beside_the_seat_in_the_directors_words(director):
    page = director.post("/director/games/new", data=GAME_FORM | {"player-2": ""}).get_data(as_text=True)
    assert "Name the player in this seat." in field_problems(page, "player-2")
    assert "Shorter than minimum length" not in page


@pytest.mark.parametrize(
    ("variant", "rows"), [("mso-2000", 4), ("standard", 4), ("long-john", 8), ("omnibus-kitty", 7)]
)
def test_the_seat_rows_follow_the_variant(director, variant, rows):
    """The failure: eight seat rows showed for a four-player game. Without the script, the
    form's "Show this variant's seats" asks the server for the variant's rows."""
    form = {"csrf_token": CSRF, "variant": variant, "action": "variant", "seat-0": "N"}
    page = director.post("/director/games/new", data=form).get_data(as_text=True)
    assert shown_rows(page) == list(range(rows))
    assert "cannot start" not in page  # only redrawn, not refused


def test_the_first_form_shows_four_rows_for_its_mso_table(director):
    assert shown_rows(director.get("/director/games/new").get_data(as_text=True)) == [0, 1, 2, 3]


def test_rows_already_typed_stay_shown_whatever_the_variant(director):
    form = GAME_FORM | {"seat-4": "X", "player-4": "Eve", "action": "variant"}
    assert shown_rows(director.post("/director/games/new", data=form).get_data(as_text=True)) == [
        0,
        1,
        2,
        3,
        4,
    ]
