"""Stored hands and games carry a strong ETag of their body; ``If-None-Match`` with it is a 304.

A scoring app polling a game or a hand for a director's decision sends back
the ETag it holds and gets an empty 304 until something changed.
"""

from __future__ import annotations

import pytest
from games import new_game
from test_pages import HAND


@pytest.fixture
def stored(client, director):
    assert client.post("/v1/games", headers=director, json=new_game(table="7")).status_code == 201
    assert client.post("/v1/games/1/hands", headers=director, json=HAND).status_code == 201


def strong(response) -> str:
    etag = response.headers["ETag"]
    assert etag.startswith('"') and etag.endswith('"') and not etag.startswith("W/"), etag
    return etag


@pytest.mark.parametrize("url", ["/v1/hands/1", "/v1/games/1"])
def test_a_stored_hand_or_game_has_a_strong_etag(client, director, stored, url):
    first, again = client.get(url, headers=director), client.get(url, headers=director)
    assert first.status_code == 200
    assert strong(first) == strong(again)


@pytest.mark.parametrize("url", ["/v1/hands/1", "/v1/games/1"])
def test_if_none_match_with_the_etag_is_an_empty_304(client, director, stored, url):
    etag = strong(client.get(url, headers=director))
    response = client.get(url, headers={**director, "If-None-Match": etag})
    assert response.status_code == 304
    assert response.get_data() == b""
    assert response.headers["ETag"] == etag


@pytest.mark.parametrize("url", ["/v1/hands/1", "/v1/games/1"])
def test_another_etag_gets_the_body(client, director, stored, url):
    response = client.get(url, headers={**director, "If-None-Match": '"not-this-one"'})
    assert response.status_code == 200 and response.get_json()["id"] == 1


def test_a_decision_changes_the_hands_and_the_games_etag(client, director, stored):
    before = {url: strong(client.get(url, headers=director)) for url in ("/v1/hands/1", "/v1/games/1")}
    decided = client.post(
        "/v1/hands/1/decisions",
        headers=director,
        json={"scoresheet": True, "action": "accept", "director": "TD", "reason": "The 26 stand."},
    )
    assert decided.status_code == 201
    for url, etag in before.items():
        response = client.get(url, headers={**director, "If-None-Match": etag})
        assert response.status_code == 200, url
        assert strong(response) != etag, url


def test_a_304_never_tells_a_key_about_a_hand_it_may_not_see(client, director, as_role, stored):
    etag = strong(client.get("/v1/hands/1", headers=director))
    response = client.get("/v1/hands/1", headers={**as_role("scorer"), "If-None-Match": etag})
    assert response.status_code == 404


def test_the_etag_is_the_same_for_every_key_that_reads_the_same_body(client, director, as_role, stored):
    assert strong(client.get("/v1/games/1", headers=director)) == strong(
        client.get("/v1/games/1", headers=as_role("auditor"))
    )
