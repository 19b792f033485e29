"""What the replay found: irregularities as values, never exceptions.

A :class:`Finding` says *what happened* (code, seat, trick, card, facts); it
does not say what it costs. Turning findings into rulings with penalties is
the penalty schedule's job (``rulings/``), so one detection serves every
variant's schedule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Card

CODES = (
    "misdeal",
    "incorrect_pass",
    "lead_out_of_turn",
    "play_out_of_turn",
    "wrong_first_lead",
    "revoke",
    "renounce",
    "point_card_on_first_trick",
    "early_heart",
    "exposed_card",
    "penalty_card_not_played",
    "claim",
    "moon_stopped_by_revoke",
    "moon_choice_not_allowed",
    "score_mismatch",
    "joker_played_early",
)
"""Every code a finding (and so a ruling) can carry, in no particular order."""


@dataclass(frozen=True)
class Finding:
    """One irregularity, where it happened and the facts a ruling needs.

    ``trick`` is 1-based: the trick in progress, or the next one when the
    event fell between tricks. ``event`` is the index of the play event
    concerned (``None`` for the deal and the pass). ``facts`` carries what
    the schedule and the explanation need, e.g. ``corrected``,
    ``penalty_card`` or ``all_points_played``.
    """

    code: str
    seat: str
    trick: int
    card: Card | None = None
    event: int | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    def fact(self, name: str, default: Any = None) -> Any:
        return self.facts.get(name, default)
