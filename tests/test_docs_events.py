"""docs/events.md, replayed: its shell blocks run as written against a live server whose
archive already holds another club's event and a game of its own.

The page's commands once named their event (``/v1/events/1/rounds``, ``/v1/events/1/overrides``...):
on a live archive they seated, played and overrode someone else's event. Here event 1,
with its round 1 seated and a hand played, is the Monday club's, and game 1 is table 3's,
before the first block runs, so the page's event can be neither: the blocks must use the
ids the service gives them.

The blocks run in order, as one script (they share ``$AUTH``, ``$EVENT`` and the
``play_round`` the first ones define), in a scratch folder holding a copy of ``examples/``
and, as ``.venv``, the environment running the tests, against ``hearts-referee serve`` on a
free port (the only change: the page's port). What they print is checked against what the
page says they print.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from live import (
    LiveServer,
    answers,
    call,
    create_key,
    docs_checkout,
    live_server,
    page_blocks,
    replay_blocks,
    table_3_game,
)

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "events.md"

MONDAY_CLUB = {  # another event, in the archive before the page's first command
    "name": "Monday club",
    "players": ["Kai", "Lu", "Mo", "Ned", "Ola", "Pip", "Quin", "Rex"],
    "format": {"base": "mso-2000", "options": {"random_rounds": 1, "playoff_qualifiers": 4}},
}


def section() -> str:
    return PAGE.read_text(encoding="utf-8")


def blocks() -> list[str]:
    return page_blocks(PAGE)


def busy_archive(server: LiveServer, key: str) -> tuple[int, int]:
    """Table 3's game (one hand), then the Monday club's event with round 1 seated and one
    hand played at its table 1: game 1 and event 1, and the event's games 2 and 3."""
    hand = {"hand_number": 1, "points": {"N": 3, "E": 10, "S": 13, "W": 0}}
    table_3 = table_3_game(server, key, [hand["points"]])
    monday = call(server, key, "POST", "/v1/events", MONDAY_CLUB)
    seated = call(server, key, "POST", f"/v1/events/{monday['id']}/rounds", {"seed": 3})
    call(server, key, "POST", f"/v1/games/{seated['tables'][0]['game_id']}/hands", hand)
    return table_3, monday["id"]


def as_seen(server: LiveServer, key: str, event_id: int, game_id: int) -> dict[str, Any]:
    """Everything of the other club's that the page could touch: its event, its log, and
    the games of its round 1 and of table 3."""
    event = call(server, key, "GET", f"/v1/events/{event_id}")
    games = [t["game_id"] for r in event["rounds"] for t in r["tables"]] + [game_id]
    return {
        "event": event,
        "log": call(server, key, "GET", f"/v1/events/{event_id}/log"),
        "games": {game: call(server, key, "GET", f"/v1/games/{game}") for game in games},
    }


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = docs_checkout(tmp_path_factory.mktemp("events-docs"))
    with live_server(folder, workers=1) as server:
        key = create_key(server, "director", "The Monday club's director")
        table_3, monday = busy_archive(server, key)
        before = as_seen(server, key, monday, table_3)
        shown = answers(replay_blocks(server, blocks()))
        return {
            "answers": shown,
            "monday": monday,
            "before": before,
            "after": as_seen(server, key, monday, table_3),
            "event": call(server, key, "GET", f"/v1/events/{shown[0]['id']}"),
        }


def test_the_event_page_has_its_blocks():
    assert len(blocks()) == 5


def test_the_pages_commands_leave_the_other_clubs_event_as_it_was(replayed):
    """The failure: the page seated, played and overrode `/v1/events/1`, the Monday club's."""
    before, after = replayed["before"], replayed["after"]
    assert after == before
    (round_1,) = after["event"]["rounds"]
    assert (round_1["number"], round_1["seed"], after["event"]["status"]) == (1, 3, "playing")
    assert [kind["kind"] for kind in after["log"]["entries"]] == ["created", "round_seated"]
    assert sorted(len(game["hands"]) for game in after["games"].values()) == [0, 1, 1]


def test_the_pages_commands_use_the_ids_the_service_gave_them(replayed):
    event, monday = replayed["event"], replayed["monday"]
    assert event["id"] != monday and event["name"] == "Tuesday club"
    others = set(replayed["before"]["games"])
    pages = {t["game_id"] for r in event["rounds"] for t in r["tables"]}
    assert len(pages) == 5 and not pages & others  # round 1, round 2 after the swap, the final
    assert [(r["number"], r["kind"], r["complete"]) for r in event["rounds"]] == [
        (1, "random", True),
        (2, "swiss", True),
        (3, "playoff", True),
    ]


def test_the_event_is_created_with_its_house_format(replayed):
    created = replayed["answers"][0]
    assert created["status"] == "registering" and created["rules"]["playoff_qualifiers"] == 4
    assert [p["name"] for p in created["players"]][:2] == ["Ann", "Bo"]


def test_round_one_is_seated_from_seed_seven_as_the_page_shows(replayed):
    first = replayed["answers"][1]
    assert (first["number"], first["kind"], first["seed"], first["repeats"]) == (1, "random", 7, 0)
    north = first["tables"][0]["seats"][0]
    assert (north["seat"], north["player"], north["name"]) == ("N", 7, "Gus")


def test_the_standings_after_round_one_are_the_pages(replayed):
    standings = replayed["answers"][2]["standings"]
    assert [(s["rank"], s["name"], s["match_points"]) for s in standings[:3]] == [
        (1, "Ann", 5),
        (2, "Gus", 5),
        (3, "Bo", 2),
    ]


def test_the_swiss_round_then_the_swap_then_the_final_and_its_winner(replayed):
    swiss, swapped, final, event, log = replayed["answers"][3:8]
    names = [s["name"] for s in swiss["tables"][0]["seats"]]
    assert swiss["kind"] == "swiss" and names == ["Ann", "Gus", "Bo", "Cy"]
    after = swapped["rounds"][1]["tables"]
    assert [s["name"] for s in after[0]["seats"]] == ["Ann", "Gus", "Ed", "Cy"]
    assert not {t["game_id"] for t in after} & {t["game_id"] for t in swiss["tables"]}  # new games
    assert final["kind"] == "playoff" and final["final"]
    assert event["status"] == "over" and event["winners"] == [1]
    assert log["ok"] and [e["kind"] for e in log["entries"]][3] == "override"


def test_the_page_quotes_what_the_service_answers(replayed):
    """The answers the page prints in full are the service's, field for field and in order."""
    page = section()
    created, first, after_round_1 = replayed["answers"][:3]
    standings = after_round_1["standings"]
    for quoted in (created["players"][0], first["tables"][0]["seats"][0], standings[0], standings[2]):
        assert json.dumps(quoted) in page, quoted
    assert '"playoff_qualifiers": 4' in page and '"seed": 7, "repeats": 0' in page
