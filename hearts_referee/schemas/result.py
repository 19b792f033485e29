"""The validation result: a judged hand as JSON (see ``ValidationResult`` in openapi.yaml).

One schema, :class:`ValidationResultSchema`, encodes it for every face (the API, the
pages, the CLI, the bulk audit, an archive): the bulky parts (tricks, per-seat maps) are
plain functions its fields call, the ruling log has its own schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields

from hearts_referee import referee
from hearts_referee.referee.replay import Kitty
from hearts_referee.rulings import Penalty, Ruling
from hearts_referee.rulings.audit import AuditedTrick, HandAudit


def _card(card: referee.Card | None) -> str | None:
    return card.code if card is not None else None


class RulingSchema(Schema):
    code = fields.String()
    seat = fields.String()
    trick = fields.Integer()
    card = fields.Function(lambda r: _card(r.card))
    rule = fields.String()
    penalty = fields.Method("_penalty")
    status = fields.String()
    explanation = fields.String()
    suggestion = fields.String(allow_none=True)

    def _penalty(self, ruling: Ruling) -> dict[str, Any] | None:
        return dump_penalty(ruling.penalty)


class MoonSchema(Schema):
    seat = fields.String()
    option = fields.String()
    chosen_by = fields.String()


def dump_penalty(penalty: Penalty | None) -> dict[str, Any] | None:
    """``{"points": n}``, with ``penalty_card`` when a card became one; ``None`` for no penalty."""
    if penalty is None:
        return None
    data: dict[str, Any] = {"points": penalty.points}
    if penalty.penalty_card is not None:
        data["penalty_card"] = penalty.penalty_card.code
    return data


def dump_tricks(tricks: tuple[AuditedTrick, ...]) -> list[dict[str, Any]]:
    return [
        {
            "number": number,
            "leader": leader,
            "plays": [{"seat": seat, "card": card.code} for seat, card in plays],
            "winner": winner,
            "taken_by": taken_by,
            "points": points,
            "cancelled": [card.code for card in cancelled],
            "to_middle": to_middle,
            "collects": list(collects),
        }
        for number, leader, plays, winner, taken_by, points, cancelled, to_middle, collects in tricks
    ]


def dump_kitty(kitty: Kitty | None) -> dict[str, Any] | None:
    if kitty is None:
        return None
    return {"cards": [card.code for card in kitty.cards], "taken_by": kitty.taken_by, "trick": kitty.trick}


_RULINGS = RulingSchema(many=True)
_MOON = MoonSchema()


class ValidationResultSchema(Schema):
    """What ``POST /v1/hands/validate`` answers for a well-formed record, and the
    ``audit`` of a stored hand: both are a :class:`rulings.audit.HandAudit`."""

    variant = fields.String()
    options = fields.Function(lambda a: dict(a.options))
    hand_number = fields.Integer()
    seats = fields.Function(lambda a: list(a.seats))
    dealer = fields.String()
    pass_direction = fields.String()
    void = fields.Boolean()
    complete = fields.Boolean()
    tricks = fields.Function(lambda a: dump_tricks(a.tricks))
    kitty = fields.Function(lambda a: dump_kitty(a.kitty))
    points = fields.Function(lambda a: dict(a.points))
    penalties = fields.Function(lambda a: dict(a.penalties))
    score = fields.Function(lambda a: dict(a.score))
    moon = fields.Function(lambda a: _MOON.dump(a.moon) if a.moon else None)
    rulings = fields.Function(lambda a: _RULINGS.dump(a.rulings))
    referee_version = fields.String(attribute="engine_version")
    refereed = fields.Boolean()
    deal_derived = fields.Boolean()
    deal = fields.Function(lambda a: dump_deal(a.derived_deal))


_RESULT = ValidationResultSchema()


def dump_result(audit: HandAudit) -> dict[str, Any]:
    """The JSON-ready validation result of one audited hand, as :class:`ValidationResultSchema`
    dumps it: the one encoder of the result, and the contract openapi.yaml is checked against."""
    result: dict[str, Any] = _RESULT.dump(audit)
    return result


def dump_deal(deal: Mapping[str, tuple[referee.Card, ...]] | None) -> dict[str, list[str]] | None:
    """The deal the referee derived (``None``: the record gave its own)."""
    if deal is None:
        return None
    return {seat: [card.code for card in cards] for seat, cards in deal.items()}
