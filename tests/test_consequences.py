"""Consequences follow: a decision on hand k re-audits hands k+1… of the same game.

Each later hand whose totals before it change (or that stops counting, the
game now ending earlier) is replayed with the new totals and logs the new
audit as its next score version, with a reason naming the decision; its
chain still verifies, and signatures on the older version go stale.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games import PLAYERS, SEATS, moon

from hearts_referee import usecases
from hearts_referee.rulings.decisions import Action, Decision
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.schemas.game import load_game_hand
from hearts_referee.schemas.record import load_record
from hearts_referee.usecases import Role, games, hands, keys

ROOT = Path(__file__).resolve().parent.parent
REVOKE_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())
VARIANT = load_record(json.loads((ROOT / "examples" / "mso-revoke.json").read_text())).variant


@pytest.fixture
def db(tmp_path):
    connection = usecases.open_archive(tmp_path / "archive.sqlite")
    yield connection
    connection.close()


@pytest.fixture
def td(db):
    return keys.create_key(db, keys.OPERATOR, "Chief TD", Role.DIRECTOR)[0]


@pytest.fixture
def game(db, td):
    """An MSO game: hand 1 is the README's revoke (N's 26 applied), hands 2 and 3 moons."""
    started = games.start_game(db, td, GameSetup(VARIANT, SEATS, "W", "N", dict(PLAYERS)))
    for body in (REVOKE_HAND, moon("W", 2), moon("S", 3)):
        games.append_hand(db, td, started.id, load_game_hand(body))
    return games.get_game(db, td, started.id)


def test_a_decision_on_hand_1_re_audits_hands_2_and_3_with_the_new_totals(db, td, game):
    first, second, third = game.hands
    hands.decide(db, td, first.id, Decision(0, Action.WAIVE, "TD", "The revoke was corrected in time."))
    for later, moved in ((second, "N 26→0"), (third, "N 52→26")):
        state = hands.get_hand(db, td, later.id).state
        (consequence,) = state.consequences
        assert state.current.number == 2 and state.current.consequence == consequence.n
        assert consequence.cause["hand_id"] == first.id and consequence.cause["action"] == "waive"
        assert "decision on hand 1" in consequence.reason and moved in consequence.reason
    after = games.get_game(db, td, game.id)
    assert after.sheet.totals_after[0]["N"] == game.sheet.totals_after[0]["N"] - 26
    assert dict(hands.get_hand(db, td, third.id).state.consequences[0].scores_before) == dict(
        after.sheet.totals_after[1]
    )


def test_a_re_audited_hand_still_verifies(db, td, game):
    hands.decide(db, td, game.hands[0].id, Decision(0, Action.WAIVE, "TD", "Corrected."))
    assert all(hands.verify(db, td, hand.id).ok for hand in game.hands)


def test_a_decision_that_leaves_the_score_alone_re_audits_nothing(db, td, game):
    hands.decide(db, td, game.hands[0].id, Decision(0, Action.UPHOLD, "TD", "The 26 stand."))
    assert all(not hands.get_hand(db, td, h.id).state.consequences for h in game.hands[1:])


def test_a_decision_that_ends_the_game_earlier_leaves_the_later_hands_not_counting(db, td, game):
    mismatch = Decision(None, Action.ADJUST, "TD", "Score card error.", score_changes={"E": 100})
    hands.decide(db, td, game.hands[0].id, mismatch)
    assert games.get_game(db, td, game.id).sheet.ended_after == 1
    for later in game.hands[1:]:
        (consequence,) = hands.get_hand(db, td, later.id).state.consequences
        assert consequence.counts is False and "no longer counts" in consequence.reason


def test_a_signature_before_the_re_audit_is_stale(db, td, game):
    second = game.hands[1]
    hands.sign(db, td, second.id, "N", "Ann")
    hands.decide(db, td, game.hands[0].id, Decision(0, Action.WAIVE, "TD", "Corrected."))
    state = hands.get_hand(db, td, second.id).state
    (old,) = state.signatures
    assert state.stale(old) and state.missing_signatures == list(SEATS)
