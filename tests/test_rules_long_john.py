"""Long John double-deck cancellation hearts, one test per clause (``long-john/<clause>``).

Tables are seated A, B, C, … clockwise; most hands are the keeper hand
(deal n of n), so the cards dealt are the cards played.
"""

from __future__ import annotations

import pytest
from hands import codes, ruling
from tables import RANKS, record, rounds, suit

from hearts_referee.referee import RecordError, get_variant
from hearts_referee.referee.game import game_over, lowest
from hearts_referee.referee.registry import pass_direction_name
from hearts_referee.validate import validate_hand

LONG_JOHN = get_variant("long-john")

# Eight players, each holding one whole suit of one deck: A and B the clubs.
BLOCKS8 = {
    "A": suit("C"),
    "B": suit("C"),
    "C": suit("D"),
    "D": suit("D"),
    "E": suit("H"),
    "F": suit("H"),
    "G": suit("S"),
    "H": suit("S"),
}

# Seven players: A holds the top clubs twice over and the joker, B the low clubs;
# everyone else is void in clubs, so A wins every trick but the first, which
# cancels (2♣ against 2♣) and goes to the middle.
MOON7 = {
    "A": "2C AC AC KC KC QC QC JC JC TC TC 9C 9C 8C JK",
    "B": "2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 2D 2D 3D",
    "C": "3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D TD TD",
    "D": "JD JD QD QD KD KD AD AD 2H 2H 3H 3H 4H 4H 5H",
    "E": "5H 6H 6H 7H 7H 8H 8H 9H 9H TH TH JH JH QH QH",
    "F": "KH KH AH AH 2S 2S 3S 3S 4S 4S 5S 5S 6S 6S 7S",
    "G": "7S 8S 8S 9S 9S TS TS JS JS QS QS KS KS AS AS",
}
MOON7_PLAY = rounds(list("ABCDEFG"), MOON7)


def keeper(deal: dict[str, str], play: str | list = "", **extra) -> dict:
    """The keeper hand (no pass) of a table, dealt by its last seat: its first seat leads."""
    seats = list(deal)
    return record("long-john", deal, play=play, hand_number=len(seats), dealer=seats[-1], **extra)


def clubs_duel() -> str:
    """BLOCKS8 played out: A and B trade club tricks; the last trick's aces cancel."""
    others = {seat: BLOCKS8[seat].split() for seat in "CDEFGH"}
    order_from = {"A": list("ABCDEFGH"), "B": list("BCDEFGHA")}
    pairs = ["23", "23", "45", "45", "67", "67", "89", "89", "TJ", "TJ", "QK", "QK", "AA"]
    leader, tricks = "A", []
    for k, (low, high) in enumerate(pairs):
        follower = "B" if leader == "A" else "A"
        cards = {leader: f"{low}C", follower: f"{high}C"}
        cards.update({seat: others[seat][k] for seat in "CDEFGH"})
        tricks.append(" ".join(f"{seat}:{cards[seat]}" for seat in order_from[leader]))
        leader = follower if high != low else leader
    return " ".join(tricks)


# --- table and deal ---------------------------------------------------------------


@pytest.mark.parametrize("size", [6, 7, 8])
def test_longjohn_table_six_to_eight_players(size):
    assert size in LONG_JOHN.seat_counts
    assert LONG_JOHN.hand_size(size) == {6: 17, 7: 15, 8: 13}[size]


def test_longjohn_table_other_sizes_cannot_play():
    five = {seat: BLOCKS8[seat] for seat in "ABCDE"}
    with pytest.raises(RecordError) as error:
        validate_hand(keeper(five))
    assert ("/seats", "seat_count") in {(p.pointer, p.code) for p in error.value.problems}


def test_longjohn_deal_two_decks_every_card_twice():
    result = validate_hand(keeper(BLOCKS8))
    assert result["rulings"] == [] and result["void"] is False


def test_longjohn_deal_a_third_copy_or_a_missing_copy_is_named():
    deal = dict(BLOCKS8, A=BLOCKS8["A"].replace("2C", "3C"))
    with pytest.raises(RecordError) as error:
        validate_hand(keeper(deal))
    messages = {(p.code, p.message) for p in error.value.problems}
    assert any(code == "duplicate_card" and "3C is dealt more than 2 times" in m for code, m in messages)
    assert ("missing_card", "one copy of 2C is missing from the deal and kitty") in messages


def test_longjohn_deal_seven_players_get_a_joker_and_six_a_kitty():
    assert validate_hand(keeper(MOON7))["void"] is False
    assert LONG_JOHN.deck(7).counts[next(c for c in LONG_JOHN.deck(7).counts if c.code == "JK")] == 1
    assert (LONG_JOHN.hand_size(6), LONG_JOHN.kitty_size(6)) == (17, 2)


def test_longjohn_deal_a_player_holding_one_back_colour_only_voids_it():
    backs = {seat: ["red"] * 13 if seat in "ACEG" else ["blue"] * 13 for seat in BLOCKS8}
    backs["B"] = ["red"] * 6 + ["blue"] * 7
    result = validate_hand(keeper(BLOCKS8, backs=backs))
    assert result["void"] is True
    assert "A holds only red backs" in ruling(result, "misdeal")["explanation"]
    assert ruling(result, "misdeal")["status"] == "referred"


def test_longjohn_deal_backs_all_one_colour_are_not_checked():
    backs = {seat: ["red"] * 13 for seat in BLOCKS8}
    assert validate_hand(keeper(BLOCKS8, backs=backs))["void"] is False


# --- pass -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size, directions",
    [
        (6, ["left", "right", "2 left", "2 right", "across", "hold", "left"]),
        (7, ["left", "right", "2 left", "2 right", "3 left", "3 right", "hold", "left"]),
        (8, ["left", "right", "2 left", "2 right", "3 left", "3 right", "across", "hold"]),
    ],
)
def test_longjohn_pass_widening_left_and_right_then_a_keeper(size, directions):
    names = [pass_direction_name(LONG_JOHN.pass_offset(n, size), size) for n in range(1, len(directions) + 1)]
    assert names == directions
    assert validate_hand(keeper(BLOCKS8))["pass_direction"] == "hold"


def test_longjohn_pass_to_the_wrong_player_is_referred_without_points():
    passes = {
        seat: {"cards": BLOCKS8[seat].split()[:3], "to": "A" if seat != "A" else "B"} for seat in BLOCKS8
    }
    passes = {"C": passes["C"]}  # hand 1 passes left: C should pass to D, not A
    result = validate_hand(record("long-john", BLOCKS8, hand_number=1, dealer="H", passes=passes))
    found = [r for r in result["rulings"] if r["code"] == "incorrect_pass" and r["seat"] == "C"]
    assert found and found[0]["status"] == "referred" and found[0]["penalty"] is None
    assert "passed to A instead of D" in found[0]["explanation"]


# --- opening lead, cancellation, kitty, joker ------------------------------------


def test_longjohn_opening_lead_left_of_dealer_any_card_even_a_heart():
    deal = dict(BLOCKS8)
    result = validate_hand(
        record("long-john", deal, hand_number=8, dealer="D", play="E:QH F:2H G:2S H:3S A:2C B:3C C:2D D:3D")
    )
    assert result["rulings"] == [] and result["tricks"][0]["leader"] == "E"


def test_longjohn_opening_lead_with_the_joker_is_referred():
    result = validate_hand(keeper(MOON7, play="A:JK B:2C C:3D D:JD E:5H F:KH G:7S"))
    found = ruling(result, "joker_played_early")
    assert (found["seat"], found["trick"], found["rule"]) == ("A", 1, "long-john/joker")


def test_longjohn_cancellation_identical_cards_drop_out_and_the_highest_left_wins():
    deal = dict(
        BLOCKS8,
        A=suit("C"),
        B=" ".join(c for c in suit("C").split() if c != "KC") + " 2D",
        C="KC " + " ".join(f"{r}D" for r in RANKS[1:]),
    )
    result = validate_hand(keeper(deal, play="A:AC B:AC C:KC D:2D E:2H F:2H G:2S H:2S"))
    trick = result["tricks"][0]
    assert trick["cancelled"] == ["AC", "AC"] and trick["winner"] == "C"
    assert trick["to_middle"] is False and result["rulings"] == []


def test_longjohn_cancellation_a_trick_cancelled_out_goes_to_the_middle_and_the_next_winner():
    play = "A:5C B:5C C:2D D:2D E:2H F:2H G:2S H:2S  A:6C B:7C C:3D D:3D E:3H F:3H G:3S H:3S"
    result = validate_hand(keeper(BLOCKS8, play=play))
    first, second = result["tricks"]
    assert first["to_middle"] is True and first["winner"] is None
    assert first["cancelled"] == ["5C", "5C"] and first["taken_by"] == "B"
    assert second["leader"] == "A" and second["winner"] == "B" and second["collects"] == [1]
    assert result["points"]["B"] == 4


def test_longjohn_cancellation_of_the_last_trick_sends_the_pile_to_the_last_winner():
    result = validate_hand(keeper(BLOCKS8, play=clubs_duel()))
    last = result["tricks"][-1]
    assert last["number"] == 13 and last["to_middle"] is True
    assert last["taken_by"] == "A" == result["tricks"][-2]["winner"]
    assert result["complete"] is True and result["rulings"] == []
    assert result["points"] == {"A": 14, "B": 38, "C": 0, "D": 0, "E": 0, "F": 0, "G": 0, "H": 0}


KITTY6 = {
    "A": suit("C") + " 2D 3D 4D 5D",
    "B": suit("C") + " 6D 7D 8D 9D",
    "C": "TD JD QD KD AD " + " ".join(f"{r}D" for r in RANKS[:-1]),
    "D": suit("H") + " 2S 3S 4S 5S",
    "E": " ".join(f"{r}H" for r in RANKS[:-1]) + " 6S 7S 8S 9S TS",
    "F": "JS QS KS AS " + suit("S"),
}


def test_longjohn_kitty_goes_with_the_first_trick_a_counter_is_played_to():
    play = "A:2C B:3C C:TD D:2S E:6S F:JS  B:4C C:JD D:3S E:7S F:QS A:5C"
    result = validate_hand(record("long-john", KITTY6, play=play, hand_number=6, dealer="F", kitty="AD AH"))
    assert result["kitty"] == {"cards": ["AD", "AH"], "taken_by": "A", "trick": 2}
    assert result["points"]["A"] == 13 + 1  # the Q♠ and the kitty's A♥


def test_longjohn_kitty_with_a_cancelled_counter_trick_goes_with_its_pile():
    play = "A:2C B:3C C:TD D:2S E:6S F:JS  B:4C C:JD D:3S E:7S F:QS A:4C  B:6C C:QD D:4S E:8S F:KS A:7C"
    result = validate_hand(record("long-john", KITTY6, play=play, hand_number=6, dealer="F", kitty="AD AH"))
    assert result["tricks"][1]["to_middle"] is True
    assert result["tricks"][2]["collects"] == [2]
    assert result["kitty"] == {"cards": ["AD", "AH"], "taken_by": "A", "trick": 3}


def test_longjohn_joker_led_to_the_last_trick_takes_it():
    result = validate_hand(keeper(MOON7, play=MOON7_PLAY))
    last = result["tricks"][-1]
    assert last["plays"][0] == {"seat": "A", "card": "JK"} and last["winner"] == "A"


def test_longjohn_joker_played_to_the_last_trick_by_another_is_dead():
    deal = dict(MOON7, A=MOON7["A"].replace("JK", "AS"), G=MOON7["G"].replace("AS AS", "AS JK"))
    result = validate_hand(keeper(deal, play=rounds(list("ABCDEFG"), deal)))
    last = result["tricks"][-1]
    assert last["plays"][-1] == {"seat": "G", "card": "JK"} and last["winner"] == "A"
    assert "joker_played_early" not in codes(result)


def test_longjohn_joker_played_before_the_last_trick_is_referred():
    deal = dict(MOON7, G="JK " + MOON7["G"].replace(" AS AS", " AS"), A=MOON7["A"].replace("JK", "AS"))
    result = validate_hand(keeper(deal, play=rounds(list("ABCDEFG"), deal, count=2)))
    found = ruling(result, "joker_played_early")
    assert (found["seat"], found["trick"], found["status"], found["penalty"]) == ("G", 1, "referred", None)


# --- scoring, moon, game end ---------------------------------------------------------


def test_longjohn_scoring_52_points_and_a_sheet_that_does_not_add_up_is_not_legal():
    claimed = dict.fromkeys(BLOCKS8, 0) | {"A": 14, "B": 36}
    result = validate_hand(keeper(BLOCKS8, play=clubs_duel(), claimed=claimed))
    assert sum(result["points"].values()) == 52
    found = ruling(result, "score_mismatch")
    assert found["seat"] == "B" and "add up to 50; the validated ones to 52" in found["explanation"]


def test_longjohn_moon_seven_players_cancelled_trick_joker_and_moon():
    result = validate_hand(keeper(MOON7, play=MOON7_PLAY))
    assert result["complete"] is True and result["rulings"] == []
    first, second = result["tricks"][0], result["tricks"][1]
    assert first["cancelled"] == ["2C", "2C"] and first["to_middle"] and first["taken_by"] == "A"
    assert second["collects"] == [1]
    assert result["points"]["A"] == 52
    assert result["moon"] == {"seat": "A", "option": "add", "chosen_by": "referee"}
    assert result["score"] == {seat: (0 if seat == "A" else 52) for seat in MOON7}


def test_longjohn_moon_subtract_never_takes_a_total_below_zero():
    before = dict.fromkeys(MOON7, 60) | {"A": 32}
    result = validate_hand(keeper(MOON7, play=MOON7_PLAY, moon_choice="subtract", scores_before=before))
    assert result["moon"]["chosen_by"] == "record"
    assert result["score"]["A"] == -32 and result["score"]["B"] == 0


def test_longjohn_moon_referee_picks_the_option_that_wins_the_table():
    before = dict.fromkeys(MOON7, 70) | {"A": 40}  # adding ends it with A lowest
    assert validate_hand(keeper(MOON7, play=MOON7_PLAY, scores_before=before))["moon"]["option"] == "add"
    before = dict.fromkeys(MOON7, 50) | {"A": 70, "B": 10}  # adding ends it with B lowest
    result = validate_hand(keeper(MOON7, play=MOON7_PLAY, scores_before=before))
    assert result["moon"] == {"seat": "A", "option": "subtract", "chosen_by": "referee"}


def test_longjohn_game_end_at_100_lowest_wins_and_ties_all_advance():
    totals = {"A": 104, "B": 40, "C": 40, "D": 77, "E": 90, "F": 100}
    assert game_over(LONG_JOHN, totals) and lowest(totals) == ["B", "C"]
    assert not game_over(LONG_JOHN, {"A": 99, "B": 50})
    assert LONG_JOHN.totals_floor_zero


def test_longjohn_no_penalties_a_revoke_is_referred_without_points():
    deal = dict(
        BLOCKS8,
        C="2C " + " ".join(f"{r}D" for r in RANKS[1:]),
        A=" ".join(f"{r}C" for r in RANKS[1:]) + " 2D",
    )
    play = "A:3C B:4C C:3D D:2D E:2H F:2H G:2S H:2S  B:5C"
    found = ruling(validate_hand(keeper(deal, play=play)), "revoke")
    assert (found["seat"], found["status"], found["penalty"], found["rule"]) == (
        "C",
        "referred",
        None,
        "long-john/follow-suit",
    )


def test_longjohn_follow_suit_void_players_discard_anything():
    assert validate_hand(keeper(BLOCKS8, play=rounds(list("ABCDEFGH"), BLOCKS8, 3)))["rulings"] == []


def test_longjohn_turn_order_clockwise_in_the_listed_order():
    result = validate_hand(keeper(BLOCKS8, play="A:2C C:2D B:3C"))
    assert codes(result) == ["play_out_of_turn"]
