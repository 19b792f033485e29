"""``/v1/hands``: audit a hand (``validate``), store it, and the director's work on it.

The views only translate: strict JSON in (``http_shared.jsonbody``), loaded by the
codecs (``schemas``), one call into a use case (``usecases``), which owns
every rule, every access check and every write, and JSON out. An irregular
hand is still a 200/201: what went wrong is in its rulings. Refusals are
shaped once, in ``api.errors``.
"""

from __future__ import annotations

import functools
from typing import Any, cast

from flask import Blueprint, Response, jsonify, request, url_for
from marshmallow import ValidationError

from hearts_referee.http_shared.auth import caller, requires
from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.hrnbody import hrn_hand, sent_as_hrn
from hearts_referee.http_shared.jsonbody import json_body
from hearts_referee.http_shared.language import current, told
from hearts_referee.http_shared.requestlog import rulings
from hearts_referee.languages import translator
from hearts_referee.schemas.archive import (
    ChainReportSchema,
    DecisionRequestSchema,
    HandListSchema,
    HandQuery,
    HandQuerySchema,
    IrregularityRequest,
    IrregularityRequestSchema,
    RecordRequestSchema,
    SignatureRequestSchema,
    StoredHandSchema,
    load,
)
from hearts_referee.schemas.game import load_game_hand
from hearts_referee.schemas.hrn import MEDIA_TYPE, table_tags, write_hand
from hearts_referee.schemas.record import load_record_text
from hearts_referee.usecases import StoredHand
from hearts_referee.usecases import hands as use
from hearts_referee.usecases.access import Permission
from hearts_referee.validate import validate_hand, validate_hand_text

from .errors import InvalidQuery

bp = Blueprint("hands", __name__)

_HAND = StoredHandSchema()
_LIST = HandListSchema()
_QUERY = HandQuerySchema()
_DECISION = DecisionRequestSchema()
_SIGNATURE = SignatureRequestSchema()
_IRREGULARITY = IrregularityRequestSchema()
_RECORD = RecordRequestSchema()


def stored(hand: StoredHand, created: bool) -> tuple[Response, int, dict[str, str]]:
    """A stored hand: 201 with its Location when new, 200 when it was already there."""
    return (
        jsonify(_HAND.dump(hand)),
        201 if created else 200,
        {"Location": url_for("hands.get_hand", hand_id=hand.id)},
    )


def conditional(body: Any) -> Response:
    """A stored resource as JSON with a strong ETag of its body; ``If-None-Match`` with that
    ETag is an empty 304. Built after the use case, so access is decided first: a key that
    may not see the resource gets its 404, never a 304."""
    return _conditional(jsonify(body))


def wants_hrn() -> bool:
    """Whether the request asks for HRN text (``Accept: text/x-hrn``) rather than JSON, the
    default: HRN only when the client ranks it above JSON."""
    best = request.accept_mimetypes.best_match(["application/json", MEDIA_TYPE], default="application/json")
    return best == MEDIA_TYPE


def conditional_text(text: str) -> Response:
    """A stored resource as HRN text, as :func:`conditional` answers JSON: its own strong
    ETag, and ``Vary: Accept`` (the same URL answers JSON too)."""
    return _conditional(Response(text, mimetype=MEDIA_TYPE))


def _conditional(response: Response) -> Response:
    response.vary.add("Accept")
    response.add_etag()
    response.make_conditional(request)  # 304 in place when If-None-Match holds the ETag
    return response


@bp.post("/v1/hands/validate")
@requires(Permission.VALIDATE, unless="VALIDATE_REQUIRES_KEY")
def validate() -> Response:
    language = current()  # the explanations and suggestions; nothing else changes
    if sent_as_hrn():
        result = hrn_hand(lambda hand: validate_hand(hand.record, language))
    else:
        result = json_body(lambda text, depth: validate_hand_text(text, depth, language), also=(MEDIA_TYPE,))
    told()
    rulings().update(ruling["code"] for ruling in result.get("rulings", ()))
    return jsonify(result)


@bp.post("/v1/hands")
@requires(Permission.SUBMIT)
def submit() -> tuple[Response, int, dict[str, str]]:
    return stored(*use.submit_hand(get_db(), caller(), json_body(load_record_text)))


@bp.get("/v1/hands")
@requires(Permission.READ)
def list_hands() -> Response:
    try:
        query = cast(HandQuery, _QUERY.load(request.args.to_dict()))
    except ValidationError as error:
        raise InvalidQuery(error.messages_dict) from None
    page, next_after = use.list_hands(
        get_db(), caller(), query.where, after=query.after, limit=query.limit, newest=query.newest
    )
    return jsonify(_LIST.dump({"hands": page, "next_after": next_after}))


@bp.get("/v1/hands/<id:hand_id>")
@requires(Permission.READ)
def get_hand(hand_id: int) -> Response:
    if wants_hrn():  # the record: no words to tell
        hand = use.get_hand(get_db(), caller(), hand_id)
        return conditional_text(write_hand(hand.record_now, table_tags(hand.table)))
    hand = use.get_hand(get_db(), caller(), hand_id, current())  # its rulings' words
    told()
    return conditional(_HAND.dump(hand))


@functools.cache
def _chain(language: str) -> ChainReportSchema:
    """The chain report's schema for a language (one per language, made once, as the variants')."""
    return ChainReportSchema(translator=translator(language))


@bp.get("/v1/hands/<id:hand_id>/verify")
@requires(Permission.READ)
def verify(hand_id: int) -> Response:
    report = use.verify(get_db(), caller(), hand_id)
    answer = _chain(current()).dump(report)
    told()
    return jsonify(answer)


@bp.post("/v1/hands/<id:hand_id>/decisions")
@requires(Permission.DECIDE)
def decide(hand_id: int) -> tuple[Response, int, dict[str, str]]:
    decision = load(_DECISION, json_body())
    return stored(use.decide(get_db(), caller(), hand_id, decision), True)


@bp.post("/v1/hands/<id:hand_id>/signatures")
@requires(Permission.SIGN)
def sign(hand_id: int) -> tuple[Response, int, dict[str, str]]:
    body = load(_SIGNATURE, json_body())
    return stored(*use.sign(get_db(), caller(), hand_id, body["seat"], body["name"], body["version"]))


@bp.post("/v1/hands/<id:hand_id>/irregularities")
@requires(Permission.DECIDE)
def record_irregularity(hand_id: int) -> tuple[Response, int, dict[str, str]]:
    sent = cast(IrregularityRequest, load(_IRREGULARITY, json_body()))
    hand = use.record_irregularity(get_db(), caller(), hand_id, sent.report, sent.director, sent.reason)
    return stored(hand, True)


@bp.post("/v1/hands/<id:hand_id>/records")
@requires(Permission.DECIDE)
def replace_record(hand_id: int) -> tuple[Response, int, dict[str, str]]:
    body = load(_RECORD, json_body())
    record = load_game_hand(body["record"], "/record")
    return stored(
        use.replace_record(get_db(), caller(), hand_id, record, body["director"], body["reason"]), True
    )
