"""The director's pages in a real browser: Debian's Chromium, headless, driven by Playwright.

The app runs on a real local server (``tools.demo.serve``: Werkzeug on
127.0.0.1, a free port, in a thread) against a fresh archive seeded with the
README's director's session. Chromium is ``/usr/bin/chromium`` (``make
test`` installs it with apt-get when it is missing); without it these tests
FAIL, saying how to install it: they are part of the suite, not optional.
The browser (``conftest.browser``) is launched once for every browser test file.
"""

from __future__ import annotations

import json
import re

import pytest
from support import demo_site

from tools.demo import ROOT


@pytest.fixture(scope="module")
def site():
    with demo_site("browser") as (base, demo):
        yield base, demo


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def pdf_pages(pdf: bytes) -> int:
    """Page objects in a PDF (Chromium writes them uncompressed), checked against the page tree."""
    pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
    assert re.search(rb"/Count\s+%d\b" % pages, pdf), "page objects and the page tree disagree"
    return pages


def sign_in(page, base: str, key: str) -> None:
    page.goto(f"{base}/director/sign-in")
    page.fill("#key", key)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"{base}/director/")


def test_revoke_card_is_marked_and_links_to_its_ruling(browser, page, site):
    base, demo = site
    sign_in(page, base, demo.auditor)
    page.goto(f"{base}/director/hands/{demo.revoke_hand}")
    cell = page.locator("#trick-row-3 .played.irregular")  # the tricks table; #trick-3 is its step
    assert cell.count() == 1
    assert cell.get_attribute("data-seat") == "N"
    assert cell.locator(".card").inner_text() == "8♠"
    link = cell.locator("a.ruling-mark")
    assert "Revoke" in link.inner_text()
    # marked by more than colour: a dashed outline and the word, and the suit symbol is in the label
    assert cell.evaluate("e => getComputedStyle(e).outlineStyle") == "dashed"
    link.focus()
    page.keyboard.press("Enter")
    assert page.url.endswith("#ruling-1")  # rulings are numbered from 1 on the pages
    ruling = page.locator("#ruling-1")
    assert ruling.is_visible()
    text = ruling.inner_text()
    assert "Revoke" in text and "applied" in text and "26 points" in text
    assert "Failing to follow suit when able is a revoke" in text  # the clause's own text
    # an auditor reads, never decides
    assert page.locator("form.decide").count() == 0


def test_a_wrong_scoresheet_is_one_decision_from_the_page_and_the_score_changes(browser, page, site):
    base, demo = site
    sign_in(page, base, demo.director)
    page.goto(f"{base}/director/hands/{demo.revoke_hand}")
    assert "version 1" in page.locator("#score-h").inner_text()
    assert page.locator("#ruling-2 form.decide").count() == 0  # the mismatch: no form of its own
    page.locator("#ruling-2 a[href='#scoresheet']").click()
    form = page.locator("#scoresheet form.sheet-decide")
    assert form.is_visible()
    assert [r.get_attribute("value") for r in form.locator("input[name=action]").all()] == [
        "accept",
        "keep",
        "adjust",
    ]
    form.locator("input[value=adjust]").check()
    form.locator("input[name=change-N]").fill("-26")
    form.locator("textarea[name=reason]").fill(
        "N was misinformed about the lead: the revoke penalty is cancelled."
    )
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/director/hands/\d+#score$"))
    assert "version 2" in page.locator("#score-h").inner_text()
    assert page.locator(".current-score td[data-seat=N]").inner_text() == "0"
    assert "decision recorded on the scoresheet" in page.locator(".flash").inner_text().lower()
    decided = page.locator("#ruling-2")
    assert decided.locator(".status").inner_text() == "decided" and "adjust" in decided.inner_text()
    assert page.locator("form.sheet-decide").is_hidden()  # folded under "Decide the scoresheet again"
    # the scoresheet follows the hand's new version
    page.goto(f"{base}/director/games/{demo.game_id}")
    first = page.locator(".scoresheet tbody tr").first
    assert first.locator("td.num .hand-score").first.inner_text() == "0"


def test_check_page_shows_the_problem_next_to_the_bad_card(browser, page, site):
    base, _ = site
    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    record["deal"]["N"][3] = "ZZ"
    page.goto(f"{base}/director/check")
    page.fill("#record", json.dumps(record, indent=1))
    page.click("main form button[type=submit]")
    assert "cannot have happened" in page.locator("#problems-h").inner_text()
    bad = page.locator('[id="at-/deal/N/3"]')
    assert bad.locator(".problems").inner_text().startswith("unknown_card")
    assert "'ZZ' is not a card" in bad.inner_text()
    # the summary links to it
    page.locator('a[href="#at-/deal/N/3"]').click()
    assert page.url.endswith("#at-/deal/N/3")


def test_scoresheet_prints_on_one_page(browser, page, site):
    base, demo = site
    sign_in(page, base, demo.auditor)
    page.goto(f"{base}/director/games/{demo.game_id}")
    assert page.locator(".scoresheet tbody tr").count() == 10  # the demo game, to its end
    assert "Match points" in page.locator(".scoresheet tfoot").inner_text()
    for paper in ("A4", "Letter"):
        assert pdf_pages(page.pdf(format=paper, print_background=True)) == 1, paper
    # A long game still fits: twenty hands (copies of hand 2; MSO games rarely pass 16).
    page.evaluate("""() => { const body = document.querySelector('.scoresheet tbody');
                             while (body.rows.length < 20)
                               body.appendChild(body.rows[1].cloneNode(true)); }""")
    for paper in ("A4", "Letter"):
        assert pdf_pages(page.pdf(format=paper, print_background=True)) == 1, paper
    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden()
    assert page.locator(".signatures .line").count() == 5


def test_pages_reflow_at_200_percent_and_start_with_a_skip_link(browser, site):
    """A 1100-pixel window at 200 % zoom lays pages out in 550 CSS pixels: nothing may
    need sideways scrolling except inside the wide tables' own scroll boxes."""
    base, demo = site
    context = browser.new_context(viewport={"width": 550, "height": 900})
    page = context.new_page()
    sign_in(page, base, demo.auditor)
    for url in (
        "/director/",
        f"/director/hands/{demo.revoke_hand}",
        f"/director/games/{demo.game_id}",
        "/director/check",
        "/director/games",
        "/director/hands",
        "/director/games/new",
    ):
        page.goto(base + url)
        width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert width[0] <= width[1], (url, width)
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "[document.activeElement.className, getComputedStyle(document.activeElement).outlineStyle]"
        )
        assert focused == ["skip", "solid"], (url, focused)
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "main", url
    context.close()


def test_pages_and_docs_render_under_the_csp_without_a_violation(browser, page, site):
    """The policy forbids inline script and style (``edge.headers``): Chromium reports every
    blocked inline style or script on the console; there must be none, and the styles that
    moved to the stylesheets (the seats around the table, the docs page) still apply."""
    base, demo = site
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    sign_in(page, base, demo.director)
    for url in (
        "/director/",
        f"/director/hands/{demo.revoke_hand}",
        f"/director/games/{demo.game_id}",
        "/director/check",
        "/director/games",
        "/director/hands",
        "/director/games/new",
        "/docs",
    ):
        response = page.goto(base + url)
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"], url
    assert refused == []
    assert (
        page.evaluate("getComputedStyle(document.querySelector('nav')).backgroundColor") == "rgb(20, 83, 45)"
    )
    page.goto(f"{base}/director/hands/{demo.revoke_hand}")
    box = {s: page.locator(f'section.seat[aria-label="Seat {s}"]').bounding_box() for s in "NESW"}
    assert box["N"]["y"] < box["E"]["y"] < box["S"]["y"]  # N at the top, E and W beside the felt, S below
    assert box["W"]["x"] < box["N"]["x"] < box["E"]["x"]
    assert box["E"]["y"] == box["W"]["y"]
    assert refused == []
