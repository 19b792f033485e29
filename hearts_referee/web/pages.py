"""The director's pages: inbox, a stored hand, a game's scoresheet, check a hand, sign-in.

Views stay thin like the API's: read the request, call a use case
(``usecases``), hand a view (``web.handview``) to a template. Who may see
what is decided by ``usecases.access``, the rule the API follows too:

- signed out: only "check a hand" (and not even that when
  ``VALIDATE_REQUIRES_KEY`` is set, mirroring ``POST /v1/hands/validate``);
- ``auditor`` and ``director``: every page; only a director sees the
  decision forms (each offering what ``rulings.life.offered`` allows), and
  only keys that may sign (scorers, directors) the signature forms;
- ``scorer``: the hands and games their own key stored, by key id, and
  every hand of a game it started; any other hand or game is a 404, as if
  it did not exist;
- ``admin``: manages keys and reads nothing, so cannot sign in here.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any, TypeVar, cast
from urllib.parse import urlsplit, urlunsplit

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError
from werkzeug.exceptions import BadRequest, Forbidden, HTTPException, Unauthorized

from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.httperrors import description
from hearts_referee.http_shared.jsonbody import max_depth
from hearts_referee.http_shared.language import KEPT as LANGUAGE_KEPT
from hearts_referee.http_shared.language import current, ngettext
from hearts_referee.http_shared.language import gettext as _
from hearts_referee.http_shared.problems import FAILED, REFUSALS, capped, refusal
from hearts_referee.http_shared.requestlog import keyed
from hearts_referee.referee.errorcodes import shown_pointer
from hearts_referee.referee.reader import read_record
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.score_only import reportable_in
from hearts_referee.referee.translator import N_, SAID
from hearts_referee.rulings.decisions import answers
from hearts_referee.rulings.life import offered
from hearts_referee.schemas.archive import (
    DecisionRequestSchema,
    HandQuery,
    HandQuerySchema,
    IrregularityRequestSchema,
    SheetSignatureRequestSchema,
    SignatureRequestSchema,
    StoredHandSchema,
    load,
)
from hearts_referee.schemas.bounds import NEXT_MAX_LENGTH
from hearts_referee.schemas.game import dump_game
from hearts_referee.schemas.hrn import content_id, table_tags, write_hand
from hearts_referee.schemas.record import load_record
from hearts_referee.schemas.strictjson import JSONError, form_number, loads_strict
from hearts_referee.schemas.text import TextError, clean
from hearts_referee.usecases import (
    Decided,
    Game,
    GameFilter,
    GameStatus,
    HandFilter,
    HandState,
    Key,
    StoredHand,
)
from hearts_referee.usecases import games as games_use
from hearts_referee.usecases import hands as use
from hearts_referee.usecases import players as players_use
from hearts_referee.usecases.access import Permission, may
from hearts_referee.usecases.errors import Conflict, Rejected, Unchanged
from hearts_referee.usecases.keys import (
    SessionLimits,
    authenticate,
    end_session,
    session_ends,
    session_key,
    start_session,
)

from . import PREFIX, leave_session, words
from .handview import CardView, build, title_of
from .recordview import render_problems

V = TypeVar("V", bound=Callable[..., Any])

bp = Blueprint(
    "pages",
    __name__,
    url_prefix=PREFIX,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)
bp.add_app_template_filter(shown_pointer, "pointer")  # {{ p.pointer|pointer }}: the root as ""
bp.add_app_template_filter(words.in_language, "translated")  # {{ p.message|translated }}
bp.add_app_template_global(words.in_language, "translated")  # translated(clause.text)

_DECISION = DecisionRequestSchema()
_SIGNATURE = SignatureRequestSchema()
_IRREGULARITY = IrregularityRequestSchema()
_SHEET_SIGNATURE = SheetSignatureRequestSchema()
_HAND = StoredHandSchema()
CHECK_MAX_BYTES = 256 * 1024


# --- who is signed in ---------------------------------------------------------------


SESSION = "sid"
"""The cookie's claim: a session token the archive knows (``usecases.keys.start_session``)."""

SEEN = "seen"
"""When the session last asked for a page (Unix seconds), in the signed cookie: the idle
limit's clock. The cookie cannot be forged, and a copy of it ages like the original."""


def limits() -> SessionLimits:
    """How long a sign-in lasts, from the settings (``SESSION_IDLE_MINUTES``, ``SESSION_MAX_HOURS``)."""
    config = current_app.config
    return SessionLimits(
        idle=timedelta(minutes=config["SESSION_IDLE_MINUTES"]),
        longest=timedelta(hours=config["SESSION_MAX_HOURS"]),
    )


def _seen() -> datetime | None:
    seen = session.get(SEEN)
    return datetime.fromtimestamp(seen, UTC) if isinstance(seen, int) else None


def signed_in() -> Key | None:
    """The session's key, while the session is live: signing out, signing in again or
    revoking the key ends it on the server, so a copy of the cookie signs nobody in; past
    the idle or the absolute limit it is over. Each page it opens resets the idle clock."""
    if "key" in g:
        found: Key | None = g.key
        return found
    session.pop("key_id", None)  # an earlier release's cookie: it named a key and could not be ended
    token = session.get(SESSION)
    key = None
    now = datetime.now(UTC)
    if isinstance(token, str):
        key = session_key(get_db(), token, _seen(), limits(), now)
    if key is None:
        session.pop(SESSION, None)
        session.pop(SEEN, None)
    else:
        session[SEEN] = int(now.timestamp())
    g.key = key
    keyed(key.id if key is not None else None)
    return key


_BACKGROUND: set[Callable[..., Any]] = set()

SIGNED_OUT = "Signed out: this sign-in has ended (signed out, unused for too long, or its key revoked)."


def background(view: V) -> V:
    """Mark ``view`` as a question a page's script asks in the background while the page is
    open (the hand entry's check, the scoresheet's preview), not a page: its answer sets no
    session cookie (:func:`web.leave_session`), and with no live sign-in it is a 401, which
    the script tells apart from an answer, never a redirect to the sign-in page (which a
    script's ``fetch`` follows, and would take for its answer)."""
    _BACKGROUND.add(view)
    return view


def _in_background() -> bool:
    return current_app.view_functions.get(request.endpoint or "") in _BACKGROUND


def need(permission: Permission) -> Key:
    """The signed-in key if it may do ``permission``; otherwise sign-in (no key: a 401 for a
    :func:`background` question) or 403."""
    key = signed_in()
    if key is None:
        if _in_background():
            raise Unauthorized(SIGNED_OUT)
        abort(redirect(url_for("pages.sign_in", next=request.full_path.rstrip("?"))))
    if not may(key, permission):
        raise Forbidden(f"A {key.role} key may not do this here.")
    return key


# --- CSRF -----------------------------------------------------------------------------


def csrf_token() -> str:
    token = session.get("csrf")
    if token is None:
        token = session["csrf"] = secrets.token_urlsafe(32)
    return token


@bp.before_request
def check_csrf() -> None:
    if _in_background():
        leave_session()
        if signed_in() is None:  # before the token: signing out took the token with it
            raise Unauthorized(SIGNED_OUT)
    if request.method == "POST":
        sent = request.form.get("csrf_token", "")
        token = session.get("csrf")
        if not token or not secrets.compare_digest(sent.encode(), token.encode()):
            raise BadRequest(
                "The form was missing its security token or it has expired: "
                "go back, reload the page and send it again."
            )


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    return {
        "csrf_token": csrf_token,
        "card": CardView.of,
        "title_of": title_of,
        "variant_name": words.variant_name,
        "direction_word": words.direction,
        "status_word": words.status,
        "action_word": words.action,
        "role_word": words.role,
        "ruling_titles": words.titles,
        "current_key": _signed_in_for_header,
        "points": _points,
        "PREFIX": PREFIX,
    }


def _signed_in_for_header() -> Key | None:
    """Who is signed in, for the page header; an error page must render even when the
    archive is what failed."""
    try:
        return signed_in()
    except Exception:
        return None


def _points(value: Any) -> str:
    """Match points as directors write them: ``2½`` rather than ``5/2``."""
    if isinstance(value, Fraction) and value.denominator != 1:
        whole = value.numerator // value.denominator
        rest = value - whole
        return (str(whole) if whole else "") + ("½" if rest == Fraction(1, 2) else f" {rest}")
    return str(int(value))


# --- errors ---------------------------------------------------------------------------


HEADINGS = {
    400: N_("The request could not be read"),
    401: N_("Sign in first"),
    403: N_("Not allowed with this key"),
    404: N_("Not found"),
    405: N_("Not a page you can send a form to"),
    409: N_("Not done: it conflicts with what is stored"),
    413: N_("Too large to read"),
    422: N_("Not acceptable as entered"),
    429: N_("Too many requests: wait a moment"),
    503: N_("The archive cannot be used just now"),
}
"""An error page's heading, in the director's words: the status is the response's, never
the page's text (issue 24 item 6). Each is translated where the page is made."""


def heading(status: int) -> str:
    """The heading of the error page for ``status`` (a failure of ours when unknown), in the
    page's language."""
    if status in HEADINGS:
        return _(HEADINGS[status])
    return _("The referee failed on this request") if status >= 500 else _("The request was refused")


def html_error(error: HTTPException) -> tuple[str, int, list[tuple[str, str]]]:
    status = error.code or 500
    detail = description(error)
    if status >= 500 and getattr(error, "problems", None) is None:  # a failure, not a refusal (503)
        detail = FAILED
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    return (
        render_template("director/error.html", heading=heading(status), detail=detail),
        status,
        headers,
    )


def refused(error: Exception) -> tuple[str, int]:
    """A use case's refusal (no such hand, a conflict...) as the pages' error page."""
    status, detail, _ = refusal(error)
    return render_template("director/error.html", heading=heading(status), detail=detail), status


for _kind in REFUSALS:
    bp.register_error_handler(_kind, refused)


# --- sign-in --------------------------------------------------------------------------


def _next_page() -> str:
    """Where sign-in goes on to (``next``), checked as free text: 400 for a control character
    (a CR LF would split the redirect's headers) or an overlong one."""
    target = request.values.get("next", "")
    if not target.strip():
        return ""
    try:
        return clean(target, NEXT_MAX_LENGTH)
    except TextError as error:
        raise BadRequest(f"The page to go on to after signing in (next) is not acceptable: {error}") from None


_SEPARATOR = re.compile(r"%2f|%5c", re.IGNORECASE)
_DOT = re.compile(r"%2e", re.IGNORECASE)


def _resolved(path: str) -> str:
    """``path`` (absolute) as a browser would reach it, and a step further: percent-encoded
    dots read as dots, percent-encoded slashes and backslashes as slashes, then its dot
    segments resolved (RFC 3986, 5.2.4). A page of ours has none of these, so for it this is
    the path itself."""
    segments = _DOT.sub(".", _SEPARATOR.sub("/", path)).split("/")[1:]
    kept: list[str] = []
    for n, segment in enumerate(segments, 1):
        if segment in (".", ".."):
            if segment == ".." and kept:
                kept.pop()
            if n == len(segments):  # "/a/.." is "/", "/a/b/." is "/a/b/": the slash stays
                kept.append("")
        else:
            kept.append(segment)
    return "/" + "/".join(kept)


def _safe_next(target: str | None) -> str:
    """Only ever send a signed-in user on to a page of ours (no open redirect): ``next``
    read as the browser will read it (a backslash is a slash, ``%2e`` a dot, ``..`` climbs)
    and followed, so resolved, only when it is still under ``/director/``; else the inbox."""
    if target:
        parts = urlsplit(target.replace("\\", "/"))
        if not parts.scheme and not parts.netloc and parts.path.startswith("/"):
            path = _resolved(parts.path)
            if path.startswith(PREFIX + "/"):
                return urlunsplit(("", "", path, parts.query, parts.fragment))
    return url_for("pages.inbox")


def fresh_session() -> None:
    """Everything the session holds forgotten but the language the browser chose: signing in
    or out starts afresh (a new CSRF token), in the same language."""
    language = session.get(LANGUAGE_KEPT)
    session.clear()
    if language is not None:
        session[LANGUAGE_KEPT] = language


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in() -> ResponseReturnValue:
    error = None
    status = 200
    target = _next_page()
    if request.method == "POST":
        token = request.form.get("key", "").strip()
        key = authenticate(get_db(), token) if token else None
        if key is None:
            error, status = _("That key is unknown or has been revoked."), 401
        elif not may(key, Permission.READ):
            error, status = (
                _("A %(role)s key cannot read the archive; sign in with another key.", role=key.role),
                403,
            )
        else:
            begin_session(key, start_session(get_db(), key, browser_session()))
            return redirect(_safe_next(target))
    return render_template("director/sign_in.html", error=error, next=target, lasts=_lasting()), status


def browser_session() -> str | None:
    """The session token this browser holds now, if any (ended when it signs in again)."""
    before = session.get(SESSION)
    return before if isinstance(before, str) else None


def begin_session(key: Key, token: str) -> None:
    """This browser is now signed in as ``key`` with the session ``token``: by its key on the
    sign-in page, or by a director's pairing link (``web.phones``)."""
    fresh_session()  # a fresh session (and CSRF token) for the new user, in the language chosen
    session[SESSION] = token
    now = datetime.now(UTC)
    session[SEEN] = int(now.timestamp())
    bounds = limits()
    flash(
        _(
            "Signed in as %(name)s (%(role)s) until %(time)s UTC at the latest (%(hours)s hours);"
            " a sign-in also ends after %(minutes)s minutes without opening a page.",
            name=key.name,
            role=key.role,
            time=bounds.latest(now).strftime("%H:%M"),
            hours=_hours(bounds),
            minutes=int(bounds.idle.total_seconds() // 60),
        )
    )


def _lasting() -> dict[str, Any]:
    """What the sign-in page says about how long a sign-in lasts, and this one's end if any."""
    now = datetime.now(UTC)
    bounds = limits()
    token, seen = session.get(SESSION), _seen()
    current = None
    if isinstance(token, str) and seen is not None and _signed_in_for_header() is not None:
        current = session_ends(get_db(), token, seen, bounds)
    return {
        "idle_minutes": int(bounds.idle.total_seconds() // 60),
        "longest_hours": _hours(bounds),
        "latest": bounds.latest(now),
        "tomorrow": bounds.latest(now).date() != now.date(),
        "current": current,
    }


def _hours(bounds: SessionLimits) -> int:
    """The absolute limit of a sign-in, in whole hours (``SESSION_MAX_HOURS``)."""
    return int(bounds.longest.total_seconds() // 3600)


@bp.post("/sign-out")
def sign_out() -> ResponseReturnValue:
    token = session.get(SESSION)
    if isinstance(token, str):
        end_session(get_db(), token)
    fresh_session()
    flash(_("Signed out."))
    return redirect(url_for("pages.sign_in"))


# --- the inbox ------------------------------------------------------------------------

INBOX_LIMIT = 200
_QUERY = HandQuerySchema()


def _inbox_query() -> HandFilter:
    """The inbox's filters (``game``, ``table``), read by the API's query codec; a filter
    left empty is no filter, a bad one a 400 page naming it."""
    given = {name: value for name in ("game", "table") if (value := request.args.get(name, "").strip())}
    try:
        query = cast(HandQuery, _QUERY.load(given))
    except ValidationError as error:
        said = "; ".join(
            f"{name}: {' '.join(map(str, found))}" for name, found in error.messages_dict.items()
        )
        raise BadRequest(f"The filter is not acceptable ({said}).") from None
    return query.where


@bp.get("/")
def inbox() -> str:
    key = need(Permission.READ)
    query = _inbox_query()
    game, table = query.game, query.table
    db = get_db()
    where = HandFilter(open=True, game=game, table=table)
    hands: list[Any] = []
    after: int | None = 0
    while after is not None:  # open hands are few; newest first needs them all
        page, after = use.list_hands(db, key, where, after=after, limit=500)
        hands.extend(page)
    hands.reverse()
    return render_template(
        "director/inbox.html",
        hands=hands[:INBOX_LIMIT],
        more=len(hands) > INBOX_LIMIT,
        game=game,
        table=table,
    )


# --- a stored hand --------------------------------------------------------------------


def _stored_hand_page(
    hand_id: int,
    problems: Sequence[Problem] = (),
    form: Mapping[str, str] | None = None,
    status: int = 200,
    signing: Sequence[Problem] = (),
    reporting: Sequence[Problem] = (),
) -> tuple[str, int]:
    key = need(Permission.READ)
    db = get_db()
    hand = use.get_hand(db, key, hand_id, current())
    game = games_use.get_game(db, key, hand.game_id) if hand.game_id is not None else None
    record = read_record(hand.record_now)  # a director's new record, when one replaced it
    state = hand.state
    players = game.setup.players if game else {}
    # the audit the score stands on now: a re-audit's, once an earlier hand's decision moved it
    view = build(record, state.standing_audit, players)
    decided: dict[int, list[Decided]] = {}
    ruled = state.standing_audit.standings()
    for decided_one in state.decisions:
        for index in answers(decided_one.decision, ruled):
            decided.setdefault(index, []).append(decided_one)
    return render_template(
        "director/hand.html",
        hand=hand,
        game=game,
        view=view,
        hrn=write_hand(hand.record_now, table_tags(hand.table)),
        content_id=content_id(hand.record_now),
        state=state,
        lives=state.lives,
        offered={life.index: offered(life) for life in state.lives},
        question=hand.scoresheet,
        adjustments=_adjustments(state),
        signed_by_seat=_signed_by_seat(state),
        report=use.verify(db, key, hand_id),
        decided=decided,
        earlier=players_use.earlier_rulings(db, key, hand),
        may_decide=may(key, Permission.DECIDE),
        may_sign=may(key, Permission.SIGN),
        players=players,
        problems=list(problems),
        signing=list(signing),
        reporting=list(reporting),
        reportable=[str(c) for c in reportable_in(record.variant, len(record.seats), record.hand_number)],
        form=form or {},
        key=key,
    ), status


def _adjustments(state: HandState) -> dict[str, int]:
    """What the director's decisions moved beyond the penalties, per seat, so the current
    score reads as the referee's score + penalty changes + adjustments."""
    base, current = state.standing_audit, state.current
    return {
        seat: current.score[seat] - base.score[seat] - (current.penalties[seat] - base.penalties[seat])
        for seat in base.seats
    }


def _signed_by_seat(state: HandState) -> dict[str, list[Any]]:
    """Every signature given, by seat, in seat order (the newest last)."""
    by_seat: dict[str, list[Any]] = {seat: [] for seat in state.audit.seats}
    for signed in state.signatures:
        by_seat.setdefault(signed.seat, []).append(signed)
    return by_seat


@bp.get("/hands/<id:hand_id>")
def hand(hand_id: int) -> tuple[str, int]:
    return _stored_hand_page(hand_id)


def as_json(body: Any, name: str) -> Response:
    """What the API answers for the same resource, read with the page's session: the links
    "as JSON" on the pages work for whoever may read the page (the same use case and access
    rule as the API's ``GET``), with no key to paste into a header."""
    response = jsonify(body)
    response.headers["Content-Disposition"] = f'inline; filename="{name}.json"'
    return response


@bp.get("/hands/<id:hand_id>.json")
def hand_json(hand_id: int) -> Response:
    """A stored hand as ``GET /v1/hands/{id}`` answers it."""
    return as_json(_HAND.dump(use.get_hand(get_db(), need(Permission.READ), hand_id)), f"hand-{hand_id}")


def _decision_data(form: Mapping[str, str]) -> tuple[dict[str, Any], list[Problem]]:
    """The decision body of the API, from the form; problems for what is not a number."""
    problems: list[Problem] = []
    data: dict[str, Any] = {
        "action": form.get("action", ""),
        "director": form.get("director", "").strip(),
        "reason": form.get("reason", "").strip(),
    }
    if form.get("scoresheet") == "true":  # the one form for the table's scoresheet
        data["scoresheet"] = True
    else:
        data["ruling"] = form_number(form.get("ruling", ""))
        if not isinstance(data["ruling"], int):
            problems.append(Problem("/ruling", "type", SAID.gettext("choose a ruling")))
    changes: dict[str, int] = {}
    for name, value in form.items():
        if name.startswith("change-") and value.strip():
            seat = name.removeprefix("change-")
            points = form_number(value)
            if not isinstance(points, int):
                problems.append(
                    Problem(f"/score_changes/{seat}", "type", SAID.gettext("a whole number of points"))
                )
                continue
            if points:
                changes[seat] = points
    if data["action"] in ("adjust", "claim"):  # a claim's changes: the director's share of the rest
        data["score_changes"] = changes
    elif changes:
        problems.append(
            Problem(
                "/score_changes",
                "not_allowed",
                SAID.gettext(
                    "score changes go with adjust; the other decisions leave the score to the rules "
                    "or the table"
                ),
            )
        )
    if data["action"] == "claim":
        data["claim"] = form.get("claim") or None
    return data, problems


@bp.post("/hands/<id:hand_id>/decisions")
def decide(hand_id: int) -> ResponseReturnValue:
    key = need(Permission.DECIDE)
    data, problems = _decision_data(request.form)
    status = 422
    if not problems:
        try:
            decision = load(_DECISION, data)
            hand = use.decide(get_db(), key, hand_id, decision)
        except Rejected as error:
            problems = list(error.problems)
        except Unchanged as error:
            problems, status = list(error.problems), 409
        else:
            current = hand.state.current
            followed = [c for c in _later_hands(hand) if c]
            if decision.ruling is None:
                said = _(
                    "Decision recorded on the scoresheet: the score is now version %(version)s.",
                    version=current.number,
                )
            else:
                said = _(
                    "Decision recorded on ruling #%(number)s: the score is now version %(version)s.",
                    number=decision.ruling + 1,
                    version=current.number,
                )
            if followed:
                said += " " + ngettext(
                    "%(num)s later hand of the game re-audited.",
                    "%(num)s later hands of the game re-audited.",
                    len(followed),
                )
            flash(said)
            return redirect(url_for("pages.hand", hand_id=hand_id, _anchor="score"), 303)
    return _stored_hand_page(hand_id, problems, dict(request.form), status)


def _later_hands(hand: StoredHand) -> list[int]:
    """The hands of ``hand``'s game that its latest decision re-audited."""
    if hand.game_id is None or not hand.state.decisions:
        return []
    entry = hand.state.decisions[-1].n
    game = games_use.get_game(get_db(), need(Permission.READ), hand.game_id)
    return [
        later.id
        for later in game.hands
        if any(
            c.cause.get("hand_id") == hand.id and c.cause.get("entry") == entry
            for c in later.state.consequences
        )
    ]


@bp.post("/hands/<id:hand_id>/irregularities")
def record_irregularity(hand_id: int) -> ResponseReturnValue:
    """The director records an irregularity reported at the table against a score-only hand
    (``usecases.hands.record_irregularity``, as ``POST /v1/hands/{id}/irregularities``)."""
    key = need(Permission.DECIDE)
    form = {
        name: request.form.get(name, "").strip()
        for name in ("code", "seat", "trick", "card", "director", "reason")
    }
    data: dict[str, Any] = {name: form[name] for name in ("code", "seat", "director", "reason")}
    if form["trick"]:
        data["trick"] = form_number(form["trick"])
    if form["card"]:
        data["card"] = form["card"]
    try:
        sent = load(_IRREGULARITY, data)
        hand = use.record_irregularity(get_db(), key, hand_id, sent.report, sent.director, sent.reason)
    except Rejected as error:
        return _stored_hand_page(hand_id, form=form, status=422, reporting=error.problems)
    except Conflict as error:
        return _stored_hand_page(hand_id, form=form, status=409, reporting=error.problems)
    version = hand.state.current.number
    flash(
        _(
            "%(title)s by %(seat)s recorded: the score is now version %(version)s.",
            title=title_of(sent.report.code),
            seat=sent.report.seat,
            version=version,
        )
    )
    return redirect(url_for("pages.hand", hand_id=hand_id, _anchor="score"), 303)


@bp.post("/hands/<id:hand_id>/signatures")
def sign_hand(hand_id: int) -> ResponseReturnValue:
    """A seat signs the hand's current score version (``usecases.hands.sign``, as the API)."""
    key = need(Permission.SIGN)
    data: dict[str, Any] = {
        "seat": request.form.get("seat", ""),
        "name": request.form.get("name", "").strip(),
    }
    data["version"] = form_number(request.form.get("version", ""))
    if not isinstance(data["version"], int):
        return _stored_hand_page(
            hand_id, status=422, signing=[Problem("/version", "type", SAID.gettext("reload the page"))]
        )
    try:
        body = load(_SIGNATURE, data)
        hand, created = use.sign(get_db(), key, hand_id, body["seat"], body["name"], body["version"])
    except Rejected as error:
        return _stored_hand_page(hand_id, status=422, signing=error.problems)
    except Conflict as error:
        return _stored_hand_page(hand_id, status=409, signing=error.problems)
    seat = body["seat"]
    version = hand.state.current.number
    flash(
        _("%(seat)s signed version %(version)s.", seat=seat, version=version)
        if created
        else _("%(seat)s had already signed version %(version)s.", seat=seat, version=version)
    )
    return redirect(url_for("pages.hand", hand_id=hand_id, _anchor="signatures"), 303)


# --- a game's scoresheet ----------------------------------------------------------------


@bp.get("/games/<id:game_id>")
def game(game_id: int) -> tuple[str, int]:
    return _game_page(game_id)


@bp.get("/games/<id:game_id>.json")
def game_json(game_id: int) -> Response:
    """A game as ``GET /v1/games/{id}`` answers it."""
    return as_json(dump_game(games_use.get_game(get_db(), need(Permission.READ), game_id)), f"game-{game_id}")


@bp.post("/games/<id:game_id>/signatures")
def sign_game(game_id: int) -> ResponseReturnValue:
    """A seat signs the game's scoresheet at its end (``usecases.games.sign_game``, as the API)."""
    key = need(Permission.SIGN)
    data = {"seat": request.form.get("seat", ""), "name": request.form.get("name", "").strip()}
    try:
        body = load(_SHEET_SIGNATURE, data)
        _signed, created = games_use.sign_game(get_db(), key, game_id, body["seat"], body["name"])
    except Rejected as error:
        return _game_page(game_id, error.problems, 422)
    except Conflict as error:
        return _game_page(game_id, error.problems, 409)
    seat = body["seat"]
    flash(
        _("%(seat)s signed the scoresheet.", seat=seat)
        if created
        else _("%(seat)s had already signed this scoresheet.", seat=seat)
    )
    return redirect(url_for("pages.game", game_id=game_id, _anchor="sign-h"), 303)


def sheet_rows(game: Game) -> list[dict[str, Any]]:
    """Each hand of the game as a scoresheet row: its score now, the running totals, whether
    it counts, its open rulings, whether its play was refereed, the re-audit that made it."""
    sheet = game.sheet
    rows = []
    for i, hand in enumerate(game.hands):
        state = hand.state
        rows.append(
            {
                "hand": hand,
                "state": state,
                "score": state.current.score,
                "totals": sheet.totals_after[i],
                "counts": sheet.ended_after is None or (hand.seq or 0) <= sheet.ended_after,
                "open": [(r, ruling.code, ruling.seat) for r, ruling in state.open_rulings],
                "refereed": state.standing_audit.refereed,
                "remade": state.consequences[-1]
                if state.consequences and state.current.consequence == state.consequences[-1].n
                else None,
            }
        )
    return rows


def _game_page(game_id: int, signing: Sequence[Problem] = (), status: int = 200) -> tuple[str, int]:
    key = need(Permission.READ)
    game = games_use.get_game(get_db(), key, game_id)
    sheet = game.sheet
    rows = sheet_rows(game)
    sheet_signed: dict[str, list[Any]] = {seat: [] for seat in game.setup.seats}
    for signed in game.signatures:
        sheet_signed.setdefault(signed.seat, []).append(signed)
    return render_template(
        "director/game.html",
        game=game,
        setup=game.setup,
        sheet=sheet,
        rows=rows,
        sheet_signed=sheet_signed,
        may_sign=may(key, Permission.SIGN),
        signing=list(signing),
        next=upcoming(game),
        may_submit=may(key, Permission.SUBMIT),
        moon_choices=moon_choices(game),
        form={},
        errors={},
    ), status


def moon_choices(game: Game) -> list[tuple[str, str]]:
    """What a scoresheet line may say the shooter chose, where the variant lets them choose
    (empty: the variant's moon has one outcome, or none)."""
    variant = game.setup.variant
    if variant.moon is None or len(variant.moon.options) < 2:
        return []
    value = variant.deck(len(game.setup.seats)).moon_value
    said = {
        "add": _("add %(points)s to the others", points=value),
        "subtract": _("subtract %(points)s from the shooter", points=value),
    }
    offered = [(str(option), said[str(option)]) for option in variant.moon.options]
    return [("", _("not recorded (the referee chooses)")), *offered]


def upcoming(game: Game) -> dict[str, Any] | None:
    """The next deal as the pages show it (``None`` once the game is over)."""
    if game.sheet.over:
        return None
    deal = game.next_deal
    return {
        "hand_number": deal.hand_number,
        "dealer": deal.dealer,
        "pass_direction": games_use.pass_direction(game.setup, deal),
        "kitty": game.setup.variant.kitty_size(len(game.setup.seats)) > 0,
        "pass_count": games_use.pass_count(game.setup, deal),
    }


# --- check a hand (nothing stored) --------------------------------------------------------


@bp.route("/check", methods=["GET", "POST"])
def check() -> ResponseReturnValue:
    if current_app.config.get("VALIDATE_REQUIRES_KEY"):
        need(Permission.VALIDATE)
    if request.method == "GET":
        return render_template("director/check.html", text="", problems=None, view=None)
    text = request.form.get("record", "")
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        raw = upload.read(CHECK_MAX_BYTES + 1)
        if len(raw) > CHECK_MAX_BYTES:
            return _check_problems(text, [too_large()], None, 413)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return _check_problems(
                "", [Problem("", "invalid_json", SAID.gettext("the file is not UTF-8 text"))], None, 400
            )
    try:
        data = loads_strict(text.encode("utf-8"), max_depth())
    except JSONError as error:
        return _check_problems(text, [Problem("", error.code, str(error))], None, 400)
    try:
        record = load_record(data)
        audit = use.audit_record(record)
    except RecordError as error:
        return _check_problems(text, list(error.problems), data, 422)
    view = build(record, audit)
    return render_template(
        "director/check.html", text=text, problems=None, view=view, games=store_choices(signed_in())
    )


def too_large() -> Problem:
    """A file over the pages' limit (:data:`CHECK_MAX_BYTES`), as the pages that take one say it."""
    return Problem("", "too_large", SAID.gettext("the file is over %(size)s bytes", size=CHECK_MAX_BYTES))


def store_choices(key: Key | None) -> list[Game] | None:
    """The games a checked hand may go into (in progress, newest first, that this key may
    add to); ``None`` when no key is signed in that may store hands."""
    if key is None or not may(key, Permission.SUBMIT):
        return None
    where = GameFilter(status=GameStatus.IN_PROGRESS)
    return games_use.list_games(get_db(), key, where, limit=50)[0]


def _check_problems(text: str, problems: list[Problem], data: Any, status: int) -> tuple[str, int]:
    """The check page with the record's problems: at most ``MAX_PROBLEMS`` listed (and placed in
    the tree), and how many more there are."""
    shown, more = capped(problems)
    tree = render_problems(data, shown) if data is not None else None
    return render_template(
        "director/check.html", text=text, problems=shown, more=more, tree=tree, view=None, status=status
    ), status
