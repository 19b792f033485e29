"""The hand page trick by trick in Chromium (issue 24 item 4): stepped by keys and buttons,
opened at a trick by its address (``#trick-N``), every trick shown in order without script.

The README's revoke (examples/mso-revoke.json, the demo's hand 1): N discards 8♠ on a heart
lead at trick 3, holding hearts; the step-through must reach that card and its ruling.
"""

from __future__ import annotations

import pytest
from support import demo_site


@pytest.fixture(scope="module")
def site():
    with demo_site("replay-browser", extra_hands=1) as (base, demo):
        yield base, demo


def open_hand(browser, site, script: bool = True, at: str = ""):
    base, demo = site
    context = browser.new_context(viewport={"width": 1100, "height": 900}, java_script_enabled=script)
    context.set_default_timeout(10_000)
    tab = context.new_page()
    tab.goto(f"{base}/director/sign-in")
    tab.fill("#key", demo.auditor)
    tab.click("form.stack button[type=submit]")
    tab.wait_for_url(f"{base}/director/")
    tab.goto(f"{base}/director/hands/{demo.revoke_hand}{at}")
    return context, tab


def shown_tricks(tab) -> list[str]:
    return tab.locator(".replay-step:visible").evaluate_all("steps => steps.map(s => s.id)")


def assert_at_the_revoke(tab) -> None:
    assert shown_tricks(tab) == ["trick-3"]
    assert tab.url.endswith("#trick-3")
    card = tab.locator("#trick-3 .played.irregular")
    assert card.is_visible() and card.get_attribute("data-seat") == "N"
    assert card.locator(".card").inner_text() == "8♠"
    assert "Revoke" in card.locator("a.ruling-mark").inner_text()
    # N still held hearts as trick 3 was led: why 8♠ is a revoke
    assert (
        tab.locator('#trick-3 .holding[data-seat="N"] .suit-cards:has([title=hearts]) .ranks').inner_text()
        == "A 9 2"
    )


def test_the_keys_step_trick_by_trick_to_the_revoke_and_back(browser, site):
    context, tab = open_hand(browser, site)
    assert shown_tricks(tab) == ["trick-1"]
    assert tab.locator(".replay-at").inner_text() == "Trick 1 of 13"
    assert tab.locator(".replay-controls button[data-step=previous]").is_disabled()
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("j")
    assert_at_the_revoke(tab)
    assert tab.locator(".replay-at").inner_text() == "Trick 3 of 13"
    tab.keyboard.press("k")
    assert shown_tricks(tab) == ["trick-2"]
    tab.click(".replay-controls button[data-step=next]")
    assert_at_the_revoke(tab)
    tab.click(".replay-controls button[data-step=last]")
    assert shown_tricks(tab) == ["trick-13"]
    assert tab.locator(".replay-controls button[data-step=next]").is_disabled()
    context.close()


def test_an_address_a_ruling_and_the_tricks_table_open_the_hand_at_a_trick(browser, site):
    context, tab = open_hand(browser, site, at="#trick-3")
    assert_at_the_revoke(tab)
    assert tab.locator("#trick-3").evaluate("e => e.getBoundingClientRect().top") < 900  # scrolled to it
    tab.click(".replay-controls button[data-step=first]")
    tab.click('#ruling-1 a[href="#trick-3"]')  # the ruling's "See trick 3"
    tab.locator("#trick-3").wait_for(state="visible")  # the page answers the new address on hashchange
    assert_at_the_revoke(tab)
    tab.click('table.tricks a[href="#trick-5"]')
    tab.locator("#trick-5").wait_for(state="visible")
    assert shown_tricks(tab) == ["trick-5"]
    context.close()


def test_without_script_every_trick_shows_in_order_and_no_button_waits(browser, site):
    context, tab = open_hand(browser, site, script=False)
    assert shown_tricks(tab) == [f"trick-{n}" for n in range(1, 14)]
    assert tab.locator(".replay-controls").is_hidden()
    assert tab.locator("#trick-3 .played.irregular").is_visible()
    context.close()
