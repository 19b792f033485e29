"""The state of the table during a replay, and the checks a card must pass.

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
class Play:
    """One card on a trick: who played it, and the index of its event in the record.

    A plain value with a class of its own (a C struct when compiled: docs/performance.md,
    "Why the code is shaped so"), comparing by value."""

    __slots__ = ("card", "event", "seat")

    def __init__(self, seat: str, card: Card, event: int) -> None:
        self.seat = seat
        self.card = card
        self.event = event

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Play)
            and self.seat == other.seat
            and self.card is other.card
            and self.event == other.event
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.card, self.event))

    def __repr__(self) -> str:
        return f"Play(seat={self.seat!r}, card={self.card!r}, event={self.event!r})"


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class OpenFinding:
    """A finding still being written: a revoke may yet become a renounce and a
    lead out of turn may be corrected, until the trick is established."""

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
class OwedCard:
    """A penalty card face up in its owner's hand, owed at the first legal chance.

    ``missed`` is set once such a chance went by (it is logged only once).
    """

    __slots__ = ("card", "missed")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.missed = False


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class TrickInPlay:
    """A trick being played: its plays so far and the findings attached to them."""

    __slots__ = (
        "cards",
        "corrected",
        "faults",
        "in_order",
        "leader",
        "led",
        "number",
        "plays",
        "points",
        "proper_leader",
        "taken_by",
        "turn",
        "winner",
    )

    def __init__(self, number: int, leader: str) -> None:
        self.number = number
        self.leader = leader
        self.proper_leader = leader
        self.turn = leader  # whose turn it is to play to this trick
        self.plays: list[Play] = []
        self.led = 0  # the suit of the first card on it, as a mask (referee.masks.SUIT_MASKS)
        self.faults: dict[int, OpenFinding] = {}  # by event index of the offending play
        self.in_order = True  # every card on it so far played in turn, none taken back
        self.winner: str | None = None
        self.taken_by: str | None = None  # who took its cards: the winner, or a pile's taker
        self.points = 0
        self.cards = 0  # every card on it, as a mask, once it is closed
        self.corrected = False  # an irregular card was taken back from it

    @property
    def seats(self) -> list[str]:
        """Who has a card on it, in play order."""
        return [play.seat for play in self.plays]

    def fault_of(self, play: Play) -> OpenFinding | None:
        return self.faults.get(play.event) if self.faults else None


@dataclass(slots=True, init=False)
class Table:
    """Hands, tricks, hearts broken, penalty cards and the log, at one moment."""

    variant: Variant
    seats: tuple[str, ...]
    left_of: dict[str, str]
    deck: Deck
    hand_size: int
    current: TrickInPlay  # the trick in progress (or about to be led)
    hands: dict[str, Hand]  # each seat's cards, as masks
    penalty_cards: dict[str, list[OwedCard]]  # by seat, only a seat that has owed one
    tricks: list[TrickInPlay]
    broken: bool
    log: list[OpenFinding]
    problems: list[Problem]
    last_claim: tuple[int, str, ClaimFacts] | None  # event index, claimant, its facts
    taken: dict[str, int]  # each seat's cards taken, as a mask
    kitty: tuple[Card, ...]
    kitty_trick: int | None  # the trick whose taker takes the kitty
    kitty_taker: str | None
    kitty_with: int | None  # the trick with which the kitty was taken
    middle: list[TrickInPlay]  # cancelled tricks not yet taken
    last_winner: str | None
    cancelled: dict[int, tuple[Card, ...]]  # by trick number
    collects: dict[int, list[int]]  # trick -> middle tricks taken with it

    def __init__(  # written out: compiled, it is C; the one @dataclass writes stays Python
        self,
        variant: Variant,
        seats: tuple[str, ...],
        left_of: dict[str, str],
        deck: Deck,
        hand_size: int,
        current: TrickInPlay,
        broken: bool = False,
    ) -> None:
        """A table before the deal (:meth:`seated` builds one): nothing dealt, played or found."""
        self.variant = variant
        self.seats = seats
        self.left_of = left_of
        self.deck = deck
        self.hand_size = hand_size
        self.current = current
        self.hands = {}
        self.penalty_cards = {}
        self.tricks = []
        self.broken = broken
        self.log = []
        self.problems = []
        self.last_claim = None
        self.taken = {}
        self.kitty = ()
        self.kitty_trick = None
        self.kitty_taker = None
        self.kitty_with = None
        self.middle = []
        self.last_winner = None
        self.cancelled = {}
        self.collects = {}

    @staticmethod
    def seated(variant: Variant, seats: tuple[str, ...], dealer: str) -> Table:
        """An empty table before the deal; until the first leader is known, trick 1 is
        the dealer's."""
        left_of = {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)}
        deck = variant.deck(len(seats))
        return Table(  # compiled: the C constructor (``cls(...)`` is a Python call)
            variant,
            seats,
            left_of,
            deck,
            deck.hand_size,
            TrickInPlay(1, dealer),
            broken=variant.hearts_broken_from_start,
        )

    def point_takers(self) -> set[str]:
        """The seats that have taken a point card (by trick, pile or kitty) so far."""
        point_mask = self.variant.point_mask
        return {seat for seat, cards in self.taken.items() if cards & point_mask}

    # -- hands ----------------------------------------------------------------
    def give(self, seat: str, card: Card) -> None:
        self.hands[seat].add(card)

    def holds(self, seat: str, card: Card) -> bool:
        return card in self.hands[seat]

    def cards_left(self, seat: str) -> list[Card]:
        """Every card ``seat`` still holds, each copy, in card order."""
        return self.hands[seat].cards()

    # -- the cascade of play filters ------------------------------------------
    def fault(self, hand: Hand, card: Card, trick: TrickInPlay) -> Code | None:
        """The first rule that playing ``card`` from ``hand`` (the seat's, as the caller
        already holds it: ``hands[seat]``) to ``trick`` now breaks, or ``None``: the one
        legality cascade (:func:`referee.legality.cascade`) on this table. The replay's one
        play path (``referee.play.play_card``) asks the cascade itself, for every card."""
        led = trick.led if trick.plays else 0
        return cascade(
            self.variant, self.hand_size, trick.number, led, self.broken, hand.once, hand.twice, card.bit
        )[0]

    def legal(self, seat: str) -> list[Card]:
        """The cards ``seat`` may play to the trick in progress (:func:`referee.legality.cascade`),
        each copy, in card order."""
        trick = self.current
        hand = self.hands[seat]
        led = trick.led if trick.plays else 0
        allowed = cascade(
            self.variant, self.hand_size, trick.number, led, self.broken, hand.once, hand.twice, 0
        )[1]
        return [card for card in hand.cards() if card.bit & allowed]

    # -- findings and problems -------------------------------------------------
    def find(
        self,
        code: Code,
        seat: str,
        card: Card | None = None,
        event: int | None = None,
        *,
        facts: Facts,
        settled: bool = True,
        trick: int | None = None,
    ) -> OpenFinding:
        """Log a finding at the trick in progress (or ``trick``); ``facts`` is the class
        ``referee.findings.FACTS`` names for ``code``."""
        number = trick if trick is not None else self.current.number
        entry = OpenFinding(code, seat, number, card, event, facts, settled)
        self.log.append(entry)
        return entry

    def make_penalty_card(self, seat: str, card: Card, entry: OpenFinding) -> None:
        """Where the variant has penalty cards, ``card`` now stays face up, owed."""
        if self.variant.penalty_cards:
            self.penalty_cards.setdefault(seat, []).append(OwedCard(card))
            facts = entry.facts
            if not isinstance(facts, PenaltyCardFacts):
                raise TypeError(f"a {entry.code} finding cannot make a penalty card")
            entry.facts = replace(facts, penalty_card=card)

    def problem(self, at: str, code: str, message: str) -> None:
        self.problems.append(Problem(at, code, message))
