"""Random legal playouts as a standing test: the engine against an independent generator.

``playout`` deals, passes and plays hands by its own reading of RULES.md (no
import from ``referee``). A legal hand must come back with no rulings and the
score the generator counts; a hand with one planted revoke must come back
with that revoke, once, where it was put. Seeds are drawn by hypothesis, so
a failure prints the seed that rebuilds the hand.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support import examples

import playout
from hearts_referee.validate import validate_hand

VARIANTS = tuple(playout.RULES)
"""The four-seat, 26-point variants playout's one generator plays here (the others have generators
of their own, compared in ``test_engine_against_playout``, which asks for every registered variant)."""
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
# Every run draws new seeds; counts sized so the whole suite stays within five minutes on
# 2 cores (they were 300 and 150). The @example cases pin the edges, every run.
MANY = settings(max_examples=examples(200), deadline=None)
SOME = settings(max_examples=examples(100), deadline=None)


DEALS = {
    "shuffled": playout.random_hand,
    "lumpy": playout.random_lumpy_hand,
    "stacked": lambda rng, variant: playout.random_edge_hand(rng, variant)[0],
}
"""Where legal hands come from: shuffled deals, near suit-blocks, and hands stacked
for the first-trick and hearts-broken exceptions."""


def codes(result: dict[str, Any]) -> list[str]:
    return [ruling["code"] for ruling in result["rulings"]]


# -- clean hands ----------------------------------------------------------------


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("variant", VARIANTS)
@MANY
@given(seed=SEEDS, write_scores=st.booleans())
def test_random_legal_hand_has_no_rulings_and_26_points(
    variant: str, deal: str, seed: int, write_scores: bool
) -> None:
    record = DEALS[deal](random.Random(seed), variant)
    expected = playout.expected_score(record)
    if write_scores:  # the table wrote the right scores: no score_mismatch either
        record["claimed"] = expected
    result = validate_hand(record)
    assert codes(result) == []
    assert result["complete"] is True and result["void"] is False
    points = playout.card_points(record)
    assert result["points"] == points
    assert sum(result["points"].values()) == 26
    assert result["penalties"] == dict.fromkeys(playout.SEATS, 0)
    assert result["score"] == expected
    if playout.moon_shooter(points) is None:
        assert result["moon"] is None
        assert result["score"] == points


@pytest.mark.parametrize("variant", VARIANTS)
@MANY
@given(seed=SEEDS)
def test_random_legal_hand_tricks_are_won_by_the_highest_card_of_the_suit_led(
    variant: str, seed: int
) -> None:
    record = playout.random_hand(random.Random(seed), variant)
    tricks = validate_hand(record)["tricks"]
    expected = playout.tricks_of(record)
    assert len(tricks) == 13
    for number, (trick, plays) in enumerate(zip(tricks, expected, strict=True), start=1):
        assert trick["number"] == number
        assert [(p["seat"], p["card"]) for p in trick["plays"]] == plays
        assert trick["leader"] == plays[0][0]
        assert trick["winner"] == playout.trick_winner(plays)
        assert trick["points"] == sum(playout.points(card) for _, card in plays)


@pytest.mark.parametrize("variant", VARIANTS)
@SOME
@given(seed=SEEDS)
def test_leader_holding_only_hearts_and_queen_may_lead_a_heart_only_under_mso2000(
    variant: str, seed: int
) -> None:
    record, seat, _ = playout.random_edge_hand(random.Random(seed), variant, "hearts_and_queen")
    first = playout.tricks_of(record)[0]
    assert playout.trick_winner(first) == seat  # A♣ won trick 1; hearts are not broken
    held = [event["card"] for event in record["play"][4:] if event["seat"] == seat]
    heart = random.Random(seed).choice([card for card in held if card[1] == "H"])
    record["play"] = [*record["play"][:4], {"seat": seat, "card": heart}]  # stop after the lead
    result = validate_hand(record)
    assert result["complete"] is False
    if variant == "mso-2000":
        assert codes(result) == ["play_incomplete"]
    else:
        assert codes(result) == ["early_heart", "play_incomplete"]
        early = result["rulings"][0]
        assert (early["seat"], early["trick"], early["card"]) == (seat, 2, heart)


# -- the moon -------------------------------------------------------------------


@MANY
@given(seed=SEEDS)
def test_standard_moon_scores_0_for_the_shooter_and_26_for_each_other(seed: int) -> None:
    record, shooter = playout.random_moon_hand(random.Random(seed), "standard")
    result = validate_hand(record)
    assert codes(result) == []
    assert result["points"][shooter] == 26
    assert result["moon"] == {"seat": shooter, "option": "add", "chosen_by": "referee"}
    assert result["score"] == {seat: 0 if seat == shooter else 26 for seat in playout.SEATS}


def mso_subtract_open(scores_before: dict[str, int] | None, shooter: str) -> bool:
    """RULES.md, mso-2000 moon, restated once more in the test's own words."""
    before = scores_before or dict.fromkeys(playout.SEATS, 0)
    if all(total < 74 for total in before.values()):
        return False
    after_add = {seat: total + (0 if seat == shooter else 26) for seat, total in before.items()}
    game_ends = any(total >= 100 for total in after_add.values())
    return not (game_ends and after_add[shooter] <= min(after_add.values()))


@MANY
@given(seed=SEEDS)
def test_mso2000_moon_subtracts_only_when_someone_had_74_and_adding_would_not_win_it(seed: int) -> None:
    record, shooter = playout.random_moon_hand(random.Random(seed), "mso-2000")
    result = validate_hand(record)
    assert codes(result) == []
    if mso_subtract_open(record.get("scores_before"), shooter):
        assert result["moon"] == {"seat": shooter, "option": "subtract", "chosen_by": "referee"}
        assert result["score"] == {seat: -26 if seat == shooter else 0 for seat in playout.SEATS}
    else:
        assert result["moon"] == {"seat": shooter, "option": "add", "chosen_by": "referee"}
        assert result["score"] == {seat: 0 if seat == shooter else 26 for seat in playout.SEATS}
    assert result["score"] == playout.expected_score(record)


@pytest.mark.parametrize("variant", VARIANTS)
@SOME
@given(seed=SEEDS, choice=st.sampled_from(["add", "subtract"]))
def test_recorded_moon_choice_stands_where_the_variant_allows_it(
    variant: str, seed: int, choice: str
) -> None:
    record, shooter = playout.random_moon_hand(random.Random(seed), variant)
    record["moon_choice"] = choice
    result = validate_hand(record)
    allowed = variant == "mso-2000" and mso_subtract_open(record.get("scores_before"), shooter)
    if choice == "subtract" and not allowed:
        assert codes(result) == ["moon_choice_not_allowed"]
        assert result["moon"] == {"seat": shooter, "option": "add", "chosen_by": "referee"}
    else:
        assert codes(result) == []
        assert result["moon"] == {"seat": shooter, "option": choice, "chosen_by": "record"}
    assert result["score"] == playout.expected_score(record)


# -- one planted revoke ---------------------------------------------------------


def check_revoke(record: dict[str, Any], seat: str, trick: int) -> dict[str, Any]:
    """The revoke is found once, where it was planted, and scored by the variant's schedule."""
    result = validate_hand(record)
    revokes = [r for r in result["rulings"] if r["code"] == "revoke"]
    assert len(revokes) == 1, codes(result)
    assert set(codes(result)) <= {"revoke", "moon_stopped_by_revoke"}
    revoke = revokes[0]
    assert (revoke["seat"], revoke["trick"]) == (seat, trick)
    assert revoke["card"] == dict(playout.tricks_of(record)[trick - 1])[seat]
    assert revoke["rule"] == f"{record['variant']}/" + (
        "revoke" if record["variant"] == "mso-2000" else "follow-suit"
    )
    penalties = dict.fromkeys(playout.SEATS, 0)
    if record["variant"] == "mso-2000":
        waived = playout.point_cards_before(record, seat, trick) == 14
        assert revoke["status"] == ("waived" if waived else "applied")
        assert revoke["penalty"] == (None if waived else {"points": 26})
        penalties[seat] = 0 if waived else 26
    else:
        assert revoke["status"] == "referred" and revoke["penalty"] is None
    assert result["complete"] is True
    assert result["points"] == playout.card_points(record)
    assert result["penalties"] == penalties
    card_score = playout.expected_score(record, penalties)
    assert result["score"] == {s: card_score[s] + penalties[s] for s in playout.SEATS}
    return result


@pytest.mark.parametrize("variant", VARIANTS)
@MANY
@given(seed=SEEDS)
def test_random_revoke_is_found_once_at_its_seat_and_trick(variant: str, seed: int) -> None:
    record, seat, trick = playout.random_hand_with_revoke(random.Random(seed), variant)
    check_revoke(record, seat, trick)


@SOME
@given(seed=SEEDS)
def test_mso2000_revoke_after_all_points_played_is_waived(seed: int) -> None:
    record, seat, trick = playout.random_hand_with_revoke(
        random.Random(seed), "mso-2000", after_all_points=True
    )
    result = check_revoke(record, seat, trick)
    assert result["penalties"][seat] == 0


@pytest.mark.parametrize("variant", VARIANTS)
@MANY
@given(seed=SEEDS)
@example(seed=435940639)  # the revoker takes every point card: nobody else was on a moon
def test_revoke_cannot_stop_a_moon_is_referred_exactly_when_the_revoker_took_the_rest(
    variant: str, seed: int
) -> None:
    record, seat, trick, _ = playout.random_moon_try_with_revoke(random.Random(seed), variant)
    result = check_revoke(record, seat, trick)
    stopped = [r for r in result["rulings"] if r["code"] == "moon_stopped_by_revoke"]
    expected = playout.stopped_moon(record, seat, trick) if variant == "mso-2000" else None
    if expected is None:
        assert stopped == []
    else:
        assert [(r["seat"], r["trick"], r["status"]) for r in stopped] == [(expected, trick, "referred")]
        # RULES: the moon is suggested only when the search from the revoke proves it;
        # otherwise the explanation shows how the revoker, following suit, stops it
        suggestion = stopped[0]["suggestion"]
        assert suggestion in (f"moon awarded to {expected}", "moon not proven")
        if suggestion == "moon not proven":
            assert (
                f"{seat} can stop the moon (" in stopped[0]["explanation"]
                or "budget" in stopped[0]["explanation"]
            )
        else:
            assert "still takes every point card" in stopped[0]["explanation"]


# -- any random hand --------------------------------------------------------------


@st.composite
def any_random_hand(draw: st.DrawFn) -> dict[str, Any]:
    """A clean hand, a moon, a revoke or a moon try with a revoke, in either variant."""
    rng = random.Random(draw(SEEDS))
    variant = draw(st.sampled_from(VARIANTS))
    kind = draw(st.sampled_from(["clean", "moon", "revoke", "moon_revoke"]))
    if kind == "clean":
        return playout.random_hand(rng, variant, draw(st.none() | st.integers(1, 40)))
    if kind == "moon":
        return playout.random_moon_hand(rng, variant)[0]
    if kind == "revoke":
        return playout.random_hand_with_revoke(rng, variant)[0]
    return playout.random_moon_try_with_revoke(rng, variant)[0]


@MANY
@given(record=any_random_hand())
def test_random_hand_round_trips_through_json_and_audit_never_raises(record: dict[str, Any]) -> None:
    data = json.loads(json.dumps(record))
    result = validate_hand(data)
    assert data == record  # the audit leaves its input alone
    assert json.loads(json.dumps(result)) == result
    assert [p for t in result["tricks"] for p in t["plays"]] == record["play"]
