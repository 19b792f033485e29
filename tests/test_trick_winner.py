"""Who wins a trick: the counting ``close_trick`` does in its one pass gives the rule's answer.

Under cancellation (Long John) identical cards of the suit led drop out and the highest
card left wins, the first played of equals; when every card of the suit led cancels the
trick goes to the middle. ``close_trick`` counts the suit led while it adds up the points
(``referee.play``); here the rule is read the plain way, card by card, and every trick of
random seven- and eight-seat hands must come out the same.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

import playout
from hearts_referee.referee import replay
from hearts_referee.referee.cards import Card
from hearts_referee.referee.replay import Trick
from hearts_referee.schemas.record import load_record


def by_the_rule(trick: Trick) -> tuple[str | None, tuple[Card, ...]]:
    """The winner and the cancelled cards, read plainly from the plays."""
    leader, first = trick.plays[0]
    led = first.suit
    followed = [card for _, card in trick.plays if card.suit is led]
    if led is None:  # a led joker takes its trick
        return leader, ()
    twice = [card for card in dict.fromkeys(followed) if followed.count(card) > 1]
    cancelled = tuple(card for card in twice for _ in range(followed.count(card)))
    left = [(seat, card) for seat, card in trick.plays if card.suit is led and card not in twice]
    if not left:
        return None, cancelled
    best = max(card.rank for _, card in left)
    return next(seat for seat, card in left if card.rank == best), cancelled


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([7, 8]))
def test_every_long_john_trick_is_won_as_the_cancellation_rule_reads(seed, seats):
    record = load_record(playout.random_long_john_hand(random.Random(seed), seats))
    for trick in replay(record).tricks:
        winner, cancelled = by_the_rule(trick)
        assert (trick.winner, trick.cancelled) == (winner, cancelled), trick.number
