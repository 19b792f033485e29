"""``POST /v1/hands/validate``: audit one recorded hand.

The view only moves data: strict JSON in, ``audit.audit_hand`` (which owns
the record format and every rule), JSON out. An irregular hand is still a
200; only a record that cannot have happened is an error (422, raised by
the audit as ``RecordError`` and shaped in ``api.errors``).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

import audit

from .jsonbody import json_body

bp = Blueprint("hands", __name__)


@bp.post("/v1/hands/validate")
def validate() -> Response:
    return jsonify(audit.audit_hand(json_body()))
