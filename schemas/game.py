"""Games as JSON: starting one, appending a hand, a whole recorded game, and the answers.

A hand sent to a game is a hand record without what the service supplies
(``variant``, ``seats``, ``dealer``, ``hand_number``, ``scores_before``):
:data:`GameHandSchema` is built from ``HandRecordSchema``'s own fields, so the
two cannot drift apart. The client may send ``hand_number`` as a check ("this
is hand 5"); the service answers 409 when the game is elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from referee import Variant
from referee.record import Problem, RecordError, pointer
from rulings.scoresheet import GameSetup, NextDeal, Sheet

from .errors import Unprocessable
from .problems import flatten
from .record import HandRecordSchema, SeatsField, VariantField

SUPPLIED = ("variant", "seats", "dealer", "hand_number", "scores_before")
"""Record fields a game supplies to each of its hands."""

NAME_MAX_LENGTH = 80
TABLE_MAX_LENGTH = 64


class GameCreateSchema(Schema):
    """``POST /v1/games``: a table's game as it starts."""

    class Meta:
        unknown = RAISE

    variant = VariantField(required=True)
    seats = SeatsField(required=True)
    players = fields.Dict(
        keys=fields.String(),
        required=True,
        values=fields.String(validate=validate.Length(1, NAME_MAX_LENGTH)),
    )
    first_dealer = fields.String(required=True)
    scorekeeper = fields.String(load_default=None, allow_none=True)
    table = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, TABLE_MAX_LENGTH))

    @validates_schema
    def _seating(self, data: dict[str, Any], **kwargs: Any) -> None:
        seats = list(data["seats"])
        problems = []
        variant = data["variant"]
        if len(seats) not in variant.seat_counts:
            counts = " or ".join(str(n) for n in variant.seat_counts)
            problems.append(
                Problem(
                    "/seats", "seat_count", f"{variant.id} is played by {counts} players, not {len(seats)}"
                )
            )
        for i, seat in enumerate(seats):
            if seat in seats[:i]:
                problems.append(Problem(f"/seats/{i}", "duplicate_seat", f"seat {seat!r} is listed twice"))
        for name in ("first_dealer", "scorekeeper"):
            seat = data.get(name)
            if seat is not None and seat not in seats:
                problems.append(Problem(f"/{name}", "unknown_seat", f"{seat!r} is not one of the seats"))
        players = data.get("players")
        if players is not None:
            for seat in seats:
                if seat not in players:
                    problems.append(Problem(pointer("players", seat), "required", f"who sits in {seat}?"))
            for seat in players:
                if seat not in seats:
                    problems.append(
                        Problem(pointer("players", seat), "unknown_seat", f"{seat!r} is not one of the seats")
                    )
        if problems:
            raise ValidationError(problems)

    @post_load
    def _setup(self, data: dict[str, Any], **kwargs: Any) -> GameSetup:
        seats = tuple(data["seats"])
        return GameSetup(
            data["variant"],
            seats,
            data["first_dealer"],
            data.get("scorekeeper") or seats[0],
            dict(data.get("players") or {}),
            data.get("table"),
        )


GameHandSchema = Schema.from_dict(
    {
        **{name: field for name, field in HandRecordSchema._declared_fields.items() if name not in SUPPLIED},
        "hand_number": fields.Integer(
            load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1)
        ),
    },
    name="GameHandSchema",
)
"""``POST /v1/games/{id}/hands``: a hand record less what the game supplies."""


class GameRecordSchema(GameCreateSchema):
    """``POST /v1/games/validate``: a whole recorded game (players optional)."""

    players = fields.Dict(
        keys=fields.String(),
        load_default=None,
        allow_none=True,
        values=fields.String(validate=validate.Length(1, NAME_MAX_LENGTH)),
    )
    hands = fields.List(fields.Raw(), required=True)
    """Loaded one by one afterwards (``load_game_hand``), each with its own pointers."""


@dataclass(frozen=True)
class GameBody:
    """A loaded game: its setup, and the variant exactly as the client wrote it."""

    setup: GameSetup
    variant: Any


@dataclass(frozen=True)
class GameHand:
    """A hand sent to a game: the record fields as sent, and the hand number it claims to be."""

    body: Mapping[str, Any]
    hand_number: int | None


_CREATE = GameCreateSchema()
_HAND = GameHandSchema()
_RECORD = GameRecordSchema()


def _load(schema: Schema, data: Any) -> Any:
    try:
        return schema.load(data)
    except ValidationError as error:
        raise Unprocessable(flatten(error.messages)) from None


_VARIANT = VariantField(data_key="variant")


def load_variant(spec: Any) -> Variant:
    """A variant id or ``{"base", "options"}``, as a game stores it, back to its definition."""
    try:
        return _VARIANT.deserialize(spec)
    except ValidationError as error:
        raise RecordError(flatten(error.messages)) from None


def load_game(data: Any) -> GameBody:
    """``POST /v1/games``: the setup, or ``Unprocessable`` listing every problem."""
    return GameBody(_load(_CREATE, data), data["variant"])


def load_game_hand(data: Any, at: str = "") -> GameHand:
    """One hand for a game; ``at`` prefixes the pointers (``/hands/3`` in a whole game)."""
    try:
        loaded = _HAND.load(data)
    except ValidationError as error:
        raise RecordError(
            [Problem(at + p.pointer, p.code, p.message) for p in flatten(error.messages)]
        ) from None
    return GameHand({k: v for k, v in data.items() if k != "hand_number"}, loaded["hand_number"])


def load_game_record(data: Any) -> tuple[GameBody, list[Any]]:
    """``POST /v1/games/validate``: the setup and the raw hands (each loaded in turn)."""
    setup = _load(_RECORD, data)
    return GameBody(setup, data["variant"]), list(data["hands"])


def game_record(
    game: GameBody, deal: NextDeal, scores_before: Mapping[str, int], hand: GameHand
) -> dict[str, Any]:
    """The full hand record of ``hand`` as dealt in ``game``."""
    return {
        "variant": game.variant,
        "seats": list(game.setup.seats),
        "dealer": deal.dealer,
        "hand_number": deal.hand_number,
        "scores_before": dict(scores_before),
        **hand.body,
    }


# --- answers -------------------------------------------------------------------------


def number(value: Fraction) -> int | float:
    """A match-point share as JSON: whole numbers stay whole, thirds round to 3 places."""
    return int(value) if value.denominator == 1 else round(float(value), 3)


class RulesSchema(Schema):
    target = fields.Integer()
    match_points = fields.List(fields.Integer(), allow_none=True)
    floor = fields.Integer(allow_none=True)
    signatures = fields.String()


class NextHandSchema(Schema):
    hand_number = fields.Integer()
    dealer = fields.String()


def sheet_fields(sheet: Sheet, next_deal: NextDeal) -> dict[str, Any]:
    """The scoresheet part of a game answer, shared by stored and validated games."""
    return {
        "rules": RulesSchema().dump(sheet.rules),
        "status": "over" if sheet.over else "in_progress",
        "totals": dict(sheet.totals),
        "ended_after": sheet.ended_after,
        "winners": list(sheet.winners) if sheet.over else None,
        "match_points": (
            {seat: number(v) for seat, v in sheet.match_points.items()}
            if sheet.match_points is not None
            else None
        ),
        "next_hand": None if sheet.over else NextHandSchema().dump(next_deal),
    }


class _HandLineSchema(Schema):
    """What a scoresheet line says of a hand, stored or only validated."""

    seq = fields.Integer()
    hand_number = fields.Integer()
    dealer = fields.String()
    void = fields.Boolean()
    score = fields.Dict(keys=fields.String(), values=fields.Integer())
    penalties = fields.Dict(keys=fields.String(), values=fields.Integer())
    totals = fields.Dict(keys=fields.String(), values=fields.Integer())
    counts = fields.Boolean()


class GameHandLineSchema(_HandLineSchema):
    """One stored hand as a game's scoresheet shows it."""

    hand_id = fields.Integer()
    version = fields.Integer()
    status = fields.String()


class _ScoresheetSchema(Schema):
    """What a game's scoresheet says, stored or only validated: the table, its rules,
    where the game stands and how it ended."""

    variant = fields.Raw()
    seats = fields.List(fields.String())
    players = fields.Dict(keys=fields.String(), values=fields.String())
    first_dealer = fields.String()
    scorekeeper = fields.String()
    table = fields.String(allow_none=True)
    rules = fields.Nested(RulesSchema)
    status = fields.String()
    totals = fields.Dict(keys=fields.String(), values=fields.Integer())
    ended_after = fields.Integer(allow_none=True)
    winners = fields.List(fields.String(), allow_none=True)
    match_points = fields.Dict(keys=fields.String(), values=fields.Raw(), allow_none=True)
    next_hand = fields.Nested(NextHandSchema, allow_none=True)


class GameSchema(_ScoresheetSchema):
    """``GET /v1/games/{id}``: the game, its hands and where it stands."""

    id = fields.Integer()
    created_at = fields.String()
    created_by = fields.String(allow_none=True)
    final = fields.Boolean()
    hands = fields.List(fields.Nested(GameHandLineSchema))


class GameValidationHandSchema(_HandLineSchema):
    """One hand of a validated game: where it sits, and its whole audit."""

    result = fields.Raw()


class GameValidationSchema(_ScoresheetSchema):
    """``POST /v1/games/validate``: the scoresheet of a whole recorded game."""

    hands = fields.List(fields.Nested(GameValidationHandSchema))


def _setup_fields(game: GameBody) -> dict[str, Any]:
    setup = game.setup
    return {
        "variant": game.variant,
        "seats": list(setup.seats),
        "players": dict(setup.players),
        "first_dealer": setup.first_dealer,
        "scorekeeper": setup.scorekeeper,
        "table": setup.table,
    }


def _counts(sheet: Sheet, seq: int) -> bool:
    return sheet.ended_after is None or seq <= sheet.ended_after


_GAME = GameSchema()
_VALIDATION = GameValidationSchema()


def dump_game(game: Any) -> dict[str, Any]:
    """A stored game (``archive.Game``) as JSON."""
    sheet = game.sheet
    hands = []
    for i, hand in enumerate(game.hands):
        state = hand.state
        current = state.current
        hands.append(
            {
                "hand_id": hand.id,
                "seq": hand.seq,
                "hand_number": hand.hand_number,
                "dealer": hand.dealer,
                "void": hand.void,
                "version": current.number,
                "status": state.status,
                "score": current.score,
                "penalties": current.penalties,
                "totals": sheet.totals_after[i],
                "counts": _counts(sheet, hand.seq),
            }
        )
    final = sheet.over and all(h.state.final for h in game.hands if _counts(sheet, h.seq))
    return _GAME.dump(
        {
            "id": game.id,
            **_setup_fields(game.body),
            "created_at": game.created_at,
            "created_by": game.created_by,
            **sheet_fields(sheet, game.next_deal),
            "final": final,
            "hands": hands,
        }
    )


def dump_game_validation(
    game: GameBody, sheet: Sheet, next_hand: NextDeal, hands: list[tuple[NextDeal, dict[str, Any]]]
) -> dict[str, Any]:
    """A validated game as JSON; ``hands`` pairs each hand's deal with its audit result."""
    rows = [
        {
            "seq": seq,
            "hand_number": deal.hand_number,
            "dealer": deal.dealer,
            "void": result["void"],
            "score": result["score"],
            "penalties": result["penalties"],
            "totals": sheet.totals_after[seq - 1],
            "counts": _counts(sheet, seq),
            "result": result,
        }
        for seq, (deal, result) in enumerate(hands, start=1)
    ]
    return _VALIDATION.dump({**_setup_fields(game), **sheet_fields(sheet, next_hand), "hands": rows})
