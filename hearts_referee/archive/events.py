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
from hearts_referee.stored.events import Event, EventChainReport, EventPlayer, EventRound, EventTable
from hearts_referee.stored.keys import Key
from hearts_referee.stored.log import Entry

from .chain import chain_problems, next_entry
from .db import compact, now, row_id, write


def insert_event(db: Database, name: str, spec: Any, fmt: EventFormat, players: list[str], by: Key) -> int:
    """Store a new event and its players (numbered 1, 2, ... in the order given)."""
    with write(db):
        cursor = db.execute(
            "INSERT INTO events (name, format, format_id, created_at, created_by, created_by_key) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [name, compact(spec), fmt.id, now(), by.label, by.id],
        )
        event_id = row_id(cursor)
        for player in players:
            add_player(db, event_id, player)
    return event_id


def add_player(db: Database, event_id: int, name: str) -> int:
    """Register one more player; returns their number."""
    with write(db):
        row = db.execute(
            "SELECT COALESCE(MAX(player), 0) + 1 FROM event_players WHERE event_id = ?", [event_id]
        ).fetchone()
        number = int(row[0])
        db.execute(
            "INSERT INTO event_players (event_id, player, name, added_at) VALUES (?, ?, ?, ?)",
            [event_id, number, name, now()],
        )
    return number


def withdraw_player(db: Database, event_id: int, number: int) -> None:
    with write(db):
        db.execute(
            "UPDATE event_players SET withdrawn_at = ? WHERE event_id = ? AND player = ?",
            [now(), event_id, number],
        )


def insert_round(db: Database, event_id: int, planned: PlannedRound, seed: int, games: list[int]) -> None:
    """Store a seated round, its tables each with the game it plays."""
    with write(db):
        db.execute(
            "INSERT INTO event_rounds (event_id, number, kind, seed, repeats, byes, qualifiers, final, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                event_id,
                planned.number,
                planned.kind.value,
                seed,
                planned.repeats,
                compact(list(planned.byes)),
                compact(list(planned.qualifiers)),
                int(planned.final),
                now(),
            ],
        )
        for number, (players, game_id) in enumerate(zip(planned.tables, games, strict=True), start=1):
            db.execute(
                "INSERT INTO event_tables (event_id, round, number, players, game_id) VALUES (?, ?, ?, ?, ?)",
                [event_id, planned.number, number, compact(list(players)), game_id],
            )


def replace_table(db: Database, event_id: int, round_number: int, table: EventTable) -> None:
    """Point a table at new players and a new game (a director's override)."""
    with write(db):
        db.execute(
            "UPDATE event_tables SET players = ?, game_id = ? "
            "WHERE event_id = ? AND round = ? AND number = ?",
            [compact(list(table.players)), table.game_id, event_id, round_number, table.number],
        )


def get_event(db: Database, event_id: int) -> Event:
    """The event with its players and rounds; ``NotFound`` if there is none."""
    row = db.execute(
        "SELECT id, name, format, created_at, created_by, created_by_key FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if row is None:
        raise NotFound.event(event_id)
    id_, name, spec_text, created_at, created_by, owner = row
    spec = json.loads(spec_text)
    players = tuple(
        EventPlayer(*r)
        for r in db.execute(
            "SELECT player, name, added_at, withdrawn_at FROM event_players "
            "WHERE event_id = ? ORDER BY player",
            [event_id],
        )
    )
    tables: dict[int, list[EventTable]] = {}
    for round_number, number, players_text, game_id in db.execute(
        "SELECT round, number, players, game_id FROM event_tables WHERE event_id = ? ORDER BY round, number",
        [event_id],
    ):
        tables.setdefault(round_number, []).append(
            EventTable(number, tuple(json.loads(players_text)), game_id)
        )
    rounds = tuple(
        EventRound(
            number,
            RoundKind(kind),
            seed,
            repeats,
            tuple(json.loads(byes)),
            tuple(json.loads(qualifiers)),
            bool(final),
            created,
            tuple(tables.get(number, [])),
        )
        for number, kind, seed, repeats, byes, qualifiers, final, created in db.execute(
            "SELECT number, kind, seed, repeats, byes, qualifiers, final, created_at FROM event_rounds "
            "WHERE event_id = ? ORDER BY number",
            [event_id],
        )
    )
    scorers = tuple(
        int(r[0])
        for r in db.execute("SELECT key_id FROM event_scorers WHERE event_id = ? ORDER BY key_id", [event_id])
    )
    return Event(id_, name, read_format(spec), spec, created_at, created_by, owner, players, rounds, scorers)


SCORED_BY = (
    "SELECT t.game_id FROM event_tables t JOIN event_scorers s ON s.event_id = t.event_id WHERE s.key_id = ?"
)
"""The games a scorer key (``?``) scores: its events' tables' games (``usecases.access``)."""


def set_scorers(db: Database, event_id: int, key_ids: Sequence[int]) -> None:
    """The scorer keys the event lets score its tables, replacing the set (inside ``write``)."""
    db.execute("DELETE FROM event_scorers WHERE event_id = ?", [event_id])
    for key_id in sorted(set(key_ids)):
        db.execute("INSERT INTO event_scorers (event_id, key_id) VALUES (?, ?)", [event_id, key_id])


def game_scorers(db: Database, game_id: int) -> frozenset[int]:
    """The scorer keys the event whose table plays this game lets score it (none outside events)."""
    rows = db.execute(
        "SELECT s.key_id FROM event_tables t JOIN event_scorers s ON s.event_id = t.event_id "
        "WHERE t.game_id = ?",
        [game_id],
    )
    return frozenset(int(r[0]) for r in rows)


def list_events(db: Database) -> list[tuple[int, str, str, str]]:
    """Every event, newest first: ``(id, name, format id, created at)``."""
    rows = db.execute("SELECT id, name, format_id, created_at FROM events ORDER BY id DESC")
    return [(int(r[0]), r[1], r[2], r[3]) for r in rows]


# --- the event's log ------------------------------------------------------------------------

_LOG = "event_id, n, kind, at, actor, body, prev, hash"


def append_log(db: Database, event_id: int, kind: str, body: dict[str, Any], actor: str | None) -> Entry:
    """Append one entry to the event's log (call inside ``archive.db.write``)."""
    entry = next_entry(db, ("event_log", "event_id"), event_id, kind, body, actor)
    db.execute(
        f"INSERT INTO event_log ({_LOG}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [event_id, entry.n, kind, entry.at, actor, entry.body_text, entry.prev, entry.hash],
    )
    return entry


def event_log(db: Database, event_id: int) -> EventChainReport:
    """The event's log, oldest first, and every entry that breaks its chain."""
    entries = tuple(
        Entry(event_id, n, kind, None, at, actor, body, prev, hash_)
        for _, n, kind, at, actor, body, prev, hash_ in db.execute(
            f"SELECT {_LOG} FROM event_log WHERE event_id = ? ORDER BY n", [event_id]
        )
    )
    return EventChainReport(event_id, entries, tuple(chain_problems(list(entries))))
