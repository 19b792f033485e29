"""The director's event pages: overview, a round's pairings and table cards, standings, CSV.

Registered on the pages' blueprint (``web.pages.bp``), read through the same use
cases as ``/v1/events`` (``usecases.events``) with the same access rule: every
key that reads the archive sees pairings and standings; only a director seats
the next round (a POST form with its CSRF token). The round and standings pages
print: one table card per page, the standings on as few pages as they need. A player's
page lists every ruling against them across the event (``usecases.players``); the
standings mark the players who have any, and their CSV counts them by code.
CSV exports quote every field as text, and a name that a spreadsheet would read
as a formula (starting ``=``, ``+``, ``-``, ``@``) is written with a leading
apostrophe.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from flask import Response, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.language import gettext as _
from hearts_referee.http_shared.language import ngettext
from hearts_referee.referee.events import EVENT_FORMATS
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID
from hearts_referee.schemas.events import (
    dump_event,
    dump_player_record,
    dump_round,
    load_event,
    load_override,
    load_round_request,
)
from hearts_referee.schemas.strictjson import form_number
from hearts_referee.usecases import events as use
from hearts_referee.usecases import players
from hearts_referee.usecases.access import Permission, may
from hearts_referee.usecases.errors import Rejected

from .entry import Entry, event_entry, key_ids
from .handview import penalty_text
from .pages import as_json, bp, need
from .words import ordinal, word

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@bp.app_context_processor
def _event_helpers() -> dict[str, object]:
    return {"zip": zip, "penalty_text": penalty_text, "ordinal": ordinal}


def _report(event_id: int) -> use.EventReport:
    return use.get_event(get_db(), need(Permission.READ), event_id)


def _name(event: use.EventReport, player: int) -> str:
    """A player's name; a number no player of the event has, ``Player 9`` in the page's language."""
    found = event.event.player(player)
    return found.name if found else _("Player %(number)s", number=player)


@bp.get("/events")
def events() -> str:
    key = need(Permission.READ)
    rows = use.list_events(get_db(), key)
    return render_template("director/events.html", rows=rows, may_run=may(key, Permission.RUN_EVENTS))


NEW_EVENT = {"format": "mso-2000"}
"""The new-event form as it first shows."""


def _new_event_page(
    form: Mapping[str, str], entry: Entry | None = None, status: int = 200
) -> tuple[str, int]:
    errors = entry.by_field(entry.problems) if entry is not None else {}
    return render_template(
        "director/new_event.html", form=form, errors=errors, formats=sorted(EVENT_FORMATS)
    ), status


@bp.route("/events/new", methods=["GET", "POST"])
def new_event() -> ResponseReturnValue:
    """Create an event: the body of ``POST /v1/events`` as a form, loaded by its codec and
    stored by its use case; each problem shown under the field it came from."""
    key = need(Permission.RUN_EVENTS)
    if request.method == "GET":
        return _new_event_page(NEW_EVENT)
    entry = event_entry(request.form)
    new = entry.loaded(load_event)
    if new is None:
        return _new_event_page(request.form, entry, 422)
    try:
        created = use.create_event(get_db(), key, new)
    except Rejected as error:
        entry.problems = list(error.problems)
        return _new_event_page(request.form, entry, 422)
    flash(
        ngettext(
            "Event %(id)s created with %(num)s player.",
            "Event %(id)s created with %(num)s players.",
            len(created.event.players),
            id=created.event.id,
        )
    )
    return redirect(url_for("pages.event", event_id=created.event.id), 303)


def _event_page(
    event_id: int, problems: Sequence[Problem] = (), form: Mapping[str, str] | None = None, status: int = 200
) -> tuple[str, int]:
    report = _report(event_id)
    key = need(Permission.READ)
    return render_template(
        "director/event.html",
        event=report,
        records=players.records(report),
        name=lambda p: _name(report, p),
        may_run=may(key, Permission.RUN_EVENTS),
        actions=[a.value for a in use.Action],
        problems=list(problems),
        form=form or {},
    ), status


@bp.get("/events/<id:event_id>")
def event(event_id: int) -> tuple[str, int]:
    return _event_page(event_id)


OVERRIDE_NUMBERS = ("player", "with_player", "table", "seed")


def _override_data(form: Mapping[str, str]) -> tuple[dict[str, object], list[Problem]]:
    """The API's override body from the form: fields left empty are left out; a number
    that is not one is a problem at its pointer."""
    data: dict[str, object] = {"action": form.get("action", ""), "reason": form.get("reason", "")}
    problems = []
    for name in OVERRIDE_NUMBERS:
        value = form.get(name, "").strip()
        if value:
            number = form_number(value)
            if isinstance(number, int):
                data[name] = number
            else:
                problems.append(Problem(f"/{name}", "type", SAID.gettext("a whole number")))
    if form.get("name", "").strip():
        data["name"] = form["name"]
    if data["action"] == use.Action.SCORERS:
        data["scorers"], wrong = key_ids(form.get("scorers", ""), "/scorers")
        problems.extend(wrong)
    return data, problems


@bp.post("/events/<id:event_id>/overrides")
def override(event_id: int) -> ResponseReturnValue:
    """A director's override from the overview's form: the API's use case, its refusals
    shown on the page with the form as it was sent."""
    key = need(Permission.RUN_EVENTS)
    data, problems = _override_data(request.form)
    if not problems:
        try:
            use.override(get_db(), key, event_id, load_override(data))
        except Rejected as error:
            problems = list(error.problems)
        else:
            flash(_("Override recorded: %(action)s.", action=word("override", str(data["action"]))))
            return redirect(url_for("pages.event", event_id=event_id), 303)
    return _event_page(event_id, problems, dict(request.form), 422)


@bp.post("/events/<id:event_id>/rounds")
def seat_round(event_id: int) -> ResponseReturnValue:
    key = need(Permission.RUN_EVENTS)
    reason = request.form.get("pending_reason", "")
    try:
        pending_reason = load_round_request({"pending_reason": reason} if reason.strip() else {})[1]
    except Rejected as error:
        return _event_page(event_id, error.problems, dict(request.form), 422)
    seated = use.seat_next_round(get_db(), key, event_id, pending_reason=pending_reason).rounds[-1].round
    flash(
        _(
            "Round %(number)s seated (%(kind)s), seed %(seed)s.",
            number=seated.number,
            kind=word("round kind", seated.kind),
            seed=seated.seed,
        )
    )
    return redirect(url_for("pages.event_round", event_id=event_id, number=seated.number), 303)


@bp.get("/events/<id:event_id>/rounds/<id:number>")
def event_round(event_id: int, number: int) -> str:
    report = _report(event_id)
    return render_template(
        "director/event_round.html", event=report, round=report.round(number), name=lambda p: _name(report, p)
    )


@bp.get("/events/<id:event_id>/standings")
def event_standings(event_id: int) -> str:
    report = _report(event_id)
    return render_template(
        "director/event_standings.html",
        event=report,
        records=players.records(report),
        pending=report.pending_match_points,
        name=lambda p: _name(report, p),
    )


@bp.get("/events/<id:event_id>/players/<id:player>")
def event_player(event_id: int, player: int) -> str:
    """A player's record across the event: every ruling against them, counts by code."""
    record = players.player_record(get_db(), need(Permission.READ), event_id, player)
    return render_template("director/event_player.html", record=record)


@bp.get("/events/<id:event_id>/players/<id:player>.json")
def event_player_json(event_id: int, player: int) -> Response:
    """A player's record as ``GET /v1/events/{id}/players/{player}`` answers it."""
    record = players.player_record(get_db(), need(Permission.READ), event_id, player)
    return as_json(dump_player_record(record), f"event-{event_id}-player-{player}")


# --- CSV ----------------------------------------------------------------------------------


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _csv(filename: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> Response:
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([_cell(v) for v in row] for row in rows)
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def _decimal(value: object) -> str:
    """A match-point share as a decimal (2.75, 3.333), whole numbers whole."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):.3f}".rstrip("0")
    return "" if value is None else str(value)


@bp.get("/events/<id:event_id>/standings.csv")
def standings_csv(event_id: int) -> Response:
    report = _report(event_id)
    pending = report.pending_match_points
    records = players.records(report)
    rows = [
        (
            s.rank,
            s.player,
            _name(report, s.player),
            _decimal(s.match_points),
            _decimal(pending.get(s.player, 0)),
            s.games,
            s.wins,
            s.byes,
            _decimal(s.average_total),
            len(records[s.player].rulings),
            *(records[s.player].counts.get(code, 0) for code in players.OFFENCES),
        )
        for s in report.standings
    ]
    header = (
        "rank",
        "player",
        "name",
        "match_points",
        "pending_match_points",
        "games",
        "wins",
        "byes",
        "average_total",
        "rulings",
        *(f"rulings_{code}" for code in players.OFFENCES),
    )
    return _csv(f"event-{event_id}-standings.csv", header, rows)


@bp.get("/events/<id:event_id>/rounds/<id:number>.csv")
def round_csv(event_id: int, number: int) -> Response:
    report = _report(event_id)
    played = report.round(number)
    rows: list[tuple[object, ...]] = []
    for table in played.tables:
        totals = table.game.sheet.totals
        for seat, player in zip(table.seats, table.table.players, strict=True):
            points = table.match_points.get(player) if table.match_points else None
            rows.append(
                (
                    number,
                    table.table.number,
                    seat,
                    player,
                    _name(report, player),
                    table.game.id,
                    table.status.value,
                    totals.get(seat, 0),
                    _decimal(points),
                    "" if table.band is None else table.band,
                    _decimal(table.standing.get(player)) if table.standing else "",
                )
            )
    rows.extend((number, "", "bye", p, _name(report, p), "", "", "", "", "", "") for p in played.round.byes)
    header = (
        "round",
        "table",
        "seat",
        "player",
        "name",
        "game",
        "status",
        "total",
        "match_points",
        "band",
        "standing_match_points",
    )
    return _csv(f"event-{event_id}-round-{number}.csv", header, rows)


@bp.get("/events/<id:event_id>.json")
def event_json(event_id: int) -> Response:
    """An event as ``GET /v1/events/{id}`` answers it, read with the page's session."""
    return as_json(dump_event(_report(event_id)), f"event-{event_id}")


@bp.get("/events/<id:event_id>/rounds/<id:number>.json")
def round_json(event_id: int, number: int) -> Response:
    """A round as ``GET /v1/events/{id}/rounds/{n}`` answers it, read with the page's session."""
    report = _report(event_id)
    return as_json(dump_round(report, report.round(number)), f"event-{event_id}-round-{number}")
