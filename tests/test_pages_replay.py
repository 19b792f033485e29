"""The hand page trick by trick (issue 24 item 4), without a browser: what the page sends.

Without script the page shows every trick in order, each with the cards every seat held as it
was led and each ruling at the card where it arose; ``static/replay.js`` only steps through
them (``test_pages_replay_browser.py`` drives it in Chromium).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from hands import SUIT_BLOCKS, block_tricks, hand
from test_pages import CSRF

from hearts_referee.referee.cards import CARDS

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
STEP = re.compile(r'<li class="replay-step[^"]*" id="trick-(\d+)"(.*?)\n</li>', re.S)
PLAYED = re.compile(r'<li class="played([^"]*)" data-seat="(\w+)".*?data-card="(\w+)"(.*?)</li>', re.S)
HOLDING = re.compile(r'<li class="holding" data-seat="(\w+)">(.*?)</li>', re.S)
SUIT = re.compile(r'title="(\w+)">.*?<span class="ranks \w+">([^<]*)</span>', re.S)


def checked(client, record) -> str:
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(record)})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_data(as_text=True)


def steps(html: str) -> list[tuple[int, str]]:
    return [(int(number), body) for number, body in STEP.findall(html)]


def held(body: str) -> dict[str, set[str]]:
    """A step's holdings as {seat: {"spades 10", "hearts A", ...}}."""
    found: dict[str, set[str]] = {}
    for seat, cards in HOLDING.findall(body):
        found[seat] = {
            f"{suit} {rank}" for suit, ranks in SUIT.findall(cards) for rank in ranks.split() if rank != "—"
        }
    return found


def as_held(code: str) -> str:
    card = CARDS[code]
    return f"{card.suit.name.lower()} {card.label[:-1]}"


def test_without_script_every_trick_shows_in_order_with_its_cards_as_played(client):
    html = checked(client, REVOKE)
    shown = steps(html)
    assert [number for number, _ in shown] == list(range(1, 14))
    for number, body in shown:
        plays = [(seat, card) for _, seat, card, _ in PLAYED.findall(body)]
        expected = [(p["seat"], p["card"]) for p in REVOKE["play"][4 * (number - 1) : 4 * number]]
        assert plays == expected, number


def test_each_seat_holds_as_a_trick_is_led_the_cards_it_plays_from_then_on(client):
    """A complete hand: what a seat holds before trick t is exactly what it plays in t and later."""
    html = checked(client, REVOKE)
    still_to_play: dict[int, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for k, play in enumerate(REVOKE["play"]):
        for trick in range(1, k // 4 + 2):
            still_to_play[trick][play["seat"]].add(as_held(play["card"]))
    for number, body in steps(html):
        assert held(body) == still_to_play[number], number


def test_cards_handed_over_on_a_hold_hand_stay_with_the_seat_that_kept_them(client):
    """Standard's hand 4 passes nothing. N hands three hearts over anyway, naming nobody: the
    cards go nowhere, the referee rules the pass incorrect and judges N's play from all thirteen
    hearts, so the page shows N holding them after the pass and as each trick is led."""
    record = hand(
        "standard",
        hand_number=4,
        held=SUIT_BLOCKS,
        passes={"N": ["2H", "3H", "4H"]},
        play=block_tricks(count=2),
    )
    html = checked(client, record)
    assert 'id="ruling-1" class="ruling status-' in html and "Incorrect pass" in html
    after = re.search(r'aria-label="N after the pass">(.*?)</ul>', html, re.S).group(1)
    assert "A K Q J 10 9 8 7 6 5 4 3 2" in after
    first, second = (held(body)["N"] for _, body in steps(html))
    assert first == {as_held(card) for card in SUIT_BLOCKS["N"].split()}
    assert second == first - {as_held("2H")}


def test_the_revoke_shows_at_the_card_where_it_arose_and_links_to_its_ruling(client):
    """N, holding hearts (A 9 2), discards 8♠ on W's Q♥ lead at trick 3 (examples/mso-revoke.json)."""
    body = dict(steps(checked(client, REVOKE)))[3]
    marked = [(seat, card, rest) for kind, seat, card, rest in PLAYED.findall(body) if "irregular" in kind]
    assert [(seat, card) for seat, card, _ in marked] == [("N", "8S")]
    assert 'href="#ruling-1">⚠ Revoke' in marked[0][2]
    assert {"hearts A", "hearts 9", "hearts 2"} <= held(body)["N"]
    for number, other in steps(checked(client, REVOKE)):
        if number != 3:
            assert "ruling-mark" not in other, number


def test_the_tricks_table_and_the_ruling_link_to_the_trick_step_by_step(client):
    html = checked(client, REVOKE)
    assert '<a href="#trick-3" aria-label="Trick 3, step by step">3</a>' in html
    ruling = html[html.index('id="ruling-1"') :]
    assert '<a href="#trick-3">See trick 3</a>' in ruling[: ruling.index("</li>")]
    assert html.count('id="trick-3"') == 1  # the table's row has its own id


def test_the_step_through_is_one_static_script_and_its_buttons_wait_for_it(client):
    html = checked(client, REVOKE)
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/director/static/replay.js" defer>']
    assert '<div class="replay-controls" hidden>' in html  # without script nothing to press
    script = client.get("/director/static/replay.js")
    assert script.status_code == 200 and "javascript" in script.headers["Content-Type"]
    assert "#trick-" in script.get_data(as_text=True)
