"""Playing a dealt-and-passed hand out, one trick at a time.

A *policy* picks a card among the legal ones (at random by default); a
*deviation* may, at any moment, make a seat play something else instead,
which is how a single irregularity is planted. Either way the card played is
applied as the table would: it leaves the hand, lies on the trick, breaks
hearts if it is a heart or Q♠, and the highest card of the suit led wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import TWO_OF_CLUBS, is_point
from .rules import SEATS, Rules, breaks_hearts, legal_cards, seat_at, trick_winner


@dataclass
class State:
    """The table between two cards: hands left, the trick so far, hearts broken."""

    rules: Rules
    hands: dict[str, list[str]]
    trick_number: int = 1
    leader: str = ""
    trick: list[tuple[str, str]] = field(default_factory=list)
    broken: bool = False
    played: list[str] = field(default_factory=list)  # every card on a trick, in order

    @property
    def led(self) -> str | None:
        return self.trick[0][1][1] if self.trick else None

    @property
    def points_played(self) -> int:
        """How many point cards are already on tricks (this one included)."""
        return sum(1 for card in self.played if is_point(card))

    def legal(self, seat: str) -> list[str]:
        return legal_cards(self.rules, self.hands[seat], self.led, self.trick_number, self.broken)


Policy = Callable[[random.Random, State, str, list[str]], str]
"""Picks one of the legal cards for ``seat``."""

Deviation = Callable[[random.Random, State, str], "str | None"]
"""Returns a card for ``seat`` to play instead of a legal one, or ``None``."""


def random_policy(rng: random.Random, state: State, seat: str, legal: list[str]) -> str:
    return rng.choice(legal)


def playout(
    rng: random.Random,
    rules: Rules,
    hands: dict[str, list[str]],
    policy: Policy = random_policy,
    deviate: Deviation | None = None,
) -> list[dict[str, str]]:
    """Play all 13 tricks from ``hands`` (after the pass); return the record's play events."""
    state = State(rules, {seat: list(cards) for seat, cards in hands.items()})
    state.leader = next(seat for seat in SEATS if TWO_OF_CLUBS in state.hands[seat])
    events: list[dict[str, str]] = []
    for number in range(1, 14):
        state.trick_number = number
        state.trick = []
        for position in range(len(SEATS)):
            seat = seat_at(state.leader, position)
            card = deviate(rng, state, seat) if deviate is not None else None
            if card is None:
                card = policy(rng, state, seat, state.legal(seat))
            state.hands[seat].remove(card)
            state.trick.append((seat, card))
            state.played.append(card)
            events.append({"seat": seat, "card": card})
        if any(breaks_hearts(card) for _, card in state.trick):
            state.broken = True
        state.leader = trick_winner(state.trick)
    return events
