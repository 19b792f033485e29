"""The state of the table during a replay, and the checks a card must pass.

Inside the engine a seat is its index in ``seats`` and a set of cards is an int mask
(``referee.masks``): the hands, each trick's plays, the cards taken, the penalty cards owed.
The seat ids appear only at the edges: where a record's event names its seat
(:attr:`Table.index`, built once at seating), and where a finding, a problem or a published
trick is written (``Table.seats[i]``). A few accessors take a seat id for callers outside the
engine (:meth:`Table.cards_left`, :meth:`Table.hand_of`, :meth:`Table.holds`, :meth:`Table.legal`).

Checking a card (:meth:`Table.fault`, :meth:`Table.legal`) is kept apart from
playing it (``referee.play``): the check is the one cascade of filters
(``referee.legality``: the joker, follow suit, opening lead, hearts broken,
first-trick points) and the first one a card fails names the rule it broke.
Every card of a replay goes through it, the common legal card included.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mypy_extensions import mypyc_attr

from .cards import Card
from .findings import CardFaultFacts, ClaimFacts, Code, Facts, Finding, PenaltyCardFacts
from .legality import cascade
from .masks import Hand
from .record import Problem
from .variant import Deck, Variant


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class OpenFinding:
    """A finding still being written: a revoke may yet become a renounce and a
    lead out of turn may be corrected, until the trick is established. ``seat`` is the
    seat id: a finding is written for the edge."""

    __slots__ = ("card", "code", "event", "facts", "seat", "settled", "trick")

    def __init__(
        self,
        code: Code,
        seat: str,
        trick: int,
        card: Card | None,
        event: int | None,
        facts: Facts,
        settled: bool = True,
    ) -> None:
        self.code = code
        self.seat = seat
        self.trick = trick
        self.card = card
        self.event = event
        self.facts = facts
        self.settled = settled

    def settle(self, corrected: bool = False) -> None:
        """The trick is established (or the card taken back): the first settling says
        whether the fault was ``corrected``."""
        facts = self.facts
        if not self.settled and isinstance(facts, CardFaultFacts):
            self.facts = replace(facts, corrected=corrected)
        self.settled = True

    def freeze(self) -> Finding:
        return Finding(self.code, self.seat, self.trick, self.card, self.event, facts=self.facts)


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class PenaltyCards:
    """One seat's penalty cards, face up in its hand and owed at the first legal chance.

    ``owed`` holds each copy owed and ``missed`` the copies whose first legal chance already
    went by (each is logged only once), as masks (``Hand``: a double deck may owe a card
    twice). ``made`` is the order they became penalty cards, each copy, which is the order
    the chances missed at one card are logged in. A card played goes out as its oldest copy,
    and a chance is missed by every copy owed then, so a card's missed copies are always its
    oldest: ``missed`` need only count them."""

    __slots__ = ("made", "missed", "owed")

    def __init__(self) -> None:
        self.owed = Hand()
        self.missed = Hand()
        self.made: list[Card] = []

    def add(self, card: Card) -> None:
        self.owed.add(card)
        self.made.append(card)

    def remove(self, card: Card) -> None:
        """``card`` was played: its oldest copy is no longer owed."""
        if self.owed.remove(card):
            self.made.remove(card)
            if self.missed.count(card):
                self.missed.remove(card)


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class TrickInPlay:
    """A trick being played: its plays so far and the findings attached to them.

    Its plays are three lists in play order: ``seats`` (who played, by seat index),
    ``played`` (the cards) and ``events`` (each card's event index in the record)."""

    __slots__ = (
        "cards",
        "corrected",
        "events",
        "faults",
        "in_order",
        "leader",
        "led",
        "number",
        "played",
        "points",
        "proper_leader",
        "seats",
        "taken_by",
        "turn",
        "winner",
    )

    def __init__(self, number: int, leader: int) -> None:
        self.number = number
        self.leader = leader
        self.proper_leader = leader
        self.turn = leader  # whose turn it is to play to this trick
        self.seats: list[int] = []  # who has a card on it, in play order
        self.played: list[Card] = []  # the card each of them played
        self.events: list[int] = []  # the event index of each card
        self.led = 0  # the suit of the first card on it, as a mask (referee.masks.SUIT_MASKS)
        self.faults: dict[int, OpenFinding] = {}  # by event index of the offending play
        self.in_order = True  # every card on it so far played in turn, none taken back
        self.winner: int | None = None
        self.taken_by: int | None = None  # who took its cards: the winner, or a pile's taker
        self.points = 0
        self.cards = 0  # every card on it, as a mask, once it is closed
        self.corrected = False  # an irregular card was taken back from it

    def fault_of(self, k: int) -> OpenFinding | None:
        """The open finding of the ``k``-th card on it, if it has one."""
        return self.faults.get(self.events[k]) if self.faults else None

    def place(self, seat: int, card: Card, event: int) -> None:
        """Put ``seat``'s ``card`` (of event ``event``) on it."""
        self.seats.append(seat)
        self.played.append(card)
        self.events.append(event)

    def take_back(self, k: int) -> None:
        """Take its ``k``-th card off it."""
        del self.seats[k]
        del self.played[k]
        del self.events[k]


@dataclass(slots=True, init=False)
class Table:
    """Hands, tricks, hearts broken, penalty cards and the log, at one moment; every seat
    by its index in ``seats``."""

    variant: Variant
    seats: tuple[str, ...]  # the seat ids, by index: only the edges read them
    index: dict[str, int]  # seat id -> index, built once at seating: the record's events read it
    deck: Deck
    hand_size: int
    current: TrickInPlay  # the trick in progress (or about to be led)
    hands: list[Hand]  # each seat's cards, as masks, by index (once dealt)
    penalty_cards: dict[int, PenaltyCards]  # by seat index, only a seat that has owed one
    tricks: list[TrickInPlay]
    broken: bool
    log: list[OpenFinding]
    problems: list[Problem]
    last_claim: tuple[int, int, ClaimFacts] | None  # event index, claimant, its facts
    taken: list[int]  # each seat's cards taken, as a mask, by index
    kitty: tuple[Card, ...]
    kitty_trick: int | None  # the trick whose taker takes the kitty
    kitty_taker: int | None
    kitty_with: int | None  # the trick with which the kitty was taken
    middle: list[TrickInPlay]  # cancelled tricks not yet taken
    last_winner: int | None
    cancelled: dict[int, tuple[Card, ...]]  # by trick number
    collects: dict[int, list[int]]  # trick -> middle tricks taken with it

    def __init__(  # written out: compiled, it is C; the one @dataclass writes stays Python
        self,
        variant: Variant,
        seats: tuple[str, ...],
        index: dict[str, int],
        deck: Deck,
        hand_size: int,
        current: TrickInPlay,
        broken: bool = False,
    ) -> None:
        """A table before the deal (:meth:`seated` builds one): nothing dealt, played or found."""
        self.variant = variant
        self.seats = seats
        self.index = index
        self.deck = deck
        self.hand_size = hand_size
        self.current = current
        self.hands = []
        self.penalty_cards = {}
        self.tricks = []
        self.broken = broken
        self.log = []
        self.problems = []
        self.last_claim = None
        self.taken = [0] * len(seats)
        self.kitty = ()
        self.kitty_trick = None
        self.kitty_taker = None
        self.kitty_with = None
        self.middle = []
        self.last_winner = None
        self.cancelled = {}
        self.collects = {}

    @staticmethod
    def seated(variant: Variant, seats: tuple[str, ...], dealer: int) -> Table:
        """An empty table before the deal; until the first leader is known, trick 1 is
        the dealer's (``dealer``: the dealer's index)."""
        index = {seat: i for i, seat in enumerate(seats)}
        deck = variant.deck(len(seats))
        return Table(  # compiled: the C constructor (``cls(...)`` is a Python call)
            variant,
            seats,
            index,
            deck,
            deck.hand_size,
            TrickInPlay(1, dealer),
            broken=variant.hearts_broken_from_start,
        )

    def left_of(self, seat: int) -> int:
        """The seat to the left of ``seat``: the next one clockwise."""
        following = seat + 1
        return following if following < len(self.seats) else 0

    def point_takers(self) -> set[str]:
        """The seat ids that have taken a point card (by trick, pile or kitty) so far."""
        point_mask = self.variant.point_mask
        return {self.seats[i] for i, cards in enumerate(self.taken) if cards & point_mask}

    # -- a seat by its id, for callers outside the engine ------------------------
    def hand_of(self, seat: str) -> Hand:
        """The cards seat id ``seat`` holds, as masks."""
        return self.hands[self.index[seat]]

    def holds(self, seat: str, card: Card) -> bool:
        return card in self.hand_of(seat)

    def cards_left(self, seat: str) -> list[Card]:
        """Every card seat id ``seat`` still holds, each copy, in card order."""
        return self.hand_of(seat).cards()

    # -- the cascade of play filters ------------------------------------------
    def fault(self, hand: Hand, card: Card, trick: TrickInPlay) -> Code | None:
        """The first rule that playing ``card`` from ``hand`` (the seat's, as the caller
        already holds it: ``hands[seat]``) to ``trick`` now breaks, or ``None``: the one
        legality cascade (:func:`referee.legality.cascade`) on this table. The replay's one
        play path (``referee.play.play_card``) asks the cascade itself, for every card."""
        led = trick.led if trick.played else 0
        return cascade(
            self.variant, self.hand_size, trick.number, led, self.broken, hand.once, hand.twice, card.bit
        )[0]

    def legal(self, seat: str) -> list[Card]:
        """The cards seat id ``seat`` may play to the trick in progress
        (:func:`referee.legality.cascade`), each copy, in card order."""
        trick = self.current
        hand = self.hand_of(seat)
        led = trick.led if trick.played else 0
        allowed = cascade(
            self.variant, self.hand_size, trick.number, led, self.broken, hand.once, hand.twice, 0
        )[1]
        return [card for card in hand.cards() if card.bit & allowed]

    # -- findings and problems -------------------------------------------------
    def find(
        self,
        code: Code,
        seat: int,
        card: Card | None = None,
        event: int | None = None,
        *,
        facts: Facts,
        settled: bool = True,
        trick: int | None = None,
    ) -> OpenFinding:
        """Log a finding against seat ``seat`` (its index) at the trick in progress (or
        ``trick``); ``facts`` is the class ``referee.findings.FACTS`` names for ``code``."""
        number = trick if trick is not None else self.current.number
        entry = OpenFinding(code, self.seats[seat], number, card, event, facts, settled)
        self.log.append(entry)
        return entry

    def make_penalty_card(self, seat: int, card: Card, entry: OpenFinding) -> None:
        """Where the variant has penalty cards, ``card`` now stays face up, owed."""
        if self.variant.penalty_cards:
            owed = self.penalty_cards.get(seat)
            if owed is None:
                owed = self.penalty_cards[seat] = PenaltyCards()
            owed.add(card)
            facts = entry.facts
            if not isinstance(facts, PenaltyCardFacts):
                raise TypeError(f"a {entry.code} finding cannot make a penalty card")
            entry.facts = replace(facts, penalty_card=card)

    def problem(self, at: str, code: str, message: str) -> None:
        self.problems.append(Problem(at, code, message))
