"""Long John claims with a cancelled trick's pile waiting in the middle: solver, replay and API.

RULES, claims clause: a pile waiting when the claim is made holds cards played
before the claim. It is not one of the remaining tricks and never enters a
count of them, but, as in play, it goes with the next trick won, and its point
cards count toward a points or no-more-points claim when they reach the
claimant. Each case is played at 6, 7 and 8 seats, the claim made on lead
(A leads) and mid-trick (H has led a low spade and A plays next), with two
tricks to go: the other seats hold diamonds, which they discard.
"""

from __future__ import annotations

import pytest
from core_hands import hand_of
from test_core_long_john import keeper

from hearts_referee.referee import VARIANTS, Card, Code, cards, replay
from hearts_referee.referee.record import ClaimKind
from hearts_referee.referee.solver import Claim, Position, solve

LONG_JOHN = VARIANTS["long-john"]
FILLER = "2D 3D"


def waiting(seats: int, mid_trick: bool, held: dict[str, str], pile: tuple[int, int, int]) -> Position:
    """Two tricks to go at a table of ``seats``; ``held`` the cards of some seats (the rest
    hold two diamonds); ``pile`` the cancelled tricks waiting (tricks, points, point cards)."""
    names = "ABCDEFGH"[:seats]
    last = names[-1]
    hands = {seat: held.get(seat, FILLER) for seat in names}
    plays: tuple[tuple[int, Card], ...] = ()
    if mid_trick:  # the seat before A has led 4S and holds one card more to play
        hands[last] = "2D"
        plays = ((seats - 1, Card.parse("4S")),)
    size = LONG_JOHN.hand_size(seats)
    return Position(
        variant=LONG_JOHN,
        seats=tuple(names),
        hands=tuple(tuple(sorted(cards(hands[seat]))) for seat in names),
        number=size - 1,
        leader=seats - 1 if mid_trick else 0,
        plays=plays,
        broken=True,
        penalty=tuple(() for _ in names),
        hand_size=size,
        pile=pile,
        last_winner=1,
        others_took_points=True,
    )


TABLES = pytest.mark.parametrize("seats", [6, 7, 8])
WHEN = pytest.mark.parametrize("mid_trick", [False, True], ids=["on-lead", "mid-trick"])


@TABLES
@WHEN
def test_all_tricks_claim_that_wins_both_remaining_tricks_holds_the_pile_not_counted(seats, mid_trick):
    pos = waiting(seats, mid_trick, {"A": "AS AH"}, (1, 2, 2))
    verdict = solve(pos, Claim("A", order=hand_of("AS AH")))
    assert verdict.holds is True
    assert verdict.worst is not None and verdict.worst.tricks == 2  # the two remaining, not 3
    assert verdict.worst.points == 2 + 1  # the pile's two hearts with the next trick, and A♥
    assert verdict.suggestion == "award the remaining tricks to A"
    assert "waiting in the middle is not one of the remaining tricks" in verdict.reason


@TABLES
@WHEN
def test_all_tricks_claim_that_loses_a_trick_fails_though_the_pile_makes_up_the_count(seats, mid_trick):
    """A takes the next trick and the pile with it, then B's K♥ beats A's 2♥: one trick of
    the two remaining. Counting the pile as a trick would make it two of two."""
    pos = waiting(seats, mid_trick, {"A": "AS 2H", "B": "KH 2D"}, (1, 0, 0))
    verdict = solve(pos, Claim("A", order=hand_of("AS 2H")))
    assert verdict.holds is False
    assert verdict.worst is not None and verdict.worst.tricks == 1
    assert "at worst the claimant takes 1 of the 2 remaining tricks" in verdict.reason
    assert verdict.refutation[-1].taken_by == "B"


@TABLES
@WHEN
def test_no_more_points_fails_when_the_waiting_pile_reaches_the_claimant(seats, mid_trick):
    """No card of the two tricks is a point card, but A's A♠ takes the pile of five hearts."""
    pos = waiting(seats, mid_trick, {"A": "AS 2S"}, (1, 5, 5))
    verdict = solve(pos, Claim("A", ClaimKind.NO_MORE_POINTS, hand_of("AS 2S")))
    assert verdict.holds is False
    assert verdict.worst is not None and verdict.worst.point_cards == 5
    assert "at worst the claimant takes 5 more point cards" in verdict.reason


@TABLES
@WHEN
def test_no_more_points_holds_when_another_seat_takes_the_waiting_pile(seats, mid_trick):
    pos = waiting(seats, mid_trick, {"A": "2S 3S", "B": "AS KS"}, (1, 5, 5))
    verdict = solve(pos, Claim("A", ClaimKind.NO_MORE_POINTS, hand_of("2S 3S")))
    assert verdict.holds is True
    assert verdict.worst is not None and (verdict.worst.tricks, verdict.worst.point_cards) == (0, 0)


@TABLES
@WHEN
def test_points_claim_counts_the_queen_in_the_pile_that_reaches_the_claimant(seats, mid_trick):
    pos = waiting(seats, mid_trick, {"A": "AS 2S"}, (1, 13, 1))
    verdict = solve(pos, Claim("A", ClaimKind.POINTS, hand_of("AS 2S"), points=4))
    assert verdict.holds is False
    assert verdict.worst is not None and (verdict.worst.tricks, verdict.worst.points) == (2, 13)
    assert "at worst the claimant takes 13 more points" in verdict.reason


@TABLES
@WHEN
def test_points_claim_holds_when_the_pile_goes_to_another_seat(seats, mid_trick):
    pos = waiting(seats, mid_trick, {"A": "2S 3S", "B": "AS KS"}, (1, 13, 1))
    verdict = solve(pos, Claim("A", ClaimKind.POINTS, hand_of("2S 3S"), points=4))
    assert verdict.holds is True and verdict.worst is not None and verdict.worst.points == 0


# --- the replay that calls the solver: a claim that holds settles the hand, pile included -----

PILE_DEAL = {
    "A": "5C AH AH KH KH QH QH JH JH TH TH 9H 9H",
    "B": "5C 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H",
    "C": "8H 8H 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D",
    "D": "2C 3C 4C 6C 7C 8C 9C TC JC QC KC AC 7D",
    "E": "2C 3C 4C 6C 7C 8C 9C TC JC QC KC AC 8D",
    "F": "8D 9D 9D TD TD JD JD QD QD KD KD AD AD",
    "G": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "H": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
}
PILE_TRICKS = {
    "A": "AH AH KH KH QH QH JH JH TH",
    "B": "2H 2H 3H 3H 4H 4H 5H 5H 6H",
    "C": "8H 8H 2D 2D 3D 3D 4D 4D 5D",
    "D": "3C 4C 6C 7C 8C 9C TC JC QC",
    "E": "3C 4C 6C 7C 8C 9C TC JC QC",
    "F": "8D 9D 9D TD TD JD JD QD QD",
    "G": "2S 3S 4S 5S 6S 7S 8S 9S TS",
    "H": "2S 3S 4S 5S 6S 7S 8S 9S TS",
}


def test_an_all_tricks_claim_over_a_waiting_pile_holds_and_the_pile_goes_to_the_claimant():
    """Eight seats: A leads nine heart tricks, then trick 10 cancels (both 5♣, both 2♣) with
    G's Q♠ in it and goes to the middle; A claims the last three with T♥ 9♥ 9♥. The claim
    holds (three of the three remaining), and the settled hand gives A the pile too: every
    one of the 52 points, a moon."""
    plays = [f"{seat}:{PILE_TRICKS[seat].split()[k]}" for k in range(9) for seat in "ABCDEFGH"]
    plays += ["A:5C", "B:5C", "C:5D", "D:2C", "E:2C", "F:KD", "G:QS", "H:JS"]
    played = replay(keeper(PILE_DEAL, play=[*plays, {"seat": "A", "claims": {"order": ["TH", "9H", "9H"]}}]))
    (finding,) = played.findings
    assert finding.code == Code.CLAIM and finding.facts.holds is True
    assert "pile of a cancelled trick (13 points) waiting in the middle" in finding.facts.reason
    assert played.tricks[-1].to_middle is True
    assert played.complete is True and played.score.points["A"] == 52
    assert sum(played.score.points.values()) == 52


def test_through_the_api_the_ruling_reads_three_of_three_and_the_hand_scores_52(client):
    """The same hand as a scoring app sends it to ``POST /v1/hands/validate``: A took all
    52 points, a moon (52 added to every other seat)."""
    plays = [{"seat": seat, "card": PILE_TRICKS[seat].split()[k]} for k in range(9) for seat in "ABCDEFGH"]
    plays += [
        {"seat": s, "card": c}
        for s, c in zip("ABCDEFGH", ["5C", "5C", "5D", "2C", "2C", "KD", "QS", "JS"], strict=True)
    ]
    record = {
        "variant": "long-john",
        "seats": list("ABCDEFGH"),
        "dealer": "H",
        "hand_number": 8,
        "deal": {seat: cards.split() for seat, cards in PILE_DEAL.items()},
        "passes": {},
        "play": [*plays, {"seat": "A", "claims": {"order": ["TH", "9H", "9H"]}}],
    }
    response = client.post("/v1/hands/validate", json=record)
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    (claim,) = [r for r in result["rulings"] if r["code"] == "claim"]
    assert "wins every remaining trick against any defence" in claim["explanation"]
    assert "waiting in the middle is not one of the remaining tricks" in claim["explanation"]
    assert result["points"]["A"] == 52 and sum(result["points"].values()) == 52  # every point: a moon
    assert result["score"] == {"A": 0} | dict.fromkeys("BCDEFGH", 52)
