"""Screenshots of the director's pages for the README and docs/: ``python -m tools.screenshots``.

Seeds a throw-away archive (``tools.demo``), serves it, and has Debian's
Chromium (``/usr/bin/chromium``, driven by Playwright) take the hand page of
the README's revoke and the game's scoresheet into ``docs/``; then runs a
table through the pages as a director would (start a game, type a hand with
a typo, fix it, list games and hands, check a hand and store it) and takes
each page on the way (:data:`FLOW`); last the hand stepped trick by trick, the
house-rule form, and two pages on a phone (:data:`REPLAY`); then a phone paired by its QR
code and a hand entered on it by taps (:data:`PHONE_SHOTS`).
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hearts_referee.app import create_app

from .demo import EXAMPLE, PLAYERS, ROOT, random_game_hand, seed, serve

WIDTH = 1024  # CSS pixels; keeps each PNG under 300 KB

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@contextmanager
def browsing(database: str) -> Iterator[tuple[str, Any, Any]]:
    """The archive at ``database`` served, Debian's Chromium started and a page :data:`WIDTH`
    wide opened: (the base URL, the browser, the page). Every screenshot tool starts here."""
    from playwright.sync_api import sync_playwright

    app = create_app({"DATABASE": database, "SECRET_KEY": "screenshots"})
    with serve(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield base, browser, browser.new_page(viewport={"width": WIDTH, "height": 900})
        finally:
            browser.close()


def sign_in(page: Any, base: str, key: str) -> None:
    """Sign in on the pages with ``key`` (the form's own button, not the header's sign-out)."""
    page.goto(f"{base}/director/sign-in")
    page.fill("#key", key)
    page.click("main button[type=submit]")


def new_game(page: Any, base: str, first_dealer: str, table: str) -> None:
    """Start a game of :data:`PLAYERS` on the new-game page, up to the form's submit."""
    page.goto(f"{base}/director/games/new")
    for i, (seat, name) in enumerate(PLAYERS.items()):
        page.fill(f"#seat-{i}", seat)
        page.fill(f"#player-{i}", name)
    page.select_option("#first_dealer", first_dealer)  # a choice of the seats just typed
    page.fill("#table", table)


def main(out: Path = ROOT / "docs") -> None:
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "archive.sqlite")
        demo = seed(database)
        with browsing(database) as (base, browser, page):
            sign_in(page, base, demo.auditor)  # the hand at a glance, without the director's forms
            page.goto(f"{base}/director/hands/{demo.revoke_hand}#trick-3")
            page.evaluate("window.scrollTo(0, 0)")
            # from the top to the end of the trick-by-trick replay, opened at the revoke
            end = page.locator("#replay").bounding_box()
            if end is None:
                raise SystemExit("the hand page has no replay to end the picture at")
            page.screenshot(
                path=str(out / "hand-page.png"),
                full_page=True,
                clip={"x": 0, "y": 0, "width": WIDTH, "height": end["y"] + end["height"]},
            )
            page.goto(f"{base}/director/games/{demo.game_id}")
            page.emulate_media(media="print")
            page.screenshot(path=str(out / "scoresheet.png"), full_page=True)
            page.emulate_media(media="screen")
            sign_in(page, base, demo.director)  # a director runs the table
            game = run_a_table(page, base, demo.revoke_hand, out, Path(tmp))
            step_through(page, base, demo.revoke_hand, out)
            phone = browser.new_context(viewport=PHONE, has_touch=True).new_page()
            sign_in(phone, base, demo.director)
            on_a_phone(phone, base, demo.revoke_hand, game, out)
            enter_by_cards(page, base, out)
            pair_a_phone(page, base, out)
            enter_on_a_phone(phone, base, out)
            in_norwegian(phone, base, out)
    for name in ("hand-page.png", "scoresheet.png", *FLOW, *REPLAY, *PHONE_SHOTS, *NORSK):
        print(out / name, (out / name).stat().st_size, "bytes", file=sys.stderr)


FLOW = {
    "new-game.png": "Start a game: variant, seats and players, first dealer, table",
    "game-next-deal.png": "A game in progress: the running scoresheet and the next deal",
    "hand-entry-error.png": "The next hand typed in, with a typo shown at its field",
    "games.png": "The list of games, filtered, newest first",
    "hands.png": "The list of hands, filtered, newest first",
    "check-store.png": "Check a hand, then store it on its own or into a game",
    "deal-after-pass.png": "The deal after the pass, beside the deal as dealt",
    "hand-print.png": "A hand page as printed: one sheet",
    "hand-entry-cards.png": "A hand entered by its cards: the passes picked, trick 3 on its way",
    "hand-entry-revoke.png": "A revoke flagged with its rule the moment its card is entered",
}
"""The pages of a director's table, in the order docs/pages.md shows them."""

REPLAY = {
    "hand-replay.png": "The hand trick by trick, opened at #trick-3: N's revoke at its card",
    "house-rules.png": "House rules as a form of the variant's options, each with its description",
    "phone-hand.png": "The hand page on a phone (360 x 740), at trick 3",
    "phone-scoresheet.png": "A game's scoresheet on a phone, its next deal and entry first",
}
"""The step-through, the house-rule form and the scorer's pages on a phone (issue 24, 4-6)."""

PHONE: Any = {"width": 360, "height": 740}  # Playwright's ViewportSize (a TypedDict)

PHONE_SHOTS = {
    "phone-pair.png": "Phones, Add a phone: the QR code a phone scans to sign in, once",
    "phone-entry.png": "A hand tapped in on a phone, its deal left out: a revoke flagged at its proving card",
}
"""A director's phone (issue 44): paired by a scan, a hand entered by taps."""

NORSK = {
    "phone-entry-nb.png": "A hand tapped in on a phone in Norwegian: its revoke flagged and explained",
    "phone-scoresheet-nb.png": "A game's scoresheet on a phone in Norwegian, its next deal first",
}
"""The pages in Norwegian on a phone (issue 40): a ruling and the scoresheet."""


def _form(hand: dict[str, Any]) -> dict[str, str]:
    """A game hand as the hand form takes it (four seats: N E S W)."""
    fields: dict[str, str] = {}
    for i, seat in enumerate(PLAYERS):
        fields[f"deal-{i}"] = " ".join(hand["deal"][seat])
        fields[f"pass-{i}"] = " ".join(hand.get("passes", {}).get(seat, ()))
        fields[f"written-{i}"] = str(hand.get("claimed", {}).get(seat, ""))
    play = hand["play"]
    fields["tricks"] = "\n".join(
        " ".join(f"{e['seat']}:{e['card']}" for e in play[k : k + 4]) for k in range(0, len(play), 4)
    )
    return fields


def _shot(page: Any, path: Path, bottom: str | None = None) -> None:
    """The page from the top (to the end of ``bottom``, when given)."""
    if bottom is None:
        page.screenshot(path=str(path), full_page=True)
        return
    box = page.locator(bottom).first.bounding_box()
    page.screenshot(
        path=str(path),
        full_page=True,
        clip={"x": 0, "y": 0, "width": WIDTH, "height": box["y"] + box["height"]},
    )


def run_a_table(page: Any, base: str, revoke_hand: int, out: Path, tmp: Path) -> str:
    """Game 2 at table 9, run from the pages; each page of :data:`FLOW` photographed on the way.
    Returns the game's id (still in progress: two hands stored)."""
    new_game(page, base, "N", "9")
    _shot(page, out / "new-game.png")
    page.click("form.entry button[type=submit]")
    page.wait_for_url(f"{base}/director/games/**")
    game: str = page.url.rsplit("/", 1)[1]
    page.click("#next a.button")
    page.click("#hand-text > summary")  # the typed form, folded away under the card pad
    first = random_game_hand(7, 1)
    for name, value in _form(first).items():
        page.fill(f"#{name}", value)
    page.fill("#deal-2", page.input_value("#deal-2").replace(first["deal"]["S"][3], "1OH", 1))
    page.click("form.hand-entry button[type=submit]")
    _shot(page, out / "hand-entry-error.png", "form.hand-entry fieldset:nth-of-type(2)")
    page.fill("#deal-2", " ".join(first["deal"]["S"]))
    page.click("form.hand-entry button[type=submit]")
    page.wait_for_url("**#next")
    second = tmp / "hand-2.json"
    second.write_text(json.dumps(random_game_hand(8, 2)))
    page.set_input_files("#next input[type=file]", str(second))
    page.click("#next form.upload button[type=submit]")
    page.wait_for_url("**#next")
    page.goto(f"{base}/director/games/{game}")
    _shot(page, out / "game-next-deal.png", ".scoresheet")
    page.goto(f"{base}/director/games")
    _shot(page, out / "games.png")
    page.goto(f"{base}/director/hands?variant=mso-2000")
    _shot(page, out / "hands.png", "table.hands-list tbody tr:nth-child(8)")
    page.goto(f"{base}/director/check")
    record = json.loads(EXAMPLE.read_text()) | {
        "variant": "mso-2000",
        "seats": list(PLAYERS),
        "dealer": "N",
        "hand_number": 1,
    }
    page.fill("#record", json.dumps(record))
    page.click("main form button[type=submit]")
    _shot(page, out / "check-store.png", "section.store")
    page.goto(f"{base}/director/hands/{revoke_hand}#deal-after")
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, out / "deal-after-pass.png", "section[aria-labelledby=deal-h]")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.emulate_media(media="print")
    page.goto(f"{base}/director/hands/{revoke_hand}")
    page.screenshot(path=str(out / "hand-print.png"), full_page=True)
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": WIDTH, "height": 900})
    return game


def step_through(page: Any, base: str, revoke_hand: int, out: Path) -> None:
    """The replay stepped to the revoke by the keys, and the new-game form's house rules."""
    page.goto(f"{base}/director/hands/{revoke_hand}")
    page.locator("#replay").scroll_into_view_if_needed()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.locator("#replay").screenshot(path=str(out / "hand-replay.png"))
    page.goto(f"{base}/director/games/new")
    page.select_option("#variant", "standard")
    page.click("#house-rules > summary")
    page.fill("#house-jack_of_diamonds_points", "-10")
    page.locator("#house-rules").screenshot(path=str(out / "house-rules.png"))


def on_a_phone(phone: Any, base: str, revoke_hand: int, game: str, out: Path) -> None:
    """The hand page at trick 3 and a game's scoresheet, as a phone shows them (one screen each)."""
    phone.goto(f"{base}/director/hands/{revoke_hand}#trick-3")
    phone.screenshot(path=str(out / "phone-hand.png"))
    phone.goto(f"{base}/director/games/{game}")
    phone.locator("#next").scroll_into_view_if_needed()
    phone.screenshot(path=str(out / "phone-scoresheet.png"))


def enter_by_cards(page: Any, base: str, out: Path) -> None:
    """Game 3, its first hand entered by its cards (:data:`EXAMPLE`, whose N revokes at trick 3):
    by clicks with the deal left to the play, then, the deal typed in, on to the revoke."""
    hand = json.loads(EXAMPLE.read_text())
    new_game(page, base, "W", "4")
    page.click("form.entry button[type=submit]")
    page.wait_for_url(f"{base}/director/games/**")
    page.click("#next a.button")
    page.wait_for_selector("#card-entry .card-pool button")
    page.click("[data-action=pass]")
    for seat in PLAYERS:
        page.click(f".seat-picks [data-seat={seat}]")
        for card in hand["passes"][seat]:
            page.click(f'.card-pool [data-card="{card}"]')
    page.click("[data-action=pass]")
    for k, event in enumerate(hand["play"][:9]):
        if k % 4 == 0:
            page.click(f".seat-picks [data-seat={event['seat']}]")
        page.click(f'.card-pool [data-card="{event["card"]}"]')
    page.locator("#entered-trick-3").wait_for()
    page.locator("#to-play strong", has_text="N").wait_for()
    _entry_shot(page, out / "hand-entry-cards.png")
    page.click("#hand-text > summary")  # the typed form, folded away under the pad
    for i, seat in enumerate(PLAYERS):
        page.fill(f"#deal-{i}", " ".join(hand["deal"][seat]))
    page.dispatch_event("#deal-3", "change")
    for event in hand["play"][9:12]:
        page.locator("#to-play strong", has_text=event["seat"]).wait_for()
        page.click(f'.card-pool [data-card="{event["card"]}"]')
    page.locator("#entry-flags .flag[data-code=revoke]").wait_for()
    _entry_shot(page, out / "hand-entry-revoke.png")


def _entry_shot(page: Any, path: Path) -> None:
    """The card-by-card entry: who is to play, the buttons, the flags and the tricks so far."""
    page.locator("#card-entry").screenshot(path=str(path))


def pair_a_phone(page: Any, base: str, out: Path) -> None:
    """Phones, Add a phone, on the laptop: the QR code and its link."""
    page.goto(f"{base}/director/phones")
    page.fill("#phone-name", "Phone at table 4")
    page.click("#add-phone button[type=submit]")
    page.wait_for_selector("#scan svg.qr")
    page.locator("#scan").screenshot(path=str(out / "phone-pair.png"))


def enter_on_a_phone(
    phone: Any, base: str, out: Path, name: str = "phone-entry.png", table: str = "5"
) -> str:
    """Game 4's first hand (:data:`EXAMPLE`) tapped in on a phone, its deal left out: the passes
    (the picker moving on by itself), the first leader, then each card as the referee names
    its seat, up to the card that proves N's revoke at trick 3 (N's 2H at trick 9). In the
    language the phone's session chose (:func:`in_norwegian`); the game's page, returned."""
    hand = json.loads(EXAMPLE.read_text())
    new_game(phone, base, "W", table)
    phone.click("form.entry > button[type=submit]")
    phone.wait_for_url(f"{base}/director/games/**")
    game: str = phone.url.split("#")[0]
    phone.goto(game + "/next")
    phone.wait_for_selector("#card-entry .card-pool button")
    phone.tap("[data-action=pass]")
    for seat in PLAYERS:
        phone.locator(f'.seat-picks [data-seat={seat}][aria-pressed="true"]').wait_for()
        for card in hand["passes"][seat]:
            phone.tap(f'.card-pool [data-card="{card}"]')
    phone.tap("[data-action=pass]")
    revoke = phone.locator("#entry-flags .flag[data-code=revoke]")
    for k, event in enumerate(hand["play"]):
        said = phone.locator("#to-play")
        if k == 0:
            said.filter(has_text=re.compile("Who leads|Hvem spiller ut")).wait_for()
            phone.tap(f".seat-picks [data-seat={event['seat']}]")
        said.locator("strong", has_text=event["seat"]).wait_for()
        phone.tap(f'.card-pool [data-card="{event["card"]}"]')
        if event == {"seat": "N", "card": "2H"}:
            break
    revoke.wait_for()
    phone.screenshot(path=str(out / name))
    return game


def in_norwegian(phone: Any, base: str, out: Path) -> None:
    """The same on a phone in Norwegian (issue 40): Norsk chosen, a hand tapped in up to its
    flagged revoke, explained in Norwegian, and the game's scoresheet with its next deal."""
    phone.goto(f"{base}/director/?lang=nb")  # kept in the session from here on
    game = enter_on_a_phone(phone, base, out, "phone-entry-nb.png", "6")
    phone.goto(game)
    phone.locator("#next").scroll_into_view_if_needed()
    phone.screenshot(path=str(out / "phone-scoresheet-nb.png"))


if __name__ == "__main__":
    main()
