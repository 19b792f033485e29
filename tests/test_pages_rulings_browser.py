"""A ruling's life, its consequences and signatures, in Chromium (Playwright, as
``test_pages_browser.py``): appeal an applied revoke and waive it; a decision on hand 2 of 3
changes hand 3's totals; sign the game's scoresheet at its end."""

from __future__ import annotations

import json
import random
import re

import pytest
from games import PLAYERS, moon
from support import scratch
from test_pages_browser import page, sign_in  # noqa: F401  (fixtures shared with the pages' tests)

from hearts_referee import usecases
from hearts_referee.app import create_app
from hearts_referee.rulings.decisions import Action, Decision
from hearts_referee.schemas.game import load_game, load_game_hand
from hearts_referee.usecases import games as use
from hearts_referee.usecases import hands
from hearts_referee.usecases.keys import OPERATOR, create_key
from playout import build_hand
from playout.revoke import PlantRevoke
from tools.demo import EXAMPLE, SUPPLIED, random_game_hand, seed, serve

TABLE = {"variant": "mso-2000", "seats": ["N", "E", "S", "W"], "players": PLAYERS, "first_dealer": "W"}


def revoke_by_north(hand_number: int) -> dict:
    """An MSO hand in which N revokes once: 26 penalty points applied, nothing referred."""
    for attempt in range(500):
        rng = random.Random(attempt)
        record = build_hand(rng, "mso-2000", hand_number, deviate=PlantRevoke(rng, seats=["N"]))
        body = {k: v for k, v in record.items() if k not in SUPPLIED}
        audit = hands.audit_record(load_game_hand(body).record(load_game(TABLE), _deal(hand_number), {}))
        if [(r.code, r.status) for r in audit.rulings] == [("revoke", "applied")]:
            return body
    raise AssertionError("no such hand in 500 seeds")


def _deal(hand_number: int):
    from hearts_referee.rulings.scoresheet import NextDeal

    return NextDeal(hand_number, "NESW"[(3 + hand_number - 1) % 4])


def north_total(row) -> int:
    """N's running total on a scoresheet row (the first seat's column)."""
    return int(row.locator("td.num .running").first.inner_text().split()[-1])


@pytest.fixture(scope="module")
def site():
    """The README's demo game (1), a three-hand game whose hand 2 has N's revoke (2), and an
    MSO game over after four hands: the README's revoke (its mismatch decided), then three
    moons by W take N past 100 (3)."""
    database = str(scratch("rulings-") / "archive.sqlite")
    demo = seed(database)
    db = usecases.open_archive(database)
    try:
        td = create_key(db, OPERATOR, "Floor TD", usecases.Role.DIRECTOR)[0]
        three = use.start_game(db, td, load_game({**TABLE, "table": "8"}))
        for body in (random_game_hand(7, 1), revoke_by_north(2), random_game_hand(9, 3)):
            use.append_hand(db, td, three.id, load_game_hand(body))
        moons = use.start_game(db, td, load_game({**TABLE, "table": "9"}))
        first, _ = use.append_hand(db, td, moons.id, load_game_hand(json.loads(EXAMPLE.read_text())))
        hands.decide(db, td, first.id, Decision(None, Action.ACCEPT, "Floor TD", "The 26 stand."))
        for number in (2, 3, 4):
            use.append_hand(db, td, moons.id, load_game_hand(moon("W", number)))
        ids = {"three": use.get_game(db, td, three.id), "moons": moons.id}
    finally:
        db.close()
    app = create_app({"DATABASE": database, "SECRET_KEY": "rulings-browser-tests"})
    with serve(app) as base:
        yield base, demo, ids


def test_appeal_an_applied_revoke_and_waive_it(page, site):  # noqa: F811
    base, demo, _ = site
    sign_in(page, base, demo.director)
    page.goto(f"{base}/director/hands/{demo.revoke_hand}")
    revoke = page.locator("#ruling-1")
    assert revoke.locator(".status").inner_text() == "applied"
    form = revoke.locator("form.decide")
    assert "Appeal" in form.locator("legend").inner_text()
    assert [i.get_attribute("value") for i in form.locator("input[name=action]").all()] == [
        "uphold",
        "waive",
        "adjust",
    ]
    form.locator("input[value=waive]").check()
    form.locator("textarea[name=reason]").fill(
        "N was told hearts could be discarded: the revoke penalty is waived."
    )
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*#score$"))
    assert "re-audited" in page.locator(".flash").inner_text()  # the later hands of the game followed
    revoke = page.locator("#ruling-1")
    assert revoke.locator(".status").inner_text() == "waived"
    assert "the revoke penalty is waived" in revoke.locator(".history").inner_text()
    assert revoke.locator("form.decide").is_hidden()  # decided: no fresh form, only "Reopen"
    assert page.locator(".current-score td[data-penalties=N]").inner_text() == "0"


def test_a_decision_on_hand_2_of_3_changes_hand_3s_totals(page, site):  # noqa: F811
    base, demo, ids = site
    game = ids["three"]
    second, third = game.hands[1].id, game.hands[2].id
    sign_in(page, base, demo.director)
    page.goto(f"{base}/director/games/{game.id}")
    before = north_total(page.locator(".scoresheet tbody tr").nth(2))
    page.goto(f"{base}/director/hands/{second}")
    form = page.locator("#ruling-1 form.decide")
    form.locator("input[value=waive]").check()
    form.locator("textarea[name=reason]").fill(
        "Appeal upheld: the revoke was established before it was complete."
    )
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*#score$"))
    page.goto(f"{base}/director/games/{game.id}")
    row = page.locator(".scoresheet tbody tr").nth(2)
    assert north_total(row) == before - 26  # N's total after hand 3
    assert "re-audited (hand 2)" in row.inner_text()
    page.goto(f"{base}/director/hands/{third}")
    note = page.locator("p.remade").inner_text()
    assert "The decision on hand 2" in note and "waive" in note
    assert "version 2" in page.locator("#score-h").inner_text()


def test_sign_the_game_sheet(page, site):  # noqa: F811
    base, demo, ids = site
    sign_in(page, base, demo.director)
    page.goto(f"{base}/director/games/{ids['moons']}")
    assert "ended after hand 4" in page.locator(".facts").inner_text()
    for seat in ("N", "E", "S", "W"):
        form = page.locator("form.sign")
        assert form.locator("#sheet-seat").input_value() == seat  # the next to sign, in seat order
        assert form.locator("#sheet-name").input_value() == PLAYERS[seat]
        form.locator("button[type=submit]").click()
        page.wait_for_url(re.compile(r".*#sign-h$"))
        assert f"{seat} signed the scoresheet" in page.locator(".flash").inner_text()
        assert PLAYERS[seat] in page.locator(f'.signatures li[data-seat="{seat}"] .line.signed').inner_text()
    assert page.locator("form.sign").count() == 0  # everyone has signed
