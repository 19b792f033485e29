"""What the replay found: irregularities as values, never exceptions.

A :class:`Finding` says *what happened* (code, seat, trick, card, facts); it
does not say what it costs. Its facts are typed: each code carries one
:class:`Facts` class (:data:`FACTS` says which), so the detector that writes
them, the schedule that prices them and the explanation that reads them
agree through the type checker rather than through string keys.

Turning findings into rulings with penalties is the penalty schedule's job
(``rulings/``), so one detection serves every variant's schedule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from mypy_extensions import mypyc_attr

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

RULING_CODES: Mapping[Code, str] = MappingProxyType(
    {
        Code.MISDEAL: "Wrong number of cards dealt, or a card exposed in the deal",
        Code.INCORRECT_PASS: "Wrong number of cards, wrong recipient, a pass on a hold hand, "
        "or looking early",
        Code.LEAD_OUT_OF_TURN: "A trick led by the wrong seat",
        Code.PLAY_OUT_OF_TURN: "A card played out of turn to a trick already led",
        Code.WRONG_FIRST_LEAD: "The 2♣ holder led another card to trick 1",
        Code.REVOKE: "Not following suit when able, established",
        Code.RENOUNCE: "A revoke corrected before it was established",
        Code.POINT_CARD_ON_FIRST_TRICK: "A heart or the Q♠ played to trick 1 by a player with another choice",
        Code.EARLY_HEART: "A heart led before hearts were broken",
        Code.EXPOSED_CARD: "A card dropped or shown face up",
        Code.PENALTY_CARD_NOT_PLAYED: "A penalty card not played at the first legal opportunity",
        Code.CLAIM: "A claim or concession, and whether it holds against every defence",
        Code.MOON_STOPPED_BY_REVOKE: "A moon prevented only by another player's revoke",
        Code.MOON_CHOICE_NOT_ALLOWED: "The record's moon_choice is not open under the variant",
        Code.SCORE_MISMATCH: "A seat's written score differs from the validated one",
        Code.JOKER_PLAYED_EARLY: "The joker played before the last trick",
        Code.PLAY_INCOMPLETE: "The play stops early with no claim or concession for the rest: "
        "a hand in progress, which cannot be scored",
    }
)
"""Every ruling code, to what it means in one line: the one registry. ``openapi.yaml``'s
``RulingCode`` enum and a section of ``docs/rulings.md`` for each are checked against it
(``tests/test_error_codes.py``); a new code adds its line here, then there."""


# --- the facts of each kind of finding ------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """What a finding knows beyond where it happened. Every code has its own
    subclass (see :data:`FACTS`); this base carries nothing."""


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

    claimed: int
    validated: int
    claimed_total: int
    validated_total: int


FACTS: Mapping[Code, type[Facts]] = MappingProxyType(
    {
        Code.MISDEAL: MisdealFacts,
        Code.INCORRECT_PASS: IncorrectPassFacts,
        Code.LEAD_OUT_OF_TURN: LeadOutOfTurnFacts,
        Code.PLAY_OUT_OF_TURN: PlayOutOfTurnFacts,
        Code.WRONG_FIRST_LEAD: CardFaultFacts,
        Code.REVOKE: RevokeFacts,
        Code.RENOUNCE: RevokeFacts,
        Code.POINT_CARD_ON_FIRST_TRICK: CardFaultFacts,
        Code.EARLY_HEART: CardFaultFacts,
        Code.EXPOSED_CARD: ExposedCardFacts,
        Code.PENALTY_CARD_NOT_PLAYED: PenaltyCardNotPlayedFacts,
        Code.CLAIM: ClaimFacts,
        Code.MOON_STOPPED_BY_REVOKE: MoonStoppedFacts,
        Code.MOON_CHOICE_NOT_ALLOWED: MoonChoiceFacts,
        Code.SCORE_MISMATCH: ScoreMismatchFacts,
        Code.JOKER_PLAYED_EARLY: CardFaultFacts,
        Code.PLAY_INCOMPLETE: PlayIncompleteFacts,
    }
)
"""The facts class each code carries: exactly this class, checked when a finding is made."""

F = TypeVar("F", bound=Facts)


@mypyc_attr(native_class=False)  # compiled, a native class would refuse the plain-string code
@dataclass(frozen=True)
class Finding:
    """One irregularity, where it happened and the facts a ruling needs.

    ``trick`` is 1-based: the trick in progress, or the next one when the
    event fell between tricks. ``event`` is the index of the play event
    concerned (``None`` for the deal and the pass). ``facts`` is the
    :class:`Facts` subclass :data:`FACTS` names for ``code`` (a finding with
    any other raises ``TypeError``); read it with :meth:`facts_as`.
    """

    code: Code
    seat: str
    trick: int
    card: Card | None = None
    event: int | None = None
    facts: Facts = field(kw_only=True)

    def __post_init__(self) -> None:
        code = Code(self.__dict__["code"])  # a caller may pass the plain string (read unchecked)
        kind = FACTS[code]
        if type(self.facts) is not kind:
            raise TypeError(f"a {code} finding carries {kind.__name__}, not {type(self.facts).__name__}")
        object.__setattr__(self, "code", code)

    def facts_as(self, kind: type[F]) -> F:
        """The facts, as the class the reader expects; ``TypeError`` if they are another kind."""
        facts = self.facts
        if not isinstance(facts, kind):
            raise TypeError(f"a {self.code} finding carries {type(facts).__name__}, not {kind.__name__}")
        return facts

    @property
    def penalty_card(self) -> Card | None:
        """The card this finding left face up as a penalty card, if any."""
        facts = self.facts
        return facts.penalty_card if isinstance(facts, PenaltyCardFacts) else None
