"""The game's scoresheet signed at its end, per the variant's ``game_signatures`` (MSO: all
four players), through ``POST /v1/games/{id}/signatures``; a signature given before a later
decision is stale, in the API's JSON as on the pages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from games import moon, new_game

ROOT = Path(__file__).resolve().parent.parent
REVOKE_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
GAMES = "/v1/games"


def post(client, url: str, headers, body: dict[str, Any], status: int) -> dict[str, Any]:
    response = client.post(url, json=body, headers=headers)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def sign(client, headers, game_id: int, seat: str, status: int = 201) -> dict[str, Any]:
    return post(
        client, f"{GAMES}/{game_id}/signatures", headers, {"seat": seat, "name": f"{seat} player"}, status
    )


@pytest.fixture
def over(client, director):
    """An MSO game over after hand 4: the README's revoke, its mismatch upheld, then three
    moons by W take N to 104."""
    game = post(client, GAMES, director, new_game(), 201)
    first = post(client, f"{GAMES}/{game['id']}/hands", director, REVOKE_HAND, 201)
    for number in (2, 3, 4):
        post(client, f"{GAMES}/{game['id']}/hands", director, moon("W", number), 201)
    decision = {"scoresheet": True, "action": "accept", "director": "TD", "reason": "The 26 stand."}
    post(client, f"/v1/hands/{first['id']}/decisions", director, decision, 201)
    return game["id"], first["id"]


def test_mso_scoresheet_is_signed_by_all_four_in_seat_order(client, director, over):
    game_id, _ = over
    game = client.get(f"{GAMES}/{game_id}", headers=director).get_json()
    assert game["status"] == "over" and game["rules"]["game_signatures"] == "all"
    assert game["signers"] == game["missing_signatures"] == ["N", "E", "S", "W"]
    signed = sign(client, director, game_id, "S")
    assert signed["missing_signatures"] == ["N", "E", "W"]
    assert [(s["seat"], s["stale"]) for s in signed["signatures"]] == [("S", False)]


def test_signing_the_same_sheet_twice_is_one_signature(client, director, over):
    game_id, _ = over
    sign(client, director, game_id, "N")
    again = sign(client, director, game_id, "N", status=200)
    assert len(again["signatures"]) == 1


def test_a_scoresheet_is_not_signed_while_the_game_goes_on(client, director, problem):
    game = post(client, GAMES, director, new_game(), 201)
    body = problem(
        client.post(f"{GAMES}/{game['id']}/signatures", json={"seat": "N", "name": "Ann"}, headers=director),
        409,
    )
    assert body["errors"][0]["code"] == "game_not_over"


def test_a_scoresheet_is_not_signed_while_a_hand_that_counts_has_an_open_ruling(client, director, problem):
    game = post(client, GAMES, director, new_game(), 201)
    post(client, f"{GAMES}/{game['id']}/hands", director, REVOKE_HAND, 201)
    for number in (2, 3, 4):
        post(client, f"{GAMES}/{game['id']}/hands", director, moon("W", number), 201)
    body = problem(
        client.post(f"{GAMES}/{game['id']}/signatures", json={"seat": "N", "name": "Ann"}, headers=director),
        409,
    )
    assert body["errors"][0]["code"] == "open_rulings"


def test_only_the_variants_signers_sign_the_scoresheet(client, director, problem, over):
    game_id, _ = over
    body = problem(
        client.post(f"{GAMES}/{game_id}/signatures", json={"seat": "X", "name": "Xena"}, headers=director),
        422,
    )
    assert (body["errors"][0]["pointer"], body["errors"][0]["code"]) == ("/seat", "unknown_seat")
    standard = post(client, GAMES, director, new_game("standard"), 201)
    assert standard["signers"] == [] and standard["rules"]["game_signatures"] == "none"


def test_a_later_decision_makes_a_scoresheet_signature_stale_and_the_seat_signs_again(client, director, over):
    game_id, first = over
    sign(client, director, game_id, "N")
    adjust = {
        "scoresheet": True,
        "action": "adjust",
        "director": "TD",
        "reason": "E's card miscounted.",
        "score_changes": {"E": 1},
    }
    post(client, f"/v1/hands/{first}/decisions", director, adjust, 201)
    game = client.get(f"{GAMES}/{game_id}", headers=director).get_json()
    assert [(s["seat"], s["stale"]) for s in game["signatures"]] == [("N", True)]
    assert "N" in game["missing_signatures"] and game["final"] is False
    again = sign(client, director, game_id, "N")
    assert [s["stale"] for s in again["signatures"]] == [True, False] and "N" not in again[
        "missing_signatures"
    ]


def test_a_hand_signature_before_a_later_decision_is_marked_stale_in_the_hands_json(client, director, over):
    _, first = over
    post(client, f"/v1/hands/{first}/signatures", director, {"seat": "E", "name": "Bo"}, 201)
    waive = {"ruling": 0, "action": "waive", "director": "TD", "reason": "Corrected in time."}
    hand = post(client, f"/v1/hands/{first}/decisions", director, waive, 201)
    assert [(s["seat"], s["version"], s["stale"]) for s in hand["signatures"]] == [("E", 2, True)]
    assert [(r["ruling"], r["status"]) for r in hand["rulings"]] == [(0, "waived"), (1, "decided")]


def test_the_variant_data_says_who_signs_the_scoresheet_and_refuses_an_unknown_rule():
    from dataclasses import replace

    from hearts_referee.referee.registry import VARIANTS

    assert VARIANTS["mso-2000"].game_signatures == "all"  # "each scoresheet is signed by all four"
    assert VARIANTS["long-john"].game_signatures == "none"  # its scorekeeper signs each hand instead
    with pytest.raises(ValueError, match="unknown game signatures 'nobody'"):
        replace(VARIANTS["mso-2000"], game_signatures="nobody")
