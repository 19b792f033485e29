"""Norwegian omnibus hearts with a kitty, one test per clause (``omnibus-kitty/<clause>``).

Five seats A–E (10 cards each, a 2-card kitty) unless a test says otherwise;
hand 3 is the hold hand at an odd table, so the cards dealt are the cards played.
"""

from __future__ import annotations

import pytest
from hands import codes, on_play, ruling
from tables import record, rounds

from hearts_referee.referee import RecordError, get_variant
from hearts_referee.referee.game import game_over, lowest
from hearts_referee.referee.registry import pass_direction_name
from hearts_referee.validate import validate_hand

OMNIBUS = get_variant("omnibus-kitty")

FIVE = {
    "A": "2C 3C 4C 5C 6C 7C 8C 9C TC JC",
    "B": "QC KC AC 2D 3D 4D 5D 6D 7D 8D",
    "C": "9D TD JD QD KD AD 2S 3S 4S 5S",
    "D": "6S 7S 8S 9S TS JS QS KS AS 2H",
    "E": "3H 4H 5H 6H 7H 8H 9H TH JH QH",
}
FIVE_KITTY = "KH AH"
FIVE_PLAY = (
    "A:2C B:QC C:9D D:6S E:3H  B:KC C:TD D:7S E:4H A:3C  B:AC C:JD D:8S E:5H A:4C  "
    "B:2D C:QD D:9S E:6H A:5C  C:2S D:TS E:7H A:6C B:3D  D:JS E:8H A:7C B:4D C:3S  "
    "D:2H E:9H A:8C B:5D C:4S  E:TH A:9C B:6D C:5S D:QS  E:JH A:TC B:7D C:KD D:KS  "
    "E:QH A:JC B:8D C:AD D:AS"
)

# Nobody holds a heart but as a discard, so only a heart played breaks hearts.
QUEEN_NOT_BREAKING = {
    "A": "2C 3C 4C 5C 6C 7C 8C 9C TC 2H",
    "B": "JC QC KC AC 2D 3D 4D 5D 6D 3H",
    "C": "7D 8D 9D TD JD QD KD AD 2S 4H",
    "D": "3S 4S 5S 6S 7S 8S 9S TS JS QS",
    "E": "KS AS 5H 6H 7H 8H 9H TH JH QH",
}

# A holds the high clubs and wins every trick: every point card comes to A.
ALL_TO_A = {
    "A": "AC KC QC JC TC 9C 8C 7C 6C 5C",
    "B": "2C 3C 4C 2D 3D 4D 5D 6D 7D 8D",
    "C": "9D TD JD QD KD AD 2S 3S 4S 5S",
    "D": "6S 7S 8S 9S TS JS QS KS AS QH",
    "E": "2H 3H 4H 5H 6H 7H 8H 9H TH JH",
}


def hold(
    deal=FIVE,
    play: str | list = "",
    kitty: str = FIVE_KITTY,
    dealer: str = "E",
    variant="omnibus-kitty",
    **extra,
) -> dict:
    return record(variant, deal, play=play, hand_number=3, dealer=dealer, kitty=kitty, **extra)


# --- deal and kitty ------------------------------------------------------------------


@pytest.mark.parametrize("seats, hand, kitty", [(3, 17, 1), (4, 13, 0), (5, 10, 2), (6, 8, 4), (7, 7, 3)])
def test_omnibuskitty_deal_52_divided_by_n_and_the_rest_is_the_kitty(seats, hand, kitty):
    assert (OMNIBUS.hand_size(seats), OMNIBUS.kitty_size(seats)) == (hand, kitty)


def test_omnibuskitty_deal_eight_players_cannot_sit_down():
    with pytest.raises(RecordError) as error:
        validate_hand(record("omnibus-kitty", dict.fromkeys("ABCDEFGH", ""), hand_number=1, dealer="H"))
    assert ("/seats", "seat_count") in {(p.pointer, p.code) for p in error.value.problems}


def test_omnibuskitty_deal_a_short_kitty_is_a_misdeal_referred_for_a_redeal_and_not_void():
    result = validate_hand(hold(kitty="KH", deal=dict(FIVE, E=FIVE["E"] + " AH")))
    found = ruling(result, "misdeal")
    assert (found["rule"], found["status"]) == ("omnibus-kitty/deal", "referred")
    assert found["suggestion"] == "void the deal and redeal"
    assert result["void"] is False


def test_omnibuskitty_kitty_goes_to_the_first_tricks_winner_and_scores_for_them():
    result = validate_hand(hold(play=FIVE_PLAY))
    assert result["kitty"] == {"cards": ["KH", "AH"], "taken_by": "B", "trick": 1}
    assert result["points"]["B"] == 1 + 1 + (1 - 10) + 2  # two hearts, J♦ with a heart, the kitty


# --- pass, opening lead, first trick, hearts ---------------------------------------


@pytest.mark.parametrize(
    "seats, directions",
    [
        (4, ["right", "left", "across", "hold", "right"]),
        (5, ["right", "left", "hold", "right"]),
        (6, ["right", "left", "across", "hold"]),
        (3, ["right", "left", "hold"]),
    ],
)
def test_omnibuskitty_pass_right_left_across_hold_and_no_across_when_odd(seats, directions):
    names = [pass_direction_name(OMNIBUS.pass_offset(n, seats), seats) for n in range(1, len(directions) + 1)]
    assert names == directions


def test_omnibuskitty_opening_lead_left_of_the_dealer():
    assert on_play(validate_hand(hold(play="A:2C B:QC C:9D D:6S E:3H"))) == []
    found = ruling(validate_hand(hold(dealer="A", play="A:2C B:QC C:9D D:6S E:3H")), "lead_out_of_turn")
    assert (found["seat"], found["rule"]) == ("A", "omnibus-kitty/turn-order")


def test_omnibuskitty_opening_lead_option_two_of_clubs_holder_leads_it():
    house = {"base": "omnibus-kitty", "options": {"first_lead": "two-of-clubs-else-left-of-dealer"}}
    result = validate_hand(hold(dealer="A", variant=house, play="A:2C B:QC C:9D D:6S E:3H"))
    assert on_play(result) == [] and result["options"] == {"first_lead": "two-of-clubs-else-left-of-dealer"}
    in_kitty = dict(FIVE, A=FIVE["A"].replace("2C", "KH"))
    result = validate_hand(
        hold(deal=in_kitty, kitty="2C AH", dealer="A", variant=house, play="B:QC C:9D D:6S E:3H A:3C")
    )
    assert on_play(result) == [] and result["tricks"][0]["leader"] == "B"


def test_omnibuskitty_first_trick_no_heart_or_queen_unless_nothing_else():
    assert on_play(validate_hand(hold(play="A:2C B:QC C:9D D:6S E:3H"))) == []  # E holds only hearts
    found = ruling(validate_hand(hold(play="A:2C B:QC C:9D D:QS E:3H")), "point_card_on_first_trick")
    assert (found["seat"], found["card"], found["status"]) == ("D", "QS", "referred")


def test_omnibuskitty_hearts_broken_only_by_a_heart_not_the_queen():
    play = "A:2C B:JC C:7D D:3S E:KS  B:QC C:8D D:QS E:AS A:3C  B:3H C:4H D:4S E:5H A:2H"
    found = ruling(validate_hand(hold(deal=QUEEN_NOT_BREAKING, kitty="KH AH", play=play)), "early_heart")
    assert (found["seat"], found["trick"], found["rule"]) == ("B", 3, "omnibus-kitty/hearts-broken")
    house = {"base": "omnibus-kitty", "options": {"queen_breaks_hearts": True}}
    with_queen = validate_hand(hold(deal=QUEEN_NOT_BREAKING, kitty="KH AH", play=play, variant=house))
    assert on_play(with_queen) == []


# --- scoring, moon, game ---------------------------------------------------------------


def test_omnibuskitty_scoring_jack_of_diamonds_minus_10_a_hand_totals_16():
    result = validate_hand(hold(play=FIVE_PLAY))
    assert result["complete"] is True and result["rulings"] == []
    assert result["points"] == {"A": 0, "B": -5, "C": 1, "D": 2, "E": 18}
    assert sum(result["score"].values()) == 16


def test_omnibuskitty_moon_none_every_point_card_scores_as_it_falls():
    play = rounds(list("ABCDE"), ALL_TO_A)
    result = validate_hand(hold(deal=ALL_TO_A, play=play))
    assert result["moon"] is None and result["points"]["A"] == 16 and result["score"]["A"] == 16
    house = {"base": "omnibus-kitty", "options": {"moon": "add"}}
    moon = validate_hand(hold(deal=ALL_TO_A, play=play, variant=house))
    assert moon["moon"]["seat"] == "A"
    assert moon["score"] == {"A": -10, "B": 26, "C": 26, "D": 26, "E": 26}


def test_omnibuskitty_game_end_at_50_lowest_wins_totals_may_go_below_zero():
    assert game_over(OMNIBUS, {"A": 50, "B": -12, "C": 30})
    assert not game_over(OMNIBUS, {"A": 49, "B": -12, "C": 30})
    assert lowest({"A": 50, "B": -12, "C": 30}) == ["B"]
    assert OMNIBUS.totals_floor_zero is False


def test_omnibuskitty_no_penalties_irregularities_are_referred():
    result = validate_hand(hold(play="A:2C B:2D C:9D D:6S E:3H B:KC"))
    found = ruling(result, "revoke")
    assert (found["seat"], found["status"], found["penalty"]) == ("B", "referred", None)
    assert result["penalties"] == dict.fromkeys(FIVE, 0)


def test_omnibuskitty_follow_suit_highest_of_the_suit_led_wins():
    result = validate_hand(hold(play="A:2C B:QC C:9D D:6S E:3H"))
    assert result["tricks"][0]["winner"] == "B"


def test_omnibuskitty_turn_order_five_seats_clockwise():
    assert codes(validate_hand(hold(play="A:2C C:9D B:QC"))) == ["play_out_of_turn"]
