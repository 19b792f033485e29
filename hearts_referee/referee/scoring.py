"""Scoring once, at the end: card points per seat, then the moon.

Penalty points are not added here: they belong to the penalty schedule
(``rulings/``), which adds them on top of :attr:`Score.hand`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .cards import Card
from .findings import Code, Finding, MoonChoiceFacts, MoonStoppedFacts
from .game import game_over, lowest
from .record import HandRecord
from .translator import SAID
from .variant import Moon, MoonChooser, MoonOption, Variant

if TYPE_CHECKING:  # pragma: no cover
    from .replay import Kitty, Trick


class ChosenBy(StrEnum):
    """Who chose a moon's option: the record (the shooter, as written) or the referee."""

    RECORD = "record"
    REFEREE = "referee"


@dataclass(frozen=True)
class MoonOutcome:
    """Who shot the moon, which outcome was scored and who chose it."""

    seat: str
    option: MoonOption
    chosen_by: ChosenBy


@dataclass(frozen=True, init=False)
class Score:
    """Card points taken, the hand's score after the moon, and findings of scoring."""

    points: Mapping[str, int]
    hand: Mapping[str, int]
    moon: MoonOutcome | None
    findings: tuple[Finding, ...]

    def __init__(  # written out: compiled, it is C; the one @dataclass writes stays Python
        self,
        points: Mapping[str, int],
        hand: Mapping[str, int],
        moon: MoonOutcome | None,
        findings: tuple[Finding, ...] = (),
    ) -> None:
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "moon", moon)
        object.__setattr__(self, "findings", findings)


def score_hand(
    variant: Variant,
    record: HandRecord,
    tricks: Sequence[Trick],
    *,
    complete: bool,
    void: bool,
    claimed_rest: tuple[str, Sequence[Card]] | None = None,
    findings: Sequence[Finding] = (),
    point_takers: set[str] | None = None,
    kitty: Kitty | None = None,
) -> Score:
    """Score the cards each seat took; a void deal scores nothing, an incomplete hand has no moon.

    ``point_takers`` (the seats that took a point card) may be passed when
    already known, to save a pass over the tricks.
    """
    seats = record.seats
    points = dict.fromkeys(seats, 0)
    if void:
        return Score(points, dict(points), None)
    card_points, point_cards = variant.card_points, variant.point_cards
    takers = set(point_takers) if point_takers is not None else set()
    for trick in tricks:
        taker = trick.taken_by
        if taker is not None:
            points[taker] += trick.points
            if (
                point_takers is None
                and taker not in takers
                and any(card in point_cards for _, card in trick.plays)
            ):
                takers.add(taker)
    extra_cards: list[tuple[str, Sequence[Card]]] = []
    if kitty is not None and kitty.taken_by is not None:
        extra_cards.append((kitty.taken_by, kitty.cards))
    if claimed_rest is not None:
        extra_cards.append(claimed_rest)
    for seat, cards in extra_cards:
        points[seat] += sum(card_points.get(c, 0) for c in cards)
        if any(c in point_cards for c in cards):
            takers.add(seat)
    hand = dict(points)
    if not complete or variant.moon is None:
        return Score(points, hand, None)
    shooter = next(iter(takers)) if len(takers) == 1 else None  # took every point card
    if shooter is None:
        return Score(points, hand, None, tuple(stopped_moons(variant, record, tricks, findings)))
    return moon_score(variant, record, shooter, points, len(tricks))


def moon_score(
    variant: Variant, record: HandRecord, shooter: str, points: Mapping[str, int], last_trick: int
) -> Score:
    """The score of a hand in which ``shooter`` took every point card, by the variant's
    moon rule: the one path a replayed hand and a score-only hand both take."""
    outcome, extra = moon_outcome(variant, record, shooter, points, last_trick)
    return Score(points, moon_scores(variant, record, shooter, points, outcome.option), outcome, extra)


def moon_value(variant: Variant, record: HandRecord) -> int:
    """The points a moon moves: the value of every point card (26 a deck)."""
    return variant.deck(len(record.seats)).moon_value


def totals_before(record: HandRecord) -> dict[str, int]:
    return {seat: (record.scores_before or {}).get(seat, 0) for seat in record.seats}


def moon_scores(
    variant: Variant, record: HandRecord, shooter: str, points: Mapping[str, int], option: MoonOption
) -> dict[str, int]:
    """The hand's scores after the moon: ``add`` gives every other seat the moon's points,
    ``subtract`` takes them off the shooter (never below zero where totals cannot be)."""
    value = moon_value(variant, record)
    hand = dict(points)
    hand[shooter] -= value  # the moon's own points are not the shooter's to keep
    if option == MoonOption.ADD:
        for seat in record.seats:
            if seat != shooter:
                hand[seat] += value
    elif variant.totals_floor_zero:
        hand[shooter] -= min(value, max(totals_before(record)[shooter], 0))
    else:
        hand[shooter] -= value
    return hand


def moon_outcome(
    variant: Variant,
    record: HandRecord,
    shooter: str,
    points: Mapping[str, int],
    last_trick: int,
    penalties: Mapping[str, int] | None = None,
) -> tuple[MoonOutcome, tuple[Finding, ...]]:
    """Apply the variant's moon options to the record's choice (or choose, and say so).

    ``penalties``: this hand's penalty points, once the schedule has priced them
    (see :func:`moon_with_penalties`)."""
    moon = _moon_of(variant)
    open_options = [
        option
        for option in moon.options
        if option == MoonOption.ADD or subtract_allowed(variant, record, shooter, points, penalties)
    ]
    choice = record.moon_choice
    if choice is not None and choice not in open_options:
        refused = Finding(
            Code.MOON_CHOICE_NOT_ALLOWED,
            shooter,
            max(last_trick, 1),
            facts=MoonChoiceFacts(choice=choice, scores_before=dict(record.scores_before or {})),
        )
        chosen = referee_choice(variant, record, shooter, points, open_options)
        return MoonOutcome(shooter, chosen, ChosenBy.REFEREE), (refused,)
    if choice is not None:  # the record may hold the plain string: keep the member
        return MoonOutcome(shooter, MoonOption(choice), ChosenBy.RECORD), ()
    chosen = referee_choice(variant, record, shooter, points, open_options)
    return MoonOutcome(shooter, chosen, ChosenBy.REFEREE), ()


def _moon_of(variant: Variant) -> Moon:
    """The variant's moon rule; only asked of a variant that has one."""
    if variant.moon is None:
        raise ValueError(f"{variant.id} has no moon")
    return variant.moon


def referee_choice(
    variant: Variant,
    record: HandRecord,
    shooter: str,
    points: Mapping[str, int],
    options: Sequence[MoonOption],
) -> MoonOption:
    """The option the referee takes for the shooter when the record names none."""
    if len(options) == 1:
        return options[0]
    if _moon_of(variant).chooser == MoonChooser.SUBTRACT_WHEN_OPEN:
        return MoonOption.SUBTRACT
    return best_for_shooter(variant, record, shooter, points, options)


def best_for_shooter(
    variant: Variant,
    record: HandRecord,
    shooter: str,
    points: Mapping[str, int],
    options: Sequence[MoonOption],
) -> MoonOption:
    """Long John: the option that wins the table now; else one that does not end the game
    with someone else lowest; among those, the one leaving the shooter furthest below
    the lowest other total (a tie: add)."""
    before = totals_before(record)
    after: dict[MoonOption, dict[str, int]] = {}
    for option in options:
        hand = moon_scores(variant, record, shooter, points, option)
        totals = {seat: before[seat] + hand[seat] for seat in record.seats}
        if variant.totals_floor_zero:
            totals = {seat: max(total, 0) for seat, total in totals.items()}
        after[option] = totals
    ends = {option: game_over(variant, totals) for option, totals in after.items()}
    winning = [o for o in options if ends[o] and shooter in lowest(after[o])]
    if winning:
        return MoonOption.ADD if MoonOption.ADD in winning else winning[0]
    safe = [o for o in options if not ends[o]] or list(options)

    def margin(option: MoonOption) -> tuple[int, bool]:
        totals = after[option]
        others = min(total for seat, total in totals.items() if seat != shooter)
        return others - totals[shooter], option == MoonOption.ADD

    return max(safe, key=margin)


def subtract_allowed(
    variant: Variant,
    record: HandRecord,
    shooter: str,
    points: Mapping[str, int],
    penalties: Mapping[str, int] | None = None,
) -> bool:
    """Subtracting is open when the variant has it and, under MSO, when anyone had
    ``subtract_from`` or more before the hand and adding would not give the shooter
    the game (lowest total, alone or tied).

    RULES, mso-2000 moon ("lowest total"): the totals ranked are the totals after
    the hand *with* this hand's ``penalties``; only "does the game end?" leaves
    them out (a game cannot end with a penalty assessment)."""
    moon = variant.moon
    if moon is None or MoonOption.SUBTRACT not in moon.options:
        return False
    if moon.subtract_from is None:
        return True
    before = totals_before(record)
    if max(before.values()) < moon.subtract_from:
        return False
    hand = moon_scores(variant, record, shooter, points, MoonOption.ADD)
    penalties = penalties or {}
    after_add = {seat: before[seat] + hand[seat] + penalties.get(seat, 0) for seat in record.seats}
    shooter_wins = game_over(variant, after_add, penalties) and shooter in lowest(after_add)
    return not shooter_wins


def moon_with_penalties(
    variant: Variant, record: HandRecord, score: Score, penalties: Mapping[str, int], last_trick: int
) -> Score:
    """The moon decided again once this hand's penalty points are known.

    The replay scores the moon before any schedule has priced its findings;
    the penalties can open or close MSO's subtract option (RULES, mso-2000
    moon: "lowest total" counts this hand's penalties). Returns ``score``
    itself when there is no moon or no penalty to weigh.
    """
    if score.moon is None or not any(penalties.values()):
        return score
    shooter = score.moon.seat
    outcome, extra = moon_outcome(variant, record, shooter, score.points, last_trick, penalties)
    hand = moon_scores(variant, record, shooter, score.points, outcome.option)
    return Score(score.points, hand, outcome, extra)


def stopped_moons(
    variant: Variant, record: HandRecord, tricks: Sequence[Trick], findings: Sequence[Finding]
) -> list[Finding]:
    """MSO: a revoke cannot stop a moon. Find a player who took every point card except
    those the revoking player won in the revoke's trick or later."""
    if not variant.revoke_cannot_stop_moon:
        return []
    point_cards = variant.point_cards
    total = variant.deck(len(record.seats)).point_card_count
    found = []
    for revoke in findings:
        if revoke.code != Code.REVOKE:
            continue
        offender = revoke.seat
        won: dict[str, int] = dict.fromkeys(record.seats, 0)
        won_by_offender_after = 0
        for trick in tricks:
            if trick.taken_by is None:
                continue
            count = sum(1 for _, card in trick.plays if card in point_cards)
            won[trick.taken_by] += count
            if trick.taken_by == offender and trick.number >= revoke.trick:
                won_by_offender_after += count
        if not won_by_offender_after or won[offender] != won_by_offender_after:
            continue
        for seat in record.seats:
            if seat != offender and won[seat] + won_by_offender_after == total:
                found.append(
                    Finding(
                        Code.MOON_STOPPED_BY_REVOKE,
                        seat,
                        revoke.trick,
                        facts=MoonStoppedFacts(
                            revoker=offender,
                            revoke_trick=revoke.trick,
                            suggestion=SAID.gettext("moon awarded to %(seat)s", seat=seat),
                        ),
                    )
                )
    return found
