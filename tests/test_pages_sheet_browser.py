"""The scoresheet kept row by row, in Chromium (Playwright, as ``test_pages_browser.py``):
the next row shows its dealer and pass, the referee's totals appear as it is typed (a moon
included), and without script the same row stores and the totals come after saving."""

from __future__ import annotations

import re

import pytest
from support import scratch
from test_pages_browser import page, sign_in  # noqa: F401  (fixtures shared with the pages' tests)

from hearts_referee import usecases
from hearts_referee.app import create_app
from hearts_referee.usecases.keys import OPERATOR, create_key, revoke_key
from tools.demo import seed, serve
from tools.screenshots_scoresheet import keep


@pytest.fixture(scope="module")
def database() -> str:
    return str(scratch("sheet-") / "archive.sqlite")


@pytest.fixture(scope="module")
def site(database):
    """Table 9's scoresheet of docs/games.md: three score-only hands of an MSO game."""
    demo = seed(database, extra_hands=0)
    game_id = keep(database)
    app = create_app({"DATABASE": database, "SECRET_KEY": "sheet-browser-tests"})
    with serve(app) as base:
        yield base, demo, game_id


def game_json(page, base: str, demo, game_id: int) -> dict:  # noqa: F811
    return page.request.get(f"{base}/v1/games/{game_id}", headers={"X-API-Key": demo.director}).json()


def test_the_next_row_shows_its_dealer_and_the_referees_totals_as_it_is_typed(page, site):  # noqa: F811
    base, demo, game_id = site
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
    sign_in(page, base, demo.director)
    page.goto(f"{base}/director/games/{game_id}/sheet")
    before = game_json(page, base, demo, game_id)
    upcoming = before["next_hand"]
    row = page.locator("#entry tr")
    assert row.locator("th").inner_text() == str(upcoming["hand_number"])
    assert row.locator("td").nth(0).inner_text() == upcoming["dealer"]
    assert row.locator("td").nth(1).inner_text() == upcoming["pass_direction"]
    typed = {"N": 9, "E": 4, "S": 0, "W": 13}
    for i, seat in enumerate("NESW"):
        page.fill(f"#points-{i}", str(typed[seat]))
    for seat, points in typed.items():  # the referee's totals, shown while nothing is stored
        total = page.locator(f"#sheet-preview [data-total={seat}]")
        total.wait_for()
        assert total.inner_text() == str(before["totals"][seat] + points), seat
    page.fill("#points-0", "26")
    for i in (1, 3):
        page.fill(f"#points-{i}", "0")
    page.locator("#sheet-preview", has_text="Moon:").wait_for()  # scored by the referee, not the page
    assert "N took every point card" in page.locator("#sheet-preview").inner_text()
    assert len(game_json(page, base, demo, game_id)["hands"]) == len(before["hands"])
    page.fill("#points-0", "9")
    page.fill("#points-1", "4")
    page.fill("#points-3", "13")
    page.click("#entry button[type=submit]")
    page.wait_for_url(re.compile(r".*/sheet#entry$"))
    after = game_json(page, base, demo, game_id)
    assert after["totals"] == {seat: before["totals"][seat] + typed[seat] for seat in "NESW"}
    assert page.locator("#entry tr th").inner_text() == str(upcoming["hand_number"] + 1)
    assert not [text for text in refused if "Content Security Policy" in text]


def test_without_script_the_row_stores_and_the_totals_come_after_saving(browser, site):
    base, demo, game_id = site
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    sign_in(tab, base, demo.director)
    tab.goto(f"{base}/director/games/{game_id}/sheet")
    before = game_json(tab, base, demo, game_id)
    assert "as the row is typed" in tab.locator("#sheet-preview").inner_text()
    typed = {"N": 0, "E": 13, "S": 13, "W": 0}
    for i, seat in enumerate("NESW"):
        tab.fill(f"#points-{i}", str(typed[seat]))
    tab.click("#entry button[type=submit]")
    tab.wait_for_url(re.compile(r".*/sheet#entry$"))
    last = tab.locator("table.keep tbody").first.locator("tr").last
    totals = [int(cell.inner_text().split()[-1]) for cell in last.locator(".running").all()]
    assert totals == [before["totals"][seat] + typed[seat] for seat in "NESW"]
    context.close()


def test_a_sheet_whose_sign_in_ended_says_signed_out_not_the_sign_in_page(page, site, database):  # noqa: F811
    """The director's key is revoked while the sheet is open (a sign-in ends as well by
    signing out or by being left idle): the next number typed asked for a preview, was sent
    to the sign-in page, and the whole sign-in page was drawn inside the scoresheet."""
    base, demo, game_id = site
    db = usecases.open_archive(database)
    try:
        key, token = create_key(db, OPERATOR, "Deputy TD", usecases.Role.DIRECTOR)
    finally:
        db.close()
    sign_in(page, base, token)
    page.goto(f"{base}/director/games/{game_id}/sheet")
    for i, points in enumerate([9, 4, 0, 13]):
        page.fill(f"#points-{i}", str(points))
    page.locator("#sheet-preview [data-total=N]").wait_for()  # a live sign-in: the referee's totals
    db = usecases.open_archive(database)
    try:
        revoke_key(db, OPERATOR, key.id)
    finally:
        db.close()
    page.fill("#points-0", "8")
    page.fill("#points-1", "5")
    said = page.locator("#sheet-preview .signed-out")
    said.wait_for()
    assert said.inner_text().startswith("Signed out: this sign-in has ended")
    assert page.locator("#sheet-preview #key").count() == 0  # no sign-in form inside the sheet
    assert page.locator("#sheet-preview [data-total]").count() == 0  # nor the totals of before
    page.click("#sheet-sign-in")  # the offer to sign in again, back to this sheet
    page.fill("#key", demo.director)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"{base}/director/games/{game_id}/sheet")
