"""The next round of an event, from its format and what has been played.

Rounds follow the format (:mod:`referee.events.format`):

- ``match_points`` (MSO): ``random_rounds`` rounds seated at random, planned
  together as one schedule with the fewest repeats (each round the first of a
  plan of the random rounds left: :mod:`referee.events.schedule`), then
  ``swiss_rounds`` by standing, in bands (:func:`seating.seat_by_standing`),
  then playoffs. The playoffs take the top ``playoff_qualifiers`` of the
  standings (by default the largest power of four that is at most half the
  field, at least four), seated snake by seed; each
  playoff table sends on one player, its lowest total, a tie broken by the
  better seed (single elimination), until a round is one table: the final.
- ``table_winners`` (Long John): round 1 seated at random; each later round
  seats the table winners of the round before (ties all advance) at random,
  with the fewest repeats, until a round is one table: the final.

**Odd fields.** Tables of one size: when the players are not a multiple of
it, the remainder sits out the round with a bye worth the average match
points of a table (MSO: 11/4 = 2.75); byes go to the players with the fewest
byes so far (random rounds: drawn by the seed among them; Swiss: the lowest
in the standings). Tables of 6-8: a field with no legal split (fewer than 6,
9-11 or 17 players) cannot be seated in round 1 (refused when the event is
created, :mod:`referee.events.field`; after withdrawals the director adds or
withdraws players); in later rounds the director adds qualifiers, as the MSO
text has it for its playoffs: the best players who did not win their table
(place at the table, then how far behind its winner, then player number) join
the winners until the field is the smallest that seats (6, 12 or 18).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hearts_referee.referee.translator import SAID

from .format import Advancement, EventFormat, RoundKind
from .schedule import plan
from .seating import (
    Met,
    add_meetings,
    balanced_sizes,
    repeats,
    seat_at_random,
    seat_by_standing,
    snake,
    swiss_bands,
)
from .standings import TableResult, standings


@dataclass(frozen=True)
class Round:
    """A round as seated: its tables (player numbers in seat order) and byes."""

    number: int
    kind: RoundKind
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    repeats: int = 0
    qualifiers: tuple[int, ...] = ()
    """Players the director's rule added to the table winners (Long John)."""
    final: bool = False
    """The event's last round: a playoff of one table, or any Long John round of one table
    (eight players or fewer play the final at once)."""

    @property
    def bands(self) -> tuple[int, ...]:
        """Each table's band of the standings in a Swiss round (RULES, round 4); none else."""
        return swiss_bands(len(self.tables)) if self.kind is RoundKind.SWISS else ()


@dataclass(frozen=True)
class PlayedRound:
    """A round and its tables' results (``None`` for a table still playing)."""

    round: Round
    results: tuple[TableResult | None, ...]

    @property
    def complete(self) -> bool:
        return all(r is not None for r in self.results)


class CannotSeat(ValueError):
    """The next round cannot be seated; ``code`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def history(rounds: Sequence[PlayedRound]) -> Met:
    """Who met whom over these rounds."""
    met: Met = {}
    for played in rounds:
        met = add_meetings(met, played.round.tables)
    return met


def qualifying_standings(
    fmt: EventFormat, players: Sequence[int], rounds: Sequence[PlayedRound]
) -> list[int]:
    """Player numbers in standing order after the qualifying rounds played so far."""
    qualifying = [r for r in rounds if r.round.kind in (RoundKind.RANDOM, RoundKind.SWISS)]
    results = [t for r in qualifying for t in r.results if t is not None]
    byes = [p for r in qualifying for p in r.round.byes]
    return [s.player for s in standings(fmt, players, results, byes)]


def next_round(fmt: EventFormat, players: Sequence[int], rounds: Sequence[PlayedRound], seed: int) -> Round:
    """The next round for the active ``players`` (registration order) after ``rounds``.
    ``CannotSeat`` when a round is still playing, the event is over, or the field
    cannot be seated."""
    if rounds and not rounds[-1].complete:
        raise CannotSeat(
            "round_in_progress", SAID.gettext("round %(round)s is still being played", round=len(rounds))
        )
    if rounds and rounds[-1].round.final:
        raise CannotSeat("event_over", SAID.gettext("round %(round)s was the final", round=len(rounds)))
    if not rounds and len(players) < fmt.min_players:
        raise CannotSeat(
            "too_few_players",
            SAID.gettext("%(format)s needs at least %(count)s players", format=fmt.id, count=fmt.min_players),
        )
    number = len(rounds) + 1
    rng = random.Random(seed)
    if fmt.advancement is Advancement.TABLE_WINNERS:
        return _winners_round(fmt, players, rounds, number, rng)
    return _match_point_round(fmt, players, rounds, number, rng)


def _match_point_round(
    fmt: EventFormat, players: Sequence[int], rounds: Sequence[PlayedRound], number: int, rng: random.Random
) -> Round:
    size = fmt.table_sizes[0]
    if len(players) < size:
        raise CannotSeat(
            "too_few_players",
            SAID.gettext("%(count)s players cannot fill a table of %(size)s", count=len(players), size=size),
        )
    met = history(rounds)
    byes_so_far = {p: sum(p in r.round.byes for r in rounds) for p in players}
    if number <= fmt.random_rounds:
        return _random_round(fmt, players, rounds, number, byes_so_far, rng)
    order = qualifying_standings(fmt, players, rounds)
    if number <= fmt.qualifying_rounds:
        byes = _lowest_byes(order, byes_so_far, len(players) % size)
        swiss = seat_by_standing([p for p in order if p not in byes], size, met)
        return Round(number, RoundKind.SWISS, swiss.tables, byes, swiss.repeats)
    if number == fmt.qualifying_rounds + 1:
        seeds = order[: playoff_qualifiers(fmt, len(players))]
    else:
        last = rounds[-1]
        rank = {p: at for at, p in enumerate(order)}
        seeds = sorted(
            (min(r.winners, key=lambda p: rank.get(p, len(rank))) for r in last.results if r is not None),
            key=lambda p: rank.get(p, len(rank)),
        )
        seeds = [p for p in seeds if p in set(players)]
        if len(seeds) % size:
            seeds = _fill_playoff(seeds, order, size)
    tables = snake(seeds, size)
    return Round(number, RoundKind.PLAYOFF, tables, (), repeats(tables, met), final=len(tables) == 1)


def _random_round(
    fmt: EventFormat,
    players: Sequence[int],
    rounds: Sequence[PlayedRound],
    number: int,
    byes_so_far: dict[int, int],
    rng: random.Random,
) -> Round:
    """Round ``number`` as the first of a plan of every random round still to seat
    (:mod:`referee.events.schedule`): the byes of each drawn first, then the seatings
    with the fewest repeats over them all, against the rounds already seated."""
    size = fmt.table_sizes[0]
    owed = dict(byes_so_far)
    byes_of: list[tuple[int, ...]] = []
    for _ in range(number, fmt.random_rounds + 1):
        byes = _random_byes(players, owed, len(players) % size, rng)
        byes_of.append(byes)
        for player in byes:
            owed[player] += 1
    fields = [[p for p in players if p not in byes] for byes in byes_of]
    last = rounds[-1].round.tables if rounds else ()
    planned = plan(fields, size, history(rounds), rng, last)
    first = planned.rounds[0]
    return Round(number, RoundKind.RANDOM, first.tables, byes_of[0], first.repeats)


def _fill_playoff(seeds: list[int], order: Sequence[int], size: int) -> list[int]:
    """Withdrawals left a playoff round short: the director adds the best-standing
    qualifiers not in it until every table has ``size``."""
    chosen = list(seeds)
    for player in order:
        if len(chosen) % size == 0:
            break
        if player not in chosen:
            chosen.append(player)
    return chosen


def playoff_qualifiers(fmt: EventFormat, field: int) -> int:
    """How many enter the playoffs: the format's number, or the largest power of the table
    size at most half the field (at least one table), never more than the field holds."""
    size = fmt.table_sizes[0]
    if fmt.playoff_qualifiers is not None:
        wanted = fmt.playoff_qualifiers
    else:
        wanted = size
        while wanted * size <= field // 2:
            wanted *= size
    return min(wanted, field - field % size)


def _random_byes(
    players: Sequence[int], byes_so_far: dict[int, int], count: int, rng: random.Random
) -> tuple[int, ...]:
    if not count:
        return ()
    fewest = min(byes_so_far.values())
    pool = [p for p in players if byes_so_far[p] == fewest]
    others = [p for p in players if byes_so_far[p] != fewest]
    rng.shuffle(pool)
    return tuple(sorted((pool + sorted(others, key=lambda p: byes_so_far[p]))[:count]))


def _lowest_byes(order: Sequence[int], byes_so_far: dict[int, int], count: int) -> tuple[int, ...]:
    if not count:
        return ()
    lowest_first = list(order)[::-1]
    ranked = sorted(lowest_first, key=lambda p: byes_so_far[p])  # stable
    return tuple(sorted(ranked[:count]))


def _winners_round(
    fmt: EventFormat, players: Sequence[int], rounds: Sequence[PlayedRound], number: int, rng: random.Random
) -> Round:
    met = history(rounds)
    if not rounds:
        field: list[int] = list(players)
        added: tuple[int, ...] = ()
        kind = RoundKind.RANDOM
    else:
        field, added = advancing_field(fmt, rounds[-1], players)
        kind = RoundKind.WINNERS
    sizes = balanced_sizes(len(field), fmt.table_sizes)
    if sizes is None:
        allowed = ", ".join(str(s) for s in fmt.table_sizes)
        raise CannotSeat(
            "field_not_seatable",
            SAID.gettext(
                "%(count)s players cannot sit at tables of %(sizes)s: add or withdraw players",
                count=len(field),
                sizes=allowed,
            ),
        )
    seating = seat_at_random(field, sizes, met, rng)
    return Round(number, kind, seating.tables, (), seating.repeats, added, final=len(sizes) == 1)


def advancing_field(
    fmt: EventFormat, last: PlayedRound, players: Sequence[int]
) -> tuple[list[int], tuple[int, ...]]:
    """The table winners of ``last`` (ties all) still in the event, and the qualifiers the
    director's rule adds so that the field can be seated."""
    active = set(players)
    results = [r for r in last.results if r is not None]
    winners = [p for r in results for p in r.winners if p in active]
    if balanced_sizes(len(winners), fmt.table_sizes) is not None:
        return winners, ()
    target = len(winners) + 1
    while balanced_sizes(target, fmt.table_sizes) is None and target <= len(active):
        target += 1
    runners = sorted(
        ((r.place(p), r.totals[p] - min(r.totals.values()), p) for r in results for p in r.totals),
    )
    added = [p for _, _, p in runners if p in active and p not in winners][: target - len(winners)]
    return winners + added, tuple(added)
