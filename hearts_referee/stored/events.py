"""A stored event as a value: its players, rounds and tables (each table a game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from hearts_referee.referee.events import EventFormat, RoundKind

from .log import GENESIS, Entry


@dataclass(frozen=True)
class EventPlayer:
    number: int
    name: str
    added_at: str
    withdrawn_at: str | None

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


@dataclass(frozen=True)
class EventTable:
    """A round's table: its players in seat order and the game it plays."""

    number: int
    players: tuple[int, ...]
    game_id: int


@dataclass(frozen=True)
class EventRound:
    number: int
    kind: RoundKind
    seed: int
    repeats: int
    byes: tuple[int, ...]
    qualifiers: tuple[int, ...]
    final: bool
    created_at: str
    tables: tuple[EventTable, ...]


@dataclass(frozen=True)
class StoredEvent:
    """A stored event. ``format_spec`` is the format as the event names it (an id, or
    ``{"base", "options"}``); ``owner`` the id of the key that created it."""

    id: int
    name: str
    format: EventFormat
    format_spec: Any
    created_at: str
    created_by: str | None
    owner: int | None
    players: tuple[EventPlayer, ...]
    rounds: tuple[EventRound, ...]
    scorers: tuple[int, ...] = ()

    def player(self, number: int) -> EventPlayer | None:
        return next((p for p in self.players if p.number == number), None)

    @property
    def active_players(self) -> list[int]:
        return [p.number for p in self.players if p.active]


class EventListed(NamedTuple):
    """An event as a list of events shows it (a tuple, so a list unpacks it as before)."""

    id: int
    name: str
    format_id: str
    created_at: str


@dataclass(frozen=True)
class EventChainReport:
    event_id: int
    entries: tuple[Entry, ...]
    problems: tuple[tuple[int, str, str], ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def head(self) -> str:
        return self.entries[-1].hash if self.entries else GENESIS
