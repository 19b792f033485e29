"""The validation result: a judged hand as JSON (see ``ValidationResult`` in openapi.yaml).

The bulky parts (tricks, per-seat maps) are built by plain functions in one
pass; the ruling log, small and the part directors read, has its own schema.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

import referee
from referee.replay import Kitty, Trick
from rulings import JudgedHand, Penalty


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

    def _penalty(self, ruling) -> dict | None:
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


def dump_tricks(tricks: tuple[Trick, ...]) -> list[dict[str, Any]]:
    return [
        {
            "number": t.number,
            "leader": t.leader,
            "plays": [{"seat": p.seat, "card": p.card.code} for p in t.plays],
            "winner": t.winner,
            "taken_by": t.taken_by,
            "points": t.points,
            "cancelled": [card.code for card in t.cancelled],
            "to_middle": t.to_middle,
            "collects": list(t.collects),
        }
        for t in tricks
    ]


def dump_kitty(kitty: Kitty | None) -> dict[str, Any] | None:
    if kitty is None:
        return None
    return {"cards": [card.code for card in kitty.cards], "taken_by": kitty.taken_by, "trick": kitty.trick}


class ValidationResultSchema(Schema):
    """What ``POST /v1/hands/validate`` answers for a well-formed record."""

    variant = fields.Function(lambda j: j.replay.record.variant.id)
    options = fields.Function(lambda j: dict(j.replay.record.variant.options))
    hand_number = fields.Function(lambda j: j.replay.record.hand_number)
    seats = fields.Function(lambda j: list(j.replay.record.seats))
    dealer = fields.Function(lambda j: j.replay.record.dealer)
    pass_direction = fields.Function(lambda j: j.replay.pass_direction)
    void = fields.Function(lambda j: j.replay.void)
    complete = fields.Function(lambda j: j.replay.complete)
    tricks = fields.Function(lambda j: dump_tricks(j.replay.tricks))
    kitty = fields.Function(lambda j: dump_kitty(j.replay.kitty))
    points = fields.Function(lambda j: dict(j.replay.score.points))
    penalties = fields.Function(lambda j: dict(j.penalties))
    score = fields.Function(lambda j: dict(j.score))
    moon = fields.Function(lambda j: _MOON.dump(j.replay.score.moon) if j.replay.score.moon else None)
    rulings = fields.Function(lambda j: _RULINGS.dump(j.rulings))
    referee_version = fields.Function(lambda j: referee.__version__)


_RULINGS = RulingSchema(many=True)
_MOON = MoonSchema()
_RESULT = ValidationResultSchema()


def dump_result(judged: JudgedHand) -> dict[str, Any]:
    """The JSON-ready validation result of one judged hand."""
    return _RESULT.dump(judged)
