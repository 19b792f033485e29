"""A game's scoresheet: running totals, the end of the game, winners, signatures.

Pure functions over the hands' validated scores, so the archive, the
stateless ``POST /v1/games/validate`` and the tests compute a game the same
way. Nothing here asks which variant it is: what differs between variants
is read from the definition (:func:`game_rules`), and the end of a game and
match points come from ``referee.game``.

Readings (docs/games.md):

- The deal passes left: the next hand's dealer is the seat after the
  dealer in clockwise order. A void deal (a misdeal) is redealt by the same
  dealer under the same hand number, so it moves neither.
- The game ends after the first hand whose totals satisfy
  ``referee.game.game_over`` (target reached, and under a penalty schedule
  not only through that hand's penalty points). Hands recorded after that
  are listed but do not count.
- Winners are the lowest total(s); a variant with match points (its rules
  have a ``match-points`` clause) also awards them by place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from hearts_referee.referee import Signers, Variant
from hearts_referee.referee.game import MATCH_POINTS, game_over, lowest, match_points

MATCH_POINT_SCALES: Mapping[str, tuple[int, ...]] = {"match-points": MATCH_POINTS}
"""Clause key -> match points by place (lowest total first). A variant whose rules
include the clause awards them; the clause text is the rule as directors read it."""


@dataclass(frozen=True)
class GameRules:
    """What a game needs to know about its variant, beyond playing single hands."""

    target: int
    match_points: tuple[int, ...] | None
    floor: int | None
    signatures: Signers
    game_signatures: Signers = Signers.NONE


def game_rules(variant: Variant) -> GameRules:
    """The game-level rules of ``variant``, read from its definition."""
    scale = next((MATCH_POINT_SCALES[c.key] for c in variant.clauses if c.key in MATCH_POINT_SCALES), None)
    floor = 0 if variant.totals_floor_zero else None
    return GameRules(
        variant.game_target, scale, floor, Signers(variant.signatures), Signers(variant.game_signatures)
    )


def required_signers(rule: Signers | str, seats: Sequence[str], scorekeeper: str) -> frozenset[str]:
    """The seats whose signatures make a hand's scores count.

    ``none``: nobody; ``scorekeeper``: the table's scorekeeper; ``all`` (and
    any value this code does not know, the strictest reading): every seat.
    """
    if rule == Signers.NONE:
        return frozenset()
    if rule == Signers.SCOREKEEPER:
        return frozenset((scorekeeper,))
    return frozenset(seats)


@dataclass(frozen=True)
class GameSetup:
    """A table's game as it starts: the seats clockwise, who deals first, who keeps score."""

    variant: Variant
    seats: tuple[str, ...]
    first_dealer: str
    scorekeeper: str
    players: Mapping[str, str] = field(default_factory=dict)
    table: str | None = None

    @property
    def signers(self) -> frozenset[str]:
        """Who signs each hand (the variant's ``signatures``)."""
        return required_signers(self.variant.signatures, self.seats, self.scorekeeper)

    @property
    def sheet_signers(self) -> tuple[str, ...]:
        """Who signs the scoresheet once the game is over (``game_signatures``), in seat order."""
        chosen = required_signers(self.variant.game_signatures, self.seats, self.scorekeeper)
        return tuple(seat for seat in self.seats if seat in chosen)


class HandLine(NamedTuple):
    """One hand as the scoresheet sees it: its current score, penalties, and whether void."""

    score: Mapping[str, int]
    penalties: Mapping[str, int]
    void: bool = False


class NextDeal(NamedTuple):
    hand_number: int
    dealer: str


def next_deal(seats: Sequence[str], first_dealer: str, lines: Sequence[HandLine]) -> NextDeal:
    """Hand number and dealer of the hand after ``lines`` (void deals are redealt)."""
    dealt = sum(1 for line in lines if not line.void)
    return NextDeal(dealt + 1, seats[(seats.index(first_dealer) + dealt) % len(seats)])


@dataclass(frozen=True)
class Sheet:
    """A game's scoresheet. ``totals_after[i]`` are the totals after hand ``i + 1``
    (for hands after the end, the totals at the end)."""

    rules: GameRules
    totals_after: tuple[Mapping[str, int], ...]
    totals: Mapping[str, int]
    ended_after: int | None
    winners: tuple[str, ...]
    match_points: Mapping[str, Fraction] | None

    @property
    def over(self) -> bool:
        return self.ended_after is not None


def add_hand(rules: GameRules, totals: Mapping[str, int], score: Mapping[str, int]) -> dict[str, int]:
    """Totals after a hand scoring ``score``; never below the variant's floor."""
    after = {seat: total + score.get(seat, 0) for seat, total in totals.items()}
    if rules.floor is not None:
        after = {seat: max(rules.floor, total) for seat, total in after.items()}
    return after


def scoresheet(variant: Variant, seats: Sequence[str], lines: Sequence[HandLine]) -> Sheet:
    """Running totals, the end of the game and its winners, from each hand's score."""
    rules = game_rules(variant)
    totals = dict.fromkeys(seats, 0)
    after: list[Mapping[str, int]] = []
    ended: int | None = None
    for position, line in enumerate(lines, start=1):
        if ended is None:
            totals = add_hand(rules, totals, line.score)
            if not line.void and game_over(variant, totals, line.penalties):
                ended = position
        after.append(dict(totals))
    if ended is None:
        return Sheet(rules, tuple(after), totals, None, (), None)
    points = match_points(totals, rules.match_points) if rules.match_points else None
    return Sheet(rules, tuple(after), totals, ended, tuple(lowest(totals)), points)
