"""Re-auditing the archive, as a face shows it: one result line per hand, and a summary.

The use case (:func:`usecases.recheck.recheck`) yields typed values; this renders
them for ``hearts-referee audit --archive`` (and any other face that re-audits):

A hand's line is compact JSON (UTF-8, no newline)::

    {"hand_id": 4, "game_id": 1, "seq": 2, "table": "7", "variant": "mso-2000", "hand_number": 2,
     "engine": "0.0.9", "now": "0.1.0", "changed": true,
     "score": {"N": [0, 26]},
     "rulings": {"added": [R...], "removed": [R...], "changed": [{"stored": R, "now": R}...]},
     "chain": {"ok": true, "entries": 3, "head": "9965c9...", "first_broken": null, "problems": []},
     "problems": [], "incomplete": null}

- ``engine``: the engine version that made the stored audit; ``now``: the one
  re-auditing.
- ``changed``: the current engine reads the hand and would score or rule it
  otherwise. ``score`` has only the seats that would change, ``[stored, now]``
  (``null`` for a seat one side does not have); ``rulings`` the rulings added,
  removed and changed, each ``R`` as ``{"code", "seat", "trick", "card",
  "status", "penalty"}`` (what is compared; explanations are not).
- ``chain``: the hand's hash-chain check; ``first_broken`` is the first log
  entry at fault (``0``: the log as a whole no longer reads), each problem as
  ``{"entry", "code", "message"}``.
- ``incomplete``: for a game hand whose play stops early with no claim or
  concession (stored before a game refused such hands), the problem a game
  refuses it with now (``play_incomplete`` at ``/play/-``); else ``null``. Such
  a hand is its own verdict, neither unchanged nor changed: its game counted a
  hand that cannot be scored.
- ``problems``: why the two readings could not be compared (``changed`` is then
  ``false``): the stored record no longer reads or could not now have happened
  (``{"pointer", "code", "message"}``, the pointer into the record), or the
  stored audit no longer reads.

A line's messages are in the language the re-audit was asked for (``hearts-referee audit
--archive --language nb``); every other field is the same in every language.

The summary (:class:`RecheckSummary`) is folded as lines stream past, and
decides the exit status.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hearts_referee import referee
from hearts_referee.http_shared.problems import problem_item
from hearts_referee.languages import SOURCE, translator
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import translated
from hearts_referee.rulings.log import Ruling
from hearts_referee.schemas.result import dump_penalty
from hearts_referee.usecases.recheck import HandRecheck

from .summary import ExitStatus

LISTED = 20
"""How many broken chains and unreadable hands the summary lists by hand (all are counted)."""


def _ruling(ruling: Ruling) -> dict[str, Any]:
    return {
        "code": str(ruling.code),
        "seat": ruling.seat,
        "trick": ruling.trick,
        "card": ruling.card.code if ruling.card is not None else None,
        "status": str(ruling.status),
        "penalty": dump_penalty(ruling.penalty),
    }


def recheck_data(result: HandRecheck, language: str = SOURCE) -> dict[str, Any]:
    """One re-audited hand as JSON data (see the module's docstring), its problems' messages
    in ``language`` (the rest, codes and pointers included, the same in every language)."""
    chain = result.chain
    t = translator(language)
    return {
        "hand_id": result.hand_id,
        "game_id": result.game_id,
        "seq": result.seq,
        "table": result.table,
        "variant": result.variant,
        "hand_number": result.hand_number,
        "engine": result.engine,
        "now": referee.__version__,
        "changed": result.changed,
        "score": {seat: [pair.stored, pair.now] for seat, pair in result.score.items()},
        "rulings": {
            "added": [_ruling(r) for r in result.rulings.added],
            "removed": [_ruling(r) for r in result.rulings.removed],
            "changed": [{"stored": _ruling(a), "now": _ruling(b)} for a, b in result.rulings.changed],
        },
        "chain": {
            "ok": chain.ok,
            "entries": chain.entries,
            "head": chain.head,
            "first_broken": result.first_broken,
            "problems": [
                {"entry": n, "code": code, "message": translated(message, t)}
                for n, code, message in chain.problems
            ],
        },
        "problems": [problem_item(p, None, t) for p in result.problems],
        "incomplete": problem_item(result.incomplete, None, t) if result.incomplete is not None else None,
    }


def recheck_line(result: HandRecheck, language: str = SOURCE) -> bytes:
    """One re-audited hand's NDJSON line (compact, UTF-8, no newline), its words in ``language``."""
    line = recheck_data(result, language)
    return json.dumps(line, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@dataclass(frozen=True, slots=True)
class BrokenChain:
    """A hand whose chain does not hold: its first entry at fault, and that entry's first
    problem (of ``count`` in all)."""

    hand_id: int
    first_broken: int
    code: str
    message: str
    count: int


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A hand whose two readings could not be compared: its first problem (of ``count``)."""

    hand_id: int
    problem: Problem
    count: int


@dataclass
class RecheckSummary:
    """What an auditor reads at the end of a re-audit.

    Every hand is one of ``unchanged``, ``changed`` (score, rulings or both would
    change: ``changed_score`` and ``changed_rulings`` count each), ``incomplete`` (a game
    hand whose play stops early, which its game should never have counted) or ``unreadable``
    (the stored record no longer reads or could not now have happened, or the stored
    audit no longer reads). Chains are counted apart: ``broken`` hands, whatever
    their reading. ``engines`` counts hands by the engine version that audited them.
    """

    hands: int = 0
    unchanged: int = 0
    changed: int = 0
    changed_score: int = 0
    changed_rulings: int = 0
    unreadable: int = 0
    unreadables: list[Unreadable] = field(default_factory=list)
    incomplete: int = 0
    incompletes: list[Unreadable] = field(default_factory=list)
    broken: int = 0
    broken_chains: list[BrokenChain] = field(default_factory=list)
    engines: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, result: HandRecheck) -> None:
        """Count one re-audited hand."""
        self.hands += 1
        self.engines[result.engine] += 1
        if not result.readable:
            self.unreadable += 1
            if len(self.unreadables) < LISTED and result.problems:
                self.unreadables.append(Unreadable(result.hand_id, result.problems[0], len(result.problems)))
        elif result.incomplete is not None:
            self.incomplete += 1
            if len(self.incompletes) < LISTED:
                self.incompletes.append(Unreadable(result.hand_id, result.incomplete, 1))
        elif result.changed:
            self.changed += 1
            self.changed_score += bool(result.score)
            self.changed_rulings += bool(result.rulings)
        else:
            self.unchanged += 1
        first = result.first_broken
        if not result.chain.ok and first is not None:
            self.broken += 1
            if len(self.broken_chains) < LISTED:
                _, code, message = next(p for p in result.chain.problems if p[0] == first)
                self.broken_chains.append(
                    BrokenChain(result.hand_id, first, code, message, len(result.chain.problems))
                )

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def exit_status(self) -> ExitStatus:
        """2 a broken chain, a hand that no longer reads or a game hand whose play stops
        early; 1 changes; 0 none of these."""
        if self.broken or self.unreadable or self.incomplete:
            return ExitStatus.REJECTED
        if self.changed:
            return ExitStatus.FINDINGS
        return ExitStatus.CLEAN

    def as_dict(self) -> dict[str, Any]:
        """The summary as JSON data (``--summary-json``): data, its messages in English
        whatever the language of the re-audit."""
        return {
            "hands": self.hands,
            "unchanged": self.unchanged,
            "changed": self.changed,
            "changed_score": self.changed_score,
            "changed_rulings": self.changed_rulings,
            "unreadable": self.unreadable,
            "unreadable_hands": [
                {"hand_id": u.hand_id, **problem_item(u.problem), "problems": u.count}
                for u in self.unreadables
            ],
            "incomplete": self.incomplete,
            "incomplete_hands": [{"hand_id": u.hand_id, **problem_item(u.problem)} for u in self.incompletes],
            "broken_chains": self.broken,
            "broken": [
                {
                    "hand_id": b.hand_id,
                    "first_broken": b.first_broken,
                    "code": b.code,
                    "message": b.message,
                    "problems": b.count,
                }
                for b in self.broken_chains
            ],
            "engines": dict(sorted(self.engines.items())),
            "engine_now": referee.__version__,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "exit_status": int(self.exit_status()),
        }
