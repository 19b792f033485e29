"""Explanations, in the reader's language: what happened, which rule it meets, what follows.

What happened is told by the code's entry in the registry of ruling codes
(``referee.rulingkinds``: one small function per code, reading only the finding's
facts); what follows is the schedule's, added here, so a director reads the same
sentence whichever client asked. Each is written in English, the source language, and
asked of the translator the caller passes (``referee.translator``; English by default).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from hearts_referee.referee.findings import Code, Finding
from hearts_referee.referee.rulingkinds import RULING_KINDS
from hearts_referee.referee.score_only import REPORTABLE
from hearts_referee.referee.translator import ENGLISH, Translator

from .schedules import Status

if TYPE_CHECKING:  # pragma: no cover
    from hearts_referee.referee.replay import Replay

    from .log import Penalty


_EXPLAINERS: Mapping[Code, Callable[[Finding, Replay, Translator], str]] = MappingProxyType(
    {code: kind.explain for code, kind in RULING_KINDS.items()}
)
"""What happened, in the referee's words, for each code: read from the registry."""


def _reported(f: Finding, r: Replay, t: Translator = ENGLISH) -> str:
    """A finding of a score-only hand: what the director recorded, as reported at the table."""
    where = [t.gettext("trick %(trick)s") % {"trick": f.trick}] if f.trick > 1 else []
    where += [f.card.label] if f.card is not None else []
    said = f" ({', '.join(where)})" if where else ""
    return t.gettext(
        "Reported at the table and recorded by the director: %(seat)s %(did)s%(where)s. "
        "The play was not recorded: the referee rules on the report."
    ) % {"seat": f.seat, "did": t.gettext(REPORTABLE[f.code].did), "where": said}


def _consequence(finding: Finding, status: Status, penalty: Penalty | None, t: Translator) -> str:
    """What the schedule does about a finding, as a sentence of its own ("" when nothing)."""
    if status == Status.APPLIED and penalty is not None and (penalty.points or penalty.penalty_card):
        said = {
            "points": penalty.points,
            "seat": finding.seat,
            "card": penalty.penalty_card.label if penalty.penalty_card is not None else "",
        }
        if not penalty.points:
            return (
                t.gettext(
                    "Applied: %(card)s becomes a penalty card, to be played at the first legal opportunity."
                )
                % said
            )
        if penalty.penalty_card is None:
            return t.gettext("Applied: %(points)s penalty points to %(seat)s.") % said
        return (
            t.gettext(
                "Applied: %(points)s penalty points to %(seat)s; %(card)s becomes a penalty card, "
                "to be played at the first legal opportunity."
            )
            % said
        )
    if status == Status.WAIVED:
        return t.gettext("No penalty: the rules excuse it.")
    if status == Status.REFERRED:
        return t.gettext("Referred to the director.")
    return ""


def explain(
    finding: Finding, replay: Replay, status: Status, penalty: Penalty | None, t: Translator = ENGLISH
) -> str:
    """What happened, then what the schedule does about it, in the reader's language ``t``.
    On a score-only hand the play was not refereed: what happened is what the director
    recorded."""
    reported = not replay.refereed and finding.code in REPORTABLE
    text = (_reported if reported else RULING_KINDS[finding.code].explain)(finding, replay, t)
    consequence = _consequence(finding, status, penalty, t)
    return text + " " + consequence if consequence else text


def suggest(finding: Finding, status: Status, t: Translator = ENGLISH) -> str | None:
    """A suggested outcome for the director, where the referee can compute one (the code's
    entry in the registry says how), in the reader's language ``t``."""
    if status != Status.REFERRED:
        return None
    return RULING_KINDS[finding.code].suggest(finding, t)
