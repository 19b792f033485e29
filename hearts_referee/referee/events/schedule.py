"""The random rounds planned as one schedule, with the fewest repeats the field allows.

RULES (event bullets, "avoiding repeat opponents where possible"): the random
rounds, taken together, have the fewest repeated meetings possible for the
field, where a schedule's **repeats** are, over every pair of players, their
meetings beyond the first. Randomness chooses among the schedules that reach
the fewest; it never costs a repeat.

:func:`plan` seats the rounds still to be seated (each with its own seated
players: byes differ from round to round) against the meetings already played:

- a **lower bound** no schedule can beat (:func:`fewest_possible`): at a table
  of four drawn from a field that sat at ``t`` tables in the round before, some
  two players shared one of those tables unless ``t`` is at least four. With 8
  players (two tables) that is two pairs a table, 4 a round, 8 over rounds 2
  and 3; with 12 (three tables) one pair a table, 3 a round, 6; from 16 none;
- a **search** from a random start (the seed's): a player of a repeated pair is
  swapped with the player of another table of that round whose swap lowers
  the repeats most (ties drawn), with an occasional random swap to leave a
  dead end and a few restarts, until the schedule reaches the bound or the
  search its step budget. Reaching the bound proves the schedule has the
  fewest repeats there are; the guarantee is exact wherever the bound is
  reached (8, 12 and every field of 16 or more without byes, and in practice
  the fields with byes from 17 on).

The service seats one round at a time: each round is the first round of a
plan of the random rounds left, so a withdrawal (or an override) re-plans the
rest from what was really seated, and a plan that reached the bound leaves
the next plan a schedule that reaches it too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .seating import Met, Seating, pair

STEPS = 1500
"""How many swaps one search tries before its best schedule stands."""
RESTARTS = 2
"""How many random starts a plan tries when a search stops short of the bound."""
NOISE = 0.1
"""How often a step makes a random swap instead of the best one (to leave a dead end)."""


@dataclass(frozen=True)
class Plan:
    """The planned rounds' seatings, their repeats over the schedule, and the bound."""

    rounds: tuple[Seating, ...]
    repeats: int
    fewest_possible: int

    @property
    def proved(self) -> bool:
        """The schedule reaches the lower bound: no schedule has fewer repeats."""
        return self.repeats == self.fewest_possible


def _fewest_pairs(capacities: Sequence[int], size: int) -> int:
    """The fewest pairs of one earlier table a table of ``size`` must seat, its players
    drawn from earlier groups of these sizes: spread as evenly as the groups allow."""
    taken = [0] * len(capacities)
    pairs = 0
    for _ in range(size):
        at = min((i for i, c in enumerate(capacities) if taken[i] < c), key=lambda i: taken[i])
        pairs += taken[at]
        taken[at] += 1
    return pairs


def fewest_possible(fields: Sequence[Sequence[int]], size: int, last: Sequence[Sequence[int]] = ()) -> int:
    """A lower bound on the repeats of any seating of ``fields`` (the players of each round
    to plan, in order) at tables of ``size``, after the round seated as ``last``: each
    round against the one before it (the seated one, then any seating of the planned one:
    its players spread as evenly as its tables allow, the best case)."""
    bound = 0
    groups_of: list[set[int]] = [set(t) for t in last]
    for field in fields:
        seated = set(field)
        if groups_of:
            groups = [len(g & seated) for g in groups_of]
            sat = set().union(*groups_of)
            caps = [g for g in groups if g] + [1] * len(seated - sat)
            bound += _fewest_pairs(caps, size) * (len(field) // size)
        groups_of = _spread(field, len(field) // size)  # its tables unknown: only their number
    return bound


def _spread(field: Sequence[int], tables: int) -> list[set[int]]:
    """Stand-in tables for a planned round in a bound: its players dealt round the tables."""
    return [set(field[at::tables]) for at in range(tables)]


class _Schedule:
    """Seatings of several rounds and every pair's meetings, history included, on indices."""

    def __init__(self, players: list[int], fields: Sequence[Sequence[int]], size: int, met: Met) -> None:
        self.index = {p: i for i, p in enumerate(players)}
        n = len(players)
        self.base = [[0] * n for _ in range(n)]
        for (a, b), times in met.items():
            if times and a in self.index and b in self.index:
                i, j = self.index[a], self.index[b]
                self.base[i][j] = self.base[j][i] = times
        self.fields = [[self.index[p] for p in field] for field in fields]
        self.size = size

    def start(self, rng: random.Random) -> None:
        self.count = [row[:] for row in self.base]
        self.tables: list[list[list[int]]] = []
        self.where: list[dict[int, int]] = []
        for field in self.fields:
            order = field[:]
            rng.shuffle(order)
            tables = [order[at : at + self.size] for at in range(0, len(order), self.size)]
            self.tables.append(tables)
            self.where.append({p: t for t, table in enumerate(tables) for p in table})
            for table in tables:
                for a, b in combinations(table, 2):
                    self.count[a][b] += 1
                    self.count[b][a] += 1

    def repeats(self) -> int:
        """Meetings beyond the first that the planned rounds add to the history's."""
        n = len(self.count)
        return sum(
            max(0, self.count[i][j] - 1) - max(0, self.base[i][j] - 1)
            for i in range(n)
            for j in range(i + 1, n)
        )

    def delta(self, r: int, a: int, b: int) -> int:
        """How the repeats change if ``a`` and ``b`` (at different tables) swap in round ``r``."""
        count = self.count
        change = 0
        for x in self.tables[r][self.where[r][a]]:
            if x != a:
                change += (count[a][x] >= 2) * -1 + (count[b][x] >= 1)
        for y in self.tables[r][self.where[r][b]]:
            if y != b:
                change += (count[b][y] >= 2) * -1 + (count[a][y] >= 1)
        return change

    def swap(self, r: int, a: int, b: int) -> None:
        ta, tb = self.where[r][a], self.where[r][b]
        first, second = self.tables[r][ta], self.tables[r][tb]
        for x in first:
            if x != a:
                self._meet(a, x, -1)
                self._meet(b, x, 1)
        for y in second:
            if y != b:
                self._meet(b, y, -1)
                self._meet(a, y, 1)
        first[first.index(a)], second[second.index(b)] = b, a
        self.where[r][a], self.where[r][b] = tb, ta

    def _meet(self, a: int, b: int, times: int) -> None:
        self.count[a][b] += times
        self.count[b][a] += times

    def conflicts(self) -> list[tuple[int, int]]:
        """Every (round, player) seated with someone they meet more than once."""
        found = []
        for r, tables in enumerate(self.tables):
            for table in tables:
                for a in table:
                    if any(self.count[a][x] >= 2 for x in table if x != a):
                        found.append((r, a))
        return found

    def snapshot(self) -> list[list[list[int]]]:
        return [[table[:] for table in tables] for tables in self.tables]


def _search(schedule: _Schedule, target: int, rng: random.Random) -> tuple[list[list[list[int]]], int]:
    """One search from a random start: the best schedule found and its repeats."""
    schedule.start(rng)
    cost = schedule.repeats()
    best, best_cost = schedule.snapshot(), cost
    for _ in range(STEPS):
        if cost <= target:
            break
        conflicts = schedule.conflicts()
        r, a = conflicts[rng.randrange(len(conflicts))]
        others = [b for b in schedule.fields[r] if schedule.where[r][b] != schedule.where[r][a]]
        if not others:
            break  # one table a round: nothing to swap
        if rng.random() < NOISE:
            b = others[rng.randrange(len(others))]
            change = schedule.delta(r, a, b)
        else:
            scored = [(schedule.delta(r, a, b), b) for b in others]
            change = min(d for d, _ in scored)
            ties = [b for d, b in scored if d == change]
            b = ties[rng.randrange(len(ties))]
        schedule.swap(r, a, b)
        cost += change
        if cost < best_cost:
            best, best_cost = schedule.snapshot(), cost
    return best, best_cost


def plan(
    fields: Sequence[Sequence[int]],
    size: int,
    met: Met,
    rng: random.Random,
    last: Sequence[Sequence[int]] = (),
) -> Plan:
    """Seat each of ``fields`` (the players of each round to plan, a multiple of ``size``
    each) at tables of ``size`` with the fewest repeats over them all, against the
    meetings ``met`` of the rounds seated before (``last``: the latest of them)."""
    players = sorted({p for field in fields for p in field})
    bound = fewest_possible(fields, size, last)
    schedule = _Schedule(players, fields, size, met)
    best: tuple[list[list[list[int]]], int] | None = None
    for _ in range(RESTARTS):
        found = _search(schedule, bound, rng)
        if best is None or found[1] < best[1]:
            best = found
        if best[1] <= bound:
            break
    assert best is not None
    tables, total = best
    seatings = []
    history = {k: v for k, v in met.items() if v}
    for round_tables in tables:
        named = tuple(tuple(players[i] for i in table) for table in round_tables)
        seatings.append(Seating(named, _met_before(named, history)))
        for table in named:
            for a, b in combinations(table, 2):
                history[pair(a, b)] = history.get(pair(a, b), 0) + 1
    return Plan(tuple(seatings), total, bound)


def _met_before(tables: Sequence[Sequence[int]], met: Met) -> int:
    """The pairs these tables seat that had met before: each one meeting beyond the first."""
    return sum(1 for table in tables for a, b in combinations(table, 2) if met.get(pair(a, b), 0))
