"""A phone is a first-class screen (issue 24 item 5), measured in Chromium at 360 × 740.

The scorer's pages (a game's scoresheet, its hand entry, the hand page, checking a hand) and
the pages on the way to them: no element reaches past the screen's right edge, and every
control, and every link that is not inside a sentence (WCAG's inline exception), is a tap
target of at least 44 × 44 CSS pixels.
"""

from __future__ import annotations

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
def site():
    database = str(scratch("phone-browser-") / "archive.sqlite")
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
