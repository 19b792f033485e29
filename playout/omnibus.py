"""Norwegian omnibus hearts with a kitty, restated from RULES.md: random legal hands and a scorer.

Three to seven seats, one deck: 52 // n cards each, the rest a kitty for
the winner of trick 1. Pass 3: right, left, across, hold (odd n: right,
left, hold). The player left of the dealer leads trick 1; no heart and no
Q♠ on trick 1 unless nothing else is legal; hearts may be led once a heart
(not the Q♠) has been played to an earlier trick, or by a leader holding
only hearts. Hearts 1, Q♠ 13, J♦ −10: a hand totals 16, and there is no moon.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import DECK, HEARTS, QUEEN_OF_SPADES, SUITS, suit
from .rules import trick_winner
from .tables import after_pass, random_passes, random_scores, seat_at, table_seats

JACK_OF_DIAMONDS = "JD"
HAND_TOTAL = 16
SEAT_COUNTS = range(3, 8)


def hand_size(count: int) -> int:
    return 52 // count


def pass_offset(count: int, hand_number: int) -> int:
    """Seats to the left the pass goes: right (-1), left (+1), across, hold (0)."""
    cycle = (-1, 1, count // 2, 0) if count % 2 == 0 else (-1, 1, 0)
    return cycle[(hand_number - 1) % len(cycle)]


def card_points(card: str) -> int:
    if suit(card) == HEARTS:
        return 1
    return {QUEEN_OF_SPADES: 13, JACK_OF_DIAMONDS: -10}.get(card, 0)


def first_trick_safe(card: str) -> bool:
    """Trick 1 takes no heart and no Q♠ (the J♦ may go)."""
    return suit(card) != HEARTS and card != QUEEN_OF_SPADES


def legal_cards(hand: Sequence[str], led: str | None, trick_number: int, broken: bool) -> list[str]:
    """Follow suit; a lead is a non-heart until a heart was played, unless only hearts are
    held; on trick 1 no heart and no Q♠ when anything else is legal."""
    if led is not None:
        options = [card for card in hand if suit(card) == led] or list(hand)
    elif broken:
        options = list(hand)
    else:
        options = [card for card in hand if suit(card) != HEARTS] or list(hand)
    if trick_number == 1:
        options = [card for card in options if first_trick_safe(card)] or options
    return options


def play_out(
    rng: random.Random, seats: Sequence[str], hands: dict[str, list[str]], leader: str
) -> list[dict[str, str]]:
    """Random legal play of every trick from ``hands`` (after the pass)."""
    hands = {seat: list(cards) for seat, cards in hands.items()}
    events: list[dict[str, str]] = []
    broken = False
    for number in range(1, len(hands[leader]) + 1):
        trick: list[tuple[str, str]] = []
        for position in range(len(seats)):
            seat = seat_at(seats, leader, position)
            led = suit(trick[0][1]) if trick else None
            card = rng.choice(legal_cards(hands[seat], led, number, broken))
            hands[seat].remove(card)
            trick.append((seat, card))
            events.append({"seat": seat, "card": card})
        broken = broken or any(suit(card) == HEARTS for _, card in trick)
        leader = trick_winner(trick)
    return events


def lumpy_cards(rng: random.Random) -> list[str]:
    """The deck in suit blocks (suits in random order) with 0..30 random swaps: voids,
    forced point discards on trick 1 and leaders holding only hearts become common."""
    suits = list(SUITS)
    rng.shuffle(suits)
    deck = [card for s in suits for card in DECK if suit(card) == s]
    for _ in range(rng.randint(0, 30)):
        i, j = rng.randrange(52), rng.randrange(52)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def random_omnibus_hand(
    rng: random.Random, seats: int | Sequence[str] = 4, hand_number: int | None = None, *, lumpy: bool = False
) -> dict[str, Any]:
    """A random legal omnibus-kitty hand for 3 to 7 seats (a count, or the seat ids clockwise)."""
    ids = table_seats(rng, seats) if isinstance(seats, int) else list(seats)
    if len(ids) not in SEAT_COUNTS:
        raise ValueError(f"omnibus-kitty seats 3 to 7 players, not {len(ids)}")
    number = hand_number if hand_number is not None else rng.randint(1, 8)
    size = hand_size(len(ids))
    if lumpy:
        deck = lumpy_cards(rng)
    else:
        deck = list(DECK)
        rng.shuffle(deck)
    deal = {seat: deck[size * i : size * (i + 1)] for i, seat in enumerate(ids)}
    kitty = deck[size * len(ids) :]
    offset = pass_offset(len(ids), number)
    passes = random_passes(rng, ids, deal, offset)
    dealer = rng.choice(ids)
    record: dict[str, Any] = {
        "variant": "omnibus-kitty",
        "seats": ids,
        "dealer": dealer,
        "hand_number": number,
        "deal": deal,
        "kitty": kitty,
        "passes": passes,
        "play": play_out(rng, ids, after_pass(ids, deal, passes, offset), seat_at(ids, dealer, 1)),
    }
    scores = random_scores(rng, ids, high=49)
    if scores is not None:
        record["scores_before"] = scores
    return record


# -- scoring a record ---------------------------------------------------------------


def tricks_of(record: Mapping[str, Any]) -> list[list[tuple[str, str]]]:
    n = len(record["seats"])
    plays = [(event["seat"], event["card"]) for event in record["play"] if "card" in event]
    return [plays[i : i + n] for i in range(0, len(plays), n)]


def kitty_taker(record: Mapping[str, Any]) -> str | None:
    """The winner of trick 1 takes the kitty (None without a kitty)."""
    tricks = tricks_of(record)
    if not record.get("kitty") or not tricks:
        return None
    return trick_winner(tricks[0])


def omnibus_points(record: Mapping[str, Any]) -> dict[str, int]:
    """Points per seat from the record alone: tricks won, and the kitty for trick 1's winner."""
    taken = dict.fromkeys(record["seats"], 0)
    for trick in tricks_of(record):
        taken[trick_winner(trick)] += sum(card_points(card) for _, card in trick)
    taker = kitty_taker(record)
    if taker is not None:
        taken[taker] += sum(card_points(card) for card in record["kitty"])
    return taken
