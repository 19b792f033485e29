"""A director runs tables from the pages alone, in Debian's Chromium (Playwright), as in
``test_pages_browser.py``: start a game, enter a hand by form, upload the next, play a whole
MSO game and a long-john game from the first deal to the signed sheet (each signature the
variant asks for given on the pages), and read a hand as played and on paper.

Each step a director takes is one method of :class:`Director`. The hands are legal hands
from ``playout`` (random ones, and moons that end a game on time).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from entry_forms import hand_form
from games import PLAYERS, SEATS, moon, random_body
from test_pages_browser import page, pdf_pages, sign_in, site  # noqa: F401  # fixtures

from playout.long_john import pass_offset
from playout.long_john_hands import make_record, random_policy, shuffled_deal
from playout.tables import random_passes

SUPPLIED = ("variant", "seats", "dealer", "hand_number", "scores_before")
LONG_JOHN = ("A", "B", "C", "D", "E", "F")


class Director:
    """A director at the pages, one method per step; each leaves the browser on the page the
    step ends on (the game's scoresheet after storing a hand)."""

    def __init__(self, tab, base: str, tmp: Path) -> None:
        self.tab = tab
        self.base = base
        self.tmp = tmp
        self.game_id: int | None = None

    def start_game(
        self, variant: str, seats: tuple[str, ...], players: dict[str, str], first_dealer: str, table: str
    ) -> int:
        tab = self.tab
        tab.goto(f"{self.base}/director/games")
        tab.click("text=Start a game")
        tab.select_option("#variant", variant)
        for row, seat in enumerate(seats):  # the variant's rows show; the first form has N E S W
            tab.fill(f"#seat-{row}", seat)
            tab.fill(f"#player-{row}", players[seat])
        for row in range(len(seats), 8):
            if tab.locator(f"#seat-{row}").is_visible():
                tab.fill(f"#seat-{row}", "")
        tab.select_option("#first_dealer", first_dealer)  # a choice of the seats typed
        tab.fill("#table", table)
        tab.click("form.entry button[type=submit]")
        tab.wait_for_url(re.compile(r".*/director/games/\d+$"))
        self.game_id = int(tab.url.rsplit("/", 1)[1])
        return self.game_id

    def next_deal(self) -> str:
        """What the scoresheet says of the next deal ("" once the game is over)."""
        self.tab.goto(f"{self.base}/director/games/{self.game_id}")
        found = self.tab.locator("#next .next-deal")
        return found.inner_text() if found.count() else ""

    def type_hand(self, body: dict[str, Any], seats: tuple[str, ...]) -> None:
        """Open the game's hand form and type the hand in (without sending it)."""
        self.tab.goto(f"{self.base}/director/games/{self.game_id}")
        self.tab.click("#next a.button")
        self.tab.click("#hand-text > summary")  # the typed form, folded away under the card pad
        for name, value in hand_form(body, seats).items():
            if name == "kitty" and not value:
                continue
            self.tab.fill(f"#{name}", value)

    def send_hand(self) -> None:
        self.tab.click("form.hand-entry button[type=submit]")

    def enter_hand(self, body: dict[str, Any], seats: tuple[str, ...]) -> None:
        self.type_hand(body, seats)
        self.send_hand()
        self.tab.wait_for_url(re.compile(rf".*/director/games/{self.game_id}#next$"))

    def upload_hand(self, body: dict[str, Any], name: str) -> None:
        path = self.tmp / name
        path.write_text(json.dumps(body))
        self.tab.goto(f"{self.base}/director/games/{self.game_id}")
        self.tab.set_input_files("#next input[type=file]", str(path))
        self.tab.click("#next form.upload button[type=submit]")
        self.tab.wait_for_url(re.compile(rf".*/director/games/{self.game_id}#next$"))

    def sign_hands(self) -> dict[int, list[str]]:
        """Each hand of the sheet signed from its page by every seat its form still offers (the
        variant's signers, in seat order); the seats that signed, by hand number."""
        tab = self.tab
        tab.goto(f"{self.base}/director/games/{self.game_id}")
        links = tab.locator(".scoresheet tbody tr th a")
        hands = [links.nth(i).get_attribute("href") for i in range(links.count())]
        signed: dict[int, list[str]] = {}
        for number, href in enumerate(hands, start=1):
            tab.goto(f"{self.base}{href}")
            signed[number] = []
            while tab.locator("form.sign").count():
                form = tab.locator("form.sign")
                signed[number].append(form.locator("#sign-seat").input_value())
                form.locator("button[type=submit]").click()
                tab.wait_for_url(re.compile(r".*/director/hands/\d+#signatures$"))
            current = tab.locator("#history-h + .scroll tbody tr").last.inner_text()
            assert current.endswith("final"), (number, current)  # the current version, signed
        return signed

    def sign_sheet(self) -> list[str]:
        """The scoresheet signed from the game page by every seat it waits for, in the order
        the form offers them; the seats that signed."""
        tab = self.tab
        tab.goto(f"{self.base}/director/games/{self.game_id}")
        signed = []
        while tab.locator("form.sign").count():
            form = tab.locator("form.sign")
            signed.append(form.locator("#sheet-seat").input_value())
            form.locator("button[type=submit]").click()
            tab.wait_for_url(re.compile(r".*#sign-h$"))
        return signed

    def hands_on_sheet(self) -> int:
        self.tab.goto(f"{self.base}/director/games/{self.game_id}")
        return self.tab.locator(".scoresheet tbody tr th a").count()


@pytest.fixture
def director(browser, page, site, tmp_path):  # noqa: F811
    base, demo = site
    sign_in(page, base, demo.director)
    return Director(page, base, tmp_path)


def game_body(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in SUPPLIED}


def long_john_hand(seed: int, number: int, dealer: str) -> dict[str, Any]:
    """A random legal long-john hand ``number`` at six seats, dealt by ``dealer``."""
    rng = random.Random(seed)
    deal, kitty = shuffled_deal(rng, LONG_JOHN)
    passes = random_passes(rng, LONG_JOHN, deal, pass_offset(len(LONG_JOHN), number))
    return game_body(make_record(rng, list(LONG_JOHN), number, dealer, deal, kitty, passes, random_policy))


def long_john_moon(seed: int, number: int, dealer: str) -> dict[str, Any]:
    from playout import long_john_moon_hand_for

    record = long_john_moon_hand_for(random.Random(seed), LONG_JOHN, number, dealer)
    record["moon_choice"] = "add"  # 52 to every other seat
    return game_body(record)


# --- one hand by form, one by file ----------------------------------------------------------


def test_a_typo_in_a_hand_typed_in_is_shown_where_it_is_and_nothing_is_lost(director):
    director.start_game("mso-2000", SEATS, PLAYERS, "W", "12")
    assert director.next_deal() == "Hand 1 · dealer W (Di) · pass left"
    body = random_body(31, 1)
    typed = hand_form(body, SEATS)
    wrong = typed["deal-1"].split()
    wrong[4] = wrong[4][::-1]  # "QS" typed as "SQ"
    director.type_hand(body, SEATS)
    director.tab.fill("#deal-1", " ".join(wrong))
    director.send_hand()
    tab = director.tab
    problem = tab.locator("#err-deal-1")
    assert f"'{wrong[4]}' is not a card" in problem.inner_text()
    assert tab.locator("#deal-1").get_attribute("aria-invalid") == "true"
    assert tab.locator("#entry-problems").is_visible()
    # nothing typed is lost: every field still holds what was typed, the typo included
    assert tab.locator("#deal-1").input_value() == " ".join(wrong)
    assert tab.locator("#tricks").input_value() == typed["tricks"]
    assert tab.locator("#written-3").input_value() == typed["written-3"]
    tab.fill("#deal-1", typed["deal-1"])
    director.send_hand()
    tab.wait_for_url(re.compile(r".*#next$"))
    assert "Hand 1 of game" in tab.locator(".flash").inner_text()
    assert director.next_deal() == "Hand 2 · dealer N (Ann) · pass right"
    director.upload_hand(random_body(32, 2), "hand-2.json")
    assert director.hands_on_sheet() == 2
    assert director.next_deal() == "Hand 3 · dealer E (Bo) · pass across"


def test_an_uploaded_hand_that_cannot_have_happened_shows_its_problem_at_the_card(director):
    director.start_game("mso-2000", SEATS, PLAYERS, "N", "13")
    body = random_body(33, 1)
    body["play"][5]["card"] = "ZZ"
    path = director.tmp / "bad.json"
    path.write_text(json.dumps(body))
    tab = director.tab
    tab.set_input_files("#next input[type=file]", str(path))
    tab.click("#next form.upload button[type=submit]")
    assert "is not a card" in tab.locator("#err-file").inner_text()
    assert tab.locator('[id="at-/play/5/card"] .problems').is_visible()
    assert director.hands_on_sheet() == 0


# --- whole games, first deal to signed sheet ------------------------------------------------


def test_a_director_runs_a_four_hand_mso_game_in_the_browser(director):
    players = PLAYERS
    game = director.start_game("mso-2000", SEATS, players, "W", "21")
    hands = [moon(seat, number) for number, seat in enumerate("EEWW", start=1)]  # N and S reach 104
    director.enter_hand(hands[0], SEATS)
    director.enter_hand(hands[1], SEATS)
    director.upload_hand(hands[2], "hand-3.json")
    assert director.next_deal() == "Hand 4 · dealer S (Cy) · pass left"
    director.upload_hand(hands[3], "hand-4.json")
    tab = director.tab
    assert director.hands_on_sheet() == 4
    assert director.next_deal() == ""  # over: no next deal, no way to enter one
    assert "ended after hand 4" in tab.locator(".facts").first.inner_text()
    totals = tab.locator(".scoresheet tfoot tr").first.inner_text()
    assert re.findall(r"\d+", totals) == ["104", "52", "104", "52"]
    assert "Winners: E (Bo), W (Di)." in tab.locator("main").inner_text()
    # MSO: all four sign each hand, and the scoresheet at the game's end, from the pages
    assert director.sign_hands() == {number: ["N", "E", "S", "W"] for number in range(1, 5)}
    assert director.sign_sheet() == ["N", "E", "S", "W"]
    for seat in SEATS:
        assert players[seat] in tab.locator(f'.signatures li[data-seat="{seat}"] .line.signed').inner_text()
    # the games list has it, over, at its table
    tab.goto(f"{director.base}/director/games?table=21&status=over")
    assert tab.locator("table.games-list tbody tr").count() == 1
    assert tab.locator(f'a[href="/director/games/{game}"]').count() == 1


def test_a_director_runs_a_long_john_game_in_the_browser(director):
    players = {seat: f"Player {seat}" for seat in LONG_JOHN}
    director.start_game("long-john", LONG_JOHN, players, "A", "LJ")
    assert director.next_deal() == "Hand 1 · dealer A (Player A) · pass left"
    director.enter_hand(long_john_hand(41, 1, "A"), LONG_JOHN)  # 17 cards a seat, the kitty, 17 tricks
    director.upload_hand(long_john_hand(42, 2, "B"), "hand-2.json")
    # two moons: the seats left of the dealers, D and E, take every point card
    director.upload_hand(long_john_moon(43, 3, "C"), "hand-3.json")
    director.upload_hand(long_john_moon(44, 4, "D"), "hand-4.json")
    tab = director.tab
    assert director.hands_on_sheet() == 4
    assert director.next_deal() == ""
    assert "ended after hand 4" in tab.locator(".facts").first.inner_text()
    assert "Winner" in tab.locator("main").inner_text()
    # long-john: the scorekeeper (the first seat, as none was named) signs each hand; no sheet
    assert director.sign_hands() == {number: ["A"] for number in range(1, 5)}
    assert director.sign_sheet() == []


# --- a hand as played, and on paper ----------------------------------------------------------------


def test_the_deal_after_the_pass_shows_beside_the_deal_without_script(browser, site):  # noqa: F811
    base, demo = site
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    sign_in(tab, base, demo.auditor)
    tab.goto(f"{base}/director/hands/{demo.revoke_hand}")
    after = tab.locator("#deal-after")
    assert tab.locator("#deal-dealt").is_visible() and after.is_hidden()
    tab.click("a[href='#deal-after']")
    assert after.is_visible() and tab.locator("#deal-dealt").is_visible()
    dealt = tab.locator('#deal-dealt section[aria-label="Seat N"]').bounding_box()
    beside = tab.locator('#deal-after section[aria-label="Seat N after the pass"]').bounding_box()
    assert beside["x"] > dealt["x"] + dealt["width"] and abs(beside["y"] - dealt["y"]) < 5
    # N passed Q♣ 5♣ K♣ to E and received A♦ 10♣ J♦ from W (examples/mso-game-hand.json)
    held = tab.locator('#deal-after ul[aria-label="N after the pass"]')
    assert held.locator("li:has(.suit[title=diamonds]) .ranks").inner_text() == "A J"
    assert held.locator("li:has(.suit[title=clubs]) .ranks").inner_text() == "J 10 7 6 4"
    tab.click("a[href='#deal-h']")
    assert after.is_hidden()
    context.close()


def test_a_hand_page_prints_on_one_page(director, site):  # noqa: F811
    base, demo = site
    tab = director.tab
    tab.goto(f"{base}/director/hands/{demo.revoke_hand}")
    for paper in ("A4", "Letter"):
        assert pdf_pages(tab.pdf(format=paper, print_background=True)) == 1, paper
    tab.emulate_media(media="print")
    assert tab.locator("header.site").is_hidden()
    assert tab.locator("form.decide").first.is_hidden()


def test_a_long_john_hand_prints_on_one_page(director):
    director.start_game("long-john", LONG_JOHN, {s: s for s in LONG_JOHN}, "A", "LJ-print")
    director.upload_hand(long_john_hand(51, 1, "A"), "hand-1.json")
    tab = director.tab
    tab.click(".scoresheet tbody tr th a")
    tab.wait_for_url(re.compile(r".*/director/hands/\d+$"))
    assert tab.locator("table.tricks tbody tr").count() == 17
    for paper in ("A4", "Letter"):
        assert pdf_pages(tab.pdf(format=paper, print_background=True)) == 1, paper
