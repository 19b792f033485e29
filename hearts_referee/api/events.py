"""``/v1/events``: events above games: create, seat each round, tables, standings, overrides,
a player's rulings across the event.

A round's tables each play an ordinary game (``/v1/games/{id}``), started
when the round is seated; the tables' hands go to those games as any other.
The playoffs are rounds too (``kind: playoff``), seated by the same call once
the qualifying rounds are over.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

from hearts_referee.http_shared.auth import caller, requires
from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.jsonbody import json_body
from hearts_referee.http_shared.language import current, told
from hearts_referee.languages import translator
from hearts_referee.schemas.events import (
    dump_event,
    dump_event_list,
    dump_event_log,
    dump_player_record,
    dump_round,
    dump_standings,
    load_event,
    load_override,
    load_round_request,
)
from hearts_referee.usecases import events as use
from hearts_referee.usecases import players
from hearts_referee.usecases.access import Permission

from .hands import conditional

bp = Blueprint("events", __name__)


@bp.post("/v1/events")
@requires(Permission.RUN_EVENTS)
def create_event() -> tuple[Response, int, dict[str, str]]:
    event = use.create_event(get_db(), caller(), load_event(json_body()))
    return jsonify(dump_event(event)), 201, {"Location": url_for("events.get_event", event_id=event.event.id)}


@bp.get("/v1/events")
@requires(Permission.READ)
def list_events() -> Response:
    return jsonify(dump_event_list(use.list_events(get_db(), caller())))


@bp.get("/v1/events/<id:event_id>")
@requires(Permission.READ)
def get_event(event_id: int) -> Response:
    return conditional(dump_event(use.get_event(get_db(), caller(), event_id)))


@bp.post("/v1/events/<id:event_id>/rounds")
@requires(Permission.RUN_EVENTS)
def seat_round(event_id: int) -> tuple[Response, int, dict[str, str]]:
    seed, pending_reason = load_round_request(json_body())
    event = use.seat_next_round(get_db(), caller(), event_id, seed, pending_reason)
    seated = event.rounds[-1]
    location = url_for("events.get_round", event_id=event_id, number=seated.round.number)
    return jsonify(dump_round(event, seated)), 201, {"Location": location}


@bp.get("/v1/events/<id:event_id>/rounds/<id:number>")
@requires(Permission.READ)
def get_round(event_id: int, number: int) -> Response:
    event = use.get_event(get_db(), caller(), event_id)
    return conditional(dump_round(event, event.round(number)))


@bp.get("/v1/events/<id:event_id>/standings")
@requires(Permission.READ)
def standings(event_id: int) -> Response:
    return conditional(dump_standings(use.get_event(get_db(), caller(), event_id)))


@bp.get("/v1/events/<id:event_id>/players/<id:player>")
@requires(Permission.READ)
def player_record(event_id: int, player: int) -> Response:
    """Every ruling against the player across the event's tables and rounds, counts by code."""
    return conditional(dump_player_record(players.player_record(get_db(), caller(), event_id, player)))


@bp.post("/v1/events/<id:event_id>/overrides")
@requires(Permission.RUN_EVENTS)
def override(event_id: int) -> tuple[Response, int]:
    event = use.override(get_db(), caller(), event_id, load_override(json_body()))
    return jsonify(dump_event(event)), 201


@bp.get("/v1/events/<id:event_id>/log")
@requires(Permission.READ)
def log(event_id: int) -> Response:
    answer = dump_event_log(use.event_log(get_db(), caller(), event_id), translator(current()))
    told()
    return jsonify(answer)
