"""The scoresheet as the table keeps it: one row per hand, the next row typed in place.

A scorer who keeps a paper-like scoresheet enters each hand as the points each
seat took (a score-only hand), one row under the last, with the next deal's
dealer and pass direction on the row. The row is the body of ``POST
/v1/games/{id}/hands`` with ``points`` (:func:`web.entry.sheet_entry`), stored
by ``usecases.games.append_hand`` as on the game page.

While the row is typed, a small static script (``static/sheet.js``) posts it
to :func:`preview_line`, which asks the referee (``usecases.games.preview_hand``,
the same next-hand check, storing nothing) and draws the hand's score, the
totals after it, the moon and the end of the game: the page never adds up or
scores a moon itself. Without script the form still posts, and the totals
appear on the rows once the hand is stored. The preview is a background question
(:func:`web.pages.background`): a sign-in that has ended is a 401, which the script says
("Signed out", with a link to sign in again), never the sign-in page drawn as a preview.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.language import gettext as _
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.schemas.game import load_game_hand
from hearts_referee.usecases import Game
from hearts_referee.usecases import games as games_use
from hearts_referee.usecases.access import Permission, may
from hearts_referee.usecases.errors import Conflict, Rejected

from .entry import Entry, sheet_entry
from .pages import background, bp, moon_choices, need, sheet_rows, upcoming


def sheet_page(
    game: Game, form: Mapping[str, str], errors: Mapping[str, list[str]] | None = None, status: int = 200
) -> tuple[str, int]:
    key = need(Permission.READ)
    return render_template(
        "director/sheet.html",
        game=game,
        setup=game.setup,
        sheet=game.sheet,
        rows=sheet_rows(game),
        next=upcoming(game),
        may_submit=may(key, Permission.SUBMIT),
        moon_choices=moon_choices(game),
        form=form,
        errors=errors or {},
        preview=None,
    ), status


@bp.get("/games/<id:game_id>/sheet")
def keep_sheet(game_id: int) -> tuple[str, int]:
    game = games_use.get_game(get_db(), need(Permission.READ), game_id)
    return sheet_page(game, {})


def store_line(game: Game, entry: Entry, problems: list[Problem]) -> ResponseReturnValue:
    """The row stored from this page (``gamepages.add_sheet_line`` stores it): back to the
    page, the next row ready; refused, the page again with each problem beside its number."""
    if problems:
        return sheet_page(game, request.form, entry.by_field(problems), 422)
    flash(
        _(
            "Hand %(number)s of game %(id)s stored from the scoresheet.",
            number=game.next_deal.hand_number,
            id=game.id,
        )
    )
    return redirect(url_for("pages.keep_sheet", game_id=game.id, _anchor="entry"), 303)


@bp.post("/games/<id:game_id>/sheet/preview")
@background
def preview_line(game_id: int) -> tuple[str, int]:
    """The typed row as the referee would take it, drawn as the preview rows (a fragment
    the script puts in place): the hand's score, the totals after it, the moon, the end."""
    key = need(Permission.SUBMIT)
    db = get_db()
    game = games_use.get_game(db, key, game_id)
    entry = sheet_entry(request.form, game.setup.seats)
    problems = list(entry.problems)
    preview = None
    if not problems:
        try:
            preview = games_use.preview_hand(db, key, game.id, load_game_hand(entry.data))
        except (RecordError, Rejected, Conflict) as error:
            problems = list(error.problems)
    return render_template(
        "director/_sheet_preview.html",
        setup=game.setup,
        next=upcoming(game),
        preview=preview,
        messages=[entry.message(p) for p in problems],
        typing=any(request.form.get(f"points-{i}", "").strip() for i in range(len(game.setup.seats))),
    ), 200
