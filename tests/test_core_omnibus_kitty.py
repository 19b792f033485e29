"""Omnibus hearts with a kitty on the core's own values: the kitty, the J♦, house options.

Five seats A–E, hand 3 (the hold hand at an odd table), written as
``test_rules_omnibus_kitty`` writes them and typed by ``core_hands``.
"""

from __future__ import annotations

from core_hands import card, in_play, judged, on_play, table
from tables import rounds
from test_rules_omnibus_kitty import ALL_TO_A, FIVE, FIVE_KITTY, FIVE_PLAY, QUEEN_NOT_BREAKING

from hearts_referee.referee import ChosenBy, Code, Finding, MoonOption, MoonOutcome, replay
from hearts_referee.referee.findings import CardFaultFacts, LeadOutOfTurnFacts, MisdealFacts
from hearts_referee.referee.replay import Kitty
from hearts_referee.rulings import Status

HOUSE_QUEEN_BREAKS = {"base": "omnibus-kitty", "options": {"queen_breaks_hearts": True}}


def hold(deal=FIVE, play: str = "", kitty: str = FIVE_KITTY, dealer: str = "E", variant="omnibus-kitty"):
    return table(variant, deal, play=play, hand_number=3, dealer=dealer, kitty=kitty)


def test_core_omnibuskitty_kitty_goes_to_the_first_tricks_winner_and_the_jack_of_diamonds_scores_minus_10():
    result = judged(hold(play=FIVE_PLAY))
    played = result.replay
    assert played.pass_direction == "hold" and played.complete is True and in_play(played) == ()
    assert played.tricks[0].plays == (
        ("A", card("2C")),
        ("B", card("QC")),
        ("C", card("9D")),
        ("D", card("6S")),
        ("E", card("3H")),
    )
    assert (played.tricks[0].winner, played.tricks[0].points) == ("B", 1)
    assert played.kitty == Kitty((card("KH"), card("AH")), "B", 1)
    assert played.score.points == {"A": 0, "B": -5, "C": 1, "D": 2, "E": 18}
    assert sum(result.score.values()) == 16 and played.score.moon is None


def test_core_omnibuskitty_deal_a_short_kitty_is_a_misdeal_referred_and_not_void():
    """RULES, deal irregularities: the omnibus text has no misdeal rule, so the hand is
    not void; the director is asked whether to redeal."""
    played = replay(hold(kitty="KH", deal=dict(FIVE, E=FIVE["E"] + " AH")))
    assert played.void is False
    assert in_play(played) == (
        Finding(
            Code.MISDEAL,
            "E",
            1,
            facts=MisdealFacts(
                reasons=("E was dealt 11 cards instead of 10", "the kitty holds 1 cards instead of 2"),
                void=False,
            ),
        ),
    )
    assert played.kitty == Kitty((card("KH"),), None, None)


def test_core_omnibuskitty_opening_lead_left_of_the_dealer():
    assert in_play(replay(hold(play="A:2C B:QC C:9D D:6S E:3H"))) == ()
    result = judged(hold(dealer="A", play="A:2C B:QC C:9D D:6S E:3H"))
    assert in_play(result.replay) == (
        Finding(Code.LEAD_OUT_OF_TURN, "A", 1, card("2C"), 0, facts=LeadOutOfTurnFacts(proper_leader="B")),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty) == (Status.REFERRED, None)


def test_core_omnibuskitty_opening_lead_house_option_two_of_clubs_else_left_of_dealer():
    house = {"base": "omnibus-kitty", "options": {"first_lead": "two-of-clubs-else-left-of-dealer"}}
    played = replay(hold(dealer="A", variant=house, play="A:2C B:QC C:9D D:6S E:3H"))
    assert in_play(played) == () and played.tricks[0].leader == "A"
    assert played.record.variant.options == {"first_lead": "two-of-clubs-else-left-of-dealer"}
    in_kitty = dict(FIVE, A=FIVE["A"].replace("2C", "KH"))
    played = replay(
        hold(deal=in_kitty, kitty="2C AH", dealer="A", variant=house, play="B:QC C:9D D:6S E:3H A:3C")
    )
    assert in_play(played) == () and played.tricks[0].leader == "B"


def test_core_omnibuskitty_first_trick_no_queen_while_holding_others():
    result = judged(hold(play="A:2C B:QC C:9D D:QS E:3H"))
    assert in_play(result.replay) == (
        Finding(Code.POINT_CARD_ON_FIRST_TRICK, "D", 1, card("QS"), 3, facts=CardFaultFacts()),
    )
    assert result.rulings[0].status == Status.REFERRED
    assert result.replay.score.points["B"] == 13 + 1 + 2  # the Q♠, the 3♥ and the kitty


def test_core_omnibuskitty_hearts_broken_only_by_a_heart_unless_a_house_says_the_queen_too():
    play = "A:2C B:JC C:7D D:3S E:KS  B:QC C:8D D:QS E:AS A:3C  B:3H C:4H D:4S E:5H A:2H"
    result = judged(hold(deal=QUEEN_NOT_BREAKING, kitty="KH AH", play=play))
    assert in_play(result.replay) == (
        Finding(Code.EARLY_HEART, "B", 3, card("3H"), 10, facts=CardFaultFacts()),
    )
    assert (result.rulings[0].status, result.rulings[0].rule) == (
        Status.REFERRED,
        "omnibus-kitty/hearts-broken",
    )
    house = replay(hold(deal=QUEEN_NOT_BREAKING, kitty="KH AH", play=play, variant=HOUSE_QUEEN_BREAKS))
    assert in_play(house) == ()


def test_core_omnibuskitty_moon_none_unless_a_house_adds_one():
    play = rounds(list("ABCDE"), ALL_TO_A)
    played = replay(hold(deal=ALL_TO_A, play=play))
    assert played.score.moon is None and played.score.hand["A"] == 16
    house = {"base": "omnibus-kitty", "options": {"moon": "add"}}
    moon = replay(hold(deal=ALL_TO_A, play=play, variant=house))
    assert moon.score.moon == MoonOutcome("A", MoonOption.ADD, ChosenBy.REFEREE)
    assert moon.score.hand == {"A": 16 - 26, "B": 26, "C": 26, "D": 26, "E": 26}
