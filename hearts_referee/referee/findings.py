"""What the replay found: irregularities as values, never exceptions.

A :class:`Finding` says *what happened* (code, seat, trick, card, facts); it
does not say what it costs. Its facts are typed: each code carries one
:class:`Facts` class (its entry in the one registry of ruling codes,
:data:`~hearts_referee.referee.rulingkinds.RULING_KINDS`, says which; :data:`FACTS`
is read from it), so the detector that writes them, the schedule that prices them
and the explanation that reads them agree through the type checker rather than
through string keys. The codes and their facts classes are defined in
:mod:`~hearts_referee.referee.facts` and exported from here.

Turning findings into rulings with penalties is the penalty schedule's job
(``rulings/``), so one detection serves every variant's schedule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from mypy_extensions import mypyc_attr

from .cards import Card
from .facts import (
    CODES,
    CardFaultFacts,
    ClaimFacts,
    Code,
    ExposedCardFacts,
    Facts,
    IncorrectPassFacts,
    LeadOutOfTurnFacts,
    MisdealFacts,
    MoonChoiceFacts,
    MoonStoppedFacts,
    PenaltyCardFacts,
    PenaltyCardNotPlayedFacts,
    PlayIncompleteFacts,
    PlayOutOfTurnFacts,
    RevokeFacts,
    ScoreMismatchFacts,
)
from .rulingkinds import RULING_KINDS

__all__ = [
    "CODES",
    "FACTS",
    "RULING_CODES",
    "CardFaultFacts",
    "ClaimFacts",
    "Code",
    "ExposedCardFacts",
    "Facts",
    "Finding",
    "IncorrectPassFacts",
    "LeadOutOfTurnFacts",
    "MisdealFacts",
    "MoonChoiceFacts",
    "MoonStoppedFacts",
    "PenaltyCardFacts",
    "PenaltyCardNotPlayedFacts",
    "PlayIncompleteFacts",
    "PlayOutOfTurnFacts",
    "RevokeFacts",
    "ScoreMismatchFacts",
]

RULING_CODES: Mapping[Code, str] = MappingProxyType(
    {code: kind.meaning for code, kind in RULING_KINDS.items()}
)
"""Every ruling code, to what it means in one line, read from the registry
(:data:`~hearts_referee.referee.rulingkinds.RULING_KINDS`). ``openapi.yaml``'s
``RulingCode`` enum and a section of ``docs/rulings.md`` for each are checked against it
(``tests/test_error_codes.py``)."""

FACTS: Mapping[Code, type[Facts]] = MappingProxyType(
    {code: kind.facts for code, kind in RULING_KINDS.items()}
)
"""The facts class each code carries, read from the registry: exactly this class, checked
when a finding is made."""

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
