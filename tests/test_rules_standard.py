"""The common four-player game, one test per clause (``standard/<clause>``).

``standard`` has no penalty schedule: the same irregularities as under MSO
are found and logged, every one ``referred``, with no automatic points and
no penalty cards.
"""

from __future__ import annotations

import json
from pathlib import Path

from hands import ROUND_ROBIN, SUIT_BLOCKS, block_tricks, codes, hand, on_play, ruling, tricks

from hearts_referee.referee import get_variant
from hearts_referee.referee.game import game_over, lowest
from hearts_referee.validate import validate_hand

STANDARD = get_variant("standard")
RECORDS = Path(__file__).parent / "records"

HEARTS_AND_QUEEN = {
    "N": "2C 3C 4C 5C 6C 7C QH 2D 3D 4D 5D 6D 7D",
    "E": "8C 9C TC 8D 9D TD JD QD KD AD 2S 3S 4S",
    "S": "JC QC KC 5S 6S 7S 8S 9S TS JS KS AS AH",
    "W": "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH KH QS",
}


def std(**kwargs):
    kwargs.setdefault("hand_number", 4)  # a hold hand: what is held is what was dealt
    return hand("standard", **kwargs)


def test_standard_deal_wrong_number_of_cards_is_a_misdeal_referred_for_a_redeal():
    record = std()
    record["deal"]["S"].append(record["deal"]["W"].pop())
    result = validate_hand(record)
    found = ruling(result, "misdeal")
    assert (found["seat"], found["status"], found["rule"]) == ("W", "referred", "standard/deal")
    assert found["suggestion"] == "void the deal and redeal"
    assert "replayed and scored as played" in found["explanation"]
    assert result["void"] is False  # RULES, deal irregularities: voiding is the director's call


def test_standard_deal_irregular_but_played_out_is_scored_as_played():
    record = std(play=block_tricks(), held=SUIT_BLOCKS, exposed_in_deal=["5C"])
    result = validate_hand(record)
    assert codes(result) == ["misdeal"] and ruling(result, "misdeal")["status"] == "referred"
    assert (result["void"], result["complete"]) == (False, True)
    assert result["score"] == {"N": 26, "E": 26, "S": 26, "W": 0}


def test_standard_pass_left_right_across_then_hold():
    directions = [validate_hand(hand("standard", hand_number=n))["pass_direction"] for n in range(1, 9)]
    assert directions == ["left", "right", "across", "hold"] * 2


def test_standard_pass_on_a_hold_hand_is_an_incorrect_pass_referred():
    record = std()
    record["passes"] = {"N": {"cards": ["2C", "6C", "TC"], "to": "E"}}
    found = ruling(validate_hand(record), "incorrect_pass")
    assert (found["seat"], found["status"], found["penalty"]) == ("N", "referred", None)
    assert found["rule"] == "standard/pass"
    assert "on a hold hand" in found["explanation"]


def test_standard_opening_lead_two_of_clubs_by_its_holder():
    result = validate_hand(std(play="N:2C E:3C S:4C W:5C"))
    assert on_play(result) == [] and result["tricks"][0]["leader"] == "N"
    found = ruling(validate_hand(std(play="N:AC E:3C S:4C W:5C")), "wrong_first_lead")
    assert (found["status"], found["rule"]) == ("referred", "standard/opening-lead")


def test_standard_first_trick_no_points_unless_nothing_else():
    held = dict(
        ROUND_ROBIN, E="2D 6D TD AD 3D 7D JD 5H 9H KH 4S 8S QS", S="4C 8C QC 3C 7C JC 2H 6H TH AH 5S 9S KS"
    )
    found = ruling(validate_hand(std(held=held, play="N:2C E:KH S:4C W:5C")), "point_card_on_first_trick")
    assert (found["seat"], found["card"], found["status"], found["penalty"]) == ("E", "KH", "referred", None)


def test_standard_hearts_broken_by_a_heart_or_the_queen_of_spades():
    play = tricks("N:2C E:3C S:4C W:5C", "W:AS N:3S E:QS S:5S", "W:3H N:4H E:5H S:6H")
    assert on_play(validate_hand(std(play=play))) == []
    early = tricks("N:2C E:3C S:4C W:5C", "W:3H N:4H E:5H S:6H")
    found = ruling(validate_hand(std(play=early)), "early_heart")
    assert (found["status"], found["penalty"], found["rule"]) == ("referred", None, "standard/hearts-broken")


def test_standard_hearts_broken_holding_only_hearts_and_the_queen_the_queen_must_be_led():
    heart_lead = tricks("N:2C E:8C S:JC W:AC", "W:2H N:QH E:2S S:AH")
    assert codes(validate_hand(std(held=HEARTS_AND_QUEEN, play=heart_lead))) == ["early_heart"]
    queen_lead = tricks("N:2C E:8C S:JC W:AC", "W:QS N:2D E:2S S:AS")
    assert on_play(validate_hand(std(held=HEARTS_AND_QUEEN, play=queen_lead))) == []


def test_standard_moon_shooter_scores_0_and_everyone_else_26():
    result = validate_hand(std(held=SUIT_BLOCKS, play=block_tricks()))
    assert result["moon"] == {"seat": "W", "option": "add", "chosen_by": "referee"}
    assert result["score"] == {"N": 26, "E": 26, "S": 26, "W": 0}


def test_standard_scoring_points_add_up_to_26():
    result = validate_hand(std(held=SUIT_BLOCKS, play=block_tricks(count=10)))
    assert result["complete"] is False and result["moon"] is None
    assert result["points"]["W"] == 10  # ten hearts; E still holds the Q♠
    full = validate_hand(json.loads((RECORDS / "standard-hand-2.json").read_text()))
    assert full["points"] == {"N": 17, "E": 8, "S": 0, "W": 1}
    assert sum(full["points"].values()) == 26 and full["rulings"] == []


def test_standard_scoring_play_that_stops_early_is_play_incomplete_referred_to_the_director():
    """Ten tricks of thirteen played, no claim for the rest: a hand in progress, which the
    scoring clause cannot score, so the ruling cites it and the director is asked for the rest."""
    found = ruling(validate_hand(std(held=SUIT_BLOCKS, play=block_tricks(count=10))), "play_incomplete")
    assert (found["seat"], found["trick"], found["status"]) == ("W", 11, "referred")
    assert (found["rule"], found["penalty"]) == ("standard/scoring", None)
    assert found["suggestion"] == "record the rest of the play, or a claim or concession for it"


def test_standard_game_end_at_100_lowest_total_wins():
    assert not game_over(STANDARD, {"N": 99, "E": 40, "S": 50, "W": 60})
    totals = {"N": 104, "E": 40, "S": 50, "W": 60}
    assert game_over(STANDARD, totals) and lowest(totals) == ["E"]


def test_standard_no_penalties_every_irregularity_is_referred_without_points_or_penalty_cards():
    play = tricks("N:2C E:2D S:4C W:5C", "W:KC E:!KH N:AC E:3C S:8C")
    result = validate_hand(std(play=play))
    assert codes(result) == ["revoke", "exposed_card"]
    assert {r["status"] for r in result["rulings"]} == {"referred"}
    assert all(r["penalty"] is None for r in result["rulings"])
    assert result["score"] == result["points"]
    assert ruling(result, "exposed_card")["rule"] == "standard/no-penalties"


def test_standard_follow_suit_revoke_is_found_and_cited():
    found = ruling(validate_hand(std(play="N:2C E:2D S:4C W:5C W:KC")), "revoke")
    assert (found["seat"], found["trick"], found["rule"]) == ("E", 1, "standard/follow-suit")


def test_standard_turn_order_clockwise():
    result = validate_hand(std(play="N:2C E:3C S:4C W:5C"))
    assert [p["seat"] for p in result["tricks"][0]["plays"]] == ["N", "E", "S", "W"]
    assert codes(validate_hand(std(play="N:2C W:5C E:3C S:4C"))) == ["play_out_of_turn"]
