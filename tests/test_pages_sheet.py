"""The scoresheet as the table keeps it: one row per hand, the next one typed in place.

The row is the body of ``POST /v1/games/{id}/hands`` with ``points``; while it is typed
the page asks the referee (``/sheet/preview``, storing nothing) for the hand's score,
the totals after it, the moon and the end of the game, so the page never scores a moon
or adds up a total itself.
"""

from __future__ import annotations

import re

import pytest
from entry_forms import field_problems
from games import SEATS
from test_pages import CSRF, sign_in
from test_pages_games import start_by_page

SHEET = "/director/games/1/sheet"
EVEN = {"N": 13, "E": 13, "S": 0, "W": 0}
"""N and E take 13 each: the game (to 100) ends on the eighth such hand."""


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    start_by_page(client)
    return client


def row(number: int, points: dict[str, int | str], **extra: str) -> dict[str, str]:
    form = {"csrf_token": CSRF, "hand_number": str(number), "from": "sheet"}
    return form | {f"points-{i}": str(points.get(seat, "")) for i, seat in enumerate(SEATS)} | extra


def store(client, as_role, *hands: dict[str, int]) -> None:
    for number, points in enumerate(hands, start=1):
        sent = client.post(
            "/v1/games/1/hands", json={"hand_number": number, "points": points}, headers=as_role("director")
        )
        assert sent.status_code == 201, sent.get_json()


def preview(client, number: int, points: dict[str, int | str], **extra: str) -> str:
    response = client.post(f"{SHEET}/preview", data=row(number, points, **extra))
    assert response.status_code == 200
    return response.get_data(as_text=True)


def cells(html: str, name: str) -> dict[str, str]:
    return dict(re.findall(rf'data-{name}="(\w)">(?:<strong>)?(-?\d+)', html))


def test_the_next_row_shows_the_next_deal_s_dealer_and_pass_with_a_field_per_seat(director, as_role):
    store(director, as_role, EVEN)  # hand 1 dealt by W, passing left
    page = director.get(SHEET).get_data(as_text=True)
    entry = page[page.index('id="entry"') : page.index('id="sheet-preview"')]
    row = r"<th scope=\"row\">2<span class=\"reflow-only\"> · dealer N · pass right</span></th>"
    assert re.search(row + r"<td class=\"dp\">N</td><td class=\"dp\">right</td>", entry)
    assert all(f'name="points-{i}"' in entry and 'form="sheet-line"' in entry for i in range(4))
    assert "Next: hand <strong>2</strong> · dealer <strong>N</strong>" in page
    assert 'src="/director/static/sheet.js"' in page and "<script>" not in page


def test_a_row_typed_in_place_is_stored_as_the_api_s_score_only_hand(director, as_role):
    response = director.post("/director/games/1/sheet", data=row(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    assert response.status_code == 303 and response.headers["Location"].endswith(f"{SHEET}#entry")
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert game["totals"] == {"N": 3, "E": 10, "S": 13, "W": 0} and game["hands"][0]["refereed"] is False
    page = director.get(SHEET).get_data(as_text=True)
    assert "play not refereed" in page and "Next: hand <strong>2</strong>" in page


def test_the_preview_is_the_referees_totals_after_the_row_and_stores_nothing(director, as_role):
    store(director, as_role, EVEN)
    html = preview(director, 2, {"N": 3, "E": 10, "S": 13, "W": 0})
    assert cells(html, "score") == {"N": "3", "E": "10", "S": "13", "W": "0"}
    assert cells(html, "total") == {"N": "16", "E": "23", "S": "13", "W": "0"}
    assert "the game goes on" in html
    assert len(director.get("/v1/games/1", headers=as_role("director")).get_json()["hands"]) == 1


def test_the_preview_sets_no_cookie_so_a_late_answer_cannot_undo_the_stored_row(director):
    """The script asks for a preview as each number is typed; one answered just after the row
    was stored would, with a cookie, put back the session from before (its message lost)."""
    response = director.post(f"{SHEET}/preview", data=row(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    assert response.status_code == 200 and "Set-Cookie" not in response.headers
    assert "Set-Cookie" in director.get(SHEET).headers  # a page still resets the idle clock


def test_the_preview_of_an_ended_sign_in_is_a_401_not_the_sign_in_page(director, app):
    """A sheet left open past the idle limit: the preview was a redirect to the sign-in page,
    which the script's fetch followed and pasted into the sheet as the preview. It is a 401
    the script tells apart (and says so), and it writes no cookie."""
    with director.session_transaction() as session:
        session["seen"] -= 60 * (app.config["SESSION_IDLE_MINUTES"] + 1)  # idle past the limit
    response = director.post(f"{SHEET}/preview", data=row(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    assert response.status_code == 401 and "Location" not in response.headers
    assert response.mimetype == "text/html" and "Signed out" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers


def test_the_preview_after_signing_out_in_another_tab_is_a_401_not_a_missing_token(director):
    """Signing out takes the session's form token with it: the preview of the page still open
    says the sign-in ended (401), not that the form's token is wrong (400)."""
    assert director.post("/director/sign-out", data={"csrf_token": CSRF}).status_code == 302
    response = director.post(f"{SHEET}/preview", data=row(1, {"N": 3, "E": 10, "S": 13, "W": 0}))
    assert response.status_code == 401 and "Signed out" in response.get_data(as_text=True)


def test_the_sheet_tells_its_script_where_to_sign_in_again(director):
    page = director.get(SHEET).get_data(as_text=True)
    assert 'data-sign-in="/director/sign-in?next=/director/games/1/sheet"' in page


def test_the_preview_scores_a_moon_as_the_referee_does(director):
    html = preview(director, 1, {"N": 26, "E": 0, "S": 0, "W": 0})
    assert "Moon:" in html and "N took every point card" in html
    assert cells(html, "score") == {"N": "0", "E": "26", "S": "26", "W": "26"}


def test_the_preview_says_when_the_row_ends_the_game_and_who_wins(director, as_role):
    store(director, as_role, *[EVEN] * 7)  # N and E at 91
    html = preview(director, 8, EVEN)
    assert "This hand ends the game" in html and "winners S, W" in html
    assert cells(html, "total")["N"] == "104"


def test_the_preview_of_a_row_that_cannot_be_says_why(director):
    assert "add up to" in preview(director, 1, {"N": 3, "E": 10, "S": 12, "W": 0})
    half = preview(director, 1, {"N": 3})
    assert "E took" in half and "data-total" not in half
    assert "show here as the row is typed" in preview(director, 1, {})  # nothing typed yet


def test_a_row_that_does_not_add_up_comes_back_on_the_sheet_beside_the_numbers(director, as_role):
    response = director.post("/director/games/1/sheet", data=row(1, {"N": 3, "E": 10, "S": 12, "W": 0}))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="entry"' in html and 'value="12"' in html  # the sheet again, nothing typed lost
    assert "add up to 25" in field_problems(html, "points")
    assert director.get("/v1/games/1", headers=as_role("director")).get_json()["hands"] == []


def test_a_finished_game_s_sheet_takes_no_row_and_names_the_winners(director, as_role):
    store(director, as_role, *[EVEN] * 8)
    page = director.get(SHEET).get_data(as_text=True)
    assert 'id="entry"' not in page and "sheet.js" not in page
    assert "The game ended after hand 8" in page and "<strong>S</strong>" in page
