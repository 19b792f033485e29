"""A player's rulings across an event: the recorder's view. The one place it is worked out.

A player is the event's entrant, by number (``EventPlayer.number``: 1, 2, ... as the
event was created or a player added), the same at every table and round; at a table
they sit at one seat of its game (the table's players in seat order). A ruling is
*against* a player when it names their seat and its code is an irregularity of that
seat's own (:data:`OFFENCES`: a revoke, a pass, a lead...). The other codes name a seat
for another reason, so they are no one's record: a ``claim`` (the claimer's claim), a
``score_mismatch`` (the table's scoresheet), ``moon_stopped_by_revoke`` (the seat whose
moon the revoke stopped: the revoke is its own ruling), ``moon_choice_not_allowed`` (a
scoring choice the referee corrects) and ``play_incomplete`` (the record stops early).

Every ruling counts, whatever became of it: a waived penalty still records the
irregularity, as a recorder's memo does; each shows where it stands now (its life,
``rulings.life``) and the director's latest decision on it, if any. The rulings read
are each hand's as it stands (a director's new record, or a re-audit, rules afresh).
A player's rulings are in the order they were played: round, hand, then the hand's
own ruling order (a player sits at one table a round).

Reads follow the event's (``usecases.access.visible_event``): every key that reads the
archive sees an event's standings, and a player's record with them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from hearts_referee import archive
from hearts_referee.referee.findings import Code
from hearts_referee.referee.translator import SAID
from hearts_referee.rulings.decisions import answers
from hearts_referee.rulings.life import RulingLife
from hearts_referee.rulings.log import Ruling
from hearts_referee.stored import Decided, EventPlayer, EventTable, Game, Key, StoredEvent, StoredHand

from .access import Permission, require, visible_event
from .events import EventReport

OFFENCES: tuple[Code, ...] = (
    Code.REVOKE,
    Code.RENOUNCE,
    Code.INCORRECT_PASS,
    Code.LEAD_OUT_OF_TURN,
    Code.PLAY_OUT_OF_TURN,
    Code.WRONG_FIRST_LEAD,
    Code.EARLY_HEART,
    Code.POINT_CARD_ON_FIRST_TRICK,
    Code.EXPOSED_CARD,
    Code.PENALTY_CARD_NOT_PLAYED,
    Code.JOKER_PLAYED_EARLY,
    Code.MISDEAL,
)
"""The codes whose ruling is against the seat it names (a misdeal: the dealer's), in the
order a player's counts and the standings CSV's columns list them."""

NOT_OFFENCES: frozenset[Code] = frozenset(
    {
        Code.CLAIM,
        Code.SCORE_MISMATCH,
        Code.MOON_STOPPED_BY_REVOKE,
        Code.MOON_CHOICE_NOT_ALLOWED,
        Code.PLAY_INCOMPLETE,
    }
)
"""The codes that name a seat for another reason (see the module's docstring)."""


@dataclass(frozen=True)
class RulingAgainst:
    """One ruling against a player: where (round, table, the table's game, the hand), the
    ruling as the referee gave it (its index in the hand's rulings), where it stands now
    (``life``) and the director's latest decision on it (``decided``, ``None`` if none)."""

    player: int
    round: int
    table: int
    game_id: int
    hand_id: int
    hand_number: int
    index: int
    ruling: Ruling
    life: RulingLife
    decided: Decided | None

    @property
    def code(self) -> Code:
        return self.ruling.code

    @property
    def order(self) -> tuple[int, int, int]:
        """Its place in the player's event: round, hand, then the hand's ruling order."""
        return (self.round, self.hand_number, self.index)


@dataclass(frozen=True)
class PlayerRecord:
    """Every ruling against one player of an event, in the order they were played."""

    event: StoredEvent
    player: EventPlayer
    rulings: tuple[RulingAgainst, ...]

    @property
    def counts(self) -> dict[Code, int]:
        """How many of each code, in :data:`OFFENCES`' order, codes with none left out."""
        found = Counter(r.code for r in self.rulings)
        return {code: found[code] for code in OFFENCES if found[code]}

    def before(self, ruling: RulingAgainst) -> tuple[RulingAgainst, ...]:
        """The player's rulings played before ``ruling``."""
        return tuple(r for r in self.rulings if r.order < ruling.order)


@dataclass(frozen=True)
class Earlier:
    """A ruling on a hand against a player who has earlier rulings in the event: what the
    hand page tells the director ("2nd revoke in this event: round 1, table 3")."""

    record: PlayerRecord
    ruling: RulingAgainst

    @property
    def before(self) -> tuple[RulingAgainst, ...]:
        return self.record.before(self.ruling)

    @property
    def same_code(self) -> tuple[RulingAgainst, ...]:
        """The earlier rulings of this ruling's code."""
        return tuple(r for r in self.before if r.code == self.ruling.code)

    @property
    def others(self) -> tuple[RulingAgainst, ...]:
        return tuple(r for r in self.before if r.code != self.ruling.code)

    @property
    def ordinal(self) -> int:
        """This ruling's number among the player's rulings of its code in the event (2: the second)."""
        return len(self.same_code) + 1


def _latest_decision(hand: StoredHand, index: int) -> Decided | None:
    standings = hand.state.standing_audit.standings()
    found = [d for d in hand.state.decisions if index in answers(d.decision, standings)]
    return found[-1] if found else None


def rulings_at(round_number: int, table: EventTable, game: Game) -> Iterator[RulingAgainst]:
    """Every ruling against a player at this table's game, hand by hand."""
    for hand in game.hands:
        yield from _rulings_on(round_number, table, game.setup.seats, hand)


def _rulings_on(
    round_number: int, table: EventTable, seats: Sequence[str], hand: StoredHand
) -> Iterator[RulingAgainst]:
    """Every ruling against a player on one hand of a table whose game has ``seats``: the
    one rule of which rulings are against whom."""
    player_at = dict(zip(seats, table.players, strict=True))
    state = hand.state
    lives = state.lives
    for index, ruling in enumerate(state.standing_audit.rulings):
        if ruling.code not in OFFENCES or ruling.seat not in player_at:
            continue
        yield RulingAgainst(
            player_at[ruling.seat],
            round_number,
            table.number,
            table.game_id,
            hand.id,
            hand.hand_number,
            index,
            ruling,
            lives[index],
            _latest_decision(hand, index),
        )


def _record(event: StoredEvent, player: int, found: Sequence[RulingAgainst]) -> PlayerRecord:
    entrant = event.player(player)
    if entrant is None:
        raise archive.NotFound(
            SAID.gettext("Event %(event)s has no player %(player)s.", event=event.id, player=player)
        )
    return PlayerRecord(event, entrant, tuple(sorted(found, key=lambda r: r.order)))


def records(event: EventReport) -> dict[int, PlayerRecord]:
    """Every player's record, by number (those with no ruling too), from the games the
    event's report has read already (the standings page and its CSV)."""
    found: dict[int, list[RulingAgainst]] = {p.number: [] for p in event.event.players}
    for played in event.rounds:
        for table in played.tables:
            for ruling in rulings_at(played.round.number, table.table, table.game):
                found[ruling.player].append(ruling)
    return {number: _record(event.event, number, rulings) for number, rulings in found.items()}


def _read_record(db: Database, event: StoredEvent, player: int) -> PlayerRecord:
    """One player's record, reading only the games of the tables they sat at."""
    found: list[RulingAgainst] = []
    for played in event.rounds:
        for table in played.tables:
            if player in table.players:
                game = archive.get_game(db, table.game_id)
                found.extend(r for r in rulings_at(played.number, table, game) if r.player == player)
    return _record(event, player, found)


def player_record(db: Database, key: Key, event_id: int, player: int) -> PlayerRecord:
    """Every ruling against ``player`` across the event's tables and rounds, with counts by
    code; ``NotFound`` for an event or a player number the event does not have."""
    require(key, Permission.READ)  # before the lookup: a refusal says nothing of what exists
    event = visible_event(key, archive.get_event(db, event_id))
    return _read_record(db, event, player)


def earlier_rulings(db: Database, key: Key, hand: StoredHand) -> Mapping[int, Earlier]:
    """For a hand of an event's table: each of its rulings (by index) against a player who
    has earlier rulings in the event, with that player's record. Empty outside events, and
    for a ruling that is the player's first."""
    require(key, Permission.READ)
    placed = None if hand.game_id is None else archive.event_of_game(db, hand.game_id)
    if placed is None:
        return {}
    event_id, round_number, number = placed
    event = visible_event(key, archive.get_event(db, event_id))
    played = next(r for r in event.rounds if r.number == round_number)
    table = next(t for t in played.tables if t.number == number)
    found: dict[int, Earlier] = {}
    read: dict[int, PlayerRecord] = {}
    for ruling in _rulings_on(round_number, table, hand.state.standing_audit.seats, hand):
        if ruling.player not in read:
            read[ruling.player] = _read_record(db, event, ruling.player)
        earlier = Earlier(read[ruling.player], ruling)
        if earlier.before:
            found[ruling.index] = earlier
    return found
