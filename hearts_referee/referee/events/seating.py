"""Seating players at tables: at random with the fewest repeated opponents, by standing, snake.

Players are numbers (an event's player numbers). ``met`` counts how often
each pair has already sat at one table. A seating's **repeats** are the
pairs it seats together that had already met: each is one meeting beyond
the pair's first (RULES: repeats are, over every pair, the meetings beyond
the first, so a third meeting is one more repeat, not two). Every function
here is deterministic given its inputs and ``rng``, so a round is reproduced
from the seed the service logs with it.

- :func:`seat_at_random`: one round seated on its own (Long John's rounds of
  table winners), the players shuffled by ``rng``, then the seating
  with the fewest repeats. Fields small enough (at most
  :data:`EXHAUSTIVE_LIMIT` distinct seatings) are searched exhaustively, so the
  minimum is exact; larger ones by a greedy start and swaps between tables
  that lower repeats, from a few shuffled starts. Swaps can stop where no one
  swap helps although a seating without repeats exists, so when they leave
  repeats a bounded depth-first search looks for a seating with none. (The
  random rounds of a match-point event are planned together instead:
  :mod:`referee.events.schedule`.)
- :func:`seat_by_standing`: Swiss tables in bands of the standings
  (:func:`swiss_bands`), the fewest repeats within each band.
- :func:`snake`: playoff tables by seed, so each table has one player of each band.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb, factorial

Pair = tuple[int, int]
Met = Mapping[Pair, int]

EXHAUSTIVE_LIMIT = 7000
"""Fields with at most this many distinct seatings are searched exhaustively (12 players
at three tables of four: 5,775; 16 at two tables of eight: 6,435)."""

RESTARTS = 4
"""Shuffled starts of the swap search on larger fields (stopping early at zero repeats)."""

ZERO_SEARCH_BUDGET = 1_000_000
"""How many times the search for a seating without repeats (on a large field the swap search
left with repeats) may look at a table for a player before the swap search's seating stands:
a few tenths of a second at most."""


def pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def meetings(tables: Sequence[Sequence[int]]) -> dict[Pair, int]:
    """How often each pair sat together at these tables."""
    met: dict[Pair, int] = {}
    for table in tables:
        for a, b in combinations(table, 2):
            key = pair(a, b)
            met[key] = met.get(key, 0) + 1
    return met


def add_meetings(met: Met, tables: Sequence[Sequence[int]]) -> dict[Pair, int]:
    total = dict(met)
    for key, times in meetings(tables).items():
        total[key] = total.get(key, 0) + times
    return total


def repeats(tables: Sequence[Sequence[int]], met: Met) -> int:
    """The seating's repeats against the meetings before it: the pairs it seats together
    that had already met, each one meeting beyond their first (RULES: a pair meeting a
    third time adds one more repeat, not two)."""
    return sum(1 for table in tables for a, b in combinations(table, 2) if met.get(pair(a, b), 0))


def _once(met: Met) -> dict[Pair, int]:
    """``met`` with each pair that has met counted once: what another meeting costs."""
    return {key: 1 for key, times in met.items() if times}


def balanced_sizes(players: int, sizes: Sequence[int]) -> tuple[int, ...] | None:
    """The fewest tables of the allowed ``sizes`` that seat every player, as even as can be
    (largest first), or ``None`` when no such tables exist (9 players at tables of 6-8)."""
    smallest, largest = min(sizes), max(sizes)
    if players < smallest:
        return None
    tables = -(-players // largest)
    if players < smallest * tables:
        return None
    base, extra = divmod(players, tables)
    split = tuple([base + 1] * extra + [base] * (tables - extra))
    return split if all(size in sizes for size in split) else None


@dataclass(frozen=True)
class Seating:
    tables: tuple[tuple[int, ...], ...]
    repeats: int


def seatings_count(sizes: Sequence[int]) -> int:
    """How many distinct ways to seat ``sum(sizes)`` players at tables of these sizes
    (tables of one size are interchangeable; seats within a table are not counted)."""
    left = sum(sizes)
    ways = 1
    for size in sizes:
        ways *= comb(left, size)
        left -= size
    for size in set(sizes):
        ways //= factorial(sizes.count(size))
    return ways


def seat_at_random(players: Sequence[int], sizes: Sequence[int], met: Met, rng: random.Random) -> Seating:
    """Seat ``players`` at tables of ``sizes`` (summing to their number) with the fewest
    repeats: exact on small fields, a swap search on large ones."""
    met = _once(met)
    order = list(players)
    rng.shuffle(order)
    sizes = sorted(sizes, reverse=True)
    if seatings_count(sizes) <= EXHAUSTIVE_LIMIT:
        return exhaustive(order, sizes, met)
    best: Seating | None = None
    for start in range(RESTARTS):
        if start:
            rng.shuffle(order)
        tables = _improve(_greedy(order, sizes, met), met)
        found = Seating(tuple(tuple(t) for t in tables), repeats(tables, met))
        if best is None or found.repeats < best.repeats:
            best = found
        if best.repeats == 0:
            break
    assert best is not None
    if best.repeats:  # the swaps can stop where no one swap helps: look for none at all
        clean = _without_repeats(order, sizes, met)
        if clean is not None:
            return Seating(tuple(tuple(t) for t in clean), 0)
    return best


def all_seatings(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every distinct seating of ``players`` at tables of ``sizes`` (largest first), each once."""
    if not sizes:
        yield []
        return
    size, rest = sizes[0], sizes[1:]
    if rest and rest[0] == size:  # the next table is alike: the first player sits here
        first, others = players[0], players[1:]
        choices: Iterator[tuple[int, ...]] = ((first, *chosen) for chosen in combinations(others, size - 1))
    else:
        choices = combinations(players, size)
    for table in choices:
        taken = set(table)
        left = [p for p in players if p not in taken]
        for tail in all_seatings(left, rest):
            yield [table, *tail]


def exhaustive(players: Sequence[int], sizes: Sequence[int], met: Met) -> Seating:
    """The first seating with the fewest repeats, in the order of ``players``."""
    best: Seating | None = None
    for tables in all_seatings(players, sizes):
        count = repeats(tables, met)
        if best is None or count < best.repeats:
            best = Seating(tuple(tables), count)
            if count == 0:
                break
    assert best is not None
    return best


def _without_repeats(order: Sequence[int], sizes: Sequence[int], met: Met) -> list[list[int]] | None:
    """A seating where no two players at a table have met before, found depth first: each
    step seats the player with the fewest tables still open to them (ties: the first in
    ``order``) at each of those tables in turn, an empty table once for each size (empty
    tables of one size are alike). ``None`` when there is none, or when none was found
    within :data:`ZERO_SEARCH_BUDGET` looks at a table for a player."""
    index = {player: at for at, player in enumerate(order)}
    met_mask = [0] * len(order)  # bit j of met_mask[i]: order[i] has met order[j]
    for (a, b), times in met.items():
        if times and a in index and b in index:
            met_mask[index[a]] |= 1 << index[b]
            met_mask[index[b]] |= 1 << index[a]
    members = [0] * len(sizes)  # bit i: order[i] sits at that table
    room = list(sizes)
    tables: list[list[int]] = [[] for _ in sizes]
    looks = 0

    def open_to(i: int) -> list[int]:
        nonlocal looks
        looks += len(sizes)
        found, empty = [], set()
        for at, size in enumerate(sizes):
            if not room[at] or met_mask[i] & members[at]:
                continue
            if not members[at]:
                if size in empty:
                    continue
                empty.add(size)
            found.append(at)
        return found

    def place(left: list[int]) -> bool:
        if not left:
            return True
        if looks > ZERO_SEARCH_BUDGET:
            return False
        player, choices = left[0], open_to(left[0])
        for i in left[1:]:
            if not choices:
                return False  # a player no table can take: back up
            options = open_to(i)
            if len(options) < len(choices):
                player, choices = i, options
        rest = [i for i in left if i != player]
        for at in choices:
            members[at] |= 1 << player
            room[at] -= 1
            tables[at].append(order[player])
            if place(rest):
                return True
            members[at] &= ~(1 << player)
            room[at] += 1
            tables[at].pop()
        return False

    return tables if place(list(range(len(order)))) else None


def _greedy(order: Sequence[int], sizes: Sequence[int], met: Met) -> list[list[int]]:
    """Each player in turn to the table with room where they add the fewest repeats."""
    tables: list[list[int]] = [[] for _ in sizes]
    for player in order:
        best_at, best_cost = -1, 0
        for at, table in enumerate(tables):
            if len(table) >= sizes[at]:
                continue
            cost = sum(met.get(pair(player, other), 0) for other in table)
            if best_at < 0 or cost < best_cost:
                best_at, best_cost = at, cost
        tables[best_at].append(player)
    return tables


def _improve(tables: list[list[int]], met: Met) -> list[list[int]]:
    """Swap two players of different tables while a swap lowers the repeats."""

    def cost(player: int, at: int, without: int) -> int:
        return sum(met.get(pair(player, o), 0) for o in tables[at] if o != without and o != player)

    improved = True
    while improved:
        improved = False
        for i in range(len(tables)):
            for j in range(i + 1, len(tables)):
                first, second = tables[i], tables[j]
                for a_at in range(len(first)):
                    for b_at in range(len(second)):
                        a, b = first[a_at], second[b_at]
                        delta = cost(b, i, a) - cost(a, i, a) + cost(a, j, b) - cost(b, j, b)
                        if delta < 0:
                            first[a_at], second[b_at] = b, a
                            improved = True
    return tables


def swiss_bands(tables: int) -> tuple[int, ...]:
    """Each table's band (1 first) in a Swiss round of ``tables`` tables. RULES: a band is
    two tables (8 players at tables of four), one when the round has only two tables (a
    field of 8), and the last band takes the remainder."""
    per = 1 if tables <= 2 else 2
    return tuple(at // per + 1 for at in range(tables))


def seat_by_standing(order: Sequence[int], size: int, met: Met) -> Seating:
    """Swiss tables of ``size`` from players in standing order (best first), in bands.

    RULES, round 4: consecutive bands of the standings (:func:`swiss_bands`), each filling
    its own tables, the seating within a band with the fewest repeats (every seating of
    the band is tried: two tables of four are 35); it never reaches outside the band to
    avoid one. Ties go to the straight order (1-4 and 5-8 of the band), and at each table
    the players sit in standing order.
    """
    met = _once(met)
    bands = swiss_bands(len(order) // size)
    tables: list[tuple[int, ...]] = []
    start = 0
    for band in sorted(set(bands)):
        count = bands.count(band)
        members = list(order[start : start + count * size])
        tables.extend(exhaustive(members, [size] * count, met).tables)
        start += count * size
    return Seating(tuple(tables), repeats(tables, met))


def snake(seeds: Sequence[int], size: int) -> tuple[tuple[int, ...], ...]:
    """Tables of ``size`` by seed: table 1 gets seeds 1, 2T, 2T+1, 4T; table T gets T, T+1,
    3T, 3T+1 (T tables), so every table has one player of each band."""
    count = len(seeds) // size
    tables: list[list[int]] = [[] for _ in range(count)]
    for band in range(size):
        row = seeds[band * count : (band + 1) * count]
        for at, player in enumerate(row if band % 2 == 0 else reversed(row)):
            tables[at].append(player)
    return tuple(tuple(t) for t in tables)
