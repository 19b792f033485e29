"""Games as JSON: starting one, appending a hand, a whole recorded game, and the answers.

A hand sent to a game is a hand record without what the service supplies
(``variant``, ``seats``, ``dealer``, ``hand_number``, ``scores_before``):
:data:`GameHandSchema` is built from ``HandRecordSchema``'s own fields, so the
two cannot drift apart. The client may send ``hand_number`` as a check ("this
is hand 5"); the service answers 409 when the game is elsewhere.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validates_schema

from hearts_referee.referee.deal import seat_count
from hearts_referee.referee.names import seat_key
from hearts_referee.referee.notation import variant_data
from hearts_referee.referee.record import Problem, RecordError, pointer
from hearts_referee.referee.translator import SAID, Said
from hearts_referee.rulings.scoresheet import GameSetup, NextDeal, Sheet
from hearts_referee.usecases import Game
from hearts_referee.usecases.errors import Rejected
from hearts_referee.usecases.games import GameAudit, GameHand, pass_direction

from .bounds import NAME_MAX_LENGTH, SEAT_MAX_LENGTH, TABLE_MAX_LENGTH
from .problems import flatten
from .record import HandNumberField, HandRecordSchema, SeatsField, VariantField
from .result import dump_result
from .text import SeatId, Text, TextError, seat_id

SUPPLIED = ("variant", "seats", "dealer", "hand_number", "scores_before")
"""Record fields a game supplies to each of its hands."""


class GameCreateSchema(Schema):
    """``POST /v1/games``: a table's game as it starts."""

    class Meta:
        unknown = RAISE

    variant = VariantField(required=True)
    seats = SeatsField(required=True)
    players = fields.Dict(keys=SeatId(SEAT_MAX_LENGTH), required=True, values=Text(NAME_MAX_LENGTH))
    first_dealer = SeatId(SEAT_MAX_LENGTH, required=True)
    scorekeeper = SeatId(SEAT_MAX_LENGTH, load_default=None, allow_none=True)
    table = Text(TABLE_MAX_LENGTH, load_default=None, allow_none=True)

    @validates_schema(skip_on_field_errors=False, pass_original=True)
    def _seating(self, data: dict[str, Any], original_data: Any, **kwargs: Any) -> None:
        """Who sits where, checked even when other fields have problems (every problem in
        one answer): with the seats as sent when their list could be read but not loaded."""
        seats = _seats_as_sent(data, original_data)
        if seats is None:
            return
        problems = []
        variant = data.get("variant")
        if variant is not None and len(seats) not in variant.seat_counts:
            problems.append(seat_count(variant, len(seats)))
        keys = [seat_key(seat) for seat in seats]
        for i, seat in enumerate(seats):
            if keys[i] in keys[:i]:
                problems.append(
                    Problem(
                        f"/seats/{i}",
                        "duplicate_seat",
                        SAID.gettext("seat %(seat)s is listed twice", seat=repr(seat)),
                    )
                )
        for name in ("first_dealer", "scorekeeper"):
            named = data.get(name)
            if named is not None and named not in seats:
                problems.append(Problem(f"/{name}", "unknown_seat", not_a_seat(named)))
        players = _players_as_sent(data, original_data)
        if players is not None:
            for seat in seats:
                if seat not in players:
                    problems.append(
                        Problem(
                            pointer("players", seat),
                            "required",
                            SAID.gettext("who sits in %(seat)s?", seat=seat),
                        )
                    )
            for key in players:
                if key not in seats and _is_seat_id(key):  # a malformed id has its own problem
                    problems.append(Problem(pointer("players", key), "unknown_seat", not_a_seat(key)))
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


def not_a_seat(named: object) -> Said:
    """That ``named`` is not one of the game's seats."""
    return SAID.gettext("%(seat)s is not one of the seats", seat=repr(named))


def _seats_as_sent(data: dict[str, Any], original: Any) -> list[str] | None:
    """The seats as loaded, or as sent when they are a list of strings that did not load."""
    if "seats" in data:
        return list(data["seats"])
    sent = original.get("seats") if isinstance(original, dict) else None
    if isinstance(sent, list) and all(type(seat) is str for seat in sent):
        return sent
    return None


def _players_as_sent(data: dict[str, Any], original: Any) -> list[str] | None:
    """The seats the players were sent for, whatever their names: a blank name does not
    hide a seat that is not at the table (nor make its own seat look unfilled)."""
    sent = original.get("players") if isinstance(original, dict) else None
    if isinstance(sent, dict):
        return list(sent)
    return list(data["players"]) if data.get("players") is not None else None


def _is_seat_id(text: str) -> bool:
    try:
        seat_id(text, SEAT_MAX_LENGTH)
    except TextError:
        return False
    return True


_GameHandFields = Schema.from_dict(
    {
        **{name: field for name, field in HandRecordSchema._declared_fields.items() if name not in SUPPLIED},
        "hand_number": HandNumberField(load_default=None, allow_none=True),
    },
    name="_GameHandFields",
)


class GameHandSchema(_GameHandFields):  # type: ignore[valid-type,misc]
    """``POST /v1/games/{id}/hands``: a hand record less what the game supplies."""

    class Meta:
        unknown = RAISE

    @post_load
    def _hand(self, data: dict[str, Any], **kwargs: Any) -> GameHand:
        return GameHand(**data)


class GameRecordSchema(GameCreateSchema):
    """``POST /v1/games/validate``: a whole recorded game (players optional)."""

    players = fields.Dict(
        keys=SeatId(SEAT_MAX_LENGTH), load_default=None, allow_none=True, values=Text(NAME_MAX_LENGTH)
    )
    hands = fields.List(fields.Raw(), required=True)
    """Loaded one by one afterwards (``load_game_hand``), each with its own pointers."""


_CREATE = GameCreateSchema()
_HAND = GameHandSchema()
_RECORD = GameRecordSchema()


def _load(schema: Schema, data: Any) -> Any:
    try:
        return schema.load(data)
    except ValidationError as error:
        raise Rejected(flatten(error.messages)) from None


def load_game(data: Any) -> GameSetup:
    """``POST /v1/games``: the setup, or ``Rejected`` listing every problem."""
    return cast(GameSetup, _load(_CREATE, data))


def load_game_hand(data: Any, at: str = "") -> GameHand:
    """One hand for a game; ``at`` prefixes the pointers (``/hands/3`` in a whole game)."""
    try:
        return cast(GameHand, _HAND.load(data))
    except ValidationError as error:
        raise RecordError(
            [Problem(at + p.pointer, p.code, p.message) for p in flatten(error.messages)]
        ) from None


def load_game_record(data: Any) -> tuple[GameSetup, list[GameHand | RecordError]]:
    """``POST /v1/games/validate``: the setup, and each hand loaded in turn (a hand that
    does not load is its ``RecordError``, located under ``/hands/<i>``). A setup that does
    not load is ``Rejected`` with its problems and every hand's that can be read alone."""
    try:
        setup = cast(GameSetup, _RECORD.load(data))
    except ValidationError as error:
        problems = flatten(error.messages)
        sent = data.get("hands") if isinstance(data, dict) else None
        for hand in _load_hands(sent if isinstance(sent, list) else []):
            if isinstance(hand, RecordError):
                problems.extend(hand.problems)
        raise Rejected(problems) from None
    return setup, _load_hands(data["hands"])


def _load_hands(sent: list[Any]) -> list[GameHand | RecordError]:
    hands: list[GameHand | RecordError] = []
    for index, raw in enumerate(sent):
        try:
            hands.append(load_game_hand(raw, f"/hands/{index}"))
        except RecordError as error:
            hands.append(error)
    return hands


# --- answers -------------------------------------------------------------------------


def number(value: Fraction) -> int | float:
    """A match-point share as JSON: whole numbers stay whole, thirds round to 3 places."""
    return int(value) if value.denominator == 1 else round(float(value), 3)


class RulesSchema(Schema):
    target = fields.Integer()
    match_points = fields.List(fields.Integer(), allow_none=True)
    floor = fields.Integer(allow_none=True)
    signatures = fields.String()
    game_signatures = fields.String()


class NextHandSchema(Schema):
    hand_number = fields.Integer()
    dealer = fields.String()
    pass_direction = fields.String()


def upcoming(setup: GameSetup, deal: NextDeal) -> dict[str, Any]:
    """The next hand as answers show it: number, dealer, and which way the cards pass."""
    return {**deal._asdict(), "pass_direction": pass_direction(setup, deal)}


def sheet_fields(sheet: Sheet, next_deal: NextDeal, setup: GameSetup) -> dict[str, Any]:
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
        "next_hand": None if sheet.over else NextHandSchema().dump(upcoming(setup, next_deal)),
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
    refereed = fields.Boolean()
    """False for a score-only hand: the table's points, the play not refereed."""


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


class SheetSignatureSchema(Schema):
    """A seat's signature on the scoresheet; ``stale`` once a later version of a hand
    changed what it signed."""

    seat = fields.String()
    name = fields.String()
    at = fields.String()
    by = fields.String(attribute="actor", allow_none=True)
    sheet = fields.Function(lambda s: [{"hand_id": h, "version": v} for h, v in s["sheet"]])
    stale = fields.Boolean()


class GameSchema(_ScoresheetSchema):
    """``GET /v1/games/{id}``: the game, its hands and where it stands."""

    id = fields.Integer()
    created_at = fields.String()
    created_by = fields.String(allow_none=True)
    final = fields.Boolean()
    hands = fields.List(fields.Nested(GameHandLineSchema))
    signers = fields.List(fields.String())
    signatures = fields.List(fields.Nested(SheetSignatureSchema))
    missing_signatures = fields.List(fields.String())


class GameValidationHandSchema(_HandLineSchema):
    """One hand of a validated game: where it sits, and its whole audit."""

    result = fields.Raw()


class GameValidationSchema(_ScoresheetSchema):
    """``POST /v1/games/validate``: the scoresheet of a whole recorded game."""

    hands = fields.List(fields.Nested(GameValidationHandSchema))


def _setup_fields(setup: GameSetup, variant: Any) -> dict[str, Any]:
    return {
        "variant": variant,
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


def dump_game(game: Game) -> dict[str, Any]:
    """A stored game as JSON."""
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
                "counts": _counts(sheet, hand.seq or 0),
                "refereed": state.standing_audit.refereed,
            }
        )
    missing = game.missing_signatures
    final = (
        sheet.over and all(h.state.final for h in game.hands if _counts(sheet, h.seq or 0)) and not missing
    )
    return cast(
        dict[str, Any],
        _GAME.dump(
            {
                "id": game.id,
                **_setup_fields(game.setup, game.variant),
                "created_at": game.created_at,
                "created_by": game.created_by,
                **sheet_fields(sheet, game.next_deal, game.setup),
                "final": final,
                "hands": hands,
                "signers": list(game.setup.sheet_signers),
                "signatures": [{**vars(signed), "stale": game.stale(signed)} for signed in game.signatures],
                "missing_signatures": missing,
            }
        ),
    )


def dump_game_validation(audit: GameAudit) -> dict[str, Any]:
    """A validated game as JSON: each hand where it fell, with its whole audit."""
    sheet = audit.sheet
    rows = []
    for seq, played in enumerate(audit.hands, start=1):
        result = dump_result(played.audit)
        rows.append(
            {
                "seq": seq,
                "hand_number": played.deal.hand_number,
                "dealer": played.deal.dealer,
                "void": played.audit.void,
                "score": result["score"],
                "penalties": result["penalties"],
                "totals": sheet.totals_after[seq - 1],
                "counts": _counts(sheet, seq),
                "refereed": played.audit.refereed,
                "result": result,
            }
        )
    setup = _setup_fields(audit.setup, variant_data(audit.setup.variant))
    return cast(
        dict[str, Any],
        _VALIDATION.dump({**setup, **sheet_fields(sheet, audit.next_deal, audit.setup), "hands": rows}),
    )


class GameSummarySchema(Schema):
    """A game in a list: its table, where it stands, and what waits for the director."""

    id = fields.Integer()
    variant = fields.Raw()
    seats = fields.Function(lambda g: list(g.setup.seats))
    players = fields.Function(lambda g: dict(g.setup.players))
    table = fields.Function(lambda g: g.setup.table)
    created_at = fields.String()
    created_by = fields.String(allow_none=True)
    status = fields.Function(lambda g: g.status.value)
    hands = fields.Function(lambda g: len(g.hands))
    totals = fields.Function(lambda g: dict(g.sheet.totals))
    next_hand = fields.Function(
        lambda g: None if g.sheet.over else NextHandSchema().dump(upcoming(g.setup, g.next_deal))
    )
    open_hands = fields.Function(lambda g: [h.id for h in g.hands if h.state.open])


class GameListSchema(Schema):
    """``GET /v1/games``: a page of games and the cursor of the next."""

    games = fields.List(fields.Nested(GameSummarySchema))
    next_after = fields.Integer(allow_none=True)
