"""What a finding is about and what it knows: the ruling :class:`Code` and the
:class:`Facts` class each code carries.

These are the values below the one registry of ruling codes
(:mod:`hearts_referee.referee.rulingkinds`): the registry names, for each code, its
facts class, and :class:`~hearts_referee.referee.findings.Finding` checks a finding's
facts against it. Import them from ``referee.findings``, which re-exports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from .cards import Card
from .record import ClaimKind
from .variant import MoonOption

if TYPE_CHECKING:  # pragma: no cover
    from .solver import Verdict


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
    PLAY_INCOMPLETE = "play_incomplete"


CODES: tuple[Code, ...] = tuple(Code)
"""Every code a finding (and so a ruling) can carry, in no particular order."""


# --- the facts of each kind of finding ------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """What a finding knows beyond where it happened. Every code has its own subclass
    (the registry, :data:`~hearts_referee.referee.rulingkinds.RULING_KINDS`, says which);
    this base carries nothing."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealFacts(Facts):
    """``misdeal``: why the deal is irregular, one sentence per reason, and whether the
    variant's own text voids it (``void``; otherwise the hand is played out and the
    director decides whether to redeal)."""

    reasons: tuple[str, ...]
    void: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class IncorrectPassFacts(Facts):
    """``incorrect_pass``: what was wrong with the pass, and whom it should have gone
    to (``None`` on a hold hand)."""

    faults: tuple[str, ...]
    expected_to: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyCardFacts(Facts):
    """A finding whose card may stay face up as a penalty card, where the variant has
    them: ``penalty_card`` is that card once it has become one."""

    penalty_card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardFaultFacts(PenaltyCardFacts):
    """A card played against a rule, open to correction until its trick is established
    (``wrong_first_lead``, ``point_card_on_first_trick``, ``early_heart``,
    ``joker_played_early``). ``corrected``: it was taken back in time."""

    corrected: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RevokeFacts(CardFaultFacts):
    """``revoke``, and ``renounce`` (a revoke corrected in time).
    ``all_points_played``: every point card was out before the revoking card."""

    all_points_played: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class LeadOutOfTurnFacts(CardFaultFacts):
    """``lead_out_of_turn``: whose lead it was."""

    proper_leader: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ExposedCardFacts(PenaltyCardFacts):
    """``exposed_card``: ``withdrawn`` when it is a legal card taken back from a trick
    (seen, so exposed) rather than one dropped or shown."""

    withdrawn: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayOutOfTurnFacts(Facts):
    """``play_out_of_turn``: whose turn it was."""

    expected: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyCardNotPlayedFacts(Facts):
    """``penalty_card_not_played``: the card played instead of the penalty card."""

    played: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimFacts(Facts):
    """``claim``: the announced order, whether the claim holds against every legal
    defence (``None`` when the referee cannot judge it) and why.

    ``what`` is claimed (``limit``: a points claim's most points); the solver's
    ``verdict`` (``referee.solver``) carries the worst and best outcomes, the
    refuting line and the suggestion; ``position`` is every seat's cards at the
    claim, for the director's view. ``None``/empty when no search was run."""

    order: tuple[Card, ...]
    holds: bool | None
    reason: str
    what: ClaimKind = ClaimKind.ALL_TRICKS
    limit: int | None = None
    verdict: Verdict | None = field(default=None, compare=False)
    position: tuple[tuple[str, tuple[Card, ...]], ...] = field(default=(), compare=False)

    @property
    def suggestion(self) -> str | None:
        return self.verdict.suggestion if self.verdict is not None else None


@dataclass(frozen=True, slots=True, kw_only=True)
class MoonStoppedFacts(Facts):
    """``moon_stopped_by_revoke``: who revoked, in which trick, and what the referee
    suggests to the director."""

    revoker: str
    revoke_trick: int
    suggestion: str
    searched: str = ""
    """What the search from the revoke found (RULES: the revoker made to follow suit),
    in words, with the line; empty when no search was run."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MoonChoiceFacts(Facts):
    """``moon_choice_not_allowed``: the choice the record made and the totals before
    the hand that decided it was not open."""

    choice: MoonOption
    scores_before: Mapping[str, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayIncompleteFacts(Facts):
    """``play_incomplete``: the play stops early with no claim or concession for the rest
    (RULES: such a hand cannot be scored). ``tricks_left`` tricks of ``tricks`` are not
    played out and ``cards_left`` cards are still in the players' hands."""

    tricks: int
    tricks_left: int
    cards_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreMismatchFacts(Facts):
    """``score_mismatch``: the seat's written and validated scores, and both sheets' totals."""

    written: int
    validated: int
    written_total: int
    validated_total: int
