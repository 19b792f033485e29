"""A score-only hand: the table's scoresheet line, checked for what the points alone can show.

RULES, score-only hands: most tables write down only the points each player took. Such a
hand is checked for everything those points can show, and for nothing they cannot:

- the points add up to the variant's hand total (every card's value in the deck of that
  table: 26; 52 with two decks; 16 where J♦ is worth −10; a house variant's own sum), and
  some way of taking the cards gives every seat its points (:func:`readings`: for any card
  values the house options allow, negative and 0 included);
- a seat the points prove took every point card (in every such way) is a moon, scored by
  the variant's moon rule from the game's totals before the hand
  (:func:`~referee.scoring.moon_score`, the path a replayed hand takes too); a card worth 0
  cannot be placed, so where a heart or Q♠ is worth 0 no moon is proven, and points that
  show a moon without showing whose are refused (``moon_shooter_unknown``);
- penalties come only from the irregularities the director records for it
  (:class:`~referee.record.Reported`), priced by the variant's schedule like any finding.

The answer is a :class:`~referee.replay.Replay` with no tricks, marked ``refereed=False``,
so ``rulings.judge`` rules on it as on any replay: a score-only hand and a full record share
the schedule, the moon, the written-score check and the game's scoresheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from types import MappingProxyType

from .deal import check_table
from .findings import Code, Finding
from .record import HandRecord, Problem, RecordError, Reported, pointer
from .replay import Replay
from .rulingkinds import REPORTED_IN_ORDER, RULING_KINDS, Report
from .scoring import Score, moon_score
from .translator import SAID
from .variant import Variant, pass_direction_name


def _reportable() -> dict[Code, Report]:
    found: dict[Code, Report] = {}
    for code in REPORTED_IN_ORDER:
        report = RULING_KINDS[code].report
        if report is not None:
            found[code] = report
    return found


REPORTABLE: Mapping[Code, Report] = MappingProxyType(_reportable())
"""The irregularities a director may record on a score-only hand, by code, each with what
the hand must have for it to happen: read from the registry (an entry's ``report``,
:mod:`~hearts_referee.referee.rulingkinds`). Moons, claims and written scores are not among
them: on a score-only hand they follow from the points."""

_UNSEATED = frozenset({"seat_count", "duplicate_seat"})
"""Problems that leave no table to check the points against."""

_NO_CARDS = ("deal", "play", "passes", "kitty", "exposed_in_deal", "backs")
"""The parts of a full record a scoresheet line does not have."""


def reportable_in(variant: Variant, seats: int, hand_number: int) -> tuple[Code, ...]:
    """The codes a director may record on a score-only hand of ``variant`` at ``seats``
    seats, hand ``hand_number``: those whose irregularity can happen there (what the
    director's form offers; any other is refused as ``impossible_irregularity``)."""
    return tuple(code for code, report in REPORTABLE.items() if report.possible(variant, seats, hand_number))


def hand_total(variant: Variant, seats: int) -> int:
    """What a hand's points add up to: every card's value in the deck of ``seats`` players."""
    return sum(variant.card_points.get(card, 0) for card in variant.deck(seats).cards)


Group = tuple[int, int, bool]
"""Cards of one value in the deck: (the value, how many, whether they are point cards)."""


def valued_cards(variant: Variant, seats: int) -> tuple[Group, ...]:
    """The deck's cards that carry points, grouped by value and by being point cards (hearts
    and Q♠) or not (J♦ where it counts), the largest group first. A card worth 0 is in no
    group: the points cannot show who took it."""
    counts: dict[tuple[int, bool], int] = {}
    for card in variant.deck(seats).cards:
        value = variant.card_points.get(card, 0)
        if value:
            key = (value, card in variant.point_cards)
            counts[key] = counts.get(key, 0) + 1
    groups = [(value, count, point) for (value, point), count in counts.items()]
    return tuple(sorted(groups, key=lambda group: (-group[1], group[0], group[2])))


def seat_sums(variant: Variant, seats: int) -> frozenset[int]:
    """Every number of points one seat can take in a hand at this table: the values of
    some of the deck's cards (a seat may take any of them)."""
    sums = {0}
    for value, count, _ in valued_cards(variant, seats):
        sums = {total + value * taken for total in sums for taken in range(count + 1)}
    return frozenset(sums)


def seat_range(variant: Variant, seats: int) -> tuple[int, int]:
    """The fewest and most points one seat can take in a hand at this table: every card
    worth less than nothing, every card worth more."""
    sums = seat_sums(variant, seats)
    return min(sums), max(sums)


NO_MOON = -1
"""A way the cards could have fallen in which no seat took every point card."""


def readings(variant: Variant, seats: int, points: Sequence[int]) -> frozenset[int]:
    """Every way the cards could have fallen to give each seat its ``points`` (in seat
    order), each read as the index of the seat that took every point card or
    :data:`NO_MOON`: empty when no way gives them. Where a point card is worth 0, nobody
    can be shown to have taken every point card, and every way reads :data:`NO_MOON`."""
    groups = valued_cards(variant, seats)
    deck = variant.deck(seats)
    shown = sum(count for _, count, point in groups if point) == deck.point_card_count
    left = tuple(count for _, count, _ in groups)
    found = _ways(groups, tuple(points), 0, left, shown, {})
    return found if shown else frozenset(NO_MOON for _ in found)


def _ways(
    groups: tuple[Group, ...],
    points: tuple[int, ...],
    seat: int,
    left: tuple[int, ...],
    shown: bool,
    memo: dict[tuple[int, tuple[int, ...]], frozenset[int]],
) -> frozenset[int]:
    """:func:`readings` from ``seat`` on, with ``left`` cards of each group still to take."""
    key = (seat, left)
    known = memo.get(key)
    if known is not None:
        return known
    found: set[int] = set()
    if seat == len(points):
        if not any(left):
            found.add(NO_MOON)
    else:
        for taken in _takes(groups, points[seat], left):
            later = _ways(
                groups, points, seat + 1, tuple(a - b for a, b in zip(left, taken, strict=True)), shown, memo
            )
            if not later:
                continue
            every = all(t == g[1] for t, g in zip(taken, groups, strict=True) if g[2])
            found |= {seat} if shown and every else later
    memo[key] = frozenset(found)
    return memo[key]


def _takes(groups: tuple[Group, ...], target: int, left: tuple[int, ...]) -> list[tuple[int, ...]]:
    """How many cards of each group one seat can take, of ``left``, to make ``target``:
    the first group's count follows from the others'."""
    if not groups:
        return [()] if target == 0 else []
    found = []
    for rest in product(*(range(n + 1) for n in left[1:])):
        need = target - sum(g[0] * n for g, n in zip(groups[1:], rest, strict=True))
        first, remainder = divmod(need, groups[0][0])
        if remainder == 0 and 0 <= first <= left[0]:
            found.append((first, *rest))
    return found


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
                    SAID.gettext(
                        "a score-only hand has no %(field)s: send the points each seat took, "
                        "or the whole record, not both",
                        field=name,
                    ),
                )
            )
    problems += _point_problems(record)
    problems += _report_problems(record)
    return problems


def _point_problems(record: HandRecord) -> list[Problem]:
    variant, seats, points = record.variant, record.seats, record.points or {}
    sums = seat_sums(variant, len(seats))
    low, high = min(sums), max(sums)
    problems = []
    for seat in seats:
        if seat not in points:
            problems.append(
                Problem(
                    pointer("points", seat),
                    "required",
                    SAID.gettext("the points have none for %(seat)s", seat=seat),
                )
            )
        elif points[seat] not in sums:
            problems.append(
                Problem(
                    pointer("points", seat),
                    "impossible_points",
                    SAID.gettext(
                        "%(seat)s cannot have taken %(points)s points: one seat takes %(low)s to "
                        "%(high)s in a hand of %(variant)s",
                        seat=seat,
                        points=points[seat],
                        low=low,
                        high=high,
                        variant=variant.id,
                    )
                    if points[seat] < low or points[seat] > high
                    else SAID.gettext(
                        "%(seat)s cannot have taken %(points)s points: no set of cards is worth that "
                        "in a hand of %(variant)s",
                        seat=seat,
                        points=points[seat],
                        variant=variant.id,
                    ),
                )
            )
    if problems:  # a missing or impossible seat is the cause: the total follows from it
        return problems
    total, due = sum(points[seat] for seat in seats), hand_total(variant, len(seats))
    if total != due:
        return [
            Problem(
                "/points",
                "points_total",
                SAID.gettext(
                    "the points add up to %(total)s; a hand of %(variant)s at %(seats)s seats "
                    "has %(due)s points",
                    total=total,
                    variant=variant.id,
                    seats=len(seats),
                    due=due,
                ),
            )
        ]
    found = readings(variant, len(seats), [points[seat] for seat in seats])
    if not found:
        return [
            Problem(
                "/points",
                "impossible_points",
                SAID.gettext(
                    "no way of taking the cards gives every seat its points: "
                    "two seats would need the same card"
                ),
            )
        ]
    if NO_MOON not in found and len(found) > 1:
        return [
            Problem(
                "/points",
                "moon_shooter_unknown",
                SAID.gettext(
                    "one seat took every point card, but the points cannot show which "
                    "(%(seats)s): send the whole record",
                    seats=", ".join(seats[k] for k in sorted(found)),
                ),
            )
        ]
    return []


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
                    SAID.gettext(
                        "%(code)s is not recorded on a score-only hand (one of: %(known)s)",
                        code=repr(report.code),
                        known=known,
                    ),
                )
            )
        elif not REPORTABLE[Code(report.code)].possible(
            record.variant, len(record.seats), record.hand_number
        ):
            problems.append(
                Problem(
                    pointer("irregularities", index, "code"),
                    "impossible_irregularity",
                    SAID.gettext(
                        "%(code)s cannot happen in hand %(hand)s of %(variant)s at %(seats)s seats: "
                        "it needs %(needs)s",
                        code=repr(report.code),
                        hand=record.hand_number,
                        variant=record.variant.id,
                        seats=len(record.seats),
                        needs=SAID.gettext(REPORTABLE[Code(report.code)].needs),
                    ),
                )
            )
        if report.seat not in record.seats:
            problems.append(
                Problem(
                    pointer("irregularities", index, "seat"),
                    "unknown_seat",
                    SAID.gettext("%(seat)s is not at the table", seat=repr(report.seat)),
                )
            )
        if report.trick is not None and not 1 <= report.trick <= hand_size:
            problems.append(
                Problem(
                    pointer("irregularities", index, "trick"),
                    "range",
                    SAID.gettext(
                        "a hand at %(seats)s seats has tricks 1 to %(size)s",
                        seats=len(record.seats),
                        size=hand_size,
                    ),
                )
            )
    return problems


def moon_shooter(variant: Variant, seats: Sequence[str], points: Mapping[str, int]) -> str | None:
    """The seat the points prove took every point card, if any.

    Only a seat that took every point card in every way the cards could have fallen to
    give these points: where they could also have fallen otherwise (a house moon in
    omnibus, where N's 16 may be Q♠ and three hearts, and E's 0 J♦ with ten hearts; hearts
    worth 0, where 13 may be Q♠ alone), there is no moon to score.
    """
    if variant.moon is None:
        return None
    found = readings(variant, len(seats), [points[seat] for seat in seats])
    return seats[next(iter(found))] if len(found) == 1 and NO_MOON not in found else None


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
    shooter = moon_shooter(variant, seats, points)
    score = moon_score(variant, record, shooter, points, 1) if shooter else Score(points, dict(points), None)
    direction = pass_direction_name(variant.pass_offset(record.hand_number, len(seats)), len(seats))
    findings = tuple(reported(report) for report in record.irregularities)
    return Replay(record, direction, False, True, (), findings + score.findings, score, refereed=False)
