"""A score-only hand: the table's scoresheet line, checked for what the points alone can show.

RULES, score-only hands: most tables write down only the points each player took. Such a
hand is checked for everything those points can show, and for nothing they cannot:

- the points add up to the variant's hand total (every card's value in the deck of that
  table: 26; 52 with two decks; 16 where J♦ is worth −10; a house variant's own sum), and
  no seat has more, or less, than one seat can take;
- a seat whose points are every point card's is a moon, scored by the variant's moon rule
  from the game's totals before the hand (:func:`~referee.scoring.moon_score`, the path a
  replayed hand takes too);
- penalties come only from the irregularities the director records for it
  (:class:`~referee.record.Reported`), priced by the variant's schedule like any finding.

The answer is a :class:`~referee.replay.Replay` with no tricks, marked ``refereed=False``,
so ``rulings.judge`` rules on it as on any replay: a score-only hand and a full record share
the schedule, the moon, the written-score check and the game's scoresheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .deal import check_table
from .findings import (
    CardFaultFacts,
    Code,
    ExposedCardFacts,
    Facts,
    Finding,
    IncorrectPassFacts,
    RevokeFacts,
)
from .record import HandRecord, Problem, RecordError, Reported, pointer
from .replay import Replay
from .scoring import Score, moon_score
from .variant import Variant, pass_direction_name


@dataclass(frozen=True)
class Report:
    """What a reported irregularity of one code stands for: the facts its finding carries
    (a report knows who, and perhaps where, never the cards around it) and what the seat
    did, in words, for the explanation."""

    facts: Facts
    did: str


REPORTABLE: Mapping[Code, Report] = MappingProxyType(
    {
        Code.INCORRECT_PASS: Report(
            IncorrectPassFacts(faults=("reported at the table",), expected_to=None), "made an incorrect pass"
        ),
        Code.REVOKE: Report(RevokeFacts(all_points_played=False), "revoked"),
        Code.RENOUNCE: Report(RevokeFacts(all_points_played=False, corrected=True), "renounced"),
        Code.EARLY_HEART: Report(CardFaultFacts(), "led a heart before hearts were broken"),
        Code.POINT_CARD_ON_FIRST_TRICK: Report(CardFaultFacts(), "played a point card to trick 1"),
        Code.WRONG_FIRST_LEAD: Report(CardFaultFacts(), "held 2♣ and led another card to trick 1"),
        Code.EXPOSED_CARD: Report(ExposedCardFacts(withdrawn=False), "exposed a card"),
        Code.JOKER_PLAYED_EARLY: Report(CardFaultFacts(), "played the joker before the last trick"),
    }
)
"""The irregularities a director may record on a score-only hand, by code. Moons, claims
and written scores are not among them: on a score-only hand they follow from the points."""

_UNSEATED = frozenset({"seat_count", "duplicate_seat"})
"""Problems that leave no table to check the points against."""

_NO_CARDS = ("deal", "play", "passes", "kitty", "exposed_in_deal", "backs")
"""The parts of a full record a scoresheet line does not have."""


def hand_total(variant: Variant, seats: int) -> int:
    """What a hand's points add up to: every card's value in the deck of ``seats`` players."""
    return sum(variant.card_points.get(card, 0) for card in variant.deck(seats).cards)


def _others(variant: Variant, seats: int) -> tuple[int, ...]:
    """The values of the cards that score without being point cards (J♦ where it counts),
    one per copy in the deck: they do not make or stop a moon."""
    cards = variant.deck(seats).cards
    return tuple(
        variant.card_points[c] for c in cards if c not in variant.point_cards and variant.card_points.get(c)
    )


def _sums(values: Iterable[int]) -> frozenset[int]:
    """Every total some of ``values`` can make (none of them: 0)."""
    sums = {0}
    for value in values:
        sums |= {total + value for total in sums}
    return frozenset(sums)


def seat_range(variant: Variant, seats: int) -> tuple[int, int]:
    """The fewest and most points one seat can take in a hand at this table."""
    others = _others(variant, seats)
    moon = variant.deck(seats).moon_value
    return sum(v for v in others if v < 0), moon + sum(v for v in others if v > 0)


def problems_of(record: HandRecord) -> list[Problem]:
    """Every reason the scoresheet line ``record`` cannot be a hand of its variant, located."""
    problems = check_table(record)  # the seats, the dealer, every seat the record names
    if any(p.code in _UNSEATED for p in problems):
        return problems
    for name in _NO_CARDS:
        if getattr(record, name):
            problems.append(
                Problem(
                    f"/{name}",
                    "score_only",
                    f"a score-only hand has no {name}: send the points each seat took, "
                    "or the whole record, not both",
                )
            )
    problems += _point_problems(record)
    problems += _report_problems(record)
    return problems


def _point_problems(record: HandRecord) -> list[Problem]:
    variant, seats, points = record.variant, record.seats, record.points or {}
    low, high = seat_range(variant, len(seats))
    problems = []
    for seat in seats:
        if seat not in points:
            problems.append(Problem(pointer("points", seat), "required", f"the points have none for {seat}"))
        elif not low <= points[seat] <= high:
            problems.append(
                Problem(
                    pointer("points", seat),
                    "impossible_points",
                    f"{seat} cannot have taken {points[seat]} points: "
                    f"one seat takes {low} to {high} in a hand of {variant.id}",
                )
            )
    if problems:  # a missing or impossible seat is the cause: the total follows from it
        return problems
    total, due = sum(points[seat] for seat in seats), hand_total(variant, len(seats))
    if total != due:
        problems.append(
            Problem(
                "/points",
                "points_total",
                f"the points add up to {total}; a hand of {variant.id} "
                f"at {len(seats)} seats has {due} points",
            )
        )
    return problems


def _report_problems(record: HandRecord) -> list[Problem]:
    hand_size = record.variant.hand_size(len(record.seats))
    problems = []
    for index, report in enumerate(record.irregularities):
        if report.code not in REPORTABLE:
            known = ", ".join(REPORTABLE)
            problems.append(
                Problem(
                    pointer("irregularities", index, "code"),
                    "not_reportable",
                    f"{report.code!r} is not recorded on a score-only hand (one of: {known})",
                )
            )
        if report.seat not in record.seats:
            problems.append(
                Problem(
                    pointer("irregularities", index, "seat"),
                    "unknown_seat",
                    f"{report.seat!r} is not at the table",
                )
            )
        if report.trick is not None and not 1 <= report.trick <= hand_size:
            problems.append(
                Problem(
                    pointer("irregularities", index, "trick"),
                    "range",
                    f"a hand at {len(record.seats)} seats has tricks 1 to {hand_size}",
                )
            )
    return problems


def moon_shooter(variant: Variant, seats: int, points: Mapping[str, int]) -> str | None:
    """The seat the points show taking every point card, if any.

    A seat whose points are the moon's value (plus whatever J♦-like cards it may have
    taken) while every other seat's points could only be such cards. Where the points
    could also have fallen otherwise (a house moon in omnibus, where 0 may be J♦ with ten
    hearts), the sheet is read as the moon; a director who knows better decides otherwise.
    """
    if variant.moon is None:
        return None
    others = _sums(_others(variant, seats))
    moon = variant.deck(seats).moon_value
    for seat, taken in points.items():
        if taken - moon in others and all(p in others for s, p in points.items() if s != seat):
            return seat
    return None


def reported(report: Reported) -> Finding:
    """The finding a director's report stands for (trick 1 when the report names none)."""
    code = Code(report.code)
    return Finding(code, report.seat, report.trick or 1, report.card, facts=REPORTABLE[code].facts)


def score_only(record: HandRecord) -> Replay:
    """Check a score-only hand and score it; ``RecordError`` listing every problem."""
    problems = problems_of(record)
    if problems:
        raise RecordError(problems)
    variant, seats = record.variant, record.seats
    points = {seat: (record.points or {})[seat] for seat in seats}
    shooter = moon_shooter(variant, len(seats), points)
    score = moon_score(variant, record, shooter, points, 1) if shooter else Score(points, dict(points), None)
    direction = pass_direction_name(variant.pass_offset(record.hand_number, len(seats)), len(seats))
    findings = tuple(reported(report) for report in record.irregularities)
    return Replay(record, direction, False, True, (), findings + score.findings, score, refereed=False)
