"""``/v1/hands``: audit a hand (``validate``), store it, and the director's work on it.

The views only move data: strict JSON in, a call into ``audit`` or
``archive`` (which own every rule and every write), JSON out. An irregular
hand is still a 200/201: what went wrong is in its rulings. Only a record
that cannot have happened is an error (422, ``RecordError``, shaped in
``api.errors``).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for
from marshmallow import ValidationError

import archive
import audit
from schemas.archive import (
    ChainReportSchema,
    DecisionRequestSchema,
    HandListSchema,
    HandQuerySchema,
    SignatureRequestSchema,
    StoredHandSchema,
    load,
)

from .auth import actor, requires
from .db import get_db
from .errors import InvalidQuery
from .jsonbody import json_body

bp = Blueprint("hands", __name__)

_HAND = StoredHandSchema()
_LIST = HandListSchema()
_CHAIN = ChainReportSchema()
_QUERY = HandQuerySchema()
_DECISION = DecisionRequestSchema()
_SIGNATURE = SignatureRequestSchema()


def stored(hand: archive.StoredHand, created: bool) -> tuple[Response, int, dict[str, str]]:
    """A stored hand: 201 with its Location when new, 200 when it was already there."""
    return (
        jsonify(_HAND.dump(hand)),
        201 if created else 200,
        {"Location": url_for("hands.get_hand", hand_id=hand.id)},
    )


@bp.post("/v1/hands/validate")
@requires("validate", unless="VALIDATE_REQUIRES_KEY")
def validate() -> Response:
    return jsonify(audit.audit_hand(json_body()))


@bp.post("/v1/hands")
@requires("submit")
def submit():
    return stored(*archive.submit_hand(get_db(), json_body(), actor()))


@bp.get("/v1/hands")
@requires("read")
def list_hands() -> Response:
    try:
        query = _QUERY.load(request.args.to_dict())
    except ValidationError as error:
        raise InvalidQuery(error.messages) from None
    page, next_after = archive.list_hands(get_db(), **query)
    return jsonify(_LIST.dump({"hands": page, "next_after": next_after}))


@bp.get("/v1/hands/<id:hand_id>")
@requires("read")
def get_hand(hand_id: int) -> Response:
    return jsonify(_HAND.dump(archive.get_hand(get_db(), hand_id)))


@bp.get("/v1/hands/<id:hand_id>/verify")
@requires("read")
def verify(hand_id: int) -> Response:
    return jsonify(_CHAIN.dump(archive.verify(get_db(), hand_id)))


@bp.post("/v1/hands/<id:hand_id>/decisions")
@requires("decide")
def decide(hand_id: int):
    decision = load(_DECISION, json_body())
    return stored(archive.decide(get_db(), hand_id, decision, actor()), True)


@bp.post("/v1/hands/<id:hand_id>/signatures")
@requires("sign")
def sign(hand_id: int):
    body = load(_SIGNATURE, json_body())
    return stored(*archive.sign(get_db(), hand_id, body["seat"], body["name"], body["version"], actor()))
