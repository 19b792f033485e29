"""The audit of one hand as a value: what a result publishes and what the archive keeps.

A :class:`~rulings.log.JudgedHand` carries the whole replay (the record, the
findings, the score's workings) because the explanations need it. Once the
hand is judged, what matters to everyone after is smaller and fixed: the
tricks as played, the rulings, the points, penalties and score, the moon,
and the engine that said so. :func:`audit_of` takes that from the judged
hand; the JSON layer publishes it, the archive stores it in a document of
its own, and a stored audit read back is the same value again, whatever
release of the engine made it.

Decisions start from here too: :meth:`HandAudit.standings` is what each
ruling did to the score, the ground every director's decision is scored on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hearts_referee import referee
from hearts_referee.referee.cards import Card
from hearts_referee.referee.replay import Kitty, Trick
from hearts_referee.referee.scoring import MoonOutcome

from .decisions import Standing
from .log import JudgedHand, Ruling


@dataclass(frozen=True, init=False)
class HandAudit:
    """Everything the referee established about one hand, as the rulings left it.

    ``refereed`` is false for a score-only hand: the points are the table's, the play was not
    refereed. ``derived_deal`` is the deal the referee derived from the play, when the record
    left it out."""

    variant: str
    options: Mapping[str, Any]
    hand_number: int
    seats: tuple[str, ...]
    dealer: str
    pass_direction: str
    void: bool
    complete: bool
    tricks: tuple[Trick, ...]
    kitty: Kitty | None
    points: Mapping[str, int]
    penalties: Mapping[str, int]
    score: Mapping[str, int]
    moon: MoonOutcome | None
    rulings: tuple[Ruling, ...]
    engine_version: str
    refereed: bool
    derived_deal: Mapping[str, tuple[Card, ...]] | None

    def __init__(  # written out: compiled, it is C; the one @dataclass writes stays Python
        self,
        variant: str,
        options: Mapping[str, Any],
        hand_number: int,
        seats: tuple[str, ...],
        dealer: str,
        pass_direction: str,
        void: bool,
        complete: bool,
        tricks: tuple[Trick, ...],
        kitty: Kitty | None,
        points: Mapping[str, int],
        penalties: Mapping[str, int],
        score: Mapping[str, int],
        moon: MoonOutcome | None,
        rulings: tuple[Ruling, ...],
        engine_version: str,
        refereed: bool = True,
        derived_deal: Mapping[str, tuple[Card, ...]] | None = None,
    ) -> None:
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "pass_direction", pass_direction)
        object.__setattr__(self, "void", void)
        object.__setattr__(self, "complete", complete)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "kitty", kitty)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "penalties", penalties)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "moon", moon)
        object.__setattr__(self, "rulings", rulings)
        object.__setattr__(self, "engine_version", engine_version)
        object.__setattr__(self, "refereed", refereed)
        object.__setattr__(self, "derived_deal", derived_deal)

    @property
    def deal_derived(self) -> bool:
        """Whether the record left its deal out and the referee derived it."""
        return self.derived_deal is not None

    @property
    def referred(self) -> tuple[int, ...]:
        """Indexes of the rulings the referee left to the director."""
        return tuple(i for i, ruling in enumerate(self.rulings) if ruling.status == "referred")

    def standings(self) -> tuple[Standing, ...]:
        """What each ruling did to the score, in ruling order (penalty points only where
        the ruling was applied on a deal that counts)."""
        return tuple(
            Standing(
                ruling.code,
                ruling.seat,
                ruling.status,
                ruling.penalty.points
                if ruling.penalty is not None and ruling.status == "applied" and not self.void
                else 0,
            )
            for ruling in self.rulings
        )


def audit_of(judged: JudgedHand) -> HandAudit:
    """The audit of a judged hand, by the engine running now."""
    replay = judged.replay
    record = replay.record
    return HandAudit(
        variant=record.variant.id,
        options=dict(record.variant.options),
        hand_number=record.hand_number,
        seats=record.seats,
        dealer=record.dealer,
        pass_direction=replay.pass_direction,
        void=replay.void,
        complete=replay.complete,
        tricks=replay.tricks,  # the replay's own: one trick type in the result, never changed
        kitty=replay.kitty,
        points=dict(replay.score.points),
        penalties=dict(judged.penalties),
        score=dict(judged.score),
        moon=replay.score.moon,
        rulings=judged.rulings,
        engine_version=referee.__version__,
        refereed=replay.refereed,
        derived_deal=dict(record.deal) if record.deal_derived else None,
    )
