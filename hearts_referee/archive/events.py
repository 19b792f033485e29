"""Stored events: players, rounds, tables (each linked to a game) and the event's log.

Storage only: what a round seats, and whether an override is allowed, is
decided by the use cases (``usecases.events``) with the pure rules in
``referee.events``. The event's log is hash-chained exactly as a hand's
(``archive.chain.entry_hash``, the event's id in the place of the hand's), so
removing, reordering or changing an entry breaks the chain from there on.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlite_utils import Database

from hearts_referee.referee.events import EventFormat, RoundKind, read_format
from hearts_referee.referee.events import Round as PlannedRound
from hearts_referee.stored.errors import NotFound
from hearts_referee.stored.events import (
    EventChainReport,
    EventListed,
    EventPlayer,
    EventRound,
    EventTable,
    StoredEvent,
)
from hearts_referee.stored.keys import Key
from hearts_referee.stored.log import Entry, EventEntryKind

from .chain import EVENTS, append, chain_problems, log_of
from .db import compact, insert, now, row, rows, write


def insert_event(db: Database, name: str, spec: Any, fmt: EventFormat, players: list[str], by: Key) -> int:
    """Store a new event and its players (numbered 1, 2, ... in the order given)."""
    with write(db):
        event_id = insert(
            db,
            "events",
            {
                "name": name,
                "format": compact(spec),
                "format_id": fmt.id,
                "created_at": now(),
                "created_by": by.label,
                "created_by_key": by.id,
            },
        )
        for player in players:
            add_player(db, event_id, player)
    return event_id


def add_player(db: Database, event_id: int, name: str) -> int:
    """Register one more player; returns their number."""
    with write(db):
        last = row(
            db,
            "SELECT COALESCE(MAX(player), 0) + 1 AS number FROM event_players WHERE event_id = ?",
            [event_id],
        )
        number = int(last.number) if last else 1
        insert(db, "event_players", {"event_id": event_id, "player": number, "name": name, "added_at": now()})
    return number


def withdraw_player(db: Database, event_id: int, number: int) -> None:
    with write(db):
        db.execute(
            "UPDATE event_players SET withdrawn_at = :at WHERE event_id = :event_id AND player = :player",
            {"at": now(), "event_id": event_id, "player": number},
        )


def insert_round(db: Database, event_id: int, planned: PlannedRound, seed: int, games: list[int]) -> None:
    """Store a seated round, its tables each with the game it plays."""
    with write(db):
        insert(
            db,
            "event_rounds",
            {
                "event_id": event_id,
                "number": planned.number,
                "kind": planned.kind.value,
                "seed": seed,
                "repeats": planned.repeats,
                "byes": compact(list(planned.byes)),
                "qualifiers": compact(list(planned.qualifiers)),
                "final": int(planned.final),
                "created_at": now(),
            },
        )
        for number, (players, game_id) in enumerate(zip(planned.tables, games, strict=True), start=1):
            insert(
                db,
                "event_tables",
                {
                    "event_id": event_id,
                    "round": planned.number,
                    "number": number,
                    "players": compact(list(players)),
                    "game_id": game_id,
                },
            )


def replace_table(db: Database, event_id: int, round_number: int, table: EventTable) -> None:
    """Point a table at new players and a new game (a director's override)."""
    with write(db):
        db.execute(
            "UPDATE event_tables SET players = :players, game_id = :game_id "
            "WHERE event_id = :event_id AND round = :round AND number = :number",
            {
                "players": compact(list(table.players)),
                "game_id": table.game_id,
                "event_id": event_id,
                "round": round_number,
                "number": table.number,
            },
        )


def get_event(db: Database, event_id: int) -> StoredEvent:
    """The event with its players and rounds; ``NotFound`` if there is none."""
    event = row(
        db,
        "SELECT id, name, format, created_at, created_by, created_by_key FROM events WHERE id = ?",
        [event_id],
    )
    if event is None:
        raise NotFound.event(event_id)
    spec = json.loads(event.format)
    players = tuple(
        EventPlayer(number=p.player, name=p.name, added_at=p.added_at, withdrawn_at=p.withdrawn_at)
        for p in rows(
            db,
            "SELECT player, name, added_at, withdrawn_at FROM event_players "
            "WHERE event_id = ? ORDER BY player",
            [event_id],
        )
    )
    tables: dict[int, list[EventTable]] = {}
    for t in rows(
        db,
        "SELECT round, number, players, game_id FROM event_tables WHERE event_id = ? ORDER BY round, number",
        [event_id],
    ):
        tables.setdefault(t.round, []).append(
            EventTable(number=t.number, players=tuple(json.loads(t.players)), game_id=t.game_id)
        )
    rounds = tuple(
        EventRound(
            number=r.number,
            kind=RoundKind(r.kind),
            seed=r.seed,
            repeats=r.repeats,
            byes=tuple(json.loads(r.byes)),
            qualifiers=tuple(json.loads(r.qualifiers)),
            final=bool(r.final),
            created_at=r.created_at,
            tables=tuple(tables.get(r.number, [])),
        )
        for r in rows(
            db,
            "SELECT number, kind, seed, repeats, byes, qualifiers, final, created_at FROM event_rounds "
            "WHERE event_id = ? ORDER BY number",
            [event_id],
        )
    )
    scorers = tuple(
        int(s.key_id)
        for s in rows(db, "SELECT key_id FROM event_scorers WHERE event_id = ? ORDER BY key_id", [event_id])
    )
    return StoredEvent(
        id=event.id,
        name=event.name,
        format=read_format(spec),
        format_spec=spec,
        created_at=event.created_at,
        created_by=event.created_by,
        owner=event.created_by_key,
        players=players,
        rounds=rounds,
        scorers=scorers,
    )


SCORED_BY = (
    "SELECT t.game_id FROM event_tables t JOIN event_scorers s ON s.event_id = t.event_id WHERE s.key_id = ?"
)
"""The games a scorer key (``?``) scores: its events' tables' games (``usecases.access``)."""


def set_scorers(db: Database, event_id: int, key_ids: Sequence[int]) -> None:
    """The scorer keys the event lets score its tables, replacing the set (inside ``write``)."""
    db.execute("DELETE FROM event_scorers WHERE event_id = ?", [event_id])
    for key_id in sorted(set(key_ids)):
        insert(db, "event_scorers", {"event_id": event_id, "key_id": key_id})


def game_scorers(db: Database, game_id: int) -> frozenset[int]:
    """The scorer keys the event whose table plays this game lets score it (none outside events)."""
    found = rows(
        db,
        "SELECT s.key_id FROM event_tables t JOIN event_scorers s ON s.event_id = t.event_id "
        "WHERE t.game_id = ?",
        [game_id],
    )
    return frozenset(int(s.key_id) for s in found)


def event_of_game(db: Database, game_id: int) -> tuple[int, int, int] | None:
    """``(event id, round, table)`` of the event table that plays this game; ``None`` for a
    game outside events (or one an override replaced before a hand was played)."""
    found = row(db, "SELECT event_id, round, number FROM event_tables WHERE game_id = ?", [game_id])
    return None if found is None else (int(found.event_id), int(found.round), int(found.number))


def list_events(db: Database) -> list[EventListed]:
    """Every event, newest first."""
    found = rows(db, "SELECT id, name, format_id, created_at FROM events ORDER BY id DESC")
    return [EventListed(int(e.id), e.name, e.format_id, e.created_at) for e in found]


# --- the event's log ------------------------------------------------------------------------


def append_log(
    db: Database, event_id: int, kind: EventEntryKind, body: dict[str, Any], actor: str | None
) -> Entry:
    """Append one entry to the event's log (call inside ``archive.db.write``)."""
    return append(db, EVENTS, event_id, kind, body, actor)


def event_log(db: Database, event_id: int) -> EventChainReport:
    """The event's log, oldest first, and every entry that breaks its chain."""
    entries = log_of(db, EVENTS, event_id)
    return EventChainReport(event_id, tuple(entries), tuple(chain_problems(entries)))
