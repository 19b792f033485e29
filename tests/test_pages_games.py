"""Running a table from the pages, without a browser: start a game, take its hands by form and by
file, store what "check a hand" checked, and list games and hands as the API lists them.

Each page is the API's use case with a form in front of it, so every test here compares what
the page did with what the API then reads back.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from entry_forms import field_problems, hand_form
from games import SEATS, moon, new_game, random_body
from test_pages import CSRF, sign_in

from hearts_referee.referee.record import Problem
from hearts_referee.web.entry import game_entry, hand_entry

ROOT = Path(__file__).resolve().parent.parent
HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())

GAME_FORM = {
    "csrf_token": CSRF,
    "variant": "mso-2000",
    **{f"seat-{i}": seat for i, seat in enumerate(SEATS)},
    **{f"player-{i}": name for i, name in enumerate(("Ann", "Bo", "Cy", "Di"))},
    "first_dealer": "W",
    "table": "7",
}


def moons() -> list[dict]:
    """Four moons, by E, E, W and W: N and S reach 104 and the game ends after hand 4."""
    return [moon(seat, number) for number, seat in enumerate("EEWW", start=1)]


def start_by_page(client, **changes: str):
    return client.post("/director/games/new", data=GAME_FORM | changes)


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    return client


# --- starting a game -----------------------------------------------------------------------


def test_a_game_started_on_the_page_is_the_game_the_api_reads(director, as_role):
    response = start_by_page(director)
    assert response.status_code == 303
    assert response.headers["Location"] == "/director/games/1"
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert game["players"] == {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"}
    assert game["table"] == "7"
    assert game["next_hand"] == {"hand_number": 1, "dealer": "W", "pass_direction": "left"}


def test_a_house_variant_is_started_from_its_base_and_options(director, as_role):
    response = start_by_page(director, variant="standard", options='{"jack_of_diamonds_points": -10}')
    assert response.status_code == 303
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert game["variant"] == {"base": "standard", "options": {"jack_of_diamonds_points": -10}}


def test_a_game_that_cannot_start_shows_each_problem_at_its_field_and_keeps_the_form(director):
    response = start_by_page(director, **{"seat-2": "N", "first_dealer": "X", "player-3": "Dora"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "listed twice" in field_problems(html, "seat-2")
    assert "not one of the seats" in field_problems(html, "first_dealer")
    assert 'value="Dora"' in html  # nothing typed is lost


def test_house_options_that_are_not_json_are_shown_with_every_other_problem_and_nothing_starts(
    director, as_role
):
    response = start_by_page(director, options="{jack: -10", first_dealer="X")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "not JSON" in field_problems(html, "options")
    assert "not one of the seats" in field_problems(html, "first_dealer")
    assert director.get("/v1/games", headers=as_role("director")).get_json()["games"] == []


def test_an_auditor_may_not_start_a_game(client, keys):
    sign_in(client, keys, "auditor")
    assert client.get("/director/games/new").status_code == 403
    assert start_by_page(client).status_code == 403


# --- the next hand ---------------------------------------------------------------------------


def test_the_game_page_shows_the_next_deal_and_ways_to_enter_it(director):
    start_by_page(director)
    html = director.get("/director/games/1").get_data(as_text=True)
    assert re.search(
        r"Hand <strong>1</strong> · dealer <strong>W</strong> \(Di\) · pass <strong>left</strong>", html
    )
    assert 'href="/director/games/1/next"' in html
    assert 'enctype="multipart/form-data"' in html


def test_a_hand_entered_by_form_is_stored_as_the_api_would_store_it(director, as_role):
    start_by_page(director)
    response = director.post(
        "/director/games/1/hands", data={"csrf_token": CSRF, "hand_number": "1"} | hand_form(HAND, SEATS)
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    hand = director.get("/v1/hands/1", headers=as_role("director")).get_json()
    again = director.post("/v1/games/1/hands", json=HAND, headers=as_role("director"))
    assert again.status_code == 200 and again.get_json()["id"] == 1  # the same hand, not a copy
    assert hand["score"] == {"N": 26, "E": 8, "S": 2, "W": 16}


def test_a_typo_in_a_hand_is_shown_at_its_field_and_nothing_typed_is_lost(director):
    start_by_page(director)
    form = hand_form(HAND, SEATS)
    form["deal-0"] = form["deal-0"].replace("AH", "HA")
    response = director.post("/director/games/1/hands", data={"csrf_token": CSRF, "hand_number": "1"} | form)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "'HA' is not a card" in field_problems(html, "deal-0")
    assert form["tricks"].splitlines()[5] in html
    assert f'value="{form["deal-0"]}"' in html
    assert director.get("/director/games/1").get_data(as_text=True).count("No hand yet") == 1


def test_a_card_played_wrongly_is_placed_on_its_trick_line():
    form = hand_form(HAND, SEATS)
    lines = form["tricks"].splitlines()
    lines[2] = lines[2].replace("QH", "ZZ")
    entry = hand_entry(form | {"tricks": "\n".join(lines)}, SEATS)
    assert entry.field_of("/play/8/card") == "tricks"
    assert (
        entry.message(Problem("/play/8/card", "unknown_card", "not a card"))
        == "trick line 3, card 1 (W:ZZ): not a card"
    )


def test_a_hand_with_a_trick_line_it_cannot_read_is_not_stored(director, as_role):
    start_by_page(director)
    form = hand_form(HAND, SEATS)
    form["tricks"] = "2C 3D 3C 7C\n" + "\n".join(form["tricks"].splitlines()[1:])
    response = director.post("/director/games/1/hands", data={"csrf_token": CSRF} | form)
    assert response.status_code == 422
    assert "trick line 1: who led 2C?" in field_problems(response.get_data(as_text=True), "tricks")
    assert director.get("/v1/games/1", headers=as_role("director")).get_json()["hands"] == []


def test_a_trick_line_without_its_leader_is_refused_at_the_tricks():
    entry = hand_entry({"tricks": "2C 3D 3C 7C"}, SEATS)
    assert [p.pointer for p in entry.problems] == ["/play/0/seat"]
    assert entry.field_of("/play/0/seat") == "tricks"
    assert entry.message(entry.problems[0]).startswith("trick line 1: who led 2C?")


def test_a_trick_line_plays_clockwise_from_its_leader():
    entry = hand_entry({"tricks": "E:2C 3D 3C 7C\nN:2S E:9S S:5S W:QS"}, SEATS)
    seats = [event["seat"] for event in entry.data["play"]]
    assert seats == ["E", "S", "W", "N", "N", "E", "S", "W"]


def test_a_hand_uploaded_as_a_file_is_stored_as_the_next(director, as_role):
    start_by_page(director)
    director.post("/director/games/1/hands", data={"csrf_token": CSRF} | hand_form(HAND, SEATS))
    upload = {"csrf_token": CSRF, "file": (io.BytesIO(json.dumps(random_body(7, 2)).encode()), "hand-2.json")}
    response = director.post("/director/games/1/hands", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert [h["hand_number"] for h in game["hands"]] == [1, 2]


def test_a_scorer_s_uploaded_hand_with_irregularities_is_refused_and_nothing_is_stored(client, keys, as_role):
    """A scorer's file that reports a revoke on a score-only hand would have given S 26
    penalty points with no director: refused beside the file, 403, the game unchanged."""
    sign_in(client, keys, "scorer")
    assert start_by_page(client).status_code == 303
    body = {
        "hand_number": 1,
        "points": {"N": 3, "E": 10, "S": 13, "W": 0},
        "irregularities": [{"code": "revoke", "seat": "S"}],
    }
    upload = {"csrf_token": CSRF, "file": (io.BytesIO(json.dumps(body).encode()), "hand.json")}
    response = client.post("/director/games/1/hands", data=upload, content_type="multipart/form-data")
    assert response.status_code == 403
    assert "recorded by a director" in field_problems(response.get_data(as_text=True), "file")
    assert client.get("/v1/games/1", headers=as_role("scorer")).get_json()["hands"] == []


def test_an_uploaded_hand_that_cannot_have_happened_is_shown_at_the_bad_part(director):
    start_by_page(director)
    body = json.loads(json.dumps(HAND))
    body["deal"]["N"][3] = "ZZ"
    upload = {"csrf_token": CSRF, "file": (io.BytesIO(json.dumps(body).encode()), "hand.json")}
    response = director.post("/director/games/1/hands", data=upload, content_type="multipart/form-data")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="at-/deal/N/3"' in html and "is not a card" in field_problems(html, "file")


def test_a_game_that_is_over_takes_no_more_hands_from_the_page(director):
    start_by_page(director)
    for body in moons():
        director.post("/director/games/1/hands", data={"csrf_token": CSRF} | hand_form(body, SEATS))
    page = director.get("/director/games/1").get_data(as_text=True)
    assert "ended after hand 4" in page and 'id="next"' not in page
    response = director.post("/director/games/1/hands", data={"csrf_token": CSRF} | hand_form(HAND, SEATS))
    assert response.status_code == 409


# --- check a hand, then store it ---------------------------------------------------------------


def test_check_a_hand_offers_to_store_it_only_to_a_key_that_may(client, keys):
    checked = {"csrf_token": CSRF, "record": json.dumps(REVOKE)}
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    assert 'id="store-h"' not in client.post("/director/check", data=checked).get_data(as_text=True)
    sign_in(client, keys, "scorer")
    assert 'id="store-h"' in client.post("/director/check", data=checked).get_data(as_text=True)


def test_a_checked_hand_is_stored_on_its_own(director, as_role):
    response = director.post(
        "/director/check/store", data={"csrf_token": CSRF, "record": json.dumps(REVOKE), "into": "alone"}
    )
    assert response.status_code == 303 and response.headers["Location"] == "/director/hands/1"
    hand = director.get("/v1/hands/1", headers=as_role("director")).get_json()
    assert hand["game_id"] is None and hand["hand_number"] == 2


def test_a_checked_hand_is_stored_as_the_next_hand_of_a_game(director, as_role):
    start_by_page(director)
    record = {**HAND, "variant": "mso-2000", "seats": list(SEATS), "dealer": "W", "hand_number": 1}
    response = director.post(
        "/director/check/store", data={"csrf_token": CSRF, "record": json.dumps(record), "into": "1"}
    )
    assert response.status_code == 303
    game = director.get("/v1/games/1", headers=as_role("director")).get_json()
    assert [h["hand_id"] for h in game["hands"]] == [1]


def test_a_checked_hand_that_is_not_the_games_next_is_refused_naming_what_differs(director):
    start_by_page(director)
    response = director.post(
        "/director/check/store", data={"csrf_token": CSRF, "record": json.dumps(REVOKE), "into": "1"}
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "<code>/hand_number</code> <strong>not_this_game</strong>" in html
    assert "the next hand of game 1 is hand 1" in html


# --- lists ----------------------------------------------------------------------------------


@pytest.fixture
def three_games(director, as_role):
    """Games 1 (table 7, a hand with an open ruling), 2 (table 9, standard) and 3 (table 7, over)."""
    headers = as_role("director")
    director.post("/v1/games", json=new_game(table="7"), headers=headers)
    director.post("/v1/games/1/hands", json=HAND, headers=headers)
    director.post("/v1/games", json=new_game(variant="standard", table="9"), headers=headers)
    director.post("/v1/games", json=new_game(table="7"), headers=headers)
    for body in moons():
        assert director.post("/v1/games/3/hands", json=body, headers=headers).status_code == 201
    return director


def ids(answer) -> list[int]:
    return [game["id"] for game in answer.get_json()["games"]]


def test_the_api_lists_games_newest_first(three_games, as_role):
    answer = three_games.get("/v1/games", headers=as_role("auditor"))
    assert ids(answer) == [3, 2, 1] and answer.get_json()["next_after"] is None
    assert answer.get_json()["games"][2]["open_hands"] == [1]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("open=true", [1]),
        ("open=false", [3, 2]),
        ("table=7", [3, 1]),
        ("variant=standard", [2]),
        ("status=over", [3]),
        ("status=in_progress", [2, 1]),
        ("order=oldest", [1, 2, 3]),
    ],
)
def test_the_api_filters_games(three_games, as_role, query, expected):
    assert ids(three_games.get(f"/v1/games?{query}", headers=as_role("auditor"))) == expected


def test_the_api_pages_games_by_keyset(three_games, as_role):
    first = three_games.get("/v1/games?limit=1&status=in_progress", headers=as_role("auditor")).get_json()
    assert [g["id"] for g in first["games"]] == [2] and first["next_after"] == 2
    second = three_games.get(
        "/v1/games?limit=1&status=in_progress&after=2", headers=as_role("auditor")
    ).get_json()
    assert [g["id"] for g in second["games"]] == [1] and second["next_after"] is None


def test_the_api_filters_games_by_the_day_they_started(three_games, as_role):
    today = three_games.get("/v1/games/1", headers=as_role("auditor")).get_json()["created_at"][:10]
    assert ids(three_games.get(f"/v1/games?date={today}", headers=as_role("auditor"))) == [3, 2, 1]
    assert ids(three_games.get("/v1/games?date=1999-01-01", headers=as_role("auditor"))) == []


@pytest.mark.parametrize(
    "query", ["date=20261201", "date=2026-02-30", "status=done", "order=random", "limit=0"]
)
def test_a_bad_games_filter_is_a_400_naming_it(client, as_role, problem, query):
    body = problem(client.get(f"/v1/games?{query}", headers=as_role("auditor")), 400)
    assert body["errors"][0]["message"].startswith(query.split("=")[0])


def test_a_scorer_lists_only_the_games_it_started(client, as_role):
    client.post("/v1/games", json=new_game(), headers=as_role("director"))
    client.post("/v1/games", json=new_game(), headers=as_role("scorer"))
    assert ids(client.get("/v1/games", headers=as_role("scorer"))) == [2]


def test_the_api_lists_hands_newest_first_and_by_status(three_games, as_role):
    hands = three_games.get("/v1/hands?order=newest", headers=as_role("auditor")).get_json()["hands"]
    assert [h["id"] for h in hands] == [5, 4, 3, 2, 1]
    waiting = three_games.get("/v1/hands?status=awaiting_signatures", headers=as_role("auditor")).get_json()
    assert [h["id"] for h in waiting["hands"]] == [2, 3, 4, 5]


def test_the_games_page_lists_what_the_api_lists(three_games, as_role):
    for query in ("", "?table=7", "?status=over", "?open=true"):
        html = three_games.get(f"/director/games{query}").get_data(as_text=True)
        shown = [int(n) for n in re.findall(r'<a href="/director/games/(\d+)">Game', html)]
        assert shown == ids(three_games.get(f"/v1/games{query}", headers=as_role("director"))), query


def test_the_games_page_pages_newest_first_keeping_its_filters(three_games):
    first = three_games.get("/director/games?table=7&limit=1").get_data(as_text=True)
    assert 'href="/director/games/3"' in first
    html = three_games.get("/director/games?table=7&after=3").get_data(as_text=True)
    assert 'href="/director/games/1"' in html and 'href="/director/games/3"' not in html


def test_the_hands_page_lists_newest_first_with_its_filters(three_games):
    html = three_games.get("/director/hands?open=true").get_data(as_text=True)
    assert re.findall(r'<a href="/director/hands/(\d+)">Hand', html) == ["1"]
    html = three_games.get("/director/hands?game=3").get_data(as_text=True)
    assert re.findall(r'<a href="/director/hands/(\d+)">Hand', html) == ["5", "4", "3", "2"]


def test_a_bad_filter_on_a_list_page_is_a_400_page(director):
    response = director.get("/director/games?date=yesterday")
    assert response.status_code == 400 and "text/html" in response.content_type
    assert "date" in response.get_data(as_text=True)


@pytest.mark.parametrize("typed", ["٣", "1_0", "²", "9" * 5000])
@pytest.mark.parametrize(
    ("page", "name"),
    [
        ("/director/", "game"),
        ("/director/hands", "game"),
        ("/director/hands", "limit"),
        ("/director/games", "after"),
    ],
)
def test_a_filter_typed_in_arabic_indic_digits_is_a_400_page_not_read_as_a_number(
    three_games, page, name, typed
):
    """``int()`` read ``٣`` as 3 and ``1_0`` as 10: ``game=٣`` listed game 3's hands. The
    filter forms' numbers are read as every form number is (``strictjson.form_number``)."""
    response = three_games.get(page, query_string={name: typed})
    assert response.status_code == 400 and "text/html" in response.content_type
    assert f"{name}: Not a valid integer." in response.get_data(as_text=True)
    assert three_games.get(page, query_string={name: "3"}).status_code == 200


@pytest.mark.parametrize(
    "query", ["game=٣", "game=1_0", "after=٠", "limit=٥", "limit=" + "9" * 5000, "limit=²"]
)
def test_an_api_list_query_in_arabic_indic_digits_is_a_400_naming_it(client, as_role, problem, query):
    for path in ("/v1/hands", "/v1/games"):
        if path == "/v1/games" and query.startswith("game="):
            continue
        body = problem(client.get(f"{path}?{query}", headers=as_role("auditor")), 400)
        assert body["errors"][0]["message"] == f"{query.split('=')[0]}: Not a valid integer."


def test_game_entry_reads_the_seat_rows_it_was_given():
    entry = game_entry(
        {"variant": "long-john", "seat-0": "A", "player-0": "Al", "seat-2": "C", "first_dealer": "A"}
    )
    assert entry.data["seats"] == ["A", "C"]
    assert entry.field_of("/seats/1") == "seat-2"
    assert entry.field_of("/players/C") == "player-2"


def test_a_status_filter_fills_its_page_past_rows_that_do_not_match(three_games, as_role, monkeypatch):
    """Game 3 is over; five newer games are not. Read two rows at a time, none of the first
    three reads holds a game that is over: the list reads on until it finds game 3."""
    monkeypatch.setattr("hearts_referee.archive.db.FILTERED_BATCH", 2)
    for _ in range(5):
        three_games.post("/v1/games", json=new_game(), headers=as_role("director"))
    answer = three_games.get("/v1/games?status=over&limit=1", headers=as_role("auditor")).get_json()
    assert [g["id"] for g in answer["games"]] == [3] and answer["next_after"] is None


def test_the_hands_page_lists_what_the_api_lists(three_games, as_role):
    for query in ("", "?table=7", "?status=open", "?game=3"):
        html = three_games.get(f"/director/hands{query}").get_data(as_text=True)
        shown = [int(n) for n in re.findall(r'<a href="/director/hands/(\d+)">Hand', html)]
        joined = ("&" if query else "?") + "order=newest"
        listed = three_games.get(f"/v1/hands{query}{joined}", headers=as_role("director")).get_json()
        assert shown == [h["id"] for h in listed["hands"]], query


def test_the_pages_page_shows_each_new_page_in_its_flow_and_the_screenshots_are_small():
    from tools.screenshots import FLOW

    page = (ROOT / "docs" / "pages.md").read_text(encoding="utf-8")
    at = [page.index(f"]({name})") for name in FLOW]
    assert at[:3] == sorted(
        at[:3]
    )  # start, the next deal, the hand typed in: in the order a director meets them
    for name in FLOW:
        assert (ROOT / "docs" / name).stat().st_size < 300_000, name
    for url in ("/director/games", "/director/games/new", "/director/games/{id}/next", "/director/hands"):
        assert f"`{url}`" in page


def test_a_scorer_enters_hands_only_into_its_own_games_from_the_pages(client, keys, as_role):
    client.post("/v1/games", json=new_game(), headers=as_role("director"))
    sign_in(client, keys, "scorer")
    assert start_by_page(client).status_code == 303  # game 2, the scorer's
    form = {"csrf_token": CSRF} | hand_form(HAND, SEATS)
    assert client.get("/director/games/1/next").status_code == 404  # as if game 1 did not exist
    assert client.post("/director/games/1/hands", data=form).status_code == 404
    assert client.post("/director/games/2/hands", data=form).status_code == 303
    html = client.get("/director/games").get_data(as_text=True)
    assert re.findall(r'<a href="/director/games/(\d+)">Game', html) == ["2"]
