"""Random legal Long John hands: 6, 7 or 8 seats, two decks, cancellation, kitty and joker.

Three kinds of hand, every card chosen among the legal ones:

- shuffled (:func:`random_long_john_hand`): a shuffled double deck, random
  passes, random play. Cancellation happens, but a trick whose suit led
  cancels out is rare, and the joker is seldom led.
- lumpy (``lumpy=True``): seats in twin pairs holding the same cards, dealt
  in suit blocks with a few swaps (see :func:`twin_hold`), played by
  :class:`CancelPolicy`, which mostly copies the card a twin led and, one
  hand in two, keeps back a pair per suit for the last trick. Tricks sent
  to the middle, middle piles collected later, a cancelled last trick and
  the joker led to the last trick all become common.
- moon (:func:`random_long_john_moon_hand`): one seat holds both copies of
  the top of a suit, leads it and takes every point card.

:func:`random_long_john_hand_with_revoke` plants one revoke in any of them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK, RANKS, SUITS, is_point, points, rank, suit
from .long_john import (
    HAND_SIZE,
    JOKER,
    card_points,
    card_suit,
    double_deck,
    legal_cards,
    moon_shooter,
    pass_offset,
    resolve,
)
from .tables import after_pass, deal_before_pass, random_passes, random_scores, seat_at, table_seats


@dataclass
class Table:
    """The table between two cards: every hand (the policies may look), the trick so far."""

    seats: list[str]
    hands: dict[str, list[str]]
    size: int
    number: int = 1
    leader: str = ""
    trick: list[tuple[str, str]] = field(default_factory=list)

    @property
    def led(self) -> str | None:
        return card_suit(self.trick[0][1]) if self.trick else None

    @property
    def last(self) -> bool:
        return self.number == self.size

    def legal(self, seat: str) -> list[str]:
        return legal_cards(self.hands[seat], self.led)

    def others_holding(self, seat: str, card: str) -> list[str]:
        return [other for other in self.seats if other != seat and card in self.hands[other]]


Policy = Callable[[random.Random, Table, str, list[str]], str]
Deviation = Callable[[random.Random, Table, str], "str | None"]


def random_policy(rng: random.Random, table: Table, seat: str, legal: list[str]) -> str:
    return rng.choice(legal)


class CancelPolicy:
    """Play for cancellations, and for the joker's holder to lead the last trick.

    A leader mostly leads a card another seat also holds; a follower mostly
    plays the twin of a card of the suit led that is on the trick uncancelled.
    The joker's holder, on the trick before the last, plays its highest card
    or leads a card another seat holds (to win the trick or see it cancel
    out, and lead the joker to the last one). Otherwise: a random legal card.

    With ``keep_last`` the policy first sets aside, for the last trick, pairs
    of identical cards in two seats' hands, one pair per suit (see
    :func:`last_trick_pairs`), and plays them only when nothing else is
    legal: whoever leads the last trick, it then cancels out (unless the
    joker is led to it).
    """

    def __init__(self, rng: random.Random, keep_last: bool = False) -> None:
        self.copy = rng.uniform(0.5, 0.95)
        self.keep_last = keep_last
        self.kept: dict[str, str] | None = None

    def __call__(self, rng: random.Random, table: Table, seat: str, legal: list[str]) -> str:
        if self.kept is None:
            self.kept = last_trick_pairs(rng, table.hands) if self.keep_last else {}
        kept = self.kept.get(seat)
        if kept in legal and len(legal) > 1 and not table.last:
            legal = [card for card in legal if card != kept] or legal
        if len(legal) == 1:
            return legal[0]
        hand = table.hands[seat]
        if JOKER in hand and table.number == table.size - 1 and rng.random() < 0.8:
            if table.trick:
                return max(legal, key=lambda card: (card_suit(card) == table.led, rank(card)))
            shared = [card for card in legal if table.others_holding(seat, card)]
            return rng.choice(shared or legal)  # a lead: cancelled out, the lead stays here
        if table.trick:
            on_trick = Counter(card for _, card in table.trick)
            twins = [card for card in legal if card_suit(card) == table.led and on_trick[card] == 1]
            if twins and rng.random() < self.copy:
                return rng.choice(twins)
        else:
            shared = [card for card in legal if table.others_holding(seat, card)]
            if shared and rng.random() < self.copy:
                return rng.choice(shared)
        return rng.choice(legal)


def last_trick_pairs(rng: random.Random, hands: dict[str, list[str]]) -> dict[str, str]:
    """Seat -> the card it keeps for the last trick: for each suit in turn, two seats not yet
    keeping anything that hold the same card of it (one copy each)."""
    kept: dict[str, str] = {}
    suits = list(SUITS)
    rng.shuffle(suits)
    for suit_letter in suits:
        free = [seat for seat in hands if seat not in kept]
        rng.shuffle(free)
        pairs = [
            (a, b, card)
            for i, a in enumerate(free)
            for b in free[i + 1 :]
            for card in sorted(set(hands[a]) & set(hands[b]))
            if card_suit(card) == suit_letter
        ]
        if pairs:
            a, b, card = rng.choice(pairs)
            kept[a] = kept[b] = card
    return kept


def play_out(
    rng: random.Random,
    seats: Sequence[str],
    hands: dict[str, list[str]],
    leader: str,
    policy: Policy = random_policy,
    deviate: Deviation | None = None,
) -> list[dict[str, str]]:
    """Play every trick from ``hands`` (after the pass); return the record's play events."""
    table = Table(
        list(seats), {seat: list(cards) for seat, cards in hands.items()}, len(hands[seats[0]]), leader=leader
    )
    events: list[dict[str, str]] = []
    for number in range(1, table.size + 1):
        table.number, table.trick = number, []
        for position in range(len(seats)):
            seat = seat_at(seats, table.leader, position)
            card = deviate(rng, table, seat) if deviate is not None else None
            if card is None:
                card = policy(rng, table, seat, table.legal(seat))
            table.hands[seat].remove(card)
            table.trick.append((seat, card))
            events.append({"seat": seat, "card": card})
        winner, _ = resolve(table.trick)
        if winner is not None:  # a trick sent to the middle: the same player leads again
            table.leader = winner
    return events


# -- deals ---------------------------------------------------------------------------


def shuffled_deal(rng: random.Random, seats: Sequence[str]) -> tuple[dict[str, list[str]], list[str]]:
    """(deal, kitty) from a shuffled double deck."""
    deck = double_deck(len(seats))
    rng.shuffle(deck)
    size = HAND_SIZE[len(seats)]
    deal = {seat: deck[size * i : size * (i + 1)] for i, seat in enumerate(seats)}
    return deal, deck[size * len(seats) :]


def twin_hold(rng: random.Random, seats: Sequence[str]) -> tuple[dict[str, list[str]], list[str]]:
    """(what each seat holds after the pass, kitty), seats paired as twins holding the same cards.

    The 52 distinct cards, suit after suit in a random suit order, are cut
    into one block per pair; with seven seats the odd seat holds both copies
    of what is left and the joker (or, one time in two, swaps the joker for
    a twin's card), with six the kitty is both copies of the last card. Then
    0..12 random swaps between any two places. Twins can
    cancel each other, and seats outside a pair are often void in its suit,
    so whole tricks cancel out.
    """
    n, size = len(seats), HAND_SIZE[len(seats)]
    suits = list(SUITS)
    rng.shuffle(suits)
    ranks = list(RANKS) if rng.random() < 0.5 else list(reversed(RANKS))
    distinct = [r + s for s in suits for r in ranks]
    order = list(seats)
    rng.shuffle(order)
    held: dict[str, list[str]] = {}
    for pair in range(n // 2):
        block = distinct[size * pair : size * (pair + 1)]
        held[order[2 * pair]], held[order[2 * pair + 1]] = list(block), list(block)
    rest = distinct[size * (n // 2) :]
    kitty: list[str] = []
    if n % 2:
        held[order[-1]] = rest + rest + [JOKER]
        if rng.random() < 0.5:  # the joker to a twin, who can then lead a card that cancels
            twin = rng.choice(order[:-1])
            i = rng.randrange(size)
            held[order[-1]][-1], held[twin][i] = held[twin][i], JOKER
    else:
        kitty = rest + rest
    places = [(seat, i) for seat in seats for i in range(size)]
    for _ in range(rng.randint(0, 12)):
        (a, i), (b, j) = rng.sample(places, 2)
        held[a][i], held[b][j] = held[b][j], held[a][i]
    if kitty and rng.random() < 0.5:  # and now and then a kitty card changes places too
        a, i = rng.choice(places)
        k = rng.randrange(len(kitty))
        held[a][i], kitty[k] = kitty[k], held[a][i]
    return {seat: held[seat] for seat in seats}, kitty


def random_backs(
    rng: random.Random, seats: Sequence[str], deal: dict[str, list[str]]
) -> dict[str, list[str]]:
    """Back colours for the deal when the two decks differ: of each card's two copies one is
    red, one blue (the joker red), and every seat holds both colours, as a legal deal must."""
    while True:
        colours = {card: rng.sample(["red", "blue"], 2) for card in DECK}
        backs = {
            seat: [colours[card].pop() if card != JOKER else "red" for card in deal[seat]] for seat in seats
        }
        if all(len(set(backs[seat])) == 2 for seat in seats):
            return backs


# -- whole records --------------------------------------------------------------------


def table_of(rng: random.Random, seats: int | Sequence[str]) -> list[str]:
    ids = table_seats(rng, seats) if isinstance(seats, int) else list(seats)
    if len(ids) not in HAND_SIZE:
        raise ValueError(f"long-john seats 6, 7 or 8 players, not {len(ids)}")
    return ids


def make_record(
    rng: random.Random,
    seats: list[str],
    hand_number: int,
    dealer: str,
    deal: dict[str, list[str]],
    kitty: list[str],
    passes: dict[str, list[str]],
    policy: Policy,
    deviate: Deviation | None = None,
) -> dict[str, Any]:
    """A JSON-ready record: the deal, the pass, and the play from the left of the dealer."""
    hands = after_pass(seats, deal, passes, pass_offset(len(seats), hand_number))
    record: dict[str, Any] = {
        "variant": "long-john",
        "seats": seats,
        "dealer": dealer,
        "hand_number": hand_number,
        "deal": deal,
        "kitty": kitty,
        "passes": passes,
        "play": play_out(rng, seats, hands, seat_at(seats, dealer, 1), policy, deviate),
    }
    scores = random_scores(rng, seats)
    if scores is not None:
        record["scores_before"] = scores
    if rng.random() < 0.25:
        record["backs"] = random_backs(rng, seats, deal)
    return record


def random_long_john_hand(
    rng: random.Random,
    seats: int | Sequence[str] = 6,
    hand_number: int | None = None,
    *,
    lumpy: bool = False,
    deviate: Deviation | None = None,
) -> dict[str, Any]:
    """A random legal long-john hand for 6, 7 or 8 seats (a count, or the seat ids clockwise).

    ``lumpy``: twin hands in suit blocks played for cancellations (see
    :func:`twin_hold` and :class:`CancelPolicy`) instead of a shuffled deal
    played at random.
    """
    ids = table_of(rng, seats)
    number = hand_number if hand_number is not None else rng.randint(1, 2 * len(ids))
    offset = pass_offset(len(ids), number)
    if lumpy:
        held, kitty = twin_hold(rng, ids)
        deal, passes = deal_before_pass(rng, ids, held, offset)
        policy: Policy = CancelPolicy(rng, keep_last=rng.random() < 0.5)
    else:
        deal, kitty = shuffled_deal(rng, ids)
        passes = random_passes(rng, ids, deal, offset)
        policy = random_policy
    return make_record(rng, ids, number, rng.choice(ids), deal, kitty, passes, policy, deviate)


# -- the moon ----------------------------------------------------------------------------


class MoonPolicy:
    """``shooter`` leads its surest cards and plays high; the others duck and throw points."""

    def __init__(self, shooter: str) -> None:
        self.shooter = shooter

    def __call__(self, rng: random.Random, table: Table, seat: str, legal: list[str]) -> str:
        following = bool(table.trick) and card_suit(legal[0]) == table.led
        hand = table.hands[seat]
        if seat == self.shooter:
            if not table.trick:  # both copies in hand: nobody can cancel it
                return max(legal, key=lambda card: (hand.count(card) == 2, rank(card)))
            if following:
                return max(legal, key=rank)
            return min(legal, key=lambda card: (is_point(card), rank(card)))
        if following or not table.trick:
            return min(legal, key=rank)
        return max(legal, key=lambda card: (points(card), rank(card)))


def moon_hold(rng: random.Random, seats: list[str], shooter: str) -> tuple[dict[str, list[str]], list[str]]:
    """The shooter holds both copies of the top of a non-heart suit (and a few other high
    cards); the rest of the double deck is shuffled out to the others and the kitty."""
    size = HAND_SIZE[len(seats)]
    top = rng.choice("CDS")
    strong = [r + top for r in reversed(RANKS) for _ in range(2)][: size - rng.randint(0, 2)]
    deck = double_deck(len(seats))
    for card in strong:
        deck.remove(card)
    high = [card for card in deck if card != JOKER and rank(card) >= 12]
    extra = rng.sample(high, size - len(strong))
    for card in extra:
        deck.remove(card)
    rng.shuffle(deck)
    others = [seat for seat in seats if seat != shooter]
    held = {seat: deck[size * i : size * (i + 1)] for i, seat in enumerate(others)}
    held[shooter] = strong + extra
    return {seat: held[seat] for seat in seats}, deck[size * len(others) :]


def random_long_john_moon_hand(
    rng: random.Random, seats: int | Sequence[str] = 6, attempts: int = 200
) -> tuple[dict[str, Any], str]:
    """A legal hand in which one seat takes all 28 point cards; returns (record, shooter).

    The shooter leads trick 1 (the dealer sits on its right). Hands are drawn
    until the moon is made; the record may carry a ``moon_choice``.
    """
    for _ in range(attempts):
        ids = table_of(rng, seats)
        shooter = rng.choice(ids)
        number = rng.randint(1, 2 * len(ids))
        held, kitty = moon_hold(rng, ids, shooter)
        deal, passes = deal_before_pass(rng, ids, held, pass_offset(len(ids), number))
        record = make_record(
            rng, ids, number, seat_at(ids, shooter, -1), deal, kitty, passes, MoonPolicy(shooter)
        )
        if moon_shooter(card_points(record)) == shooter:
            choice = rng.choice([None, "add", "subtract"])
            if choice is not None:
                record["moon_choice"] = choice
            return record, shooter
    raise RuntimeError(f"no moon in {attempts} hands")


def long_john_moon_hand_for(
    rng: random.Random, seats: Sequence[str], hand_number: int, dealer: str, attempts: int = 200
) -> dict[str, Any]:
    """Hand ``hand_number`` of a game dealt by ``dealer``, in which the seat on the
    dealer's left (who leads trick 1) takes all 28 point cards."""
    ids = list(seats)
    shooter = seat_at(ids, dealer, 1)
    for _ in range(attempts):
        held, kitty = moon_hold(rng, ids, shooter)
        deal, passes = deal_before_pass(rng, ids, held, pass_offset(len(ids), hand_number))
        record = make_record(rng, ids, hand_number, dealer, deal, kitty, passes, MoonPolicy(shooter))
        if moon_shooter(card_points(record)) == shooter:
            return record
    raise RuntimeError(f"no moon for {shooter} in {attempts} hands")


# -- one planted revoke ------------------------------------------------------------------


class PlantRevoke:
    """A deviation that revokes once: a follower holding the suit led discards another
    suit (never the joker). Play then goes on legally."""

    def __init__(self, rng: random.Random, size: int) -> None:
        self.from_trick = rng.randint(1, size - 1)
        self.seat: str | None = None
        self.trick = 0

    def __call__(self, rng: random.Random, table: Table, seat: str) -> str | None:
        if self.seat is not None or not table.trick or table.number < self.from_trick:
            return None
        led = table.led
        hand = table.hands[seat]
        others = [card for card in hand if card != JOKER and suit(card) != led]
        if not others or not any(card_suit(card) == led for card in hand) or rng.random() < 0.5:
            return None
        self.seat, self.trick = seat, table.number
        return rng.choice(others)


def random_long_john_hand_with_revoke(
    rng: random.Random, seats: int | Sequence[str] = 6, *, lumpy: bool = False, attempts: int = 1000
) -> tuple[dict[str, Any], str, int]:
    """A long-john hand with exactly one revoke; returns (record, revoking seat, 1-based trick)."""
    for _ in range(attempts):
        ids = table_of(rng, seats)
        plant = PlantRevoke(rng, HAND_SIZE[len(ids)])
        record = random_long_john_hand(rng, ids, lumpy=lumpy, deviate=plant)
        if plant.seat is not None:
            return record, plant.seat, plant.trick
    raise RuntimeError(f"no revoke could be planted in {attempts} hands")


__all__ = [
    "CancelPolicy",
    "MoonPolicy",
    "Table",
    "play_out",
    "random_long_john_hand",
    "random_long_john_hand_with_revoke",
    "random_long_john_moon_hand",
    "shuffled_deal",
    "twin_hold",
]
