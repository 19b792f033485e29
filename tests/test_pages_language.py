"""The pages speak the director's language (issue 24 item 6), without a browser.

No API path or status number on a page; house rules as a form of the variant's options; a
seat typed in any case; "as JSON" links that open with the page's session; sign-in says how
a key is made; a hand's title names its game, table and hand number.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from games import new_game
from test_pages import CSRF, HAND, sign_in

from hearts_referee.referee.house import OPTIONS
from hearts_referee.referee.registry import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
GAME = {
    "csrf_token": CSRF,
    "variant": "standard",
    **{f"seat-{i}": seat for i, seat in enumerate("NESW")},
    **{f"player-{i}": name for i, name in enumerate(("Ann", "Bo", "Cy", "Di"))},
    "first_dealer": "W",
    "table": "7",
}
STATUS_WORDS = re.compile(r"\b(?:40[0-9]|41[0-9]|42[0-9]|50[0-9])\b")


def shown(html: str) -> str:
    """The page's text as a reader sees it (tags, the script and comments left out)."""
    html = re.sub(r"<script\b.*?</script>|<!--.*?-->", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def assert_director_words(html: str, where: str) -> None:
    assert "/v1" not in html, where  # neither in the text nor in a link
    assert not STATUS_WORDS.search(shown(html)), (where, STATUS_WORDS.findall(shown(html)))


@pytest.fixture
def director(client, keys, as_role):
    """A director signed in, with game 1 (table 7) holding the README's hand as its hand 1."""
    assert client.post("/v1/games", headers=as_role("director"), json=new_game(table="7")).status_code == 201
    assert client.post("/v1/games/1/hands", headers=as_role("director"), json=HAND).status_code == 201
    sign_in(client, keys, "director")
    return client


def test_no_page_names_an_api_path_or_a_status_number(director):
    for url in (
        "/director/",
        "/director/hands/1",
        "/director/games/1",
        "/director/games/1/next",
        "/director/games",
        "/director/hands",
        "/director/games/new",
        "/director/check",
        "/director/events",
        "/director/events/new",
        "/director/sign-in",
    ):
        response = director.get(url)
        assert response.status_code == 200, url
        assert_director_words(response.get_data(as_text=True), url)


def test_refusals_are_told_in_words_not_status_numbers(director):
    bad = dict(REVOKE, deal=dict(REVOKE["deal"], N=["ZZ", *REVOKE["deal"]["N"][1:]]))
    refused = {
        "a record that cannot be": director.post(
            "/director/check", data={"csrf_token": CSRF, "record": json.dumps(bad)}
        ),
        "a hand that is not there": director.get("/director/hands/99"),
        "a hand refused by its game": director.post(
            "/director/games/1/hands", data={"csrf_token": CSRF, "hand_number": "2", "tricks": "N:2C"}
        ),
    }
    assert [r.status_code for r in refused.values()] == [422, 404, 422]
    for where, response in refused.items():
        assert_director_words(response.get_data(as_text=True), where)
    assert "<h1>Not found</h1>" in refused["a hand that is not there"].get_data(as_text=True)


@pytest.mark.parametrize(
    ("page", "api"),
    [("/director/hands/1", "/v1/hands/1"), ("/director/games/1", "/v1/games/1")],
)
def test_the_as_json_link_opens_with_the_session_what_the_api_answers(director, as_role, page, api):
    html = director.get(page).get_data(as_text=True)
    link = re.search(r'<a href="([^"]+\.json)">[^<]*as JSON</a>', html)
    assert link, page
    answer = director.get(link.group(1))
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.get_json() == director.get(api, headers=as_role("director")).get_json()


def test_the_json_of_a_hand_follows_the_access_rule_of_its_page(client, keys, as_role):
    """A scorer reads only the hands its own key stored: another's is missing, as a page or as JSON."""
    assert client.post("/v1/hands", headers=as_role("director"), json=REVOKE).status_code == 201
    sign_in(client, keys, "scorer")
    assert client.get("/director/hands/1").status_code == 404
    assert client.get("/director/hands/1.json").status_code == 404
    client.post("/director/sign-out", data={"csrf_token": CSRF})
    assert client.get("/director/hands/1.json").status_code == 302  # signed out: to sign-in


def test_sign_in_says_how_a_key_is_made_and_by_whom(client):
    text = shown(client.get("/director/sign-in").get_data(as_text=True))
    assert 'hearts-referee keys create --role director --name "Chief TD"' in text
    assert "Whoever runs the referee makes keys on its command line" in text


def test_a_hand_s_title_names_its_game_table_and_hand_number(director):
    html = director.get("/director/hands/1").get_data(as_text=True)
    assert re.search(r"<h1>Game 1, table 7, hand 1 <span", html)
    assert "<title>Game 1, table 7, hand 1 · Hearts Referee</title>" in html
    assert "hand no." not in html


def test_a_lower_case_seat_as_first_dealer_is_the_table_s_seat(director, as_role):
    response = director.post("/director/games/new", data=GAME | {"first_dealer": "w", "scorekeeper": "n"})
    assert response.status_code == 303, response.get_data(as_text=True)
    game = director.get("/v1/games/2", headers=as_role("director")).get_json()
    assert (game["first_dealer"], game["scorekeeper"]) == ("W", "N")


def test_a_lower_case_leader_on_a_trick_line_is_the_table_s_seat():
    from hearts_referee.web.entry import hand_entry

    entry = hand_entry({"tricks": "e:2C 3D 3C 7C\nn:2S e:9S 5S W:QS"}, "NESW")
    assert [play["seat"] for play in entry.data["play"]] == list("ESWNNESW")


def test_the_house_rules_are_a_form_of_every_option_with_its_description(director):
    html = director.get("/director/games/new").get_data(as_text=True)
    for option in OPTIONS:
        field = re.search(rf'<label for="house-{option.name}">(.*?)</label>', html, re.S)
        assert field, option.name
        assert option.description in unescape(field.group(1)), option.name
        assert f'id="house-{option.name}"' in html
    label = re.search(r'<label for="house-jack_of_diamonds_points">(.*?)</label>', html, re.S).group(1)
    assert "mso-2000: 0" in label and "omnibus-kitty: -10" in label  # what an empty field keeps
    assert len(VARIANTS) == label.count(": ")


def test_house_rules_chosen_in_the_form_start_a_house_variant(director, as_role):
    chosen = {"house-jack_of_diamonds_points": "-10", "house-queen_breaks_hearts": "no", "house-moon": "add"}
    response = director.post("/director/games/new", data=GAME | chosen)
    assert response.status_code == 303, response.get_data(as_text=True)
    game = director.get("/v1/games/2", headers=as_role("director")).get_json()
    assert game["variant"] == {
        "base": "standard",
        "options": {"jack_of_diamonds_points": -10, "queen_breaks_hearts": False, "moon": "add"},
    }


def test_a_bad_house_rule_is_shown_beside_its_field_and_nothing_typed_is_lost(director):
    response = director.post("/director/games/new", data=GAME | {"house-pass_count": "nine", "table": "T9"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    problems = re.search(r'id="err-house-pass_count"[^>]*>(.*?)</', html, re.S)
    assert problems and "whole number" in problems.group(1)
    assert 'value="nine"' in html and 'value="T9"' in html
    assert re.search(r'<details class="house-rules" id="house-rules" open>', html)


def test_one_rule_in_the_form_and_in_the_json_box_is_refused_at_the_field(director):
    typed = {"house-heart_points": "2", "options": '{"heart_points": 3}'}
    html = director.post("/director/games/new", data=GAME | typed).get_data(as_text=True)
    problems = re.search(r'id="err-house-heart_points"[^>]*>(.*?)</', html, re.S)
    assert problems and "keep one" in problems.group(1)


def test_why_a_score_differs_names_the_ruling_as_the_page_numbers_it(client):
    """N wrote 0 after the revoke: the sentence cites ruling #1, as the ruling log numbers it."""
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    html = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(REVOKE)}).get_data(
        as_text=True
    )
    assert "without the penalty of 26 (#1 Revoke)." in html
    assert 'id="ruling-1"' in html and "#0" not in html


def test_a_bad_rule_in_the_json_box_is_shown_at_the_box_naming_the_rule(director):
    html = director.post("/director/games/new", data=GAME | {"options": '{"heart_points": "two"}'}).get_data(
        as_text=True
    )
    problems = re.search(r'id="err-options"[^>]*>(.*?)</div>', html, re.S)
    assert problems and "option 'heart_points': must be a whole number" in unescape(problems.group(1))
    assert 'id="err-house-heart_points"' not in html
