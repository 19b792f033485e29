"""Events as JSON: creating one, seating a round, an override, and the answers.

An event's format is named like a variant: an id (``mso-2000``, ``long-john``)
or ``{"base": id, "options": {...}}`` for a house format; the options are the
``EventFormat``'s own, typed here, and checked together by the format itself
(each contradiction located under ``/format/options/<name>``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from hearts_referee.referee.events import EVENT_FORMATS, EventFormat, FormatError, format_data, house_format
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import ENGLISH, SAID, Translator, translated
from hearts_referee.usecases import EventChainReport, EventListed
from hearts_referee.usecases.errors import Rejected
from hearts_referee.usecases.events import Action, EventReport, NewEvent, Override, RoundReport, TableReport
from hearts_referee.usecases.players import PlayerRecord

from .archive import DecisionSchema
from .bounds import (
    EVENT_NUMBER_MAX,
    EVENT_PLAYERS_MAX,
    EVENT_ROUNDS_MAX,
    EVENT_SCORERS_MAX,
    NAME_MAX_LENGTH,
    REASON_MAX_LENGTH,
    ROW_ID_MAX,
    SEED_MAX,
)
from .game import number
from .problems import flatten
from .result import RULING_FIELDS
from .text import Text


def _count(low: int, high: int, **kwargs: Any) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(low, high), **kwargs)


class FormatOptionsSchema(Schema):
    """What a house event format may change (``referee.events.format.OPTIONS``)."""

    class Meta:
        unknown = RAISE

    table_sizes = fields.List(_count(3, 16), validate=validate.Length(1, 8))
    min_players = _count(3, EVENT_PLAYERS_MAX)
    max_players = _count(3, EVENT_PLAYERS_MAX)
    random_rounds = _count(1, EVENT_ROUNDS_MAX)
    swiss_rounds = _count(0, EVENT_ROUNDS_MAX)
    match_points = fields.List(_count(0, 100), validate=validate.Length(0, 16))
    playoff_qualifiers = _count(3, EVENT_PLAYERS_MAX, allow_none=True)


class HouseFormatSchema(Schema):
    class Meta:
        unknown = RAISE

    base = fields.String(required=True, validate=validate.OneOf(list(EVENT_FORMATS)))
    options = fields.Nested(FormatOptionsSchema, load_default=dict)


class FormatField(fields.Field[tuple[EventFormat, Any]]):
    """An event format id, or a house format: loads as ``(format, as the event names it)``."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> tuple[EventFormat, Any]:
        if type(value) is str:
            if value not in EVENT_FORMATS:
                raise ValidationError(
                    [
                        Problem(
                            "/format",
                            "unknown_format",
                            SAID.gettext(
                                "unknown event format %(format)s; known: mso-2000, long-john",
                                format=repr(value),
                            ),
                        )
                    ]
                )
            return EVENT_FORMATS[value], value
        if not isinstance(value, dict):
            raise ValidationError(
                [Problem("/format", "type", SAID.gettext("a format id or {base, options}"))]
            )
        try:
            loaded = HouseFormatSchema().load(value)
        except ValidationError as error:
            raise ValidationError(
                [Problem("/format" + p.pointer, p.code, p.message) for p in flatten(error.messages)]
            ) from None
        try:
            fmt = house_format(loaded["base"], loaded["options"])
        except FormatError as error:
            raise ValidationError(
                [
                    Problem(f"/format/options/{name}", "invalid_option", message)
                    for name, message in error.problems
                ]
            ) from None
        return fmt, format_data(fmt, loaded["base"])


def _scorers(**kwargs: Any) -> fields.List[Any]:
    """The ids of the scorer keys an event lets score its tables."""
    return fields.List(_count(1, ROW_ID_MAX), validate=validate.Length(0, EVENT_SCORERS_MAX), **kwargs)


class EventCreateSchema(Schema):
    """``POST /v1/events``: a name, a format and the players, numbered 1, 2, ... in order."""

    class Meta:
        unknown = RAISE

    name = Text(NAME_MAX_LENGTH, required=True)
    format = FormatField(required=True)
    players = fields.List(
        Text(NAME_MAX_LENGTH), required=True, validate=validate.Length(1, EVENT_PLAYERS_MAX)
    )
    scorers = _scorers(load_default=list)

    @post_load
    def _event(self, data: dict[str, Any], **kwargs: Any) -> NewEvent:
        fmt, spec = data["format"]
        return NewEvent(data["name"], fmt, spec, tuple(data["players"]), tuple(data["scorers"]))


class RoundCreateSchema(Schema):
    """``POST /v1/events/{id}/rounds``: an optional seed (drawn when absent), and the
    director's reason for seating it while tables of the last round are pending."""

    class Meta:
        unknown = RAISE

    seed = _count(0, SEED_MAX, load_default=None, allow_none=True)
    pending_reason = Text(REASON_MAX_LENGTH, lines=True, load_default=None, allow_none=True)


class OverrideSchema(Schema):
    """``POST /v1/events/{id}/overrides``: one director's override, with its reason."""

    class Meta:
        unknown = RAISE

    action = fields.String(required=True, validate=validate.OneOf([a.value for a in Action]))
    reason = Text(REASON_MAX_LENGTH, lines=True, required=True)
    player = _count(1, EVENT_NUMBER_MAX, load_default=None)
    with_player = _count(1, EVENT_NUMBER_MAX, load_default=None)
    table = _count(1, EVENT_NUMBER_MAX, load_default=None)
    name = Text(NAME_MAX_LENGTH, load_default=None)
    seed = _count(0, SEED_MAX, load_default=None)
    scorers = _scorers(load_default=None)

    @validates_schema
    def _fields_of_action(self, data: dict[str, Any], **kwargs: Any) -> None:
        needed = {
            "move": ("player", "table"),
            "swap": ("player", "with_player"),
            "reseat": ("table",),
            "add": ("name",),
            "withdraw": ("player",),
            "scorers": ("scorers",),
        }.get(data.get("action", ""), ())
        missing = [
            Problem(
                f"/{name}",
                "required",
                SAID.gettext("%(action)s needs %(field)s", action=data["action"], field=name),
            )
            for name in needed
            if data.get(name) is None
        ]
        if missing:
            raise ValidationError(cast(Any, missing))

    @post_load
    def _override(self, data: dict[str, Any], **kwargs: Any) -> Override:
        scorers = data.pop("scorers")
        return Override(
            action=Action(data.pop("action")), scorers=None if scorers is None else tuple(scorers), **data
        )


def _load(schema: Schema, data: Any) -> Any:
    try:
        return schema.load(data)
    except ValidationError as error:
        raise Rejected(flatten(error.messages)) from None


def load_event(data: Any) -> NewEvent:
    return cast(NewEvent, _load(EventCreateSchema(), data))


def load_round_request(data: Any) -> tuple[int | None, str | None]:
    """``(seed, pending_reason)`` of a request to seat the next round."""
    loaded = _load(RoundCreateSchema(), data)
    return loaded["seed"], loaded["pending_reason"]


def load_override(data: Any) -> Override:
    return cast(Override, _load(OverrideSchema(), data))


# --- answers ---------------------------------------------------------------------------------


def _fraction(value: Fraction | None) -> int | float | None:
    return None if value is None else number(value)


def dump_table(event: EventReport, table: TableReport) -> dict[str, Any]:
    totals = table.game.sheet.totals
    seats = []
    for seat, player in zip(table.seats, table.table.players, strict=True):
        found = event.event.player(player)
        seats.append(
            {
                "seat": seat,
                "player": player,
                "name": found.name if found else None,
                "total": totals.get(seat, 0),
                "match_points": _fraction(table.match_points.get(player)) if table.match_points else None,
                "standing_match_points": _fraction(table.standing.get(player)) if table.standing else None,
            }
        )
    return {
        "number": table.table.number,
        "game_id": table.game.id,
        "label": table.game.setup.table,
        "status": table.status.value,
        "hands": len(table.game.hands),
        "seats": seats,
        "winners": list(table.winners),
        "missing_signatures": list(table.missing),
        "band": table.band,
    }


def dump_round(event: EventReport, report: RoundReport) -> dict[str, Any]:
    r = report.round
    return {
        "event_id": event.event.id,
        "number": r.number,
        "kind": r.kind.value,
        "seed": r.seed,
        "repeats": r.repeats,
        "byes": list(r.byes),
        "qualifiers": list(r.qualifiers),
        "final": r.final,
        "complete": report.complete,
        "created_at": r.created_at,
        "tables": [dump_table(event, t) for t in report.tables],
    }


def dump_standings(event: EventReport) -> dict[str, Any]:
    rows = []
    pending = event.pending_match_points
    for s in event.standings:
        player = event.event.player(s.player)
        rows.append(
            {
                "rank": s.rank,
                "player": s.player,
                "name": player.name if player else None,
                "active": bool(player and player.active),
                "match_points": number(s.match_points),
                "games": s.games,
                "wins": s.wins,
                "byes": s.byes,
                "average_total": _fraction(s.average_total),
                "pending_match_points": _fraction(pending.get(s.player, Fraction(0))),
            }
        )
    waiting = [
        {
            "round": number,
            "table": t.table.number,
            "game_id": t.game.id,
            "missing_signatures": list(t.missing),
        }
        for number, t in event.pending
    ]
    return {"event_id": event.event.id, "status": event.status.value, "standings": rows, "pending": waiting}


def dump_event(event: EventReport) -> dict[str, Any]:
    e = event.event
    rules = {k: list(v) if isinstance(v, tuple) else v for k, v in e.format.options().items()}
    return {
        "id": e.id,
        "name": e.name,
        "format": e.format_spec,
        "rules": rules,
        "created_at": e.created_at,
        "created_by": e.created_by,
        "status": event.status.value,
        "players": [{"number": p.number, "name": p.name, "active": p.active} for p in e.players],
        "scorers": list(e.scorers),
        "rounds": [dump_round(event, r) for r in event.rounds],
        "winners": list(event.winners),
    }


def dump_event_list(listed: list[EventListed]) -> dict[str, Any]:
    return {
        "events": [
            {"id": e.id, "name": e.name, "format": e.format_id, "created_at": e.created_at} for e in listed
        ]
    }


def dump_event_log(log: EventChainReport, t: Translator = ENGLISH) -> dict[str, Any]:
    """The event's log, each entry's body as logged, and whether its chain holds (its problems'
    messages in the language of ``t``)."""
    return {
        "event_id": log.event_id,
        "ok": log.ok,
        "head": log.head,
        "entries": [
            {"n": e.n, "kind": e.kind, "at": e.at, "actor": e.actor, "body": e.body, "hash": e.hash}
            for e in log.entries
        ],
        "problems": [
            {"n": n, "code": code, "message": translated(message, t)} for n, code, message in log.problems
        ],
    }


class PlayerRulingSchema(Schema):
    """One ruling against a player (``usecases.players``): where it was given, the ruling as
    the referee gave it, where it stands now and the director's latest decision on it."""

    round = fields.Integer()
    table = fields.Integer()
    game_id = fields.Integer()
    hand_id = fields.Integer()
    hand_number = fields.Integer()
    ruling = fields.Integer(attribute="index")
    code = fields.String()
    seat = fields.String(attribute="ruling.seat")
    trick = fields.Integer(attribute="ruling.trick")
    card = fields.Function(lambda r: RULING_FIELDS["card"](r.ruling))
    penalty = fields.Function(lambda r: RULING_FIELDS["penalty"](r.ruling))
    status = fields.String(attribute="life.status")
    decision = fields.Function(lambda r: None if r.decided is None else DecisionSchema().dump(r.decided))


class PlayerRecordSchema(Schema):
    """``GET /v1/events/{id}/players/{player}``: every ruling against the player across the
    event, in the order played, with counts by code."""

    event_id = fields.Integer(attribute="event.id")
    player = fields.Integer(attribute="player.number")
    name = fields.String(attribute="player.name")
    active = fields.Boolean(attribute="player.active")
    counts = fields.Function(lambda r: {str(code): n for code, n in r.counts.items()})
    rulings = fields.List(fields.Nested(PlayerRulingSchema))


def dump_player_record(record: PlayerRecord) -> dict[str, Any]:
    return cast(dict[str, Any], PlayerRecordSchema().dump(record))
