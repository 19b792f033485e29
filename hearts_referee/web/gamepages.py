"""The director runs a table from the pages: start a game, take its next hand, list games and hands.

Each page is a face of the API's use case, never a second one: starting a
game is ``usecases.games.start_game`` with the body of ``POST /v1/games``
(loaded by ``schemas.game.load_game``), the next hand is
``usecases.games.append_hand`` with the body of ``POST /v1/games/{id}/hands``
(by form, :mod:`web.entry`, or a file), "check a hand" stores through
``usecases.hands.submit_hand`` or ``append_hand``, and the lists read their
filters with the API's query codecs and page through ``list_games`` and
``list_hands``. Who may do what is ``usecases.access``'s answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import BadRequest

from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.hrnbody import game_hand, places, said
from hearts_referee.http_shared.jsonbody import max_depth
from hearts_referee.http_shared.language import gettext as _
from hearts_referee.http_shared.language import ngettext
from hearts_referee.http_shared.problems import capped, problem_item
from hearts_referee.referee.errorcodes import shown_pointer
from hearts_referee.referee.house import catalogue
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.rulings.schedules import SCHEDULES
from hearts_referee.schemas.archive import GameQuery, GameQuerySchema, HandQuery, HandQuerySchema
from hearts_referee.schemas.bounds import ROW_ID_MAX
from hearts_referee.schemas.game import load_game, load_game_hand
from hearts_referee.schemas.record import load_record
from hearts_referee.schemas.result import dump_result
from hearts_referee.schemas.strictjson import JSONError, form_number, loads_strict
from hearts_referee.usecases import Game, GameStatus, HandStatus, Key
from hearts_referee.usecases import games as games_use
from hearts_referee.usecases import hands as hands_use
from hearts_referee.usecases.access import Permission, may
from hearts_referee.usecases.errors import Forbidden, Rejected

from . import words
from .entry import HOUSE, SEAT_ROWS, YES_NO, Entry, game_entry, hand_entry, sheet_entry
from .handview import build
from .pages import CHECK_MAX_BYTES, background, bp, moon_choices, need, store_choices, too_large, upcoming
from .recordview import render_problems
from .sheetpage import store_line

PAGE = 25
"""Rows per page of the lists."""


def _query(schema: Schema, names: Sequence[str]) -> Any:
    """A list's filters from the query string, read by the API's codec: an empty field
    is no filter, a bad one a 400 page naming it."""
    given = {name: value for name in (*names, "limit") if (value := request.args.get(name, "").strip())}
    given.setdefault("limit", str(PAGE))
    try:
        return schema.load(given)
    except ValidationError as error:
        said = "; ".join(
            f"{name}: {' '.join(map(str, found))}" for name, found in error.messages_dict.items()
        )
        raise BadRequest(f"The filter is not acceptable ({said}).") from None


class Filters(dict[str, str]):
    """The filters as asked (each name, ``""`` when not), for the form and the pager."""

    def kept(self) -> dict[str, str]:
        """The filters a link to another page of the list keeps (every one but ``after``)."""
        return {name: value for name, value in self.items() if value and name != "after"}


def _filters(names: Sequence[str]) -> Filters:
    return Filters({name: request.args.get(name, "").strip() for name in names})


# --- lists ------------------------------------------------------------------------------

GAME_FILTERS = ("open", "table", "variant", "date", "status", "after")
HAND_FILTERS = ("open", "game", "table", "variant", "date", "status", "after")


@bp.get("/games")
def games() -> str:
    key = need(Permission.READ)
    query: GameQuery = _query(GameQuerySchema(), GAME_FILTERS)
    page, next_after = games_use.list_games(get_db(), key, query.where, after=query.after, limit=query.limit)
    shown = _filters(GAME_FILTERS)
    return render_template(
        "director/games.html",
        games=page,
        next_after=next_after,
        filters=shown,
        statuses=[s.value for s in GameStatus],
        variants=sorted(VARIANTS),
        may_start=may(key, Permission.SUBMIT),
    )


@bp.get("/hands")
def hands() -> str:
    key = need(Permission.READ)
    query: HandQuery = _query(HandQuerySchema(), HAND_FILTERS)
    page, next_after = hands_use.list_hands(
        get_db(), key, query.where, after=query.after, limit=query.limit, newest=True
    )
    return render_template(
        "director/hands.html",
        hands=page,
        next_after=next_after,
        filters=_filters(HAND_FILTERS),
        statuses=[s.value for s in HandStatus],
        variants=sorted(VARIANTS),
    )


# --- start a game ---------------------------------------------------------------------------


def seat_rows(form: Mapping[str, str]) -> int:
    """How many seat rows the new-game form shows: as many as the chosen variant seats at
    most (4 for mso-2000, 8 for long-john), and never fewer than the rows already typed in."""
    variant = VARIANTS.get(form.get("variant", ""))
    most = max(variant.seat_counts) if variant is not None else SEAT_ROWS
    typed = [row + 1 for row in range(SEAT_ROWS) if form.get(f"seat-{row}", "").strip()]
    return min(SEAT_ROWS, max([most, *typed]))


def dealer_choices(form: Mapping[str, str]) -> list[str]:
    """The first dealer's choices: the seats typed, in order (the script refills them as
    seats are typed); a seat typed into the field by hand is kept, for its refusal to show."""
    seats = [seat.strip() for row in range(SEAT_ROWS) if (seat := form.get(f"seat-{row}", "")).strip()]
    chosen = form.get("first_dealer", "").strip()
    return [*seats, chosen] if chosen and chosen not in seats else seats


def _new_game_page(form: Mapping[str, str], entry: Entry | None = None, status: int = 200) -> tuple[str, int]:
    errors = entry.by_field(entry.problems) if entry is not None else {}
    return render_template(
        "director/new_game.html",
        form=form,
        errors=errors,
        rows=SEAT_ROWS,
        shown=seat_rows(form),
        seat_counts={v: max(VARIANTS[v].seat_counts) for v in VARIANTS},
        dealers=dealer_choices(form),
        variants=sorted(VARIANTS),
        house=house_rules(form),
        house_prefix=HOUSE,
    ), status


def house_rules(form: Mapping[str, str]) -> list[dict[str, Any]]:
    """The house-rule fields of the new-game form: each option of the catalogue
    (``referee.house.catalogue``, as ``GET /v1/variants`` lists it) with its description,
    the values a list offers, what ``form`` has in it, and each built-in variant's own
    value, so a director sees what a field left empty keeps."""
    ids = sorted(VARIANTS)
    books = {variant_id: catalogue(VARIANTS[variant_id], SCHEDULES) for variant_id in ids}
    rows = []
    for index, option in enumerate(books[ids[0]]):
        defaults = {variant_id: books[variant_id][index]["default"] for variant_id in ids}
        values = list(YES_NO) if option["type"] == "boolean" else option["choices"]
        typed = form.get(HOUSE + str(option["name"]), "").strip()
        rows.append(option | {"defaults": defaults, "values": values, "typed": typed})
    return rows


NEW_GAME = {"variant": "mso-2000", "seat-0": "N", "seat-1": "E", "seat-2": "S", "seat-3": "W"}
"""The new-game form as it first shows: an MSO table's seats, for the director to name."""


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> ResponseReturnValue:
    key = need(Permission.SUBMIT)
    if request.method == "GET":
        return _new_game_page(NEW_GAME)
    if request.form.get("action") == "variant":  # without the script: the variant's seat rows
        return _new_game_page(request.form)
    entry = game_entry(request.form)
    setup = entry.loaded(load_game)
    if setup is None:
        return _new_game_page(request.form, entry, 422)
    try:
        game = games_use.start_game(get_db(), key, setup)
    except Rejected as error:
        entry.problems = list(error.problems)
        return _new_game_page(request.form, entry, 422)
    flash(_("Game %(id)s started: hand 1 is dealt by %(dealer)s.", id=game.id, dealer=game.next_deal.dealer))
    return redirect(url_for("pages.game", game_id=game.id), 303)


# --- a game's next hand ---------------------------------------------------------------------


def _entry_page(
    game: Game,
    form: Mapping[str, str],
    errors: Mapping[str, list[str]] | None = None,
    tree: Any = None,
    status: int = 200,
    unfold: str | None = None,
) -> tuple[str, int]:
    """The next hand's page: the card pad first; the typed form (``text``), the HRN text
    (``hrn``), the score-only line (``sheet``) and the upload (``upload``) folded away,
    ``unfold`` the one drawn open again with its problems."""
    return render_template(
        "director/next_hand.html",
        game=game,
        setup=game.setup,
        next=upcoming(game),
        form=form,
        errors=errors or {},
        tree=tree,
        status=status,
        unfold=unfold,
        moon_choices=moon_choices(game),
        deck=" ".join(card.code for card in game.setup.variant.deck(len(game.setup.seats)).cards),
    ), status


@bp.get("/games/<id:game_id>/next")
def next_hand(game_id: int) -> tuple[str, int]:
    key = need(Permission.SUBMIT)
    game = games_use.get_game(get_db(), key, game_id)
    return _entry_page(game, {})


@bp.post("/games/<id:game_id>/hands")
def add_hand(game_id: int) -> ResponseReturnValue:
    """The next hand, by form or by file: loaded as ``POST /v1/games/{id}/hands`` loads it
    and stored by the same use case; a problem comes back beside what was typed."""
    key = need(Permission.SUBMIT)
    db = get_db()
    game = games_use.get_game(db, key, game_id)
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        return _add_uploaded(key, game, upload.read(CHECK_MAX_BYTES + 1))
    if "hrn" in request.form:  # typed or pasted as HRN
        return _add_notated(key, game, request.form["hrn"])
    entry = hand_entry(request.form, game.setup.seats)
    problems = list(entry.problems)
    try:
        sent = load_game_hand(entry.data)
        if not problems:  # a hand read only in part is never stored
            hand, _ = games_use.append_hand(db, key, game.id, sent)
    except (RecordError, Rejected) as error:
        problems[:0] = error.problems
    if problems:
        return _entry_page(game, request.form, entry.by_field(problems), status=422, unfold="text")
    return _stored(game, hand.id, hand.hand_number)


@bp.post("/games/<id:game_id>/hands/check")
@background
def check_next(game_id: int) -> ResponseReturnValue:
    """The hand form as filled so far, audited as the game's next hand and stored nowhere:
    the question the card-by-card entry asks after each card. It is the form itself, read by
    the form's reader (:func:`web.entry.hand_entry`) and audited by the use case that stores
    it (:func:`usecases.games.check_next_hand`), under the same sign-in and CSRF token; the
    answer is JSON: the play as read, the audit (tricks and rulings, ``play_incomplete``
    while the hand goes on; of a deal left out, the play so far against the deal it shows)
    or ``null``, each problem with the form field it belongs to, and whose turn it is
    (``to_play``) with, where the deal was typed, that seat's cards (``hand``) and those it
    may play now (``legal``): the entry draws its pad from them, restating no rule."""
    key = need(Permission.SUBMIT)
    db = get_db()
    game = games_use.get_game(db, key, game_id)
    entry = hand_entry(request.form, game.setup.seats)
    problems = list(entry.problems)
    answer: dict[str, Any] = {"play": entry.data["play"], "audit": None, "to_play": None}
    answer |= {"hand": [], "legal": []}
    try:
        sent = load_game_hand(entry.data)
        if not problems:  # a hand read only in part is not audited
            checked = games_use.check_next_hand(db, key, game.id, sent, words.translator())
            problems.extend(checked.waiting)
            answer |= {
                "audit": dump_result(checked.audit),
                "to_play": checked.to_play,
                "hand": [card.code for card in checked.hand],
                "legal": [card.code for card in checked.legal],
            }
    except (RecordError, Rejected) as error:
        problems[:0] = error.problems
    shown = [
        {
            "pointer": p.pointer,
            "code": p.code,
            "field": entry.field_of(p.pointer),
            "message": words.in_language(entry.message(p)),
        }
        for p in problems
    ]
    return jsonify(answer | {"problems": shown})


def _add_notated(key: Key, game: Game, text: str) -> ResponseReturnValue:
    """The next hand as HRN text, read as ``POST /v1/games/{id}/hands`` reads it
    (:func:`http_shared.hrnbody.game_hand`) and stored by the same use case; what the reader
    and the referee said comes back beside the text, each at its line and column."""
    try:
        hand, _ = games_use.append_hand(get_db(), key, game.id, game_hand(game, text))
    except (RecordError, Rejected, Forbidden) as error:
        said = {"hrn": [_note(note) for note in notes(error)]}
        status = 403 if isinstance(error, Forbidden) else 422
        return _entry_page(game, request.form, said, status=status, unfold="hrn")
    return _stored(game, hand.id, hand.hand_number)


def notes(refused: Exception | None) -> list[dict[str, Any]]:
    """What the reader and the referee said of this request's HRN text, in text order: the
    reader's warnings, and each problem of ``refused`` (the notation's errors, the referee's
    problems), each at its line and column."""
    found = [note.as_json(words.translator()) for note in said() if note.severity == "warning"]
    if refused is not None:
        problems = getattr(refused, "problems", ())
        at = places(refused, problems)
        for index, problem in enumerate(problems):
            item = problem_item(problem, at[index] if index < len(at) else None, words.translator())
            found.append({"line": 1, "column": 1, **item, "severity": "error"})
    return sorted(found, key=lambda note: (note["line"], note["column"]))


def _note(note: Mapping[str, Any]) -> str:
    return _(
        "line %(line)s, column %(column)s: %(code)s: %(message)s",
        line=note["line"],
        column=note["column"],
        code=note["code"],
        message=note["message"],
    )


@bp.post("/games/<id:game_id>/hands/read")
@background
def read_next(game_id: int) -> ResponseReturnValue:
    """The HRN text typed so far, read and audited as the game's next hand and stored
    nowhere: what the text box shows beside it as it is typed. The answer is JSON: each
    note (the reader's warnings and errors, the referee's problems) at its line and
    column, and the audit's rulings when the hand reads whole."""
    key = need(Permission.SUBMIT)
    db = get_db()
    game = games_use.get_game(db, key, game_id)
    rulings: list[str] | None = None
    titles: list[str] | None = None
    refused: Exception | None = None
    try:
        so_far = games_use.check_next_hand(db, key, game.id, game_hand(game, request.form.get("hrn", "")))
    except (RecordError, Rejected, Forbidden) as error:
        refused = error
    else:
        if so_far.waiting:  # the deal left out, and the play does not show it whole yet
            refused = RecordError(list(so_far.waiting))
        else:
            rulings = [str(ruling.code) for ruling in so_far.audit.rulings]
            titles = [words.title_of(code) for code in rulings]  # what the page says of them
    return jsonify({"notes": notes(refused), "rulings": rulings, "titles": titles})


@bp.post("/games/<id:game_id>/sheet")
def add_sheet_line(game_id: int) -> ResponseReturnValue:
    """The next hand as a scoresheet line (the points each seat took): the body of ``POST
    /v1/games/{id}/hands`` with ``points``, loaded and stored as the API does; a problem comes
    back beside the number typed."""
    key = need(Permission.SUBMIT)
    db = get_db()
    game = games_use.get_game(db, key, game_id)
    entry = sheet_entry(request.form, game.setup.seats)
    problems = list(entry.problems)
    try:
        sent = load_game_hand(entry.data)
        if not problems:
            hand, _ = games_use.append_hand(db, key, game.id, sent)
    except (RecordError, Rejected) as error:
        problems[:0] = [p for p in error.problems if p not in problems]
    if request.form.get("from") == "sheet":  # typed as the next row of the scoresheet page
        return store_line(game, entry, problems)
    if problems:
        return _entry_page(game, request.form, entry.by_field(problems), status=422, unfold="sheet")
    return _stored(game, hand.id, hand.hand_number)


def _add_uploaded(key: Key, game: Game, raw: bytes) -> ResponseReturnValue:
    def refused(problems: list[Problem], data: Any, status: int) -> tuple[str, int]:
        tree = render_problems(data, problems) if data is not None else None
        shown, more = capped(problems)  # as every error answer lists them
        said = [
            _(
                "%(pointer)s: %(message)s",
                pointer=shown_pointer(p.pointer),
                message=words.in_language(p.message),
            )
            for p in shown
        ]
        if more:
            said.append(
                ngettext(
                    "…and %(num)s more problem not listed", "…and %(num)s more problems not listed", more
                )
            )
        return _entry_page(game, {}, {"file": said}, tree, status, "upload")

    if len(raw) > CHECK_MAX_BYTES:
        return refused([too_large()], None, 413)
    try:
        data = loads_strict(raw, max_depth())
    except JSONError as error:
        return refused([Problem("", error.code, str(error))], None, 400)
    try:
        hand, _created = games_use.append_hand(get_db(), key, game.id, load_game_hand(data))
    except (RecordError, Rejected) as error:
        return refused(list(error.problems), data, 422)
    except Forbidden as error:  # a part only a director sends (irregularities), shown in place
        return refused(list(error.problems), data, 403)
    return _stored(game, hand.id, hand.hand_number)


def _stored(game: Game, hand_id: int, number: int) -> ResponseReturnValue:
    flash(
        _("Hand %(number)s of game %(id)s stored (hand %(hand)s).", number=number, id=game.id, hand=hand_id)
    )
    return redirect(url_for("pages.game", game_id=game.id, _anchor="next"), 303)


# --- check a hand, then store it ----------------------------------------------------------------


@bp.post("/check/store")
def store_checked() -> ResponseReturnValue:
    """Store the record "check a hand" audited: on its own (``submit_hand``, as ``POST
    /v1/hands``) or as a game's next hand (``append_hand``, as ``POST /v1/games/{id}/hands``)."""
    key = need(Permission.SUBMIT)
    text = request.form.get("record", "")
    target = request.form.get("into", "").strip()
    db = get_db()
    try:
        record = load_record(loads_strict(text.encode("utf-8"), max_depth()))
    except (JSONError, RecordError):
        raise BadRequest(
            "The checked record did not come back intact: check it again, then store it."
        ) from None
    try:
        if target in ("", "alone"):
            hand, created = hands_use.submit_hand(db, key, record)
        else:
            game_id = form_number(target)
            if not isinstance(game_id, int) or not 1 <= game_id <= ROW_ID_MAX:
                raise BadRequest("Choose a game, or to store the hand on its own.")
            game = games_use.get_game(db, key, game_id)
            hand, created = games_use.append_hand(db, key, game.id, games_use.hand_for_game(game, record))
    except Rejected as error:
        view = build(record, hands_use.audit_record(record))
        return render_template(
            "director/check.html",
            text=text,
            problems=None,
            view=view,
            store_problems=list(error.problems),
            store_detail=error.detail,
            games=store_choices(key),
            chosen=target,
        ), 422
    flash(
        _("Hand %(hand)s stored.", hand=hand.id)
        if created
        else _("This hand was stored before: hand %(hand)s.", hand=hand.id)
    )
    return redirect(url_for("pages.hand", hand_id=hand.id), 303)
