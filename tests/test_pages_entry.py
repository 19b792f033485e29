"""A hand entered by its cards, without a browser: the trick lines that say an exposed card, a
withdrawal and a claim, and the check the card-by-card entry asks after each card
(``POST /director/games/{id}/hands/check``): the game's next hand as entered so far, audited by
the use case that stores it, stored nowhere.

The script itself is driven in Chromium by ``test_pages_entry_browser.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from entry_forms import hand_form
from games import SEATS, random_body
from test_pages import CSRF, sign_in
from test_pages_games import start_by_page

from hearts_referee.web.entry import hand_entry

ROOT = Path(__file__).resolve().parent.parent
REVOKE_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
"""N discards 8S on a heart lead at trick 3, holding a heart."""


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    assert start_by_page(client).status_code == 303  # game 1: MSO, W deals hand 1
    return client


def form_of(body: dict, tricks: int | None = None, *, deal: bool = True) -> dict[str, str]:
    """The hand form for ``body``, its first ``tricks`` tricks only, its deal left empty if not ``deal``."""
    form = hand_form(body, SEATS)
    if tricks is not None:
        form["tricks"] = "\n".join(form["tricks"].splitlines()[:tricks])
    if not deal:
        form.update({f"deal-{i}": "" for i in range(len(SEATS))})
    return {"csrf_token": CSRF, "hand_number": "1", **form}


def check(client, form: dict[str, str]):
    return client.post("/director/games/1/hands/check", data=form)


# --- what a trick line says ----------------------------------------------------------------


def test_a_trick_line_says_an_exposed_card_a_withdrawal_and_a_claim():
    lines = "E:2C S:3C N:exposes:QS W:4C\nN:2S E:withdraws:9S\nS:claims:AH KH QH"
    entry = hand_entry({"tricks": lines}, SEATS)
    assert entry.data["play"] == [
        {"seat": "E", "card": "2C"},
        {"seat": "S", "card": "3C"},
        {"seat": "N", "exposes": "QS"},
        {"seat": "W", "card": "4C"},
        {"seat": "N", "card": "2S"},
        {"seat": "E", "withdraws": "9S"},
        {"seat": "S", "claims": {"order": ["AH", "KH", "QH"]}},
    ]
    assert not entry.problems


def test_an_exposed_card_does_not_move_the_turn_and_a_withdrawal_gives_it_back():
    entry = hand_entry({"tricks": "E:2C N:exposes:QS 3C withdraws:3C 4C"}, SEATS)
    assert entry.data["play"] == [
        {"seat": "E", "card": "2C"},
        {"seat": "N", "exposes": "QS"},
        {"seat": "S", "card": "3C"},  # the seat after E: N's exposure took no turn
        {"seat": "S", "withdraws": "3C"},  # the last card's seat takes it back
        {"seat": "S", "card": "4C"},  # and plays again in its place
    ]


def test_a_claim_without_its_seat_is_the_claim_of_the_seat_whose_turn_it_is():
    entry = hand_entry({"tricks": "E:2C 3C claims:AH KH"}, SEATS)
    assert entry.data["play"][-1] == {"seat": "W", "claims": {"order": ["AH", "KH"]}}


def test_a_claim_that_opens_a_line_without_its_seat_is_refused_at_the_tricks():
    entry = hand_entry({"tricks": "claims:AH KH"}, SEATS)
    assert [p.pointer for p in entry.problems] == ["/play/0/seat"]
    assert "who claims AH?" in entry.message(entry.problems[0])


def test_an_exposed_card_and_a_claim_are_stored_from_the_text_form_without_script(director, as_role):
    body = random_body(2403, 1)
    form = form_of(body, 10)
    leader = body["play"][40]["seat"]
    other = body["play"][41]
    held = [e["card"] for e in body["play"][40:] if e["seat"] == leader]
    form["tricks"] += f"\n{other['seat']}:exposes:{other['card']}\n{leader}:claims:{' '.join(held)}"
    response = director.post("/director/games/1/hands", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    hand = director.get("/v1/hands/1", headers=as_role("director")).get_json()
    assert hand["record"]["play"][40:] == [
        {"seat": other["seat"], "exposes": other["card"]},
        {"seat": leader, "claims": {"order": held}},
    ]
    assert "exposed_card" in [r["code"] for r in hand["audit"]["rulings"]]


# --- the check after each card ------------------------------------------------------------------


def test_the_check_of_an_unfinished_hand_answers_who_is_to_play_and_stores_nothing(director, as_role):
    response = check(director, form_of(REVOKE_HAND, 2))
    assert response.status_code == 200 and response.mimetype == "application/json"
    answer = response.get_json()
    assert answer["problems"] == []
    stop = [r for r in answer["audit"]["rulings"] if r["code"] == "play_incomplete"]
    assert [(r["trick"], r["seat"]) for r in stop] == [(3, "W")]  # W won trick 2 with QS and leads
    assert [t["winner"] for t in answer["audit"]["tricks"]] == ["N", "W"]
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert game["hands"] == [] and game["next_hand"]["hand_number"] == 1


def test_the_check_flags_a_revoke_on_its_card_as_the_stored_hand_rules_it(director, as_role):
    entered = check(director, form_of(REVOKE_HAND, 3)).get_json()["audit"]["rulings"]
    revoke = next(r for r in entered if r["code"] == "revoke")
    where = (revoke["seat"], revoke["trick"], revoke["card"], revoke["rule"])
    assert where == ("N", 3, "8S", "mso-2000/revoke")
    director.post("/director/games/1/hands", data=form_of(REVOKE_HAND))
    stored = director.get("/v1/hands/1", headers=as_role("director")).get_json()["audit"]["rulings"]
    assert revoke == next(r for r in stored if r["code"] == "revoke")


def test_the_check_puts_each_problem_on_the_field_it_came_from(director):
    form = form_of(REVOKE_HAND, 1)
    bad_card = check(director, {**form, "tricks": form["tricks"].replace("3D", "ZZ")}).get_json()
    assert [(p["field"], p["pointer"]) for p in bad_card["problems"]] == [("tricks", "/play/1/card")]
    assert bad_card["problems"][0]["message"].startswith("trick line 1, card 2 (ZZ)")
    assert bad_card["audit"] is None  # a hand read only in part is not audited
    not_held = check(director, {**form, "pass-0": "2D 5C KC"}).get_json()  # N was not dealt 2D
    assert [p["field"] for p in not_held["problems"]] == ["pass-0"]


def test_the_check_of_a_hand_whose_deal_is_left_to_the_play_says_the_deal_comes_at_the_end(director):
    problems = check(director, form_of(REVOKE_HAND, 3, deal=False)).get_json()["problems"]
    assert problems and {p["code"] for p in problems} == {"deal_required"}
    complete = check(director, form_of(random_body(2401, 1), deal=False)).get_json()
    assert complete["problems"] == [] and complete["audit"]["complete"]


def revokes(answer: dict) -> list[tuple[str, int, str]]:
    audit = answer["audit"] or {"rulings": []}
    return [(r["seat"], r["trick"], r["card"]) for r in audit["rulings"] if r["code"] == "revoke"]


def test_a_revoke_with_the_deal_left_out_is_flagged_at_the_card_that_proves_it(director, as_role):
    """N discards 8S on a heart lead at trick 3. With the deal left out nothing shows N held a
    heart until N leads 2H at trick 9: the check flagged it only once all 52 cards were in."""
    before = form_of(REVOKE_HAND, 8, deal=False)
    assert revokes(check(director, before).get_json()) == []  # not proven yet: not flagged
    proving = check(director, {**before, "tricks": before["tricks"] + "\nN:2H"}).get_json()
    assert revokes(proving) == [("N", 3, "8S")]
    assert {p["code"] for p in proving["problems"]} == {"deal_required"}  # stored once every card is in
    director.post("/director/games/1/hands", data=form_of(REVOKE_HAND, deal=False))
    stored = director.get("/v1/hands/1", headers=as_role("director")).get_json()["audit"]["rulings"]
    flagged = next(r for r in proving["audit"]["rulings"] if r["code"] == "revoke")
    assert flagged == next(r for r in stored if r["code"] == "revoke")  # the ruling the hand gets


def test_the_check_names_each_tricks_leader_with_the_deal_left_out(director):
    """The winner leads the next trick: the referee says so, so the director taps no leader."""
    answers = [check(director, form_of(REVOKE_HAND, n, deal=False)).get_json() for n in (1, 2, 3)]
    assert [a["to_play"] for a in answers] == ["N", "W", "W"]  # the winners of tricks 1, 2 and 3
    first = check(director, form_of(REVOKE_HAND, 0, deal=False)).get_json()
    assert first["to_play"] is None  # who holds 2C is not shown yet: the director names the leader
    assert first["problems"][0]["code"] == "deal_required" and "2C" in first["problems"][0]["message"]


def test_the_check_answers_the_hand_and_the_legal_cards_of_the_seat_to_play_where_the_deal_is_typed(director):
    form = form_of(REVOKE_HAND, 2)
    answer = check(director, {**form, "tricks": form["tricks"] + "\nW:QH"}).get_json()
    assert answer["to_play"] == "N"
    assert answer["hand"] == ["4C", "6C", "TC", "JC", "JD", "AD", "2H", "9H", "AH", "8S", "KS"]
    assert answer["legal"] == ["2H", "9H", "AH"]  # a heart led: N follows suit
    left_out = check(director, {**form_of(REVOKE_HAND, 2, deal=False)}).get_json()
    assert left_out["to_play"] == "W" and left_out["hand"] == left_out["legal"] == []


def test_a_form_drawn_again_gets_its_play_back_as_the_forms_reader_reads_it(director):
    form = {"csrf_token": CSRF, "hand_number": "1", "tricks": "E:2C 3D\nN:exposes:QS"}
    answer = check(director, form).get_json()
    assert answer["play"] == [
        {"seat": "E", "card": "2C"},
        {"seat": "S", "card": "3D"},
        {"seat": "N", "exposes": "QS"},
    ]


def test_the_check_is_the_signed_in_directors_with_the_forms_token(client, keys):
    sign_in(client, keys, "director")
    start_by_page(client)
    form = form_of(REVOKE_HAND, 1)
    assert check(client, {**form, "csrf_token": "forged"}).status_code == 400
    sign_in(client, keys, "auditor")  # reads, never enters a hand
    assert check(client, form).status_code == 403
    client.post("/director/sign-out", data={"csrf_token": CSRF})
    with client.session_transaction() as session:
        session["csrf"] = CSRF  # a page still open with its token, its sign-in over
    signed_out = check(client, form)  # a 401 the script tells apart, not the sign-in page
    assert signed_out.status_code == 401 and "Location" not in signed_out.headers


def test_the_check_sets_no_cookie_so_a_late_answer_cannot_undo_the_submit(director):
    """A check sent just before the form is submitted may be answered just after it: a
    cookie on that answer would put back the session as it was before the submit (the
    message of the hand stored, lost). The check writes none; a page still does."""
    body = random_body(31, 1)
    answer = check(director, form_of(body, tricks=2))
    assert answer.status_code == 200 and answer.get_json()["problems"] == []
    assert "Set-Cookie" not in answer.headers
    page = director.get("/director/games/1/next")
    assert page.status_code == 200 and "Set-Cookie" in page.headers  # the idle clock, reset


def test_a_seat_typed_as_a_reader_sees_it_is_that_seat():
    """A phone keyboard's fullwidth letter or zero-width space is the seat it looks like,
    as names and seat ids are compared everywhere (referee.names); two candidates or none
    leave the text as typed, for the codec to name."""
    from hearts_referee.web.entry import seat_typed

    assert seat_typed("w", ["N", "E", "S", "W"]) == "W"
    assert seat_typed("Ｗ", ["N", "E", "S", "W"]) == "W"
    assert seat_typed("W\u200b", ["N", "E", "S", "W"]) == "W"
    assert seat_typed("\u0415", ["N", "E", "S", "W"]) == "E"  # Cyrillic Е
    assert seat_typed("x", ["N", "E", "S", "W"]) == "x"
    assert seat_typed("a", ["A", "a\u200b", "B"]) == "a"  # 'A' and 'a' (with a zero-width space): two
