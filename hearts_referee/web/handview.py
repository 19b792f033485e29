"""What the hand page shows, worked out from a record and its audit (no Flask, no SQL).

The stored-hand page and the "check a hand" page render the same view: a
stored hand adds its score versions, decisions, signatures and chain report
on top. Everything here reads the audit result as the API publishes it
(``ValidationResult``), so the page shows exactly what an API client gets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from math import ceil
from typing import Any

from hearts_referee.referee.cards import CARDS, Suit
from hearts_referee.referee.record import HandRecord
from hearts_referee.referee.registry import VARIANTS, Clause, Variant
from hearts_referee.referee.rulingkinds import RULING_KINDS

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits in a hand, alternating colour so neighbouring suits never look alike."""

SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds"}

CODE_TITLES: Mapping[str, str] = {code.value: kind.title for code, kind in RULING_KINDS.items()}
"""Each ruling code's heading on the pages, read from the registry (an entry's ``title``)."""


def title_of(code: str) -> str:
    return CODE_TITLES.get(code, code.replace("_", " ").capitalize())


@dataclass(frozen=True)
class CardView:
    """One card as the page draws it: the label carries the suit symbol, the colour is extra."""

    code: str
    label: str
    colour: str  # "red" or "black" (the joker is black)
    suit: str | None

    @staticmethod
    def of(code: str) -> CardView:
        card = CARDS.get(code.upper())
        if card is None:  # never for an audited record; the check page may show raw input
            return CardView(code, code, "black", None)
        suit = card.suit
        return CardView(
            card.code,
            card.label,
            "red" if suit is not None and suit.is_red else "black",
            SUIT_NAMES[suit] if suit is not None else None,
        )


@dataclass(frozen=True)
class SuitRow:
    symbol: str
    name: str
    colour: str
    ranks: tuple[str, ...]


def suit_rows(codes: Sequence[str]) -> list[SuitRow]:
    """A hand grouped by suit, high cards first; a void suit shows as an empty row ("—")."""
    cards = sorted((CARDS[c.upper()] for c in codes if c.upper() in CARDS), key=lambda c: -c.rank)
    rows = []
    for suit in SUIT_ORDER:
        ranks = tuple(c.label[:-1] for c in cards if c.suit is suit)
        rows.append(SuitRow(suit.symbol, SUIT_NAMES[suit], "red" if suit.is_red else "black", ranks))
    jokers = sum(1 for c in cards if c.suit is None)
    if jokers:
        rows.append(SuitRow("★", "joker", "black", ("joker",) * jokers))
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
    number: int
    leader: str
    order: list[tuple[str, CardView]]  # in the order played
    cells: dict[str, list[PlayCell]]  # by seat, in seat order on the page
    winner: str | None
    taken_by: str | None
    points: int
    to_middle: bool
    collects: tuple[int, ...]
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
    claimed: int | None
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
    kitty: dict[str, Any] | None
    tricks: list[TrickView]
    rulings: list[RulingView]
    scores: list[ScoreRow]
    moon: Mapping[str, Any] | None
    columns: int
    result: Mapping[str, Any] = field(repr=False)

    @property
    def refereed(self) -> bool:
        """False for a score-only hand: the page shows its points, not a deal or tricks."""
        return bool(self.result.get("refereed", True))

    @property
    def points(self) -> Mapping[str, int]:
        """The card points each seat took (a score-only hand: as the scoresheet has them)."""
        points: Mapping[str, int] = self.result["points"]
        return points


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


def penalty_text(ruling: Mapping[str, Any]) -> str:
    penalty = ruling.get("penalty")
    if not penalty:
        return "none"
    parts = []
    if penalty.get("points"):
        parts.append(f"{penalty['points']} points")
    if penalty.get("penalty_card"):
        parts.append(f"{CardView.of(penalty['penalty_card']).label} becomes a penalty card")
    return ", ".join(parts) or "none"


def build(
    record: HandRecord,
    result: Mapping[str, Any],
    players: Mapping[str, str] | None = None,
    claimed: Mapping[str, int] | None = None,
) -> HandView:
    """The page's view of one audited hand (``record`` typed, ``result`` as the API dumps it)."""
    seats = record.seats
    players = players or {}
    rulings = result["rulings"]
    first_leader = result["tricks"][0]["leader"] if result["tricks"] else None

    places = seat_places(len(seats))
    table = [
        SeatView(
            seat,
            players.get(seat),
            seat == record.dealer,
            seat == first_leader,
            suit_rows([c.code for c in record.deal.get(seat, ())]),
            *places[i],
        )
        for i, seat in enumerate(seats)
    ]

    passes = []
    for i, seat in enumerate(seats):
        given = record.passes.get(seat)
        if given is None or not given.cards:
            continue
        to = given.sent_to(record.variant.pass_recipient(record.hand_number, seats, i))
        passes.append(PassView(seat, to, [CardView.of(c.code) for c in given.cards]))
    held = {seat: Counter(c.code for c in record.deal.get(seat, ())) for seat in seats}
    for p in passes:
        held[p.giver] -= Counter(c.code for c in p.cards)
        if p.to in held:
            held[p.to] += Counter(c.code for c in p.cards)
    table = [replace(s, after_pass=suit_rows(list(held[s.seat].elements()))) for s in table]

    # which rulings sit on which card of which trick
    on_card: dict[tuple[int, str, str], list[int]] = {}
    for index, ruling in enumerate(rulings):
        if ruling.get("card"):
            on_card.setdefault((ruling["trick"], ruling["seat"], ruling["card"]), []).append(index)
    placed: set[int] = set()
    tricks = []
    for trick in result["tricks"]:
        number = trick["number"]
        cancelled = Counter(trick.get("cancelled") or ())
        cells: dict[str, list[PlayCell]] = {seat: [] for seat in seats}
        order = []
        plays = []
        holding = [(seat, suit_rows(list(held[seat].elements()))) for seat in seats]
        for k, play in enumerate(trick["plays"]):
            code = play["card"]
            is_cancelled = cancelled[code] > 0
            if is_cancelled:
                cancelled[code] -= 1
            found = on_card.get((number, play["seat"], code), [])
            placed.update(found)
            view = CardView.of(code)
            order.append((play["seat"], view))
            cell = PlayCell(view, k == 0, is_cancelled, [(i, rulings[i]["code"]) for i in found])
            cells.setdefault(play["seat"], []).append(cell)
            plays.append((play["seat"], cell))
            held.setdefault(play["seat"], Counter())[view.code] -= 1
        tricks.append(
            TrickView(
                number,
                trick["leader"],
                order,
                cells,
                trick["winner"],
                trick.get("taken_by"),
                trick["points"],
                bool(trick.get("to_middle")),
                tuple(trick.get("collects") or ()),
                [],
                False,
                plays,
                holding,
            )
        )
    by_number = {t.number: t for t in tricks}
    for index, ruling in enumerate(rulings):
        if index not in placed and ruling["trick"] in by_number and ruling["code"] != "score_mismatch":
            by_number[ruling["trick"]].notes.append((index, ruling["code"]))
    tricks = [
        replace(t, irregular=bool(t.notes) or any(c.rulings for cells in t.cells.values() for c in cells))
        for t in tricks
    ]

    views = [
        RulingView(
            index,
            r["code"],
            title_of(r["code"]),
            r["seat"],
            r["trick"],
            CardView.of(r["card"]) if r.get("card") else None,
            r["rule"],
            clause_of(r["rule"], record.variant),
            penalty_text(r),
            r["status"],
            r["explanation"],
            r.get("suggestion"),
            index in placed,
        )
        for index, r in enumerate(rulings)
    ]

    claimed = claimed if claimed is not None else record.claimed
    scores = []
    for seat in seats:
        taken = result["points"][seat]
        penalties = result["penalties"][seat]
        validated = result["score"][seat]
        wrote = claimed.get(seat) if claimed else None
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
        result["variant"],
        result.get("options") or {},
        seats,
        result["hand_number"],
        result["dealer"],
        result["pass_direction"],
        result["void"],
        result["complete"],
        table,
        passes,
        result.get("kitty"),
        tricks,
        views,
        scores,
        result.get("moon"),
        columns,
        result,
    )


def explain_difference(
    seat: str, taken: int, penalties: int, claimed: int | None, rulings: Sequence[Mapping[str, Any]]
) -> str:
    """Why the validated score differs from what the table wrote, in one sentence."""
    if claimed is None:
        return "The table wrote no score."
    validated = taken + penalties
    if claimed == validated:
        return "Agrees."
    sources = [
        f"#{i + 1} {title_of(r['code'])}"  # numbered from 1, as the page's ruling log
        for i, r in enumerate(rulings)
        if r["seat"] == seat and (r.get("penalty") or {}).get("points") and r["status"] == "applied"
    ]
    parts = []
    if claimed == taken and penalties:
        parts.append(
            f"The table wrote the points taken ({taken}) without the penalty of "
            f"{penalties} ({', '.join(sources) or 'penalties'})."
        )
    elif claimed - penalties == taken:
        parts.append("The table's figure differs only in the penalties.")
    else:
        parts.append(
            f"Validated: {taken} taken in tricks + {penalties} in penalties = {validated}; "
            f"the table wrote {claimed}."
        )
    return " ".join(parts)
