"""Re-auditing the archive: every stored hand replayed by the engine running now.

What an auditor runs after an engine upgrade, or before publishing results:
for each hand a key may read, in id order, the score and rulings the
archive holds beside those the current engine gives for the same stored
record, and the hand's hash chain checked. Nothing is written: the archive
is read page by page (keyset paging, as :func:`usecases.hands.list_hands`),
so memory stays flat however many hands it holds.

What is compared is the *original* stored audit, the engine's own reading
of the hand (the first entry of its log), never a score version a
director's decision made since: a decision answers a ruling, it is not
the engine's reading, and re-auditing asks whether the engine would now
read the hand differently. Rulings are compared by what they decide
(code, seat, trick, card, status, penalty), not by their explanation or
clause text, which change with wording alone.

Who may: :data:`~usecases.access.Permission.READ`, within the key's scope
(:func:`~usecases.access.scope`): a director or an auditor re-audits every
hand, a scorer only its own; an admin reads nothing and is refused. The
command line acts as :data:`usecases.keys.OPERATOR_AS_AUDITOR`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from sqlite_utils import Database

from hearts_referee import archive
from hearts_referee.referee.cards import Card
from hearts_referee.referee.findings import Code
from hearts_referee.referee.reader import read_record
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.translator import SAID
from hearts_referee.referee.variant import Variant
from hearts_referee.rulings.audit import HandAudit
from hearts_referee.rulings.log import Penalty, Ruling
from hearts_referee.rulings.schedules import Status
from hearts_referee.stored import ChainReport, HandEntryKind, HandFilter, Key, StoredHand
from hearts_referee.stored.log_entries import read_audit

from .access import Permission, require, scope
from .audit import audit_record
from .games import play_incomplete

PAGE = 100
"""Hands read from the archive at a time."""


class RulingKey(NamedTuple):
    """What a ruling decides, and so what the comparison looks at (not its wording)."""

    code: Code
    seat: str
    trick: int
    card: Card | None
    status: Status
    penalty: Penalty | None

    @staticmethod
    def of(ruling: Ruling) -> RulingKey:
        return RulingKey(ruling.code, ruling.seat, ruling.trick, ruling.card, ruling.status, ruling.penalty)

    @property
    def where(self) -> tuple[Code, str, int, Card | None]:
        """The finding it rules on: a ruling here with another status or penalty is *changed*."""
        return self.code, self.seat, self.trick, self.card


class SeatScore(NamedTuple):
    """A seat's score as stored and as the engine gives it now (``None``: no such seat)."""

    stored: int | None
    now: int | None


@dataclass(frozen=True)
class RulingsDiff:
    """Rulings the engine now makes that the stored audit lacks (``added``), stored ones it
    no longer makes (``removed``), and ones on the same finding that now rule otherwise
    (``changed``: ``(stored, now)`` pairs)."""

    added: tuple[Ruling, ...] = ()
    removed: tuple[Ruling, ...] = ()
    changed: tuple[tuple[Ruling, Ruling], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)


@dataclass(frozen=True)
class HandRecheck:
    """One stored hand, re-audited.

    ``stored`` is the audit as the archive keeps it, ``engine`` the version that made
    it; ``now`` is the current engine's audit of the stored record. Either is ``None``
    when it cannot be had: the stored audit no longer reads (the ``chain`` report
    usually says why), or the record no longer reads or could not now have happened;
    ``problems`` says which, with the record's problems located by JSON pointer.
    ``score`` holds only the seats whose score would change. ``incomplete`` is set for a
    game hand whose play stops early (stored before a game refused such hands): the
    problem a game would refuse it with now (:func:`usecases.games.play_incomplete`).
    """

    hand_id: int
    game_id: int | None
    seq: int | None
    table: str | None
    variant: str
    hand_number: int
    engine: str
    stored: HandAudit | None
    now: HandAudit | None
    problems: tuple[Problem, ...]
    score: Mapping[str, SeatScore]
    rulings: RulingsDiff
    chain: ChainReport
    incomplete: Problem | None = None

    @property
    def readable(self) -> bool:
        """Both readings were had, and compared: the stored audit reads, and the current
        engine still reads the stored record as a hand that could have happened."""
        return self.stored is not None and self.now is not None

    @property
    def changed(self) -> bool:
        """The current engine reads the hand and would score or rule it otherwise."""
        return bool(self.score or self.rulings)

    @property
    def first_broken(self) -> int | None:
        """The first log entry the chain check finds fault with (``0`` when it names none:
        the log as a whole no longer reads as the hand's history); ``None`` when it holds."""
        named = [n for n, _, _ in self.chain.problems]
        return min((n for n in named if n > 0), default=min(named, default=None))


def recheck(db: Database, key: Key, *, page: int = PAGE) -> Iterator[HandRecheck]:
    """Every hand ``key`` may read, by id, re-audited: a stream, read ``page`` hands at a time.

    ``Forbidden`` at once (before anything is read) for a key whose role may not read hands.
    """
    require(key, Permission.READ)
    return _stream(db, HandFilter(owner=scope(key)), page)


def _stream(db: Database, mine: HandFilter, page: int) -> Iterator[HandRecheck]:
    after: int | None = 0
    while after is not None:
        hands, after = archive.list_hands(db, mine, after=after, limit=page)
        for hand in hands:
            yield recheck_hand(db, hand)


def recheck_hand(db: Database, hand: StoredHand) -> HandRecheck:
    """One stored hand (already read, and visible to the caller) against the engine now."""
    stored, unreadable = _stored_audit(hand)
    now, problems, variant = _audit_now(hand)
    score: dict[str, SeatScore] = {}
    rulings = RulingsDiff()
    if stored is not None and now is not None:
        score, rulings = score_changes(stored, now), rulings_diff(stored.rulings, now.rulings)
    incomplete = None
    if hand.game_id is not None and now is not None and variant is not None:
        incomplete = play_incomplete(variant, now)
    return HandRecheck(
        hand_id=hand.id,
        game_id=hand.game_id,
        seq=hand.seq,
        table=hand.table,
        variant=hand.variant,
        hand_number=hand.hand_number,
        engine=stored.engine_version if stored is not None else hand.engine_version,
        stored=stored,
        now=now,
        problems=unreadable + problems,
        score=score,
        rulings=rulings,
        chain=archive.verify(db, hand.id),
        incomplete=incomplete,
    )


def _stored_audit(hand: StoredHand) -> tuple[HandAudit | None, tuple[Problem, ...]]:
    """The first entry's audit, read alone: a later entry mangled past reading (which the
    chain check reports) must not hide what the engine said."""
    if not hand.log or hand.log[0].kind != HandEntryKind.AUDIT:
        return None, (
            Problem("", "no_stored_audit", SAID.gettext("the hand's log does not start with its audit")),
        )
    try:
        return read_audit(hand.log[0].body), ()
    except ValueError as error:  # UnreadableDocument, or a body that is no longer JSON
        why = SAID.gettext("the stored audit no longer reads: %(error)s", error=str(error))
        return None, (Problem("", "unreadable_audit", why),)


def _audit_now(hand: StoredHand) -> tuple[HandAudit | None, tuple[Problem, ...], Variant | None]:
    """The current engine's audit of the stored record, or why there is none; and the
    record's variant, when it reads."""
    try:
        record = read_record(hand.record)
    except RecordError as error:
        return None, error.problems, None
    except ValueError as error:  # the stored text is no longer JSON
        why = SAID.gettext("the stored record is not JSON (%(error)s)", error=str(error))
        return None, (Problem("", "unreadable", why),), None
    try:
        return audit_record(record), (), record.variant
    except RecordError as error:
        return None, error.problems, record.variant


def score_changes(stored: HandAudit, now: HandAudit) -> dict[str, SeatScore]:
    """The seats whose score differs, in the stored hand's seat order."""
    seats = [*stored.seats, *(seat for seat in now.seats if seat not in stored.seats)]
    pairs = {seat: SeatScore(stored.score.get(seat), now.score.get(seat)) for seat in seats}
    return {seat: pair for seat, pair in pairs.items() if pair.stored != pair.now}


def rulings_diff(stored: tuple[Ruling, ...], now: tuple[Ruling, ...]) -> RulingsDiff:
    """Compare two ruling logs by what each ruling decides (:class:`RulingKey`).

    Rulings deciding the same are matched first, as many times as each log holds
    them; of the rest, a stored and a current ruling on the same finding (code,
    seat, trick, card) are one ruling *changed*, paired in table order; what is left
    was *removed* (stored only) or *added* (now only).
    """
    same = Counter(map(RulingKey.of, stored)) & Counter(map(RulingKey.of, now))
    left_stored = _unmatched(stored, same)
    left_now = _unmatched(now, same)
    changed: list[tuple[Ruling, Ruling]] = []
    added: list[Ruling] = []
    for ruling in left_now:
        where = RulingKey.of(ruling).where
        before = next((r for r in left_stored if RulingKey.of(r).where == where), None)
        if before is None:
            added.append(ruling)
        else:
            left_stored.remove(before)
            changed.append((before, ruling))
    return RulingsDiff(tuple(added), tuple(left_stored), tuple(changed))


def _unmatched(rulings: tuple[Ruling, ...], matched: Counter[RulingKey]) -> list[Ruling]:
    left = Counter(matched)
    out = []
    for ruling in rulings:
        key = RulingKey.of(ruling)
        if left[key]:
            left[key] -= 1
        else:
            out.append(ruling)
    return out
