"""The forgiving reader: HRN text to hand records (the JSON record format, as dicts), with a
diagnostic for everything it had to forgive or leave out.

It never invents a play: a card that does not read is left out of the record (its turn still
passes, so the cards after it keep their seats), the hand is marked incomplete, and the
referee's own problems then say what is missing. After a bad token it reads on: at the next
token where the line still makes sense, else at the next line, or at the next hand.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from hearts_referee.referee.cards import CARDS
from hearts_referee.referee.translator import N_, SAID

from .syntax import (
    CARD_TAGS,
    CLAIMS,
    INTEGER,
    JOKER,
    JSON,
    MARKS,
    QUOTED,
    RANKS,
    REPEATED,
    SCORE_TAGS,
    SEAT,
    SUITS,
    TAGS,
    TOKEN,
    WARNING_CODES,
    WHAT,
    Diagnostic,
    Kind,
    Turns,
    following,
)

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
"""Suits a person may type as symbols; read as their letters, with a hint."""

Token = tuple[int, str]
"""A word of a line and its column (from 1)."""


def _tokens(line: str) -> list[Token]:
    """The words of ``line`` with their columns, a comment (from ``;``, outside quotes) left out."""
    end = len(line)
    quoted = False
    index = 0
    while index < end:
        char = line[index]
        if quoted and char == "\\":
            index += 1
        elif char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            end = index
        index += 1
    return [(match.start() + 1, match.group()) for match in TOKEN.finditer(line[:end])]


def _seat_at(text: str) -> tuple[str, str] | None:
    """A seat at the start of ``text`` (a word, or a JSON string) and what follows it."""
    if text.startswith('"'):
        match = QUOTED.match(text)
        if match is None:
            return None
        return json.loads(match.group()), text[match.end() :]
    word = SEAT.match(text)
    return (word.group(), text[word.end() :]) if word else None


def _word(text: str) -> str:
    """Free text: a JSON string read as its value, a bare word as it is."""
    if QUOTED.fullmatch(text):
        value: str = json.loads(text)
        return value
    return text


def _option(text: str) -> object:
    if QUOTED.fullmatch(text):
        return _word(text)
    if text in ("true", "false"):
        return text == "true"
    if INTEGER.fullmatch(text):
        return int(text)
    return text


def _spelled(text: str) -> str:
    """``text`` as a card code would be written, were it one: upper case, ``T`` for ``10``,
    a suit symbol as its letter."""
    spelled = text.upper()
    if spelled[-1:] in SUIT_SYMBOLS:
        spelled = spelled[:-1] + SUIT_SYMBOLS[spelled[-1]]
    return "T" + spelled[2:] if spelled.startswith("10") else spelled


@dataclass
class ReadHand:
    """One hand as read: its record, the tags the record format has no field for (Event,
    Table), where it starts, whether everything written in it was read into the record, and
    where in the text each part of the record was written (by JSON pointer)."""

    record: JSON
    tags: dict[str, str]
    line: int
    complete: bool
    places: dict[str, tuple[int, int]] = field(default_factory=dict)

    def where(self, pointer: str) -> tuple[int, int]:
        """The line and column a JSON pointer of the record was written at (the nearest part
        written, up to the hand's first line); ``/-`` at the end of a list is after its last item,
        at that item."""
        if pointer.endswith("/-"):
            within = pointer[:-1]
            last = [
                int(key[len(within) :])
                for key in self.places
                if key[len(within) :].isdigit() and key.startswith(within)
            ]
            pointer = f"{within}{max(last)}" if last else pointer[:-2]
        while pointer:
            if pointer in self.places:
                return self.places[pointer]
            pointer = pointer.rsplit("/", 1)[0]
        return (self.line, 1)


@dataclass
class Reading:
    """What the reader made of a text: the hands, and every diagnostic, in text order."""

    hands: list[ReadHand]
    diagnostics: list[Diagnostic]

    @property
    def records(self) -> list[JSON]:
        return [hand.record for hand in self.hands]


class _Hand:
    """A hand being read."""

    def __init__(
        self, index: int, line: int, before: _Hand | None, given: Mapping[str, Any] | None = None
    ) -> None:
        self.index = index
        self.line = line
        self.before = before
        self.given: Mapping[str, Any] = given or {}
        """Headers the first hand takes as they are where it gives none (a game's next hand)."""
        self.headers: dict[str, Any] = {}
        self.tags: dict[str, str] = {}
        self.seen: set[str] = set()
        self.parts: JSON = {}
        self.places: dict[str, tuple[int, int]] = {}
        self.body = False
        self.complete = True
        self.turns: Turns | None = None
        self.trick_before = False
        """Whether the last play line was a trick line (after a claim, a trick may go on)."""
        self.shift = 0
        """Cards standing before the tricks counted from: a short trick, said once, starts the
        count again at the line after it."""
        self.last_end = (line, 1)

    def header(self, name: str) -> Any:
        if name in self.headers:
            return self.headers[name]
        if self.before is None:
            return self.given.get(name)
        carried = self.before.header(name)
        if name == "Hand":
            return carried + 1 if isinstance(carried, int) else None
        if name == "Dealer":
            return following(self.seats, carried)
        return carried

    @property
    def seats(self) -> list[str]:
        seats = self.header("Seats")
        return list(seats) if isinstance(seats, list) else []

    def tag(self, name: str) -> str | None:
        if name in self.tags:
            return self.tags[name]
        return self.before.tag(name) if self.before is not None else None


class _Reader:
    def __init__(self, given: Mapping[str, Any] | None = None) -> None:
        self.given = given
        self.hands: list[ReadHand] = []
        self.diagnostics: list[Diagnostic] = []
        self.hand: _Hand | None = None
        self.last: _Hand | None = None
        self.count = 0

    # --- diagnostics ----------------------------------------------------------------------

    def say(
        self,
        line: int,
        column: int,
        code: str,
        message: str,
        hint: str | None = None,
        hand: _Hand | None = None,
    ) -> None:
        severity: Literal["error", "warning"] = "warning" if code in WARNING_CODES else "error"
        hand = hand or self.hand
        if hand is not None and severity == "error":
            hand.complete = False
        index = hand.index if hand is not None else None
        self.diagnostics.append(Diagnostic(line, column, code, message, hint, index, severity))

    def card(self, line: int, token: Token) -> str | None:
        """The card a token names, forgiving its spelling (with a hint); None, said, if none."""
        column, text = token
        if text in CARDS and CARDS[text].code == text:
            return text
        spelled = _spelled(text)
        card = CARDS.get(spelled) if spelled.isascii() else None
        if card is None:
            self.say(
                line,
                column,
                "unknown_card",
                SAID.gettext("%(text)s is not a card; it is left out", text=repr(text)),
            )
            return None
        self.say(
            line,
            column,
            "card_spelling",
            SAID.gettext("%(text)s reads as %(card)s", text=repr(text), card=card.code),
            SAID.gettext("write %(card)s", card=card.code),
        )
        return card.code

    def seat(self, line: int, column: int, seat: str) -> str:
        hand = self.hand
        if hand is not None and hand.seats and seat not in hand.seats:
            self.say(
                line,
                column,
                "unknown_seat",
                SAID.gettext(
                    "%(seat)s is not in the hand's Seats (%(seats)s); read as written",
                    seat=repr(seat),
                    seats=" ".join(hand.seats),
                ),
            )
        return seat

    # --- hands ----------------------------------------------------------------------------

    def open(self, line: int) -> _Hand:
        hand = _Hand(self.count, line, self.last, self.given)
        self.count += 1
        self.hand = hand
        return hand

    def close(self) -> None:
        hand = self.hand
        if hand is None:
            return
        self.hand = None
        record: JSON = {}
        for name, key in (
            ("Variant", "variant"),
            ("Seats", "seats"),
            ("Dealer", "dealer"),
            ("Hand", "hand_number"),
        ):
            value = hand.header(name)
            if value is None:
                self.say(
                    hand.line,
                    1,
                    "missing_tag",
                    SAID.gettext("the hand has no [%(tag)s] tag, and none carried over", tag=name),
                    hand=hand,
                )
            else:
                record[key] = value
        parts = hand.parts
        for key in (
            "deal",
            "deal_derived",
            "kitty",
            "passes",
            "play",
            "scores_before",
            "claimed",
            "moon_choice",
            "backs",
            "exposed_in_deal",
            "points",
            "irregularities",
        ):
            if key in parts:
                record[key] = parts[key]
        passes = parts.get("passes") or {}
        counts = {
            seat: len(given if isinstance(given, list) else given["cards"]) for seat, given in passes.items()
        }
        usual = Counter(counts.values()).most_common(1)
        if len(set(counts.values())) > 1 and usual:
            for seat, count in counts.items():
                if count != usual[0][0]:
                    line, column = hand.places[f"/passes/{seat}/end"]
                    self.say(
                        line,
                        column,
                        "uneven_pass",
                        SAID.gettext(
                            "%(seat)s passes %(count)s cards; the other seats pass %(usual)s",
                            seat=seat,
                            count=count,
                            usual=usual[0][0],
                        ),
                        hand=hand,
                    )
        tags = {name: value for name in ("Event", "Table") if (value := hand.tag(name)) is not None}
        places = {key: value for key, value in hand.places.items() if not key.endswith("/end")}
        self.hands.append(ReadHand(record, tags, hand.line, hand.complete, places))
        self.last = hand

    # --- lines ----------------------------------------------------------------------------

    def read_line(self, number: int, text: str) -> None:
        tokens = _tokens(text)
        if not tokens:
            if self.hand is not None and (self.hand.body or self.hand.seen):
                self.close()
            return
        if tokens[0][1].startswith("["):
            self.tag_line(number, text, tokens)
            return
        hand = self.hand or self.open(number)
        hand.body = True
        self.body_line(number, tokens)
        hand.last_end = (number, tokens[-1][0] + len(tokens[-1][1]))

    def tag_line(self, number: int, text: str, tokens: list[Token]) -> None:
        column = tokens[0][0]
        inner = text[column:].rstrip()
        if not inner.endswith("]"):
            self.hand or self.open(number)
            self.say(number, column, "bad_tag", SAID.gettext("a tag line ends with ]; it is left out"))
            return
        words = _tokens(" " * column + inner[:-1])
        if not words:
            self.hand or self.open(number)
            self.say(number, column, "bad_tag", SAID.gettext("an empty tag; it is left out"))
            return
        name = TAGS.get(words[0][1].casefold())
        hand = self.hand
        if hand is not None and (hand.body or (name in hand.seen and name not in REPEATED)):
            self.close()
            hand = self.open(number)
            self.say(
                number,
                1,
                "missing_blank_line",
                SAID.gettext("a new hand's tags right after the hand before: read as the next hand"),
                SAID.gettext("put a blank line between hands"),
            )
        hand = hand or self.open(number)
        if name is None:
            self.say(
                number,
                column + 1,
                "unknown_tag",
                SAID.gettext("HRN has no tag %(tag)s; it is left out", tag=repr(words[0][1])),
            )
            return
        hand.seen.add(name)
        self.tag(hand, number, name, words[0][0], words[1:])

    def tag(self, hand: _Hand, line: int, name: str, column: int, values: list[Token]) -> None:
        texts = [text for _, text in values]

        def bad(why: str) -> None:
            self.say(line, column, "bad_tag", SAID.gettext(why, tag=name))

        if name in ("Event", "Table"):
            if not texts:
                return bad(N_("[%(tag)s] has no value; the tag is left out"))
            hand.tags[name] = _word(texts[0]) if len(texts) == 1 else " ".join(texts)
        elif name == "Variant":
            if not texts:
                return bad(N_("[%(tag)s] names no variant; the tag is left out"))
            options: dict[str, object] = {}
            for option_column, text in values[1:]:
                key, equals, value = text.partition("=")
                if not equals or not key or not value:
                    self.say(
                        line,
                        option_column,
                        "bad_tag",
                        SAID.gettext(
                            "%(text)s is not an option (name=value); it is left out", text=repr(text)
                        ),
                    )
                    continue
                options[key] = _option(value)
            base = _word(texts[0])
            hand.headers["Variant"] = {"base": base, "options": options} if options else base
            hand.places["/variant"] = (line, column)
        elif name == "Seats":
            if not texts:
                return bad(N_("[%(tag)s] names no seat; the tag is left out"))
            hand.headers["Seats"] = [_word(text) for text in texts]
            hand.places["/seats"] = (line, column)
        elif name == "Dealer":
            if len(texts) != 1:
                return bad(N_("[%(tag)s] names one seat; the tag is left out"))
            hand.headers["Dealer"] = self.seat(line, values[0][0], _word(texts[0]))
            hand.places["/dealer"] = (line, column)
        elif name == "Hand":
            if len(texts) != 1 or not INTEGER.fullmatch(texts[0]):
                return bad(N_("[%(tag)s] is a number; the tag is left out"))
            hand.headers["Hand"] = int(texts[0])
            hand.places["/hand_number"] = (line, column)
        elif name in SCORE_TAGS:
            if len(texts) % 2 or not all(INTEGER.fullmatch(text) for text in texts[1::2]):
                return bad(N_("[%(tag)s] is seats and their points (N 0 E 8 ...); the tag is left out"))
            key = SCORE_TAGS[name]
            hand.parts[key] = {
                _word(seat): int(points) for seat, points in zip(texts[::2], texts[1::2], strict=True)
            }
            hand.places["/" + key] = (line, column)
        elif name == "Moon":
            if len(texts) != 1:
                return bad(N_("[%(tag)s] is add or subtract; the tag is left out"))
            hand.parts["moon_choice"] = _word(texts[0])
            hand.places["/moon_choice"] = (line, column)
        elif name == "Deal":
            if texts != ["derived"]:
                return bad(N_("[%(tag)s] says derived; the tag is left out"))
            hand.parts["deal_derived"] = True
        elif name in CARD_TAGS:
            key = CARD_TAGS[name]
            cards = hand.parts.setdefault(key, [])
            hand.places["/" + key] = (line, column)
            for token in values:
                card = self.card(line, token)
                if card is not None:
                    hand.places[f"/{key}/{len(cards)}"] = (line, token[0])
                    cards.append(card)
        elif name == "Backs":
            if not texts:
                return bad(N_("[%(tag)s] names a seat and its cards' colours; the tag is left out"))
            seat = _word(texts[0])
            hand.parts.setdefault("backs", {})[seat] = [_word(text) for text in texts[1:]]
            hand.places[f"/backs/{seat}"] = (line, column)
        elif name == "Irregularity":
            self.irregularity(hand, line, column, values)

    def irregularity(self, hand: _Hand, line: int, column: int, values: list[Token]) -> None:
        if len(values) < 2:
            self.say(
                line,
                column,
                "bad_tag",
                SAID.gettext("[Irregularity] is a code and a seat (then a trick, a card)"),
            )
            return
        report: JSON = {
            "code": _word(values[0][1]),
            "seat": self.seat(line, values[1][0], _word(values[1][1])),
        }
        for token in values[2:]:
            if INTEGER.fullmatch(token[1]) and "trick" not in report and "card" not in report:
                report["trick"] = int(token[1])
            elif "card" not in report:
                card = self.card(line, token)
                if card is not None:
                    report["card"] = card
            else:
                self.say(
                    line,
                    token[0],
                    "bad_tag",
                    SAID.gettext("%(text)s is more than an irregularity says", text=repr(token[1])),
                )
        reports = hand.parts.setdefault("irregularities", [])
        hand.places[f"/irregularities/{len(reports)}"] = (line, column)
        reports.append(report)

    def body_line(self, line: int, tokens: list[Token]) -> None:
        hand = self.hand
        assert hand is not None
        column, first = tokens[0]
        found = _seat_at(first)
        if found is None:
            self.say(
                line,
                column,
                "bad_seat",
                SAID.gettext("the line begins with %(text)s, not a seat; it is left out", text=repr(first)),
            )
            return
        seat, rest = found
        if rest.startswith(">"):
            self.pass_line(hand, line, tokens, seat, rest[1:])
        elif rest not in ("", ":"):
            self.say(
                line,
                column,
                "unknown_line",
                SAID.gettext("%(text)s begins no line of a hand; the line is left out", text=repr(first)),
            )
        elif len(tokens) > 1 and tokens[1][1].rstrip(":").casefold() == CLAIMS:
            self.claim_line(hand, line, tokens, seat)
        elif len(tokens) > 1 and "." in tokens[1][1]:
            self.deal_line(hand, line, tokens, seat)
        elif rest == "" and seat not in hand.seats and _spelled(seat) in CARDS:
            self.say(
                line,
                column,
                "missing_leader",
                SAID.gettext(
                    "the trick line begins with a card, %(card)s: whose cards they are cannot be told; "
                    "the line is left out",
                    card=first,
                ),
                SAID.gettext("begin a trick line with the seat that leads"),
            )
        else:
            self.trick_line(hand, line, tokens, self.seat(line, column, seat))

    def deal_line(self, hand: _Hand, line: int, tokens: list[Token], seat: str) -> None:
        deal = hand.parts.setdefault("deal", {})
        column, text = tokens[1]
        if seat in deal:
            self.say(
                line,
                tokens[0][0],
                "repeated_line",
                SAID.gettext("%(seat)s has a deal line already; this one is left out", seat=seat),
            )
            return
        self.seat(line, tokens[0][0], seat)
        for extra_column, extra in tokens[2:]:
            self.say(
                line,
                extra_column,
                "bad_deal",
                SAID.gettext("%(text)s after the hand; it is left out", text=repr(extra)),
            )
        suits, *jokers = text.split("+")
        groups = suits.split(".")
        if len(groups) != len(SUITS):
            self.say(
                line,
                column,
                "bad_deal",
                SAID.gettext(
                    "a hand is four suits between dots (spades.hearts.diamonds.clubs), not %(count)s; "
                    "%(seat)s's deal is left out",
                    count=len(groups),
                    seat=seat,
                ),
            )
            return
        cards: list[str] = []
        hand.places[f"/deal/{seat}"] = (line, tokens[0][0])
        spelled = False
        at = column
        for suit, group in zip(SUITS, groups, strict=True):
            index = 0
            while index < len(group):
                char = group[index]
                width = 2 if group[index : index + 2] == "10" else 1
                rank = "T" if width == 2 else char.upper()
                if rank not in RANKS or not char.isascii():
                    self.say(
                        line,
                        at + index,
                        "unknown_card",
                        SAID.gettext("%(text)s is not a rank; it is left out", text=repr(group[index])),
                    )
                else:
                    spelled = spelled or width == 2 or char != rank
                    hand.places[f"/deal/{seat}/{len(cards)}"] = (line, at + index)
                    cards.append(rank + suit)
                index += width
            at += len(group) + 1
        for joker in jokers:
            if joker.upper() == JOKER:
                spelled = spelled or joker != JOKER
                hand.places[f"/deal/{seat}/{len(cards)}"] = (line, at)
                cards.append(JOKER)
            else:
                self.say(
                    line,
                    at,
                    "unknown_card",
                    SAID.gettext("+%(text)s is not the joker (+JK); it is left out", text=joker),
                )
            at += len(joker) + 1
        if spelled:
            canonical = ".".join("".join(c[0] for c in cards if c != JOKER and c[1] == s) for s in SUITS)
            self.say(
                line,
                column,
                "card_spelling",
                SAID.gettext("%(text)s reads as written", text=repr(text)),
                SAID.gettext("write %(card)s", card=canonical),
            )
        deal[seat] = cards

    def pass_line(self, hand: _Hand, line: int, tokens: list[Token], seat: str, arrow: str) -> None:
        column = tokens[0][0]
        passes = hand.parts.setdefault("passes", {})
        if seat in passes:
            self.say(
                line,
                column,
                "repeated_line",
                SAID.gettext("%(seat)s has a pass line already; this one is left out", seat=seat),
            )
            return
        self.seat(line, column, seat)
        to: str | None = None
        if arrow and not arrow.startswith("!"):
            found = _seat_at(arrow)
            if found is None:
                self.say(
                    line,
                    column,
                    "bad_seat",
                    SAID.gettext(
                        "%(text)s is not the seat passed to; the line is left out", text=repr(arrow)
                    ),
                )
                return
            to, arrow = found
            self.seat(line, column, to)
        looked = arrow == "!"
        if arrow not in ("", "!"):
            self.say(
                line,
                column,
                "bad_seat",
                SAID.gettext("%(text)s after the pass's seats; the line is left out", text=repr(arrow)),
            )
            return
        cards: list[str] = []
        where = f"/passes/{seat}" + ("/cards" if to is not None or looked else "")
        hand.places[f"/passes/{seat}"] = (line, column)
        for token in tokens[1:]:
            card = self.card(line, token)
            if card is not None:
                hand.places[f"{where}/{len(cards)}"] = (line, token[0])
                cards.append(card)
        hand.places[f"/passes/{seat}/end"] = (line, tokens[-1][0] + len(tokens[-1][1]) + 1)
        if to is None and not looked:
            passes[seat] = cards
        else:
            given: JSON = {"cards": cards}
            if to is not None:
                given["to"] = to
            if looked:
                given["looked_early"] = True
            passes[seat] = given

    def claim_line(self, hand: _Hand, line: int, tokens: list[Token], seat: str) -> None:
        self.seat(line, tokens[0][0], seat)
        claim: JSON = {}
        play = hand.parts.setdefault("play", [])
        where = f"/play/{len(play)}"
        hand.places[where] = (line, tokens[0][0])
        order: list[str] | None = [] if tokens[1][1].endswith(":") else None
        for column, text in tokens[2:]:
            if order is not None:
                card = self.card(line, (column, text))
                if card is not None:
                    hand.places[f"{where}/claims/order/{len(order)}"] = (line, column)
                    order.append(card)
                continue
            word = text[:-1] if text.endswith(":") else text
            if word and INTEGER.fullmatch(word) and "points" not in claim:
                claim["points"] = int(word)
            elif word in WHAT and "what" not in claim:
                claim["what"] = word
            elif word:
                self.say(
                    line,
                    column,
                    "bad_claim",
                    SAID.gettext(
                        "%(text)s is not what a claim claims (%(claims)s)",
                        text=repr(word),
                        claims=", ".join(WHAT),
                    ),
                )
            if text.endswith(":"):
                order = []
        if order is not None:
            claim["order"] = order
        play.append({"seat": seat, "claims": claim})
        hand.trick_before = False

    def trick_line(self, hand: _Hand, line: int, tokens: list[Token], leader: str) -> None:
        turns = hand.turns = hand.turns or Turns(hand.seats)
        size = len(turns.seats)
        short = (len(turns.standing) - hand.shift) % size if size else 0
        if hand.trick_before and short:
            end_line, end_column = hand.last_end
            self.say(
                end_line,
                end_column + 1,
                "short_trick",
                SAID.gettext(
                    "the trick has %(count)s cards of %(size)s, and the next trick begins on the next line",
                    count=short,
                    size=size,
                ),
            )
            hand.shift += short
        hand.trick_before = True
        turns.lead(leader)
        play = hand.parts.setdefault("play", [])
        on_line: Counter[str] = Counter()
        for column, text in tokens[1:]:
            seat: str | None = None
            body = text
            found = _seat_at(text)
            if found is not None and found[1].startswith(":"):
                seat, body = self.seat(line, column, found[0]), found[1][1:]
            kind: Kind = MARKS.get(body[:1], "card")
            if kind != "card":
                body = body[1:]
            card = self.card(line, (column + len(text) - len(body), body))
            seat = seat if seat is not None else turns.implied(kind, card or "")
            if seat is None:  # no turn to go by: only a line with no seat at its head
                continue
            turns.done(kind, seat, card or "")
            if kind == "card":
                on_line[seat] += 1
                if on_line[seat] == 2:
                    self.say(
                        line,
                        column,
                        "seat_plays_twice",
                        SAID.gettext(
                            "this card is %(seat)s's second on the trick: is a seat written out of turn?",
                            seat=seat,
                        ),
                    )
            elif kind == "withdraws" and on_line[seat]:
                on_line[seat] -= 1
            if card is None:
                continue
            hand.places[f"/play/{len(play)}"] = (line, column)
            play.append({"seat": seat, kind: card})


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines of ``text``, numbered from 1; a line ends at LF, CR LF or CR."""
    yield from enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1)


def read(text: str, given: Mapping[str, Any] | None = None) -> Reading:
    """Every hand of an HRN text, and what the reader had to say about it. ``given``: header
    tags by name (``Variant``, ``Seats``, ``Dealer``, ``Hand``: values as the record's fields)
    that the text's first hand takes where it gives none, as if carried over from a hand
    before it (a game's next hand, which the game numbers and seats)."""
    reader = _Reader(given)
    for number, line in _lines(text):
        reader.read_line(number, line)
    reader.close()
    return Reading(reader.hands, reader.diagnostics)


__all__ = ["ReadHand", "Reading", "read"]
