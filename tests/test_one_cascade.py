"""One legality cascade: every card the replay rules on is ruled on by ``Table.fault``.

There is one play path (``referee.play.play_card``) and one cascade of play filters
(``Table.fault``). So, for random hands of every variant, legal and damaged the ways
``test_robustness`` damages them, asking the cascade about each card on the table as
the replay has it just before that card (``referee.replay.table_after``) must agree
with the replay's own rulings: a legal hand's every card passes and no ruling is
given; a card the replay rules a cascade fault on is the fault the cascade names (a
revoke taken back in time is the renounce it became); and a held card the cascade
faults is never let through without a ruling at that event. Nothing is patched.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import examples
from test_robustness import DAMAGE, SOURCES

import playout
from hearts_referee.referee import VARIANTS, Card, RecordError, cards
from hearts_referee.referee.findings import Code
from hearts_referee.referee.house import house_variant
from hearts_referee.referee.masks import Hand
from hearts_referee.referee.record import EventAction, HandRecord
from hearts_referee.referee.replay import replay, table_after
from hearts_referee.referee.solver import Claim, Position, _root, _Search
from hearts_referee.referee.table import Table, TrickInPlay
from hearts_referee.referee.variant import FIRST_LEADS
from hearts_referee.schemas.record import load_record

CASCADE = {
    Code.JOKER_PLAYED_EARLY,
    Code.REVOKE,
    Code.WRONG_FIRST_LEAD,
    Code.EARLY_HEART,
    Code.POINT_CARD_ON_FIRST_TRICK,
}
"""The codes the cascade itself names; a renounce is a revoke corrected."""


def cascade_verdicts(record: HandRecord) -> dict[int, Code | None]:
    """For each card event before any claim, by a seat holding that card: what the
    cascade says of it on the table the replay has just before it."""
    verdicts: dict[int, Code | None] = {}
    for index, event in enumerate(record.play):
        if event.action == EventAction.CLAIMS:
            break  # a claim ends what is worth walking card by card (and costs a search)
        if event.action != EventAction.CARD or event.card is None:
            continue
        table = table_after(record, record.play[:index])
        trick = table.current
        if table.problems or trick.number > table.hand_size or not table.holds(event.seat, event.card):
            continue
        if table.index[event.seat] in trick.seats:
            continue
        if not trick.played:
            trick.led = event.card.suit_mask
        verdicts[index] = table.fault(table.hand_of(event.seat), event.card, trick)
    return verdicts


def replayed(data: Any) -> tuple[HandRecord, Any] | None:
    try:
        record = load_record(data)
        return record, replay(record)
    except RecordError:
        return None


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)))
def test_every_card_of_a_legal_hand_passes_the_one_cascade_and_no_ruling_is_given(seed, variant):
    done = replayed(SOURCES[variant](random.Random(seed)))
    assert done is not None
    record, result = done
    verdicts = cascade_verdicts(record)
    assert len(verdicts) == sum(1 for event in record.play if event.action == EventAction.CARD)
    assert set(verdicts.values()) == {None}
    assert [finding.code for finding in result.findings if finding.code in CASCADE] == []


@settings(max_examples=examples(120), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(SOURCES)), blows=st.integers(1, 3))
def test_a_damaged_hand_is_ruled_on_card_by_card_as_the_one_cascade_says(seed, variant, blows):
    rng = random.Random(seed)
    data = SOURCES[variant](rng)
    for _ in range(blows):
        rng.choice(DAMAGE)(rng, data["play"])
    done = replayed(data)
    if done is None:
        return  # refused with its problems: test_robustness locates them
    record, result = done
    verdicts = cascade_verdicts(record)
    ruled = {finding.event for finding in result.findings if finding.event is not None}
    for finding in result.findings:
        code = Code.REVOKE if finding.code == Code.RENOUNCE else finding.code
        if code in CASCADE and finding.event in verdicts:
            assert verdicts[finding.event] == code, finding
    for index, verdict in verdicts.items():
        if verdict is not None:
            assert index in ruled, (index, verdict)


REVOKED = {
    "standard": lambda rng: playout.random_hand_with_revoke(rng, "standard"),
    "mso-2000": lambda rng: playout.random_hand_with_revoke(rng, "mso-2000"),
    "long-john": lambda rng: playout.random_long_john_hand_with_revoke(rng, rng.randint(6, 8)),
}
"""Hands ``playout`` plants exactly one revoke in, by its own reading of the rules."""


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(REVOKED)))
def test_the_revoke_playout_planted_is_the_one_card_the_cascade_faults(seed, variant):
    data, seat, trick = REVOKED[variant](random.Random(seed))
    done = replayed(data)
    assert done is not None
    record, result = done
    faulted = {i: code for i, code in cascade_verdicts(record).items() if code is not None}
    assert list(faulted.values()) == [Code.REVOKE]
    (index,) = faulted
    assert record.play[index].seat == seat
    found = [(f.code, f.event, f.trick) for f in result.findings if f.code in CASCADE]
    assert found == [(Code.REVOKE, index, trick)]


# -- the claim solver's legal set is the cascade's -------------------------------------------

HOUSE = {
    "no_points_on_first_trick": st.booleans(),
    "hearts_broken_from_start": st.booleans(),
    "may_lead_hearts_with_queen": st.booleans(),
    "first_lead": st.sampled_from(FIRST_LEADS),
}
"""House options that change what the cascade bars: legal hands of a base variant, read
under them, put the cascade's every filter to work (the joker's table among them)."""


def solver_legal(table: Table, seat: str) -> list[Card]:
    """The cards the claim solver lets ``seat`` play from the table's position, as its search
    reads that position (``Position.at``, its first node)."""
    position = Position.at(table, seat)
    search = _Search(position, Claim(seat), budget=1, maximise=False)
    return search.legal(_root(position, None), table.seats.index(seat))


def cascade_legal(table: Table, seat: str) -> tuple[list[Card], dict[Card, Code]]:
    """The cards the cascade lets ``seat`` play, card by card (``Table.fault``, as the replay
    asks it), every card held when it lets none through; and the rule each other card breaks."""
    held = table.cards_left(seat)
    hand, trick = table.hand_of(seat), table.current
    verdicts = {card: table.fault(hand, card, trick) for card in held}
    broken = {card: code for card, code in verdicts.items() if code is not None}
    passed = [card for card in held if card not in broken]
    return (passed or held), broken


@settings(max_examples=examples(80), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(sorted(SOURCES)),
    house=st.fixed_dictionaries({}, optional=HOUSE),
    cut=st.floats(0, 1),
)
def test_the_claim_solver_lets_a_seat_play_exactly_the_cards_the_one_cascade_lets_through(
    seed, variant, house, cut
):
    """At a random moment of a random hand (before any claim), for every seat still to play to
    the trick in progress: the solver's legal set is the cascade's, card for card, each copy,
    and so is ``Table.legal``; every other card is barred by a rule the cascade names."""
    data = SOURCES[variant](random.Random(seed))
    if house:
        data["variant"] = {"base": data["variant"], "options": house}
    done = replayed(data)
    assert done is not None
    record, _ = done
    events = []
    for event in record.play:
        if event.action == EventAction.CLAIMS:
            break
        events.append(event)
    table = table_after(record, tuple(events[: round(cut * len(events))]))
    assume(not table.problems and table.current.number <= table.hand_size)
    on_trick = {table.seats[i] for i in table.current.seats}
    for seat in table.seats:
        if seat in on_trick or not table.cards_left(seat):
            continue
        passed, broken = cascade_legal(table, seat)
        assert sorted(solver_legal(table, seat)) == sorted(passed), (seat, broken)
        assert table.legal(seat) == passed
        assert set(broken.values()) <= CASCADE


def test_a_leader_holding_only_hearts_and_the_joker_may_lead_a_heart_in_the_replay_as_in_the_solver():
    """Long John under a house rule that keeps hearts unbroken at first: at trick 13 of 15 the
    leader holds the joker and two hearts. The joker may not be played before the last trick,
    so it is no alternative: a heart is the card to lead, and the replay gives no early-heart
    ruling for it (before the one cascade, it did, while the claim solver let it be led)."""
    variant = house_variant(VARIANTS["long-john"], {"hearts_broken_from_start": False})
    seats = ("A", "B", "C", "D", "E", "F", "G")
    table = Table.seated(variant, seats, seats.index("G"))
    held = ("JK 5H 9H", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C", "JC QC KC", "2D 3D 4D", "5D 6D 7D")
    table.hands = [Hand.of(cards(text)) for text in held]
    table.current = TrickInPlay(13, seats.index("A"))
    joker, heart = Card.parse("JK"), Card.parse("5H")
    assert table.fault(table.hand_of("A"), heart, table.current) is None
    assert table.fault(table.hand_of("A"), joker, table.current) == Code.JOKER_PLAYED_EARLY
    assert table.legal("A") == cards("5H 9H") == solver_legal(table, "A")
