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

The table's scoresheet is one question, not one per seat: when the scores the
table wrote (``claimed``) differ from the referee's, the audit has a
``score_mismatch`` ruling for each seat that differs, and the director answers
them all with one decision on the scoresheet (``ruling`` is ``None``):

- ``accept``: the referee's scores stand.
- ``keep``: the table's written scores stand (the reason says why); its
  ``score_changes`` are what the table wrote less the referee's score
  (:func:`kept_changes`), filled in when the decision is taken.
- ``adjust``: the director's own ``score_changes`` on the referee's score.

A scoresheet decision answers every ``score_mismatch`` ruling of the audit it is
scored on and replaces any decision taken on one of them before (the per-seat
decisions of archives written before it still read back and count until then).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from mypy_extensions import mypyc_attr

from hearts_referee.referee.findings import Code
from hearts_referee.referee.record import Problem, pointer
from hearts_referee.referee.translator import SAID

from .schedules import Status


class Action(StrEnum):
    """What a director does with a ruling (see the module's docstring)."""

    UPHOLD = "uphold"
    WAIVE = "waive"
    ADJUST = "adjust"
    CLAIM = "claim"
    ACCEPT = "accept"
    KEEP = "keep"


class ClaimOutcome(StrEnum):
    """A director's decision on a claim."""

    ALLOWED = "allowed"
    REFUSED = "refused"


ACTIONS: tuple[Action, ...] = tuple(Action)
SHEET_ACTIONS: tuple[Action, ...] = (Action.ACCEPT, Action.KEEP, Action.ADJUST)
"""What a director may do with the table's scoresheet, in the forms' order."""
RULING_ACTIONS: tuple[Action, ...] = (Action.UPHOLD, Action.WAIVE, Action.ADJUST, Action.CLAIM)
"""What a director may do with one ruling."""
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
    """A director's decision on the ruling at index ``ruling`` of the audit, or, when
    ``ruling`` is ``None``, on the table's scoresheet (every ``score_mismatch`` ruling).

    ``action`` and ``claim`` are members of their enums (the JSON layer and the
    archive build them so); being StrEnum members, they compare equal to their strings.
    """

    ruling: int | None
    action: Action
    director: str
    reason: str
    score_changes: Mapping[str, int] = field(default_factory=dict)
    claim: ClaimOutcome | None = None

    @property
    def on_scoresheet(self) -> bool:
        """Whether it answers the table's scoresheet rather than one ruling."""
        return self.ruling is None

    def __post_init__(self) -> None:
        """A caller may pass the plain strings: kept as the members, which compiled readers check."""
        fields = self.__dict__
        object.__setattr__(self, "action", Action(fields["action"]))
        if fields["claim"] is not None:
            object.__setattr__(self, "claim", ClaimOutcome(fields["claim"]))


def sheet_rulings(standings: tuple[Standing, ...]) -> tuple[int, ...]:
    """The rulings the scoresheet question stands for: every seat whose written score differs."""
    return tuple(i for i, standing in enumerate(standings) if standing.code == Code.SCORE_MISMATCH)


_ONLY_A_CLAIM = SAID.gettext("only a claim decision says allowed or refused")


def answers(decision: Decision, standings: tuple[Standing, ...]) -> tuple[int, ...]:
    """The rulings ``decision`` answers: its own, or the scoresheet's."""
    return sheet_rulings(standings) if decision.ruling is None else (decision.ruling,)


def kept_changes(written: Mapping[str, int], score: Mapping[str, int]) -> dict[str, int]:
    """What keeping the table's written scores moves: written less validated, per seat."""
    return {
        seat: written[seat] - score[seat]
        for seat in score
        if seat in written and written[seat] != score[seat]
    }


def decision_problems(
    decision: Decision, standings: tuple[Standing, ...], seats: Iterable[str]
) -> list[Problem]:
    """Why ``decision`` cannot be recorded against these rulings (empty when it can).

    Pointers locate the problem in the decision's JSON body.
    """
    if decision.ruling is None:
        problems = _sheet_problems(decision, standings)
    else:
        problems = _ruling_problems(decision, decision.ruling, standings)
        if problems and problems[0].code == "unknown_ruling":
            return problems
    if decision.action == Action.ADJUST and not decision.score_changes:
        problems.append(
            Problem("/score_changes", "required", SAID.gettext("an adjustment names its score changes"))
        )
    if (
        decision.action in (Action.UPHOLD, Action.WAIVE, Action.ACCEPT, Action.KEEP)
        and decision.score_changes
    ):
        problems.append(
            Problem(
                "/score_changes",
                "not_allowed",
                SAID.gettext(
                    "%(action)s leaves the score to the rules or the table; use adjust to change it",
                    action=str(decision.action),
                ),
            )
        )
    known = set(seats)
    for seat in decision.score_changes:
        if seat not in known:
            problems.append(
                Problem(
                    pointer("score_changes", seat),
                    "unknown_seat",
                    SAID.gettext("%(seat)s is not a seat at this table", seat=repr(seat)),
                )
            )
    return problems


def _sheet_problems(decision: Decision, standings: tuple[Standing, ...]) -> list[Problem]:
    problems: list[Problem] = []
    if not sheet_rulings(standings):
        problems.append(
            Problem(
                "/scoresheet",
                "no_scoresheet_question",
                SAID.gettext(
                    "the table's written scores are the referee's, or it wrote none: nothing to decide"
                ),
            )
        )
    if decision.action not in SHEET_ACTIONS:
        problems.append(
            Problem(
                "/action",
                "not_a_scoresheet_action",
                SAID.gettext(
                    "the scoresheet is decided by %(actions)s, not %(action)s",
                    actions=", ".join(SHEET_ACTIONS),
                    action=str(decision.action),
                ),
            )
        )
    if decision.claim is not None:
        problems.append(Problem("/claim", "not_allowed", _ONLY_A_CLAIM))
    return problems


def _ruling_problems(decision: Decision, index: int, standings: tuple[Standing, ...]) -> list[Problem]:
    problems: list[Problem] = []
    if not 0 <= index < len(standings):
        return [
            Problem(
                "/ruling",
                "unknown_ruling",
                SAID.gettext(
                    "the hand has %(count)s ruling(s), numbered from 0; there is no ruling %(index)s",
                    count=len(standings),
                    index=index,
                ),
            )
        ]
    standing = standings[index]
    action = decision.action
    if standing.code == Code.SCORE_MISMATCH:
        problems.append(
            Problem(
                "/ruling",
                "scoresheet_ruling",
                SAID.gettext(
                    "ruling %(index)s is one seat of the table's scoresheet: decide the scoresheet "
                    "as one (scoresheet true, without a ruling)",
                    index=index,
                ),
            )
        )
    if action not in RULING_ACTIONS:
        problems.append(
            Problem(
                "/action",
                "scoresheet_action",
                SAID.gettext("%(action)s decides the table's scoresheet, not one ruling", action=str(action)),
            )
        )
    if action == Action.CLAIM:
        if standing.code != Code.CLAIM:
            problems.append(
                Problem(
                    "/action",
                    "not_a_claim",
                    SAID.gettext(
                        "ruling %(index)s is a %(code)s, not a claim",
                        index=index,
                        code=str(standing.code),
                    ),
                )
            )
        if decision.claim is None:
            problems.append(
                Problem("/claim", "required", SAID.gettext("a decision on a claim says allowed or refused"))
            )
    elif decision.claim is not None:
        problems.append(Problem("/claim", "not_allowed", _ONLY_A_CLAIM))
    return problems


def effect(decision: Decision, standing: Standing | None) -> tuple[dict[str, int], dict[str, int]]:
    """The change ``decision`` makes to the referee's score and penalties (``standing``:
    the ruling it answers; ``None`` for the scoresheet)."""
    if decision.action == Action.WAIVE:
        if standing is None or not standing.points:
            return {}, {}
        return {standing.seat: -standing.points}, {standing.seat: -standing.points}
    if decision.action in (Action.ADJUST, Action.CLAIM, Action.KEEP):
        return dict(decision.score_changes), {}
    return {}, {}


def standing_decisions(
    standings: tuple[Standing, ...], decisions: Iterable[Decision]
) -> dict[int | None, Decision]:
    """The decision that stands on each question (a ruling's index, ``None`` for the
    scoresheet): the latest; a scoresheet decision also replaces those on its rulings."""
    latest: dict[int | None, Decision] = {}
    for decision in decisions:
        if decision.ruling is None:  # it answers every seat: older per-seat decisions go
            for index in sheet_rulings(standings):
                latest.pop(index, None)
        latest[decision.ruling] = decision
    return latest


def rescore(
    score: Mapping[str, int],
    penalties: Mapping[str, int],
    standings: tuple[Standing, ...],
    decisions: Iterable[Decision],
) -> tuple[dict[str, int], dict[str, int]]:
    """The score and penalties once ``decisions`` (in order) are applied to the audit's.

    Only the decision that stands on each question counts (:func:`standing_decisions`).
    """
    new_score, new_penalties = dict(score), dict(penalties)
    for index, decision in standing_decisions(standings, decisions).items():
        score_delta, penalty_delta = effect(decision, None if index is None else standings[index])
        for seat, points in score_delta.items():
            new_score[seat] = new_score.get(seat, 0) + points
        for seat, points in penalty_delta.items():
            new_penalties[seat] = new_penalties.get(seat, 0) + points
    return new_score, new_penalties
