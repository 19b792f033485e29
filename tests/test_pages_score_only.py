"""A scoresheet kept on the director's pages: one number per seat, through the API's use case.

The scoresheet form is the body of ``POST /v1/games/{id}/hands`` with ``points``; the game
page shows one row per hand, each score-only one marked "play not refereed", and a stored
score-only hand's page shows its points in place of a deal and tricks.
"""

from __future__ import annotations

import re

import pytest
from entry_forms import field_problems
from games import SEATS, moon
from test_pages import CSRF, sign_in
from test_pages_games import start_by_page


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    return client


def sheet_form(number: int, points: dict[str, int], **extra: str) -> dict[str, str]:
    form = {"csrf_token": CSRF, "hand_number": str(number)}
    return form | {f"points-{i}": str(points[seat]) for i, seat in enumerate(SEATS)} | extra


def test_a_scoresheet_line_typed_on_the_game_page_is_the_hand_the_api_reads(director, as_role):
    start_by_page(director)
    page = director.get("/director/games/1").get_data(as_text=True)
    assert 'id="sheet-line"' in page and 'name="points-3"' in page
    assert 'name="sheet_moon_choice"' in page  # MSO lets the shooter choose
    response = director.post(
        "/director/games/1/sheet", data=sheet_form(1, {"N": 3, "E": 10, "S": 13, "W": 0})
    )
    assert response.status_code == 303
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert game["totals"] == {"N": 3, "E": 10, "S": 13, "W": 0} and game["hands"][0]["refereed"] is False


def test_the_game_page_marks_each_score_only_row_play_not_refereed(director, as_role):
    start_by_page(director)
    headers = as_role("director")
    director.post("/v1/games/1/hands", json=moon("W", 1), headers=headers)
    director.post("/director/games/1/sheet", data=sheet_form(2, {"N": 13, "E": 13, "S": 0, "W": 0}))
    page = director.get("/director/games/1").get_data(as_text=True)
    rows = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0].split("<tr")[1:]
    assert len(rows) == 2
    assert "play not refereed" not in rows[0] and "play not refereed" in rows[1]


def test_a_scoresheet_line_that_does_not_add_up_comes_back_beside_the_numbers(director, as_role):
    start_by_page(director)
    response = director.post(
        "/director/games/1/sheet", data=sheet_form(1, {"N": 3, "E": 10, "S": 12, "W": 0})
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "add up to 25" in field_problems(html, "points")
    assert 'value="12"' in html  # nothing typed is lost
    assert director.get("/v1/games/1", headers=as_role("director")).get_json()["hands"] == []


def test_a_seat_left_blank_or_not_a_number_is_shown_at_its_field(director):
    start_by_page(director)
    form = sheet_form(1, {"N": 3, "E": 10, "S": 13, "W": 0}) | {"points-1": "ten", "points-3": ""}
    html = director.post("/director/games/1/sheet", data=form).get_data(as_text=True)
    assert "whole number" in field_problems(html, "points-1")
    assert "W took" in field_problems(html, "points-3")


def test_a_variant_whose_moon_has_one_outcome_offers_no_moon_choice(director):
    start_by_page(director, variant="standard")
    page = director.get("/director/games/1").get_data(as_text=True)
    assert 'id="sheet-line"' in page and 'name="sheet_moon_choice"' not in page


def test_the_moon_choice_typed_with_a_line_is_the_record_s(director, as_role):
    start_by_page(director)
    form = sheet_form(1, {"N": 0, "E": 26, "S": 0, "W": 0}, sheet_moon_choice="add")
    assert director.post("/director/games/1/sheet", data=form).status_code == 303
    hand = director.get("/v1/hands/1", headers=as_role("director")).get_json()
    assert hand["audit"]["moon"] == {"seat": "E", "option": "add", "chosen_by": "record"}


def test_a_score_only_hand_s_page_shows_its_points_and_says_the_play_was_not_refereed(director):
    start_by_page(director)
    director.post("/director/games/1/sheet", data=sheet_form(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    page = director.get("/director/hands/1").get_data(as_text=True)
    assert "Score-only hand: play not refereed" in page
    assert 'id="deal-h"' not in page and 'id="tricks-h"' not in page
    points = page.split('<table class="points">', 1)[1].split("</table>", 1)[0]
    assert re.findall(r'<td class="num">(-?\d+)</td>', points) == ["3", "10", "13", "0"]


def test_the_docs_show_the_scoresheet_screenshot_and_it_is_small():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for page in ("games.md", "pages.md"):
        assert "](scoresheet-score-only.png)" in (root / "docs" / page).read_text(encoding="utf-8")
    assert (root / "docs" / "scoresheet-score-only.png").stat().st_size < 300_000


def report_form(**extra: str) -> dict[str, str]:
    return {
        "csrf_token": CSRF,
        "code": "revoke",
        "seat": "S",
        "director": "Chief TD",
        "reason": "E saw it.",
    } | extra


def test_the_director_records_a_reported_revoke_from_the_hand_page(director, as_role):
    start_by_page(director)
    director.post("/director/games/1/sheet", data=sheet_form(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    director.post("/director/games/1/sheet", data=sheet_form(2, {"N": 0, "E": 5, "S": 8, "W": 13}))
    page = director.get("/director/hands/1").get_data(as_text=True)
    assert 'id="report-h"' in page and 'value="revoke"' in page
    response = director.post("/director/hands/1/irregularities", data=report_form())
    assert response.status_code == 303
    hand = director.get("/v1/hands/1", headers=as_role("director")).get_json()
    assert (hand["version"], hand["penalties"]["S"]) == (2, 26)
    page = director.get("/director/hands/1").get_data(as_text=True)
    assert "Chief TD's new record of the hand" in page and "New record:" in page
    later = director.get("/director/hands/2").get_data(as_text=True)  # re-audited by the new record
    assert "Re-audited:" in later and "The new record of hand 1" in later and "See that hand" in later


def test_the_report_form_offers_only_what_can_happen_in_the_hand(director):
    """standard has no joker, and hand 4 of its four-seat game is a hold hand: the form offers
    neither a joker played early nor an incorrect pass there, and offers the pass on hand 1;
    the server refuses either anyway (impossible_irregularity), the form no longer asks."""
    start_by_page(director, variant="standard")
    for number in range(1, 5):
        director.post("/director/games/1/sheet", data=sheet_form(number, {"N": 3, "E": 10, "S": 13, "W": 0}))
    offered = {
        number: set(
            re.findall(
                r'<option value="([a-z_]+)"', director.get(f"/director/hands/{number}").get_data(as_text=True)
            )
        )
        for number in (1, 4)
    }
    assert "joker_played_early" not in offered[1] | offered[4]
    assert "incorrect_pass" in offered[1] and "incorrect_pass" not in offered[4]
    assert {"revoke", "renounce", "exposed_card"} <= offered[4]


def test_a_report_the_hand_cannot_take_comes_back_on_the_hand_page(director):
    start_by_page(director)
    director.post("/director/games/1/sheet", data=sheet_form(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    response = director.post("/director/hands/1/irregularities", data=report_form(trick="14", reason=""))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "The irregularity was not recorded" in html and "<code>/reason</code>" in html


def test_a_hand_whose_play_was_refereed_offers_no_report_form(director, as_role):
    start_by_page(director)
    director.post("/v1/games/1/hands", json=moon("W", 1), headers=as_role("director"))
    assert 'id="report-h"' not in director.get("/director/hands/1").get_data(as_text=True)


def test_a_score_only_hand_replaced_by_its_full_record_shows_the_record_s_tricks(director, as_role):
    start_by_page(director)
    director.post("/director/games/1/sheet", data=sheet_form(1, {"N": 13, "E": 13, "S": 0, "W": 0}))
    body = {"record": moon("W", 1), "director": "Chief TD", "reason": "The table's own record."}
    assert director.post("/v1/hands/1/records", json=body, headers=as_role("director")).status_code == 201
    page = director.get("/director/hands/1").get_data(as_text=True)
    assert 'id="tricks-h"' in page and "Score-only hand" not in page
    assert "new record by Chief TD" in page and 'id="report-h"' not in page
