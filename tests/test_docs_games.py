"""docs/games.md, replayed: its shell blocks run as written against a live server whose
archive already holds other tables' games.

The page's commands once named their ids (``/v1/games/1/hands``, ``/v1/hands/1``...): on a
live archive they stored the page's hand, with 201, as hand 4 of a real game, and the
decisions and signatures that followed landed on that game's hands. Here games 1 and 2
and hands 1 to 4 belong to table 3 before the first block runs, so the page's game can
be none of them: the blocks must use the ids the service gives them.

The blocks run in order, as one script (they share ``$AUTH``, ``$GAME``, ``$HAND``...),
in a scratch folder holding a copy of ``examples/`` and, as ``.venv``, the environment
running the tests, against ``hearts-referee serve`` on a free port (the only change: the
page's port). What they answer is checked against what the page says they answer.
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
PAGE = ROOT / "docs" / "games.md"

TABLE_3 = [  # another table's scoresheet, in the archive before the page's first command
    {"N": 3, "E": 10, "S": 13, "W": 0},
    {"N": 0, "E": 13, "S": 13, "W": 0},
    {"N": 8, "E": 5, "S": 0, "W": 13},
]


def section() -> str:
    return PAGE.read_text(encoding="utf-8")


def blocks() -> list[str]:
    return page_blocks(PAGE)


def table_3(server: LiveServer, key: str) -> list[int]:
    """Two games of table 3, the first with three hands and the second with one: ids 1 and 2."""
    return [table_3_game(server, key, hands) for hands in (TABLE_3, TABLE_3[:1])]


def as_seen(server: LiveServer, key: str, game_id: int) -> list[tuple[int, int, int]]:
    """A game's hands: (hand id, number, version)."""
    game = call(server, key, "GET", f"/v1/games/{game_id}")
    return [(h["hand_id"], h["hand_number"], h["version"]) for h in game["hands"]]


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = docs_checkout(tmp_path_factory.mktemp("games-docs"))
    with live_server(folder, workers=1) as server:
        key = create_key(server, "director", "Table 3's director")
        others = table_3(server, key)
        before = {game: as_seen(server, key, game) for game in others}
        printed = replay_blocks(server, blocks())
        after = {game: as_seen(server, key, game) for game in others}
        shown = answers(printed)
        table_7, table_9 = shown[0]["id"], next(a["id"] for a in shown if a.get("table") == "9")
        return {
            "answers": shown,
            "before": before,
            "after": after,
            "table_7": call(server, key, "GET", f"/v1/games/{table_7}"),
            "table_9": call(server, key, "GET", f"/v1/games/{table_9}"),
            "table_8": call(server, key, "GET", "/v1/games?table=8")["games"],
        }


def test_the_pages_commands_leave_the_other_tables_games_as_they_were(replayed):
    """The failure: the page's hand went to `/v1/games/1/hands`, a real game of the archive."""
    assert replayed["before"] == replayed["after"]
    assert [len(hands) for hands in replayed["after"].values()] == [3, 1]
    assert all(version == 1 for hands in replayed["after"].values() for _, _, version in hands)


def test_the_pages_commands_use_the_ids_the_service_gave_them(replayed):
    table_7, table_9 = replayed["table_7"], replayed["table_9"]
    assert table_7["id"] not in replayed["before"] and table_9["id"] not in replayed["before"]
    (hand,) = table_7["hands"]
    assert (hand["hand_number"], hand["version"], hand["status"]) == (1, 2, "final")
    assert hand["hand_id"] > 4  # hands 1 to 4 are table 3's
    stored = replayed["answers"][1]
    assert (stored["id"], stored["status"], stored["score"]) == (
        hand["hand_id"],
        "open",
        {"N": 26, "E": 8, "S": 2, "W": 16},
    )


def test_the_session_at_table_7_ends_as_the_page_shows(replayed):
    table_7, page = replayed["table_7"], section()
    assert f'"totals": {json.dumps(table_7["totals"])}' in page
    assert '"next_hand": ' + json.dumps(table_7["next_hand"]) in page
    refused = [a for a in replayed["answers"] if a.get("status") == 409]
    assert [a["errors"][0]["code"] for a in refused] == ["same_decision", "game_not_over"]


def test_table_9s_scoresheet_ends_as_the_page_shows(replayed):
    table_9, page = replayed["table_9"], section()
    assert f'"totals": {json.dumps(table_9["totals"])}' in page
    shown = [(h["hand_number"], h["version"], h["refereed"]) for h in table_9["hands"]]
    assert shown == [(1, 2, False), (2, 3, True), (3, 3, False)]


def test_the_hand_stopped_early_is_refused_as_the_page_shows(replayed):
    (refused,) = [a for a in replayed["answers"] if a.get("status") == 422]
    assert [(e["pointer"], e["code"]) for e in refused["errors"]] == [("/play/-", "play_incomplete")]
    assert [h["hand_number"] for h in replayed["table_7"]["hands"]] == [1]
    assert [game["hands"] for game in replayed["table_8"]] == [0]  # nothing stored
