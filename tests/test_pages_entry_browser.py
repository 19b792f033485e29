"""A hand entered by its cards, in Debian's Chromium (Playwright): the card-by-card entry on the
hand form (``web/static/entry.js``) fills in the text form the page has always sent, and asks the
referee after each card (``POST /director/games/{id}/hands/check``).

A clean MSO hand entered by clicks alone and by keys alone is stored equal to the same hand sent
as JSON; a revoke is flagged on its card as it is entered, with its rule; an exposed card and a
claim with its announced order are entered by buttons and stored as the record's events.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from games import SEATS, new_game, random_body
from support import scratch
from test_pages_browser import sign_in

from hearts_referee.app import create_app
from tools.demo import seed, serve

ROOT = Path(__file__).resolve().parent.parent
REVOKE_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
"""examples/mso-game-hand.json: N discards 8S on a heart lead at trick 3, holding a heart."""


@pytest.fixture(scope="module")
def site():
    database = str(scratch("entry-browser-") / "archive.sqlite")
    demo = seed(database)
    app = create_app({"DATABASE": database, "SECRET_KEY": "entry-browser-tests"})
    with serve(app) as base:
        yield base, demo.director


@pytest.fixture
def tab(browser, site):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    base, key = site
    sign_in(page, base, key)
    yield page
    context.close()


def api(site, method: str, path: str, body: Any = None) -> Any:
    base, key = site
    request = urllib.request.Request(
        f"{base}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def fresh_game(site) -> int:
    return int(api(site, "POST", "/v1/games", new_game())["id"])


def tricks_of(body: dict[str, Any]) -> list[list[dict[str, str]]]:
    play = body["play"]
    return [play[k : k + 4] for k in range(0, len(play), 4)]


def open_entry(tab, site, game_id: int) -> None:
    tab.goto(f"{site[0]}/director/games/{game_id}/next")
    tab.wait_for_selector("#card-entry:not([hidden]) .card-pool button")


def store(tab, game_id: int) -> None:
    tab.locator("#to-play", has_text="the hand can be stored").wait_for()
    tab.click("form.hand-entry button[type=submit]")
    tab.wait_for_url(re.compile(rf".*/director/games/{game_id}#next$"))


def stored_hand(site, game_id: int) -> dict[str, Any]:
    """The game's one hand as the API reads it back."""
    listed = api(site, "GET", f"/v1/hands?game={game_id}")
    (only,) = listed["hands"]
    return api(site, "GET", f"/v1/hands/{only['id']}")


def assert_same_hand(site, entered_game: int, body: dict[str, Any]) -> None:
    """The hand entered on the page, its deal left to be derived, is the hand a scoring app
    sends as JSON without its deal: the same record and the same audit; and the deal derived
    is the deal the cards were dealt in."""
    sent_game = fresh_game(site)
    api(site, "POST", f"/v1/games/{sent_game}/hands", {k: v for k, v in body.items() if k != "deal"})
    entered, sent = stored_hand(site, entered_game), stored_hand(site, sent_game)
    assert entered["audit"] == sent["audit"]
    assert entered["record"] == sent["record"]
    derived = entered["audit"]["deal"]
    assert {seat: sorted(cards) for seat, cards in derived.items()} == {
        seat: sorted(cards) for seat, cards in body["deal"].items()
    }


def type_deal_and_passes(tab, hand) -> None:
    """Type ``hand``'s deal and passes into the entry's text fields, as a director may before
    the cards: the entry then knows each seat's cards and names the seat to play."""
    for i, seat in enumerate(SEATS):
        tab.fill(f"#deal-{i}", " ".join(hand["deal"][seat]))
        tab.fill(f"#pass-{i}", " ".join(hand["passes"][seat]))
    tab.dispatch_event("#pass-3", "change")


def test_a_clean_mso_hand_entered_by_clicks_alone_is_the_hand_sent_as_json(tab, site):
    body = random_body(2401, 1)
    game_id = fresh_game(site)
    open_entry(tab, site, game_id)
    tab.click("[data-action=pass]")
    for seat in SEATS:
        tab.click(f".seat-picks [data-seat={seat}]")
        for card in body["passes"][seat]:
            tab.click(f'.card-pool [data-card="{card}"]')
    tab.click("[data-action=pass]")
    for trick in tricks_of(body):
        tab.click(f".seat-picks [data-seat={trick[0]['seat']}]")  # the director names the leader
        for event in trick:
            tab.click(f'.card-pool [data-card="{event["card"]}"]')
    assert tab.locator(".entered.flagged").count() == 0  # a clean hand: nothing flagged
    store(tab, game_id)
    assert_same_hand(site, game_id, body)


def test_a_clean_mso_hand_entered_by_keys_alone_is_the_hand_sent_as_json(tab, site):
    body = random_body(2402, 1)
    game_id = fresh_game(site)
    open_entry(tab, site, game_id)
    for i, seat in enumerate(SEATS):
        tab.focus(f"#pass-{i}")
        tab.keyboard.type(" ".join(body["passes"][seat]).lower())
    tab.focus("#card-code")
    for trick in tricks_of(body):
        for place, event in enumerate(trick):
            typed = f"{event['seat']}:{event['card']}" if place == 0 else event["card"]
            tab.keyboard.type(typed.lower().replace("t", "10"))
            tab.keyboard.press("Enter")
    store(tab, game_id)
    assert_same_hand(site, game_id, body)


def test_a_revoke_is_flagged_with_its_rule_on_the_card_the_moment_it_is_entered(tab, site):
    game_id = fresh_game(site)
    open_entry(tab, site, game_id)
    type_deal_and_passes(tab, REVOKE_HAND)
    first_three = REVOKE_HAND["play"][:12]
    for event in first_three:  # the deal is known: the referee names each seat to play
        tab.locator("#to-play strong", has_text=event["seat"]).wait_for()
        tab.click(f'.card-pool [data-card="{event["card"]}"]')
        if event["card"] == "8S":
            flag = tab.locator("#entry-flags .flag[data-code=revoke]")
            flag.wait_for()
            assert "mso-2000/revoke" in flag.inner_text() and "8♠" in flag.inner_text()
            marked = tab.locator("#entered-trick-3 .entered.flagged")
            assert marked.inner_text() == "⚠ N:8S"
    # still allowed: the play goes on from the card after it
    assert tab.locator("#entered-trick-3 .entered").count() == 4


def test_an_exposed_card_and_a_claim_are_entered_by_buttons_and_stored(tab, site):
    body = random_body(2403, 1)
    game_id = fresh_game(site)
    open_entry(tab, site, game_id)
    type_deal_and_passes(tab, body)
    tricks = tricks_of(body)
    for event in [e for trick in tricks[:10] for e in trick]:
        tab.click(f'.card-pool [data-card="{event["card"]}"]')
    # trick 11: its leader claims the last three tricks, in the order the play went
    leader = tricks[10][0]["seat"]
    held = [e["card"] for trick in tricks[10:] for e in trick if e["seat"] == leader]
    tab.locator("#to-play strong", has_text=leader).wait_for()
    other = next(e for e in tricks[10] if e["seat"] != leader)
    tab.click("[data-action=exposes]")
    tab.click(f".seat-picks [data-seat={other['seat']}]")
    tab.click(f'.card-pool [data-card="{other["card"]}"]')
    tab.locator("#entry-flags .flag[data-code=exposed_card]").wait_for()
    tab.click("[data-action=claims]")
    for card in held:
        tab.click(f'.card-pool [data-card="{card}"]')
    tab.click("[data-action=claim-done]")
    store(tab, game_id)
    play = stored_hand(site, game_id)["record"]["play"]
    assert play[40] == {"seat": other["seat"], "exposes": other["card"]}
    assert play[41] == {"seat": leader, "claims": {"order": held}}
