"""``/v1/games``: start a table's game, append its hands, read its scoresheet.

A scoring app sends only what happened at the table (deal, passes, play,
what was written down); the game supplies each hand's number, dealer and
the totals before it (``usecases.games``). ``POST /v1/games/validate`` does
the same for a whole recorded game and stores nothing.
"""

from __future__ import annotations

from typing import cast

from flask import Blueprint, Response, jsonify, request, url_for
from marshmallow import ValidationError

from hearts_referee import validate
from hearts_referee.http_shared.auth import caller, requires
from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.hrnbody import game_hand, sent_as_hrn
from hearts_referee.http_shared.jsonbody import json_body
from hearts_referee.http_shared.language import current, told
from hearts_referee.http_shared.requestlog import rulings
from hearts_referee.schemas.archive import GameQuery, GameQuerySchema, SheetSignatureRequestSchema, load
from hearts_referee.schemas.game import GameListSchema, dump_game, load_game, load_game_hand
from hearts_referee.schemas.hrn import MEDIA_TYPE, table_tags, write_hands
from hearts_referee.usecases import games as use
from hearts_referee.usecases.access import Permission

from .errors import InvalidQuery
from .hands import conditional, conditional_text, stored, wants_hrn

bp = Blueprint("games", __name__)
_SIGNATURE = SheetSignatureRequestSchema()

_QUERY = GameQuerySchema()
_LIST = GameListSchema()


@bp.get("/v1/games")
@requires(Permission.READ)
def list_games() -> Response:
    try:
        query = cast(GameQuery, _QUERY.load(request.args.to_dict()))
    except ValidationError as error:
        raise InvalidQuery(error.messages_dict) from None
    page, next_after = use.list_games(
        get_db(), caller(), query.where, after=query.after, limit=query.limit, newest=query.newest
    )
    return jsonify(_LIST.dump({"games": page, "next_after": next_after}))


@bp.post("/v1/games")
@requires(Permission.SUBMIT)
def create_game() -> tuple[Response, int, dict[str, str]]:
    game = use.start_game(get_db(), caller(), load_game(json_body()))
    return jsonify(dump_game(game)), 201, {"Location": url_for("games.get_game", game_id=game.id)}


@bp.get("/v1/games/<id:game_id>")
@requires(Permission.READ)
def get_game(game_id: int) -> Response:
    game = use.get_game(get_db(), caller(), game_id)
    if wants_hrn():
        tags = table_tags(game.setup.table)
        return conditional_text(write_hands([(hand.record_now, tags) for hand in game.hands]))
    return conditional(dump_game(game))


@bp.post("/v1/games/<id:game_id>/hands")
@requires(Permission.SUBMIT)
def append_hand(game_id: int) -> tuple[Response, int, dict[str, str]]:
    if sent_as_hrn():  # read by the game's seats and next hand: the game is read first
        hand = game_hand(use.get_game(get_db(), caller(), game_id))
    else:
        hand = load_game_hand(json_body(also=(MEDIA_TYPE,)))
    return stored(*use.append_hand(get_db(), caller(), game_id, hand))


@bp.post("/v1/games/<id:game_id>/signatures")
@requires(Permission.SIGN)
def sign_game(game_id: int) -> tuple[Response, int, dict[str, str]]:
    body = load(_SIGNATURE, json_body())
    game, created = use.sign_game(get_db(), caller(), game_id, body["seat"], body["name"])
    location = {"Location": url_for("games.get_game", game_id=game.id)}
    return jsonify(dump_game(game)), 201 if created else 200, location


@bp.post("/v1/games/validate")
@requires(Permission.VALIDATE, unless="VALIDATE_REQUIRES_KEY")
def validate_game() -> Response:
    game = validate.validate_game(json_body(), current())  # its explanations and suggestions
    told()
    rulings().update(ruling["code"] for hand in game["hands"] for ruling in hand["result"]["rulings"])
    return jsonify(game)
