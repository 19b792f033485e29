"""OpenSpiel's hearts and our records: random games played by ``pyspiel`` (several sets of its
game parameters) read as our records with no ruling, scored as OpenSpiel scores them, and
written back to the same actions; the parameters our variants cannot say, and the records
OpenSpiel's hearts cannot play, refused by name.

How the scores relate, from OpenSpiel's ``hearts.cc``: a player's points are 1 a heart, 13 the
Q♠, -10 the J♦ with ``jd_bonus``, and a moon (one player taking every heart and the Q♠) takes
26 off the shooter's points and adds 26 to each other player's; ``state.returns()`` is 26 less
the points, so that more is better. Our score for the hand is the points, so for every seat
``score == 26 - returns``.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

from hearts_referee import (
    OpenSpielError,
    RecordError,
    from_openspiel,
    to_openspiel,
    validate_hand,
    write_notation,
)
from hearts_referee.schemas import openspiel

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SOME = settings(max_examples=examples(60), deadline=None)

PARAMETER_SETS: list[dict[str, bool]] = [
    {},
    {"pass_cards": False},
    {"jd_bonus": True},
    {"no_pts_on_first_trick": False, "qs_breaks_hearts": False},
    {"must_break_hearts": False, "jd_bonus": True},
    {"can_lead_hearts_instead_of_qs": True, "qs_breaks_hearts": False},
]
"""Every parameter our variants can say, each away from its default in one set at least."""


def play(params: dict[str, bool], rng: random.Random, greedy: bool = False) -> tuple[Any, list[int]]:
    """A game of OpenSpiel's hearts, every action drawn from ``legal_actions()`` (a chance node's
    too: its ``chance_outcomes()`` offer a pass with ``pass_cards`` false); ``greedy``: player 0
    plays its highest card, the others their lowest, which shoots many a moon. The state and
    the player of each card played, in order."""
    state = pyspiel.load_game("hearts", params).new_initial_state()
    players = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            action = rng.choice(legal)
        else:
            players.append(state.current_player())
            if greedy:
                pick = max if state.current_player() == 0 else min
                action = pick(legal, key=lambda card: card // 4)
            else:
                action = rng.choice(legal)
        state.apply_action(action)
    return state, players[-52:]


def test_openspiels_defaults_are_the_standard_variant():
    assert pyspiel.load_game("hearts").get_parameters() == openspiel.PARAMETERS
    assert openspiel.variant_of() == openspiel.variant_of({}) == "standard"


@SOME
@given(seed=SEEDS, params=st.sampled_from(PARAMETER_SETS))
def test_a_random_openspiel_game_is_a_legal_hand_scored_as_openspiel_scores_it(
    seed: int, params: dict[str, bool]
):
    state, players = play(params, random.Random(seed))
    record = from_openspiel(state.history(), params)
    result = validate_hand(record)
    assert result["rulings"] == [] and result["complete"]
    assert [event["seat"] for event in record["play"]] == ["NESW"[p] for p in players]
    assert result["score"] == {seat: 26 - r for seat, r in zip("NESW", state.returns(), strict=True)}
    assert to_openspiel(record) == (state.history(), state.get_game().get_parameters())


@pytest.mark.parametrize("seed", [48, 58])
def test_a_moon_with_the_jack_of_diamonds_scores_as_openspiel_scores_it(seed: int):
    """Seed 48: S shoots, N takes the J♦; seed 58: E shoots holding the J♦ (-10 and a moon)."""
    state, _ = play({"jd_bonus": True}, random.Random(seed), greedy=True)
    result = validate_hand(from_openspiel(state.history(), {"jd_bonus": True}))
    assert result["moon"] is not None and result["rulings"] == []
    assert result["score"] == {seat: 26 - r for seat, r in zip("NESW", state.returns(), strict=True)}
    shooter = result["moon"]["seat"]
    assert result["score"][shooter] == (-10 if seed == 58 else 0)


def dealt(game: Any, direction: int) -> Any:
    """A state after the pass direction ``direction``, the cards dealt in order (2♣ to N, 2♦
    to E...) and each player's pass of its three lowest cards."""
    state = game.new_initial_state()
    for action in [direction, *range(52)]:
        state.apply_action(action)
    for _ in range(12 if direction else 0):
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(
    ("direction", "hand_number", "ours"), [(1, 1, "left"), (3, 2, "right"), (2, 3, "across"), (0, 4, "hold")]
)
def test_openspiels_pass_direction_is_the_hand_number_that_passes_that_way(direction, hand_number, ours):
    state = dealt(pyspiel.load_game("hearts"), direction)
    record = from_openspiel(state.history())
    assert (record["hand_number"], record["dealer"], record["seats"]) == (
        hand_number,
        "W",
        ["N", "E", "S", "W"],
    )
    assert record["deal"]["N"][:3] == ["2C", "3C", "4C"] and record["deal"]["W"][-1] == "AS"
    assert validate_hand(record)["pass_direction"] == ours


@SOME
@given(seed=SEEDS, cut=st.integers(min_value=53, max_value=116))
def test_a_game_in_progress_is_a_hand_in_progress(seed: int, cut: int):
    state, _ = play({}, random.Random(seed))
    history = state.history()[:cut]
    if state.history()[0] and cut < 65:
        with pytest.raises(
            OpenSpielError, match=f"the history stops in the pass, {cut - 53} of 12 cards passed"
        ):
            from_openspiel(history)
        return
    record = from_openspiel(history)
    assert {r["code"] for r in validate_hand(record)["rulings"]} <= {"play_incomplete"}
    assert to_openspiel(record) == (history, openspiel.PARAMETERS)


@pytest.mark.parametrize("name", ["can_lead_any_club", "avoid_all_tricks_bonus"])
def test_a_parameter_no_variant_can_say_is_refused_by_its_name(name: str):
    state, _ = play({}, random.Random(1))
    with pytest.raises(OpenSpielError, match=f"parameter {name}=True: no variant says"):
        from_openspiel(state.history(), {name: True})


def test_a_parameter_openspiel_does_not_have_or_not_true_or_false_is_refused():
    state, _ = play({}, random.Random(1))
    with pytest.raises(OpenSpielError, match="no parameter 'pass_count'; its parameters: pass_cards"):
        from_openspiel(state.history(), {"pass_count": 4})
    with pytest.raises(OpenSpielError, match="parameter jd_bonus is 1; it is true or false"):
        from_openspiel(state.history(), {"jd_bonus": 1})


def test_a_pass_its_chance_outcomes_offer_with_pass_cards_false_is_refused_saying_so():
    """OpenSpiel's quirk: with pass_cards false its legal_actions() at the first chance node are
    [0], its chance_outcomes() all four, and apply_action takes any: the cards are passed."""
    game = pyspiel.load_game("hearts", {"pass_cards": False})
    first = game.new_initial_state()
    assert first.legal_actions() == [0] and len(first.chance_outcomes()) == 4
    state = dealt(game, 2)  # the players pass across
    with pytest.raises(
        OpenSpielError, match=r"pass direction 2 with pass_cards false.*read the history with pass_cards true"
    ):
        from_openspiel(state.history(), {"pass_cards": False})
    assert from_openspiel(state.history(), {"pass_cards": True})["hand_number"] == 3


def test_a_history_that_is_no_hearts_hand_is_refused_at_its_action():
    state, _ = play({}, random.Random(3))
    history = state.history()
    with pytest.raises(OpenSpielError, match="the history has 20 actions"):
        from_openspiel(history[:20])
    with pytest.raises(OpenSpielError, match=f"action 2 deals {openspiel.card_of(history[1]).code} again"):
        from_openspiel([history[0], history[1], history[1], *history[3:]])
    with pytest.raises(OpenSpielError, match="action 52 is 52; it is a whole number from 0 to 51"):
        from_openspiel([*history[:52], 52, *history[53:]])
    played_twice = [*history[:-1], history[-2]]
    with pytest.raises(OpenSpielError, match=r"action 116 plays .*, which nobody holds"):
        from_openspiel(played_twice)


def test_cards_are_numbered_as_openspiel_names_them():
    state = pyspiel.load_game("hearts").new_initial_state()
    state.apply_action(0)
    names = [state.action_to_string(action) for action in range(52)]
    assert names == [openspiel.card_of(action).code for action in range(52)]
    assert [openspiel.action_of(openspiel.card_of(action)) for action in range(52)] == list(range(52))


def test_a_house_variant_goes_to_openspiel_with_the_parameters_that_say_it():
    state, _ = play({}, random.Random(5))
    record = from_openspiel(state.history())
    record["variant"] = {"base": "standard", "options": {"jack_of_diamonds_points": -10, "pass_count": 3}}
    actions, params = to_openspiel(record)
    assert actions == state.history() and params == {**openspiel.PARAMETERS, "jd_bonus": True}


def test_a_variant_openspiel_cannot_play_is_refused_by_name():
    state, _ = play({}, random.Random(5))
    record = from_openspiel(state.history())
    with pytest.raises(OpenSpielError, match="variant mso-2000: OpenSpiel's hearts is standard"):
        to_openspiel({**record, "variant": "mso-2000", "hand_number": 1})
    for option, value in [
        ("queen_points", 10),
        ("jack_of_diamonds_points", -5),
        ("first_lead", "left-of-dealer"),
    ]:
        house = {**record, "variant": {"base": "standard", "options": {option: value}}}
        with pytest.raises(OpenSpielError, match=f"house option {option}"):
            to_openspiel(house)


def revoked(play: list[dict[str, str]]) -> list[dict[str, str]]:
    """The play with a revoke: the first seat to follow suit plays instead a card of another
    suit it plays later, and that card's place takes the one it should have played."""
    play = [dict(event) for event in play]
    for trick in range(13):
        led = play[4 * trick]["card"][1]
        for at in range(4 * trick + 1, 4 * trick + 4):
            seat, card = play[at]["seat"], play[at]["card"]
            later = [
                i for i in range(4 * trick + 4, 52) if play[i]["seat"] == seat and play[i]["card"][1] != led
            ]
            if card[1] == led and later:
                play[at]["card"], play[later[0]]["card"] = play[later[0]]["card"], card
                return play
    raise AssertionError("no seat followed suit with another suit still to play")


def test_a_hand_openspiel_cannot_play_is_refused_saying_why():
    state, _ = play({}, random.Random(5))
    record = from_openspiel(state.history())
    revoke = dict(record, play=revoked(record["play"]))
    assert "revoke" in {r["code"] for r in validate_hand(revoke)["rulings"]}
    with pytest.raises(OpenSpielError, match="the referee rules on this hand"):
        to_openspiel(revoke)
    claim = dict(
        record,
        play=[*record["play"][:40], {"seat": record["play"][40]["seat"], "claims": {"what": "concede"}}],
    )
    with pytest.raises(OpenSpielError, match="/play/40 claims"):
        to_openspiel(claim)
    withdrawn = dict(
        record,
        play=[
            *record["play"][:3],
            {"seat": record["play"][2]["seat"], "withdraws": record["play"][2]["card"]},
        ],
    )
    with pytest.raises(OpenSpielError, match="/play/3 withdraws"):
        to_openspiel(withdrawn)
    score_only = {k: record[k] for k in ("variant", "seats", "dealer", "hand_number")} | {
        "points": {"N": 26, "E": 0, "S": 0, "W": 0}
    }
    with pytest.raises(OpenSpielError, match="a score-only hand"):
        to_openspiel(score_only)
    with pytest.raises(RecordError):
        to_openspiel({**record, "seats": ["N", "E", "S"]})


def test_the_written_scores_are_not_carried_and_a_derived_deal_is():
    state, _ = play({}, random.Random(6))
    record = from_openspiel(state.history())
    result = validate_hand(record)
    written = {**record, "claimed": {seat: points + 1 for seat, points in result["score"].items()}}
    assert to_openspiel(written) == to_openspiel(record)
    derived = {k: v for k, v in record.items() if k != "deal"}
    actions, _ = to_openspiel(derived)
    assert actions[53:] == state.history()[53:] and sorted(actions[1:53]) == list(range(52))
    assert write_notation(from_openspiel(actions)).count("\n") > 20
