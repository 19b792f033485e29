"""The record format, read: each rule of reading a hand record's fields, written once.

A hand record (``HandRecord`` in openapi.yaml) is read by the functions here and by nothing
else. Each field of the record has one (:data:`FIELDS`): it takes the field's JSON value and
its pointer, notes every problem it finds as a located :class:`Problem`, and returns what it
could read (an unreadable card or event left out, and where, in ``kept``). Three callers put
them together, and none restates a rule:

- the schema (``schemas.record.HandRecordSchema``), the declared contract and the source of
  every located 422: its fields are made from :data:`FIELDS` (each marshmallow field's
  ``_deserialize`` calls the field's function here and raises the problems it noted), and
  what the fields read becomes a record by :func:`record_of`;
- :func:`read_plain`, the way a record without a problem is read without marshmallow's cost
  per field: :func:`read_fields`, the same functions in a plain loop that compiles with the
  core. A record with any problem gives ``None``, and the schema reads it again to say what
  and where (with the referee's own problems, first cause first);
- :func:`read_record`, a stored record read back (the same format, written by
  ``referee.notation``): a record that does not read is a ``RecordError`` with its problems.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .bounds import BACK_MAX_LENGTH, HAND_NUMBER_MAX, SCORE_MAX, SEAT_MAX_LENGTH
from .cards import CARDS, Card
from .derive import derive_deal
from .house import OPTIONS, house_variant, option_problems
from .record import (
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
from .registry import VARIANTS
from .text import TextError, clean, seat_id
from .translator import SAID
from .variant import MoonOption, PenaltySchedule, Variant

Kept = dict[str, tuple[int, ...]]
"""For each list a field left items out of, by its pointer: the index each item it kept had
in the record (so that a problem found later points where the record says)."""

ACTIONS = ("card", "exposes", "withdraws", "claims")
"""The one action each play event carries besides its ``seat``."""

CLAIM_KINDS = tuple(kind.value for kind in ClaimKind)

OPTION_NAMES = frozenset(option.name for option in OPTIONS)

SCHEDULES: Final[tuple[str, ...]] = tuple(PenaltySchedule)
"""The penalty schedules a house variant's ``penalty_schedule`` may name (the rulings'
``SCHEDULES`` are these, by id)."""

MOON_CHOICES: Final[dict[str, MoonOption]] = {option.value: option for option in MoonOption}

_TYPE_NAMES: Final[dict[type, str]] = {
    dict: SAID.gettext("an object"),
    list: SAID.gettext("a list"),
    str: SAID.gettext("a string"),
    bool: SAID.gettext("a boolean"),
    type(None): "null",
    int: SAID.gettext("a number"),
    float: SAID.gettext("a number"),
}
_A_VALUE: Final = SAID.gettext("a value")
MISSING: Final = SAID.gettext("Missing data for required field.")
"""A required field left out, in marshmallow's words (``schemas.problems`` reads its own alike)."""
UNKNOWN_FIELD: Final = SAID.gettext("Unknown field.")
"""A field the record does not have, in marshmallow's words."""


def _unknown_field(key: str) -> str:
    return SAID.gettext("unknown field %(field)s", field=repr(key))


_PASS_KEYS = ("cards", "to", "looked_early")
_CLAIM_KEYS = ("order", "what", "points")
_REPORT_KEYS = frozenset({"code", "seat", "trick", "card"})
_HOUSE_KEYS = ("base", "options")
_CARD_EVENT: Final = EventAction.CARD
_NO_SEATS: Final[dict[str, str]] = {}


def type_name(value: Any) -> str:
    """What ``value`` is, as a problem's message names it ("an object", "a list", ...)."""
    return _TYPE_NAMES.get(type(value), _A_VALUE)


class Reading:
    """What one read of a whole record shares between its fields.

    ``seats``: each seat id at the table as the one string object ``seats`` holds. Read from
    a text, every time a seat is written is a new string, and the replay looks seats up some
    hundred times a hand in dicts keyed by ``seats``: the same object is found by one pointer
    compare, its hash already known, where an equal one is hashed once and compared byte by
    byte. ``typed_play``: the class a typed decoder reads a play event into, with its
    ``seat`` and ``card`` attributes (``schemas.plainshape.PlainPlay``), read as the object
    ``{"seat": s, "card": c}`` is."""

    __slots__ = ("seats", "typed_play")

    def __init__(self, typed_play: type | None = None) -> None:
        self.seats: dict[str, str] = {}
        self.typed_play = typed_play


Reader = Callable[[Any, str, list[Problem], Kept | None, Reading | None], Any]
"""A field's rule: its JSON value, its pointer, the problems noted so far, where to note
what a list left out (or ``None``), and the read of the whole record it is part of (or
``None``, read alone)."""


# -- cards -------------------------------------------------------------------------------


def card_of(value: Any) -> Card | None:
    """The card a record's code names (``"QS"``, ``"TH"``, ``"10h"``, ``"JK"``, any case), or
    ``None``."""
    if not isinstance(value, str):
        return None
    card = CARDS.get(value)
    if card is None and value.isascii():
        card = CARDS.get(value.upper())
    return card


def read_card(value: Any, at: str, problems: list[Problem]) -> Card | None:
    """The card ``value`` names, or ``None`` with a problem noted at ``at``."""
    card = card_of(value)
    if card is not None:
        return card
    if isinstance(value, str):
        problems.append(
            Problem(
                at,
                "unknown_card",
                SAID.gettext('%(value)s is not a card (use e.g. "QS", "TH", "10h")', value=repr(value)),
            )
        )
    else:
        problems.append(
            Problem(
                at,
                "type",
                SAID.gettext('a card is a string such as "QS", not %(found)s', found=type_name(value)),
            )
        )
    return None


def read_cards(
    value: Any, at: tuple[str | int, ...], problems: list[Problem], kept: Kept | None
) -> tuple[Card, ...]:
    """A list of cards; ``at`` is the path to it, made a pointer only if there is a problem.
    An unreadable card is left out, and (with ``kept``) the indices of the rest noted."""
    if type(value) is not list:
        problems.append(
            Problem(
                pointer(*at),
                "type",
                SAID.gettext("expected a list of cards, not %(found)s", found=type_name(value)),
            )
        )
        return ()
    codes: list[Any] = value  # compiled: a list's own loop, not the generic one
    cards = CARDS
    out: list[Card] = []
    try:
        for code in codes:  # canonical codes, the common case: one look-up each
            out.append(cards[code])  # KeyError, or TypeError for an unhashable value
        return tuple(out)
    except (KeyError, TypeError):
        out = []
    for i, item in enumerate(value):
        card = read_card(item, pointer(*at, i), problems)
        if card is not None:
            out.append(card)
    if kept is not None and len(out) < len(value):
        kept[pointer(*at)] = tuple(i for i, item in enumerate(value) if card_of(item) is not None)
    return tuple(out)


def read_card_field(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> Card | None:
    """A field that is one card, read as a record reads its cards."""
    return read_card(value, at, problems)


def read_card_list(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> tuple[Card, ...]:
    """A field that is a list of cards (``kitty``, ``exposed_in_deal``)."""
    return read_cards(value, (at[1:],), problems, kept)


# -- seats -------------------------------------------------------------------------------


def seat_key(key: str, at: str, problems: list[Problem]) -> bool:
    """Whether ``key``, a seat id where the record keys something by seat, is one; a problem
    noted at ``at`` if not."""
    if not key or len(key) > SEAT_MAX_LENGTH:
        problems.append(
            Problem(
                at,
                "invalid_seat",
                SAID.gettext("a seat id is 1 to %(most)s characters", most=SEAT_MAX_LENGTH),
            )
        )
        return False
    return True


def _object(value: Any, at: str, problems: list[Problem]) -> bool:
    if type(value) is not dict:
        problems.append(
            Problem(at, "type", SAID.gettext("expected an object, not %(found)s", found=type_name(value)))
        )
        return False
    return True


def read_seats(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, reading: Reading | None
) -> tuple[str, ...]:
    """Seat ids in clockwise order: 3 to 8 short, distinct strings."""
    if type(value) is not list:
        problems.append(
            Problem(
                at, "type", SAID.gettext("expected a list of seat ids, not %(found)s", found=type_name(value))
            )
        )
        return ()
    found = len(problems)
    named: list[Any] = value  # compiled: a list's own loop, not the generic one
    for i, seat in enumerate(named):
        if type(seat) is not str:
            problems.append(Problem(f"{at}/{i}", "type", SAID.gettext("a seat id is a string")))
            continue
        try:
            seat_id(seat, SEAT_MAX_LENGTH)
        except TextError as error:
            if error.code == "length":
                seat_key(seat, f"{at}/{i}", problems)
            else:
                problems.append(
                    Problem(
                        f"{at}/{i}",
                        error.code,
                        SAID.gettext("seat %(seat)s: %(why)s", seat=repr(seat), why=error.message),
                    )
                )
    if not 3 <= len(named) <= 8:
        problems.append(
            Problem(
                at, "seat_count", SAID.gettext("a table has 3 to 8 seats, not %(count)s", count=len(named))
            )
        )
    if reading is not None and len(problems) == found:
        reading.seats = {seat: seat for seat in named}
    return tuple(named)


def read_seat(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, reading: Reading | None
) -> str | None:
    """A seat id where the record names one (``dealer``)."""
    if type(value) is not str:
        problems.append(Problem(at, "type", SAID.gettext("Not a valid string.")))
        return None
    try:
        seat_id(value, SEAT_MAX_LENGTH)
    except TextError as error:
        problems.append(Problem(at, error.code, error.message))
        return None
    return (reading.seats.get(value) or value) if reading is not None else value


# -- the rules and the hand --------------------------------------------------------------


def _known_variant(variant_id: str, at: str, problems: list[Problem]) -> Variant | None:
    variant = VARIANTS.get(variant_id)
    if variant is None:
        problems.append(
            Problem(
                at,
                "unknown_variant",
                SAID.gettext(
                    "unknown variant %(variant)s; known: %(known)s",
                    variant=repr(variant_id),
                    known=", ".join(VARIANTS),
                ),
            )
        )
    return variant


def read_variant(
    value: Any, at: str, problems: list[Problem], kept: Kept | None = None, _: Reading | None = None
) -> Variant | None:
    """A variant id, or ``{"base": id, "options": {...}}`` for house rules (``referee.house``)."""
    if type(value) is str:
        return _known_variant(value, at, problems)
    if not _object(value, at, problems):
        return None
    for key in value:
        if key not in _HOUSE_KEYS:
            problems.append(Problem(f"{at}/{key}", "unknown_field", _unknown_field(key)))
    if "base" not in value:
        problems.append(
            Problem(f"{at}/base", "required", SAID.gettext("a house variant names its base variant"))
        )
        return None
    base = value["base"]
    if type(base) is not str:
        problems.append(Problem(f"{at}/base", "type", SAID.gettext("the base is a variant id string")))
        return None
    variant = _known_variant(base, f"{at}/base", problems)
    options = value.get("options", {})
    if not _object(options, f"{at}/options", problems):
        return None
    wrong = option_problems(options, SCHEDULES)
    for name, message in wrong.items():
        code = "invalid_option" if name in OPTION_NAMES else "unknown_option"
        problems.append(
            Problem(
                pointer("variant", "options", name),
                code,
                SAID.gettext("option %(option)s: %(why)s", option=repr(name), why=message),
            )
        )
    if variant is None or wrong:
        return None
    return house_variant(variant, options)


def read_hand_number(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> int | None:
    """A hand's number in its game: a whole number from 1 to ``HAND_NUMBER_MAX``."""
    if type(value) is not int:
        problems.append(Problem(at, "type", SAID.gettext("Not a valid integer.")))
        return None
    if not 1 <= value <= HAND_NUMBER_MAX:
        problems.append(
            Problem(
                at,
                "range",
                SAID.gettext(
                    "Must be greater than or equal to %(min)s and less than or equal to %(max)s.",
                    min=1,
                    max=HAND_NUMBER_MAX,
                ),
            )
        )
        return None
    return value


def read_deal(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, reading: Reading | None
) -> dict[str, tuple[Card, ...]]:
    """Each seat's cards as dealt, before the pass."""
    if not _object(value, at, problems):
        return {}
    seats = reading.seats if reading is not None else _NO_SEATS
    given: dict[str, Any] = value  # compiled: a dict's own loop, not the generic one
    deal: dict[str, tuple[Card, ...]] = {}
    for seat, cards in given.items():
        if 0 < len(seat) <= SEAT_MAX_LENGTH or seat_key(seat, pointer("deal", seat), problems):
            deal[seats.get(seat) or seat] = read_cards(cards, ("deal", seat), problems, kept)
    return deal


def read_passes(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> dict[str, Pass]:
    """Each seat's pass: a list of cards, or ``{"cards", "to", "looked_early"}``."""
    if not _object(value, at, problems):
        return {}
    each: dict[str, Any] = value  # compiled: a dict's own loop, not the generic one
    passes: dict[str, Pass] = {}
    for seat, given in each.items():
        here = "/passes/" + seat if "/" not in seat and "~" not in seat else pointer("passes", seat)
        if not seat_key(seat, here, problems):
            continue
        if type(given) is list:
            passes[seat] = Pass(read_cards(given, ("passes", seat), problems, kept), at=here)
        elif type(given) is dict:
            passes[seat] = _pass_object(seat, given, here, problems, kept)
        else:
            problems.append(
                Problem(here, "type", SAID.gettext('a pass is a list of cards or an object with "cards"'))
            )
    return passes


def _pass_object(
    seat: str, given: dict[str, Any], here: str, problems: list[Problem], kept: Kept | None
) -> Pass:
    for key in given:
        if key not in _PASS_KEYS:
            problems.append(Problem(f"{here}/{key}", "unknown_field", _unknown_field(key)))
    if "cards" not in given:
        problems.append(
            Problem(f"{here}/cards", "required", SAID.gettext('the pass object needs its "cards"'))
        )
    cards = read_cards(given.get("cards", []), ("passes", seat, "cards"), problems, kept)
    to = given.get("to")
    if to is not None and type(to) is not str:
        problems.append(Problem(f"{here}/to", "type", SAID.gettext('"to" is a seat id')))
        to = None
    looked = given.get("looked_early", False)
    if type(looked) is not bool:
        problems.append(
            Problem(f"{here}/looked_early", "type", SAID.gettext('"looked_early" is true or false'))
        )
        looked = False
    return Pass(cards, to, looked, f"{here}/cards")


# -- the play ----------------------------------------------------------------------------


def read_play(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, reading: Reading | None
) -> tuple[Event, ...]:
    """The table's events in order: each has ``seat`` and exactly one action.

    The common event, ``{"seat": s, "card": c}`` (or the typed decoder's, its fields already
    checked), in a plain loop, so that compiled each event is built directly as a C struct
    (docs/performance.md, "Why the code is shaped so"); any other by :func:`_event`."""
    if type(value) is not list:
        problems.append(
            Problem(
                at, "type", SAID.gettext("expected a list of events, not %(found)s", found=type_name(value))
            )
        )
        return ()
    seats = reading.seats if reading is not None else _NO_SEATS
    typed = reading.typed_play if reading is not None else None
    items: list[Any] = value  # compiled: a list's own loop, not the generic one
    cards = CARDS
    played = _CARD_EVENT
    events: list[Event] = []
    try:
        for item in items:  # seats at the table and canonical codes: one look-up each
            kind = type(item)
            if kind is typed:
                named = item.seat
                code = item.card
            elif kind is dict and len(item) == 2:
                pair: dict[str, Any] = item  # compiled: a dict's own lookup, not the generic one
                named = pair["seat"]
                code = pair["card"]
            else:
                break
            events.append(Event(seats[named], played, cards[code], (), None))
        else:
            return tuple(events)
    except (KeyError, TypeError):  # anything else: read from there on, event by event
        pass
    left_out: list[int] = []
    for index in range(len(events), len(value)):
        item = value[index]
        event = _card_event(item, seats, typed)
        if event is None:
            event = _event(item, pointer("play", index), problems, kept)
        if event is not None:
            events.append(event)
        else:
            left_out.append(index)
    if left_out and kept is not None:
        dropped = set(left_out)
        kept["/play"] = tuple(i for i in range(len(value)) if i not in dropped)
    return tuple(events)


def _card_event(item: Any, seats: dict[str, str], typed: type | None) -> Event | None:
    """``{"seat": s, "card": c}`` (the typed decoder's too) as its event, when ``s`` is a seat id
    and ``c`` a card; else ``None``, and :func:`_event` reads it and says what is wrong."""
    if type(item) is dict and len(item) == 2:
        named, code = item.get("seat"), item.get("card")
    elif type(item) is typed:
        decoded: Any = item  # the typed decoder's event: ``seat`` and ``card``
        named, code = decoded.seat, decoded.card
    else:
        return None
    if type(named) is not str or not 0 < len(named) <= SEAT_MAX_LENGTH:
        return None
    card = card_of(code)
    return None if card is None else Event(seats.get(named) or named, _CARD_EVENT, card, (), None)


def _event(item: Any, here: str, problems: list[Problem], kept: Kept | None) -> Event | None:
    if not _object(item, here, problems):
        return None
    seat = item.get("seat")
    ok = True
    if seat is None:
        problems.append(Problem(f"{here}/seat", "required", SAID.gettext("every event names its seat")))
        ok = False
    elif type(seat) is not str:
        problems.append(Problem(f"{here}/seat", "type", SAID.gettext("a seat id is a string")))
        ok = False
    elif not seat_key(seat, f"{here}/seat", problems):
        ok = False
    for key in item:
        if key != "seat" and key not in ACTIONS:
            problems.append(Problem(f"{here}/{key}", "unknown_field", _unknown_field(key)))
            ok = False
    actions = [key for key in ACTIONS if key in item]
    if len(actions) != 1:
        problems.append(
            Problem(
                here,
                "one_action",
                SAID.gettext("an event has exactly one of: %(actions)s", actions=", ".join(ACTIONS)),
            )
        )
        return None
    action = actions[0]
    if action == "claims":
        return _claim(seat, item["claims"], here, problems, kept, ok)
    card = read_card(item[action], f"{here}/{action}", problems)
    return Event(seat, EventAction(action), card) if ok and card is not None else None


def _claim(
    seat: Any, claim: Any, here: str, problems: list[Problem], kept: Kept | None, ok: bool
) -> Event | None:
    if not _object(claim, f"{here}/claims", problems):
        return None
    for key in claim:
        if key not in _CLAIM_KEYS:
            problems.append(Problem(f"{here}/claims/{key}", "unknown_field", _unknown_field(key)))
            ok = False
    terms = _claim_terms(claim, f"{here}/claims", problems)
    if terms is None:
        return None
    if "order" not in claim:
        if terms.what == ClaimKind.ALL_TRICKS:
            problems.append(
                Problem(
                    f"{here}/claims/order",
                    "required",
                    SAID.gettext("a claim to every trick announces its order"),
                )
            )
            return None
        return Event(seat, EventAction.CLAIMS, None, (), terms) if ok else None
    order = read_cards(claim["order"], (*tuple(here[1:].split("/")), "claims", "order"), problems, kept)
    explicit = terms if "what" in claim else None
    return Event(seat, EventAction.CLAIMS, None, order, explicit) if ok else None


def _claim_terms(claim: dict[str, Any], here: str, problems: list[Problem]) -> ClaimTerms | None:
    """``what`` (default ``all-tricks``) and, for a ``points`` claim, its ``points``."""
    what = claim.get("what", ClaimKind.ALL_TRICKS.value)
    if type(what) is not str or what not in CLAIM_KINDS:
        problems.append(
            Problem(
                f"{here}/what",
                "invalid_choice",
                SAID.gettext("what is one of: %(kinds)s", kinds=", ".join(CLAIM_KINDS)),
            )
        )
        return None
    points = claim.get("points")
    if what == ClaimKind.POINTS:
        if type(points) is not int or points < 0:
            problems.append(
                Problem(
                    f"{here}/points",
                    "required",
                    SAID.gettext("a points claim says the most points, a whole number >= 0"),
                )
            )
            return None
    elif "points" in claim:
        problems.append(
            Problem(f"{here}/points", "not_allowed", SAID.gettext("only a points claim names points"))
        )
        return None
    return ClaimTerms(ClaimKind(what), points, "order" in claim)


# -- what the table wrote ----------------------------------------------------------------


def read_scores(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> dict[str, int]:
    """Points per seat: whole numbers (not booleans, not strings), at most ``SCORE_MAX`` either way."""
    if not _object(value, at, problems):
        return {}
    scores = {}
    for seat, points in value.items():
        if type(points) is not int:
            problems.append(
                Problem(
                    at + pointer(seat),
                    "type",
                    SAID.gettext("points are a whole number, not %(found)s", found=type_name(points)),
                )
            )
        elif not -SCORE_MAX <= points <= SCORE_MAX:
            problems.append(
                Problem(
                    at + pointer(seat),
                    "range",
                    SAID.gettext("points are between -%(most)s and %(most)s", most=SCORE_MAX),
                )
            )
        else:
            scores[seat] = points
    return scores


def read_moon_choice(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> MoonOption | None:
    """What the shooter of the moon chose, when the record says."""
    choice = MOON_CHOICES.get(value) if type(value) is str else None
    if choice is None:
        problems.append(
            Problem(at, "enum", SAID.gettext("Must be one of: %(choices)s.", choices=", ".join(MOON_CHOICES)))
        )
    return choice


def read_backs(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> dict[str, tuple[str, ...]]:
    """Back colour of each dealt card per seat, in deal order (double-deck games)."""
    if not _object(value, at, problems):
        return {}
    backs = {}
    for seat, colours in value.items():
        here = pointer("backs", seat)
        if type(colours) is not list or any(type(c) is not str for c in colours):
            problems.append(Problem(here, "type", SAID.gettext("back colours are a list of strings")))
            continue
        named = []
        for i, colour in enumerate(colours):
            try:
                named.append(clean(colour, BACK_MAX_LENGTH))
            except TextError as error:
                problems.append(
                    Problem(
                        f"{here}/{i}", error.code, SAID.gettext("a back colour: %(why)s", why=error.message)
                    )
                )
        if len(named) == len(colours):  # one unreadable colour and the seat's backs are unknown
            backs[seat] = tuple(named)
    return backs


def read_irregularities(
    value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None
) -> tuple[Reported, ...]:
    """What the director recorded on a score-only hand: ``{"code", "seat"}``, with
    ``trick`` and ``card`` when the report names them (an unreadable one is left out)."""
    if type(value) is not list:
        problems.append(
            Problem(
                at,
                "type",
                SAID.gettext("expected a list of irregularities, not %(found)s", found=type_name(value)),
            )
        )
        return ()
    reports = []
    for index, item in enumerate(value):
        report = _report(item, f"{at}/{index}", problems)
        if report is not None:
            reports.append(report)
    if kept is not None and len(reports) < len(value):
        kept[at] = tuple(i for i, item in enumerate(value) if _report(item, "", []) is not None)
    return tuple(reports)


def _report(item: Any, here: str, problems: list[Problem]) -> Reported | None:
    if not _object(item, here, problems):
        return None
    found = len(problems)
    for key in sorted(set(item) - _REPORT_KEYS):
        problems.append(Problem(f"{here}/{key}", "unknown_field", UNKNOWN_FIELD))
    for key in ("code", "seat"):
        if key not in item:
            problems.append(Problem(f"{here}/{key}", "required", MISSING))
        elif type(item[key]) is not str:
            problems.append(
                Problem(f"{here}/{key}", "type", SAID.gettext("a %(field)s is a string", field=key))
            )
    trick = item.get("trick")
    if trick is not None and (type(trick) is not int or not 1 <= trick <= HAND_NUMBER_MAX):
        problems.append(Problem(f"{here}/trick", "type", SAID.gettext("a trick is a whole number from 1")))
    card = read_card(item["card"], f"{here}/card", problems) if item.get("card") is not None else None
    if len(problems) > found:
        return None
    return Reported(item["code"], item["seat"], trick, card)


def read_flag(value: Any, at: str, problems: list[Problem], kept: Kept | None, _: Reading | None) -> bool:
    """``true`` or ``false`` as JSON writes them: not ``0``, ``1`` or ``"true"``."""
    if type(value) is not bool:
        problems.append(Problem(at, "type", SAID.gettext("Not a valid boolean.")))
        return False
    return value


# -- the record --------------------------------------------------------------------------


class Field:
    """One field of the record: its JSON ``key``, the record's attribute it fills
    (``attr``), its rule (``read``), whether it is ``required``, its ``default`` when left out
    (a value, or a class that makes a fresh one), whether it may be ``null``, and whether what
    it could read of a value with problems goes on to the referee (``partial``: not for the
    rules or the table, which everything else is checked against)."""

    __slots__ = ("at", "attr", "default", "fresh", "key", "nullable", "partial", "read", "required")

    def __init__(
        self,
        key: str,
        read: Reader,
        *,
        attr: str = "",
        required: bool = False,
        default: Any = None,
        nullable: bool = False,
        partial: bool = True,
    ) -> None:
        if nullable and default is not None:  # :func:`read_plain` reads a null as left out
            raise ValueError(f"field {key!r}: a field that may be null is null when left out")
        self.key = key
        self.at = pointer(key)
        self.attr = attr or key
        self.read = read
        self.required = required
        self.default = default
        self.fresh = isinstance(default, type)
        self.nullable = nullable
        self.partial = partial

    def left_out(self) -> Any:
        """The field's value when the record leaves it out."""
        return self.default() if self.fresh else self.default


VARIANT: Final = Field("variant", read_variant, required=True, partial=False)
SEATS: Final = Field("seats", read_seats, required=True, partial=False)
DEALER: Final = Field("dealer", read_seat, required=True, partial=False)
HAND_NUMBER: Final = Field("hand_number", read_hand_number, required=True, partial=False)
DEAL: Final = Field("deal", read_deal, nullable=True)
# left out of a complete record, the deal is derived from the play (``referee.derive``)
KITTY: Final = Field("kitty", read_card_list, default=())
PASSES: Final = Field("passes", read_passes, default=dict)
PLAY: Final = Field("play", read_play, default=())
SCORES_BEFORE: Final = Field("scores_before", read_scores, nullable=True)
CLAIMED: Final = Field("claimed", read_scores, attr="written", nullable=True)
# the scores the table wrote, checked against the validated score: ``written`` in the code
MOON_CHOICE: Final = Field("moon_choice", read_moon_choice, nullable=True, partial=False)
BACKS: Final = Field("backs", read_backs, nullable=True)
EXPOSED_IN_DEAL: Final = Field("exposed_in_deal", read_card_list, default=())
POINTS: Final = Field("points", read_scores, nullable=True)
# a score-only hand: the card points each seat took (``referee.score_only``)
IRREGULARITIES: Final = Field("irregularities", read_irregularities, default=())
DEAL_DERIVED: Final = Field("deal_derived", read_flag, default=False, partial=False)
# written by the referee beside a deal it derived, so a stored record reads back so

FIELDS: Final[tuple[Field, ...]] = (
    VARIANT,
    SEATS,
    DEALER,
    HAND_NUMBER,
    DEAL,
    KITTY,
    PASSES,
    PLAY,
    SCORES_BEFORE,
    CLAIMED,
    MOON_CHOICE,
    BACKS,
    EXPOSED_IN_DEAL,
    POINTS,
    IRREGULARITIES,
    DEAL_DERIVED,
)
"""The record's fields in the order they are read and their problems listed."""

FIELD: Final[dict[str, Field]] = {field.attr: field for field in FIELDS}
"""Each field by the record's attribute."""

KEYS: Final = frozenset(field.key for field in FIELDS)
"""Every JSON key a record may have."""

REQUIRED: Final = frozenset(field.key for field in FIELDS if field.required)
"""The JSON keys a record must have."""

NULLABLE: Final = frozenset(field.key for field in FIELDS if field.nullable)
"""The JSON keys that may be ``null``: each such field is then read as left out (``None``)."""

CARD_FIELD: Final = Field("card", read_card_field, partial=False)
"""A field elsewhere that is one card (a director's report of a card)."""

_MISSING: Final = object()


def read_fields(data: Any, problems: list[Problem], reading: Reading | None) -> dict[str, Any]:
    """Every field of the record ``data`` read by its rule, by the record's attribute, the
    problems noted in ``problems``: a required field left out, a field ``null`` that may not
    be, each unknown field (in the order of their names, after the fields)."""
    if type(data) is not dict:
        problems.append(Problem("", "type", SAID.gettext("Invalid input type.")))
        return {}
    given: dict[str, Any] = data  # compiled: a dict's own lookup, not the generic one
    values: dict[str, Any] = {}
    for field in FIELDS:
        value = given.get(field.key, _MISSING)
        if value is _MISSING:
            if field.required:
                problems.append(Problem(field.at, "required", MISSING))
            else:
                values[field.attr] = field.default() if field.fresh else field.default
        elif value is None:
            if field.nullable:
                values[field.attr] = None
            else:
                problems.append(Problem(field.at, "null", SAID.gettext("Field may not be null.")))
        else:
            values[field.attr] = field.read(value, field.at, problems, None, reading)
    if not KEYS.issuperset(given):
        for key in sorted(str(key) for key in given if key not in KEYS):
            problems.append(Problem(pointer(key), "unknown_field", UNKNOWN_FIELD))

    return values


def record_of(values: dict[str, Any]) -> HandRecord:
    """The record of its fields' values read without a problem: a deal left out is derived
    from the play (``referee.derive``), unless the hand is a score-only one, which has none.
    ``RecordError`` if the deal cannot be derived."""
    deal = values["deal"]
    if deal is None:
        record = _record(values, {})
        return record if record.points is not None else derive_deal(record)
    return _record(values, deal)


def _record(values: dict[str, Any], deal: dict[str, tuple[Card, ...]]) -> HandRecord:
    """The record of every field's value, by the record's attribute (as keywords: compiled,
    a direct call, where ``HandRecord(**values)`` matches each name in a generic one)."""
    return HandRecord(
        variant=values["variant"],
        seats=values["seats"],
        dealer=values["dealer"],
        hand_number=values["hand_number"],
        deal=deal,
        play=values["play"],
        kitty=values["kitty"],
        passes=values["passes"],
        scores_before=values["scores_before"],
        written=values["written"],
        moon_choice=values["moon_choice"],
        exposed_in_deal=values["exposed_in_deal"],
        backs=values["backs"],
        deal_derived=values["deal_derived"],
        points=values["points"],
        irregularities=values["irregularities"],
    )


def read_plain(data: Any, typed_play: type | None = None) -> HandRecord | None:
    """``data`` read by every field's rule, when no rule finds a problem and no deal is to
    be derived; else ``None``: the schema reads it again and says what and where (and
    derives the deal, with every reason it cannot be). ``typed_play``: see :class:`Reading`.

    The rules of :data:`FIELDS`, in its order, each called by name: compiled, a direct call
    and the record built in one, where :func:`read_fields`' loop calls each through the
    field and keeps the values in a dict (tests/test_one_reader.py holds the calls to
    :data:`FIELDS`). What the loop checks field by field is checked first, for the whole
    record: no unknown field, every required one, ``null`` only where a field may be (and
    there it is read as the field left out, which is ``None``)."""
    if type(data) is not dict:
        return None
    given: dict[str, Any] = data  # compiled: a dict's own lookup, not the generic one
    if not KEYS.issuperset(given) or not given.keys() >= REQUIRED:
        return None
    if None in given.values() and not NULLABLE.issuperset([key for key in given if given[key] is None]):
        return None
    problems: list[Problem] = []
    reading = Reading(typed_play)
    variant = read_variant(given[VARIANT.key], VARIANT.at, problems, None, reading)
    seats = read_seats(given[SEATS.key], SEATS.at, problems, None, reading)
    dealer = read_seat(given[DEALER.key], DEALER.at, problems, None, reading)
    number = read_hand_number(given[HAND_NUMBER.key], HAND_NUMBER.at, problems, None, reading)
    value = given.get(DEAL.key)
    deal = DEAL.left_out() if value is None else read_deal(value, DEAL.at, problems, None, reading)
    value = given.get(KITTY.key)
    kitty = KITTY.left_out() if value is None else read_card_list(value, KITTY.at, problems, None, reading)
    value = given.get(PASSES.key)
    passes = PASSES.left_out() if value is None else read_passes(value, PASSES.at, problems, None, reading)
    value = given.get(PLAY.key)
    play = PLAY.left_out() if value is None else read_play(value, PLAY.at, problems, None, reading)
    value = given.get(SCORES_BEFORE.key)
    before = (
        SCORES_BEFORE.left_out()
        if value is None
        else read_scores(value, SCORES_BEFORE.at, problems, None, reading)
    )
    value = given.get(CLAIMED.key)
    written = CLAIMED.left_out() if value is None else read_scores(value, CLAIMED.at, problems, None, reading)
    value = given.get(MOON_CHOICE.key)
    moon = (
        MOON_CHOICE.left_out()
        if value is None
        else read_moon_choice(value, MOON_CHOICE.at, problems, None, reading)
    )
    value = given.get(BACKS.key)
    backs = BACKS.left_out() if value is None else read_backs(value, BACKS.at, problems, None, reading)
    value = given.get(EXPOSED_IN_DEAL.key)
    exposed = (
        EXPOSED_IN_DEAL.left_out()
        if value is None
        else read_card_list(value, EXPOSED_IN_DEAL.at, problems, None, reading)
    )
    value = given.get(POINTS.key)
    points = POINTS.left_out() if value is None else read_scores(value, POINTS.at, problems, None, reading)
    value = given.get(IRREGULARITIES.key)
    reports = (
        IRREGULARITIES.left_out()
        if value is None
        else read_irregularities(value, IRREGULARITIES.at, problems, None, reading)
    )
    value = given.get(DEAL_DERIVED.key)
    derived = (
        DEAL_DERIVED.left_out()
        if value is None
        else read_flag(value, DEAL_DERIVED.at, problems, None, reading)
    )
    if problems or variant is None or dealer is None or number is None:
        return None
    if deal is None:
        if points is None:
            return None
        deal = {}
    return HandRecord(
        variant,
        seats,
        dealer,
        number,
        deal,
        play,
        kitty,
        passes,
        before,
        written,
        moon,
        exposed,
        backs,
        derived,
        points,
        reports,
    )


def read_record(data: Any) -> HandRecord:
    """A stored record (as ``referee.notation.record_data`` wrote it) read back by the same
    rules as any record; ``RecordError`` with every problem if it does not read."""
    problems: list[Problem] = []
    values = read_fields(data, problems, Reading())
    if problems:
        raise RecordError(problems)
    return record_of(values)


def variant_of(spec: Any) -> Variant:
    """The variant a stored record, game or event format names (an id, or ``{"base",
    "options"}``), read by the record's rule; ``RecordError`` if it does not read."""
    problems: list[Problem] = []
    variant = read_variant(spec, "/variant", problems)
    if variant is None:
        raise RecordError(problems)
    return variant
