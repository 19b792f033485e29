"""A hand entered by its cards, in Debian's Chromium (Playwright): the card-by-card entry on the
hand form (``web/static/entry.js``) fills in the text form the page has always sent, and asks the
referee after each card (``POST /director/games/{id}/hands/check``).

A clean MSO hand entered by clicks alone and by keys alone is stored equal to the same hand sent
as JSON; a revoke is flagged on its card as it is entered, with its rule; an exposed card and a
claim with its announced order are entered by buttons and stored as the record's events.

On a phone (360 x 740, issue 44 item 2): a clean hand with passes, its deal left out, takes at
most 70 taps and no typing, each trick's leader named by the referee; the pass picker moves on
after a pass's cards; a revoke is flagged, in view, at the card that proves it though the deal
was never typed; with the deal typed, the pad is the hand of the seat to play, its legal cards
first.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from games import SEATS, new_game, random_body
from support import demo_site
from test_pages_browser import sign_in

ROOT = Path(__file__).resolve().parent.parent
REVOKE_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
"""examples/mso-game-hand.json: N discards 8S on a heart lead at trick 3, holding a heart."""


@pytest.fixture(scope="module")
def site():
    with demo_site("entry-browser") as (base, demo):
        yield base, demo.director


def signed_in(browser, site, **screen: Any):
    """A browser of ``screen`` (a viewport, touch) signed in as the director: its context and page."""
    context = browser.new_context(**screen)
    context.set_default_timeout(10_000)
    page = context.new_page()
    base, key = site
    sign_in(page, base, key)
    return context, page


@pytest.fixture
def tab(browser, site):
    context, page = signed_in(browser, site, viewport={"width": 1100, "height": 900})
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
    tab.click("#hand-text > summary")  # the typed form, folded away under the pad
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
    tab.click("#hand-text > summary")  # the typed form, folded away under the pad
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


# --- on a phone: a clean hand in seventy taps (issue 44, item 2) ------------------------------

PHONE = {"width": 360, "height": 740}
TAPS = 70


@pytest.fixture
def phone(browser, site):
    context, page = signed_in(browser, site, viewport=PHONE, has_touch=True)
    yield page
    context.close()


class Taps:
    """The director's thumb: every tap counted, and nothing typed."""

    def __init__(self, tab) -> None:
        self.tab = tab
        self.count = 0

    def __call__(self, selector: str) -> None:
        self.tab.tap(selector)
        self.count += 1

    def pass_cards(self, passes: dict[str, list[str]]) -> None:
        """The passes, picked seat after seat: the picker moves on by itself."""
        self("[data-action=pass]")
        for seat in SEATS:
            self.tab.locator(f'.seat-picks [data-seat={seat}][aria-pressed="true"]').wait_for()
            for card in passes[seat]:
                self(f'.card-pool [data-card="{card}"]')
        self("[data-action=pass]")  # Passes done

    def play(self, events: list[dict[str, str]], lead: bool = True) -> None:
        """Each card tapped once the referee names its seat; the first leader tapped if asked."""
        for event in events:
            said = self.tab.locator("#to-play")
            said.filter(has_text=re.compile("Who leads|To play")).wait_for()
            if lead and "Who leads" in said.inner_text():
                self(f".seat-picks [data-seat={event['seat']}]")
            said.locator("strong", has_text=event["seat"]).wait_for()
            self(f'.card-pool [data-card="{event["card"]}"]')


def in_view(tab, selector: str) -> bool:
    return tab.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"
    )


def test_on_a_phone_a_clean_hand_with_passes_and_no_deal_takes_at_most_70_taps_and_no_typing(phone, site):
    body = random_body(2404, 1)
    game_id = fresh_game(site)
    open_entry(phone, site, game_id)
    # the pad comes first; the score-only form, the text fields and the upload wait, folded
    assert in_view(phone, ".card-pool button")
    assert not phone.locator("#hand-text").evaluate("d => d.open")
    assert phone.locator("#deal-0").is_hidden() and phone.locator("#points-0").is_hidden()
    tap = Taps(phone)
    started = time.monotonic()
    tap.pass_cards(body["passes"])
    tap.play(body["play"])  # no leader tapped after the first: the referee names each
    assert phone.locator(".entered.flagged").count() == 0
    phone.locator("#to-play", has_text="the hand can be stored").wait_for()
    tap("form.hand-entry button[type=submit]")
    phone.wait_for_url(re.compile(rf".*/director/games/{game_id}#next$"))
    took = time.monotonic() - started
    assert tap.count <= TAPS, tap.count  # 12 passed + 52 played + the first leader + 3
    # each tap waited for the referee's answer to the card before it: a tap a second, the
    # table's pace, is the director's minute, never the referee's
    assert took < tap.count * 0.5, f"{tap.count} taps took {took:.1f} s"
    assert phone.locator("#card-code").count() == 0  # a page away: nothing was ever typed
    assert_same_hand(site, game_id, body)


def test_the_pass_picker_moves_to_the_next_seat_after_a_pass_s_cards(phone, site):
    body = random_body(2405, 1)
    game_id = fresh_game(site)
    open_entry(phone, site, game_id)
    tap = Taps(phone)
    tap("[data-action=pass]")
    assert phone.locator('.seat-picks [aria-pressed="true"]').inner_text() == "N"
    for card in body["passes"]["N"]:
        tap(f'.card-pool [data-card="{card}"]')
    phone.locator('.seat-picks [data-seat=E][aria-pressed="true"]').wait_for()  # N's three: on to E
    assert "E" in phone.locator("#to-play strong").inner_text()
    tap(f'.card-pool [data-card="{body["passes"]["E"][0]}"]')
    phone.locator("#card-entry[aria-busy], .card-pool:not([aria-busy])").first.wait_for()
    assert phone.locator("#pass-0").input_value() == " ".join(body["passes"]["N"])
    phone.wait_for_function("() => document.getElementById('pass-1').value.trim().length > 0")
    assert phone.locator("#pass-1").input_value() == body["passes"]["E"][0]  # E's, not a fourth of N's


def test_a_revoke_is_flagged_in_view_at_the_card_that_proves_it_with_the_deal_left_out(phone, site):
    """N discards 8S on a heart lead at trick 3; nothing yet shows N held a heart, until N
    leads 2H at trick 9: that card proves the revoke, and the flag comes with it."""
    game_id = fresh_game(site)
    open_entry(phone, site, game_id)
    tap = Taps(phone)
    tap.pass_cards(REVOKE_HAND["passes"])
    proving = REVOKE_HAND["play"].index({"seat": "N", "card": "2H"})
    tap.play(REVOKE_HAND["play"][:proving])
    assert phone.locator("#entry-flags .flag").count() == 0  # not proven: nothing flagged
    tap.play([REVOKE_HAND["play"][proving]])
    flag = phone.locator("#entry-flags .flag[data-code=revoke]")
    flag.wait_for()
    assert "mso-2000/revoke" in flag.inner_text() and "trick 3, 8♠" in flag.inner_text()
    assert phone.locator("#entered-trick-3 .entered.flagged").inner_text() == "⚠ N:8S"
    assert in_view(phone, "#entry-flags .flag[data-code=revoke]")  # beside the pad, not below it
    assert in_view(phone, "#to-play")


def test_with_the_deal_typed_the_pad_is_the_hand_of_the_seat_to_play_its_legal_cards_first(phone, site):
    game_id = fresh_game(site)
    open_entry(phone, site, game_id)
    type_deal_and_passes(phone, REVOKE_HAND)
    tap = Taps(phone)
    tap.play(REVOKE_HAND["play"][:9], lead=False)  # W leads QH to trick 3: N to play
    phone.locator("#to-play strong", has_text="N").wait_for()
    # The status names N at once; the pad is N's hand only once the referee has answered W's
    # card (until then it is busy, the hand before it still drawn and disabled).
    drawn = ".card-pool:not([aria-busy])"
    phone.locator(f"{drawn} .legal button").first.wait_for()
    legal = phone.locator(f"{drawn} .legal button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    others = phone.locator(f"{drawn} .not-legal button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert legal == ["2H", "9H", "AH"]  # a heart led: N follows suit, by rank
    assert others == ["4C", "6C", "TC", "JC", "JD", "AD", "8S", "KS"]  # by suit, then rank
