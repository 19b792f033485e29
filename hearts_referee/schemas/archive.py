"""Stored hands, decisions, signatures, chain reports and API keys, as JSON.

Requests (``*RequestSchema``) load strictly and report every problem with a
pointer; answers are dumped from the archive's values. The field lists are
the contract: ``tests/test_openapi.py`` checks them against openapi.yaml.
"""

from __future__ import annotations

from datetime import date
from typing import Any, NamedTuple, cast

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from hearts_referee.referee.record import Problem, Reported
from hearts_referee.referee.translator import ENGLISH, SAID, Translator, translated
from hearts_referee.rulings.decisions import ACTIONS, CLAIM_OUTCOMES, Action, ClaimOutcome, Decision
from hearts_referee.rulings.life import offered
from hearts_referee.usecases import GameFilter, GameStatus, HandFilter, HandStatus, StoredHand
from hearts_referee.usecases.errors import Rejected

from .bounds import (
    ADJUSTMENT_MAX,
    HAND_NUMBER_MAX,
    NAME_MAX_LENGTH,
    PAGE_MAX,
    REASON_MAX_LENGTH,
    ROW_ID_MAX,
    RULING_MAX,
    SEAT_MAX_LENGTH,
    TABLE_MAX_LENGTH,
    VARIANT_ID_MAX_LENGTH,
    VERSION_MAX,
)
from .problems import flatten
from .record import CardField
from .result import RULING_FIELDS, dump_result, encode
from .strictjson import form_number
from .text import SeatId, Text


def _scores(attribute: str | None = None) -> fields.Dict:
    """Points per seat (an answer's ``score``, ``penalties``, ``score_changes``)."""
    return fields.Dict(keys=fields.String(), values=fields.Integer(), attribute=attribute)


# --- requests -------------------------------------------------------------------


class QueryInteger(fields.Integer):
    """A whole number in a query string (the API's lists and the pages' filter forms), read
    as a number typed into a form is (:func:`strictjson.form_number`): ASCII, as JSON writes
    it. ``١``, ``1_000`` and ``²`` stay text, refused as not an integer (``int()`` would read
    the first two as 1 and 1000)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        number = form_number(value) if isinstance(value, str) else value
        return super()._deserialize(number, attr, data, **kwargs)


CODE_MAX_LENGTH = 64
"""The longest ruling code a request may name (every code is far shorter)."""


class DecisionRequestSchema(Schema):
    """``POST /v1/hands/{id}/decisions``: on one ``ruling``, or, with ``scoresheet`` true and
    no ruling, on the table's scoresheet (``rulings.decisions``)."""

    class Meta:
        unknown = RAISE

    ruling = fields.Integer(load_default=None, strict=True, validate=validate.Range(0, RULING_MAX))
    scoresheet = fields.Boolean(load_default=False, truthy={True}, falsy={False})
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    director = Text(NAME_MAX_LENGTH, required=True)
    reason = Text(REASON_MAX_LENGTH, lines=True, required=True)
    score_changes = fields.Dict(
        keys=SeatId(SEAT_MAX_LENGTH),
        values=fields.Integer(strict=True, validate=validate.Range(-ADJUSTMENT_MAX, ADJUSTMENT_MAX)),
        load_default=dict,
    )
    claim = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(CLAIM_OUTCOMES))

    @validates_schema
    def _one_question(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("scoresheet") and data.get("ruling") is not None:
            problem = Problem(
                "/ruling", "not_allowed", SAID.gettext("a decision on the scoresheet names no ruling")
            )
            raise ValidationError(cast(Any, [problem]))
        if not data.get("scoresheet") and data.get("ruling") is None:
            problem = Problem(
                "/ruling",
                "required",
                SAID.gettext("name the ruling, or decide the scoresheet (scoresheet true)"),
            )
            raise ValidationError(cast(Any, [problem]))

    @post_load
    def _decision(self, data: dict[str, Any], **kwargs: Any) -> Decision:
        data.pop("scoresheet")
        claim = data.pop("claim")
        return Decision(
            action=Action(data.pop("action")),
            claim=None if claim is None else ClaimOutcome(claim),
            **data,
        )


class IrregularityRequest(NamedTuple):
    report: Reported
    director: str
    reason: str


class IrregularityRequestSchema(Schema):
    """``POST /v1/hands/{id}/irregularities``: an irregularity reported at the table, which
    the director records against a score-only hand."""

    class Meta:
        unknown = RAISE

    code = fields.String(required=True, validate=validate.Length(1, CODE_MAX_LENGTH))
    seat = SeatId(SEAT_MAX_LENGTH, required=True)
    trick = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=validate.Range(1, HAND_NUMBER_MAX)
    )
    card = CardField(load_default=None, allow_none=True)
    director = Text(NAME_MAX_LENGTH, required=True)
    reason = Text(REASON_MAX_LENGTH, lines=True, required=True)

    @post_load
    def _request(self, data: dict[str, Any], **kwargs: Any) -> IrregularityRequest:
        report = Reported(data["code"], data["seat"], data["trick"], data["card"])
        return IrregularityRequest(report, data["director"], data["reason"])


class RecordRequestSchema(Schema):
    """``POST /v1/hands/{id}/records``: a new record of a game's hand (read as a game's hand
    is, by ``schemas.game.load_game_hand``, its problems under ``/record``)."""

    class Meta:
        unknown = RAISE

    record = fields.Dict(required=True)
    director = Text(NAME_MAX_LENGTH, required=True)
    reason = Text(REASON_MAX_LENGTH, lines=True, required=True)


class SignatureRequestSchema(Schema):
    """``POST /v1/hands/{id}/signatures``."""

    class Meta:
        unknown = RAISE

    seat = SeatId(SEAT_MAX_LENGTH, required=True)
    name = Text(NAME_MAX_LENGTH, required=True)
    version = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=validate.Range(1, VERSION_MAX)
    )


class SheetSignatureRequestSchema(Schema):
    """``POST /v1/games/{id}/signatures``: a seat signs the scoresheet as it stands."""

    class Meta:
        unknown = RAISE

    seat = SeatId(SEAT_MAX_LENGTH, required=True)
    name = Text(NAME_MAX_LENGTH, required=True)


class KeyRequestSchema(Schema):
    """``POST /v1/keys``."""

    class Meta:
        unknown = RAISE

    name = Text(NAME_MAX_LENGTH, required=True)
    role = fields.String(required=True, validate=validate.OneOf(("scorer", "director", "auditor", "admin")))


DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"

ORDERS = ("oldest", "newest")
"""A list's order by id; a page's ``after`` is the last id of the page before, in that order."""


def _is_date(text: str) -> None:
    """A calendar day as ``YYYY-MM-DD`` (only that form: ``date.fromisoformat`` alone would
    take ``20261201`` too, looser than the contract)."""
    try:
        date.fromisoformat(text)
    except ValueError:
        raise ValidationError(SAID.gettext("Not a calendar day (YYYY-MM-DD).")) from None


def day_field() -> fields.String:
    """A ``date`` filter: the UTC day a hand was stored or a game started."""
    return fields.String(
        load_default=None, validate=[validate.Regexp(DATE_PATTERN, error="Use YYYY-MM-DD."), _is_date]
    )


class _PageQuerySchema(Schema):
    """What every list's query shares: the page (keyset: ``after`` an id) and its order."""

    class Meta:
        unknown = RAISE

    variant = Text(VARIANT_ID_MAX_LENGTH, load_default=None)
    table = Text(TABLE_MAX_LENGTH, load_default=None)
    date = day_field()
    after = QueryInteger(load_default=0, validate=validate.Range(0, ROW_ID_MAX))
    order = fields.String(load_default=None, validate=validate.OneOf(ORDERS))


class HandQuerySchema(_PageQuerySchema):
    """The query of ``GET /v1/hands`` (and the pages' lists of hands)."""

    open = fields.Boolean(load_default=None, truthy={"true"}, falsy={"false"})
    game = QueryInteger(load_default=None, validate=validate.Range(1, ROW_ID_MAX))
    status = fields.String(load_default=None, validate=validate.OneOf([s.value for s in HandStatus]))
    limit = QueryInteger(load_default=50, validate=validate.Range(1, PAGE_MAX))

    @post_load
    def _query(self, data: dict[str, Any], **kwargs: Any) -> HandQuery:
        status = data["status"]
        where = HandFilter(
            open=data["open"],
            game=data["game"],
            variant=data["variant"],
            table=data["table"],
            date=data["date"],
            status=None if status is None else HandStatus(status),
        )
        return HandQuery(where, data["after"], data["limit"], data["order"] == "newest")


class HandQuery(NamedTuple):
    """A loaded ``GET /v1/hands`` query: which hands, and which page of them (oldest
    first unless ``newest``)."""

    where: HandFilter
    after: int
    limit: int
    newest: bool = False


class GameQuerySchema(_PageQuerySchema):
    """The query of ``GET /v1/games`` (and the pages' list of games): newest first unless
    ``order=oldest``."""

    open = fields.Boolean(load_default=None, truthy={"true"}, falsy={"false"})
    status = fields.String(load_default=None, validate=validate.OneOf([s.value for s in GameStatus]))
    limit = QueryInteger(load_default=25, validate=validate.Range(1, PAGE_MAX))

    @post_load
    def _query(self, data: dict[str, Any], **kwargs: Any) -> GameQuery:
        status = data["status"]
        where = GameFilter(
            open=data["open"],
            variant=data["variant"],
            table=data["table"],
            date=data["date"],
            status=None if status is None else GameStatus(status),
        )
        return GameQuery(where, data["after"], data["limit"], data["order"] != "oldest")


class GameQuery(NamedTuple):
    """A loaded ``GET /v1/games`` query."""

    where: GameFilter
    after: int
    limit: int
    newest: bool = True


def load(schema: Schema, data: Any) -> Any:
    """Load a request body; ``Rejected`` lists every problem with its pointer."""
    try:
        return schema.load(data)
    except ValidationError as error:
        raise Rejected(flatten(error.messages)) from None


# --- answers --------------------------------------------------------------------


class OpenRulingSchema(Schema):
    """A referred ruling still waiting for the director: ``ruling`` is its index in ``audit.rulings``."""

    ruling = fields.Integer()
    code = fields.String()
    seat = fields.String()
    trick = fields.Integer()
    rule = fields.String()
    explanation = fields.String()
    suggestion = fields.String(allow_none=True)


class _EntrySchema(Schema):
    """What every entry of a hand's log shows: its number in the log, when, and by whose key."""

    entry = fields.Integer(attribute="n")
    at = fields.String()
    by = fields.String(attribute="actor", allow_none=True)


class SignatureSchema(_EntrySchema):
    seat = fields.String()
    name = fields.String()
    version = fields.Integer()


class SignatureNowSchema(SignatureSchema):
    """A signature with whether a later version has made it stale."""

    stale = fields.Boolean()


class ConsequenceSchema(_EntrySchema):
    """A re-audit of a game's hand after a decision on an earlier hand changed its totals before."""

    cause = fields.Dict()
    reason = fields.String()
    scores_before = _scores()
    counts = fields.Boolean()
    version = fields.Integer()


class AmendedSchema(_EntrySchema):
    """A new record of the hand, logged by a director; the record it holds is ``record``."""

    director = fields.String()
    reason = fields.String()
    version = fields.Integer()


class RulingLifeSchema(Schema):
    """Where one ruling stands (``rulings.life``) and the decisions that would change it."""

    ruling = fields.Integer(attribute="index")
    code = fields.String(attribute="standing.code")
    status = fields.String()
    offered = fields.Function(lambda life: [str(a) for a in offered(life)])


class SheetQuestionSchema(Schema):
    """The table's written scores against the referee's, as one question (``rulings.life``)."""

    rulings = fields.List(fields.Integer())
    status = fields.String()
    written = _scores()
    kept = _scores()
    offered = fields.Function(lambda question: [str(a) for a in question.offered])


class VersionSchema(Schema):
    version = fields.Integer(attribute="number")
    at = fields.String()
    score = _scores()
    penalties = _scores()
    decision = fields.Integer(allow_none=True)
    consequence = fields.Integer(allow_none=True)
    open = fields.List(fields.Integer())
    signatures = fields.List(fields.Nested(SignatureSchema))
    final = fields.Boolean()


class DecisionSchema(_EntrySchema):
    ruling = fields.Integer(attribute="decision.ruling", allow_none=True)
    scoresheet = fields.Boolean(attribute="decision.on_scoresheet")
    action = fields.String(attribute="decision.action")
    director = fields.String(attribute="decision.director")
    reason = fields.String(attribute="decision.reason")
    score_changes = _scores("decision.score_changes")
    claim = fields.String(attribute="decision.claim", allow_none=True)
    version = fields.Integer()


def _open_rulings(hand: StoredHand) -> list[dict[str, Any]]:
    return [{"ruling": i, **encode(RULING_FIELDS, ruling)} for i, ruling in hand.state.open_rulings]


class HandSummarySchema(Schema):
    """A stored hand in a list: where it stands, without its record and log."""

    id = fields.Integer()
    game_id = fields.Integer(allow_none=True)
    seq = fields.Integer(allow_none=True)
    table = fields.String(allow_none=True)
    variant = fields.String()
    hand_number = fields.Integer()
    dealer = fields.String()
    created_at = fields.String()
    status = fields.Function(lambda h: h.state.status)
    reopened = fields.Function(lambda h: h.state.reopened)
    version = fields.Function(lambda h: h.state.current.number)
    score = fields.Function(lambda h: dict(h.state.current.score))
    open_rulings = fields.Function(lambda h: OpenRulingSchema(many=True).dump(_open_rulings(h)))


class StoredHandSchema(HandSummarySchema):
    """A stored hand: its record, the referee's audit, every score version and the log."""

    content_hash = fields.String()
    engine_version = fields.String()
    created_by = fields.String(allow_none=True)
    record = fields.Function(lambda h: h.record_now)
    audit = fields.Function(lambda h: dump_result(h.state.audit))
    final = fields.Function(lambda h: h.state.final)
    penalties = fields.Function(lambda h: dict(h.state.current.penalties))
    signers = fields.Function(lambda h: sorted(h.state.signers))
    missing_signatures = fields.Function(lambda h: sorted(h.state.missing_signatures))  # as released
    versions = fields.Function(lambda h: VersionSchema(many=True).dump(h.state.versions))
    decisions = fields.Function(lambda h: DecisionSchema(many=True).dump(h.state.decisions))
    head = fields.String()
    rulings = fields.Function(lambda h: RulingLifeSchema(many=True).dump(h.state.lives))
    scoresheet = fields.Function(
        lambda h: None if h.scoresheet is None else SheetQuestionSchema().dump(h.scoresheet)
    )
    signatures = fields.Function(
        lambda h: SignatureNowSchema(many=True).dump(
            [{**vars(s), "stale": h.state.stale(s)} for s in h.state.signatures]
        )
    )
    consequences = fields.Function(lambda h: ConsequenceSchema(many=True).dump(h.state.consequences))
    amendments = fields.Function(lambda h: AmendedSchema(many=True).dump(h.state.amendments))


class HandListSchema(Schema):
    hands = fields.List(fields.Nested(HandSummarySchema))
    next_after = fields.Integer(allow_none=True)


class ChainProblemSchema(Schema):
    entry = fields.Integer()
    code = fields.String()
    message = fields.String()


class ChainReportSchema(Schema):
    """A hand's chain checked; its problems' messages in the language of ``translator`` (English
    by default)."""

    hand_id = fields.Integer()
    ok = fields.Boolean()
    entries = fields.Integer()
    head = fields.String(allow_none=True)
    problems = fields.Method("_problems")

    def __init__(self, *, translator: Translator = ENGLISH, **options: Any) -> None:
        super().__init__(**options)
        self.translator = translator

    def _problems(self, report: Any) -> list[dict[str, Any]]:
        return [
            {"entry": n, "code": code, "message": translated(message, self.translator)}
            for n, code, message in report.problems
        ]


class ApiKeySchema(Schema):
    id = fields.Integer()
    name = fields.String()
    role = fields.String()
    created_at = fields.String()
    revoked_at = fields.String(allow_none=True)


class NewApiKeySchema(ApiKeySchema):
    key = fields.String()


class KeyListSchema(Schema):
    keys = fields.List(fields.Nested(ApiKeySchema))
