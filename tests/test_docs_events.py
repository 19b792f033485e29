"""docs/events.md, replayed: its shell blocks run as written against a live server.

The blocks run in order, as one script (they share the shell variables and
``play_round`` the first ones define), in a scratch folder holding a copy of
``examples/`` and, as ``.venv``, the environment running the tests, against
``hearts-referee serve`` on a free port (the only change: the page's port).
What they print is checked against what the page says they print.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from live import live_server

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "events.md"


def section() -> str:
    return PAGE.read_text(encoding="utf-8")


def blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", section(), flags=re.S)


def answers(out: str) -> list[dict]:
    """Every JSON document the blocks printed, in order."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while (start := out.find("{", at)) != -1:
        value, at = decoder.raw_decode(out, start)
        found.append(value)
    return found


@pytest.fixture(scope="module")
def replayed(tmp_path_factory) -> list[dict]:
    folder = tmp_path_factory.mktemp("events-docs")
    shutil.copytree(ROOT / "examples", folder / "examples")
    (folder / ".venv").symlink_to(sys.prefix)  # the page's .venv/bin/hearts-referee: this one
    with live_server(folder, workers=1) as server:
        script = "\n".join(blocks()).replace("http://127.0.0.1:5000", server.base)
        done = subprocess.run(
            ["bash", "-e", "-c", script],
            cwd=folder,
            env=server.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert done.returncode == 0, done.stderr
    return answers(done.stdout)


def test_the_event_page_has_its_blocks():
    assert len(blocks()) == 5


def test_the_event_is_created_with_its_house_format(replayed):
    created = replayed[0]
    assert created["status"] == "registering" and created["rules"]["playoff_qualifiers"] == 4
    assert [p["name"] for p in created["players"]][:2] == ["Ann", "Bo"]


def test_round_one_is_seated_from_seed_seven_as_the_page_shows(replayed):
    first = replayed[1]
    assert (first["number"], first["kind"], first["seed"], first["repeats"]) == (1, "random", 7, 0)
    north = first["tables"][0]["seats"][0]
    assert (north["seat"], north["player"], north["name"]) == ("N", 7, "Gus")


def test_the_standings_after_round_one_are_the_pages(replayed):
    standings = replayed[2]["standings"]
    assert [(s["rank"], s["name"], s["match_points"]) for s in standings[:3]] == [
        (1, "Ann", 5),
        (2, "Gus", 5),
        (3, "Bo", 2),
    ]


def test_the_swiss_round_then_the_swap_then_the_final_and_its_winner(replayed):
    swiss, swapped, final, event, log = replayed[3:8]
    names = [s["name"] for s in swiss["tables"][0]["seats"]]
    assert swiss["kind"] == "swiss" and names == ["Ann", "Gus", "Bo", "Cy"]
    after = [s["name"] for s in swapped["rounds"][1]["tables"][0]["seats"]]
    assert after == ["Ann", "Gus", "Ed", "Cy"] and swapped["rounds"][1]["tables"][0]["game_id"] == 5
    assert final["kind"] == "playoff" and final["final"]
    assert event["status"] == "over" and event["winners"] == [1]
    assert log["ok"] and [e["kind"] for e in log["entries"]][3] == "override"


def test_the_page_quotes_what_the_service_answers(replayed):
    """The answers the page prints in full are the service's, field for field and in order."""
    page = section()
    created, first, standings = replayed[0], replayed[1], replayed[2]["standings"]
    for quoted in (created["players"][0], first["tables"][0]["seats"][0], standings[0], standings[2]):
        assert json.dumps(quoted) in page, quoted
    assert '"playoff_qualifiers": 4' in page and '"seed": 7, "repeats": 0' in page
