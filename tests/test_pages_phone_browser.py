"""A phone is a first-class screen (issue 24 item 5), measured in Chromium at 360 × 740.

The scorer's pages (a game's scoresheet, its hand entry, the hand page, checking a hand) and
the pages on the way to them: no element reaches past the screen's right edge, and every
control, and every link that is not inside a sentence (WCAG's inline exception), is a tap
target of at least 44 × 44 CSS pixels.
"""

from __future__ import annotations

import re

import pytest
from support import scratch

from hearts_referee.app import create_app
from tools.demo import ROOT, seed, serve

PHONE = {"width": 360, "height": 740}
TARGET = 44

MEASURE = """target => {
  const edge = document.documentElement.clientWidth;
  const seen = e => { const r = e.getBoundingClientRect(); return r.width > 0 || r.height > 0; };
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (e.innerText || e.value || e.name || '').trim().slice(0, 24) + '"';
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => seen(e) && e.getBoundingClientRect().right > edge + 0.5)
    .map(e => name(e) + ' reaches ' + Math.round(e.getBoundingClientRect().right));
  const small = [...document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary')]
    .filter(e => seen(e) && !e.closest('p, caption, blockquote, .vh'))
    .map(e => e.matches('input[type=radio], input[type=checkbox]') && e.closest('label') || e)
    .filter(e => { const r = e.getBoundingClientRect(); return r.width < target || r.height < target; })
    .map(e => { const r = e.getBoundingClientRect();
                return name(e) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height); });
  return {scroll: document.documentElement.scrollWidth, edge, wide, small};
}"""


@pytest.fixture(scope="module")
def database() -> str:
    return str(scratch("phone-browser-") / "archive.sqlite")


@pytest.fixture(scope="module")
def site(database):
    demo = seed(database, extra_hands=2)  # the game still in progress: its entry forms show
    app = create_app({"DATABASE": database, "SECRET_KEY": "phone-browser-tests"})
    with serve(app) as base:
        yield base, demo


@pytest.fixture(scope="module")
def phone(browser, site):
    base, demo = site
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    tab = context.new_page()
    tab.goto(f"{base}/director/sign-in")
    assert measured(tab) == {"wide": [], "small": []}, "the sign-in page"
    tab.fill("#key", demo.director)  # a director sees every form: decisions, signatures, entry
    tab.click("form.stack button[type=submit]")
    tab.wait_for_url(f"{base}/director/")
    yield tab
    context.close()


def measured(tab) -> dict[str, list[str]]:
    found = tab.evaluate(MEASURE, TARGET)
    assert found["scroll"] <= found["edge"] == PHONE["width"], found  # no sideways scrolling
    return {"wide": found["wide"], "small": found["small"]}


@pytest.mark.parametrize(
    "page",
    [
        "the scoresheet",
        "the scoresheet kept row by row",
        "the hand entry",
        "the hand page",
        "a hand checked",
        "a new game",
    ],
)
def test_a_scorer_page_fits_a_phone_and_every_target_is_44_pixels(phone, site, page):
    base, demo = site
    if page == "a hand checked":
        phone.goto(f"{base}/director/check")
        phone.fill("#record", (ROOT / "examples" / "mso-revoke.json").read_text())
        phone.click("main form button[type=submit]")
        phone.wait_for_selector("#replay")
    else:
        path = {
            "the scoresheet": f"/director/games/{demo.game_id}",
            "the scoresheet kept row by row": f"/director/games/{demo.game_id}/sheet",
            "the hand entry": f"/director/games/{demo.game_id}/next",
            "the hand page": f"/director/hands/{demo.revoke_hand}",
            "a new game": "/director/games/new",
        }[page]
        phone.goto(base + path)
    if page == "a new game":
        phone.click("#house-rules > summary")  # the house rules, opened
    assert measured(phone) == {"wide": [], "small": []}, page


def test_on_a_phone_the_tricks_go_trick_by_trick_and_wide_tables_become_cards(phone, site):
    base, demo = site
    phone.goto(f"{base}/director/hands/{demo.revoke_hand}#trick-3")
    assert phone.locator("table.tricks").is_hidden()  # the same tricks, one at a time, below
    assert phone.locator("#trick-3 .played.irregular").is_visible()
    why = phone.locator('section[aria-labelledby=written-h] td[data-label="Why"]').first
    assert why.evaluate("e => getComputedStyle(e, '::before').content") == '"Why"'


# --- every director page readable at 360 px (issue 44, item 3) ---------------------------------

WHOLE_WORDS = """() => {
  // Every number, name, seat or card on the page (a word of at most 24 characters: a hash
  // or a link may break) drawn on one line: a word whose glyphs sit on two lines is broken.
  const broken = [];
  // read by a screen reader only (a 1 px box, its overflow hidden): not drawn, nothing to read
  const hidden = e => { for (; e; e = e.parentElement) { const r = e.getBoundingClientRect();
    if (r.width <= 1 && getComputedStyle(e).overflow === 'hidden') return true; } return false; };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const text = walk.currentNode;
    if (hidden(text.parentElement)) continue;
    for (const word of text.data.matchAll(/\\S+/g)) {
      if (word[0].length > 24) continue;
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
        .map(r => Math.round(r.bottom)));
      if (lines.size > 1) {
        const where = text.parentElement;
        broken.push(word[0] + ' in ' + where.tagName.toLowerCase() +
          (where.className && typeof where.className === 'string' ? '.' + where.className : '') +
          ' (' + lines.size + ' lines)');
      }
    }
  }
  return broken;
}"""


@pytest.fixture(scope="module")
def event_pages(site, database):
    """An MSO event of eight players: round 1 seated, table 1's game played to its end."""
    import random

    from events import create_event, play_game, seat

    _, demo = site
    app = create_app({"DATABASE": database, "SECRET_KEY": "phone-browser-tests"})
    client = app.test_client()
    headers = {"Authorization": f"Bearer {demo.director}"}
    event = create_event(client, headers, "mso-2000", 8, name="Phone open")
    seated = seat(client, headers, event["id"], seed=3)
    game_id = seated["tables"][0]["game_id"]
    play_game(client, headers, game_id, random.Random(44))
    return event["id"], game_id


def director_pages(demo, event_id: int, event_game: int) -> dict[str, str]:
    """Every page a director uses, by name: its path."""
    return {
        "the inbox": "/director/",
        "the games": "/director/games",
        "a new game": "/director/games/new",
        "a game's scoresheet": f"/director/games/{demo.game_id}",
        "a game over, its match points": f"/director/games/{event_game}",
        "the hand entry": f"/director/games/{demo.game_id}/next",
        "the scoresheet kept row by row": f"/director/games/{demo.game_id}/sheet",
        "the hands": "/director/hands",
        "a hand": f"/director/hands/{demo.revoke_hand}",
        "check a hand": "/director/check",
        "the events": "/director/events",
        "a new event": "/director/events/new",
        "an event": f"/director/events/{event_id}",
        "a round": f"/director/events/{event_id}/rounds/1",
        "the standings": f"/director/events/{event_id}/standings",
        "a player's record": f"/director/events/{event_id}/players/1",
        "the phones": "/director/phones",
        "signing in": "/director/sign-in",
    }


def test_no_number_or_name_on_any_director_page_is_broken_inside_itself(phone, site, event_pages):
    """At 360 px the game page's score table wrapped every number a digit a line (18 read
    "1 / 8") and each player's name a letter a line."""
    base, demo = site
    broken: dict[str, list[str]] = {}
    unfit: dict[str, dict[str, list[str]]] = {}
    for name, path in director_pages(demo, *event_pages).items():
        phone.goto(base + path)
        found = phone.evaluate(WHOLE_WORDS)
        if found:
            broken[name] = found
        fits = measured(phone)
        if fits != {"wide": [], "small": []}:
            unfit[name] = fits  # past the edge, or a tap target under 44 px
    assert broken == {}
    assert unfit == {}


# --- pairing a phone by scanning (issue 44, item 1) -----------------------------------------


LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture
def laptop(browser, site):
    """The director's laptop, signed in with the director's key."""
    base, demo = site
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(10_000)
    tab = context.new_page()
    tab.goto(f"{base}/director/sign-in")
    tab.fill("#key", demo.director)
    tab.click("form.stack button[type=submit]")
    tab.wait_for_url(f"{base}/director/")
    yield tab
    context.close()


def qr_link(laptop, site) -> str:
    """Phones, Add a phone: the link the QR code holds (the one under it, proven the same)."""
    import segno

    base, _ = site
    laptop.click("nav >> text=Phones")
    laptop.wait_for_url(f"{base}/director/phones")
    laptop.fill("#phone-name", "Phone at table 7")
    laptop.click("#add-phone button[type=submit]")
    laptop.wait_for_selector("#scan svg.qr")
    link = laptop.get_attribute("#pair-link", "href")
    drawn = laptop.get_attribute("#scan svg.qr path.qrline", "d")
    assert f'd="{drawn}"' in segno.make(link, error="m").svg_inline(scale=5, omitsize=True)
    return link


def scan_with_a_phone(browser, link: str):
    """A second browser, a phone at 360 × 740, opens the link and taps once."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    tab = context.new_page()
    tab.goto(link)
    return context, tab


def test_a_phone_is_paired_by_the_qr_codes_link_once(browser, site, laptop):
    base, _ = site
    link = qr_link(laptop, site)
    context, phone = scan_with_a_phone(browser, link)
    assert measured(phone) == {"wide": [], "small": []}, "the link's page"
    phone.click("#pair-form button[type=submit]")
    phone.wait_for_url(f"{base}/director/")
    assert "(director)" in phone.inner_text("nav")
    context.close()

    again, second = scan_with_a_phone(browser, link)
    second.click("#pair-form button[type=submit]")
    assert "This link no longer works" in second.inner_text("#pair-error")
    assert "Sign in" in second.inner_text("nav")  # signed out: nobody got in
    again.close()

    laptop.goto(f"{base}/director/phones")
    assert "signed in at" in laptop.inner_text("#pairings")


def test_a_qr_codes_link_fails_after_it_expires_and_ending_a_pairing_signs_the_phone_out(
    browser, site, laptop, database
):
    import sqlite3

    base, _ = site
    link = qr_link(laptop, site)
    with sqlite3.connect(database) as db:  # the clock moves past the link's few minutes
        db.execute("UPDATE pairings SET expires_at = '2000-01-01T00:00:00.000000Z' WHERE used_at IS NULL")
    db.close()
    late, tab = scan_with_a_phone(browser, link)
    tab.click("#pair-form button[type=submit]")
    assert "This link no longer works" in tab.inner_text("#pair-error")
    late.close()

    context, phone = scan_with_a_phone(browser, qr_link(laptop, site))
    phone.click("#pair-form button[type=submit]")
    phone.wait_for_url(f"{base}/director/")
    laptop.goto(f"{base}/director/phones")  # the list, now with the phone signed in
    newest = laptop.locator("#pairings tbody tr").first
    newest.locator("button", has_text="End and sign it out").click()
    laptop.wait_for_url(f"{base}/director/phones")
    phone.goto(f"{base}/director/")
    assert phone.url.startswith(f"{base}/director/sign-in")  # that phone is signed out
    context.close()


# --- starting a game (issue 44, item 4) --------------------------------------------------------


def test_the_new_game_form_shows_the_variants_seats_and_offers_them_as_first_dealer(phone, site):
    base, _ = site
    phone.goto(f"{base}/director/games/new")
    rows = phone.locator(".seat-row")
    assert [rows.nth(i).is_visible() for i in range(8)] == [True] * 4 + [False] * 4  # mso-2000: four
    phone.select_option("#variant", "long-john")
    assert all(rows.nth(i).is_visible() for i in range(8))  # long-john seats up to eight
    for row, seat in enumerate("ABCDEF"):
        phone.fill(f"#seat-{row}", seat)
        phone.fill(f"#player-{row}", f"Player {seat}")
    assert phone.locator("#first_dealer option").all_inner_texts() == list("ABCDEF")
    phone.select_option("#first_dealer", "C")
    assert measured(phone) == {"wide": [], "small": []}, "the new-game form, filled"
    phone.click("form.entry > button[type=submit]")
    phone.wait_for_url(re.compile(r".*/director/games/\d+$"))
    assert "hand 1 is dealt by C" in phone.inner_text(".flash")
