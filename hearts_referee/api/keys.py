"""``/v1/keys``: API keys, managed by an admin (``hearts-referee keys create`` makes the first)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from hearts_referee.http_shared.auth import caller, requires
from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.jsonbody import json_body
from hearts_referee.schemas.archive import (
    ApiKeySchema,
    KeyListSchema,
    KeyRequestSchema,
    NewApiKeySchema,
    load,
)
from hearts_referee.usecases import Role
from hearts_referee.usecases import keys as use
from hearts_referee.usecases.access import Permission

bp = Blueprint("keys", __name__)

_REQUEST = KeyRequestSchema()
_KEY = ApiKeySchema()
_NEW = NewApiKeySchema()
_LIST = KeyListSchema()


@bp.get("/v1/keys")
@requires(Permission.KEYS_READ)
def list_keys() -> Response:
    return jsonify(_LIST.dump({"keys": use.list_keys(get_db(), caller())}))


@bp.post("/v1/keys")
@requires(Permission.KEYS_WRITE)
def create_key() -> tuple[Response, int]:
    body = load(_REQUEST, json_body())
    key, token = use.create_key(get_db(), caller(), body["name"], Role(body["role"]))
    return jsonify(_NEW.dump({**_KEY.dump(key), "key": token})), 201


@bp.delete("/v1/keys/<id:key_id>")
@requires(Permission.KEYS_WRITE)
def revoke_key(key_id: int) -> Response:
    return jsonify(_KEY.dump(use.revoke_key(get_db(), caller(), key_id)))
