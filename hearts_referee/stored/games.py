"""A stored game as a value: its setup, its hands in order, and the scoresheet they make."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from hearts_referee.rulings.scoresheet import GameSetup, HandLine, NextDeal, Sheet, next_deal, scoresheet

from .hands import StoredHand


@dataclass(frozen=True)
class SheetSigned:
    """A seat's signature on a game's scoresheet: ``sheet`` is what it signed, each hand's
    id with the score version it stood at."""

    id: int
    seat: str
    name: str
    sheet: tuple[tuple[int, int], ...]
    at: str
    actor: str | None


class GameStatus(StrEnum):
    """Where a game stands: taking hands, or ended under its variant (it takes no more)."""

    IN_PROGRESS = "in_progress"
    OVER = "over"


@dataclass(frozen=True)
class Game:
    """A stored game with its hands, in order. ``variant`` is the variant as the game names
    it (an id, or ``{"base", "options"}``); ``owner`` the id of the key that started it."""

    id: int
    setup: GameSetup
    variant: Any
    created_at: str
    created_by: str | None
    owner: int | None
    hands: tuple[StoredHand, ...]
    signatures: tuple[SheetSigned, ...] = ()

    @property
    def sheet_now(self) -> tuple[tuple[int, int], ...]:
        """What a signature on the scoresheet signs now: each hand and its current version."""
        return tuple((hand.id, hand.state.current.number) for hand in self.hands)

    def stale(self, signed: SheetSigned) -> bool:
        """A signature given before a later decision or re-audit made a new version."""
        return signed.sheet != self.sheet_now

    @property
    def missing_signatures(self) -> list[str]:
        """Who must still sign the scoresheet as it stands, in seat order."""
        signed = {s.seat for s in self.signatures if not self.stale(s)}
        return [seat for seat in self.setup.sheet_signers if seat not in signed]

    @cached_property
    def lines(self) -> list[HandLine]:
        """Each hand's current score version, as the scoresheet adds them up."""
        lines = []
        for hand in self.hands:
            current = hand.state.current
            lines.append(HandLine(current.score, current.penalties, hand.void))
        return lines

    @cached_property
    def sheet(self) -> Sheet:
        return scoresheet(self.setup.variant, self.setup.seats, self.lines)

    @property
    def status(self) -> GameStatus:
        return GameStatus.OVER if self.sheet.over else GameStatus.IN_PROGRESS

    @property
    def next_deal(self) -> NextDeal:
        return next_deal(self.setup.seats, self.setup.first_dealer, self.lines)


@dataclass(frozen=True)
class GameFilter:
    """Which games a list shows. ``owner``: only the games that key started or scores (its
    events' tables, ``SCORED_BY``); ``open``: with
    (or, false, without) a hand whose referred rulings wait for a decision; ``variant``:
    by variant id (a house variant's base); ``date``: started that UTC day
    (``YYYY-MM-DD``); ``status``: in progress or over, as its scoresheet says now."""

    owner: int | None = None
    open: bool | None = None
    variant: str | None = None
    table: str | None = None
    date: str | None = None
    status: GameStatus | None = None
