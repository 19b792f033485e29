"""The event pages in Chromium: a round's table cards print one to a page, no script needed."""

from __future__ import annotations

import pytest
from events import create_event, seat
from support import scratch
from test_pages_browser import page, pdf_pages, sign_in  # noqa: F401  # fixtures

from hearts_referee import archive
from hearts_referee.app import create_app
from tools.demo import serve


@pytest.fixture(scope="module")
def event_site():
    """A served app with a 16-player MSO event whose first round is seated (four tables)."""
    database = str(scratch("events-browser-") / "archive.sqlite")
    app = create_app({"DATABASE": database, "SECRET_KEY": "browser-tests"})
    db = archive.open_archive(database)
    key = archive.create_key(db, "Chief TD", "director")[1]
    db.close()
    client = app.test_client()
    headers = {"Authorization": f"Bearer {key}"}
    event = create_event(client, headers, "mso-2000", 16, name="Club open")
    seated = seat(client, headers, event["id"], seed=1)
    with serve(app) as base:
        yield base, key, event["id"], seated


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_rounds_table_cards_print_one_a_page_after_the_pairings(page, event_site, paper):  # noqa: F811
    base, key, event_id, seated = event_site
    sign_in(page, base, key)
    page.goto(f"{base}/director/events/{event_id}/rounds/1")
    assert page.locator(".table-card").count() == len(seated["tables"]) == 4
    assert pdf_pages(page.pdf(format=paper, print_background=True)) == 1 + 4, paper


def test_a_table_card_links_down_to_its_games_scoresheet(page, event_site):  # noqa: F811
    base, key, event_id, seated = event_site
    sign_in(page, base, key)
    page.goto(f"{base}/director/events/{event_id}/rounds/1")
    page.click("#card-2 ~ p a")
    assert page.url.endswith(f"/director/games/{seated['tables'][1]['game_id']}")
    assert "E1 R1 T2" in page.inner_text("h1")


def test_a_director_creates_an_event_fixes_a_typo_and_seats_its_first_round(page, event_site):  # noqa: F811
    base, key, _, _ = event_site
    sign_in(page, base, key)
    page.goto(f"{base}/director/events")
    page.click("text=Create an event")
    page.fill("#name", "Browser open")
    page.fill("#players", "\n".join(f"Player {i}" for i in range(1, 9)))
    page.fill("#options", "{random_rounds: 1")  # not JSON
    page.click("button:has-text('Create the event')")
    assert "not JSON" in page.inner_text("#err-options")
    assert page.input_value("#name") == "Browser open" and "Player 8" in page.input_value("#players")
    page.fill("#options", '{"random_rounds": 1}')
    page.click("button:has-text('Create the event')")
    assert "Browser open" in page.inner_text("h1")
    page.click("button:has-text('Seat the next round')")
    assert page.locator(".table-card").count() == 2
