"""Use cases on single hands: audit one, store one, read, list, decide, sign, verify.

Each is the one place its rule lives; the API, the pages and the command
line all call these. They take typed values (a loaded ``HandRecord``, a
``Decision``) and the caller's key, and return typed values; they never see
JSON or HTTP. A check and the write it guards run in one transaction
(``archive.write``), so two requests cannot both pass a check that only
one of them may.
"""

from __future__ import annotations

from dataclasses import replace

from sqlite_utils import Database

from hearts_referee import archive, stored
from hearts_referee.languages import SOURCE, translator
from hearts_referee.referee import HandRecord
from hearts_referee.referee.notation import record_data
from hearts_referee.referee.reader import read_record
from hearts_referee.referee.record import Problem, RecordError, Reported
from hearts_referee.referee.translator import SAID
from hearts_referee.rulings.decisions import Action, Decision, decision_problems, rescore
from hearts_referee.rulings.life import RulingLife, unchanged
from hearts_referee.rulings.scoresheet import NextDeal, required_signers
from hearts_referee.stored import HandEntryKind, HandFilter, Key, StoredHand
from hearts_referee.stored.handstate import Words
from hearts_referee.stored.log_entries import read_audit

from .access import Permission, require, require_to_report, scope, visible_hand
from .audit import audit_record as audit_record  # the one audit step, named here for the faces
from .errors import Conflict, Rejected, Unchanged
from .games import GameHand, follow, follow_decision, stale_totals, standing_record
from .recheck import RulingKey


def submit_hand(db: Database, key: Key, record: HandRecord) -> tuple[StoredHand, bool]:
    """Store one hand outside any game; the same record from the same key again is the
    stored hand. Returns ``(hand, created)``; ``Forbidden`` for irregularities from a key
    that is not a director's (:func:`~.access.require_to_report`)."""
    require(key, Permission.SUBMIT)
    require_to_report(key, record.irregularities)
    content_hash = archive.hand_hash(record, key.id)
    found = archive.find_hand(db, content_hash) or _stored_before_owners(db, record, key)
    if found is not None:
        return found, False
    signers = required_signers(record.variant.signatures, record.seats, record.seats[0])
    return archive.store_hand(db, content_hash, record, audit_record(record), signers=signers, by=key)


def _stored_before_owners(db: Database, record: HandRecord, key: Key) -> StoredHand | None:
    """The same hand stored by this key before hashes named their key (release 0.1.0)."""
    found = archive.find_hand(db, archive.hand_hash(record, None))
    return found if found is not None and found.owner == key.id else None


def get_hand(db: Database, key: Key, hand_id: int, language: str = SOURCE) -> StoredHand:
    """A stored hand this key may see, its rulings explained in ``language`` (:func:`told_in`);
    ``NotFound`` for one it may not, as for none at all."""
    require(key, Permission.READ)
    return told_in(_visible(db, key, hand_id), language)


def told_in(hand: StoredHand, language: str) -> StoredHand:
    """A stored hand with its rulings' explanations and suggestions in ``language``.

    The archive keeps each audit's words as written, in English, and the codes and facts
    they were made from are the record's: each audit in the hand's log (the first, a new
    record's, a re-audit's with new totals before it) is audited again from the record it
    was made from, in ``language``, and its words are taken when its rulings decide what
    the stored ones decided (:class:`~.recheck.RulingKey`: code, seat, trick, card, status,
    penalty). An audit an engine since then reads otherwise keeps its stored words. Only the
    words change: the score versions, the decisions and their reasons are the log's.
    English is the stored text itself, nothing audited again."""
    if language == SOURCE:
        return hand
    t = translator(language)
    words: list[tuple[int, Words]] = []
    try:
        record = read_record(hand.record)
        for entry in hand.log:
            if entry.kind == HandEntryKind.RECORD:
                record = read_record(entry.body["record"])
            elif entry.kind == HandEntryKind.CONSEQUENCE:
                record = replace(record, scores_before=dict(entry.body["scores_before"]))
            elif entry.kind != HandEntryKind.AUDIT:
                continue
            stored_rulings = read_audit(entry.body).rulings
            try:
                rulings = audit_record(record, t).rulings
            except RecordError:  # a record this engine no longer takes: its words as stored
                continue
            if [RulingKey.of(r) for r in rulings] == [RulingKey.of(r) for r in stored_rulings]:
                words.append((entry.n, tuple((r.explanation, r.suggestion) for r in rulings)))
    except RecordError:  # the stored record does not read now: every audit as stored
        pass
    return replace(hand, language=language, words=tuple(words))


def _visible(db: Database, key: Key, hand_id: int) -> StoredHand:
    hand = archive.get_hand(db, hand_id)
    if hand.game_id is None:
        return visible_hand(key, hand)
    return visible_hand(
        key, hand, archive.game_owner(db, hand.game_id), archive.game_scorers(db, hand.game_id)
    )


def list_hands(
    db: Database, key: Key, where: HandFilter, *, after: int = 0, limit: int = 50, newest: bool = False
) -> tuple[list[StoredHand], int | None]:
    """A page of the hands this key may see, by id (oldest or ``newest`` first); and the
    ``after`` of the next page."""
    require(key, Permission.READ)
    mine = replace(where, owner=scope(key))
    return archive.list_hands(db, mine, after=after, limit=limit, newest=newest)


def verify(db: Database, key: Key, hand_id: int) -> stored.ChainReport:
    """The hand's hash chain and stored scores, checked; and a game's hand, against the
    totals its game's earlier hands give (``stale_totals``, at its latest entry)."""
    require(key, Permission.READ)
    hand = _visible(db, key, hand_id)
    report = archive.verify(db, hand_id)
    stale = stale_totals(db, hand)
    if stale is None:
        return report
    return replace(report, ok=False, problems=(*report.problems, (report.entries, "stale_totals", stale)))


def decide(db: Database, key: Key, hand_id: int, decision: Decision) -> StoredHand:
    """Log a director's decision: the hand's score becomes a new version, and in a game
    every later hand whose totals before it change is re-audited (``follow_decision``).
    Keeping the table's scoresheet takes its score changes from what the table wrote
    here (``StoredHand.scoresheet``), so the log keeps what the decision moved.

    ``Rejected`` (with located problems) for a decision the hand cannot take;
    ``Unchanged`` for one that would change nothing for its ruling or the scoresheet
    (``rulings.life.unchanged``, the rule the pages' forms are offered by).
    """
    require(key, Permission.DECIDE)
    with archive.write(db):
        hand = _visible(db, key, hand_id)
        state = hand.state
        audit = state.standing_audit
        ruled = audit.standings()
        problems = decision_problems(decision, ruled, audit.seats)
        if problems:
            raise Rejected(
                problems, SAID.gettext("Hand %(hand)s cannot take this decision; see errors.", hand=hand_id)
            )
        decision, life = _on_its_question(decision, hand)
        same = unchanged(decision, life)
        if same is not None:
            raise Unchanged(hand_id, same)
        decisions = [*(d.decision for d in state.decisions), decision]
        score, penalties = rescore(audit.score, audit.penalties, ruled, decisions)
        entry = archive.append_decision(db, hand_id, decision, len(state.versions) + 1, score, penalties, key)
        if hand.game_id is not None:
            follow_decision(db, archive.get_hand(db, hand_id), entry, key)
    return archive.get_hand(db, hand_id)


def _on_its_question(decision: Decision, hand: StoredHand) -> tuple[Decision, RulingLife]:
    """The decision as it will be logged, and the life of what it answers: its ruling's,
    or the scoresheet's (which exists: the decision passed ``decision_problems``)."""
    if decision.ruling is not None:
        return decision, hand.state.lives[decision.ruling]
    question = hand.scoresheet
    assert question is not None
    if decision.action == Action.KEEP:  # the table's scores, as it wrote them
        decision = replace(decision, score_changes=question.kept)
    return decision, question.life


def sign(
    db: Database, key: Key, hand_id: int, seat: str, name: str, version: int | None = None
) -> tuple[StoredHand, bool]:
    """A seat signs the hand's current score version; signing twice is one signature.

    ``version``, when given, must be the current one (the signer saw the
    latest scores): otherwise ``Conflict``. Returns ``(hand, created)``.
    """
    require(key, Permission.SIGN)
    with archive.write(db):
        hand = _visible(db, key, hand_id)
        state = hand.state
        seats = state.audit.seats
        signers = state.signers or frozenset(seats)
        if seat not in signers:
            if signers == frozenset(seats):
                why = SAID.gettext("%(seat)s cannot sign this hand: one of the seats signs", seat=repr(seat))
            else:
                why = SAID.gettext(
                    "%(seat)s cannot sign this hand: the scorekeeper (%(signers)s) signs",
                    seat=repr(seat),
                    signers=", ".join(s for s in seats if s in signers),
                )
            code = "unknown_seat" if seat not in seats else "not_a_signer"
            raise Rejected([Problem("/seat", code, why)])
        current = state.current.number
        if version is not None and version != current:
            raise Conflict(
                SAID.gettext(
                    "The hand's scores are at version %(current)s, not %(version)s: read them again and sign "
                    "those.",
                    current=current,
                    version=version,
                ),
                [
                    Problem(
                        "/version",
                        "stale_version",
                        SAID.gettext("the current version is %(current)s", current=current),
                    )
                ],
            )
        if any(s.seat == seat for s in state.current.signatures):
            return hand, False
        archive.append_signature(db, hand_id, seat, name, current, key)
    return archive.get_hand(db, hand_id), True


# --- a new record of a stored hand ----------------------------------------------------------


def record_irregularity(
    db: Database, key: Key, hand_id: int, report: Reported, director: str, reason: str
) -> StoredHand:
    """A director records an irregularity reported at the table against a stored
    score-only hand: its record gains the report, the referee audits that record (the
    variant's schedule prices it), the score becomes a new version and, in a game, the
    later hands follow (:func:`amend`). ``Rejected`` for a hand whose play was refereed
    (its irregularities are the referee's own findings) or a report it cannot take."""
    require(key, Permission.DECIDE)
    with archive.write(db):
        hand = _visible(db, key, hand_id)
        record = standing_record(hand)
        if not record.score_only:
            raise Rejected(
                [
                    Problem(
                        "",
                        "refereed_hand",
                        SAID.gettext(
                            "hand %(hand)s's play was refereed: its rulings come from the play", hand=hand_id
                        ),
                    )
                ],
                SAID.gettext("Hand %(hand)s is not a score-only hand; see errors.", hand=hand_id),
            )
        amended = replace(record, irregularities=(*record.irregularities, report))
        try:
            amend(db, key, hand, amended, director, reason, "irregularity")
        except RecordError as error:  # the report's problems, located in the request
            at = f"/irregularities/{len(record.irregularities)}"
            raise Rejected(
                [Problem(p.pointer.removeprefix(at), p.code, p.message) for p in error.problems],
                SAID.gettext("Hand %(hand)s cannot take this irregularity; see errors.", hand=hand_id),
            ) from None
    return archive.get_hand(db, hand_id)


def replace_record(
    db: Database, key: Key, hand_id: int, sent: GameHand, director: str, reason: str
) -> StoredHand:
    """A game hand's record replaced by another, such as the full record of a disputed
    score-only hand: dealt as the hand was (its number, dealer and the totals before it),
    audited, and its score the hand's next version; the later hands follow
    (:func:`amend`). ``Rejected`` for a hand outside a game or a ``hand_number`` that is
    not this hand's; ``RecordError`` for a record that cannot have happened (its problems
    under ``/record``, where the request holds it)."""
    require(key, Permission.DECIDE)
    with archive.write(db):
        hand = _visible(db, key, hand_id)
        if hand.game_id is None:
            raise Rejected(
                [
                    Problem(
                        "",
                        "not_a_game_hand",
                        SAID.gettext("hand %(hand)s is not a hand of a game", hand=hand_id),
                    )
                ]
            )
        if sent.hand_number not in (None, hand.hand_number):
            raise Rejected(
                [
                    Problem(
                        "/record/hand_number",
                        "wrong_hand_number",
                        SAID.gettext(
                            "hand %(hand)s is hand %(number)s of its game",
                            hand=hand_id,
                            number=hand.hand_number,
                        ),
                    )
                ]
            )
        before = standing_record(hand)
        setup = archive.get_game(db, hand.game_id).setup
        record = sent.record(setup, NextDeal(hand.hand_number, hand.dealer), before.scores_before or {})
        try:
            amend(db, key, hand, record, director, reason, "record")
        except RecordError as error:  # located in the request, whose record is under /record
            raise RecordError(
                [Problem("/record" + p.pointer, p.code, p.message) for p in error.problems]
            ) from None
    return archive.get_hand(db, hand_id)


def amend(
    db: Database, key: Key, hand: StoredHand, record: HandRecord, director: str, reason: str, action: str
) -> None:
    """Log ``record`` as the hand's new record with the referee's audit of it, the next
    score version (earlier decisions answered the old record's rulings), and re-audit the
    later hands of its game as a decision would (``games.follow``). Inside ``archive.write``.
    ``Conflict`` for the record the hand already stands on."""
    if record_data(record) == record_data(standing_record(hand)):
        raise Conflict(
            SAID.gettext("Hand %(hand)s already stands on this record; nothing was recorded.", hand=hand.id),
            [Problem("", "same_record", SAID.gettext("the hand's record is already this one"))],
        )
    audit = audit_record(record)
    entry = archive.append_record(
        db, hand.id, record_data(record), director, reason, audit, len(hand.state.versions) + 1, key
    )
    said = f"The new record of hand {hand.hand_number} (hand {hand.id}: {action}, by {director})"
    follow(db, archive.get_hand(db, hand.id), entry, None, action, said, key)
