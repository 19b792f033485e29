"""Plain-English explanations: what happened, which rule it meets, what follows.

What happened is told by the code's entry in the registry of ruling codes
(``referee.rulingkinds``: one small function per code, reading only the finding's
facts); what follows is the schedule's, added here, so a director reads the same
sentence whichever client asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from hearts_referee.referee.findings import Code, Finding
from hearts_referee.referee.rulingkinds import RULING_KINDS
from hearts_referee.referee.score_only import REPORTABLE

from .schedules import Status

if TYPE_CHECKING:  # pragma: no cover
    from hearts_referee.referee.replay import Replay

    from .log import Penalty


_EXPLAINERS: Mapping[Code, Callable[[Finding, Replay], str]] = MappingProxyType(
    {code: kind.explain for code, kind in RULING_KINDS.items()}
)
"""What happened, in the referee's words, for each code: read from the registry."""


def _reported(f: Finding, r: Replay) -> str:
    """A finding of a score-only hand: what the director recorded, as reported at the table."""
    where = [f"trick {f.trick}"] if f.trick > 1 else []
    where += [f.card.label] if f.card is not None else []
    said = f" ({', '.join(where)})" if where else ""
    return (
        f"Reported at the table and recorded by the director: {f.seat} {REPORTABLE[f.code].did}{said}. "
        "The play was not recorded: the referee rules on the report."
    )


def explain(finding: Finding, replay: Replay, status: Status, penalty: Penalty | None) -> str:
    """What happened, then what the schedule does about it. On a score-only hand the play
    was not refereed: what happened is what the director recorded."""
    reported = not replay.refereed and finding.code in REPORTABLE
    text = (_reported if reported else RULING_KINDS[finding.code].explain)(finding, replay)
    consequence = []
    if status == Status.APPLIED and penalty is not None:
        if penalty.points:
            consequence.append(f"{penalty.points} penalty points to {finding.seat}")
        if penalty.penalty_card is not None:
            consequence.append(
                f"{penalty.penalty_card.label} becomes a penalty card, to be "
                "played at the first legal opportunity"
            )
    if consequence:
        text += " Applied: " + "; ".join(consequence) + "."
    elif status == Status.WAIVED:
        text += " No penalty: the rules excuse it."
    elif status == Status.REFERRED:
        text += " Referred to the director."
    return text


def suggest(finding: Finding, status: Status) -> str | None:
    """A suggested outcome for the director, where the referee can compute one (the code's
    entry in the registry says how)."""
    if status != Status.REFERRED:
        return None
    return RULING_KINDS[finding.code].suggest(finding)
