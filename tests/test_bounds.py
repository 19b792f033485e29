"""Every integer a client may send has one named bound (``schemas.bounds``), checked by the
codecs and stated in openapi.yaml: past it is a located 422 (a 400 for a query), never an
overflow in SQLite and never a number nobody can have scored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games import moon, new_game
from hands import hand
from support import SPEC

from hearts_referee.schemas import bounds

ROOT = Path(__file__).resolve().parent.parent
GAMES = "/v1/games"
REVOKE = "N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"
CSRF = "test-token"
SQLITE_PAST = 2**63  # one past SQLite's largest integer


def errors(response) -> set[tuple[str, str]]:
    return {(e["pointer"], e["code"]) for e in response.get_json()["errors"]}


def stored_revoke(client, director, variant: str = "mso-2000") -> int:
    response = client.post("/v1/hands", json=hand(variant, play=REVOKE), headers=director)
    assert response.status_code == 201
    return response.get_json()["id"]


# --- the listed 500s ----------------------------------------------------------------------


def test_storing_a_hand_numbered_past_sqlite_integers_is_422_not_an_overflow(client, director, db):
    """It used to reach the INSERT and fail there with a 500."""
    record = hand("mso-2000", hand_number=SQLITE_PAST)
    response = client.post("/v1/hands", json=record, headers=director)
    assert response.status_code == 422
    assert ("/hand_number", "range") in errors(response)
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 0


def test_the_inbox_filtered_by_a_game_past_sqlite_integers_is_a_400_page(client, keys):
    """``GET /director/?game=9223372036854775808`` used to overflow in the query: a 500."""
    sign_in(client, keys["director"])
    response = client.get(f"/director/?game={SQLITE_PAST}")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert "game" in response.get_data(as_text=True)


# --- each bound, at and past it ---------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "status"), [(bounds.HAND_NUMBER_MAX, 200), (bounds.HAND_NUMBER_MAX + 1, 422)]
)
def test_a_hand_number_is_at_most_the_bound(client, number, status):
    response = client.post("/v1/hands/validate", json=hand("mso-2000", hand_number=number))
    assert response.status_code == status
    if status == 422:
        assert errors(response) == {("/hand_number", "range")}


def test_a_games_hand_number_check_is_bounded_too(client, director):
    game = client.post(GAMES, json=new_game(), headers=director).get_json()["id"]
    response = client.post(
        f"{GAMES}/{game}/hands", json={**moon("E", 1), "hand_number": SQLITE_PAST}, headers=director
    )
    assert response.status_code == 422
    assert errors(response) == {("/hand_number", "range")}


@pytest.mark.parametrize("field", ["scores_before", "claimed"])
def test_scores_are_at_most_a_million_either_way(client, field):
    record = hand(
        "mso-2000", **{field: {"N": 10**50, "E": -bounds.SCORE_MAX - 1, "S": bounds.SCORE_MAX, "W": 0}}
    )
    response = client.post("/v1/hands/validate", json=record)
    assert response.status_code == 422
    assert errors(response) == {(f"/{field}/N", "range"), (f"/{field}/E", "range")}


def test_an_adjustment_of_ten_to_the_fifty_points_is_refused(client, director):
    """+10^50 was accepted and became the hand's score."""
    hand_id = stored_revoke(client, director)
    decision = {"ruling": 0, "action": "adjust", "director": "TD", "reason": "r"}
    url = f"/v1/hands/{hand_id}/decisions"
    response = client.post(url, json={**decision, "score_changes": {"N": 10**50}}, headers=director)
    assert response.status_code == 422
    assert errors(response) == {("/score_changes/N", "range")}
    limit = bounds.ADJUSTMENT_MAX
    response = client.post(
        url, json={**decision, "score_changes": {"N": -limit, "E": limit}}, headers=director
    )
    assert response.status_code == 201


def test_a_ruling_index_and_a_version_past_their_bounds_are_422(client, director):
    hand_id = stored_revoke(client, director)
    decision = {"ruling": SQLITE_PAST, "action": "uphold", "director": "TD", "reason": "r"}
    response = client.post(f"/v1/hands/{hand_id}/decisions", json=decision, headers=director)
    assert errors(response) == {("/ruling", "range")}
    signature = {"seat": "N", "name": "Ann", "version": bounds.VERSION_MAX + 1}
    response = client.post(f"/v1/hands/{hand_id}/signatures", json=signature, headers=director)
    assert errors(response) == {("/version", "range")}


def test_the_pages_decision_form_holds_adjustments_to_the_same_bound(client, keys, director):
    hand_id = stored_revoke(client, director, "standard")  # the revoke is referred: a form
    sign_in(client, keys["director"])
    form = {"csrf_token": CSRF, "ruling": "0", "action": "adjust", "director": "TD", "reason": "r"}
    response = client.post(f"/director/hands/{hand_id}/decisions", data={**form, "change-N": "1" + "0" * 50})
    assert response.status_code == 422
    assert "Must be greater than or equal to -10000" in response.get_data(as_text=True)


@pytest.mark.parametrize("query", ["game=abc", "game=0", "table=%00"])
def test_a_bad_inbox_filter_is_a_400_page_naming_it(client, keys, query):
    sign_in(client, keys["director"])
    response = client.get(f"/director/?{query}")
    assert response.status_code == 400
    assert query.partition("=")[0] in response.get_data(as_text=True)


def test_an_empty_inbox_filter_is_no_filter(client, keys):
    sign_in(client, keys["director"])
    assert client.get("/director/?game=&table=").status_code == 200


# --- the spec states the same bounds -------------------------------------------------------


def component(name: str) -> dict:
    return SPEC["components"]["schemas"][name]


def parameters(path: str) -> dict[str, dict]:
    """A GET operation's query parameters by name, shared ones (``$ref``) resolved."""
    found = {}
    for parameter in SPEC["paths"][path]["get"]["parameters"]:
        if "$ref" in parameter:
            parameter = SPEC["components"]["parameters"][parameter["$ref"].rsplit("/", 1)[1]]
        found[parameter["name"]] = parameter["schema"]
    return found


def test_the_spec_states_every_integer_bound():
    decision = component("DecisionRequest")["properties"]
    list_params = parameters("/v1/hands")
    stated = {
        "HAND_NUMBER_MAX": component("HandNumber")["maximum"],
        "SCORE_MAX": component("Scores")["additionalProperties"]["maximum"],
        "-SCORE_MAX": component("Scores")["additionalProperties"]["minimum"],
        "ADJUSTMENT_MAX": component("ScoreChanges")["additionalProperties"]["maximum"],
        "-ADJUSTMENT_MAX": component("ScoreChanges")["additionalProperties"]["minimum"],
        "RULING_MAX": decision["ruling"]["maximum"],
        "VERSION_MAX": component("SignatureRequest")["properties"]["version"]["maximum"],
        "ROW_ID_MAX": component("RowId")["maximum"],
        "PAGE_MAX": list_params["limit"]["maximum"],
    }
    for name, value in stated.items():
        expected = -getattr(bounds, name[1:]) if name.startswith("-") else getattr(bounds, name)
        assert value == expected, name
    assert list_params["after"]["maximum"] == bounds.ROW_ID_MAX
    games = parameters("/v1/games")
    assert (games["after"]["maximum"], games["limit"]["maximum"]) == (bounds.ROW_ID_MAX, bounds.PAGE_MAX)
    record, game_hand = component("HandRecord")["properties"], component("GameHand")["properties"]
    assert record["hand_number"] == {"$ref": "#/components/schemas/HandNumber"}
    assert {"$ref": "#/components/schemas/HandNumber"} in game_hand["hand_number"]["oneOf"]


def test_the_spec_states_every_text_length():
    stated = {
        "SEAT_MAX_LENGTH": component("Seat")["maxLength"],
        "NAME_MAX_LENGTH": component("PlayerName")["maxLength"],
        "TABLE_MAX_LENGTH": component("TableLabel")["maxLength"],
        "REASON_MAX_LENGTH": component("Reason")["maxLength"],
        "BACK_MAX_LENGTH": component("BackColour")["maxLength"],
    }
    for name, value in stated.items():
        assert value == getattr(bounds, name), name


def sign_in(client, key: str) -> None:
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    assert client.post("/director/sign-in", data={"csrf_token": CSRF, "key": key}).status_code == 302
    with client.session_transaction() as session:
        session["csrf"] = CSRF


def test_the_example_record_is_within_every_bound(client):
    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    assert client.post("/v1/hands/validate", json=record).status_code == 200


def test_the_command_line_revokes_only_key_numbers_sqlite_can_hold(app):
    result = app.test_cli_runner().invoke(args=["keys", "revoke", str(SQLITE_PAST)])
    assert result.exit_code == 2  # a usage error naming the range, not an OverflowError
    assert "9223372036854775807" in result.output
