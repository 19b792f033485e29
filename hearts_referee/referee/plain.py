"""A hand record in the plain shape every scoring app sends, read in one pass.

The record's contract is the schema (``schemas.record.HandRecordSchema``): it reads every
record, names every problem and its pointer. Most records are plainly well formed, though,
and marshmallow's cost per field is not worth paying for them (docs/performance.md, "Why the
code is shaped so"). Such a record is read here, by the same rules as each of the schema's
fields, in the rules core, so that it is compiled with it; house rules too, through the same
``referee.house`` checks the schema's variant field makes. The first thing that is not
plainly fine (an unknown variant or house option, a claim, a lower-case card, a value of the
wrong type, an unknown field, ...) gives ``None``: the schema reads the whole record again
and explains. So this reader never refuses and never explains anything: it says "exactly
what the schema would read" (``tests/test_record_loader.py`` holds it to that) or "ask the
schema".

What the shape is (its fields, which are required, its bounds, the penalty schedules a
house variant may name) is the schema's to say: it hands :class:`Shape` over, and
nothing here restates it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final, NamedTuple

from .cards import CARDS, Card
from .house import house_variant, option_problems
from .record import Event, EventAction, HandRecord, Pass, pointer
from .registry import VARIANTS
from .variant import MoonOption, Variant


class Shape(NamedTuple):
    """What the schema reads: its fields (less a score-only hand's, which the schema reads),
    the required ones, and the bounds it checks."""

    fields: frozenset[str]
    required: frozenset[str]
    seat_max_length: int
    back_max_length: int
    score_max: int
    hand_number_max: int
    schedules: Collection[str]
    """The penalty schedules a house variant's ``penalty_schedule`` may name."""
    typed_play: type
    """The class a typed decoder reads a play event into, with its ``seat`` and ``card``
    attributes (``schemas.plainshape.PlainPlay``): the same event as the object
    ``{"seat": s, "card": c}``, its two fields already checked."""


_HOUSE_KEYS = frozenset({"base", "options"})
_MOON_CHOICES = {option.value: option for option in MoonOption}
_PASS_KEYS = frozenset({"cards", "to", "looked_early"})
_CARD_EVENT: Final = EventAction.CARD


class _NotPlain(Exception):
    """A value the plain shape does not have: the schema reads the record."""


def read_plain(data: Any, shape: Shape) -> HandRecord | None:
    """``data`` as a :class:`HandRecord` when it is plainly well formed, else ``None`` (read it
    with the schema). Never a different record from the schema's for the same data."""
    try:
        return _read_plain(data, shape)
    except (TypeError, KeyError, _NotPlain):  # a value of the wrong kind where the plain shape has one
        return None


def _plain_seat(value: Any, max_length: int) -> bool:
    """A seat id ``schemas.text.seat_id`` returns unchanged without a closer look (and so,
    with its own ``max_length``, a back colour ``schemas.text.clean`` keeps as is)."""
    return (
        type(value) is str
        and 0 < len(value) <= max_length
        and value.isascii()
        and value.isprintable()
        and not value[0].isspace()
        and not value[-1].isspace()
    )


def _plain_variant(value: Any, schedules: Collection[str]) -> Variant | None:
    """A variant id, or house rules (``{"base": id, "options": {...}}``) whose every option
    is one ``referee.house`` takes as it is, as the schema's variant field reads them."""
    if type(value) is str:
        return VARIANTS.get(value)
    if type(value) is not dict or not _HOUSE_KEYS.issuperset(value) or type(value.get("base")) is not str:
        return None
    base = VARIANTS.get(value["base"])
    options = value.get("options", {})
    if base is None or type(options) is not dict or option_problems(options, schedules):
        return None
    return house_variant(base, options)


def _plain_cards(value: Any) -> tuple[Card, ...]:
    """A list of canonical card codes (``"QS"``, ``"TH"``)."""
    if type(value) is not list:
        raise _NotPlain
    cards = []
    for code in value:
        cards.append(CARDS[code])  # KeyError for no card's code, TypeError for an unhashable: not plain
    return tuple(cards)


def _plain_scores(value: Any, score_max: int) -> dict[str, int] | None:
    if value is None:
        return None
    if type(value) is not dict:
        raise _NotPlain
    for points in value.values():
        if type(points) is not int or not -score_max <= points <= score_max:
            raise _NotPlain
    return dict(value)


def _plain_backs(value: Any, max_length: int) -> dict[str, tuple[str, ...]] | None:
    if value is None:
        return None
    if type(value) is not dict:
        raise _NotPlain
    backs = {}
    for seat, colours in value.items():
        if type(colours) is not list or not all(_plain_seat(c, max_length) for c in colours):
            raise _NotPlain
        backs[seat] = tuple(colours)
    return backs


def _plain_passes(value: Any, seat_max_length: int) -> dict[str, Pass]:
    if type(value) is not dict:
        raise _NotPlain
    passes = {}
    for seat, given in value.items():
        if not 0 < len(seat) <= seat_max_length:
            raise _NotPlain
        here = "/passes/" + seat if "/" not in seat and "~" not in seat else pointer("passes", seat)
        if type(given) is list:
            passes[seat] = Pass(_plain_cards(given), at=here)
            continue
        if type(given) is not dict or not _PASS_KEYS.issuperset(given) or "cards" not in given:
            raise _NotPlain
        cards = _plain_cards(given["cards"])
        to = given.get("to")
        looked = given.get("looked_early", False)
        if (to is not None and type(to) is not str) or type(looked) is not bool:
            raise _NotPlain
        passes[seat] = Pass(cards, to, looked, f"{here}/cards")
    return passes


def _plain_play(value: Any, at_table: dict[str, str], typed: type) -> tuple[Event, ...]:
    """Only ``{"seat": s, "card": c}`` events by seats at the table, read as the schema's
    play field reads them: each a parsed object, or the ``typed`` event a typed decoder
    made of one. A plain loop, so that compiled each event is built directly as a C struct
    (docs/performance.md, "Why the code is shaped so")."""
    if type(value) is not list:
        raise _NotPlain
    events = []
    for item in value:
        kind = type(item)
        if kind is typed:
            named, code = item.seat, item.card
        elif kind is dict and len(item) == 2:
            pair: dict[str, Any] = item  # compiled: a dict's own lookup, not the generic one
            named, code = pair["seat"], pair["card"]
        else:
            raise _NotPlain
        seat = at_table[named]  # KeyError for a seat not at the table: not plain
        events.append(Event(seat, _CARD_EVENT, CARDS[code], (), None))  # KeyError: no card's code
    return tuple(events)


def _read_plain(data: Any, shape: Shape) -> HandRecord | None:
    if type(data) is not dict or not shape.fields.issuperset(data) or not data.keys() >= shape.required:
        return None
    seat_max = shape.seat_max_length
    variant = _plain_variant(data["variant"], shape.schedules)
    seats = data["seats"]
    dealer = data["dealer"]
    number = data["hand_number"]
    if (
        variant is None
        or type(seats) is not list
        or not 3 <= len(seats) <= 8
        or not all(_plain_seat(seat, seat_max) for seat in seats)
        or not _plain_seat(dealer, seat_max)
        or type(number) is not int
        or not 1 <= number <= shape.hand_number_max
    ):
        return None
    given = data.get("deal")
    if type(given) is not dict or "deal_derived" in data:  # no deal: the schema derives it
        return None
    # Each seat id as the one string object ``seats`` holds. Read from a text, every time a
    # seat is written is a new string, and the replay looks seats up some hundred times a
    # hand in dicts keyed by ``seats``: the same object is found by one pointer compare, its
    # hash already known, where an equal one is hashed once and compared byte by byte.
    at_table: dict[str, str] = {seat: seat for seat in seats}
    deal: dict[str, tuple[Card, ...]] = {}
    for seat, dealt in given.items():
        if not 0 < len(seat) <= seat_max:
            return None
        deal[at_table.get(seat) or seat] = _plain_cards(dealt)
    kitty = _plain_cards(data.get("kitty", []))
    exposed = _plain_cards(data.get("exposed_in_deal", []))
    passes = _plain_passes(data.get("passes", {}), seat_max)
    play = _plain_play(data.get("play", []), at_table, shape.typed_play)
    scores_before = _plain_scores(data.get("scores_before"), shape.score_max)
    written = _plain_scores(data.get("claimed"), shape.score_max)
    moon = data.get("moon_choice")
    backs = _plain_backs(data.get("backs"), shape.back_max_length)
    if moon is not None and moon not in _MOON_CHOICES:
        return None
    return HandRecord(
        variant,
        tuple(seats),
        at_table.get(dealer) or dealer,
        number,
        deal,
        play,
        kitty,
        passes,
        scores_before,
        written,
        _MOON_CHOICES[moon] if moon is not None else None,
        exposed,
        backs,
    )
