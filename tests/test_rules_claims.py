"""Claims as the record states them, through the JSON record and the audit.

RULES, claims clause (in the project's words): a claim says what the claimer
takes of the rest of the hand and in which order they will play; the referee
searches every legal defence, reports whether the claim holds with a refuting
line when it does not, and refers it to the director with a suggestion.
"""

from __future__ import annotations

import pytest
from core_hands import typed
from hands import ROUND_ROBIN, claim, hand, ruling

from hearts_referee.referee import RecordError
from hearts_referee.referee.notation import record_data
from hearts_referee.referee.reader import read_record
from hearts_referee.validate import validate_hand

FIRST_TRICK = ["N:2C", "E:3C", "S:4C", "W:5C"]


def claims(seat: str, **terms: object) -> dict[str, object]:
    return {"seat": seat, "claims": dict(terms)}


def test_claim_without_what_is_a_claim_to_every_trick_as_before():
    order = "KC 9C 4D 8D QD 3H 7H JH 2S 6S TS AS"
    result = validate_hand(hand(play=[*FIRST_TRICK, claim("W", order)]))
    found = ruling(result, "claim")
    assert found["explanation"].startswith("W claimed the remaining tricks, announcing the order K♣ 9♣")


def test_claim_no_more_points_without_an_order_is_searched_and_referred():
    result = validate_hand(hand(play=[*FIRST_TRICK, claims("W", what="no-more-points")]))
    found = ruling(result, "claim")
    assert found["status"] == "referred"
    assert "W claimed to take no more point card, announcing no order" in found["explanation"]
    assert result["complete"] is False  # only a claim to every trick settles the hand


def test_claim_points_needs_its_points():
    with pytest.raises(RecordError) as error:
        validate_hand(hand(play=[*FIRST_TRICK, claims("W", what="points")]))
    assert [(p.pointer, p.code) for p in error.value.problems] == [("/play/4/claims/points", "required")]


def test_claim_points_only_with_a_points_claim():
    with pytest.raises(RecordError) as error:
        validate_hand(hand(play=[*FIRST_TRICK, claims("W", what="concede", points=3)]))
    assert [(p.pointer, p.code) for p in error.value.problems] == [("/play/4/claims/points", "not_allowed")]


def test_claim_to_every_trick_needs_its_order():
    with pytest.raises(RecordError) as error:
        validate_hand(hand(play=[*FIRST_TRICK, claims("W", what="all-tricks")]))
    assert [(p.pointer, p.code) for p in error.value.problems] == [("/play/4/claims/order", "required")]


def test_claim_with_an_unknown_what_is_located():
    with pytest.raises(RecordError) as error:
        validate_hand(hand(play=[*FIRST_TRICK, claims("W", what="most")]))
    assert [(p.pointer, p.code) for p in error.value.problems] == [("/play/4/claims/what", "invalid_choice")]


@pytest.mark.parametrize(
    "terms",
    [
        {"order": ROUND_ROBIN["W"].split()[1:]},
        {"what": "points", "points": 4},
        {"what": "concede", "order": ROUND_ROBIN["W"].split()[1:]},
    ],
)
def test_claim_terms_write_out_and_read_back(terms: dict[str, object]):
    record = typed(hand(play=[*FIRST_TRICK, claims("W", **terms)]))
    written = record_data(record)
    assert written["play"][-1] == {"seat": "W", "claims": terms}
    assert read_record(written) == record


def test_claim_ruling_shows_the_position_at_the_claim_and_the_refuting_line():
    """The director's view: each seat's cards at the claim, the announced order and
    the refuting line trick by trick, in the ruling the director's page shows."""
    order = "KC 9C 4D 8D QD 3H 7H JH 2S 6S TS AS"
    found = ruling(validate_hand(hand(play=[*FIRST_TRICK, claim("W", order)])), "claim")
    assert "At the claim: N 6♣ 10♣ A♣" in found["explanation"]
    assert "W 9♣ K♣ 4♦ 8♦ Q♦ 3♥ 7♥ J♥ 2♠ 6♠ 10♠ A♠." in found["explanation"]
    assert "trick 2: W K♣ N A♣ E J♣ S Q♣, N takes it" in found["explanation"]


def test_claim_mid_trick_is_searched_from_the_cards_already_on_the_trick():
    """W has led 3♣ to trick 2 and N, holding only hearts, claims no more tricks: W's
    clubs win every trick whatever N discards, so the claim holds (referred)."""
    from hands import SUIT_BLOCKS, block_tricks

    play = [*block_tricks(count=1).split(), "W:3C", claims("N", what="no-more-tricks")]
    result = validate_hand(hand(held=SUIT_BLOCKS, play=play))
    found = ruling(result, "claim")
    assert (found["seat"], found["trick"], found["status"]) == ("N", 2, "referred")
    assert "The referee finds that no defence gives the claimant another trick" in found["explanation"]
    assert found["suggestion"] == "award the remaining tricks to the other seats; N takes no more"
    assert result["complete"] is False
