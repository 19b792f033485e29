"""docs/notation-examples.md, as the page promises: every ```hrn block reads with no
diagnostic, is written back to exactly itself, and gets the referee's answer the page gives
below it (a revoke, a claim, a long-john hand with a cancelled trick, a score-only hand)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hearts_referee import validate_hand
from hearts_referee.schemas import hrn

PAGE = Path(__file__).resolve().parent.parent / "docs" / "notation-examples.md"


def blocks() -> list[str]:
    return re.findall(r"^```hrn\n(.*?)^```", PAGE.read_text(encoding="utf-8"), flags=re.S | re.M)


def answer(number: int) -> dict[str, Any]:
    (record,) = hrn.read(blocks()[number]).records
    return validate_hand(record)


@pytest.mark.parametrize("number", range(len(blocks())))
def test_every_example_reads_clean_and_writes_back_to_itself(number: int):
    reading = hrn.read(blocks()[number])
    assert reading.diagnostics == [] and all(hand.complete for hand in reading.hands)
    assert hrn.write_hands([(hand.record, hand.tags) for hand in reading.hands]) == blocks()[number]


def test_the_page_has_its_four_examples():
    assert len(blocks()) == 4


def test_the_revoke_is_s_discarding_a_spade_on_trick_2_with_a_diamond_kept():
    result = answer(0)
    assert [(r["code"], r["seat"], r["trick"], r["card"], r["penalty"]) for r in result["rulings"]] == [
        ("revoke", "S", 2, "8S", {"points": 26})
    ]
    assert result["points"] == {"N": 5, "E": 21, "S": 0, "W": 0}
    assert result["score"] == {"N": 5, "E": 21, "S": 26, "W": 0}


def test_the_claim_of_the_last_three_tricks_holds_and_takes_the_hearts_left():
    result = answer(1)
    assert [(r["code"], r["seat"], r["trick"]) for r in result["rulings"]] == [("claim", "E", 11)]
    assert "wins every remaining trick against any defence" in result["rulings"][0]["explanation"]
    assert result["complete"] and result["score"] == {"N": 0, "E": 25, "S": 1, "W": 0}


def test_the_long_john_hand_cancels_trick_6_to_the_middle_and_f_collects_it_with_trick_7():
    result = answer(2)
    assert result["rulings"] == []
    tricks = {trick["number"]: trick for trick in result["tricks"]}
    assert (tricks[1]["cancelled"], tricks[1]["taken_by"]) == (["4C", "4C", "AC", "AC"], "C")
    assert (tricks[6]["cancelled"], tricks[6]["to_middle"], tricks[6]["taken_by"]) == (
        ["7S", "7S"],
        True,
        "F",
    )
    assert tricks[7]["collects"] == [6]
    assert result["kitty"] == {"cards": ["AS", "AS"], "taken_by": "D", "trick": 2}
    assert result["pass_direction"] == "right"
    assert result["score"] == {"C": 7, "D": 20, "E": 1, "F": 5, "A": 16, "B": 3}


def test_the_score_only_moon_written_against_the_shooter_is_one_question_for_the_director():
    result = answer(3)
    assert not result["refereed"] and result["moon"]["seat"] == "N"
    assert result["score"] == {"N": 0, "E": 26, "S": 26, "W": 26}
    assert [(r["code"], r["seat"]) for r in result["rulings"]] == [("score_mismatch", s) for s in "NESW"]
    assert "The written scores add up to 26; the validated ones to 78." in result["rulings"][0]["explanation"]
