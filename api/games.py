"""``/v1/games``: start a table's game, append its hands, read its scoresheet.

A scoring app sends only what happened at the table (deal, passes, play,
what was written down); the game supplies each hand's number, dealer and
the totals before it. ``POST /v1/games/validate`` does the same for a whole
recorded game and stores nothing.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

import archive
import audit
from schemas.game import dump_game, load_game, load_game_hand

from .auth import actor, requires
from .db import get_db
from .hands import stored
from .jsonbody import json_body

bp = Blueprint("games", __name__)


@bp.post("/v1/games")
@requires("submit")
def create_game():
    game = archive.create_game(get_db(), load_game(json_body()), actor())
    return jsonify(dump_game(game)), 201, {"Location": url_for("games.get_game", game_id=game.id)}


@bp.get("/v1/games/<id:game_id>")
@requires("read")
def get_game(game_id: int) -> Response:
    return jsonify(dump_game(archive.get_game(get_db(), game_id)))


@bp.post("/v1/games/<id:game_id>/hands")
@requires("submit")
def append_hand(game_id: int):
    return stored(*archive.append_hand(get_db(), game_id, load_game_hand(json_body()), actor()))


@bp.post("/v1/games/validate")
@requires("validate", unless="VALIDATE_REQUIRES_KEY")
def validate_game() -> Response:
    return jsonify(audit.audit_game(json_body()))
