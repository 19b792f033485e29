"""The hand record: JSON in, a typed :class:`referee.HandRecord` out.

The big containers (``deal``, ``passes``, ``play``) are not nested schemas, for speed
(docs/performance.md, "Why the code is shaped so"): each is one custom field that walks its
container once, parses cards by dictionary look-up and collects every problem with its JSON
pointer.

A record with problems is read on as far as it can be: each container hands
over what it could read (:class:`Partial`: an unknown card or an unreadable
event left out, and where), and :func:`load_record` has the referee check
that (``referee.replay.find_problems``), so that one 422 lists every problem:
an unknown card does not hide a card dealt twice, a dealer who is not at the
table, or a play of a card never dealt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate

from hearts_referee.referee.cards import CARDS, Card
from hearts_referee.referee.causes import first_cause_first
from hearts_referee.referee.derive import derive_deal
from hearts_referee.referee.house import OPTIONS, house_variant, option_problems
from hearts_referee.referee.plain import Shape
from hearts_referee.referee.plain import read_plain as _read_plain
from hearts_referee.referee.record import (
    ClaimKind,
    ClaimTerms,
    Event,
    EventAction,
    HandRecord,
    Pass,
    Problem,
    RecordError,
    Reported,
    pointer,
)
from hearts_referee.referee.registry import VARIANTS, Variant
from hearts_referee.referee.replay import Readable, find_problems
from hearts_referee.referee.variant import MoonOption
from hearts_referee.rulings.schedules import SCHEDULES

from .bounds import BACK_MAX_LENGTH, HAND_NUMBER_MAX, SCORE_MAX, SEAT_MAX_LENGTH
from .plainshape import PlainPlay, plain_from_text
from .problems import flatten
from .strictjson import MAX_DEPTH, loads_strict, pointer_index
from .text import SeatId, TextError, clean, seat_id

ACTIONS = ("card", "exposes", "withdraws", "claims")
"""The one action each play event carries besides its ``seat``."""

OPTION_NAMES = frozenset(option.name for option in OPTIONS)


def _type_name(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        type(None): "null",
        int: "a number",
        float: "a number",
    }.get(type(value), "a value")


Kept = dict[str, tuple[int, ...]]
"""For each list a container left items out of, by its pointer: the index each item it
kept had in the record (so that a problem found later points where the record says)."""


class Partial(NamedTuple):
    """What a container could read of a value with problems (``value``) and what it left out
    (``kept``); marshmallow hands it on as the field's value in ``ValidationError.valid_data``."""

    value: Any
    kept: Kept


def _card(value: Any) -> Card | None:
    if type(value) is not str:
        return None
    return CARDS.get(value) or (CARDS.get(value.upper()) if value.isascii() else None)


def parse_card(value: Any, at: str, problems: list[Problem]) -> Card | None:
    """The card ``value`` names, or ``None`` with a problem noted at ``at``."""
    card = _card(value)
    if card is not None:
        return card
    if type(value) is str:
        problems.append(Problem(at, "unknown_card", f'{value!r} is not a card (use e.g. "QS", "TH", "10h")'))
    else:
        problems.append(Problem(at, "type", f'a card is a string such as "QS", not {_type_name(value)}'))
    return None


def parse_cards(
    value: Any, at: tuple[str | int, ...], problems: list[Problem], kept: Kept | None = None
) -> tuple[Card, ...]:
    """A list of cards; ``at`` is the path to it, made a pointer only if there is a problem.
    An unreadable card is left out, and (with ``kept``) the indices of the rest noted."""
    if type(value) is not list:
        problems.append(Problem(pointer(*at), "type", f"expected a list of cards, not {_type_name(value)}"))
        return ()
    get = CARDS.get
    out = []
    for i, item in enumerate(value):
        card = get(item) if type(item) is str else None
        if card is None:
            card = parse_card(item, pointer(*at, i), problems)
            if card is None:
                continue
        out.append(card)
    if kept is not None and len(out) < len(value):
        kept[pointer(*at)] = tuple(i for i, item in enumerate(value) if _card(item) is not None)
    return tuple(out)


def _seat_key(key: str, at: str, problems: list[Problem]) -> bool:
    if not key or len(key) > SEAT_MAX_LENGTH:
        problems.append(Problem(at, "invalid_seat", f"a seat id is 1 to {SEAT_MAX_LENGTH} characters"))
        return False
    return True


def _object(value: Any, at: str, problems: list[Problem]) -> bool:
    if type(value) is not dict:
        problems.append(Problem(at, "type", f"expected an object, not {_type_name(value)}"))
        return False
    return True


class _Container(fields.Field[Any]):
    """A field that parses a whole container in one pass and reports located problems.

    With problems, what it could read goes on as a :class:`Partial` (unless ``partial``
    is false: a table whose seats cannot all be read has nothing to check against)."""

    partial = True

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        problems: list[Problem] = []
        kept: Kept = {}
        result = self.parse(value, "/" + (self.data_key or attr or ""), problems, kept)
        if problems:
            # marshmallow stores any ``valid_data`` as the field's value; its stubs say dict
            partial = cast(dict[str, Any], Partial(result, kept)) if self.partial else None
            raise ValidationError(problems, valid_data=partial)
        return result

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> Any:  # pragma: no cover
        raise NotImplementedError


class VariantField(_Container):
    """A variant id, or ``{"base": id, "options": {...}}`` for house rules."""

    partial = False

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> Variant | None:
        if type(value) is str:
            return self._known(value, at, problems)
        if not _object(value, at, problems):
            return None
        for key in value:
            if key not in ("base", "options"):
                problems.append(Problem(f"{at}/{key}", "unknown_field", f"unknown field {key!r}"))
        if "base" not in value:
            problems.append(Problem(f"{at}/base", "required", "a house variant names its base variant"))
            return None
        base = value["base"]
        if type(base) is not str:
            problems.append(Problem(f"{at}/base", "type", "the base is a variant id string"))
            return None
        variant = self._known(base, f"{at}/base", problems)
        options = value.get("options", {})
        if not _object(options, f"{at}/options", problems):
            return None
        wrong = option_problems(options, SCHEDULES)
        for name, message in wrong.items():
            code = "invalid_option" if name in OPTION_NAMES else "unknown_option"
            problems.append(Problem(pointer("variant", "options", name), code, f"option {name!r}: {message}"))
        if variant is None or wrong:
            return None
        return house_variant(variant, options)

    @staticmethod
    def _known(variant_id: str, at: str, problems: list[Problem]) -> Variant | None:
        variant = VARIANTS.get(variant_id)
        if variant is None:
            problems.append(
                Problem(
                    at, "unknown_variant", f"unknown variant {variant_id!r}; known: {', '.join(VARIANTS)}"
                )
            )
        return variant


class CardField(_Container):
    """One card, read as a record reads its cards."""

    partial = False

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> Card | None:
        return parse_card(value, at, problems)


class CardsField(_Container):
    """A list of cards."""

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> tuple[Card, ...]:
        return parse_cards(value, (at[1:],), problems, kept)


class SeatsField(_Container):
    """Seat ids in clockwise order: short, distinct strings."""

    partial = False

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> tuple[str, ...]:
        if type(value) is not list:
            problems.append(Problem(at, "type", f"expected a list of seat ids, not {_type_name(value)}"))
            return ()
        for i, seat in enumerate(value):
            if type(seat) is not str:
                problems.append(Problem(f"{at}/{i}", "type", "a seat id is a string"))
                continue
            try:
                seat_id(seat, SEAT_MAX_LENGTH)
            except TextError as error:
                if error.code == "length":
                    _seat_key(seat, f"{at}/{i}", problems)
                else:
                    problems.append(Problem(f"{at}/{i}", error.code, f"seat {seat!r}: {error.message}"))
        if not 3 <= len(value) <= 8:
            problems.append(Problem(at, "seat_count", f"a table has 3 to 8 seats, not {len(value)}"))
        return tuple(value)


class DealField(_Container):
    """Each seat's cards as dealt, before the pass."""

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> dict[str, tuple[Card, ...]]:
        if not _object(value, at, problems):
            return {}
        return {
            seat: parse_cards(cards, ("deal", seat), problems, kept)
            for seat, cards in value.items()
            if 0 < len(seat) <= SEAT_MAX_LENGTH or _seat_key(seat, pointer("deal", seat), problems)
        }


class PassesField(_Container):
    """Each seat's pass: a list of cards, or ``{"cards", "to", "looked_early"}``."""

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> dict[str, Pass]:
        if not _object(value, at, problems):
            return {}
        passes = {}
        for seat, given in value.items():
            here = pointer("passes", seat)
            if not _seat_key(seat, here, problems):
                continue
            if type(given) is list:
                passes[seat] = Pass(parse_cards(given, ("passes", seat), problems, kept), at=here)
            elif type(given) is dict:
                passes[seat] = self._object_form(seat, given, here, problems, kept)
            else:
                problems.append(Problem(here, "type", 'a pass is a list of cards or an object with "cards"'))
        return passes

    @staticmethod
    def _object_form(
        seat: str, given: dict[str, Any], here: str, problems: list[Problem], kept: Kept
    ) -> Pass:
        for key in given:
            if key not in ("cards", "to", "looked_early"):
                problems.append(Problem(f"{here}/{key}", "unknown_field", f"unknown field {key!r}"))
        if "cards" not in given:
            problems.append(Problem(f"{here}/cards", "required", 'the pass object needs its "cards"'))
        cards = parse_cards(given.get("cards", []), ("passes", seat, "cards"), problems, kept)
        to = given.get("to")
        if to is not None and type(to) is not str:
            problems.append(Problem(f"{here}/to", "type", '"to" is a seat id'))
            to = None
        looked = given.get("looked_early", False)
        if type(looked) is not bool:
            problems.append(Problem(f"{here}/looked_early", "type", '"looked_early" is true or false'))
            looked = False
        return Pass(cards, to, looked, f"{here}/cards")


class PlayField(_Container):
    """The table's events in order: each has ``seat`` and exactly one action."""

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> tuple[Event, ...]:
        if type(value) is not list:
            problems.append(Problem(at, "type", f"expected a list of events, not {_type_name(value)}"))
            return ()
        get = CARDS.get
        no_order = ()
        events = []
        left_out: list[int] = []
        for index, item in enumerate(value):
            # the common case, {"seat": s, "card": c}, in as few steps as possible
            if type(item) is dict and len(item) == 2:
                seat = item.get("seat")
                code = item.get("card")
                if type(seat) is str and type(code) is str and 0 < len(seat) <= SEAT_MAX_LENGTH:
                    card = get(code) or (get(code.upper()) if code.isascii() else None)
                    if card is not None:
                        events.append(Event(seat, EventAction.CARD, card, no_order, None))
                        continue
            event = self._event(item, pointer("play", index), problems, kept)
            if event is not None:
                events.append(event)
            else:
                left_out.append(index)
        if left_out:
            dropped = set(left_out)
            kept["/play"] = tuple(i for i in range(len(value)) if i not in dropped)
        return tuple(events)

    @staticmethod
    def _event(item: Any, here: str, problems: list[Problem], kept: Kept) -> Event | None:
        if not _object(item, here, problems):
            return None
        seat = item.get("seat")
        ok = True
        if seat is None:
            problems.append(Problem(f"{here}/seat", "required", "every event names its seat"))
            ok = False
        elif type(seat) is not str:
            problems.append(Problem(f"{here}/seat", "type", "a seat id is a string"))
            ok = False
        elif not _seat_key(seat, f"{here}/seat", problems):
            ok = False
        for key in item:
            if key != "seat" and key not in ACTIONS:
                problems.append(Problem(f"{here}/{key}", "unknown_field", f"unknown field {key!r}"))
                ok = False
        actions = [key for key in ACTIONS if key in item]
        if len(actions) != 1:
            problems.append(Problem(here, "one_action", "an event has exactly one of: " + ", ".join(ACTIONS)))
            return None
        action = actions[0]
        if action == "claims":
            claim = item["claims"]
            if not _object(claim, f"{here}/claims", problems):
                return None
            for key in claim:
                if key not in ("order", "what", "points"):
                    problems.append(
                        Problem(f"{here}/claims/{key}", "unknown_field", f"unknown field {key!r}")
                    )
                    ok = False
            terms = _claim_terms(claim, f"{here}/claims", problems)
            if terms is None:
                return None
            if "order" not in claim:
                if terms.what == ClaimKind.ALL_TRICKS:
                    problems.append(
                        Problem(
                            f"{here}/claims/order", "required", "a claim to every trick announces its order"
                        )
                    )
                    return None
                return Event(seat, EventAction.CLAIMS, None, (), terms) if ok else None
            order = parse_cards(
                claim["order"], (*tuple(here[1:].split("/")), "claims", "order"), problems, kept
            )
            explicit = terms if "what" in claim else None
            return Event(seat, EventAction.CLAIMS, None, order, explicit) if ok else None
        card = parse_card(item[action], f"{here}/{action}", problems)
        return Event(seat, EventAction(action), card) if ok and card is not None else None


def _claim_terms(claim: dict[str, Any], here: str, problems: list[Problem]) -> ClaimTerms | None:
    """``what`` (default ``all-tricks``) and, for a ``points`` claim, its ``points``."""
    what = claim.get("what", ClaimKind.ALL_TRICKS.value)
    if type(what) is not str or what not in CLAIM_KINDS:
        problems.append(
            Problem(f"{here}/what", "invalid_choice", "what is one of: " + ", ".join(CLAIM_KINDS))
        )
        return None
    points = claim.get("points")
    if what == ClaimKind.POINTS:
        if type(points) is not int or points < 0:
            problems.append(
                Problem(
                    f"{here}/points", "required", "a points claim says the most points, a whole number >= 0"
                )
            )
            return None
    elif "points" in claim:
        problems.append(Problem(f"{here}/points", "not_allowed", "only a points claim names points"))
        return None
    return ClaimTerms(ClaimKind(what), points, "order" in claim)


CLAIM_KINDS = tuple(kind.value for kind in ClaimKind)


class ScoresField(_Container):
    """Points per seat: whole numbers (not booleans, not strings), at most ``SCORE_MAX`` either way."""

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> dict[str, int]:
        if not _object(value, at, problems):
            return {}
        scores = {}
        for seat, points in value.items():
            if type(points) is not int:
                problems.append(
                    Problem(
                        at + pointer(seat), "type", f"points are a whole number, not {_type_name(points)}"
                    )
                )
            elif not -SCORE_MAX <= points <= SCORE_MAX:
                problems.append(
                    Problem(at + pointer(seat), "range", f"points are between -{SCORE_MAX} and {SCORE_MAX}")
                )
            else:
                scores[seat] = points
        return scores


class BacksField(_Container):
    """Back colour of each dealt card per seat, in deal order (double-deck games)."""

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> dict[str, tuple[str, ...]]:
        if not _object(value, at, problems):
            return {}
        backs = {}
        for seat, colours in value.items():
            here = pointer("backs", seat)
            if type(colours) is not list or any(type(c) is not str for c in colours):
                problems.append(Problem(here, "type", "back colours are a list of strings"))
                continue
            named = []
            for i, colour in enumerate(colours):
                try:
                    named.append(clean(colour, BACK_MAX_LENGTH))
                except TextError as error:
                    problems.append(Problem(f"{here}/{i}", error.code, f"a back colour: {error.message}"))
            if len(named) == len(colours):  # one unreadable colour and the seat's backs are unknown
                backs[seat] = tuple(named)
        return backs


_REPORT_KEYS = frozenset({"code", "seat", "trick", "card"})


class IrregularitiesField(_Container):
    """What the director recorded on a score-only hand: ``{"code", "seat"}``, with
    ``trick`` and ``card`` when the report names them (an unreadable one is left out)."""

    def parse(self, value: Any, at: str, problems: list[Problem], kept: Kept) -> tuple[Reported, ...]:
        if type(value) is not list:
            problems.append(
                Problem(at, "type", f"expected a list of irregularities, not {_type_name(value)}")
            )
            return ()
        reports = []
        for index, item in enumerate(value):
            report = self._report(item, f"{at}/{index}", problems)
            if report is not None:
                reports.append(report)
        if len(reports) < len(value):
            kept[at] = tuple(i for i, item in enumerate(value) if self._report(item, "", []) is not None)
        return tuple(reports)

    @staticmethod
    def _report(item: Any, here: str, problems: list[Problem]) -> Reported | None:
        if not _object(item, here, problems):
            return None
        found = len(problems)
        for key in sorted(set(item) - _REPORT_KEYS):
            problems.append(Problem(f"{here}/{key}", "unknown_field", "Unknown field."))
        for key in ("code", "seat"):
            if key not in item:
                problems.append(Problem(f"{here}/{key}", "required", "Missing data for required field."))
            elif type(item[key]) is not str:
                problems.append(Problem(f"{here}/{key}", "type", f"a {key} is a string"))
        trick = item.get("trick")
        if trick is not None and (type(trick) is not int or not 1 <= trick <= HAND_NUMBER_MAX):
            problems.append(Problem(f"{here}/trick", "type", "a trick is a whole number from 1"))
        card = parse_card(item["card"], f"{here}/card", problems) if item.get("card") is not None else None
        if len(problems) > found:
            return None
        return Reported(item["code"], item["seat"], trick, card)


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` as JSON writes them: not ``0``, ``1`` or ``"true"``."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


class HandRecordSchema(Schema):
    """One recorded hand (``HandRecord`` in openapi.yaml, readable at /docs)."""

    class Meta:
        unknown = RAISE

    variant = VariantField(required=True)
    seats = SeatsField(required=True)
    dealer = SeatId(SEAT_MAX_LENGTH, required=True)
    hand_number = fields.Integer(required=True, strict=True, validate=validate.Range(1, HAND_NUMBER_MAX))
    deal = DealField(load_default=None)
    """Left out of a complete record, it is derived from the play (``referee.derive``)."""
    kitty = CardsField(load_default=())
    passes = PassesField(load_default=dict)
    play = PlayField(load_default=())
    scores_before = ScoresField(load_default=None, allow_none=True)
    written = ScoresField(data_key="claimed", load_default=None, allow_none=True)
    """The scores the table wrote, checked against the validated score: ``claimed`` in JSON."""
    moon_choice = fields.Enum(MoonOption, by_value=True, load_default=None, allow_none=True)
    backs = BacksField(load_default=None, allow_none=True)
    exposed_in_deal = CardsField(load_default=())
    points = ScoresField(load_default=None, allow_none=True)
    """A score-only hand: the card points each seat took (``referee.score_only``)."""
    irregularities = IrregularitiesField(load_default=())

    deal_derived = StrictBoolean(load_default=False)
    """Written by the referee beside a deal it derived, so a stored record reads back so."""

    @post_load
    def make_record(self, data: dict[str, Any], **kwargs: Any) -> HandRecord:
        if data["deal"] is None:
            if data.get("points") is not None:  # a scoresheet line: no deal to derive
                return HandRecord(**(data | {"deal": {}}))
            return derive_deal(HandRecord(**(data | {"deal": {}})))
        return HandRecord(**data)


_SCHEMA = HandRecordSchema()


def load_record(data: Any) -> HandRecord:
    """Parse one JSON hand record; raise ``RecordError`` listing every problem with its pointer:
    the reader's own, and the referee's on whatever the reader could read.

    A record in the plain shape scoring apps send is read by :func:`read_plain`; any other
    (and every record with a problem) by the schema, which stays the one source of every
    problem and its pointer."""
    record = read_plain(data)
    if record is not None:
        return record
    try:
        loaded: HandRecord = _SCHEMA.load(data)
    except ValidationError as error:
        raise RecordError(every_problem(flatten(error.messages), error.valid_data)) from None
    return loaded


def load_record_text(data: bytes, max_depth: int = MAX_DEPTH) -> HandRecord:
    """:func:`load_record` of the JSON text ``data``, read as strictly as an API body
    (``JSONError`` for duplicate keys, NaN, nesting past ``max_depth`` and the rest).

    A text in the plain shape is read straight into the record (:func:`read_plain_text`);
    any other is read by ``loads_strict`` and then as parsed data."""
    record = read_plain_text(data, max_depth)
    return record if record is not None else load_record(loads_strict(data, max_depth))


# -- the plain shape: read by the rules core's one-pass reader (``referee.plain``) --------

_SCORE_ONLY = frozenset({"points", "irregularities"})
"""A score-only hand is read by the schema: its check is the referee's, not the plain reader's."""
_KEYS = {name: field.data_key or name for name, field in HandRecordSchema._declared_fields.items()}
"""Each field's JSON key, by the record's attribute: the plain reader reads the JSON keys
(``written`` is ``claimed`` there)."""
PLAIN_SHAPE = Shape(
    fields=frozenset(_KEYS.values()) - _SCORE_ONLY,
    required=frozenset(_KEYS[name] for name, f in HandRecordSchema._declared_fields.items() if f.required)
    | {"deal"},
    seat_max_length=SEAT_MAX_LENGTH,
    back_max_length=BACK_MAX_LENGTH,
    score_max=SCORE_MAX,
    hand_number_max=HAND_NUMBER_MAX,
    schedules=SCHEDULES,
    typed_play=PlainPlay,
)
"""The schema's fields and bounds, as the plain reader is to read them."""


def read_plain(data: Any) -> HandRecord | None:
    """``data`` read by :func:`referee.plain.read_plain` with this schema's shape: the record
    the schema would build, or ``None`` (ask the schema)."""
    return _read_plain(data, PLAIN_SHAPE)


def read_plain_text(data: bytes, max_depth: int = MAX_DEPTH) -> HandRecord | None:
    """The record in the JSON text ``data``, read in C and then by
    :func:`referee.plain.read_plain`, when that is the record ``load_record_text`` builds;
    ``None`` says "read it the long way" (``loads_strict``, then the schema), which also
    gives every error."""
    plain = plain_from_text(data, max_depth)
    return None if plain is None else read_plain(plain)


_NEEDED = frozenset({"variant", "seats", "deal"})
"""What the referee needs read to check anything: the rules, the table and its cards."""
_SEATED = frozenset({"variant", "seats"})
"""What it needs of a score-only hand, with its points."""


def every_problem(found: list[Problem], read: Any) -> list[Problem]:
    """``found`` (the reader's problems) and those the referee finds in what was ``read``
    (``ValidationError.valid_data``), each pointing where the record says; the referee's
    are left out where the reader already placed a problem."""
    if not isinstance(read, dict):
        return found
    values: dict[str, Any] = {}
    kept: Kept = {}
    for name, value in read.items():
        if isinstance(value, Partial):
            values[name] = value.value
            kept.update(value.kept)
        else:
            values[name] = value
    score_only = values.get("points") is not None
    if values.get("deal") is None:  # left out: derived for a whole record; a scoresheet line has none
        values.pop("deal", None)
    if not values.keys() >= (_SEATED if score_only else _NEEDED):
        return found
    broken = {p.pointer.split("/")[1] for p in found if p.pointer}

    def whole(*names: str) -> bool:
        return broken.isdisjoint(names)

    readable = Readable(
        deal=whole("deal", "kitty", "exposed_in_deal"),
        passes=whole("passes", "hand_number") and "hand_number" in values,
        play=whole("play"),
    )
    record = HandRecord(  # ``valid_data`` is keyed by the record's attributes (``written``), not the JSON's
        **{name: values[name] for name in HandRecordSchema._declared_fields if name in values}
        | {"dealer": values.get("dealer", ""), "hand_number": values.get("hand_number", 1)}
    )
    placed = {p.pointer for p in found}
    more = (Problem(_relocate(p.pointer, kept), p.code, p.message) for p in find_problems(record, readable))
    every = found + [p for p in more if p.pointer not in placed]
    if "/play" in kept:  # the play's pointers are the record's, not the events read: no causes
        return every
    return first_cause_first(record, every)  # a card the reader could not read may be the cause


def _relocate(at: str, kept: Kept) -> str:
    """``at`` as a pointer into the record: each index into a list the reader left items out
    of becomes the index that item had in the record."""
    if not kept:
        return at
    out = ""
    for part in at.split("/")[1:]:
        positions = kept.get(out)
        if positions is not None and (index := pointer_index(part)) is not None:
            part = str(positions[index])
        out += "/" + part
    return out
