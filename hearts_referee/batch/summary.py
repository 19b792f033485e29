"""What an auditor reads at the end of a bulk audit: counts, rulings, mismatches, rejects.

The summary is folded from the outcomes as they stream past (nothing is kept per
hand but the rejected records' first problems, capped), so it costs the same at
ten hands as at ten million. It also decides the command's exit status.
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass, field
from enum import IntEnum
from typing import IO, Any

from hearts_referee.referee.errorcodes import shown_pointer
from hearts_referee.referee.record import Problem

from .lines import HandTally, Outcome

REJECTS_SHOWN = 20
"""How many rejected records the summary lists by name (all are counted)."""


class ExitStatus(IntEnum):
    """The command's exit status, for scripts and CI."""

    CLEAN = 0
    """Every record read and every hand clean."""
    FINDINGS = 1
    """Rulings, score mismatches or hands in progress found (or, re-auditing the archive,
    changes)."""
    REJECTED = 2
    """Some records could not be audited (not JSON, or could not have happened); a
    re-audit found a broken hash chain."""
    FAILED = 3
    """The audit could not run (an input missing or unreadable, no cluster)."""


@dataclass(frozen=True, slots=True)
class Reject:
    """A rejected record: where, its first problem, and how many it had."""

    label: str
    problem: Problem
    count: int


@dataclass
class Summary:
    """Records, hands and rulings, each counted apart: a record gives one hand or a game's
    hands; a hand is exactly one of clean, play not refereed (score-only), in progress or
    with rulings (so those four add up to ``hands``); a hand may give several rulings."""

    records: int = 0
    hands: int = 0
    clean: int = 0
    in_progress: int = 0
    """Hands whose play stops early with no claim for the rest (not clean, not scored in full)."""
    not_refereed: int = 0
    """Score-only hands without rulings: their points add up, their play was not seen."""
    with_rulings: int = 0
    """Hands over, with at least one ruling."""
    with_score_mismatch: int = 0
    """Hands (of any kind above) whose written scores differ from the validated ones."""
    games: int = 0
    rulings: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Rulings by (code, status), every hand's together."""
    rejected: int = 0
    rejects: list[Reject] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, outcome: Outcome) -> None:
        """Count one record's outcome."""
        self.records += 1
        if outcome.rejected:
            self.rejected += 1
            if len(self.rejects) < REJECTS_SHOWN and outcome.problems:
                self.rejects.append(Reject(outcome.where.label(), outcome.problems[0], len(outcome.problems)))
            return
        if outcome.kind == "game":
            self.games += 1
        for hand in outcome.hands:
            self._hand(hand)

    def _hand(self, hand: HandTally) -> None:
        self.hands += 1
        if hand.in_progress:
            self.in_progress += 1
        elif hand.rulings:
            self.with_rulings += 1
        elif hand.clean:
            self.clean += 1
        else:
            self.not_refereed += 1
        self.rulings.update(hand.rulings)
        if hand.mismatch:
            self.with_score_mismatch += 1

    @property
    def rulings_total(self) -> int:
        """Every ruling of every hand."""
        return sum(self.rulings.values())

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def exit_status(self) -> ExitStatus:
        if self.rejected:
            return ExitStatus.REJECTED
        if self.with_rulings or self.in_progress or self.with_score_mismatch:
            return ExitStatus.FINDINGS
        return ExitStatus.CLEAN

    def as_dict(self) -> dict[str, Any]:
        """The summary as JSON data (``--summary-json``)."""
        by_code: dict[str, dict[str, int]] = {}
        for (code, status), count in sorted(self.rulings.items()):
            by_code.setdefault(code, {})[status] = count
        return {
            "records": self.records,
            "games": self.games,
            "rejected": self.rejected,
            "hands": self.hands,
            "clean": self.clean,
            "in_progress": self.in_progress,
            "not_refereed": self.not_refereed,
            "with_rulings": self.with_rulings,
            "with_score_mismatch": self.with_score_mismatch,
            "rulings_total": self.rulings_total,
            "rulings": by_code,
            "rejects": [
                {
                    "record": r.label,
                    "pointer": r.problem.pointer,
                    "code": r.problem.code,
                    "message": r.problem.message,
                    "problems": r.count,
                }
                for r in self.rejects
            ],
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "exit_status": int(self.exit_status()),
        }


# --- the per-hand CSV ---------------------------------------------------------------------

CSV_COLUMNS = ("record", "status", "variant", "score", "rulings", "mismatch", "problem")


def _scores(score: dict[str, int] | Any) -> str:
    return " ".join(f"{seat}={points}" for seat, points in score.items())


def _rulings(hand: HandTally) -> str:
    counts = Counter(code for code, _ in hand.rulings)
    return " ".join(f"{code}:{n}" for code, n in counts.items())


class CsvWriter:
    """One row per hand (a game gives one per hand; a rejected record one row with its
    first problem), for spreadsheets."""

    def __init__(self, stream: IO[str]) -> None:
        self._writer = csv.writer(stream)
        self._writer.writerow(CSV_COLUMNS)

    def add(self, outcome: Outcome) -> None:
        if outcome.rejected:
            first = outcome.problems[0] if outcome.problems else None
            problem = f"{shown_pointer(first.pointer)}: {first.message}" if first else ""
            self._writer.writerow((outcome.where.label(), "rejected", "", "", "", "", problem))
            return
        for hand in outcome.hands:
            status = (
                "in_progress"
                if hand.in_progress
                else "rulings"
                if hand.rulings
                else "clean"
                if hand.clean
                else "not_refereed"
            )
            mismatch = "yes" if hand.mismatch else "no"
            self._writer.writerow(
                (hand.label, status, hand.variant, _scores(hand.score), _rulings(hand), mismatch, "")
            )
