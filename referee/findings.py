"""What the replay found: irregularities as values, never exceptions.

A :class:`Finding` says *what happened* (code, seat, trick, card, facts); it
does not say what it costs. Turning findings into rulings with penalties is
the penalty schedule's job (``rulings/``), so one detection serves every
variant's schedule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Card


class Code(StrEnum):
    """What a finding (and so a ruling) is about. A ``StrEnum``: each member equals
    its string (``Code.REVOKE == "revoke"``), so JSON answers and callers that
    still pass plain strings see no difference."""

    MISDEAL = "misdeal"
    INCORRECT_PASS = "incorrect_pass"
    LEAD_OUT_OF_TURN = "lead_out_of_turn"
    PLAY_OUT_OF_TURN = "play_out_of_turn"
    WRONG_FIRST_LEAD = "wrong_first_lead"
    REVOKE = "revoke"
    RENOUNCE = "renounce"
    POINT_CARD_ON_FIRST_TRICK = "point_card_on_first_trick"
    EARLY_HEART = "early_heart"
    EXPOSED_CARD = "exposed_card"
    PENALTY_CARD_NOT_PLAYED = "penalty_card_not_played"
    CLAIM = "claim"
    MOON_STOPPED_BY_REVOKE = "moon_stopped_by_revoke"
    MOON_CHOICE_NOT_ALLOWED = "moon_choice_not_allowed"
    SCORE_MISMATCH = "score_mismatch"
    JOKER_PLAYED_EARLY = "joker_played_early"


CODES: tuple[Code, ...] = tuple(Code)
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

    code: Code
    seat: str
    trick: int
    card: Card | None = None
    event: int | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    def fact(self, name: str, default: Any = None) -> Any:
        return self.facts.get(name, default)
