"""The play rules on the core's own values: leads, following suit, hearts, trick 1,
exposed and penalty cards, turn order.

Each test replays a typed record (``core_hands``) and asserts on ``Replay.tricks``,
the typed findings (code, seat, trick, card, event, facts) and the judged rulings
(``Status``, ``Penalty``), for the MSO schedule and, where it differs, for a
variant that refers everything.
"""

from __future__ import annotations

from core_hands import card, in_play, judged, on_play, record
from hands import ROUND_ROBIN, SUIT_BLOCKS, tricks
from test_rules_mso2000 import HEARTS_AND_QUEEN, POINTS_OUT_BY_TRICK_7, POINTS_OUT_EARLY

from hearts_referee.referee import Code, Finding, Trick, replay
from hearts_referee.referee.cards import Card
from hearts_referee.referee.findings import (
    CardFaultFacts,
    ExposedCardFacts,
    LeadOutOfTurnFacts,
    PenaltyCardNotPlayedFacts,
    PlayOutOfTurnFacts,
    RevokeFacts,
)
from hearts_referee.rulings import Penalty, Status

# E is void in clubs (and holds hearts and the Q♠ beside diamonds).
VOID_IN_CLUBS = dict(
    ROUND_ROBIN, E="2D 6D TD AD 3D 7D JD 5H 9H KH 4S 8S QS", S="4C 8C QC 3C 7C JC 2H 6H TH AH 5S 9S KS"
)


def plays(text: str) -> tuple[tuple[str, Card], ...]:
    """``plays("N:2C E:3C")``: the plays of one trick, as ``(seat, card)`` in the order made."""
    out = []
    for item in text.split():
        seat, code = item.split(":")
        out.append((seat, card(code)))
    return tuple(out)


# --- leads -------------------------------------------------------------------------------


def test_core_opening_lead_two_of_clubs_holder_leads_it_and_the_highest_club_wins():
    played = replay(record(play="N:2C E:3C S:4C W:5C"))
    assert in_play(played) == ()
    (first,) = played.tricks
    assert first == Trick(1, "N", plays("N:2C E:3C S:4C W:5C"), "W", 0, "W", (), ())
    assert played.complete is False and played.score.moon is None


def test_core_opening_lead_two_of_clubs_holder_leading_another_card_is_referred():
    result = judged(record(play="N:6C E:3C S:4C W:5C"))
    assert in_play(result.replay) == (
        Finding(Code.WRONG_FIRST_LEAD, "N", 1, card("6C"), 0, facts=CardFaultFacts(corrected=False)),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.rule) == (Status.REFERRED, None, "mso-2000/opening-lead")


def test_core_lead_out_of_turn_on_trick_1_stands_and_the_leader_is_who_led():
    result = judged(record(play="E:3C S:4C W:5C N:2C"))
    assert in_play(result.replay) == (
        Finding(Code.LEAD_OUT_OF_TURN, "E", 1, card("3C"), 0, facts=LeadOutOfTurnFacts(proper_leader="N")),
    )
    assert (result.replay.tricks[0].leader, result.replay.tricks[0].winner) == ("E", "W")
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.suggestion) == (Status.REFERRED, "let the lead stand")


def test_core_lead_out_of_turn_corrected_makes_a_penalty_card_and_the_lead_reverts():
    result = judged(record(play=tricks("N:2C E:3C S:4C W:5C", "N:6C N:~6C W:KC N:6C E:7C S:8C")))
    facts = LeadOutOfTurnFacts(proper_leader="W", corrected=True, penalty_card=card("6C"))
    assert in_play(result.replay) == (Finding(Code.LEAD_OUT_OF_TURN, "N", 2, card("6C"), 4, facts=facts),)
    second = result.replay.tricks[1]
    assert (second.leader, second.plays, second.winner) == ("W", plays("W:KC N:6C E:7C S:8C"), "W")
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty) == (Status.APPLIED, Penalty(0, card("6C")))


def test_core_lead_out_of_turn_the_table_played_on_stands_and_is_referred():
    result = judged(record(play=tricks("N:2C E:3C S:4C W:5C", "N:6C E:7C S:8C W:KC")))
    (finding,) = in_play(result.replay)
    assert finding.facts == LeadOutOfTurnFacts(proper_leader="W", corrected=False)
    assert (result.replay.tricks[1].leader, result.replay.tricks[1].winner) == ("N", "W")
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.suggestion) == (Status.REFERRED, None, "let the lead stand")


# --- follow suit, revoke, renounce ----------------------------------------------------------


def test_core_follow_suit_void_player_may_discard_and_highest_of_the_suit_led_wins():
    played = replay(record(held=VOID_IN_CLUBS, play="N:2C E:AD S:QC W:KC"))
    assert in_play(played) == ()
    assert (played.tricks[0].winner, played.tricks[0].points) == ("W", 0)


def test_core_revoke_costs_26_once_play_goes_on():
    result = judged(record(play="N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"))
    assert in_play(result.replay) == (
        Finding(Code.REVOKE, "E", 1, card("2D"), 1, facts=RevokeFacts(all_points_played=False)),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.rule) == (Status.APPLIED, Penalty(26), "mso-2000/revoke")
    assert result.penalties == {"N": 0, "E": 26, "S": 0, "W": 0} == result.score


def test_core_revoke_is_waived_when_all_point_cards_were_already_played():
    play = tricks(POINTS_OUT_BY_TRICK_7, "W:QC N:2D E:6C S:9C", "W:7S N:3D E:7C S:TC")
    result = judged(record(held=POINTS_OUT_EARLY, play=play))
    assert in_play(result.replay) == (
        Finding(Code.REVOKE, "N", 8, card("2D"), 29, facts=RevokeFacts(all_points_played=True)),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty) == (Status.WAIVED, None)
    assert result.penalties["N"] == 0 and result.score == result.replay.score.hand


def test_core_revoke_without_a_schedule_is_referred_without_points():
    result = judged(record("standard", hand_number=4, play="N:2C E:2D S:4C W:5C W:KC"))
    (ruling,) = on_play(result)
    assert (ruling.code, ruling.status, ruling.penalty) == (Code.REVOKE, Status.REFERRED, None)
    assert result.penalties == {"N": 0, "E": 0, "S": 0, "W": 0}


def test_core_renounce_corrected_before_established_becomes_a_penalty_card():
    result = judged(record(play="N:2C E:2D E:~2D E:3C S:4C W:5C"))
    facts = RevokeFacts(all_points_played=False, corrected=True, penalty_card=card("2D"))
    assert in_play(result.replay) == (Finding(Code.RENOUNCE, "E", 1, card("2D"), 1, facts=facts),)
    assert result.replay.tricks[0].plays == (
        ("N", card("2C")),
        ("E", card("3C")),
        ("S", card("4C")),
        ("W", card("5C")),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty) == (Status.APPLIED, Penalty(0, card("2D")))


def test_core_renounce_after_the_trick_is_complete_reopens_it():
    played = replay(record(play="N:2C E:2D S:4C W:5C E:~2D E:3C W:KC"))
    assert [f.code for f in in_play(played)] == [Code.RENOUNCE]
    first = played.tricks[0]
    assert first.plays == (
        ("N", card("2C")),
        ("S", card("4C")),
        ("W", card("5C")),
        ("E", card("3C")),
    )
    assert (first.winner, first.taken_by) == ("W", "W")


# --- hearts broken, early hearts, first trick -------------------------------------------------


def test_core_hearts_broken_by_the_queen_of_spades_lets_a_heart_be_led():
    play = tricks("N:2C E:3C S:4C W:5C", "W:AS N:3S E:QS S:5S", "W:3H N:4H E:5H S:6H")
    played = replay(record(play=play))
    assert in_play(played) == ()
    assert [(t.winner, t.points) for t in played.tricks] == [("W", 0), ("W", 13), ("S", 4)]
    assert played.score.points == {"N": 0, "E": 0, "S": 4, "W": 13}


def test_core_hearts_broken_leader_holding_only_hearts_and_the_queen_may_lead_a_heart_under_mso():
    play = tricks("N:2C E:8C S:JC W:AC", "W:2H N:QH E:2S S:AH")
    assert in_play(replay(record(held=HEARTS_AND_QUEEN, play=play))) == ()
    (finding,) = in_play(replay(record("standard", hand_number=4, held=HEARTS_AND_QUEEN, play=play)))
    assert (finding.code, finding.seat, finding.card) == (Code.EARLY_HEART, "W", card("2H"))


def test_core_early_heart_that_stands_costs_5():
    result = judged(record(play=tricks("N:2C E:3C S:4C W:5C", "W:3H N:4H E:5H S:6H")))
    assert in_play(result.replay) == (
        Finding(Code.EARLY_HEART, "W", 2, card("3H"), 4, facts=CardFaultFacts(corrected=False)),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.rule) == (
        Status.APPLIED,
        Penalty(5),
        "mso-2000/premature-heart",
    )
    assert result.replay.score.points == {"N": 0, "E": 0, "S": 4, "W": 0}
    assert result.score == {"N": 0, "E": 0, "S": 4, "W": 5}


def test_core_early_heart_corrected_costs_5_and_becomes_a_penalty_card():
    result = judged(record(play=tricks("N:2C E:3C S:4C W:5C", "W:3H W:~3H W:AS N:3S E:4S S:5S")))
    facts = CardFaultFacts(corrected=True, penalty_card=card("3H"))
    assert in_play(result.replay) == (Finding(Code.EARLY_HEART, "W", 2, card("3H"), 4, facts=facts),)
    assert result.replay.tricks[1].plays[0] == ("W", card("AS"))
    (ruling,) = on_play(result)
    assert ruling.penalty == Penalty(5, card("3H"))


def test_core_first_trick_point_card_while_holding_others_is_referred():
    result = judged(record(held=VOID_IN_CLUBS, play="N:2C E:QS S:4C W:5C"))
    assert in_play(result.replay) == (
        Finding(Code.POINT_CARD_ON_FIRST_TRICK, "E", 1, card("QS"), 1, facts=CardFaultFacts()),
    )
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty) == (Status.REFERRED, None)
    assert result.replay.score.points["W"] == 13 and result.penalties["E"] == 0


def test_core_first_trick_point_card_allowed_when_holding_nothing_else():
    held = {
        "N": SUIT_BLOCKS["W"],
        "E": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
        "S": SUIT_BLOCKS["S"],
        "W": "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    }
    played = replay(record(held=held, play="N:2C E:2H S:2D W:2S"))
    assert in_play(played) == ()
    assert (played.tricks[0].winner, played.tricks[0].points) == ("N", 1)


# --- exposed and penalty cards, turn order ------------------------------------------------------


def test_core_exposed_card_becomes_a_penalty_card_where_the_variant_has_them():
    result = judged(record(play="N:2C E:!KH E:3C S:4C W:5C"))
    facts = ExposedCardFacts(withdrawn=False, penalty_card=card("KH"))
    assert in_play(result.replay) == (Finding(Code.EXPOSED_CARD, "E", 1, card("KH"), 1, facts=facts),)
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty) == (Status.APPLIED, Penalty(0, card("KH")))
    assert result.score["E"] == 0


def test_core_exposed_card_without_penalty_cards_is_only_referred():
    result = judged(record("standard", hand_number=4, play="N:2C E:!KH E:3C S:4C W:5C"))
    (finding,) = in_play(result.replay)
    assert finding.facts == ExposedCardFacts(withdrawn=False, penalty_card=None)
    assert finding.penalty_card is None
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.penalty, ruling.rule) == (Status.REFERRED, None, "standard/no-penalties")


def test_core_exposed_card_a_legal_card_taken_back_is_exposed_and_owed_at_once():
    played = replay(record(play="N:2C E:3C E:~3C E:7C S:4C W:5C"))
    facts = ExposedCardFacts(withdrawn=True, penalty_card=card("3C"))
    assert in_play(played) == (
        Finding(Code.EXPOSED_CARD, "E", 1, card("3C"), 2, facts=facts),
        # 3♣ is now a penalty card and still a legal follow: 7♣ instead misses it
        Finding(
            Code.PENALTY_CARD_NOT_PLAYED,
            "E",
            1,
            card("3C"),
            3,
            facts=PenaltyCardNotPlayedFacts(played=card("7C")),
        ),
    )
    assert played.tricks[0].plays[1] == ("E", card("7C"))
    assert (played.tricks[0].winner, played.tricks[0].taken_by) == ("E", "E")


def test_core_penalty_card_not_played_at_the_first_legal_opportunity_is_referred():
    result = judged(record(play=tricks("N:2C E:2D E:~2D E:3C S:4C W:5C", "W:4D N:5D E:6D S:7D")))
    assert [f.code for f in in_play(result.replay)] == [Code.RENOUNCE, Code.PENALTY_CARD_NOT_PLAYED]
    missed = result.replay.findings[1]
    assert missed == Finding(
        Code.PENALTY_CARD_NOT_PLAYED,
        "E",
        2,
        card("2D"),
        8,
        facts=PenaltyCardNotPlayedFacts(played=card("6D")),
    )
    assert [(r.status, r.penalty) for r in on_play(result)] == [
        (Status.APPLIED, Penalty(0, card("2D"))),
        (Status.REFERRED, None),
    ]


def test_core_penalty_card_played_when_due_is_no_irregularity():
    played = replay(record(play=tricks("N:2C E:2D E:~2D E:3C S:4C W:5C", "W:4D N:5D E:2D S:7D")))
    assert [f.code for f in in_play(played)] == [Code.RENOUNCE]
    assert played.tricks[1].plays[2] == ("E", card("2D"))


def test_core_turn_order_a_card_played_before_its_turn_names_whose_turn_it_was():
    result = judged(record(play="N:2C S:4C E:3C W:5C"))
    assert in_play(result.replay) == (
        Finding(Code.PLAY_OUT_OF_TURN, "S", 1, card("4C"), 1, facts=PlayOutOfTurnFacts(expected="E")),
    )
    assert result.replay.tricks[0].plays == plays("N:2C S:4C E:3C W:5C")
    (ruling,) = on_play(result)
    assert (ruling.status, ruling.rule) == (Status.REFERRED, "mso-2000/turn-order")
