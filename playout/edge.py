"""Stacked hands that reach the rules' exceptions, which shuffled deals almost never do.

Each one fixes what one seat X holds *after* the pass and deals the rest at
random; the pass is then worked backwards (X's passer handed over three of
X's final cards). The play is still a random legal playout:

- ``points_only``: X holds 13 of the 14 point cards, so on trick 1 (void in
  clubs, nothing else) X must discard a point card, and may.
- ``hearts_only``: X holds A♣ and 12 hearts: X wins trick 1 and leads a heart
  to trick 2 before hearts are broken, as a leader holding only hearts may.
- ``hearts_and_queen``: X holds A♣, Q♠ and 11 hearts: after trick 1, mso-2000
  lets X lead a heart or Q♠; standard requires Q♠.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import DECK, HEARTS, POINT_CARDS, QUEEN_OF_SPADES, suit
from .hand import build_hand
from .rules import SEATS, pass_offset, rules_for, seat_at

SCENARIOS = ("points_only", "hearts_only", "hearts_and_queen")


def stacked_hold(rng: random.Random, scenario: str) -> list[str]:
    """What X holds after the pass."""
    hearts = [card for card in DECK if suit(card) == HEARTS]
    if scenario == "points_only":
        return rng.sample(sorted(POINT_CARDS), 13)
    if scenario == "hearts_only":
        return ["AC", *rng.sample(hearts, 12)]
    if scenario == "hearts_and_queen":
        return ["AC", QUEEN_OF_SPADES, *rng.sample(hearts, 11)]
    raise ValueError(f"unknown scenario {scenario!r}; known: {', '.join(SCENARIOS)}")


def deal_before_pass(
    rng: random.Random, held: dict[str, list[str]], offset: int
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(deal, passes) that leave every seat holding ``held`` once the pass is made."""
    if offset == 0:
        return {seat: list(cards) for seat, cards in held.items()}, {}
    passes = {seat: rng.sample(held[seat_at(seat, offset)], 3) for seat in SEATS}
    deal = {}
    for seat in SEATS:
        received = passes[seat_at(seat, -offset)]
        deal[seat] = [card for card in held[seat] if card not in received] + passes[seat]
    return deal, passes


def random_edge_hand(
    rng: random.Random, variant: str = "mso-2000", scenario: str | None = None
) -> tuple[dict[str, Any], str, str]:
    """A legal hand stacked for one of :data:`SCENARIOS`; returns (record, X, scenario)."""
    scenario = scenario or rng.choice(SCENARIOS)
    seat = rng.choice(SEATS)
    mine = stacked_hold(rng, scenario)
    rest = [card for card in DECK if card not in mine]
    rng.shuffle(rest)
    others = [other for other in SEATS if other != seat]
    held = {other: rest[13 * i : 13 * (i + 1)] for i, other in enumerate(others)}
    held[seat] = mine
    hand_number = rng.randint(1, 8)
    deal, passes = deal_before_pass(rng, held, pass_offset(rules_for(variant), hand_number))
    record = build_hand(rng, variant, hand_number, deal={s: deal[s] for s in SEATS}, passes=passes)
    return record, seat, scenario
