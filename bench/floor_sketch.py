"""Two sketches of one ``standard`` hand's load + replay, for ``bench/floor.py``: the floor.

Not the referee, and never imported by it: each sketch plays only a clean four-seat
``standard`` hand, and counts the cards the cascade would rule on instead of ruling. They
measure what a replay's *shape* costs in this Python, with no rule but the few every hand
needs, so that a target can be set against what the design allows:

- **A, one loop over ints** (the sketch issue 20 started from): the deal and the play read
  into ints, the cascade's mask tests written into the one loop, no object per card.
- **B, the least the one path needs**: the engine's shape with nothing else in it. A typed
  record (a ``Card`` per code, an ``Event`` per card played), one play path called for every
  card (``play_card``), one cascade that path and a solver would share (``Table.fault``),
  each card put on its ``Trick``, one winner function per trick. No findings are written,
  no problem is looked for, nothing is scored but the points taken. Seats are indices at
  the table and a trick's plays are (seat, card) pairs: the leanest choices the issue
  leaves open (seat ids as strings and a ``Play`` object per card, as the referee has them,
  cost B a fifth of its speed compiled: docs/performance.md, the tenth step).

Typed for mypyc: ``bench/floor.py`` times this module as it is and compiled.
"""

from __future__ import annotations

from typing import Any, Final

RANKS: Final = "23456789TJQKA"
SUITS: Final = "CDHS"
NUMBER: Final[dict[str, int]] = {
    rank + suit: s * 13 + r for s, suit in enumerate(SUITS) for r, rank in enumerate(RANKS)
}
"""Each card's number, suit-major and low to high (2♣ is 0, A♠ 51), as the engine numbers them."""
BIT: Final[list[int]] = [1 << n for n in range(52)]
SUIT_MASK: Final[list[int]] = [((1 << 13) - 1) << (13 * (n // 13)) for n in range(52)]
HEARTS: Final = ((1 << 13) - 1) << 26
QUEEN_OF_SPADES: Final = 1 << 49
POINT_MASK: Final = HEARTS | QUEEN_OF_SPADES
POINTS: Final[list[int]] = [
    1 if BIT[n] & HEARTS else 13 if BIT[n] == QUEEN_OF_SPADES else 0 for n in range(52)
]
SEATS: Final = 4


class NotClean(Exception):
    """A card not held or out of turn: the sketches replay clean hands only."""


def pass_offset(hand_number: int) -> int:
    """Seats to the left each pass goes: left, right, across, hold, as ``standard`` cycles."""
    return (1, 3, 2, 0)[(hand_number - 1) % 4]


def _codes(given: Any) -> list[str]:
    """A pass's cards: written as a list, or as an object with ``cards``."""
    codes: list[str] = given["cards"] if type(given) is dict else given
    return codes


# -- A: one loop over ints -----------------------------------------------------------------


def load_ints(data: dict[str, Any]) -> tuple[list[int], list[tuple[int, int]]]:
    """Each seat's hand after the pass as a mask, and each card played as (seat, number)."""
    seats: list[str] = data["seats"]
    at = {seat: i for i, seat in enumerate(seats)}
    hands = [0] * SEATS
    deal: dict[str, list[str]] = data["deal"]
    for seat, codes in deal.items():
        held = 0
        for code in codes:
            held |= BIT[NUMBER[code]]
        hands[at[seat]] = held
    offset = pass_offset(data["hand_number"])
    if offset:
        given = [0] * SEATS
        passes: dict[str, Any] = data["passes"]
        for seat, passed in passes.items():
            mask = 0
            for code in _codes(passed):
                mask |= BIT[NUMBER[code]]
            given[at[seat]] = mask
        for i in range(SEATS):
            hands[i] ^= given[i]
        for i in range(SEATS):
            hands[(i + offset) % SEATS] |= given[i]
    events: list[dict[str, str]] = data["play"]
    return hands, [(at[event["seat"]], NUMBER[event["card"]]) for event in events]


def replay_ints(hands: list[int], play: list[tuple[int, int]]) -> tuple[list[int], int]:
    """Points taken by each seat, and how many cards the cascade would have ruled on."""
    turn = 0
    for i in range(SEATS):
        if hands[i] & 1:
            turn = i
    broken = False
    taken = [0] * SEATS
    faults = 0
    at = 0
    for trick in range(13):
        best = -1
        winner = turn
        points = 0
        led = 0
        for k in range(SEATS):
            seat, number = play[at]
            at += 1
            bit = BIT[number]
            hand = hands[seat]
            if seat != turn or not hand & bit:
                raise NotClean
            if k == 0:
                if trick == 0 and number != 0:
                    faults += 1  # the opening lead is 2♣
                elif bit & HEARTS and not broken and hand & ~HEARTS:
                    faults += 1  # a heart led before hearts are broken
                led = SUIT_MASK[number]
            elif not bit & led and hand & led:
                faults += 1  # a revoke
            if trick == 0 and bit & POINT_MASK and hand & ~POINT_MASK & (led if hand & led else -1):
                faults += 1  # a point card on the first trick, with another card to play
            hands[seat] = hand ^ bit
            if bit & led and number > best:
                best = number
                winner = seat
            points += POINTS[number]
            if bit & POINT_MASK:
                broken = True
            turn = (seat + 1) % SEATS
        taken[winner] += points
        turn = winner
    return taken, faults


# -- B: the least the one path needs ----------------------------------------------------------


class Card:
    __slots__ = ("bit", "code", "number", "suit_mask")

    def __init__(self, code: str, number: int) -> None:
        self.code = code
        self.number = number
        self.bit = BIT[number]
        self.suit_mask = SUIT_MASK[number]


CARDS: Final[dict[str, Card]] = {code: Card(code, number) for code, number in NUMBER.items()}


class Event:
    """A card played, as the record says: who (the seat's index at the table), and which card."""

    __slots__ = ("card", "seat")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card


class Record:
    __slots__ = ("deal", "hand_number", "passes", "play", "seats")

    def __init__(
        self,
        seats: tuple[str, ...],
        hand_number: int,
        deal: list[int],
        passes: list[tuple[Card, ...]],
        play: tuple[Event, ...],
    ) -> None:
        self.seats = seats
        self.hand_number = hand_number
        self.deal = deal
        self.passes = passes
        self.play = play


class Trick:
    __slots__ = ("leader", "led", "number", "plays", "turn")

    def __init__(self, number: int, leader: int) -> None:
        self.number = number
        self.leader = leader
        self.turn = leader
        self.plays: list[tuple[int, Card]] = []  # (seat, card), in the order played
        self.led = 0


class Table:
    __slots__ = ("broken", "current", "hands", "log", "seats", "taken", "tricks")

    def __init__(self, hands: list[int]) -> None:
        self.seats = len(hands)
        self.hands = hands
        self.current = Trick(1, 0)
        self.tricks: list[Trick] = []
        self.broken = False
        self.taken = [0] * len(hands)
        self.log: list[tuple[str, int, int]] = []

    def fault(self, held: int, card: Card, trick: Trick) -> str | None:
        """The one cascade, as masks: follow suit, the opening lead, hearts broken, first-trick points."""
        bit = card.bit
        if trick.plays:
            led = trick.led
            if not bit & led and held & led:
                return "revoke"
        else:
            if trick.number == 1 and card.number != 0 and held & 1:
                return "wrong_first_lead"
            if bit & HEARTS and not self.broken and held & ~HEARTS:
                return "early_heart"
        if trick.number == 1 and bit & POINT_MASK and held & ~POINT_MASK:
            return "point_card_on_first_trick"
        return None


def load_values(data: dict[str, Any]) -> Record:
    """The record as typed values: a ``Card`` per code, an ``Event`` per card played, each
    seat by its index at the table."""
    seats = tuple(data["seats"])
    at = {seat: i for i, seat in enumerate(seats)}
    hands = [0] * len(seats)
    deal: dict[str, list[str]] = data["deal"]
    for seat, codes in deal.items():
        held = 0
        for code in codes:
            held |= CARDS[code].bit
        hands[at[seat]] = held
    passes: list[tuple[Card, ...]] = [()] * len(seats)
    given: dict[str, Any] = data.get("passes", {})
    for seat, passed in given.items():
        passes[at[seat]] = tuple([CARDS[code] for code in _codes(passed)])
    events: list[dict[str, str]] = data["play"]
    play = tuple([Event(at[event["seat"]], CARDS[event["card"]]) for event in events])
    return Record(seats, data["hand_number"], hands, passes, play)


def play_card(table: Table, index: int, event: Event) -> None:
    """The one play path: every card comes here, and through the one cascade."""
    seat, card = event.seat, event.card
    trick = table.current
    hands = table.hands
    hand = hands[seat]
    if seat != trick.turn or not hand & card.bit:
        raise NotClean
    plays = trick.plays
    if not plays:
        trick.led = card.suit_mask
    code = table.fault(hand, card, trick)
    if code is not None:
        table.log.append((code, seat, index))
    hands[seat] = hand ^ card.bit
    plays.append((seat, card))
    if len(plays) == table.seats:
        close_trick(table, trick)
    else:
        trick.turn = (seat + 1) % table.seats


def close_trick(table: Table, trick: Trick) -> None:
    """The winner (the top card of the suit led) takes the trick's points and leads next."""
    led = trick.led
    best = -1
    points = 0
    winner = trick.leader
    for seat, card in trick.plays:
        if card.bit & led and card.number > best:
            best = card.number
            winner = seat
        points += POINTS[card.number]
        if card.bit & POINT_MASK:
            table.broken = True
    table.taken[winner] += points
    table.tricks.append(trick)
    table.current = Trick(trick.number + 1, winner)


def replay_values(record: Record) -> Table:
    """The pass, the holder of 2♣ leading, then every card through :func:`play_card`."""
    table = Table(list(record.deal))
    seats = table.seats
    offset = pass_offset(record.hand_number)
    if offset:
        for giver in range(seats):
            receiver = (giver + offset) % seats
            for card in record.passes[giver]:
                table.hands[giver] ^= card.bit
                table.hands[receiver] |= card.bit
    for seat in range(seats):
        if table.hands[seat] & 1:
            table.current = Trick(1, seat)
    for index, event in enumerate(record.play):
        play_card(table, index, event)
    return table
