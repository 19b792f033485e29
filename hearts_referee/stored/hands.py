"""A stored hand as a value: its record, its log, and its standing folded from the log."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from hearts_referee.languages import SOURCE
from hearts_referee.rulings.life import SheetQuestion, sheet_question

from .handstate import HandState, HandStatus, Words, fold
from .log import Entry


@dataclass(frozen=True)
class StoredHand:
    """A stored hand with its standing (``state``) folded from its log.

    ``owner`` is the id of the key that stored it (``None`` for hands stored
    before keys were recorded by id and not traceable to one).
    """

    id: int
    content_hash: str
    game_id: int | None
    seq: int | None
    table: str | None
    variant: str
    hand_number: int
    dealer: str
    record_text: str
    engine_version: str
    void: bool
    referred: tuple[int, ...]
    created_at: str
    created_by: str | None
    owner: int | None
    log: tuple[Entry, ...]
    language: str = SOURCE
    """The language its rulings' explanations and suggestions read in: the archive keeps them
    in English, the source; another is told by ``usecases.hands.told_in``."""
    words: tuple[tuple[int, Words], ...] = ()
    """In another language than English: by the number of the log entry holding an audit, its
    rulings' explanations and suggestions in :attr:`language` (an audit not listed reads as
    stored)."""

    @property
    def record(self) -> dict[str, Any]:
        """The record as stored, in the record format."""
        data: dict[str, Any] = json.loads(self.record_text)
        return data

    @property
    def record_now(self) -> dict[str, Any]:
        """The record the hand stands on now: a director's new record, else the stored one."""
        amended = self.state.record
        return dict(amended) if amended is not None else self.record

    @property
    def scoresheet(self) -> SheetQuestion | None:
        """The table's written scores against the referee's, as one question
        (``rulings.life.sheet_question``); ``None`` when there is none."""
        state = self.state
        return sheet_question(state.lives, self.record_now.get("claimed"), state.standing_audit.score)

    @cached_property
    def state(self) -> HandState:
        return fold(list(self.log), dict(self.words))

    @property
    def head(self) -> str:
        return self.log[-1].hash


@dataclass(frozen=True)
class HandFilter:
    """Which hands a list shows. ``owner``: only the hands that key owns (``OWNED_BY``);
    ``open``: with a referred ruling no decision has answered yet (or, false, without);
    ``date``: stored on that UTC day (``YYYY-MM-DD``); ``status``: standing now."""

    owner: int | None = None
    open: bool | None = None
    game: int | None = None
    variant: str | None = None
    table: str | None = None
    date: str | None = None
    status: HandStatus | None = None


@dataclass(frozen=True)
class ChainReport:
    hand_id: int
    ok: bool
    entries: int
    head: str | None
    problems: tuple[tuple[int, str, str], ...]
