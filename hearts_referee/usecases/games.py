"""Use cases on games: start one, read it, take its next hand, validate a whole recorded game.

A table sends only what happened at the table (:class:`GameHand`); the game
supplies each hand's number, dealer and the totals before it. How a game
takes its next hand is :func:`next_hand`, the one place that rule lives:
storing the next hand (:func:`append_hand`) and validating a whole recorded
game (:func:`validate_game`) both go through it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from sqlite_utils import Database

from hearts_referee import archive
from hearts_referee.archive import Placement
from hearts_referee.referee.cards import Card
from hearts_referee.referee.derive import derive_deal
from hearts_referee.referee.findings import Code
from hearts_referee.referee.reader import read_record
from hearts_referee.referee.record import Event, HandRecord, Pass, Problem, RecordError, Reported
from hearts_referee.referee.replay import play_left, table_after
from hearts_referee.referee.translator import ENGLISH, SAID, Translator
from hearts_referee.referee.variant import MoonOption, Variant, pass_direction_name
from hearts_referee.rulings.audit import HandAudit
from hearts_referee.rulings.decisions import rescore
from hearts_referee.rulings.scoresheet import GameSetup, HandLine, NextDeal, Sheet, next_deal, scoresheet
from hearts_referee.stored import Entry, Game, GameFilter, Key, StoredHand

from .access import Permission, require, require_to_report, scope, visible_game
from .audit import audit_record, audit_so_far
from .errors import Conflict, Rejected


@dataclass(frozen=True)
class GameHand:
    """A hand as its table sends it to the game: what happened, less what the game supplies
    (variant, seats, dealer, hand number, totals before). ``hand_number``, when sent, is
    the table's check ("this is hand 5"), refused if the game is elsewhere.

    ``deal`` is ``None`` when the table left it out: of a complete record, the referee
    derives it. A score-only hand sends ``points`` (and any ``irregularities`` the director
    records) instead of the deal and play; it must name its ``hand_number``
    (:func:`numbered`)."""

    deal: Mapping[str, tuple[Card, ...]] | None = None
    play: tuple[Event, ...] = ()
    kitty: tuple[Card, ...] = ()
    passes: Mapping[str, Pass] = field(default_factory=dict)
    written: Mapping[str, int] | None = None
    moon_choice: MoonOption | None = None
    exposed_in_deal: tuple[Card, ...] = ()
    backs: Mapping[str, tuple[str, ...]] | None = None
    hand_number: int | None = None
    points: Mapping[str, int] | None = None
    irregularities: tuple[Reported, ...] = ()
    deal_derived: bool = False

    def record(
        self, setup: GameSetup, deal: NextDeal, totals: Mapping[str, int], *, so_far: bool = False
    ) -> HandRecord:
        """The whole hand record, as dealt in the game (the deal derived if it was left out:
        ``RecordError`` where it cannot be; ``so_far``: the deal as far as a play still being
        entered shows it, ``referee.derive``)."""
        record = HandRecord(
            variant=setup.variant,
            seats=setup.seats,
            dealer=deal.dealer,
            hand_number=deal.hand_number,
            deal=self.deal or {},
            play=self.play,
            kitty=self.kitty,
            passes=self.passes,
            scores_before=dict(totals),
            written=self.written,
            moon_choice=self.moon_choice,
            exposed_in_deal=self.exposed_in_deal,
            backs=self.backs,
            deal_derived=self.deal_derived,
            points=self.points,
            irregularities=self.irregularities,
        )
        return derive_deal(record, so_far=so_far) if self.deal is None and self.points is None else record

    @property
    def sent_deal(self) -> Mapping[str, tuple[Card, ...]]:
        """The deal as the table sent it (none: empty), which makes a resent hand the same."""
        return self.deal or {}


def numbered(hand: GameHand) -> None:
    """A score-only hand names its hand number: two lines of a scoresheet may well show the
    same points, so without it a new hand could be taken for a resend of an earlier one."""
    if hand.points is not None and hand.hand_number is None:
        raise RecordError(
            [
                Problem(
                    "/hand_number",
                    "required",
                    SAID.gettext(
                        "a score-only hand names its hand_number (two hands may have the same points)"
                    ),
                )
            ]
        )


@dataclass(frozen=True)
class PlayedHand:
    """A game's hand where it fell: its deal, its whole record and its audit."""

    deal: NextDeal
    record: HandRecord
    audit: HandAudit


class GameOver(Exception):
    """The game ended before this hand: it takes no more."""

    def __init__(self, ended_after: int) -> None:
        self.said = SAID.gettext("the game ended after hand %(number)s", number=ended_after)
        super().__init__(self.said)
        self.ended_after = ended_after


class WrongHandNumber(Exception):
    """The table says this is another hand than the game's next."""

    def __init__(self, expected: int, sent: int) -> None:
        super().__init__(
            SAID.gettext(
                "the next hand of this game is hand %(expected)s, not %(sent)s", expected=expected, sent=sent
            )
        )
        self.expected = expected
        self.sent = sent


PLAY_INCOMPLETE_DETAIL = SAID.gettext(
    "The hand's play stops early: a game takes only a hand it can score; see errors."
)


def next_hand(
    setup: GameSetup, lines: Sequence[HandLine], hand: GameHand, t: Translator = ENGLISH
) -> PlayedHand:
    """The game's next hand: dealt by the next dealer under the next number, with the
    totals so far, and audited (explained in the language of ``t``: English, as stored).
    ``GameOver``, ``WrongHandNumber``, ``RecordError``, or ``Rejected`` for a hand whose play
    stops early (:func:`play_incomplete`)."""
    played = _next_audited(setup, lines, hand, t)
    stopped = play_incomplete(setup.variant, played.audit)
    if stopped is not None:
        raise Rejected([stopped], PLAY_INCOMPLETE_DETAIL)
    return played


def _next_audited(
    setup: GameSetup,
    lines: Sequence[HandLine],
    hand: GameHand,
    t: Translator = ENGLISH,
    *,
    so_far: bool = False,
) -> PlayedHand:
    """The game's next hand audited as far as its play goes (a hand being entered stops
    early; the audit says so with its ``play_incomplete`` ruling; ``so_far``: its deal left
    out, against the deal as far as the play shows it, :func:`usecases.audit.audit_so_far`)."""
    numbered(hand)
    sheet = scoresheet(setup.variant, setup.seats, lines)
    if sheet.ended_after is not None:
        raise GameOver(sheet.ended_after)
    deal = next_deal(setup.seats, setup.first_dealer, lines)
    if hand.hand_number is not None and hand.hand_number != deal.hand_number:
        raise WrongHandNumber(deal.hand_number, hand.hand_number)
    record = hand.record(setup, deal, sheet.totals, so_far=so_far)
    return PlayedHand(deal, record, audit_so_far(record, t) if so_far else audit_record(record, t))


def play_incomplete(variant: Variant, audit: HandAudit) -> Problem | None:
    """Why a game cannot take this hand, if its play stops early with no claim or
    concession for the rest (the audit's ``play_incomplete`` ruling); else ``None``.

    RULES, incomplete play: in a game such a hand never counts as recorded. It is refused
    rather than held open so that a game's totals only ever hold hands that can be scored
    and nothing is half-stored; the problem points at the end of the play (``/play/-``),
    where the rest belongs, and says what the table can send instead."""
    stopped = next((r for r in audit.rulings if r.code == Code.PLAY_INCOMPLETE), None)
    if stopped is None:
        return None
    seats = len(audit.seats)
    left = play_left(variant.hand_size(seats), seats, (len(t.plays) for t in audit.tricks))
    return Problem(
        "/play/-",
        "play_incomplete",
        SAID.gettext(
            "the play stops at trick %(trick)s (%(seat)s to play) with %(tricks)s (%(cards)s) unplayed and "
            "no claim or concession for them: a game counts only a hand it can score; record the rest of "
            "the play, a claim or a concession, or enter the hand as score-only",
            trick=stopped.trick,
            seat=stopped.seat,
            tricks=SAID.ngettext("%(count)s trick", "%(count)s tricks", left.tricks, count=left.tricks),
            cards=SAID.ngettext("%(count)s card", "%(count)s cards", left.cards, count=left.cards),
        ),
    )


def position_lost(setup: GameSetup, lines: Sequence[HandLine], hand: GameHand) -> int | None:
    """The position, before the game's next, that a hand impossible as the next one was
    sent for, if any: a client that lost a race for position ``p`` without saying which
    hand it meant (``hand_number``) sends a hand dealt as hand ``p``, which another hand
    took. Tried from the latest position back, once per deal that could read differently
    (dealer and pass direction); ``None`` when the hand fits no position of the game.
    """
    if hand.hand_number is not None:
        return None  # the table said which hand it meant: WrongHandNumber answers that
    seats = setup.seats
    tried = {_reading(setup, next_deal(seats, setup.first_dealer, lines))}
    for position in range(len(lines), 0, -1):
        before = lines[: position - 1]
        reading = _reading(setup, next_deal(seats, setup.first_dealer, before))
        if reading in tried:
            continue
        tried.add(reading)
        try:
            next_hand(setup, before, hand)
        except (RecordError, GameOver, WrongHandNumber):
            continue
        except Rejected:  # could have happened there, but stops early: still that position's
            return position
        return position
    return None


def pass_direction(setup: GameSetup, deal: NextDeal) -> str:
    """Which way the cards pass on ``deal``: ``left``, ``right``, ``across``, ``hold``..."""
    seats = len(setup.seats)
    return pass_direction_name(setup.variant.pass_offset(deal.hand_number, seats), seats)


def pass_count(setup: GameSetup, deal: NextDeal) -> int:
    """How many cards each seat passes on ``deal`` (none on a hold hand)."""
    return setup.variant.pass_count if setup.variant.pass_offset(deal.hand_number, len(setup.seats)) else 0


def _reading(setup: GameSetup, deal: NextDeal) -> tuple[str, int]:
    """What decides whether a hand can have happened at a position: its dealer and the
    direction of its pass (the totals before it change its score, never its possibility)."""
    return deal.dealer, setup.variant.pass_offset(deal.hand_number, len(setup.seats))


def not_this_game(game: Game, pointer: str) -> Problem:
    """A hand sent as ``game``'s next whose field at ``pointer`` (``/variant``, ``/seats``,
    ``/dealer``, ``/hand_number``, ``/scores_before``) is not the game's: what the game's is."""
    setup, deal = game.setup, game.next_deal
    if pointer == "/variant":
        said = SAID.gettext("game %(game)s plays %(variant)s", game=game.id, variant=setup.variant.id)
    elif pointer == "/seats":
        said = SAID.gettext("game %(game)s is played by %(seats)s", game=game.id, seats=" ".join(setup.seats))
    elif pointer == "/dealer":
        said = SAID.gettext("%(seat)s deals the next hand of game %(game)s", seat=deal.dealer, game=game.id)
    elif pointer == "/hand_number":
        said = SAID.gettext(
            "the next hand of game %(game)s is hand %(number)s", game=game.id, number=deal.hand_number
        )
    else:
        totals = ", ".join(f"{seat} {points}" for seat, points in game.sheet.totals.items())
        said = SAID.gettext("the totals of game %(game)s are %(totals)s", game=game.id, totals=totals)
    return Problem(pointer, "not_this_game", said)


def hand_for_game(game: Game, record: HandRecord) -> GameHand:
    """A whole hand record (one "check a hand" audited on its own) as the game's next hand.

    It must be that hand: the game's variant and seats, its next dealer and hand
    number (sent on as the table's check, so a hand stored meanwhile makes it a 409),
    and totals before it that are the game's, if it names any; otherwise the stored
    audit would not be the one the director checked. ``Rejected`` names each field
    that differs.
    """
    setup, deal = game.setup, game.next_deal
    problems = []
    if record.variant != setup.variant:
        problems.append(not_this_game(game, "/variant"))
    if record.seats != setup.seats:
        problems.append(not_this_game(game, "/seats"))
    if record.dealer != deal.dealer:
        problems.append(not_this_game(game, "/dealer"))
    if record.hand_number != deal.hand_number:
        problems.append(not_this_game(game, "/hand_number"))
    if record.scores_before and dict(record.scores_before) != dict(game.sheet.totals):
        problems.append(not_this_game(game, "/scores_before"))
    if problems:
        raise Rejected(
            problems,
            SAID.gettext("This record is not the next hand of game %(game)s; see errors.", game=game.id),
        )
    return GameHand(
        deal=None if record.deal_derived else record.deal,
        play=record.play,
        kitty=record.kitty,
        passes=record.passes,
        written=record.written,
        moon_choice=record.moon_choice,
        exposed_in_deal=record.exposed_in_deal,
        backs=record.backs,
        hand_number=record.hand_number,
        points=record.points,
        irregularities=record.irregularities,
    )


def line_of(audit: HandAudit) -> HandLine:
    """A hand as the scoresheet adds it up, straight from its audit."""
    return HandLine(audit.score, audit.penalties, audit.void)


# --- stored games -------------------------------------------------------------------------


def start_game(db: Database, key: Key, setup: GameSetup) -> Game:
    """Store a new game, owned by ``key``."""
    require(key, Permission.SUBMIT)
    return archive.get_game(db, archive.insert_game(db, setup, key))


def get_game(db: Database, key: Key, game_id: int) -> Game:
    """A game this key may see, with its hands; ``NotFound`` otherwise."""
    require(key, Permission.READ)
    return _visible(db, key, game_id)


def _visible(db: Database, key: Key, game_id: int) -> Game:
    return visible_game(key, archive.get_game(db, game_id), archive.game_scorers(db, game_id))


def list_games(
    db: Database, key: Key, where: GameFilter, *, after: int = 0, limit: int = 25, newest: bool = True
) -> tuple[list[Game], int | None]:
    """A page of the games this key may see (a scorer: those it started), newest first
    unless ``newest`` is false; and the ``after`` of the next page."""
    require(key, Permission.READ)
    return archive.list_games(db, replace(where, owner=scope(key)), after=after, limit=limit, newest=newest)


def append_hand(db: Database, key: Key, game_id: int, hand: GameHand) -> tuple[StoredHand, bool]:
    """Store the game's next hand; the same hand sent again is the stored one.

    Returns ``(hand, created)``. ``Conflict`` when the game is over, when the
    table's ``hand_number`` is not the next hand's, or when another hand
    took this position first (:func:`position_lost`); ``RecordError`` for a
    hand that cannot have happened, ``Rejected`` for one whose play stops early
    (:func:`play_incomplete`). Nothing is stored in any of those cases.
    ``Forbidden`` for irregularities from a key that is not a director's
    (:func:`~.access.require_to_report`).

    The game is read, the hand audited and stored in one write transaction: the
    totals before the hand, and whether the game is over, are the ones it is stored
    with. Read outside it, a director's decision, irregularity or new record on an
    earlier hand committed meanwhile would leave this hand scored on totals that are
    no longer the game's (``follow`` re-audits only the hands stored when it runs).
    """
    require(key, Permission.SUBMIT)
    require_to_report(key, hand.irregularities)
    numbered(hand)
    with archive.write(db):
        game = _visible(db, key, game_id)
        found = resent(game, hand)
        if found is not None:
            return found, False
        played = _taken(game, hand)
        place = Placement(game.id, len(game.hands) + 1, game.setup.table)
        content_hash = archive.game_hand_hash(game.id, played.record.hand_number, hand, hand.sent_deal)
        return archive.store_hand(
            db, content_hash, played.record, played.audit, signers=game.setup.signers, place=place, by=key
        )


@dataclass(frozen=True)
class Preview:
    """A game's next hand as the referee would take it, not stored: its audit, and the
    scoresheet once it is added (the totals, whether the game ends there, the winners)."""

    played: PlayedHand
    sheet: Sheet


def preview_hand(db: Database, key: Key, game_id: int, hand: GameHand) -> Preview:
    """The game's next hand checked as :func:`append_hand` would take it, and the game after
    it, storing nothing: what the scorer's page shows while a line is typed, so the moon,
    the totals and the end of the game are the referee's answer before the line is saved.
    Refused as :func:`append_hand` refuses (``Conflict``, ``RecordError``, ``Rejected``,
    ``Forbidden``)."""
    require(key, Permission.SUBMIT)
    require_to_report(key, hand.irregularities)
    game = _visible(db, key, game_id)
    played = _taken(game, hand)  # next_hand asks a score-only hand for its number
    lines = [*game.lines, line_of(played.audit)]
    return Preview(played, scoresheet(game.setup.variant, game.setup.seats, lines))


def _taken(game: Game, hand: GameHand) -> PlayedHand:
    """``next_hand`` of a stored game, its refusals as the archive's faces answer them."""
    try:
        return next_hand(game.setup, game.lines, hand)
    except (GameOver, WrongHandNumber) as error:
        raise _not_next(game, error) from None
    except RecordError:
        lost = position_lost(game.setup, game.lines, hand)
        if lost is not None:
            raise Conflict.position_taken(game.id, lost) from None
        raise


@dataclass(frozen=True)
class HandSoFar:
    """A game's next hand as entered so far (:func:`check_next_hand`).

    ``audit``: the play so far, judged; ``waiting``: what the hand still needs before the
    game takes it though its play so far is checked (its deal left out: derived once every
    card is in). ``to_play``: whose turn it is (``None`` once the play is over); where the
    deal was typed, ``hand`` is what that seat holds and ``legal`` the cards of it the
    rules let it play now (``Table.legal``), each in card order (by suit, then rank)."""

    audit: HandAudit
    waiting: tuple[Problem, ...] = ()
    to_play: str | None = None
    hand: tuple[Card, ...] = ()
    legal: tuple[Card, ...] = ()


def check_next_hand(
    db: Database, key: Key, game_id: int, hand: GameHand, t: Translator = ENGLISH
) -> HandSoFar:
    """The game's next hand as entered so far, audited and not stored: what the hand page
    shows on each card the moment it is entered. The same reading as :func:`append_hand`
    (the game's dealer, number and totals; :func:`next_hand`), except that play stopping
    early is the audit's ``play_incomplete`` ruling, not a refusal, and a deal left out is
    the deal as far as the play shows it until every card is in (so a revoke is flagged at
    the card that proves it). ``Conflict`` when the game is over or the number is not the
    next hand's; ``RecordError`` and ``Forbidden`` as ever. Explained in the language of ``t``
    (nothing is stored: the director reads it as it is entered)."""
    require(key, Permission.SUBMIT)
    require_to_report(key, hand.irregularities)
    game = _visible(db, key, game_id)
    try:
        played = _next_audited(game.setup, game.lines, hand, t)
    except (GameOver, WrongHandNumber) as error:
        raise _not_next(game, error) from None
    except RecordError as error:
        if hand.deal is not None or any(p.code != "deal_required" for p in error.problems):
            raise
        return _so_far(game, hand, tuple(error.problems), t)
    audit = played.audit
    seat = _to_play(audit)
    if seat is None:
        return HandSoFar(audit)
    table = table_after(played.record, played.record.play)
    return HandSoFar(audit, (), seat, tuple(table.cards_left(seat)), tuple(table.legal(seat)))


def _so_far(game: Game, hand: GameHand, waiting: tuple[Problem, ...], t: Translator = ENGLISH) -> HandSoFar:
    """A hand whose deal is left out and whose play is not over: audited against the deal
    as far as the play shows it (``RecordError`` where it shows too little yet)."""
    audit = _next_audited(game.setup, game.lines, hand, t, so_far=True).audit
    return HandSoFar(audit, waiting, _to_play(audit))


def _to_play(audit: HandAudit) -> str | None:
    """Whose turn it is in a hand whose play stops early: the seat its ``play_incomplete``
    ruling names; ``None`` once the play is over."""
    stopped = next((r for r in audit.rulings if r.code == Code.PLAY_INCOMPLETE), None)
    return None if stopped is None else stopped.seat


def _not_next(game: Game, error: GameOver | WrongHandNumber) -> Conflict:
    """Why a hand sent as ``game``'s next cannot be: the game is over, or it is at another hand."""
    if isinstance(error, GameOver):
        return Conflict(
            SAID.gettext(
                "Game %(game)s ended after hand %(number)s; it takes no more hands.",
                game=game.id,
                number=error.ended_after,
            ),
            [Problem("", "game_over", error.said)],
        )
    return Conflict(
        SAID.gettext(
            "Game %(game)s is at hand %(expected)s, not %(sent)s.",
            game=game.id,
            expected=error.expected,
            sent=error.sent,
        ),
        [
            Problem(
                "/hand_number",
                "wrong_hand_number",
                SAID.gettext("the next hand of this game is hand %(number)s", number=error.expected),
            )
        ],
    )


def resent(game: Game, hand: GameHand) -> StoredHand | None:
    """The stored hand of ``game`` that ``hand`` is a resend of, if any: the same cards
    stored under the hand number the table sent (under any number if it sent none;
    the latest such hand). A deal repeating an earlier hand's card for card under a
    new ``hand_number`` is that new hand, not the earlier one. Hands stored before the
    hand number was hashed in keep the hash they were stored under
    (``archive.earlier_game_hand_hashes``), so their resends still find them.
    """
    candidates = [s for s in game.hands if hand.hand_number in (None, s.hand_number)]
    if not candidates:
        return None
    earlier = archive.earlier_game_hand_hashes(game.id, hand, hand.sent_deal)
    numbered = archive.game_hand_hashes(game.id, [s.hand_number for s in candidates], hand, hand.sent_deal)
    for stored in reversed(candidates):
        if stored.content_hash in earlier or stored.content_hash == numbered[stored.hand_number]:
            return stored
    return None


def sign_game(db: Database, key: Key, game_id: int, seat: str, name: str) -> tuple[Game, bool]:
    """A seat signs the game's scoresheet as it stands, once the game is over.

    Who signs is the variant's ``game_signatures`` (MSO: all four players).
    ``Rejected`` for a seat that is not a signer; ``Conflict`` while the game
    goes on or a hand that counts has an open ruling. Signing twice the same
    sheet is one signature; a decision since makes the old one stale and
    the seat signs again. Returns ``(game, created)``.
    """
    require(key, Permission.SIGN)
    with archive.write(db):
        game = _visible(db, key, game_id)
        setup = game.setup
        if seat not in setup.sheet_signers:
            code = "unknown_seat" if seat not in setup.seats else "not_a_signer"
            if setup.sheet_signers:
                why = SAID.gettext(
                    "%(seat)s cannot sign this scoresheet: %(signers)s signs",
                    seat=repr(seat),
                    signers=", ".join(setup.sheet_signers),
                )
            else:
                why = SAID.gettext("%(seat)s cannot sign this scoresheet: nobody signs", seat=repr(seat))
            raise Rejected([Problem("/seat", code, why)])
        sheet = game.sheet
        if not sheet.over:
            raise Conflict(
                SAID.gettext("Game %(game)s is not over: its scoresheet is signed at the end.", game=game.id),
                [
                    Problem(
                        "", "game_not_over", SAID.gettext("the scoresheet is signed once the game is over")
                    )
                ],
            )
        open_hands = [h.hand_number for h in game.hands[: sheet.ended_after] if h.state.open]
        if open_hands:
            raise Conflict(
                SAID.ngettext(
                    "Game %(game)s has open rulings on hand(s) %(hands)s: decide them before the scoresheet "
                    "is signed.",
                    "Game %(game)s has open rulings on hand(s) %(hands)s: decide them before the scoresheet "
                    "is signed.",
                    len(open_hands),
                    game=game.id,
                    hands=", ".join(map(str, open_hands)),
                ),
                [
                    Problem(
                        "",
                        "open_rulings",
                        SAID.gettext("a hand that counts has a ruling waiting for the director"),
                    )
                ],
            )
        if any(s.seat == seat and not game.stale(s) for s in game.signatures):
            return game, False
        archive.append_game_signature(db, game.id, seat, name, game.sheet_now, key)
    return archive.get_game(db, game_id), True


# --- consequences of a decision ---------------------------------------------------------


def follow_decision(db: Database, decided: StoredHand, entry: Entry, by: Key) -> list[int]:
    """Re-audit the hands after ``decided`` in its game, once a decision (log ``entry``)
    changed its score (:func:`follow`). Inside ``archive.write``."""
    body = entry.body
    on = "the scoresheet" if body["ruling"] is None else f"ruling #{int(body['ruling']) + 1}"
    said = f"The decision on hand {decided.hand_number} (hand {decided.id}, {on}: {body['action']})"
    return follow(db, decided, entry, body["ruling"], body["action"], said, by)


def follow(
    db: Database, changed: StoredHand, entry: Entry, ruling: int | None, action: str, said: str, by: Key
) -> list[int]:
    """Re-audit the hands after ``changed`` in its game, once log ``entry`` (a decision,
    or a new record of the hand) changed its score: each later hand whose totals before
    it (or whether it counts, the game having ended earlier or later) are no longer what
    it stands on is replayed with the new totals, as :func:`next_hand` would deal it now,
    and logs the new audit as its next score version, naming the cause (``said``: what
    changed the score, such as "The decision on hand 1 (...)"). Inside ``archive.write``. Returns the ids of
    the hands re-audited.
    """
    if changed.game_id is None:
        return []
    game = archive.get_game(db, changed.game_id)
    setup, lines = game.setup, list(game.lines)
    cause = {
        "hand_id": changed.id,
        "hand_number": changed.hand_number,
        "seq": changed.seq,
        "entry": entry.n,
        "ruling": ruling,
        "action": action,
    }
    followed = []
    for position, later in enumerate(game.hands):
        if (later.seq or 0) <= (changed.seq or 0):
            continue
        sheet = scoresheet(setup.variant, setup.seats, lines[:position])
        if stands_on(sheet, later):
            continue
        totals, counts = dict(sheet.totals), sheet.ended_after is None
        state = later.state
        standing = standing_record(later)
        before = dict(standing.scores_before or {})
        record = replace(standing, scores_before=totals)
        audit = audit_record(record)
        score, penalties = rescore(
            audit.score, audit.penalties, audit.standings(), [d.decision for d in state.decisions]
        )
        archive.append_consequence(
            db,
            later.id,
            cause,
            _reason(said, before, totals, counts, sheet.ended_after),
            totals,
            audit,
            counts,
            len(state.versions) + 1,
            score,
            penalties,
            by,
        )
        lines[position] = HandLine(score, penalties, later.void)
        followed.append(later.id)
    return followed


def stands_on(sheet: Sheet, hand: StoredHand) -> bool:
    """Whether a game's ``hand`` stands on the totals that ``sheet`` (the game's hands before
    it) gives, and counts as the sheet says (not after the game ended): what :func:`follow`
    restores after a change to an earlier hand, and what :func:`stale_totals` checks."""
    before = dict(standing_record(hand).scores_before or {})
    state = hand.state
    counted = state.consequences[-1].counts if state.consequences else True
    return (before, counted) == (dict(sheet.totals), sheet.ended_after is None)


def stale_totals(db: Database, hand: StoredHand) -> str | None:
    """Why a game's ``hand`` does not stand on the game's totals before it, if it does not;
    else ``None``. The archive never stores such a hand (a game's next hand is taken in one
    write transaction, and :func:`follow` re-audits the later hands of a changed one); an
    archive written before that was so could hold one, and ``verify`` says so."""
    if hand.game_id is None:
        return None
    game = archive.get_game(db, hand.game_id)
    position = next(i for i, h in enumerate(game.hands) if h.id == hand.id)
    sheet = scoresheet(game.setup.variant, game.setup.seats, game.lines[:position])
    if stands_on(sheet, hand):
        return None
    before = dict(standing_record(hand).scores_before or {})
    totals = ", ".join(f"{seat} {points}" for seat, points in sheet.totals.items())
    said = ", ".join(f"{seat} {points}" for seat, points in before.items())
    ended = "" if sheet.ended_after is None else f"; the game ended after hand {sheet.ended_after}"
    return (
        f"hand {hand.hand_number} stands on totals before it of {said}; the game's hands before "
        f"it give {totals}{ended}"
    )


def standing_record(hand: StoredHand) -> HandRecord:
    """The record a stored hand stands on now: a director's new record if it has one, with
    the totals before it that its latest re-audit gave it."""
    record = read_record(hand.record_now)
    before = hand.state.scores_before
    return record if before is None else replace(record, scores_before=dict(before))


def _reason(
    cause: str,
    before: Mapping[str, int],
    totals: Mapping[str, int],
    counts: bool,
    ended_after: int | None,
) -> str:
    """Why a later hand was re-audited, in a sentence a director reads on its page."""
    changed = ", ".join(
        f"{seat} {before.get(seat, 0)}→{points}"
        for seat, points in totals.items()
        if before.get(seat, 0) != points
    )
    said = f"{cause} changed the totals before this hand"
    said += f" ({changed})." if changed else "."
    if not counts:
        said += f" The game now ends after hand {ended_after}: this hand no longer counts."
    return said


# --- a recorded game, validated and stored nowhere -------------------------------------------


@dataclass(frozen=True)
class GameAudit:
    """A whole recorded game, audited: each hand where it fell, and the scoresheet."""

    setup: GameSetup
    hands: tuple[PlayedHand, ...]
    sheet: Sheet
    next_deal: NextDeal


def validate_game(
    setup: GameSetup, hands: Sequence[GameHand | RecordError], t: Translator = ENGLISH
) -> GameAudit:
    """Audit every hand of a recorded game in turn, as the game would have taken it, the
    rulings explained in the language of ``t``.

    A hand the JSON layer could not load comes as its ``RecordError`` (its
    problems already located under ``/hands/<i>``). ``Rejected`` lists every
    problem of every hand, each under its ``/hands/<i>``, and a hand
    recorded after the game had ended.
    """
    problems: list[Problem] = []
    played: list[PlayedHand] = []
    for index, hand in enumerate(hands):
        at = f"/hands/{index}"
        if isinstance(hand, RecordError):
            problems.extend(hand.problems)
            continue
        try:
            this = next_hand(setup, [line_of(p.audit) for p in played], hand, t)
        except GameOver as over:
            if not problems:
                problems.append(Problem(at, "after_game_end", over.said))
            break
        except WrongHandNumber as wrong:
            problems.append(
                Problem(
                    f"{at}/hand_number",
                    "wrong_hand_number",
                    SAID.gettext("this is hand %(number)s of the game", number=wrong.expected),
                )
            )
            continue
        except (RecordError, Rejected) as error:
            problems.extend(Problem(at + p.pointer, p.code, p.message) for p in error.problems)
            continue
        played.append(this)
    if problems:
        raise Rejected(problems, SAID.gettext("The game cannot have been played as recorded; see errors."))
    lines = [line_of(p.audit) for p in played]
    sheet = scoresheet(setup.variant, setup.seats, lines)
    return GameAudit(setup, tuple(played), sheet, next_deal(setup.seats, setup.first_dealer, lines))
