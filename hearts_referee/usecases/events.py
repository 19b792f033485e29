"""Use cases on events: create one, seat its next round, read its tables and standings,
and the director's overrides. The one place each of these rules lives.

The pairing rules are pure (``referee.events``); here they meet the archive.
Each table of a round plays an ordinary game of this service, started through
:func:`usecases.games.start_game` when the round is seated (its seats N, E, S, W
at four, A-H at 6-8, in the seating's order; the last seat deals first, so the
first seat leads at Long John; the first seat keeps score). A table's result
is its game's: it counts once the game is over, and a decision on one of its
hands afterwards changes the standings on the next read, since the standings
are always folded from the games' current score versions.

Every change to an event (created, a round seated with the seed that seated it,
each override with its reason) is an entry of the event's hash-chained log.
Overrides: ``move`` a player to another table, ``swap`` two players, ``reseat``
a table (new seat order from a new seed), ``add`` a player, ``withdraw`` one. A
move, swap or reseat concerns the current round's tables, and only tables at
which no hand has been stored: each affected table gets a new game, and the
old one, never played, stays in the archive, named in the log. Players added
or withdrawn take part from the next round seated.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from sqlite_utils import Database

from hearts_referee import archive
from hearts_referee.referee.events import (
    Advancement,
    CannotSeat,
    EventFormat,
    PlayedRound,
    Round,
    RoundKind,
    Standing,
    TableResult,
    at_most,
    field_refusal,
    name_key,
    next_round,
    repeated_names,
    standings,
    swiss_bands,
    table_match_points,
)
from hearts_referee.referee.reader import variant_of
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID, alternatives
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.stored import (
    EventChainReport,
    EventEntryKind,
    EventListed,
    EventRound,
    EventTable,
    Game,
    Key,
    Role,
    StoredEvent,
)

from .access import Permission, require, visible_event
from .errors import Conflict, Rejected
from .games import start_game

SEATS_OF_FOUR = ("N", "E", "S", "W")
SEATS_AROUND = ("A", "B", "C", "D", "E", "F", "G", "H")

SEED_LIMIT = 2**31
"""Seeds are drawn below this (and a director's own seed must be): they fit any JSON client."""


def seat_ids(size: int) -> tuple[str, ...]:
    """The seats of a table of ``size``, clockwise."""
    return SEATS_OF_FOUR if size == 4 else SEATS_AROUND[:size]


class TableStatus(StrEnum):
    PLAYING = "playing"
    PENDING = "pending"
    """The game is over but its scoresheet is not signed as the variant requires: shown,
    not counted (RULES, event bullets)."""
    OVER = "over"
    """The game is over and its scoresheet signed: the table counts."""


class EventStatus(StrEnum):
    REGISTERING = "registering"
    PLAYING = "playing"
    PENDING = "pending"
    """Every table of the last round is over, some scoresheets are not signed yet: the next
    round waits for them (or for the director's override, with its reason)."""
    BETWEEN_ROUNDS = "between_rounds"
    OVER = "over"


@dataclass(frozen=True)
class TableReport:
    """A table of a round as it stands: its players by seat, its game and its result.

    ``finished`` is the game's result once it is over; ``result`` the same once the
    scoresheet is signed as the variant requires (``missing``: the seats still to sign),
    the only result that counts. ``band`` is the table's band of the standings in a
    Swiss round, ``standing`` its players' match points when the round was seated (as
    the standings read now)."""

    table: EventTable
    seats: tuple[str, ...]
    game: Game
    finished: TableResult | None
    match_points: Mapping[int, Fraction] | None
    winners: tuple[int, ...]
    missing: tuple[str, ...] = ()
    band: int | None = None
    standing: Mapping[int, Fraction] | None = None

    @property
    def result(self) -> TableResult | None:
        return self.finished if not self.missing else None

    @property
    def status(self) -> TableStatus:
        if self.finished is None:
            return TableStatus.PLAYING
        return TableStatus.PENDING if self.missing else TableStatus.OVER


@dataclass(frozen=True)
class RoundReport:
    round: EventRound
    tables: tuple[TableReport, ...]

    @property
    def complete(self) -> bool:
        return all(t.result is not None for t in self.tables)

    @property
    def pending(self) -> tuple[TableReport, ...]:
        return tuple(t for t in self.tables if t.status is TableStatus.PENDING)

    def planned(self, pending_count: bool = False) -> PlayedRound:
        """The round as the pairing rules see it; ``pending_count``: its pending tables as
        they stand (a director's override, or a round already moved past)."""
        seated = Round(
            self.round.number,
            self.round.kind,
            tuple(t.players for t in self.round.tables),
            self.round.byes,
            self.round.repeats,
            self.round.qualifiers,
            self.round.final,
        )
        return PlayedRound(seated, tuple(t.finished if pending_count else t.result for t in self.tables))


@dataclass(frozen=True)
class EventReport:
    """An event with every table's game read: where it stands, standings, winners."""

    event: StoredEvent
    rounds: tuple[RoundReport, ...]
    standings: tuple[Standing, ...]

    @property
    def status(self) -> EventStatus:
        if not self.rounds:
            return EventStatus.REGISTERING
        last = self.rounds[-1]
        if any(t.status is TableStatus.PLAYING for t in last.tables):
            return EventStatus.PLAYING
        if not last.complete:
            return EventStatus.PENDING
        return EventStatus.OVER if last.round.final else EventStatus.BETWEEN_ROUNDS

    @property
    def winners(self) -> tuple[int, ...]:
        """The final table's lowest total, ties all, once the final is over."""
        if self.status is not EventStatus.OVER:
            return ()
        return self.rounds[-1].tables[0].winners

    @property
    def pending(self) -> tuple[tuple[int, TableReport], ...]:
        """Every finished table whose scoresheet is not signed yet, with its round's number."""
        return tuple((r.round.number, t) for r in self.rounds for t in r.pending)

    @property
    def pending_match_points(self) -> dict[int, Fraction]:
        """What each player's pending tables would add to their match points once signed."""
        fmt = self.event.format
        points: dict[int, Fraction] = {}
        for number, table in self.pending:
            if number <= fmt.qualifying_rounds and table.match_points:
                for player, value in table.match_points.items():
                    points[player] = points.get(player, Fraction(0)) + value
        return points

    def round(self, number: int) -> RoundReport:
        for report in self.rounds:
            if report.round.number == number:
                return report
        raise archive.NotFound(
            SAID.gettext("Event %(event)s has no round %(round)s.", event=self.event.id, round=number)
        )


# --- reading ----------------------------------------------------------------------------------


def _table_report(fmt: EventFormat, table: EventTable, game: Game) -> TableReport:
    seats = game.setup.seats
    by_seat = dict(zip(seats, table.players, strict=True))
    sheet = game.sheet
    if not sheet.over:
        return TableReport(table, seats, game, None, None, ())
    result = TableResult({by_seat[seat]: total for seat, total in sheet.totals.items()})
    points = table_match_points(fmt, result) if fmt.match_points else None
    missing = tuple(game.missing_signatures)
    return TableReport(table, seats, game, result, points, result.winners, missing)


def report(db: Database, event: StoredEvent) -> EventReport:
    """The event with every table's game read, and its standings (signed tables only)."""
    fmt = event.format
    rounds: list[RoundReport] = []
    for r in event.rounds:
        tables = tuple(_table_report(fmt, t, archive.get_game(db, t.game_id)) for t in r.tables)
        if r.kind is RoundKind.SWISS:
            before = {s.player: s.match_points for s in _standings(fmt, event, rounds)}
            tables = tuple(
                replace(t, band=band, standing={p: before.get(p, Fraction(0)) for p in t.table.players})
                for t, band in zip(tables, swiss_bands(len(tables)), strict=True)
            )
        rounds.append(RoundReport(r, tables))
    return EventReport(event, tuple(rounds), tuple(_standings(fmt, event, rounds)))


def _standings(fmt: EventFormat, event: StoredEvent, rounds: Sequence[RoundReport]) -> list[Standing]:
    """Match-point formats: the qualifying rounds (playoffs decide the winner, not the
    standing); table-winner formats: every round."""
    counted = [
        r
        for r in rounds
        if fmt.advancement is Advancement.TABLE_WINNERS or r.round.number <= fmt.qualifying_rounds
    ]
    results = [t.result for r in counted for t in r.tables if t.result is not None]
    byes = [p for r in counted for p in r.round.byes]
    return standings(fmt, [p.number for p in event.players], results, byes)


def get_event(db: Database, key: Key, event_id: int) -> EventReport:
    """An event as it stands (events are read by every key that reads the archive: pairings
    and standings are posted for all to see)."""
    require(key, Permission.READ)  # before the lookup: a refusal says nothing of what exists
    return report(db, visible_event(key, archive.get_event(db, event_id)))


def list_events(db: Database, key: Key) -> list[EventListed]:
    require(key, Permission.READ)
    return archive.list_events(db)


def event_log(db: Database, key: Key, event_id: int) -> EventChainReport:
    """The event's log and whether its chain holds."""
    require(key, Permission.READ)
    visible_event(key, archive.get_event(db, event_id))
    return archive.event_log(db, event_id)


# --- creating and seating -----------------------------------------------------------------------


@dataclass(frozen=True)
class NewEvent:
    name: str
    format: EventFormat
    format_spec: Any
    players: tuple[str, ...]
    scorers: tuple[int, ...] = ()
    """The scorer keys (by id) that may score the event's tables (``usecases.access``)."""


def create_event(db: Database, key: Key, new: NewEvent) -> EventReport:
    """Store a new event with its players (numbered 1, 2, ... in the order given)."""
    require(key, Permission.RUN_EVENTS)
    fmt = new.format
    if len(new.players) > fmt.max_players:
        raise Rejected([Problem("/players", "too_many_players", at_most(fmt))])
    _check_field(fmt, new.players)
    scorers = _scorer_keys(db, new.scorers, "/scorers")
    with archive.write(db):
        event_id = archive.insert_event(db, new.name, new.format_spec, fmt, list(new.players), key)
        archive.set_scorers(db, event_id, scorers)
        archive.append_log(
            db,
            event_id,
            EventEntryKind.CREATED,
            {"name": new.name, "format": new.format_spec, "players": list(new.players), "scorers": scorers},
            key.label,
        )
    return report(db, archive.get_event(db, event_id))


def _check_field(fmt: EventFormat, names: Sequence[str]) -> None:
    """RULES, event bullets: unique names, and a field some table plan seats. ``Rejected``
    naming both entries of each repeated name, or the field's refusal and the nearest
    sizes that seat."""
    problems = [
        Problem(
            f"/players/{later}",
            "duplicate_player_name",
            SAID.gettext(
                "%(name)s is already the name of player %(player)s (%(pointer)s): "
                "a second player of that name needs a distinguishing name",
                name=repr(names[later]),
                player=earlier + 1,
                pointer="/players/" + str(earlier),
            ),
        )
        for earlier, later in repeated_names(names)
    ]
    refusal = field_refusal(fmt, len(names))
    if refusal is not None:
        problems.append(Problem("/players", "field_not_seatable", refusal))
    if problems:
        raise Rejected(problems)


def _scorer_keys(db: Database, ids: Sequence[int], at: str) -> list[int]:
    """``ids`` if each names a live scorer key; ``Rejected`` naming each that does not."""
    problems = []
    for index, key_id in enumerate(ids):
        found = archive.get_key(db, key_id)
        if found is None or found.role != Role.SCORER:
            problems.append(
                Problem(
                    f"{at}/{index}",
                    "not_a_scorer_key",
                    SAID.gettext("key %(key)s is not a live scorer key", key=key_id),
                )
            )
    if problems:
        raise Rejected(problems)
    return sorted(set(ids))


def seat_next_round(
    db: Database, key: Key, event_id: int, seed: int | None = None, pending_reason: str | None = None
) -> EventReport:
    """Seat the event's next round and start a game at each table. The seed (drawn when not
    given) is logged, so the round can be seated again exactly from it. ``Conflict`` when a
    round is still being played, a table of the last round is pending (its game over, its
    scoresheet not signed) and no ``pending_reason`` overrides that, the final is over, or
    the field cannot be seated. With the override, the pending tables' results seat the
    round as they stand, and the log names them with the reason (the standings still count
    them only once signed). Returns the event as it stands after: the new round is its last."""
    require(key, Permission.RUN_EVENTS)
    with archive.write(db):
        event = archive.get_event(db, event_id)
        current = report(db, event)
        last = current.rounds[-1] if current.rounds else None
        waiting = list(last.pending) if last is not None else []
        playing = last is not None and any(t.status is TableStatus.PLAYING for t in last.tables)
        if waiting and not playing and pending_reason is None:
            raise Conflict(
                SAID.gettext(
                    "Event %(event)s cannot seat a round now: "
                    "round %(round)s has tables whose scoresheets are not signed.",
                    event=event_id,
                    round=last.round.number if last else 0,
                ),
                [
                    Problem(
                        "",
                        "tables_pending",
                        SAID.gettext(
                            "table %(table)s (game %(game)s) waits for the signatures of %(seats)s",
                            table=t.table.number,
                            game=t.game.id,
                            seats=", ".join(t.missing),
                        ),
                    )
                    for t in waiting
                ],
            )
        seed = secrets.randbelow(SEED_LIMIT) if seed is None else seed
        played = [r.planned(pending_count=True) for r in current.rounds[:-1]]
        if last is not None:
            played.append(last.planned(pending_count=pending_reason is not None))
        try:
            planned = next_round(event.format, event.active_players, played, seed)
        except CannotSeat as refused:
            raise Conflict(
                SAID.gettext(
                    "Event %(event)s cannot seat a round now: %(why)s.", event=event_id, why=refused.message
                ),
                [Problem("", refused.code, refused.message)],
            ) from None
        games = [
            _start_table_game(db, key, event, planned.number, number, players).id
            for number, players in enumerate(planned.tables, start=1)
        ]
        archive.insert_round(db, event_id, planned, seed, games)
        archive.append_log(
            db,
            event_id,
            EventEntryKind.ROUND_SEATED,
            {
                "round": planned.number,
                "kind": planned.kind.value,
                "seed": seed,
                "tables": [list(t) for t in planned.tables],
                "games": games,
                "byes": list(planned.byes),
                "qualifiers": list(planned.qualifiers),
                "final": planned.final,
                "repeats": planned.repeats,
                **(
                    {
                        "pending": [t.table.number for t in waiting],
                        "pending_reason": pending_reason,
                    }
                    if waiting and pending_reason is not None
                    else {}
                ),
            },
            key.label,
        )
        return report(db, archive.get_event(db, event_id))


def _start_table_game(
    db: Database, key: Key, event: StoredEvent, round_number: int, number: int, players: Sequence[int]
) -> Game:
    seats = seat_ids(len(players))
    names = {}
    for seat, player in zip(seats, players, strict=True):
        found = event.player(player)
        names[seat] = found.name if found else f"Player {player}"
    setup = GameSetup(
        variant_of(event.format.variant),
        seats,
        seats[-1],
        seats[0],
        names,
        f"E{event.id} R{round_number} T{number}",
    )
    return start_game(db, key, setup)


# --- the director's overrides --------------------------------------------------------------------


class Action(StrEnum):
    MOVE = "move"
    SWAP = "swap"
    RESEAT = "reseat"
    ADD = "add"
    WITHDRAW = "withdraw"
    SCORERS = "scorers"


@dataclass(frozen=True)
class Override:
    """One override. ``move``: ``player`` to ``table``; ``swap``: ``player`` and
    ``with_player``; ``reseat``: ``table`` (``seed`` optional); ``add``: ``name``;
    ``withdraw``: ``player``; ``scorers``: the scorer keys that may score the event's
    tables from now on (``scorers``, replacing the set). Always a ``reason``."""

    action: Action
    reason: str
    player: int | None = None
    with_player: int | None = None
    table: int | None = None
    name: str | None = None
    seed: int | None = None
    scorers: tuple[int, ...] | None = None


def override(db: Database, key: Key, event_id: int, change: Override) -> EventReport:
    """Apply one override and log it with its reason; ``Rejected`` or ``Conflict`` when it
    cannot be applied, nothing changed."""
    require(key, Permission.RUN_EVENTS)
    with archive.write(db):
        event = archive.get_event(db, event_id)
        body: dict[str, Any] = {"action": change.action.value, "reason": change.reason}
        if change.action is Action.ADD:
            if len(event.active_players) >= event.format.max_players:
                raise Rejected(
                    [
                        Problem(
                            "/name",
                            "too_many_players",
                            SAID.gettext("the event has its %(count)s", count=event.format.max_players),
                        )
                    ]
                )
            name = _required(change.name, "/name")
            taken = next((p for p in event.players if name_key(p.name) == name_key(name)), None)
            if taken is not None:
                raise Rejected(
                    [
                        Problem(
                            "/name",
                            "duplicate_player_name",
                            SAID.gettext(
                                "%(name)s is already the name of player %(player)s (%(taken)s): "
                                "a second player of that name needs a distinguishing name",
                                name=repr(name),
                                player=taken.number,
                                taken=repr(taken.name),
                            ),
                        )
                    ]
                )
            body["player"] = archive.add_player(db, event_id, name)
            body["name"] = change.name
        elif change.action is Action.SCORERS:
            body["scorers"] = _scorer_keys(db, _required(change.scorers, "/scorers"), "/scorers")
            archive.set_scorers(db, event_id, body["scorers"])
        elif change.action is Action.WITHDRAW:
            player = _active_player(event, change.player, "/player")
            archive.withdraw_player(db, event_id, player)
            body["player"] = player
        else:
            body.update(_reseat(db, key, event, change))
        archive.append_log(db, event_id, EventEntryKind.OVERRIDE, body, key.label)
        return report(db, archive.get_event(db, event_id))


def _required(value: Any, at: str) -> Any:
    if value is None:
        raise Rejected(
            [Problem(at, "required", SAID.gettext("%(field)s is needed for this action", field=at[1:]))]
        )
    return value


def _active_player(event: StoredEvent, number: int | None, at: str) -> int:
    player = event.player(_required(number, at))
    if player is None or not player.active:
        raise Rejected(
            [
                Problem(
                    at,
                    "unknown_player",
                    SAID.gettext(
                        "event %(event)s has no active player %(player)s", event=event.id, player=number
                    ),
                )
            ]
        )
    return player.number


def no_table(round_number: int, table: int) -> Problem:
    """That round ``round_number`` has no table ``table``."""
    return Problem(
        "/table",
        "unknown_table",
        SAID.gettext("round %(round)s has no table %(table)s", round=round_number, table=table),
    )


def _reseat(db: Database, key: Key, event: StoredEvent, change: Override) -> dict[str, Any]:
    """Move, swap or reseat at the current round's tables: the new seating, new games."""
    if not event.rounds:
        raise Conflict(
            SAID.gettext("Event %(event)s has no round seated yet.", event=event.id),
            [Problem("", "no_round", SAID.gettext("no round is seated"))],
        )
    current = event.rounds[-1]
    tables = {t.number: list(t.players) for t in current.tables}
    where = {p: number for number, players in tables.items() for p in players}

    def table_of(player: int, at: str) -> int:
        if player not in where:
            raise Rejected(
                [
                    Problem(
                        at,
                        "not_seated",
                        SAID.gettext(
                            "player %(player)s has no seat in round %(round)s",
                            player=player,
                            round=current.number,
                        ),
                    )
                ]
            )
        return where[player]

    if change.action is Action.RESEAT:
        target = _required(change.table, "/table")
        if target not in tables:
            raise Rejected([no_table(current.number, target)])
        seed = secrets.randbelow(SEED_LIMIT) if change.seed is None else change.seed
        random.Random(seed).shuffle(tables[target])
        changed, extra = [target], {"table": target, "seed": seed}
    elif change.action is Action.SWAP:
        player = _active_player(event, change.player, "/player")
        other = _active_player(event, change.with_player, "/with_player")
        first, second = table_of(player, "/player"), table_of(other, "/with_player")
        if first == second:
            raise Rejected(
                [Problem("/with_player", "same_table", SAID.gettext("both players sit at the same table"))]
            )
        tables[first][tables[first].index(player)] = other
        tables[second][tables[second].index(other)] = player
        changed, extra = [first, second], {"player": player, "with_player": other}
    else:
        player = _active_player(event, change.player, "/player")
        target = _required(change.table, "/table")
        if target not in tables:
            raise Rejected([no_table(current.number, target)])
        origin = table_of(player, "/player")
        if origin == target:
            raise Rejected(
                [
                    Problem(
                        "/table",
                        "same_table",
                        SAID.gettext(
                            "player %(player)s already sits at table %(table)s", player=player, table=target
                        ),
                    )
                ]
            )
        tables[origin].remove(player)
        tables[target].append(player)
        sizes = event.format.table_sizes
        for number in (origin, target):
            if len(tables[number]) not in sizes:
                raise Rejected(
                    [
                        Problem(
                            "/table",
                            "table_size",
                            SAID.gettext(
                                "table %(table)s would seat %(count)s; tables seat %(sizes)s "
                                "(swap two players instead)",
                                table=number,
                                count=len(tables[number]),
                                sizes=alternatives([str(s) for s in sizes]),
                            ),
                        )
                    ]
                )
        changed, extra = [origin, target], {"player": player, "table": target}
    replaced = []
    for number in changed:
        old = next(t for t in current.tables if t.number == number)
        if archive.get_game(db, old.game_id).hands:
            raise Conflict(
                SAID.gettext(
                    "Table %(table)s of round %(round)s has started; its seating stands.",
                    table=number,
                    round=current.number,
                ),
                [
                    Problem(
                        "", "table_started", SAID.gettext("game %(game)s already has hands", game=old.game_id)
                    )
                ],
            )
        game = _start_table_game(db, key, event, current.number, number, tables[number])
        archive.replace_table(
            db, event.id, current.number, EventTable(number, tuple(tables[number]), game.id)
        )
        replaced.append(
            {"table": number, "players": tables[number], "old_game": old.game_id, "game": game.id}
        )
    return {"round": current.number, **extra, "tables": replaced}
