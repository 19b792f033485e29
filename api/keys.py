"""``/v1/keys``: API keys, managed by an admin (``flask keys create`` makes the first)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

import archive
from schemas.archive import ApiKeySchema, KeyListSchema, KeyRequestSchema, NewApiKeySchema, load

from .auth import requires
from .db import get_db
from .jsonbody import json_body

bp = Blueprint("keys", __name__)

_REQUEST = KeyRequestSchema()
_KEY = ApiKeySchema()
_NEW = NewApiKeySchema()
_LIST = KeyListSchema()


@bp.get("/v1/keys")
@requires("keys:read")
def list_keys() -> Response:
    return jsonify(_LIST.dump({"keys": archive.list_keys(get_db())}))


@bp.post("/v1/keys")
@requires("keys:write")
def create_key():
    body = load(_REQUEST, json_body())
    key, token = archive.create_key(get_db(), body["name"], body["role"])
    return jsonify(_NEW.dump({**_KEY.dump(key), "key": token})), 201


@bp.delete("/v1/keys/<id:key_id>")
@requires("keys:write")
def revoke_key(key_id: int) -> Response:
    return jsonify(_KEY.dump(archive.revoke_key(get_db(), key_id)))
