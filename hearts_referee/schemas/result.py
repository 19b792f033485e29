"""The validation result: a judged hand as JSON (see ``ValidationResult`` in openapi.yaml).

One encoder per field (:data:`RESULT_FIELDS`, :data:`RULING_FIELDS`) writes it for every
face (the API, the pages, the CLI, the bulk audit, an archive). The schemas declaring the
shape openapi.yaml is checked against are made from those same encoders, so the declared
schema and :func:`dump_result`, which writes a result in one pass, cannot differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from marshmallow import Schema, fields

from hearts_referee import referee
from hearts_referee.referee.replay import Kitty
from hearts_referee.rulings import Penalty, Ruling
from hearts_referee.rulings.audit import HandAudit

from .plain.tricks import dump_tricks


def _card(card: referee.Card | None) -> str | None:
    return card.code if card is not None else None


def _text(value: str) -> str:
    """A ``StrEnum`` member (a ruling's code and status, a moon's option and chooser) as the
    plain ``str`` it equals: a result is plain data (docs/python.md), which every encoder
    takes (``yaml.safe_dump`` refuses a ``str`` subclass), whichever face hands it on."""
    return str(value)


Encoders = Mapping[str, Callable[[Any], Any]]
"""Each JSON field of a result's part, by name, and how it is written from the value."""


def encoded(encoders: Encoders, name: str) -> type[Schema]:
    """The schema declaring ``encoders``' fields, each dumped by its encoder: the declared
    shape (``tests/test_openapi.py`` holds openapi.yaml to it) and :func:`encode` cannot
    differ, for there is one encoder per field."""
    return Schema.from_dict({field: fields.Function(encode) for field, encode in encoders.items()}, name=name)


def encode(encoders: Encoders, value: Any) -> dict[str, Any]:
    """``value`` as the schema of ``encoders`` dumps it, in one pass (marshmallow's own dump
    costs a call chain per field)."""
    return {field: write(value) for field, write in encoders.items()}


def dump_penalty(penalty: Penalty | None) -> dict[str, Any] | None:
    """``{"points": n}``, with ``penalty_card`` when a card became one; ``None`` for no penalty."""
    if penalty is None:
        return None
    data: dict[str, Any] = {"points": penalty.points}
    if penalty.penalty_card is not None:
        data["penalty_card"] = penalty.penalty_card.code
    return data


RULING_FIELDS: Encoders = {
    "code": lambda r: _text(r.code),
    "seat": attrgetter("seat"),
    "trick": attrgetter("trick"),
    "card": lambda r: _card(r.card),
    "rule": attrgetter("rule"),
    "penalty": lambda r: dump_penalty(r.penalty),
    "status": lambda r: _text(r.status),
    "explanation": attrgetter("explanation"),
    "suggestion": attrgetter("suggestion"),
}
RulingSchema = encoded(RULING_FIELDS, "RulingSchema")

MOON_FIELDS: Encoders = {
    "seat": attrgetter("seat"),
    "option": lambda m: _text(m.option),
    "chosen_by": lambda m: _text(m.chosen_by),
}
MoonSchema = encoded(MOON_FIELDS, "MoonSchema")


def dump_rulings(rulings: Sequence[Ruling]) -> list[dict[str, Any]]:
    return [encode(RULING_FIELDS, ruling) for ruling in rulings]


def dump_kitty(kitty: Kitty | None) -> dict[str, Any] | None:
    if kitty is None:
        return None
    return {"cards": [card.code for card in kitty.cards], "taken_by": kitty.taken_by, "trick": kitty.trick}


RESULT_FIELDS: Encoders = {
    "variant": attrgetter("variant"),
    "options": lambda a: dict(a.options),
    "hand_number": attrgetter("hand_number"),
    "seats": lambda a: list(a.seats),
    "dealer": attrgetter("dealer"),
    "pass_direction": attrgetter("pass_direction"),
    "void": attrgetter("void"),
    "complete": attrgetter("complete"),
    "tricks": lambda a: dump_tricks(a.tricks),
    "kitty": lambda a: dump_kitty(a.kitty),
    "points": lambda a: dict(a.points),
    "penalties": lambda a: dict(a.penalties),
    "score": lambda a: dict(a.score),
    "moon": lambda a: encode(MOON_FIELDS, a.moon) if a.moon else None,
    "rulings": lambda a: dump_rulings(a.rulings),
    "referee_version": attrgetter("engine_version"),
    "refereed": attrgetter("refereed"),
    "deal_derived": attrgetter("deal_derived"),
    "deal": lambda a: dump_deal(a.derived_deal),
}
ValidationResultSchema = encoded(RESULT_FIELDS, "ValidationResultSchema")
"""What ``POST /v1/hands/validate`` answers for a well-formed record, and the ``audit`` of a
stored hand: both are a :class:`rulings.audit.HandAudit`."""


def dump_result(audit: HandAudit) -> dict[str, Any]:
    """The JSON-ready validation result of one audited hand: what :class:`ValidationResultSchema`
    dumps, field by field the same encoders, written in one pass."""
    return encode(RESULT_FIELDS, audit)


def dump_deal(deal: Mapping[str, tuple[referee.Card, ...]] | None) -> dict[str, list[str]] | None:
    """The deal the referee derived (``None``: the record gave its own)."""
    if deal is None:
        return None
    return {seat: [card.code for card in cards] for seat, cards in deal.items()}
