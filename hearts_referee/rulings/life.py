"""A ruling's life after the audit: its status, and which decisions would change it.

Pure, like the rest of ``rulings``. The audit leaves each ruling in one of
three states (:class:`~rulings.schedules.Status`): *referred* to the
director, *applied* (the schedule's penalty imposed), or *waived* by the
schedule itself. A director's decisions then move it on:

- referred → **decided** (any decision answers the referral);
- applied → **upheld**, **waived** or **adjusted** on appeal;
- waived by the schedule (here: **excused**) → **upheld** or **adjusted**.

A decided ruling may be decided again (a director reconsiders: the pages
call it *reopening*), and the latest decision stands. Every decision must
change something for its ruling: its outcome (status, action, the points
it moves, a claim's result) must differ from the outcome standing now, and
``waive`` needs a penalty to waive. :func:`unchanged` is that check, the
one the API refuses with (409) and the use case calls; :func:`offered` is
the same rule turned round, the decisions a form offers for the ruling.

The ``score_mismatch`` rulings (one per seat whose written score differs) share
one life as the table's scoresheet: a scoresheet decision is in each one's
decisions, and :func:`sheet_question` is the question with what its one form
offers; :func:`offered` offers nothing on them one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from hearts_referee.referee.findings import Code
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID

from .decisions import (
    SHEET_ACTIONS,
    Action,
    ClaimOutcome,
    Decision,
    Standing,
    answers,
    effect,
    kept_changes,
    sheet_rulings,
)
from .schedules import Status


class RulingStatus(StrEnum):
    """Where one ruling stands in its life (see the module's docstring)."""

    REFERRED = "referred"
    """The referee left it to the director; no decision yet."""
    APPLIED = "applied"
    """The referee applied the schedule's penalty; it may be appealed."""
    EXCUSED = "excused"
    """The schedule waived it (the audit's ``waived``); it may still be appealed."""
    DECIDED = "decided"
    """A referred ruling the director has decided."""
    UPHELD = "upheld"
    """Appealed; the referee's reading stands."""
    WAIVED = "waived"
    """Appealed; the penalty points came off."""
    ADJUSTED = "adjusted"
    """Appealed; the director changed the score."""


UNDECIDED: Mapping[Status, RulingStatus] = {
    Status.REFERRED: RulingStatus.REFERRED,
    Status.APPLIED: RulingStatus.APPLIED,
    Status.WAIVED: RulingStatus.EXCUSED,
}
"""A ruling's status before any decision, from what the audit did with it."""

_ON_APPEAL: Mapping[Action, RulingStatus] = {
    Action.UPHOLD: RulingStatus.UPHELD,
    Action.WAIVE: RulingStatus.WAIVED,
    Action.ADJUST: RulingStatus.ADJUSTED,
    Action.CLAIM: RulingStatus.ADJUSTED,
    Action.ACCEPT: RulingStatus.UPHELD,
    Action.KEEP: RulingStatus.ADJUSTED,
}


def status_after(standing: Standing, action: Action) -> RulingStatus:
    """The status a decision with ``action`` gives the ruling."""
    if standing.status == Status.REFERRED:
        return RulingStatus.DECIDED
    return _ON_APPEAL[action]


class Outcome(NamedTuple):
    """What a ruling's standing decision amounts to; two decisions with the same outcome
    are the same decision, whatever their reasons say."""

    status: RulingStatus
    action: Action | None
    moves: tuple[tuple[str, int], ...]
    claim: ClaimOutcome | None


def outcome(decision: Decision, standing: Standing) -> Outcome:
    score, _ = effect(decision, None if decision.on_scoresheet else standing)
    moves = tuple(sorted((seat, points) for seat, points in score.items() if points))
    return Outcome(status_after(standing, decision.action), decision.action, moves, decision.claim)


@dataclass(frozen=True)
class RulingLife:
    """One ruling with the decisions taken on it, in order (the latest stands)."""

    index: int
    standing: Standing
    decisions: tuple[Decision, ...] = ()

    @property
    def decided(self) -> bool:
        return bool(self.decisions)

    @property
    def status(self) -> RulingStatus:
        if not self.decisions:
            return UNDECIDED[self.standing.status]
        return status_after(self.standing, self.decisions[-1].action)

    @property
    def outcome(self) -> Outcome:
        if not self.decisions:
            return Outcome(self.status, None, (), None)
        return outcome(self.decisions[-1], self.standing)

    @property
    def appeal(self) -> bool:
        """Whether a decision on it is an appeal against the referee (not a referral)."""
        return self.standing.status != Status.REFERRED


def lives(standings: tuple[Standing, ...], decisions: Iterable[Decision]) -> tuple[RulingLife, ...]:
    """Every ruling's life, from the audit's standings and the decisions in log order."""
    taken: dict[int, list[Decision]] = {}
    for decision in decisions:
        for index in answers(decision, standings):
            taken.setdefault(index, []).append(decision)
    return tuple(
        RulingLife(index, standing, tuple(taken.get(index, ()))) for index, standing in enumerate(standings)
    )


def unchanged(decision: Decision, life: RulingLife) -> Problem | None:
    """Why ``decision`` would change nothing for this ruling (``None`` when it changes
    something). The decision is otherwise well formed (``decision_problems``)."""
    if decision.action == Action.WAIVE and not life.standing.points:
        return Problem("/action", "no_penalty", SAID.gettext("the ruling carries no penalty points to waive"))
    made = outcome(decision, life.standing)
    if decision.action == Action.ADJUST and not made.moves:
        return Problem("/score_changes", "no_change", SAID.gettext("the adjustment moves no points"))
    latest = life.decisions[-1] if life.decisions else None
    if made == life.outcome and latest is not None and latest.on_scoresheet == decision.on_scoresheet:
        return Problem(
            "/action",
            "same_decision",
            SAID.gettext(
                "the ruling already stands %(status)s by this same decision", status=str(life.status)
            ),
        )
    return None


def offered(life: RulingLife) -> tuple[Action, ...]:
    """The decisions that could change something for this ruling, in the forms' order.

    ``adjust`` always could (its points are the director's to choose); ``claim``
    only on a claim; ``uphold`` and ``waive`` when :func:`unchanged` lets them;
    nothing on a ``score_mismatch`` (:func:`sheet_offered` offers its decisions).
    """
    if life.standing.code == Code.SCORE_MISMATCH:
        return ()
    actions: list[Action] = []
    for action in (Action.UPHOLD, Action.WAIVE):
        if unchanged(Decision(life.index, action, "", ""), life) is None:
            actions.append(action)
    actions.append(Action.ADJUST)
    if life.standing.code == Code.CLAIM:
        actions.append(Action.CLAIM)
    return tuple(actions)


@dataclass(frozen=True)
class SheetQuestion:
    """The table's written scores against the referee's, as one question for the director.

    ``rulings``: the ``score_mismatch`` rulings it stands for; ``life``: theirs (every
    scoresheet decision is in it); ``written``: what the table wrote; ``kept``: what
    keeping those moves (``decisions.kept_changes``); ``offered``: the decisions that
    would change something, in the form's order.
    """

    rulings: tuple[int, ...]
    life: RulingLife
    written: Mapping[str, int]
    kept: Mapping[str, int]
    offered: tuple[Action, ...]
    decided: bool
    """Every one of its rulings has a decision (a scoresheet decision, or an older
    archive's per-seat decisions on them all)."""

    @property
    def status(self) -> RulingStatus:
        return RulingStatus.DECIDED if self.decided else RulingStatus.REFERRED


def sheet_question(
    all_lives: tuple[RulingLife, ...], written: Mapping[str, int] | None, score: Mapping[str, int]
) -> SheetQuestion | None:
    """The scoresheet question of a hand (``score``: the referee's, on the audit the
    decisions stand on); ``None`` when the table's written scores are the referee's
    or it wrote none."""
    indexes = sheet_rulings(tuple(life.standing for life in all_lives))
    if not indexes:
        return None
    life = all_lives[indexes[0]]
    kept = kept_changes(written or {}, score)
    tried = {
        Action.ACCEPT: Decision(None, Action.ACCEPT, "", ""),
        Action.KEEP: Decision(None, Action.KEEP, "", "", kept),
    }
    offered = tuple(
        action for action in SHEET_ACTIONS if action not in tried or unchanged(tried[action], life) is None
    )
    decided = all(all_lives[i].decided for i in indexes)
    return SheetQuestion(indexes, life, dict(written or {}), kept, offered, decided)
