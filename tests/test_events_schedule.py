"""Rounds 1-3 as one schedule, and round 4 in bands of the standings (RULES, event bullets).

The schedule's repeats are counted here from the tables alone (over every pair,
the meetings beyond the first), and the minimum for 8 players is proved here
independently, by trying every schedule; the bands are recomputed here from the
standings and each band's fewest repeats by trying every seating of the band.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

from hearts_referee.referee.events import (
    MSO_2000,
    PlayedRound,
    RoundKind,
    TableResult,
    fewest_possible,
    next_round,
    plan,
    standings,
)


def schedule_repeats(rounds) -> int:
    """Over every pair of players, their meetings beyond the first (``rounds``: each
    round's tables)."""
    met = Counter((min(a, b), max(a, b)) for tables in rounds for t in tables for a, b in combinations(t, 2))
    return sum(times - 1 for times in met.values())


def results_for(tables, rng):
    return tuple(TableResult({p: rng.randint(100, 104) for p in t}) for t in tables)


def seat_rounds(players, seed, count, fmt=MSO_2000, field=None):
    """``count`` rounds seated one at a time, as the service does, with random results."""
    rng = random.Random(seed)
    field = list(range(1, players + 1)) if field is None else field
    rounds: list[PlayedRound] = []
    for _ in range(count):
        seated = next_round(fmt, field, rounds, rng.randrange(2**31))
        rounds.append(PlayedRound(seated, results_for(seated.tables, rng)))
    return rounds


def every_seating(players):
    """Every seating of 8 players at two tables of four (35)."""
    first, rest = players[0], players[1:]
    for mates in combinations(rest, 3):
        table = (first, *mates)
        yield (table, tuple(p for p in players if p not in table))


def test_eight_players_cannot_play_three_rounds_with_fewer_than_eight_repeats():
    """Proved by trying every schedule (round 1 fixed: any other is a renaming of it)."""
    players = list(range(1, 9))
    round_one = ((1, 2, 3, 4), (5, 6, 7, 8))
    fewest = min(
        schedule_repeats([round_one, two, three])
        for two in every_seating(players)
        for three in every_seating(players)
    )
    assert fewest == 8 == fewest_possible([players] * 3, 4)


def test_twelve_players_repeat_at_least_once_a_table_after_round_one():
    """Three earlier tables and four seats: two players of one earlier table meet again at
    every table of rounds 2 and 3, so 6 is the least, and the plan reaches it."""
    field = list(range(1, 13))
    assert fewest_possible([field] * 3, 4) == 6
    assert plan([field] * 3, 4, {}, random.Random(1)).repeats == 6


@settings(max_examples=examples(60), deadline=None)
@given(players=st.sampled_from([8, 12]), seed=st.integers(0, 2**31 - 1))
def test_rounds_one_to_three_of_8_and_12_players_have_the_proved_minimum_of_repeats(players, seed):
    rounds = [r.round for r in seat_rounds(players, seed, 3)]
    assert schedule_repeats([r.tables for r in rounds]) == {8: 8, 12: 6}[players]
    assert sum(r.repeats for r in rounds) == schedule_repeats([r.tables for r in rounds])


@settings(max_examples=examples(60), deadline=None)
@given(players=st.integers(16, 64), seed=st.integers(0, 2**31 - 1))
def test_rounds_one_to_three_from_16_players_repeat_no_opponent(players, seed):
    assert schedule_repeats([r.round.tables for r in seat_rounds(players, seed, 3)]) == 0


def test_the_schedule_is_drawn_by_the_seed_among_those_with_fewest_repeats():
    field = list(range(1, 13))
    drawn = {plan([field] * 3, 4, {}, random.Random(seed)).rounds for seed in range(6)}
    assert len(drawn) == 6  # six seeds, six schedules, each with the fewest repeats
    again = plan([field] * 3, 4, {}, random.Random(3))
    assert again == plan([field] * 3, 4, {}, random.Random(3))


def test_a_withdrawal_after_round_one_replans_rounds_two_and_three():
    """17 players, one withdraws after round 1: the 16 left still meet no one twice."""
    rng = random.Random(5)
    field = list(range(1, 18))
    first = next_round(MSO_2000, field, [], 11)
    rounds = [PlayedRound(first, results_for(first.tables, rng))]
    left = [p for p in field if p != first.tables[0][0]]
    for _ in range(2):
        seated = next_round(MSO_2000, left, rounds, rng.randrange(2**31))
        assert sorted(p for t in seated.tables for p in t) == left
        rounds.append(PlayedRound(seated, results_for(seated.tables, rng)))
    assert schedule_repeats([r.round.tables for r in rounds]) == 0


# --- round 4: bands of the standings ------------------------------------------------------------


def band_of(order, band_size):
    """Each seated player's band, from the standings order."""
    return {p: at // band_size for at, p in enumerate(order)}


@settings(max_examples=examples(40), deadline=None)
@given(players=st.integers(8, 64), seed=st.integers(0, 2**31 - 1))
def test_every_round_four_table_lies_within_one_band_of_the_standings(players, seed):
    rounds = seat_rounds(players, seed, 4)
    swiss = rounds[3].round
    assert swiss.kind is RoundKind.SWISS
    results = [t for r in rounds[:3] for t in r.results]
    byes = [p for r in rounds[:3] for p in r.round.byes]
    order = [s.player for s in standings(MSO_2000, list(range(1, players + 1)), results, byes)]
    seated = [p for p in order if p not in swiss.byes]
    size = 4 if len(seated) == 8 else 8
    bands = band_of(seated, size)
    for table, band in zip(swiss.tables, swiss.bands, strict=True):
        assert {bands[p] for p in table} == {band - 1}
    # within its band, the fewest repeats: every seating of the band tried here
    met = Counter(
        (min(a, b), max(a, b)) for r in rounds[:3] for t in r.round.tables for a, b in combinations(t, 2)
    )
    for band in set(swiss.bands):
        members = [p for p in seated if bands[p] == band - 1]
        tables = [t for t, b in zip(swiss.tables, swiss.bands, strict=True) if b == band]
        seated_pairs = sum(bool(met[(min(a, b), max(a, b))]) for t in tables for a, b in combinations(t, 2))
        if len(members) == 8:
            fewest = min(
                sum(bool(met[(min(a, b), max(a, b))]) for t in s for a, b in combinations(t, 2))
                for s in every_seating(members)
            )
            assert seated_pairs == fewest


@pytest.mark.parametrize(
    ("players", "bands"), [(8, (1, 2)), (12, (1, 1, 2)), (16, (1, 1, 2, 2)), (20, (1, 1, 2, 2, 3))]
)
def test_bands_are_two_tables_one_when_the_field_is_eight_and_the_last_takes_the_rest(players, bands):
    rounds = seat_rounds(players, 9, 4)
    assert rounds[3].round.bands == bands
