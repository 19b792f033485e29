"""MSO 2000 tournament rules, one test per clause (``mso-2000/<clause>``).

Each test is named ``test_mso2000_<clause>_...`` after the clause it proves
and scripts the hand that shows it. Hands are written as the players held
them after the pass (see ``tests/hands.py``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hands import ROUND_ROBIN, SUIT_BLOCKS, block_tricks, claim, codes, hand, on_play, ruling, tricks

from hearts_referee.referee import RecordError, get_variant
from hearts_referee.referee.game import game_over, lowest, match_points
from hearts_referee.validate import validate_hand

MSO = get_variant("mso-2000")

# W wins trick 1 with A♣ and is left holding only hearts and the Q♠.
HEARTS_AND_QUEEN = {
    "N": "2C 3C 4C 5C 6C 7C QH 2D 3D 4D 5D 6D 7D",
    "E": "8C 9C TC 8D 9D TD JD QD KD AD 2S 3S 4S",
    "S": "JC QC KC 5S 6S 7S 8S 9S TS JS KS AS AH",
    "W": "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH KH QS",
}

# Hearts are led from trick 3 on: by trick 7 all 14 point cards are out.
POINTS_OUT_EARLY = {
    "N": "2C 3C 4C 2H 3H 4H 5H 2S 3S 2D 3D 4D 5D",
    "E": "5C 6C 7C 6H 7H 8H QS 4S 6D 7D 8D 9D TD",
    "S": "8C 9C TC JC 9H TH JH 5S 6S JD QD KD AD",
    "W": "QC KC AC QH KH AH 7S 8S 9S TS JS KS AS",
}
POINTS_OUT_BY_TRICK_7 = tricks(
    "N:2C E:5C S:8C W:AC",
    "W:AS N:2S E:QS S:5S",
    "W:AH N:2H E:6H S:9H",
    "W:KH N:3H E:7H S:TH",
    "W:QH N:4H E:8H S:JH",
    "W:KS N:3S E:4S S:6S",
    "W:JS N:5H E:6D S:JD",
)

# E holds A♣ beside its spades; W's clubs win every trick but one.
REVOKE_AGAINST_MOON = {
    "N": SUIT_BLOCKS["N"],
    "E": "AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    "S": SUIT_BLOCKS["S"],
    "W": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AS",
}


def _revoke_against_moon_play() -> str:
    rows = [
        "W:2C N:2H E:2S S:2D",  # E holds A♣ and discards: a revoke
        "W:3C N:3H E:AC S:3D",  # E wins the 3♥
        "E:3S S:4D W:AS N:4H",
    ]
    hearts = ["5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]
    spades = ["4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    clubs = ["4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]
    diamonds = ["5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]
    for k in range(10):
        rows.append(f"W:{clubs[k]} N:{hearts[k]} E:{spades[k]} S:{diamonds[k]}")
    return tricks(*rows)


# --- deal ---------------------------------------------------------------------


def test_mso2000_deal_wrong_number_of_cards_voids_the_deal():
    record = hand()
    record["deal"]["E"].append(record["deal"]["N"].pop())
    result = validate_hand(record)
    assert result["void"] is True
    misdeal = ruling(result, "misdeal")
    assert (misdeal["seat"], misdeal["status"], misdeal["rule"]) == ("W", "applied", "mso-2000/deal")
    assert set(result["score"].values()) == {0}
    assert result["tricks"] == []


def test_mso2000_deal_card_exposed_during_the_deal_voids_it():
    result = validate_hand(hand(exposed_in_deal=["QS"]))
    assert result["void"] is True
    assert "Q♠ was exposed during the deal" in ruling(result, "misdeal")["explanation"]


def test_mso2000_deal_a_card_dealt_twice_cannot_have_happened():
    record = hand()
    record["deal"]["N"][0] = record["deal"]["E"][0]
    with pytest.raises(RecordError) as error:
        validate_hand(record)
    found = {(p.pointer, p.code) for p in error.value.problems}
    assert ("/deal/E/0", "duplicate_card") in found
    assert any(code == "missing_card" for _, code in found)


# --- pass -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand_number, direction",
    [(1, "left"), (2, "right"), (3, "across"), (4, "left"), (5, "right"), (6, "across")],
)
def test_mso2000_pass_left_right_across_with_no_hold_hand(hand_number, direction):
    result = validate_hand(hand(hand_number=hand_number, play="N:2C E:3C S:4C W:5C"))
    assert result["pass_direction"] == direction
    assert on_play(result) == []


# --- incorrect pass ---------------------------------------------------------------


def test_mso2000_incorrect_pass_wrong_number_of_cards_costs_26():
    record = hand()
    record["passes"]["N"] = record["passes"]["N"][:2]  # N keeps the third card: 14 against 12
    result = validate_hand(record)
    found = ruling(result, "incorrect_pass")
    assert (found["seat"], found["status"], found["penalty"]) == ("N", "applied", {"points": 26})
    assert found["rule"] == "mso-2000/incorrect-pass"
    assert "passed 2 cards instead of 3" in found["explanation"]
    assert result["penalties"]["N"] == 26


def test_mso2000_incorrect_pass_to_the_wrong_opponent_costs_26():
    record = hand(play="")  # hand 1 passes left: S should pass to W
    record["passes"]["S"] = {"cards": record["passes"]["S"], "to": "N"}
    result = validate_hand(record)
    found = ruling(result, "incorrect_pass")
    assert found["seat"] == "S" and found["penalty"] == {"points": 26}
    assert "passed to N instead of W" in found["explanation"]


def test_mso2000_incorrect_pass_looking_at_received_cards_early_costs_26():
    record = hand()
    record["passes"]["E"] = {"cards": record["passes"]["E"], "looked_early": True}
    found = ruling(validate_hand(record), "incorrect_pass")
    assert found["seat"] == "E" and found["penalty"] == {"points": 26}


def test_mso2000_incorrect_pass_of_a_card_not_held_cannot_have_happened():
    record = hand()
    record["passes"]["N"][0] = "AS"  # W holds it
    with pytest.raises(RecordError) as error:
        validate_hand(record)
    assert ("/passes/N/0", "not_held") in {(p.pointer, p.code) for p in error.value.problems}


# --- opening lead and first trick ---------------------------------------------------


def test_mso2000_opening_lead_two_of_clubs_holder_leading_another_card_is_referred():
    found = ruling(validate_hand(hand(play="N:6C E:3C S:4C W:5C")), "wrong_first_lead")
    assert (found["seat"], found["trick"], found["card"]) == ("N", 1, "6C")
    assert (found["status"], found["penalty"], found["rule"]) == ("referred", None, "mso-2000/opening-lead")


def test_mso2000_opening_lead_by_another_seat_is_a_lead_out_of_turn():
    found = ruling(validate_hand(hand(play="E:3C S:4C W:5C N:2C")), "lead_out_of_turn")
    assert (found["seat"], found["trick"], found["status"]) == ("E", 1, "referred")


def test_mso2000_first_trick_point_card_discarded_while_holding_others_is_referred():
    held = dict(
        ROUND_ROBIN, E="2D 6D TD AD 3D 7D JD 5H 9H KH 4S 8S QS", S="4C 8C QC 3C 7C JC 2H 6H TH AH 5S 9S KS"
    )
    result = validate_hand(hand(held=held, play="N:2C E:QS S:4C W:5C"))
    found = ruling(result, "point_card_on_first_trick")
    assert (found["seat"], found["card"], found["status"], found["penalty"]) == ("E", "QS", "referred", None)
    assert result["penalties"]["E"] == 0 and result["points"]["W"] == 13


def test_mso2000_first_trick_point_card_allowed_when_holding_nothing_else():
    held = {
        "N": SUIT_BLOCKS["W"],
        "E": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
        "S": SUIT_BLOCKS["S"],
        "W": "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    }
    result = validate_hand(hand(held=held, play="N:2C E:2H S:2D W:2S"))
    assert on_play(result) == []
    assert result["tricks"][0]["winner"] == "N" and result["points"]["N"] == 1


# --- hearts broken and premature hearts -------------------------------------------


def test_mso2000_hearts_broken_by_the_queen_of_spades():
    play = tricks("N:2C E:3C S:4C W:5C", "W:AS N:3S E:QS S:5S", "W:3H N:4H E:5H S:6H")
    assert on_play(validate_hand(hand(play=play))) == []


def test_mso2000_hearts_broken_leader_holding_only_hearts_and_the_queen_may_lead_a_heart():
    play = tricks("N:2C E:8C S:JC W:AC", "W:2H N:QH E:2S S:AH")
    assert on_play(validate_hand(hand(held=HEARTS_AND_QUEEN, play=play))) == []


def test_mso2000_premature_heart_that_stands_costs_5():
    play = tricks("N:2C E:3C S:4C W:5C", "W:3H N:4H E:5H S:6H")
    result = validate_hand(hand(play=play))
    found = ruling(result, "early_heart")
    assert (found["seat"], found["trick"], found["card"]) == ("W", 2, "3H")
    assert (found["status"], found["penalty"], found["rule"]) == (
        "applied",
        {"points": 5},
        "mso-2000/premature-heart",
    )
    assert "the play stands" in found["explanation"]
    assert result["score"]["W"] == 5 and result["points"]["S"] == 4


def test_mso2000_premature_heart_corrected_costs_5_and_becomes_a_penalty_card():
    play = tricks("N:2C E:3C S:4C W:5C", "W:3H W:~3H W:AS N:3S E:4S S:5S")
    result = validate_hand(hand(play=play))
    found = ruling(result, "early_heart")
    assert found["penalty"] == {"points": 5, "penalty_card": "3H"}
    assert result["tricks"][1]["plays"][0] == {"seat": "W", "card": "AS"}


# --- revoke and renounce ---------------------------------------------------------


def test_mso2000_revoke_costs_26_once_play_goes_on():
    result = validate_hand(hand(play="N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"))
    found = ruling(result, "revoke")
    assert (found["seat"], found["trick"], found["card"]) == ("E", 1, "2D")
    assert (found["status"], found["penalty"], found["rule"]) == (
        "applied",
        {"points": 26},
        "mso-2000/revoke",
    )
    assert result["score"]["E"] == 26


def test_mso2000_revoke_is_established_when_the_next_trick_is_led():
    # E revokes, the trick is complete, then W leads: too late to take it back.
    play = "N:2C E:2D S:4C W:5C W:KC E:~2D"
    with pytest.raises(RecordError) as error:
        validate_hand(hand(play=play))
    assert error.value.problems[0].pointer == "/play/5/withdraws"


def test_mso2000_revoke_is_waived_when_all_point_cards_were_already_played():
    play = tricks(POINTS_OUT_BY_TRICK_7, "W:QC N:2D E:6C S:9C", "W:7S N:3D E:7C S:TC")
    found = ruling(validate_hand(hand(held=POINTS_OUT_EARLY, play=play)), "revoke")
    assert (found["seat"], found["trick"], found["status"], found["penalty"]) == ("N", 8, "waived", None)


def test_mso2000_renounce_corrected_before_established_makes_a_penalty_card():
    result = validate_hand(hand(play="N:2C E:2D E:~2D E:3C S:4C W:5C"))
    found = ruling(result, "renounce")
    assert (found["seat"], found["card"], found["status"]) == ("E", "2D", "applied")
    assert found["penalty"] == {"points": 0, "penalty_card": "2D"}
    assert found["rule"] == "mso-2000/renounce"
    assert "revoke" not in codes(result)


def test_mso2000_renounce_after_the_trick_is_complete_but_before_the_next_lead():
    play = "N:2C E:2D S:4C W:5C E:~2D E:3C W:KC"
    result = validate_hand(hand(play=play))
    assert codes(result) == ["renounce"]
    assert result["tricks"][0]["plays"][-1] == {"seat": "E", "card": "3C"}
    assert result["tricks"][0]["winner"] == "W"


# --- penalty cards, exposed cards, leads out of turn --------------------------------


def test_mso2000_penalty_card_must_be_played_at_the_first_legal_opportunity():
    play = tricks("N:2C E:2D E:~2D E:3C S:4C W:5C", "W:4D N:5D E:6D S:7D")
    found = ruling(validate_hand(hand(play=play)), "penalty_card_not_played")
    assert (found["seat"], found["trick"], found["card"], found["status"]) == ("E", 2, "2D", "referred")
    assert "played 6♦ instead" in found["explanation"]


def test_mso2000_penalty_card_played_when_due_is_no_irregularity():
    play = tricks("N:2C E:2D E:~2D E:3C S:4C W:5C", "W:4D N:5D E:2D S:7D")
    assert codes(validate_hand(hand(play=play))) == ["renounce"]


def test_mso2000_exposed_card_becomes_a_penalty_card():
    result = validate_hand(hand(play="N:2C E:!KH E:3C S:4C W:5C"))
    found = ruling(result, "exposed_card")
    assert (found["seat"], found["card"], found["status"]) == ("E", "KH", "applied")
    assert found["penalty"] == {"points": 0, "penalty_card": "KH"}
    assert result["score"]["E"] == 0


def test_mso2000_lead_out_of_turn_corrected_makes_a_penalty_card_and_the_lead_reverts():
    play = tricks("N:2C E:3C S:4C W:5C", "N:6C N:~6C W:KC N:6C E:7C S:8C")
    result = validate_hand(hand(play=play))
    found = ruling(result, "lead_out_of_turn")
    assert (found["seat"], found["trick"], found["status"]) == ("N", 2, "applied")
    assert found["penalty"] == {"points": 0, "penalty_card": "6C"}
    assert result["tricks"][1]["leader"] == "W"


def test_mso2000_lead_out_of_turn_the_table_played_on_stands_and_is_referred():
    play = tricks("N:2C E:3C S:4C W:5C", "N:6C E:7C S:8C W:KC")
    result = validate_hand(hand(play=play))
    found = ruling(result, "lead_out_of_turn")
    assert (found["status"], found["penalty"], found["suggestion"]) == (
        "referred",
        None,
        "let the lead stand",
    )
    assert result["tricks"][1]["leader"] == "N" and result["tricks"][1]["winner"] == "W"


# --- moon -------------------------------------------------------------------------


def test_mso2000_moon_adds_26_to_each_opponent():
    result = validate_hand(hand(held=SUIT_BLOCKS, play=block_tricks()))
    assert result["moon"] == {"seat": "W", "option": "add", "chosen_by": "referee"}
    assert result["score"] == {"N": 26, "E": 26, "S": 26, "W": 0}
    assert result["points"]["W"] == 26 and result["rulings"] == []


def test_mso2000_moon_at_74_the_shooter_may_subtract_and_the_referee_does():
    before = {"N": 80, "E": 10, "S": 20, "W": 60}  # adding would leave E lowest
    result = validate_hand(hand(held=SUIT_BLOCKS, play=block_tricks(), scores_before=before))
    assert result["moon"] == {"seat": "W", "option": "subtract", "chosen_by": "referee"}
    assert result["score"] == {"N": 0, "E": 0, "S": 0, "W": -26}


def test_mso2000_moon_at_74_adding_when_it_wins_the_game_for_the_shooter():
    before = {"N": 80, "E": 10, "S": 20, "W": 5}  # adding: N 106, W 5 lowest: W wins
    result = validate_hand(hand(held=SUIT_BLOCKS, play=block_tricks(), scores_before=before))
    assert result["moon"]["option"] == "add"


def test_mso2000_moon_choice_recorded_is_respected():
    before = {"N": 80, "E": 10, "S": 20, "W": 60}
    result = validate_hand(
        hand(held=SUIT_BLOCKS, play=block_tricks(), scores_before=before, moon_choice="add")
    )
    assert result["moon"] == {"seat": "W", "option": "add", "chosen_by": "record"}


def test_mso2000_moon_subtract_without_74_is_not_allowed_and_referred():
    result = validate_hand(hand(held=SUIT_BLOCKS, play=block_tricks(), moon_choice="subtract"))
    found = ruling(result, "moon_choice_not_allowed")
    assert found["status"] == "referred" and found["rule"] == "mso-2000/moon"
    assert result["moon"]["option"] == "add" and result["score"]["N"] == 26


def test_mso2000_revoke_cannot_stop_moon_unless_following_suit_would_have_stopped_it():
    """RULES, a revoke cannot stop a moon: searched from the revoke with E made to follow
    suit, E's A♣ takes trick 1 and N's 2♥ on it, so the moon is not suggested."""
    result = validate_hand(hand(held=REVOKE_AGAINST_MOON, play=_revoke_against_moon_play()))
    assert result["complete"] is True and result["moon"] is None
    revoke = ruling(result, "revoke")
    assert (revoke["seat"], revoke["trick"], revoke["status"]) == ("E", 1, "applied")
    stopped = ruling(result, "moon_stopped_by_revoke")
    assert (stopped["seat"], stopped["status"]) == ("W", "referred")
    assert stopped["suggestion"] == "moon not proven"
    assert "E can stop the moon (trick 1: W 2♣ N 2♥ E A♣ S 2♦, E takes it)" in stopped["explanation"]
    assert stopped["rule"] == "mso-2000/revoke-cannot-stop-moon"
    assert result["points"] == {"N": 0, "E": 1, "S": 0, "W": 25}


# --- claims, scoring, turn order, follow suit ------------------------------------


def test_mso2000_claims_order_that_wins_every_trick_is_referred_with_the_award_suggested():
    order = "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    result = validate_hand(hand(held=SUIT_BLOCKS, play=[*block_tricks(count=1).split(), claim("W", order)]))
    found = ruling(result, "claim")
    assert (found["seat"], found["trick"], found["status"]) == ("W", 2, "referred")
    assert found["suggestion"] == "award the remaining tricks to W"
    assert result["complete"] is True and result["moon"]["seat"] == "W"


def test_mso2000_claims_order_a_defender_can_beat_is_reported():
    order = "KC 9C 4D 8D QD 3H 7H JH 2S 6S TS AS"
    result = validate_hand(hand(play=["N:2C", "E:3C", "S:4C", "W:5C", claim("W", order)]))
    found = ruling(result, "claim")
    assert found["suggestion"] == "refuse the claim: the refuting line shows a defence that beats it"
    assert "trick 2: W K♣ N A♣ E J♣ S Q♣, N takes it" in found["explanation"]
    assert result["complete"] is False


def test_mso2000_scoring_hearts_1_queen_13_and_a_mismatch_is_referred_per_seat():
    play = tricks("N:2C E:3C S:4C W:5C", "W:AS N:3S E:QS S:5S")
    result = validate_hand(hand(play=play, claimed={"N": 0, "E": 0, "S": 0, "W": 0}))
    assert result["points"]["W"] == 13
    found = ruling(result, "score_mismatch")
    assert (found["seat"], found["status"], found["rule"]) == ("W", "referred", "mso-2000/scoring")
    assert found["suggestion"] == "correct the scoresheet to 13"


def test_mso2000_turn_order_a_card_played_before_its_turn_is_referred():
    found = ruling(validate_hand(hand(play="N:2C S:4C E:3C W:5C")), "play_out_of_turn")
    assert (found["seat"], found["card"], found["status"]) == ("S", "4C", "referred")
    assert found["rule"] == "mso-2000/turn-order"


def test_mso2000_follow_suit_void_player_may_discard_and_highest_of_suit_led_wins():
    held = dict(
        ROUND_ROBIN, E="2D 6D TD AD 3D 7D JD 5H 9H KH 4S 8S QS", S="4C 8C QC 3C 7C JC 2H 6H TH AH 5S 9S KS"
    )
    result = validate_hand(hand(held=held, play="N:2C E:AD S:QC W:KC"))
    assert on_play(result) == []
    assert result["tricks"][0]["winner"] == "W"


# --- game end, match points, signatures -------------------------------------------


def test_mso2000_game_end_at_100_but_not_through_a_penalty_assessment():
    assert game_over(MSO, {"N": 101, "E": 40, "S": 50, "W": 60})
    assert not game_over(MSO, {"N": 101, "E": 40, "S": 50, "W": 60}, penalties={"N": 26})
    assert game_over(MSO, {"N": 130, "E": 40, "S": 50, "W": 60}, penalties={"N": 26})
    assert lowest({"N": 101, "E": 40, "S": 40, "W": 60}) == ["E", "S"]


def test_mso2000_match_points_5_3_2_1_and_ties_share():
    assert match_points({"N": 101, "E": 40, "S": 50, "W": 60}) == {"E": 5, "S": 3, "W": 2, "N": 1}
    shared = match_points({"N": 101, "E": 40, "S": 40, "W": 60})
    assert shared == {"E": 4, "S": 4, "W": 2, "N": 1}
    assert match_points({"N": 70, "E": 70, "S": 70, "W": 10})["N"] == Fraction(2)


def test_mso2000_signatures_by_all_four_players():
    assert MSO.signatures == "all"
    assert "signed by all four players" in MSO.clause("signatures").text


LATE_REVOKE_AGAINST_MOON = {
    "N": "2C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "E": "2D 3D 3S 4S 5S 6S 7S 8S 9S TS JS KS AH",
    "S": "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 4D",
    "W": "5D 6D 7D 8D 9D TD JD QD KD AD 2S QS AS",
}


def test_mso2000_revoke_cannot_stop_moon_and_the_search_proves_the_moon_when_following_keeps_it():
    """E discards A♥ on W's A♠ at trick 12 while holding K♠, and wins W's 2♠ at trick 13
    with N's K♥. Made to follow, E plays the K♠ under the A♠ and W takes every point card:
    the moon is proven and suggested."""
    play = tricks(
        "N:2C E:3S S:3C W:5D",
        "S:4D W:AD N:2H E:2D",
        "W:KD N:3H E:3D S:4C",
        *(
            f"W:{d} N:{h} E:{s} S:{c}"
            for d, h, s, c in zip(
                ["QD", "JD", "TD", "9D", "8D", "7D", "6D"],
                ["4H", "5H", "6H", "7H", "8H", "9H", "TH"],
                ["4S", "5S", "6S", "7S", "8S", "9S", "TS"],
                ["5C", "6C", "7C", "8C", "9C", "TC", "JC"],
                strict=True,
            )
        ),
        "W:QS N:JH E:JS S:QC",
        "W:AS N:QH E:AH S:KC",
        "W:2S N:KH E:KS S:AC",
    )
    result = validate_hand(hand(held=LATE_REVOKE_AGAINST_MOON, play=play))
    revoke = ruling(result, "revoke")
    assert (revoke["seat"], revoke["trick"]) == ("E", 12)
    stopped = ruling(result, "moon_stopped_by_revoke")
    assert (stopped["seat"], stopped["suggestion"]) == ("W", "moon awarded to W")
    assert "W still takes every point card against any legal defence" in stopped["explanation"]
