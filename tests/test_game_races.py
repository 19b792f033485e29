"""A game's next hand racing a director's change to an earlier hand of the game.

RULES (a game's totals): every hand of a game stands on the totals of the hands before
it, and counts only while the game has not ended before it. When a director changes an
earlier hand (an irregularity recorded on a score-only hand, a new record), the later
hands stored by then are re-audited on the new totals; a hand appended at the same
moment must be either one of those (stored first, then followed) or scored on the new
totals (stored after), never on the totals from before the change, and never taken
once the change has ended the game.

Each race is run many times. In each run the scorer's append reads the game and then,
while it audits, gives the director's request up to ``WINDOW`` seconds to commit: where
the append reads outside its write transaction, the director commits inside that window
and the append stores stale totals; where it reads inside, the director waits for it.
After every run the whole game is checked against its own scoresheet.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from games import new_game

from hearts_referee import archive, usecases
from hearts_referee.rulings.scoresheet import scoresheet
from hearts_referee.usecases.games import standing_record

GAMES = "/v1/games"
RUNS = 8
WINDOW = 0.25
"""Seconds the scorer's append waits, between reading and storing, for the director."""


def line(number: int) -> dict[str, int]:
    """Hand ``number`` of the game's first eight: S takes 12 hearts, E the 13th, Q♠ goes to N
    on odd hands and W on even ones. Eight leave N 52, E 8, S 96, W 52 under mso-2000; a
    revoke by S on hand 1 (+26) ends the game after hand 7, whose 12 card points take S
    from 98 to 110."""
    queen = "N" if number % 2 else "W"
    return {"N": 0, "E": 1, "S": 12, "W": 0} | {queen: 13}


def start_with_eight_hands(client: Any, scorer: dict[str, str]) -> tuple[int, int]:
    """A scorer's mso-2000 game of eight score-only hands: its id and hand 1's id."""
    game = client.post(GAMES, json=new_game("mso-2000"), headers=scorer).get_json()
    first = None
    for number in range(1, 9):
        sent = {"hand_number": number, "points": line(number)}
        response = client.post(f"{GAMES}/{game['id']}/hands", json=sent, headers=scorer)
        assert response.status_code == 201, response.get_json()
        first = first or response.get_json()["id"]
    assert first is not None
    return game["id"], first


Request = tuple[str, dict[str, Any], dict[str, str]]
"""A POST request: its path, its JSON body and its headers."""


def race(app: Any, monkeypatch: pytest.MonkeyPatch, append: Request, change: Request) -> tuple[int, int]:
    """Send ``append`` (the scorer's) and ``change`` (the director's) at once, the change
    sent once the append has read the game; their statuses."""
    has_read, changed = threading.Event(), threading.Event()
    real = usecases.games.audit_record

    def audit_with_a_window(record: Any, *language: Any) -> Any:
        if threading.current_thread().name == "scorer":
            has_read.set()
            changed.wait(WINDOW)
        return real(record, *language)

    monkeypatch.setattr(usecases.games, "audit_record", audit_with_a_window)
    statuses: dict[str, int] = {}

    def post(request: Request) -> int:
        path, body, headers = request
        return int(app.test_client().post(path, json=body, headers=headers).status_code)

    def scorer() -> None:
        statuses["scorer"] = post(append)
        has_read.set()

    def director() -> None:
        has_read.wait(10)
        statuses["director"] = post(change)
        changed.set()

    threads = [threading.Thread(target=scorer, name="scorer"), threading.Thread(target=director)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    monkeypatch.setattr(usecases.games, "audit_record", real)
    return statuses["scorer"], statuses["director"]


def assert_every_hand_stands_on_the_game_s_totals(db: Any, game_id: int) -> None:
    """Each hand's standing totals before it, and whether it counts, are the game's."""
    game = archive.get_game(db, game_id)
    setup = game.setup
    for position, hand in enumerate(game.hands):
        sheet = scoresheet(setup.variant, setup.seats, game.lines[:position])
        state = hand.state
        counts = state.consequences[-1].counts if state.consequences else True
        before = dict(standing_record(hand).scores_before or {})
        assert (before, counts) == (dict(sheet.totals), sheet.ended_after is None), (
            f"hand {hand.hand_number} of game {game_id} stands on {before} (counts: {counts}); "
            f"the game's totals before it are {dict(sheet.totals)} (ended after {sheet.ended_after})"
        )


CHANGES = {
    "irregularity": (
        "irregularities",
        {"code": "revoke", "seat": "N", "director": "Chief TD", "reason": "E saw it"},
    ),
    "new_record": (
        "records",
        {
            "record": {"hand_number": 1, "points": {"N": 0, "E": 1, "S": 12, "W": 13}},
            "director": "Chief TD",
            "reason": "the table's scoresheet, read again",
        },
    ),
}
"""A director's change to hand 1 that moves the totals before every later hand: the
endpoint under ``/v1/hands/{id}/`` and its body."""


@pytest.mark.parametrize("change", list(CHANGES))
def test_an_append_racing_a_director_s_change_to_an_earlier_hand_never_stores_stale_totals(
    change, app, client, scorer, director, db, monkeypatch
):
    endpoint, body = CHANGES[change]
    for _ in range(RUNS):
        game_id, first = start_with_eight_hands(client, scorer)
        ninth = {"hand_number": 9, "points": {"N": 26, "E": 0, "S": 0, "W": 0}}
        appended, changed = race(
            app,
            monkeypatch,
            (f"{GAMES}/{game_id}/hands", ninth, scorer),
            (f"/v1/hands/{first}/{endpoint}", body, director),
        )
        assert (appended, changed) == (201, 201)
        assert_every_hand_stands_on_the_game_s_totals(db, game_id)


def test_a_hand_appended_as_a_director_s_change_ends_the_game_is_never_stored_after_the_end(
    app, client, scorer, director, db, monkeypatch
):
    """The revoke on hand 1 ends the game after hand 7. The ninth hand is either stored
    before it (and then no longer counts, its log saying why) or refused 409 game_over."""
    for _ in range(RUNS):
        game_id, first = start_with_eight_hands(client, scorer)
        ninth = {"hand_number": 9, "points": {"N": 26, "E": 0, "S": 0, "W": 0}}
        report = {"code": "revoke", "seat": "S", "director": "Chief TD", "reason": "E saw it"}
        appended, recorded = race(
            app,
            monkeypatch,
            (f"{GAMES}/{game_id}/hands", ninth, scorer),
            (f"/v1/hands/{first}/irregularities", report, director),
        )
        assert recorded == 201 and appended in (201, 409)
        game = archive.get_game(db, game_id)
        assert game.sheet.ended_after == 7
        assert_every_hand_stands_on_the_game_s_totals(db, game_id)
        if appended == 201:
            ninth_stored = game.hands[8]
            (followed,) = ninth_stored.state.consequences
            assert followed.counts is False


def test_the_game_over_race_answers_409_game_over_when_the_change_came_first(client, scorer, director, db):
    """The same hand sent after the director's revoke ended the game: 409, nothing stored."""
    game_id, first = start_with_eight_hands(client, scorer)
    report = {"code": "revoke", "seat": "S", "director": "Chief TD", "reason": "E saw it"}
    assert client.post(f"/v1/hands/{first}/irregularities", json=report, headers=director).status_code == 201
    ninth = {"hand_number": 9, "points": {"N": 26, "E": 0, "S": 0, "W": 0}}
    response = client.post(f"{GAMES}/{game_id}/hands", json=ninth, headers=scorer)
    assert response.status_code == 409
    assert [e["code"] for e in response.get_json()["errors"]] == ["game_over"]
    assert len(archive.get_game(db, game_id).hands) == 8


def test_verify_names_a_hand_stored_on_stale_totals_by_an_earlier_release(client, scorer, director, db):
    """What the race left in archives before the fix: hand 9 stored on the totals from before
    the director's revoke on hand 1. Its chain is intact, so only the game can show it."""
    from hearts_referee.schemas.game import load_game_hand
    from hearts_referee.usecases.games import next_hand

    game_id, first = start_with_eight_hands(client, scorer)
    before_the_revoke = archive.get_game(db, game_id)
    report = {"code": "revoke", "seat": "N", "director": "Chief TD", "reason": "E saw it"}
    assert client.post(f"/v1/hands/{first}/irregularities", json=report, headers=director).status_code == 201
    ninth = load_game_hand({"hand_number": 9, "points": {"N": 0, "E": 26, "S": 0, "W": 0}})
    stale = next_hand(before_the_revoke.setup, before_the_revoke.lines, ninth)
    stored, _ = archive.store_hand(
        db,
        "stale-ninth",
        stale.record,
        stale.audit,
        signers=before_the_revoke.setup.signers,
        place=archive.Placement(game_id, 9, None),
        by=None,
    )
    checked = client.get(f"/v1/hands/{stored.id}/verify", headers=director).get_json()
    assert checked["ok"] is False
    assert [(p["entry"], p["code"]) for p in checked["problems"]] == [(1, "stale_totals")]
    assert "N 52, E 8, S 96, W 52" in checked["problems"][0]["message"]  # what it stands on
    assert "N 78, E 8, S 96, W 52" in checked["problems"][0]["message"]  # what the game gives
    eighth = archive.get_game(db, game_id).hands[7]
    assert client.get(f"/v1/hands/{eighth.id}/verify", headers=director).get_json()["ok"] is True
