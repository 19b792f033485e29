"""Replay a recorded hand: deal, pass, play, score, in the order the table did them.

Each phase is a small step over one explicit state (:class:`~referee.table.Table`):
``deal`` checks the cards against the deck, ``pass_cards`` moves the passes,
``play_phase`` applies every event, and ``score_hand`` counts at the end.
The replay goes on past every irregularity, so the log keeps all of them; a
record that cannot have happened at any table is collected as
:class:`~referee.record.Problem` values and raised once, whole: past a broken
stage the checks go on wherever what follows can still be checked (the play
against what was dealt and passed, even when the deal has problems).
:func:`find_problems` does the same for a record its reader could read only
in part (:class:`Readable`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from mypy_extensions import mypyc_attr

from .cards import Card
from .causes import first_cause_first
from .deal import check_held, check_table, deal, first_leader, pass_cards
from .findings import Code, Finding, MisdealFacts, MoonStoppedFacts, PlayIncompleteFacts
from .play import play_phase, plays_held, settle
from .record import ClaimKind, Event, EventAction, HandRecord, Problem, RecordError
from .scoring import Score, score_hand
from .solver import Position, moon_forced, said_line
from .table import Table, TrickInPlay
from .translator import SAID
from .variant import pass_direction_name


@mypyc_attr(acyclic=True)  # compiled: never tracked by the cycle collector (tests/test_no_cycles.py)
class Trick:
    """One trick as the result has it: plays in the order made, who won it and who took it.

    The one trick of a result, whichever face shows it: the replay publishes it
    (:func:`_public`, the one place the table's trick becomes this), the audit keeps it,
    the JSON encoder, the pages and the stored document write it, and a claim's searched
    line is told in it. ``plays`` are ``(seat, card)`` pairs, seat ids as the record
    names them. ``winner`` is ``None`` for a trick the record leaves unfinished (its
    ``points`` are then the points lying on it) and for a trick whose suit
    led cancelled out; ``taken_by`` is who took its cards in the end (the
    winner, or the taker of the middle pile it went to). ``cancelled`` lists
    the cards that cancelled, ``collects`` the numbers of the middle tricks
    taken with this one.

    A plain value with a class of its own, compared by value, as ``record.Event`` is: a C
    struct when compiled (docs/performance.md, "Why the code is shaped so").
    """

    __slots__ = (
        "cancelled",
        "collects",
        "leader",
        "number",
        "plays",
        "points",
        "taken_by",
        "to_middle",
        "winner",
    )

    number: int
    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str | None
    points: int
    taken_by: str | None
    cancelled: tuple[Card, ...]
    collects: tuple[int, ...]
    to_middle: bool
    """Whether every card of the suit led cancelled, sending the trick to the middle: what
    its winner and cancelled cards say, worked out once, as every face reads it."""

    def __init__(
        self,
        number: int,
        leader: str,
        plays: tuple[tuple[str, Card], ...],
        winner: str | None,
        points: int,
        taken_by: str | None = None,
        cancelled: tuple[Card, ...] = (),
        collects: tuple[int, ...] = (),
    ) -> None:
        self.number = number
        self.leader = leader
        self.plays = plays
        self.winner = winner
        self.points = points
        self.taken_by = taken_by
        self.cancelled = cancelled
        self.collects = collects
        self.to_middle = winner is None and bool(cancelled)

    def _key(self) -> tuple[object, ...]:
        return (
            self.number,
            self.leader,
            self.plays,
            self.winner,
            self.points,
            self.taken_by,
            self.cancelled,
            self.collects,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trick) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Trick(number={self.number!r}, leader={self.leader!r}, plays={self.plays!r}, "
            f"winner={self.winner!r}, points={self.points!r}, taken_by={self.taken_by!r}, "
            f"cancelled={self.cancelled!r}, collects={self.collects!r})"
        )


class Kitty(NamedTuple):
    """The undealt cards, who took them and with which trick."""

    cards: tuple[Card, ...]
    taken_by: str | None
    trick: int | None


@dataclass(frozen=True, slots=True, init=False)
class Replay:
    """Everything the replay established about one hand, before penalties.

    ``refereed`` is false for a score-only hand (``referee.score_only``): its play was
    not refereed."""

    record: HandRecord
    pass_direction: str
    void: bool
    complete: bool
    tricks: tuple[Trick, ...]
    findings: tuple[Finding, ...]
    score: Score
    kitty: Kitty | None
    refereed: bool

    def __init__(  # written out: compiled, it is C; the one @dataclass writes stays Python
        self,
        record: HandRecord,
        pass_direction: str,
        void: bool,
        complete: bool,
        tricks: tuple[Trick, ...],
        findings: tuple[Finding, ...],
        score: Score,
        kitty: Kitty | None = None,
        refereed: bool = True,
    ) -> None:
        object.__setattr__(self, "record", record)
        object.__setattr__(self, "pass_direction", pass_direction)
        object.__setattr__(self, "void", void)
        object.__setattr__(self, "complete", complete)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "findings", findings)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "kitty", kitty)
        object.__setattr__(self, "refereed", refereed)


@dataclass(frozen=True, slots=True)
class Readable:
    """Which parts of a record its reader could read whole.

    A reader that met an unreadable part (an unknown card, an event without a seat)
    reports it, leaves it out, and hands over the rest with this, so that
    :func:`find_problems` checks what can still be checked: ``deal``, every card of the
    deal, kitty and exposed cards was read; ``passes``, every pass and the hand number
    that directs them; ``play``, every event of the play.
    """

    deal: bool = True
    passes: bool = True
    play: bool = True


WHOLE = Readable()
"""A record read whole."""

_UNSEATED = frozenset({"seat_count", "duplicate_seat"})
"""Problems that leave nothing to deal to: the deck and the seats' order depend on them."""


def replay(record: HandRecord) -> Replay:
    """Replay ``record`` and return what happened; raise ``RecordError`` if it cannot have.

    The error lists every problem: the checks go on past a broken stage wherever what
    follows can still be checked (the play against what was dealt and passed, even when
    the deal has problems). A score-only hand is checked by ``referee.score_only``."""
    if record.score_only:
        from .score_only import score_only  # it builds a Replay: imported here, not above

        return score_only(record)
    table = _seated(record)
    seats = record.seats
    offset = record.variant.pass_offset(record.hand_number, len(seats))
    direction = pass_direction_name(offset, len(seats))
    misdeal = deal(table, record)
    if table.problems:
        raise RecordError(first_cause_first(record, _after_the_deal(table, record, WHOLE)))
    if misdeal.reasons:
        facts = MisdealFacts(reasons=tuple(misdeal.reasons), void=misdeal.void)
        table.find(Code.MISDEAL, table.index[record.dealer], trick=1, facts=facts)
    if misdeal.void:
        findings = tuple(entry.freeze() for entry in table.log)
        return Replay(
            record,
            direction,
            True,
            False,
            (),
            findings,
            score_hand(record.variant, record, (), complete=False, void=True),
            Kitty(record.kitty, None, None) if record.kitty else None,
        )
    pass_cards(table, record)
    table.current = TrickInPlay(1, first_leader(table, record))
    if table.problems:
        _check_play(table, record, WHOLE)
        raise RecordError(first_cause_first(record, table.problems))
    play_phase(table, record.play)
    if table.problems:
        raise RecordError(first_cause_first(record, table.problems))
    return finish(table, record, direction)


def find_problems(record: HandRecord, readable: Readable = WHOLE) -> list[Problem]:
    """Every problem that can be found in ``record`` with only the ``readable`` parts of it,
    in the order of the stages (table, deal, pass, play); the reader reports the rest."""
    if record.score_only:
        from .score_only import problems_of

        return problems_of(record)
    try:
        table = _seated(record)
    except RecordError as error:
        return list(error.problems)
    deal(table, record, whole=readable.deal)
    return first_cause_first(record, _after_the_deal(table, record, readable))


def _seated(record: HandRecord) -> Table:
    """The table before the deal, its problems noted; ``RecordError`` if it cannot be seated.
    A dealer who is not at the table is a problem; the checks go on with a stand-in."""
    found = check_table(record)
    if record.irregularities:  # a director's reports are a scoresheet line's, not a play's
        found.append(
            Problem(
                "/irregularities",
                "not_allowed",
                SAID.gettext(
                    "a full record's irregularities are the referee's findings in its play: "
                    "send the play, or only the points and the irregularities reported at the table"
                ),
            )
        )
    if found and any(p.code in _UNSEATED for p in found):
        raise RecordError(found)
    seats = record.seats
    table = Table.seated(record.variant, seats, seats.index(record.dealer) if record.dealer in seats else 0)
    table.problems.extend(found)
    return table


def _after_the_deal(table: Table, record: HandRecord, readable: Readable) -> list[Problem]:
    """The pass and the play of a hand already known to have problems, for theirs: every
    check that what was read allows."""
    if not all(seat in record.deal for seat in record.seats):
        readable = Readable(readable.deal, passes=False, play=False)  # a seat's cards are unknown
    if not readable.passes:
        for seat, given in record.passes.items():
            giver = table.index.get(seat)
            if giver is not None:
                check_held(table, giver, given)
        return table.problems
    pass_cards(table, record)
    table.current = TrickInPlay(1, first_leader(table, record))
    _check_play(table, record, readable)
    return table.problems


def _check_play(table: Table, record: HandRecord, readable: Readable) -> None:
    """The play of a hand with problems, for its own: replayed in order when it can be
    followed, else only each card against its seat's hand (:func:`plays_held`)."""
    if readable.play and all(event.seat in table.index for event in record.play):
        play_phase(table, record.play)
    else:
        plays_held(table, record.play)


def finish(table: Table, record: HandRecord, direction: str) -> Replay:
    """The record has ended: settle what is open, settle a claim, and score."""
    trick = table.current
    if table.tricks:
        settle(table.tricks[-1])
    settle(trick)  # including a lone lead out of turn that nobody answered: it stands
    tricks = [_public(t, table) for t in table.tricks]
    if trick.played:
        tricks.append(_public(trick, table))
    seats = table.seats
    kitty = None
    if table.kitty:
        taker = table.kitty_taker
        kitty = Kitty(table.kitty, None if taker is None else seats[taker], table.kitty_with)
    complete = len(table.tricks) == table.hand_size
    claimed_rest = None
    claim_ends_play = table.last_claim is not None and table.last_claim[0] > _index_of_last_card(record)
    if not complete and table.last_claim is not None and claim_ends_play:
        _, claimant, claim = table.last_claim
        if claim.holds and claim.what == ClaimKind.ALL_TRICKS:  # only this claim settles who takes what
            rest = [card for hand in table.hands for card in hand.cards()]
            rest += trick.played
            # RULES, claims clause: a pile waiting in the middle goes with the next trick won
            rest += [card for piled in table.middle if piled is not trick for card in piled.played]
            claimed_rest = (seats[claimant], tuple(rest))
            complete = True
    if not complete and not claim_ends_play:
        _play_stopped(table, tricks)
    log = tuple(entry.freeze() for entry in table.log)
    score = _score(table, record, tricks, complete, claimed_rest, log, kitty)
    if any(f.code == Code.MOON_STOPPED_BY_REVOKE for f in score.findings):
        score = replace(score, findings=tuple(_searched_moon(record, f, log) for f in score.findings))
    return Replay(record, direction, False, complete, tuple(tricks), log + score.findings, score, kitty)


class PlayLeft(NamedTuple):
    """How much of a hand is still to be played."""

    tricks: int
    """Tricks not played out (the one in progress included)."""
    cards: int
    """Cards still in the players' hands."""


def play_left(hand_size: int, seats: int, cards_on_tricks: Iterable[int]) -> PlayLeft:
    """What is left of a hand of ``hand_size`` tricks at ``seats`` seats, from the number of
    cards on each trick so far: the one count the ruling and a game's refusal both give."""
    on_tricks = list(cards_on_tricks)
    done = sum(1 for cards in on_tricks if cards >= seats)
    return PlayLeft(hand_size - done, hand_size * seats - sum(on_tricks))


def _play_stopped(table: Table, tricks: list[Trick]) -> None:
    """RULES, incomplete play: the play stops early with no claim or concession for the
    rest, so the hand cannot be scored. Logged at the trick where it stopped, against the
    seat whose turn it was; the hand is in progress (a game refuses it)."""
    left = play_left(table.hand_size, len(table.seats), (len(t.plays) for t in tricks))
    stopped = table.current
    facts = PlayIncompleteFacts(tricks=table.hand_size, tricks_left=left.tricks, cards_left=left.cards)
    table.find(Code.PLAY_INCOMPLETE, stopped.turn, facts=facts, trick=stopped.number)


def _score(
    table: Table,
    record: HandRecord,
    tricks: list[Trick],
    complete: bool,
    claimed_rest: tuple[str, tuple[Card, ...]] | None,
    log: tuple[Finding, ...],
    kitty: Kitty | None,
) -> Score:
    return score_hand(
        table.variant,
        record,
        tricks,
        complete=complete,
        void=False,
        claimed_rest=claimed_rest,
        findings=log,
        point_takers=table.point_takers(),
        kitty=kitty,
    )


def _searched_moon(record: HandRecord, finding: Finding, log: tuple[Finding, ...]) -> Finding:
    """RULES, a revoke cannot stop a moon: search the position at the revoke, the revoker
    made to follow suit, and suggest the moon only when the search proves it."""
    if finding.code != Code.MOON_STOPPED_BY_REVOKE:
        return finding
    facts = finding.facts_as(MoonStoppedFacts)
    revoke = next(
        (
            f
            for f in log
            if f.code == Code.REVOKE
            and f.seat == facts.revoker
            and f.trick == facts.revoke_trick
            and f.event is not None
        ),
        None,
    )
    if revoke is None or revoke.event is None:
        return finding
    table = table_after(record, record.play[: revoke.event])
    recorded: dict[str, list[Card]] = {seat: [] for seat in record.seats}
    for event in record.play[revoke.event :]:
        if event.action == EventAction.CARD and event.card is not None:
            recorded[event.seat].append(event.card)
    position = Position.at(table, finding.seat)
    proven, line = moon_forced(
        position, finding.seat, facts.revoker, {s: tuple(c) for s, c in recorded.items()}
    )
    if proven:
        searched = SAID.gettext(
            "Searched from the revoke with %(revoker)s following suit and the others' cards "
            "as recorded: %(seat)s still takes every point card against any legal defence.",
            revoker=facts.revoker,
            seat=finding.seat,
        )
        return replace(finding, facts=replace(facts, searched=searched))
    if proven is None:
        searched = SAID.gettext("The search from the revoke ran out of budget: the moon is not proven.")
    else:
        searched = SAID.gettext(
            "Searched from the revoke with %(revoker)s following suit: %(revoker)s can "
            "stop the moon (%(line)s).",
            revoker=facts.revoker,
            line=said_line(line, to_the_middle=False),
        )
    suggestion = SAID.gettext("moon not proven")
    return replace(finding, facts=replace(facts, suggestion=suggestion, searched=searched))


def table_after(record: HandRecord, played: tuple[Event, ...]) -> Table:
    """The table as the replay has it once the deal, the pass and the events ``played``
    are done: where a search (a claim, a revoke against a moon) starts from."""
    table = Table.seated(record.variant, record.seats, record.seats.index(record.dealer))
    deal(table, record)
    pass_cards(table, record)
    table.current = TrickInPlay(1, first_leader(table, record))
    play_phase(table, played)
    return table


def held_after_pass(record: HandRecord) -> dict[str, list[Card]]:
    """What each seat played from: the cards it was dealt, less what it passed, plus what it
    received, as the replay moves them (:func:`referee.deal.pass_cards`), each copy, in card
    order. A record the replay refuses has no such hands."""
    table = table_after(record, ())
    return {seat: table.cards_left(seat) for seat in record.seats}


def _index_of_last_card(record: HandRecord) -> int:
    for index in range(len(record.play) - 1, -1, -1):
        if record.play[index].action == EventAction.CARD:
            return index
    return -1


def _public(trick: TrickInPlay, table: Table) -> Trick:
    """The trick as the replay publishes it: the one place the table's trick becomes the
    result's :class:`Trick`, every seat index written as its seat id. The trick still in play
    when the record ends (``table.current``) was never closed: it has no winner and no taker,
    and its points are the points lying on it."""
    number = trick.number
    seats = table.seats
    played = trick.played
    plays = tuple([(seats[seat], played[k]) for k, seat in enumerate(trick.seats)])
    if trick is table.current:
        card_points = table.variant.card_points
        return Trick(number, seats[trick.leader], plays, None, sum([card_points.get(c, 0) for c in played]))
    cancelled = table.cancelled.get(number, ()) if table.cancelled else ()
    collects = tuple(table.collects.get(number, ())) if table.collects else ()
    winner, taken_by = trick.winner, trick.taken_by
    return Trick(
        number,
        seats[trick.leader],
        plays,
        None if winner is None else seats[winner],
        trick.points,
        None if taken_by is None else seats[taken_by],
        cancelled,
        collects,
    )


__all__ = [
    "WHOLE",
    "Card",
    "Kitty",
    "PlayLeft",
    "Readable",
    "Replay",
    "Trick",
    "find_problems",
    "held_after_pass",
    "play_left",
    "replay",
]
