"""Long John on the core's own values: cancellation, middle piles, the kitty, the joker, the moon.

Tables are seated A, B, C, … clockwise; most hands are the keeper hand (no
pass), written as ``test_rules_long_john`` writes them and typed by ``core_hands``.
"""

from __future__ import annotations

from core_hands import card, hand_of, in_play, judged, on_play, table
from tables import RANKS, ranks, rounds, suit
from test_rules_long_john import BLOCKS8, KITTY6, MOON7, MOON7_PLAY, clubs_duel

from hearts_referee.referee import ChosenBy, Code, Finding, MoonOption, MoonOutcome, replay
from hearts_referee.referee.findings import CardFaultFacts, ClaimFacts, RevokeFacts
from hearts_referee.referee.replay import Kitty
from hearts_referee.rulings import Status

NOBODY = dict.fromkeys(BLOCKS8, 0)


def keeper(deal: dict[str, str], play: str | list = "", **extra):
    """The keeper hand of a table, dealt by its last seat: its first seat leads."""
    seats = list(deal)
    return table("long-john", deal, play=play, hand_number=len(seats), dealer=seats[-1], **extra)


def six(play: str):
    """Six seats, hand 6 (the keeper), the kitty A♦ A♥."""
    return table("long-john", KITTY6, play=play, hand_number=6, dealer="F", kitty="AD AH")


def test_core_longjohn_cancellation_identical_cards_drop_out_and_the_highest_left_wins():
    deal = dict(
        BLOCKS8,
        A=suit("C"),
        B=" ".join(c for c in suit("C").split() if c != "KC") + " 2D",
        C="KC " + " ".join(f"{r}D" for r in RANKS[1:]),
    )
    played = replay(keeper(deal, play="A:AC B:AC C:KC D:2D E:2H F:2H G:2S H:2S"))
    assert in_play(played) == ()
    (first,) = played.tricks
    assert first.cancelled == (card("AC"), card("AC"))
    assert (first.winner, first.taken_by, first.points, first.to_middle) == ("C", "C", 2, False)


def test_core_longjohn_cancellation_a_trick_cancelled_out_goes_to_the_middle_and_the_next_winner():
    play = "A:5C B:5C C:2D D:2D E:2H F:2H G:2S H:2S  A:6C B:7C C:3D D:3D E:3H F:3H G:3S H:3S"
    played = replay(keeper(BLOCKS8, play=play))
    first, second = played.tricks
    assert (first.winner, first.to_middle, first.cancelled) == (None, True, (card("5C"), card("5C")))
    assert first.taken_by == "B"  # with the next trick won
    assert (second.leader, second.winner, second.collects) == ("A", "B", (1,))
    assert played.score.points == NOBODY | {"B": 4}


def test_core_longjohn_cancellation_of_the_last_trick_sends_the_pile_to_the_last_winner():
    played = replay(keeper(BLOCKS8, play=clubs_duel()))
    last = played.tricks[-1]
    assert (last.number, last.winner, last.to_middle, last.taken_by) == (13, None, True, "A")
    assert played.tricks[-2].winner == "A"
    assert played.complete is True and in_play(played) == ()
    assert played.score.points == NOBODY | {"A": 14, "B": 38}
    assert sum(played.score.points.values()) == 52


def test_core_longjohn_kitty_goes_with_the_first_trick_a_counter_is_played_to():
    played = replay(six("A:2C B:3C C:TD D:2S E:6S F:JS  B:4C C:JD D:3S E:7S F:QS A:5C"))
    assert played.kitty == Kitty((card("AD"), card("AH")), "A", 2)
    assert played.score.points["A"] == 13 + 1  # the Q♠ and the kitty's A♥


def test_core_longjohn_kitty_with_a_cancelled_counter_trick_goes_with_its_pile():
    play = "A:2C B:3C C:TD D:2S E:6S F:JS  B:4C C:JD D:3S E:7S F:QS A:4C  B:6C C:QD D:4S E:8S F:KS A:7C"
    played = replay(six(play))
    assert played.tricks[1].to_middle is True and played.tricks[1].taken_by == "A"
    assert played.tricks[2].collects == (2,)
    assert played.kitty == Kitty((card("AD"), card("AH")), "A", 3)


def test_core_longjohn_joker_led_to_the_last_trick_takes_it_and_the_moon_is_52():
    result = judged(keeper(MOON7, play=MOON7_PLAY))
    played = result.replay
    last = played.tricks[-1]
    assert (last.number, last.plays[0], last.winner) == (15, ("A", card("JK")), "A")
    assert played.tricks[0].cancelled == (card("2C"), card("2C")) and played.tricks[1].collects == (1,)
    assert in_play(played) == () and result.rulings == ()
    assert played.score.moon == MoonOutcome("A", MoonOption.ADD, ChosenBy.REFEREE)
    assert result.score == {seat: 0 if seat == "A" else 52 for seat in MOON7}


def test_core_longjohn_joker_played_to_the_last_trick_by_another_is_dead():
    deal = dict(MOON7, A=MOON7["A"].replace("JK", "AS"), G=MOON7["G"].replace("AS AS", "AS JK"))
    played = replay(keeper(deal, play=rounds(list("ABCDEFG"), deal)))
    last = played.tricks[-1]
    assert (last.plays[-1], last.winner) == (("G", card("JK")), "A")
    assert in_play(played) == ()


def test_core_longjohn_joker_played_before_the_last_trick_is_referred():
    result = judged(keeper(MOON7, play="A:JK B:2C C:3D D:JD E:5H F:KH G:7S"))
    assert in_play(result.replay) == (
        Finding(Code.JOKER_PLAYED_EARLY, "A", 1, card("JK"), 0, facts=CardFaultFacts()),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.rule) == (Status.REFERRED, None, "long-john/joker")


def test_core_longjohn_joker_led_early_is_settled_as_a_last_trick_and_the_ruling_says_so():
    """RULES, long-john joker: led before the last trick, the joker takes its trick for
    its leader, as it would on the last trick, whatever the others play."""
    result = judged(keeper(MOON7, play="A:JK B:2C C:3D D:JD E:5H F:KH G:7S"))
    assert result.replay.tricks[0].winner == "A" and result.replay.tricks[0].taken_by == "A"
    (ruling,) = on_play(result)
    assert ruling.explanation.endswith(
        "The trick is settled as a last trick would be: the joker was led, so A takes trick 1. "
        "Referred to the director."
    )


def test_core_longjohn_joker_followed_early_is_a_dead_card_and_the_ruling_says_so():
    """RULES, long-john joker: played to a trick someone else led, it is a dead card."""
    deal = dict(MOON7, G="JK " + MOON7["G"].replace(" AS AS", " AS"), A=MOON7["A"].replace("JK", "AS"))
    result = judged(keeper(deal, play=rounds(list("ABCDEFG"), deal, count=1)))
    first = result.replay.tricks[0]
    assert first.plays[-1][1] == card("JK") and first.taken_by != "G"
    (ruling,) = on_play(result)
    assert "settled as a last trick would be: the joker is a dead card." in ruling.explanation


def test_core_longjohn_moon_referee_picks_the_option_best_for_the_shooter():
    before = dict.fromkeys(MOON7, 50) | {"A": 70, "B": 10}  # adding ends it with B lowest
    played = replay(keeper(MOON7, play=MOON7_PLAY, scores_before=before))
    assert played.score.moon == MoonOutcome("A", MoonOption.SUBTRACT, ChosenBy.REFEREE)
    assert played.score.hand == dict.fromkeys(MOON7, 0) | {"A": -52}


def test_core_longjohn_moon_subtract_never_takes_a_total_below_zero():
    before = dict.fromkeys(MOON7, 60) | {"A": 32}
    played = replay(keeper(MOON7, play=MOON7_PLAY, moon_choice="subtract", scores_before=before))
    assert played.score.moon == MoonOutcome("A", MoonOption.SUBTRACT, ChosenBy.RECORD)
    assert played.score.hand["A"] == -32 and played.score.points["A"] == 52


def test_core_longjohn_claims_are_decided_by_search_under_cancellation():
    """Before the solver, every long-john claim was left undecided; now B's claim is
    refuted by A's A♣, which B's copy cannot cancel once B has led its 2♣."""
    order = "2C " + ranks("4-A", "C")
    first = "A:2C B:3C C:2D D:3D E:2H F:3H G:2S H:3S"
    played = replay(keeper(BLOCKS8, play=[*first.split(), {"seat": "B", "claims": {"order": order.split()}}]))
    (finding,) = played.findings
    assert (finding.code, finding.seat, finding.trick, finding.event) == (Code.CLAIM, "B", 2, 8)
    assert finding.facts == ClaimFacts(
        order=hand_of(order),
        holds=False,
        reason="the claim fails against this defence: "
        "trick 2: B 2♣ C A♦ D A♦ E A♥ F A♥ G A♠ H A♠ A A♣, A takes it",
    )
    assert played.complete is False


def test_core_longjohn_no_penalties_a_revoke_is_referred_without_points():
    deal = dict(
        BLOCKS8,
        C="2C " + " ".join(f"{r}D" for r in RANKS[1:]),
        A=" ".join(f"{r}C" for r in RANKS[1:]) + " 2D",
    )
    result = judged(keeper(deal, play="A:3C B:4C C:3D D:2D E:2H F:2H G:2S H:2S  B:5C"))
    assert in_play(result.replay) == (
        Finding(Code.REVOKE, "C", 1, card("3D"), 2, facts=RevokeFacts(all_points_played=False)),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.rule) == (Status.REFERRED, None, "long-john/follow-suit")
    assert result.penalties == NOBODY
