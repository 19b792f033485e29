"""Director's decisions on a hand's rulings, and the score each one leaves.

Pure like the rest of ``rulings``: a decision is a value, checked against
the rulings it names, and a hand's score after any number of decisions is a
fold over them. The referee's own score (the audit) never changes; each
decision yields a new *version* of the score and every earlier version stays
what it was.

A ruling's latest decision is the one that stands (a director may change
their mind), so deciding the same ruling twice does not count it twice:

- ``uphold``: the referee's reading stands; the score does not change.
- ``waive``: the ruling's automatic penalty points (if the audit applied any)
  come off the offender's score and penalties.
- ``adjust``: ``score_changes`` are added to the referee's score. They are a
  correction, not a penalty assessment: they count towards the end of a game.
- ``claim``: on a ``claim`` ruling, ``allowed`` or ``refused``; the director's
  share of the remaining tricks, if it differs from the referee's, goes in
  ``score_changes``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from mypy_extensions import mypyc_attr

from hearts_referee.referee.findings import Code
from hearts_referee.referee.record import Problem, pointer

from .schedules import Status


class Action(StrEnum):
    """What a director does with a ruling (see the module's docstring)."""

    UPHOLD = "uphold"
    WAIVE = "waive"
    ADJUST = "adjust"
    CLAIM = "claim"


class ClaimOutcome(StrEnum):
    """A director's decision on a claim."""

    ALLOWED = "allowed"
    REFUSED = "refused"


ACTIONS: tuple[Action, ...] = tuple(Action)
CLAIM_OUTCOMES: tuple[ClaimOutcome, ...] = tuple(ClaimOutcome)


class Standing(NamedTuple):
    """What the audit did about one ruling, as far as a decision can change it.

    ``points`` are the penalty points the audit added to ``seat``'s score
    (0 unless the ruling was ``applied`` with points, on a deal that counts).
    """

    code: Code
    seat: str
    status: Status
    points: int = 0


@mypyc_attr(native_class=False)  # compiled, a native class would refuse plain-string members
@dataclass(frozen=True)
class Decision:
    """A director's decision on the ruling at index ``ruling`` of the audit.

    ``action`` and ``claim`` are members of their enums (the JSON layer and the
    archive build them so); being StrEnum members, they compare equal to their strings.
    """

    ruling: int
    action: Action
    director: str
    reason: str
    score_changes: Mapping[str, int] = field(default_factory=dict)
    claim: ClaimOutcome | None = None

    def __post_init__(self) -> None:
        """A caller may pass the plain strings: kept as the members, which compiled readers check."""
        fields = self.__dict__
        object.__setattr__(self, "action", Action(fields["action"]))
        if fields["claim"] is not None:
            object.__setattr__(self, "claim", ClaimOutcome(fields["claim"]))


def decision_problems(
    decision: Decision, standings: tuple[Standing, ...], seats: Iterable[str]
) -> list[Problem]:
    """Why ``decision`` cannot be recorded against these rulings (empty when it can).

    Pointers locate the problem in the decision's JSON body.
    """
    problems: list[Problem] = []
    if not 0 <= decision.ruling < len(standings):
        problems.append(
            Problem(
                "/ruling",
                "unknown_ruling",
                f"the hand has {len(standings)} ruling(s), numbered from 0; "
                f"there is no ruling {decision.ruling}",
            )
        )
        return problems
    standing = standings[decision.ruling]
    action = decision.action
    if action == Action.ADJUST and not decision.score_changes:
        problems.append(Problem("/score_changes", "required", "an adjustment names its score changes"))
    if action in (Action.UPHOLD, Action.WAIVE) and decision.score_changes:
        problems.append(
            Problem(
                "/score_changes",
                "not_allowed",
                f"{action} leaves the score to the rules; use adjust to change it",
            )
        )
    if action == Action.CLAIM:
        if standing.code != Code.CLAIM:
            problems.append(
                Problem(
                    "/action", "not_a_claim", f"ruling {decision.ruling} is a {standing.code}, not a claim"
                )
            )
        if decision.claim is None:
            problems.append(Problem("/claim", "required", "a decision on a claim says allowed or refused"))
    elif decision.claim is not None:
        problems.append(Problem("/claim", "not_allowed", "only a claim decision says allowed or refused"))
    known = set(seats)
    for seat in decision.score_changes:
        if seat not in known:
            problems.append(
                Problem(
                    pointer("score_changes", seat), "unknown_seat", f"{seat!r} is not a seat at this table"
                )
            )
    return problems


def effect(decision: Decision, standing: Standing) -> tuple[dict[str, int], dict[str, int]]:
    """The change ``decision`` makes to the referee's score and penalties."""
    if decision.action == Action.WAIVE:
        if not standing.points:
            return {}, {}
        return {standing.seat: -standing.points}, {standing.seat: -standing.points}
    if decision.action in (Action.ADJUST, Action.CLAIM):
        return dict(decision.score_changes), {}
    return {}, {}


def rescore(
    score: Mapping[str, int],
    penalties: Mapping[str, int],
    standings: tuple[Standing, ...],
    decisions: Iterable[Decision],
) -> tuple[dict[str, int], dict[str, int]]:
    """The score and penalties once ``decisions`` (in order) are applied to the audit's.

    Only the latest decision on each ruling counts.
    """
    latest: dict[int, Decision] = {}
    for decision in decisions:
        latest[decision.ruling] = decision
    new_score, new_penalties = dict(score), dict(penalties)
    for index, decision in latest.items():
        score_delta, penalty_delta = effect(decision, standings[index])
        for seat, points in score_delta.items():
            new_score[seat] = new_score.get(seat, 0) + points
        for seat, points in penalty_delta.items():
            new_penalties[seat] = new_penalties.get(seat, 0) + points
    return new_score, new_penalties
