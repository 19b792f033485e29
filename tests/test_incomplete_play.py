"""RULES, incomplete play: a hand whose play stops early, with no claim or concession covering
the rest, cannot be scored, and never counts silently.

Outside a game (the one call, ``POST /v1/hands/validate``, the bulk audit) it is a hand in
progress: ``complete: false`` and a ``play_incomplete`` ruling, referred, naming the trick where
play stopped. In a game it is refused on every face (``POST /v1/games/{id}/hands``,
``POST /v1/games/validate``, the director's hand form) with ``play_incomplete`` at ``/play/-``,
and nothing is stored; one stored before that rule is its own verdict in a re-audit.

The hand used throughout is the README's MSO revoke with its last five cards not played: play
stops in trick 12 with 2 tricks (5 cards) to go, E to play the fourth card of trick 12.
"""

from __future__ import annotations

import copy
import csv
import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from entry_forms import field_problems, hand_form
from games import PLAYERS, SEATS, moon, new_game
from hands import claim, hand, play_out
from test_pages import CSRF, sign_in
from test_reaudit import invoke, run

from hearts_referee import VARIANTS, archive, usecases, validate_hand
from hearts_referee.archive import Placement
from hearts_referee.batch.recheck import recheck_data
from hearts_referee.batch.summary import ExitStatus
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.schemas.record import load_record
from hearts_referee.usecases import Role, games, hands, keys
from playout import build_hand, random_long_john_hand, random_omnibus_hand

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text(encoding="utf-8"))
GAME_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text(encoding="utf-8"))

STOPPED = {**REVOKE, "play": REVOKE["play"][:47]}
"""The revoke hand with its last five cards not played (E was to play the fourth card of trick 12)."""
GAME_STOPPED = {**GAME_HAND, "play": GAME_HAND["play"][:47]}
"""Hand 1 of a game, the same cards, stopped at the same place."""

HANDS_OF: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "standard": lambda rng: build_hand(rng, "standard", 1),
    "mso-2000": lambda rng: build_hand(rng, "mso-2000", 1),
    "long-john": random_long_john_hand,
    "omnibus-kitty": random_omnibus_hand,
}
"""A whole legal hand of each variant, from ``playout`` (a new variant needs one here)."""


def in_progress(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in result["rulings"] if r["code"] == "play_incomplete"]


# --- outside a game: a hand in progress, saying so --------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_incomplete_play_a_hand_stopped_halfway_is_in_progress_under_every_variant(variant: str):
    assert variant in HANDS_OF, f"give tests/test_incomplete_play.py a whole {variant} hand"
    record = HANDS_OF[variant](random.Random(3))
    assert in_progress(validate_hand(record)) == []  # the whole hand is not in progress
    seats = len(record["seats"])
    cut = len(record["play"]) // 2 + 1
    record["play"] = record["play"][:cut]
    result = validate_hand(record)
    (ruling,) = in_progress(result)
    assert result["complete"] is False
    assert (ruling["status"], ruling["penalty"], ruling["card"]) == ("referred", None, None)
    assert ruling["rule"] == f"{variant}/scoring" and ruling["seat"] in record["seats"]
    assert ruling["trick"] == cut // seats + 1
    assert (
        f"The play stops at trick {ruling['trick']}, with {ruling['seat']} to play" in ruling["explanation"]
    )
    assert ruling["explanation"].endswith("Referred to the director.")


def test_incomplete_play_the_ruling_names_the_trick_the_seat_to_play_and_what_is_left():
    result = validate_hand(STOPPED)
    (ruling,) = in_progress(result)
    assert (ruling["seat"], ruling["trick"]) == ("E", 12)
    assert "2 of the 13 tricks (5 cards) are not played out" in ruling["explanation"]
    assert ruling["suggestion"] == "record the rest of the play, or a claim or concession for it"
    assert [r["code"] for r in result["rulings"]][:2] == ["revoke", "play_incomplete"]  # in table order


def test_incomplete_play_one_card_left_reads_in_the_singular():
    result = validate_hand({**REVOKE, "play": REVOKE["play"][:51]})
    (ruling,) = in_progress(result)
    assert "1 of the 13 tricks (1 card) is not played out" in ruling["explanation"]


def test_incomplete_play_a_hand_played_to_the_end_is_not_in_progress():
    assert in_progress(validate_hand(REVOKE)) == [] and validate_hand(REVOKE)["complete"] is True


def test_incomplete_play_a_claim_of_every_remaining_trick_covers_the_rest():
    """W holds every club and has taken ten tricks: claiming the last three ends the hand."""
    held = {
        "N": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "E": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "S": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "W": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    }
    play = play_out("", held).split()[:40]
    result = validate_hand(hand("standard", held=held, play=[*play, claim("W", "QC KC AC")]))
    assert result["complete"] is True and in_progress(result) == []


def test_incomplete_play_a_concession_is_a_claim_for_the_director_not_a_hand_in_progress():
    conceded = {**STOPPED, "play": [*STOPPED["play"], {"seat": "E", "claims": {"what": "concede"}}]}
    result = validate_hand(conceded)
    assert in_progress(result) == [] and "claim" in [r["code"] for r in result["rulings"]]


def test_incomplete_play_the_api_validates_a_hand_in_progress_with_its_ruling(client):
    response = client.post("/v1/hands/validate", json=STOPPED)
    assert response.status_code == 200
    body = response.get_json()
    assert body["complete"] is False and [r["trick"] for r in in_progress(body)] == [12]


def test_incomplete_play_the_check_page_shows_the_hand_in_progress_and_its_ruling(client):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(STOPPED)})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Play incomplete" in page and "The play stops at trick 12, with E to play" in page


# --- in a game: refused, on every face, and nothing stored --------------------------------------


def test_incomplete_play_a_game_refuses_the_hand_at_the_end_of_play_and_stores_nothing(
    client, as_role, problem
):
    director = as_role("director")
    assert client.post("/v1/games", json=new_game(), headers=director).status_code == 201
    body = problem(client.post("/v1/games/1/hands", json=GAME_STOPPED, headers=director), 422)
    assert body["type"] == "/docs#problem-rejected"
    (error,) = body["errors"]
    assert (error["pointer"], error["code"]) == ("/play/-", "play_incomplete")
    for said in (
        "trick 12 (E to play)",
        "2 tricks (5 cards) unplayed",
        "a claim or a concession",
        "score-only",
    ):
        assert said in error["message"]
    assert client.get("/v1/games/1", headers=director).get_json()["hands"] == []
    assert client.post("/v1/games/1/hands", json=GAME_HAND, headers=director).status_code == 201


def test_incomplete_play_a_recorded_game_is_refused_at_the_hand_stopped_early(client, problem):
    stopped = copy.deepcopy(moon("W", 2))
    stopped["play"] = stopped["play"][:30]
    body = problem(client.post("/v1/games/validate", json=new_game(hands=[moon("E", 1), stopped])), 422)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/hands/1/play/-", "play_incomplete")]


def test_incomplete_play_the_hand_form_refuses_it_under_the_tricks_and_keeps_what_was_typed(client, keys):
    sign_in(client, keys, "director")
    client.post("/director/games/new", data={"csrf_token": CSRF, **_game_form()})
    form = hand_form(GAME_STOPPED, SEATS)
    response = client.post("/director/games/1/hands", data={"csrf_token": CSRF, "hand_number": "1"} | form)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "the play stops at trick 12 (E to play)" in field_problems(html, "tricks")
    assert form["tricks"].splitlines()[-1] in html and f'value="{form["deal-0"]}"' in html
    assert client.get("/director/games/1").get_data(as_text=True).count("No hand yet") == 1


def _game_form() -> dict[str, str]:
    return {
        "variant": "mso-2000",
        **{f"seat-{i}": seat for i, seat in enumerate(SEATS)},
        **{f"player-{i}": name for i, name in enumerate(("Ann", "Bo", "Cy", "Di"))},
        "first_dealer": "W",
        "table": "7",
    }


# --- the archive re-audit: a game hand stored in progress is its own verdict ---------------------


@pytest.fixture
def stored_in_progress(tmp_path) -> tuple[Path, int]:
    """An archive whose game took the stopped hand as its hand 1, as it could before the rule:
    stored through the archive itself (the use case now refuses it), so its chain holds."""
    file = tmp_path / "archive.sqlite"
    db = usecases.open_archive(file)
    td = keys.create_key(db, keys.OPERATOR, "Chief TD", Role.DIRECTOR)[0]
    record = load_record(STOPPED)
    game = games.start_game(db, td, GameSetup(record.variant, SEATS, "W", "7", dict(PLAYERS)))
    audit = dataclasses.replace(hands.audit_record(record), engine_version="0.0.9")
    place = Placement(game.id, 1, "7")
    stored, _ = archive.store_hand(db, "early", record, audit, signers=frozenset(), place=place, by=None)
    db.close()
    return file, stored.id


def test_incomplete_play_a_game_hand_stored_in_progress_is_reported_as_such_and_exits_2(stored_in_progress):
    file, hand_id = stored_in_progress
    (result,), summary = run(file)
    assert result.hand_id == hand_id and result.incomplete is not None
    assert (result.incomplete.pointer, result.incomplete.code) == ("/play/-", "play_incomplete")
    line = recheck_data(result)
    assert line["incomplete"]["code"] == "play_incomplete"
    assert (summary.incomplete, summary.unchanged, summary.changed, summary.unreadable) == (1, 0, 0, 0)
    assert summary.as_dict()["incomplete_hands"][0]["hand_id"] == hand_id
    assert summary.exit_status() == ExitStatus.REJECTED


def test_incomplete_play_the_re_audit_command_lists_the_hand_in_progress(stored_in_progress):
    file, hand_id = stored_in_progress
    result = invoke(file, "--archive", str(file), "-o", "-")
    assert result.exit_code == ExitStatus.REJECTED, result.output
    assert "game hands with play incomplete" in result.stderr
    assert f"hand {hand_id} /play/-: the play stops at trick 12" in result.stderr


def test_incomplete_play_a_hand_stored_on_its_own_is_not_a_game_hand_in_progress(tmp_path):
    """Outside a game a hand in progress is held open by its referred ruling, not refused."""
    db = usecases.open_archive(tmp_path / "archive.sqlite")
    scorer = keys.create_key(db, keys.OPERATOR, "Ann", Role.SCORER)[0]
    stored, _ = hands.submit_hand(db, scorer, load_record(STOPPED))
    assert stored.state.open
    db.close()
    (result,), summary = run(tmp_path / "archive.sqlite")
    assert result.incomplete is None and summary.unchanged == 1


# --- the bulk audit: the result line says so ------------------------------------------------------


@pytest.fixture
def cli(tmp_path: Path) -> Any:
    from hearts_referee.app import create_app

    runner = create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.db")}).test_cli_runner()
    return lambda *args: runner.invoke(args=["audit", *args])


def test_incomplete_play_the_bulk_audit_line_carries_the_ruling_and_the_csv_counts_it(cli, tmp_path):
    path = tmp_path / "stopped.ndjson"
    path.write_text(json.dumps(STOPPED) + "\n", encoding="utf-8")
    table = tmp_path / "hands.csv"
    result = cli(str(path), "-q", "--csv", str(table))
    assert result.exit_code == ExitStatus.FINDINGS
    (line,) = [json.loads(text) for text in result.stdout.splitlines() if text.startswith("{")]
    audit = line["audit"]
    assert audit["complete"] is False and "play_incomplete" in [r["code"] for r in audit["rulings"]]
    (row,) = list(csv.DictReader(table.read_text(encoding="utf-8").splitlines()))
    assert row["status"] != "clean" and "play_incomplete:1" in row["rulings"]


def test_incomplete_play_the_games_page_shows_the_refusal_the_api_gives(client, as_role):
    """docs/games.md's example of a hand stopped early, answered as the page says."""
    page = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
    assert "jq '.play |= .[:47]' examples/mso-game-hand.json" in page
    director = as_role("director")
    client.post("/v1/games", json=new_game(), headers=director)
    body = client.post("/v1/games/1/hands", json=GAME_STOPPED, headers=director).get_json()
    (error,) = body["errors"]
    assert f'"detail": {json.dumps(body["detail"])}' in page
    assert '"pointer": "/play/-", "code": "play_incomplete"' in page
    assert f'"message": {json.dumps(error["message"])}' in page
