"""The use cases on their own: typed values in and out, no Flask, no HTTP.

The faces are tested through HTTP elsewhere (``test_api_*``, ``test_pages*``,
``test_access.py``); these call ``service`` as a bulk audit or another face
would, with an archive file and keys made by the use cases themselves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games import PLAYERS, SEATS, moon

from hearts_referee import usecases
from hearts_referee.referee.notation import record_data
from hearts_referee.referee.reader import read_record
from hearts_referee.referee.record import RecordError
from hearts_referee.rulings.decisions import Decision
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.schemas.game import load_game_hand
from hearts_referee.schemas.record import load_record
from hearts_referee.usecases import HandFilter, HandStatus, Role, games, hands, keys
from hearts_referee.usecases.access import Permission, may
from hearts_referee.usecases.errors import Conflict, Forbidden, NotFound, Rejected

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())


@pytest.fixture
def db(tmp_path):
    connection = usecases.open_archive(tmp_path / "archive.sqlite")
    yield connection
    connection.close()


@pytest.fixture
def people(db):
    def make(name: str, role: Role):
        return keys.create_key(db, keys.OPERATOR, name, role)[0]

    return {
        "ann": make("Ann", Role.SCORER),
        "bo": make("Bo", Role.SCORER),
        "td": make("Chief TD", Role.DIRECTOR),
        "audit": make("Auditor", Role.AUDITOR),
    }


def setup(variant: str = "mso-2000") -> GameSetup:
    return GameSetup(load_record({**REVOKE, "variant": variant}).variant, SEATS, "W", "N", dict(PLAYERS))


def test_the_audit_of_a_record_is_a_value_that_names_its_rulings_and_engine():
    audit = hands.audit_record(load_record(REVOKE))  # N revokes; the table wrote N 0
    assert [(r.code, r.status, r.seat) for r in audit.rulings] == [
        ("revoke", "applied", "N"),
        ("score_mismatch", "referred", "N"),
    ]
    assert audit.rulings[0].penalty is not None and audit.rulings[0].penalty.points == 26
    assert audit.referred == (1,)
    assert audit.score == {"N": 26, "E": 8, "S": 2, "W": 16}
    assert audit.engine_version


def test_a_record_writes_itself_out_and_reads_back_the_same():
    record = load_record(REVOKE)
    assert record_data(record) == REVOKE  # the example is written canonically
    assert read_record(record_data(record)) == record


def test_next_hand_deals_from_the_next_dealer_under_the_next_number_with_the_totals():
    first = games.next_hand(setup(), [], load_game_hand(moon("E", 1)))
    assert (first.deal.hand_number, first.deal.dealer) == (1, "W")
    assert first.record.scores_before == dict.fromkeys(SEATS, 0)
    second = games.next_hand(setup(), [games.line_of(first.audit)], load_game_hand(moon("W", 2)))
    assert (second.deal.hand_number, second.deal.dealer) == (2, "N")
    assert second.record.scores_before == first.audit.score


def test_next_hand_refuses_a_hand_the_table_numbers_otherwise():
    with pytest.raises(games.WrongHandNumber) as wrong:
        games.next_hand(setup(), [], load_game_hand({**moon("E", 1), "hand_number": 3}))
    assert (wrong.value.expected, wrong.value.sent) == (1, 3)


def test_validate_game_lists_every_hands_problems_under_its_own_index():
    bad = moon("E", 2)
    bad["play"][0] = {"seat": "E", "card": "2H"}  # E holds no 2♥
    unloadable = RecordError(())
    with pytest.raises(Rejected) as rejected:
        games.validate_game(setup(), [load_game_hand(moon("E", 1)), load_game_hand(bad), unloadable])
    pointers = [p.pointer for p in rejected.value.problems]
    assert pointers and all(p.startswith("/hands/1/play/0") for p in pointers)


def test_a_scorer_sees_its_games_hands_even_those_the_director_appended(db, people):
    game = games.start_game(db, people["ann"], setup())
    own, created = games.append_hand(db, people["ann"], game.id, load_game_hand(moon("E", 1)))
    by_director, _ = games.append_hand(db, people["td"], game.id, load_game_hand(moon("W", 2)))
    assert created and (own.owner, by_director.owner) == (people["ann"].id, people["td"].id)
    assert hands.get_hand(db, people["ann"], by_director.id).id == by_director.id
    page, _ = hands.list_hands(db, people["ann"], HandFilter())
    assert [h.id for h in page] == [own.id, by_director.id]
    with pytest.raises(NotFound, match=f"No hand {own.id}."):
        hands.get_hand(db, people["bo"], own.id)
    with pytest.raises(NotFound, match=f"No game {game.id}."):
        games.append_hand(db, people["bo"], game.id, load_game_hand(moon("E", 3)))
    assert hands.list_hands(db, people["bo"], HandFilter()) == ([], None)
    assert len(hands.list_hands(db, people["audit"], HandFilter())[0]) == 2


def test_the_same_record_from_two_scorers_is_two_hands_and_from_one_is_one(db, people):
    record = load_record(REVOKE)
    first, made = hands.submit_hand(db, people["ann"], record)
    again, made_again = hands.submit_hand(db, people["ann"], record)
    other, made_other = hands.submit_hand(db, people["bo"], record)
    assert (made, made_again, made_other) == (True, False, True)
    assert again.id == first.id != other.id


def test_roles_are_checked_by_the_use_case_itself(db, people):
    record = load_record(REVOKE)
    with pytest.raises(Forbidden):
        hands.submit_hand(db, people["audit"], record)
    hand, _ = hands.submit_hand(db, people["ann"], record)
    with pytest.raises(Forbidden):
        hands.decide(db, people["ann"], hand.id, Decision(0, "uphold", "Ann", "mine"))
    assert may(people["td"], Permission.DECIDE) and not may(people["audit"], Permission.SIGN)


def test_a_decision_the_hand_cannot_take_is_rejected_and_logs_nothing(db, people):
    hand, _ = hands.submit_hand(db, people["td"], load_record(REVOKE))
    with pytest.raises(Rejected) as rejected:
        hands.decide(db, people["td"], hand.id, Decision(5, "uphold", "TD", "no such ruling"))
    assert [p.code for p in rejected.value.problems] == ["unknown_ruling"]
    assert len(hands.get_hand(db, people["td"], hand.id).log) == 1


def test_a_decision_makes_a_new_version_and_signatures_finish_it(db, people):
    hand, _ = hands.submit_hand(db, people["td"], load_record(REVOKE))
    decided = hands.decide(db, people["td"], hand.id, Decision(0, "waive", "TD", "Corrected in time."))
    assert decided.state.current.number == 2 and decided.state.current.score["N"] == 0
    assert decided.state.open == (1,)  # the written score is still the director's to settle
    decided = hands.decide(db, people["td"], hand.id, Decision(None, "accept", "TD", "The 0 stands now."))
    with pytest.raises(Conflict):
        hands.sign(db, people["td"], hand.id, "N", "Ann", version=1)  # the scores moved on
    for seat in SEATS:
        signed, _ = hands.sign(db, people["td"], hand.id, seat, PLAYERS[seat])
    assert signed.state.status == HandStatus.FINAL
    assert hands.verify(db, people["audit"], hand.id).ok
