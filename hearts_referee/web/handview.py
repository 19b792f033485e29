"""What the hand page shows, worked out from a record and its audit (no Flask, no SQL).

The stored-hand page and the "check a hand" page render the same view: a
stored hand adds its score versions, decisions, signatures and chain report
on top. Everything here reads the typed values every face renders: the record
(``referee.record.HandRecord``) and its audit (``rulings.audit.HandAudit``, the value the
API's ``ValidationResult`` is written from), so the page shows exactly what an API client
gets; what the core already knows (the pass recipient, what each seat played from after
the pass) it is asked for, not worked out again here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from math import ceil
from typing import Any

from hearts_referee.referee.cards import CARDS, Card, Suit
from hearts_referee.referee.record import HandRecord
from hearts_referee.referee.registry import VARIANTS, Clause, Variant
from hearts_referee.referee.replay import Kitty, Trick, held_after_pass
from hearts_referee.referee.scoring import MoonOutcome
from hearts_referee.referee.translator import suit_name
from hearts_referee.rulings import Penalty, Ruling
from hearts_referee.rulings.audit import HandAudit

from .words import TITLES as CODE_TITLES
from .words import title_of, translator

__all__ = ["CODE_TITLES", "title_of"]  # the pages' titles, from the words the pages show

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits in a hand, alternating colour so neighbouring suits never look alike."""


@dataclass(frozen=True)
class CardView:
    """One card as the page draws it: the label carries the suit symbol, the colour is extra."""

    code: str
    label: str
    colour: str  # "red" or "black" (the joker is black)
    suit: str | None

    @staticmethod
    def of(code: str | Card) -> CardView:
        """A card of an audit as it is, or a code as typed (the check page may show raw input)."""
        card = code if isinstance(code, Card) else CARDS.get(code.upper())
        if card is None:  # never for an audited record
            return CardView(str(code), str(code), "black", None)
        suit = card.suit
        return CardView(
            card.code,
            card.label,
            "red" if suit is not None and suit.is_red else "black",
            suit.name.lower() if suit is not None else None,  # "spades": a class name, not words
        )


@dataclass(frozen=True)
class SuitRow:
    symbol: str
    name: str
    colour: str
    ranks: tuple[str, ...]


def suit_rows(held: Iterable[Card]) -> list[SuitRow]:
    """A hand grouped by suit, high cards first; a void suit shows as an empty row ("—")."""
    cards = sorted(held, key=lambda c: -c.rank)
    t = translator()
    rows = []
    for suit in SUIT_ORDER:
        ranks = tuple(c.label[:-1] for c in cards if c.suit is suit)
        rows.append(SuitRow(suit.symbol, suit_name(suit, t), "red" if suit.is_red else "black", ranks))
    jokers = sum(1 for c in cards if c.suit is None)
    if jokers:
        joker = t.pgettext("card", "joker")
        rows.append(SuitRow("★", joker, "black", (joker,) * jokers))
    return rows


@dataclass(frozen=True)
class SeatView:
    seat: str
    player: str | None
    dealer: bool
    leads_first: bool
    dealt: list[SuitRow]
    row: int
    column: int
    after_pass: list[SuitRow] = field(default_factory=list)
    """The hand the seat played from: as dealt, less what it passed, plus what it received."""


def seat_places(count: int) -> list[tuple[int, int]]:
    """Grid (row, column) of each seat, clockwise from the top left, around a table.

    Four seats sit around a square (one a side); six to eight around an
    oval: the top side takes the larger half of the seats between the two
    ends, the bottom side the rest, right to left. Columns: 1 is the left
    end, 2..k+1 the long sides, k+2 the right end.
    """
    if count == 4:
        return [(1, 2), (2, 3), (3, 2), (2, 1)]
    sides = count - 2
    top = ceil(sides / 2)
    bottom = sides - top
    places = [(1, 2 + i) for i in range(top)]
    places.append((2, top + 2))
    places += [(3, 1 + top - i) for i in range(bottom)]
    places.append((2, 1))
    return places


@dataclass(frozen=True)
class PassView:
    giver: str
    to: str | None
    cards: list[CardView]


@dataclass(frozen=True)
class PlayCell:
    card: CardView
    led: bool
    cancelled: bool
    rulings: list[tuple[int, str]]  # (index, code) of the rulings on this card


@dataclass(frozen=True)
class TrickView:
    """One trick on the page: the result's :class:`~referee.replay.Trick` as it is, with what
    only the page draws beside it (each card as drawn with the rulings that arose at it, the
    rulings on the trick not tied to a card, the cards each seat held as it was led)."""

    trick: Trick
    cells: dict[str, list[PlayCell]]  # by seat, in seat order on the page
    notes: list[tuple[int, str]]  # rulings on this trick not tied to a card on it
    irregular: bool
    plays: list[tuple[str, PlayCell]] = field(default_factory=list)
    """The trick's cards in the order played, each with the rulings that arose at it."""
    holding: list[tuple[str, list[SuitRow]]] = field(default_factory=list)
    """Each seat's cards as the trick is led (after the pass, less the earlier tricks)."""


@dataclass(frozen=True)
class RulingView:
    index: int
    code: str
    title: str
    seat: str
    trick: int
    card: CardView | None
    rule: str
    clause: Clause | None
    penalty: str
    status: str
    explanation: str
    suggestion: str | None
    on_card: bool


@dataclass(frozen=True)
class ScoreRow:
    seat: str
    taken: int
    penalties: int
    validated: int
    written: int | None
    difference: int | None
    why: str


@dataclass
class HandView:
    """Everything the hand page draws, in the order it draws it."""

    variant: Variant
    variant_id: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    hand_number: int
    dealer: str
    pass_direction: str
    void: bool
    complete: bool
    table: list[SeatView]
    passes: list[PassView]
    kitty: Kitty | None
    tricks: list[TrickView]
    rulings: list[RulingView]
    scores: list[ScoreRow]
    moon: MoonOutcome | None
    columns: int
    audit: HandAudit = field(repr=False)

    @property
    def refereed(self) -> bool:
        """False for a score-only hand: the page shows its points, not a deal or tricks."""
        return self.audit.refereed

    @property
    def deal_derived(self) -> bool:
        """The record left its deal out: the deal shown is the one the referee derived."""
        return self.audit.deal_derived

    @property
    def points(self) -> Mapping[str, int]:
        """The card points each seat took (a score-only hand: as the scoresheet has them)."""
        return self.audit.points


def clause_of(rule: str, variant: Variant) -> Clause | None:
    """The clause a ruling cites (``mso-2000/revoke``), from the variant that defines it."""
    variant_id, _, key = rule.partition("/")
    for candidate in (variant, VARIANTS.get(variant_id)):
        if candidate is None:
            continue
        try:
            return candidate.clause(key)
        except KeyError:
            continue
    return None


def penalty_text(penalty: Penalty | None) -> str:
    """A ruling's penalty in words, in the request's language."""
    t = translator()
    points = penalty.points if penalty is not None else 0
    card = penalty.penalty_card if penalty is not None else None
    if points and card is not None:
        return t.ngettext(
            "%(num)s point, %(card)s becomes a penalty card",
            "%(num)s points, %(card)s becomes a penalty card",
            points,
        ) % {"num": points, "card": card.label}
    if points:
        return t.ngettext("%(num)s point", "%(num)s points", points) % {"num": points}
    if card is not None:
        return t.gettext("%(card)s becomes a penalty card") % {"card": card.label}
    return t.pgettext("penalty", "none")


def build(
    record: HandRecord,
    audit: HandAudit,
    players: Mapping[str, str] | None = None,
    written: Mapping[str, int] | None = None,
) -> HandView:
    """The page's view of one audited hand: the record and its audit, both typed."""
    seats = record.seats
    players = players or {}
    rulings = audit.rulings
    first_leader = audit.tricks[0].leader if audit.tricks else None

    # what each seat played from, as the replay passed the cards (a scoresheet line has no cards)
    after_pass: Mapping[str, Sequence[Card]] = (
        held_after_pass(record) if audit.refereed else dict.fromkeys(seats, ())
    )
    places = seat_places(len(seats))
    table = [
        SeatView(
            seat,
            players.get(seat),
            seat == record.dealer,
            seat == first_leader,
            suit_rows(record.deal.get(seat, ())),
            *places[i],
            after_pass=suit_rows(after_pass[seat]),
        )
        for i, seat in enumerate(seats)
    ]

    passes = []
    for i, seat in enumerate(seats):
        given = record.passes.get(seat)
        if given is None or not given.cards:
            continue
        to = given.sent_to(record.variant.pass_recipient(record.hand_number, seats, i))
        passes.append(PassView(seat, to, [CardView.of(card) for card in given.cards]))

    # which rulings sit on which card of which trick
    on_card: dict[tuple[int, str, Card], list[int]] = {}
    for index, ruling in enumerate(rulings):
        if ruling.card is not None:
            on_card.setdefault((ruling.trick, ruling.seat, ruling.card), []).append(index)
    placed: set[int] = set()
    held = {seat: Counter(after_pass[seat]) for seat in seats}  # less each trick, as it is played
    tricks = []
    for trick in audit.tricks:
        number = trick.number
        cancelled = Counter(trick.cancelled)
        cells: dict[str, list[PlayCell]] = {seat: [] for seat in seats}
        plays = []
        holding = [(seat, suit_rows(held[seat].elements())) for seat in seats]
        for k, (seat, card) in enumerate(trick.plays):
            is_cancelled = cancelled[card] > 0
            if is_cancelled:
                cancelled[card] -= 1
            found = on_card.get((number, seat, card), [])
            placed.update(found)
            cell = PlayCell(
                CardView.of(card), k == 0, is_cancelled, [(i, str(rulings[i].code)) for i in found]
            )
            cells.setdefault(seat, []).append(cell)
            plays.append((seat, cell))
            held.setdefault(seat, Counter())[card] -= 1
        tricks.append(TrickView(trick, cells, [], False, plays, holding))
    by_number = {t.trick.number: t for t in tricks}
    for index, ruling in enumerate(rulings):
        if index not in placed and ruling.trick in by_number and ruling.code != "score_mismatch":
            by_number[ruling.trick].notes.append((index, str(ruling.code)))
    tricks = [
        replace(t, irregular=bool(t.notes) or any(c.rulings for cells in t.cells.values() for c in cells))
        for t in tricks
    ]

    views = [
        RulingView(
            index,
            str(r.code),
            title_of(r.code),
            r.seat,
            r.trick,
            CardView.of(r.card) if r.card is not None else None,
            r.rule,
            clause_of(r.rule, record.variant),
            penalty_text(r.penalty),
            str(r.status),
            r.explanation,
            r.suggestion,
            index in placed,
        )
        for index, r in enumerate(rulings)
    ]

    written = written if written is not None else record.written
    scores = []
    for seat in seats:
        taken = audit.points[seat]
        penalties = audit.penalties[seat]
        validated = audit.score[seat]
        wrote = written.get(seat) if written else None
        difference = None if wrote is None else validated - wrote
        scores.append(
            ScoreRow(
                seat,
                taken,
                penalties,
                validated,
                wrote,
                difference,
                explain_difference(seat, taken, penalties, wrote, rulings),
            )
        )
    columns = max(c for _, c in places)
    return HandView(
        record.variant,
        audit.variant,
        audit.options,
        seats,
        audit.hand_number,
        audit.dealer,
        audit.pass_direction,
        audit.void,
        audit.complete,
        table,
        passes,
        audit.kitty,
        tricks,
        views,
        scores,
        audit.moon,
        columns,
        audit,
    )


def explain_difference(
    seat: str, taken: int, penalties: int, written: int | None, rulings: Sequence[Ruling]
) -> str:
    """Why the validated score differs from what the table wrote, in one sentence."""
    t = translator()
    if written is None:
        return t.gettext("The table wrote no score.")
    validated = taken + penalties
    if written == validated:
        return t.gettext("Agrees.")
    sources = [
        f"#{i + 1} {title_of(r.code)}"  # numbered from 1, as the page's ruling log
        for i, r in enumerate(rulings)
        if r.seat == seat and r.penalty is not None and r.penalty.points and r.status == "applied"
    ]
    if written == taken and penalties:
        return t.gettext(
            "The table wrote the points taken (%(taken)s) without the penalty of %(penalties)s (%(sources)s)."
        ) % {"taken": taken, "penalties": penalties, "sources": ", ".join(sources) or t.gettext("penalties")}
    if written - penalties == taken:
        return t.gettext("The table's figure differs only in the penalties.")
    return t.gettext(
        "Validated: %(taken)s taken in tricks + %(penalties)s in penalties = %(validated)s; "
        "the table wrote %(written)s."
    ) % {"taken": taken, "penalties": penalties, "validated": validated, "written": written}
