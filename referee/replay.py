"""Replay a recorded hand: deal, pass, play, score, in the order the table did them.

Each phase is a small step over one explicit state (:class:`~referee.table.Table`):
``deal`` checks the cards against the deck, ``pass_cards`` moves the passes,
``play_phase`` applies every event, and ``score_hand`` counts at the end.
The replay goes on past every irregularity, so the log keeps all of them; a
record that cannot have happened at any table is collected as
:class:`~referee.record.Problem` values and raised once, whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card
from .deal import check_table, deal, first_leader, pass_cards
from .findings import Finding
from .play import play_phase, settle
from .record import HandRecord, RecordError
from .scoring import Score, score_hand
from .table import Play, Table, TrickInPlay
from .variants import pass_direction_name


class Trick(NamedTuple):
    """One trick as it stands: plays in the order made, winner, card points.

    ``winner`` is ``None`` for a trick the record leaves unfinished; its
    ``points`` are then the points lying on it.
    """

    number: int
    leader: str
    plays: tuple[Play, ...]
    winner: str | None
    points: int


@dataclass(frozen=True, slots=True)
class Replay:
    """Everything the replay established about one hand, before penalties."""

    record: HandRecord
    pass_direction: str
    void: bool
    complete: bool
    tricks: tuple[Trick, ...]
    findings: tuple[Finding, ...]
    score: Score


def replay(record: HandRecord) -> Replay:
    """Replay ``record`` and return what happened; raise ``RecordError`` if it cannot have."""
    problems = check_table(record)
    if problems:
        raise RecordError(problems)
    seats = record.seats
    table = Table.seated(record.variant, seats)
    table.current = TrickInPlay(1, record.dealer)
    offset = record.variant.pass_offset(record.hand_number, len(seats))
    direction = pass_direction_name(offset, len(seats))
    misdeal = deal(table, record)
    if table.problems:
        raise RecordError(table.problems)
    if misdeal:
        table.find("misdeal", record.dealer, trick=1, reasons=tuple(misdeal))
        findings = tuple(entry.freeze() for entry in table.log)
        return Replay(record, direction, True, False, (), findings,
                      score_hand(record.variant, record, (), complete=False, void=True))
    pass_cards(table, record, offset)
    if table.problems:
        raise RecordError(table.problems)
    table.current = TrickInPlay(1, first_leader(table, record))
    play_phase(table, record.play)
    if table.problems:
        raise RecordError(table.problems)
    return finish(table, record, direction)


def finish(table: Table, record: HandRecord, direction: str) -> Replay:
    """The record has ended: settle what is open, settle a claim, and score."""
    trick = table.current
    if table.tricks:
        settle(table.tricks[-1])
    settle(trick)  # including a lone lead out of turn that nobody answered: it stands
    tricks = [_public(t) for t in table.tricks]
    if trick.plays:
        points = sum(table.variant.card_points.get(p.card, 0) for p in trick.plays)
        tricks.append(Trick(trick.number, trick.leader, tuple(trick.plays), None, points))
    complete = len(table.tricks) == table.hand_size
    claimed_rest = None
    if not complete and table.last_claim is not None \
            and table.last_claim[0] > _index_of_last_card(record):
        entry = table.last_claim[1]
        if entry.facts["holds"]:
            rest = [card for seat in table.seats for card in table.cards_left(seat)]
            rest += [p.card for p in trick.plays]
            claimed_rest = (entry.seat, tuple(rest))
            complete = True
    log = tuple(entry.freeze() for entry in table.log)
    score = score_hand(table.variant, record, tricks, complete=complete, void=False,
                       claimed_rest=claimed_rest, findings=log, point_takers=table.point_takers)
    return Replay(record, direction, False, complete, tuple(tricks), log + score.findings, score)


def _index_of_last_card(record: HandRecord) -> int:
    for index in range(len(record.play) - 1, -1, -1):
        if record.play[index].action == "card":
            return index
    return -1


def _public(trick: TrickInPlay, new=tuple.__new__) -> Trick:
    return new(Trick, (trick.number, trick.leader, tuple(trick.plays), trick.winner, trick.points))


__all__ = ["Card", "Replay", "Trick", "replay"]
