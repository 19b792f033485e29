"""What the reader and the writer of HRN share: its words, how a seat or a card is written,
the order of a deal, whose turn a card is, and the diagnostics' codes.

HRN (Hearts Record Notation, docs/notation.md) writes a hand record in a few lines of text.
Both directions go through the definitions here, so that what the writer leaves out (a
card's seat where it is that seat's turn, a header a hand carries over) is exactly what the
reader puts back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from hearts_referee.referee.cards import CARDS
from hearts_referee.referee.translator import ENGLISH, Translator, translated

JSON = dict[str, Any]

SUITS = "SHDC"
"""The suits of a deal line, in the order they are written: spades, hearts, diamonds, clubs."""
RANKS = "AKQJT98765432"
"""The ranks within a suit, as a deal line writes them: high to low."""
JOKER = "JK"

HEADERS = ("Event", "Table", "Variant", "Seats", "Dealer", "Hand")
"""The tags a hand of a file carries over to the next (Hand and Dealer move on by one)."""
HAND_TAGS = (
    "Before",
    "Moon",
    "Deal",
    "Kitty",
    "Exposed",
    "Backs",
    "Points",
    "Irregularity",
    "Written",
)
"""The tags of one hand alone, in the order the writer writes them, after the headers."""
REPEATED = frozenset({"Backs", "Irregularity"})
"""Tags a hand may give more than once (one per seat, one per irregularity)."""
TAGS = {name.casefold(): name for name in (*HEADERS, *HAND_TAGS)}
"""Every tag by its name folded: a tag reads in any case."""
SCORE_TAGS = {"Before": "scores_before", "Written": "claimed", "Points": "points"}
"""The tags of points per seat, and the record's key for each (``claimed``: the written scores)."""
CARD_TAGS = {"Kitty": "kitty", "Exposed": "exposed_in_deal"}
"""The tags of a list of cards, and the record's key for each."""

WHAT = ("all-tricks", "no-more-points", "no-more-tricks", "points", "concede")
"""What a claim may claim (the record's ``claims.what``)."""
CLAIMS = "claims"
"""The word of a claim line, after the claimant."""
WITHDRAWS = "-"
EXPOSES = "*"
Kind = Literal["card", "withdraws", "exposes"]
MARKS: Mapping[str, Kind] = MappingProxyType({WITHDRAWS: "withdraws", EXPOSES: "exposes"})
"""The mark before a card on a trick line that is not played but withdrawn or exposed."""
MARK_OF: Mapping[str, str] = MappingProxyType({kind: mark for mark, kind in MARKS.items()})

SEAT = re.compile(r"\w+")
"""A seat id written bare; any other is written as a JSON string (``"North 1"``)."""
WORD = re.compile(r"\w[\w.+-]*")
"""Free text (an event's name, a colour, a variant's id or option) written bare."""
INTEGER = re.compile(r"-?[0-9]+")
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
TOKEN = re.compile(r'(?:"(?:[^"\\]|\\.)*"?|[^\s"])+')
"""A run of text without blanks, quoted strings whole (an unclosed one to the end of the line)."""


def seat_text(seat: str) -> str:
    """A seat as HRN writes it: bare when it is a word, a JSON string otherwise."""
    return seat if SEAT.fullmatch(seat) else json.dumps(seat, ensure_ascii=False)


def word_text(value: str) -> str:
    """Free text as HRN writes it: bare when it is one word, a JSON string otherwise."""
    return value if WORD.fullmatch(value) else json.dumps(value, ensure_ascii=False)


def option_text(value: object) -> str:
    """A house option's value: ``true``, ``false``, a number, or text (quoted where it would
    read as one of those)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if INTEGER.fullmatch(text) or text in ("true", "false"):
        return json.dumps(text)
    return word_text(text)


def card_code(code: object) -> str:
    """A card of a record as HRN writes it (``TH`` for ``10h``); ``ValueError`` if it is none."""
    card = CARDS.get(code.upper()) if isinstance(code, str) and code.isascii() else None
    if card is None:
        raise ValueError(f"{code!r} is not a card")
    return card.code


def deal_order(code: str) -> tuple[int, int]:
    """Where a card stands on a deal line: by suit (spades first), then rank (high first);
    the joker last."""
    if code == JOKER:
        return (len(SUITS), 0)
    return (SUITS.index(code[1]), RANKS.index(code[0]))


def following(seats: Sequence[str], seat: str | None) -> str | None:
    """The seat on ``seat``'s left (the next in ``seats``), or None if it is not at the table."""
    if seat is None or seat not in seats:
        return None
    return seats[(seats.index(seat) + 1) % len(seats)]


class Turns:
    """Whose turn a card is, as HRN reads it (not a rule of the game: a way of writing).

    A trick line names its first seat; each card after it is the next seat's, on the left of
    the seat of the card before; a seat is written before a card (``E:5C``) only where the
    card is not that seat's. A withdrawn card is the seat's that last played it, and that
    seat is next; an exposed card is the seat's whose turn it is, and the turn stays.
    """

    def __init__(self, seats: Sequence[str]) -> None:
        self.seats = tuple(seats)
        self.turn: str | None = None
        self.standing: list[tuple[str, str]] = []
        """The cards played and not withdrawn, with their seats, in order."""

    def lead(self, seat: str) -> None:
        self.turn = seat

    def implied(self, kind: Kind, card: str) -> str | None:
        if kind == "withdraws":
            for seat, played in reversed(self.standing):
                if played == card:
                    return seat
        return self.turn

    def done(self, kind: Kind, seat: str, card: str) -> None:
        if kind == "card":
            self.standing.append((seat, card))
            self.turn = following(self.seats, seat) or self.turn
        elif kind == "withdraws":
            for index in range(len(self.standing) - 1, -1, -1):
                if self.standing[index] == (seat, card):
                    del self.standing[index]
                    break
            self.turn = seat

    def trick_done(self) -> bool:
        """Whether the cards standing make whole tricks (one card from each seat per trick)."""
        return bool(self.seats) and len(self.standing) % len(self.seats) == 0


def event_kind(event: Mapping[str, Any]) -> tuple[Kind, Any] | None:
    """An event's action (``card``, ``withdraws``, ``exposes``) and its card; None for a claim."""
    for kind in ("card", "withdraws", "exposes"):
        if kind in event:
            return kind, event[kind]
    return None


@dataclass(frozen=True)
class Diagnostic:
    """Something the reader saw in the text: where (line and column, from 1), a stable
    ``code`` (docs/notation.md), a message, perhaps a hint, which hand (its index in the
    records read) and how much it matters: ``error`` where something written was left out of
    the record, ``warning`` where it was read as written and may not be what was meant."""

    line: int
    column: int
    code: str
    message: str
    hint: str | None = None
    hand: int | None = None
    severity: Literal["error", "warning"] = "error"

    def as_json(self, t: Translator = ENGLISH) -> JSON:
        """The diagnostic as an answer lists it, its message and hint in ``t``'s language."""
        return {
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "message": translated(self.message, t),
            "hint": translated(self.hint, t) if self.hint is not None else None,
            "hand": self.hand,
            "severity": self.severity,
        }


NOTATION_CODES: Mapping[str, str] = MappingProxyType(
    {
        # --- errors: something written is left out of the record ---------------------------
        "unknown_card": "A card that is no card (a rank or suit mistyped); it is left out",
        "unknown_line": "A line that is no line of a hand (not a tag, deal, pass, trick or claim)",
        "bad_tag": "A tag that does not read: not closed by ], or a value of the wrong kind",
        "missing_tag": "A hand without its Variant, Seats, Dealer or Hand, none carried over",
        "bad_deal": "A deal line whose hand is not four suits between dots",
        "bad_seat": "A seat that does not read (an unclosed quote), or a line that names none",
        "repeated_line": "A second deal or pass line for one seat; the second is left out",
        "missing_leader": "A trick line that begins with a card: whose it is cannot be told",
        "bad_claim": "A claim line that does not read (what it claims, the points, the order)",
        # --- warnings: read as written, check it ---------------------------------------------
        "card_spelling": "A card written another way (10H, th, 2♣): read as the card, written TH",
        "missing_blank_line": "A hand's tags right after another hand, with no blank line between",
        "unknown_tag": "A tag HRN does not have; it is left out",
        "unknown_seat": "A seat not in the hand's Seats; read as written, for the referee to name",
        "short_trick": "A trick line with fewer cards than seats, and another trick after it",
        "seat_plays_twice": "A seat with two cards standing on one trick line",
        "uneven_pass": "A seat passing another number of cards than the other seats",
    }
)
"""Every diagnostic's code and its one-line meaning; docs/notation.md has a section for each."""

WARNING_CODES = frozenset(
    {
        "card_spelling",
        "missing_blank_line",
        "unknown_tag",
        "unknown_seat",
        "short_trick",
        "seat_plays_twice",
        "uneven_pass",
    }
)
"""The codes of warnings (read as written); every other code is an error, something left out,
and is an error code of the API's answers too (``referee.errorcodes.ERROR_CODES``)."""
