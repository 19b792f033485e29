"""The event rules, pure: seating, Swiss, playoffs, standings and Long John's advancement.

Properties over fields of 8 to 64 players for both formats, with table results
drawn at random (ties included), and the fewest-repeats promise checked against
an exhaustive search written here independently (every assignment of players
to labelled tables) on fields small enough to search.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

from hearts_referee.referee.events import (
    LONG_JOHN,
    MSO_2000,
    CannotSeat,
    FormatError,
    PlayedRound,
    RoundKind,
    TableResult,
    advancing_field,
    balanced_sizes,
    format_data,
    house_format,
    meetings,
    next_round,
    read_format,
    repeats,
    seat_at_random,
    snake,
    standings,
)

SEATABLE_LONG_JOHN = [n for n in range(8, 65) if n not in (9, 10, 11, 17)]


def results_for(tables, rng: random.Random, ties: bool = True) -> tuple[TableResult, ...]:
    """Random final totals; with ``ties``, totals from a narrow range so ties are common."""
    high = 104 if ties else 10_000
    return tuple(TableResult({p: rng.randint(100 if ties else 0, high) for p in t}) for t in tables)


def play_event(fmt, players: int, seed: int, stop_after: int | None = None) -> list[PlayedRound]:
    """Seat and "play" rounds (random totals) until the final or ``stop_after`` rounds."""
    rng = random.Random(seed)
    rounds: list[PlayedRound] = []
    while stop_after is None or len(rounds) < stop_after:
        try:
            seated = next_round(fmt, list(range(1, players + 1)), rounds, rng.randrange(2**31))
        except CannotSeat as done:
            assert done.code == "event_over"
            break
        rounds.append(PlayedRound(seated, results_for(seated.tables, rng)))
    return rounds


def fewest_repeats(players, sizes, met) -> int:
    """Independent exhaustive search: every assignment of players to labelled tables."""
    best = None
    tables: list[list[int]] = [[] for _ in sizes]

    def place(at: int) -> None:
        nonlocal best
        if at == len(players):
            count = sum(bool(met.get((min(a, b), max(a, b)))) for t in tables for a, b in combinations(t, 2))
            best = count if best is None else min(best, count)
            return
        for k, table in enumerate(tables):
            if len(table) < sizes[k]:
                table.append(players[at])
                place(at + 1)
                table.pop()
            if not table:  # empty tables are alike: try the first only
                break

    place(0)
    assert best is not None
    return best


# --- every player seated once, tables of legal sizes -----------------------------------------


@settings(max_examples=examples(40), deadline=None)
@given(players=st.integers(8, 64), seed=st.integers(0, 2**31 - 1))
def test_mso_every_player_sits_once_or_has_a_bye_each_round(players, seed):
    for played in play_event(MSO_2000, players, seed, stop_after=4):
        seated = [p for t in played.round.tables for p in t]
        assert all(len(t) == 4 for t in played.round.tables)
        assert sorted(seated + list(played.round.byes)) == list(range(1, players + 1))
        assert len(played.round.byes) == players % 4


@settings(max_examples=examples(40), deadline=None)
@given(players=st.sampled_from(SEATABLE_LONG_JOHN), seed=st.integers(0, 2**31 - 1))
def test_long_john_round_one_seats_everyone_once_at_balanced_tables_of_six_to_eight(players, seed):
    (first,) = play_event(LONG_JOHN, players, seed, stop_after=1)
    sizes = [len(t) for t in first.round.tables]
    assert sorted(p for t in first.round.tables for p in t) == list(range(1, players + 1))
    assert all(6 <= size <= 8 for size in sizes) and max(sizes) - min(sizes) <= 1
    assert len(sizes) == -(-players // 8)  # the fewest tables: at most 8 for 64 players


@pytest.mark.parametrize("players", [1, 5, 9, 10, 11, 17])
def test_long_john_refuses_a_first_round_no_tables_of_six_to_eight_can_seat(players):
    with pytest.raises(CannotSeat) as refused:
        next_round(LONG_JOHN, list(range(1, players + 1)), [], 1)
    assert refused.value.code in ("field_not_seatable", "too_few_players")


def test_balanced_sizes_are_the_fewest_tables_as_even_as_can_be():
    assert balanced_sizes(64, (6, 7, 8)) == (8,) * 8
    assert balanced_sizes(30, (6, 7, 8)) == (8, 8, 7, 7)
    assert balanced_sizes(18, (6, 7, 8)) == (6, 6, 6)
    assert balanced_sizes(17, (6, 7, 8)) is None


# --- fewest repeated opponents ----------------------------------------------------------------


@settings(max_examples=examples(15), deadline=None)
@given(players=st.integers(12, 16), seed=st.integers(0, 2**31 - 1))
def test_long_john_tables_on_small_fields_repeat_no_more_than_an_exhaustive_search(players, seed):
    """The same field seated again after a first round (as the winners of several rounds
    would be): the fewest repeats there are."""
    rng = random.Random(seed)
    field = list(range(1, players + 1))
    met = meetings(next_round(LONG_JOHN, field, [], rng.randrange(2**31)).tables)
    sizes = balanced_sizes(players, (6, 7, 8))
    again = seat_at_random(field, sizes, met, rng)
    assert sorted(map(len, again.tables), reverse=True) == list(sizes)
    assert again.repeats == repeats(again.tables, met) == fewest_repeats(field, sizes, met)


def test_a_round_is_reproduced_exactly_from_its_seed():
    rounds = play_event(MSO_2000, 32, 7, stop_after=2)
    again = next_round(MSO_2000, list(range(1, 33)), rounds[:1], 12345)
    assert next_round(MSO_2000, list(range(1, 33)), rounds[:1], 12345) == again


# --- Swiss round 4 and playoffs ---------------------------------------------------------------


def test_playoff_tables_are_snake_seeded():
    assert snake(list(range(1, 17)), 4) == ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))


@settings(max_examples=examples(15), deadline=None)
@given(players=st.integers(8, 64), seed=st.integers(0, 2**31 - 1))
def test_mso_playoffs_take_the_top_of_the_standings_and_send_one_a_table_to_a_final(players, seed):
    rounds = play_event(MSO_2000, players, seed)
    qualifying, playoffs = rounds[:4], rounds[4:]
    results = [t for r in qualifying for t in r.results]
    byes = [p for r in qualifying for p in r.round.byes]
    order = [s.player for s in standings(MSO_2000, list(range(1, players + 1)), results, byes)]
    first = playoffs[0].round
    entrants = sorted(p for t in first.tables for p in t)
    assert entrants == sorted(order[: len(entrants)]) and len(entrants) % 4 == 0
    assert len(entrants) <= max(4, players // 2)
    for before, after in pairwise(playoffs):
        winners = {min(r.winners, key=order.index) for r in before.results}
        assert {p for t in after.round.tables for p in t} == winners
    assert playoffs[-1].round.final and len(playoffs[-1].round.tables) == 1


# --- Long John: table winners advance, ties all --------------------------------------------


@settings(max_examples=examples(40), deadline=None)
@given(players=st.sampled_from([n for n in SEATABLE_LONG_JOHN if n > 8]), seed=st.integers(0, 2**31 - 1))
def test_long_john_advances_exactly_the_table_winners_ties_all(players, seed):
    rng = random.Random(seed)
    first = next_round(LONG_JOHN, list(range(1, players + 1)), [], rng.randrange(2**31))
    played = PlayedRound(first, results_for(first.tables, rng))
    winners = [p for r in played.results for p, t in r.totals.items() if t == min(r.totals.values())]
    field, added = advancing_field(LONG_JOHN, played, list(range(1, players + 1)))
    assert field[: len(winners)] == winners  # every winner, tied ones included
    assert not set(added) & set(winners)
    if balanced_sizes(len(winners), (6, 7, 8)) is not None:
        assert added == ()
    else:  # the director's qualifiers: up to the smallest field that seats, no further
        assert balanced_sizes(len(field), (6, 7, 8)) is not None
        assert all(balanced_sizes(n, (6, 7, 8)) is None for n in range(len(winners), len(field)))
    second = next_round(LONG_JOHN, list(range(1, players + 1)), [played], rng.randrange(2**31))
    assert sorted(p for t in second.tables for p in t) == sorted(field)


@settings(max_examples=examples(20), deadline=None)
@given(players=st.sampled_from(SEATABLE_LONG_JOHN), seed=st.integers(0, 2**31 - 1))
def test_long_john_plays_on_until_one_table_is_left_the_final(players, seed):
    rounds = play_event(LONG_JOHN, players, seed)
    assert rounds[-1].round.final and all(not r.round.final for r in rounds[:-1])
    assert all(6 <= len(t) <= 8 for r in rounds for t in r.round.tables)


def test_the_qualifiers_added_are_the_best_runners_up():
    first = next_round(LONG_JOHN, list(range(1, 13)), [], 3)
    a, b = first.tables
    totals_a = dict(zip(a, (50, 100, 60, 70, 80, 90), strict=True))
    totals_b = dict(zip(b, (40, 101, 41, 45, 99, 98), strict=True))
    played = PlayedRound(first, (TableResult(totals_a), TableResult(totals_b)))
    field, added = advancing_field(LONG_JOHN, played, list(range(1, 13)))
    # the two winners, then second places (b's 41 is 1 behind, a's 60 is 10), then thirds
    assert field == [a[0], b[0], b[2], a[2], b[3], a[3]]
    assert added == (b[2], a[2], b[3], a[3])


# --- standings --------------------------------------------------------------------------------


def test_match_points_are_5_3_2_1_by_place_and_ties_share():
    result = TableResult({1: 40, 2: 40, 3: 70, 4: 101})
    (first, second, third, fourth) = standings(MSO_2000, [1, 2, 3, 4], [result], [])
    assert [(s.player, s.match_points) for s in (first, second, third, fourth)] == [
        (1, 4),
        (2, 4),
        (3, 2),
        (4, 1),
    ]


def test_a_bye_scores_the_average_of_a_table():
    (only,) = standings(MSO_2000, [9], [], [9])
    assert only.match_points == Fraction(11, 4) and only.byes == 1


def test_the_tie_break_chain_is_wins_then_lower_average_total_then_player_number():
    tables = [
        TableResult({1: 50, 5: 60, 6: 70, 7: 101}),  # 1: 5 MP, a win
        TableResult({2: 60, 8: 50, 9: 70, 10: 101}),  # 2: 3 MP
        TableResult({2: 50, 11: 60, 12: 70, 13: 101}),  # 2: 5 MP, a win
        TableResult({1: 60, 14: 50, 15: 70, 16: 101}),  # 1: 3 MP
        TableResult({3: 50, 17: 60, 18: 70, 19: 101}),  # 3: 5 MP, a win
        TableResult({3: 60, 20: 50, 21: 70, 22: 101}),  # 3: 3 MP
    ]
    ranked = [s.player for s in standings(MSO_2000, [3, 2, 1], tables, [])]
    assert ranked == [1, 2, 3]  # equal on everything: the player number decides
    tables[0] = TableResult({1: 58, 5: 60, 6: 70, 7: 101})  # 1 still wins, with a higher total
    assert [s.player for s in standings(MSO_2000, [3, 2, 1], tables, [])] == [2, 3, 1]


@settings(max_examples=examples(20), deadline=None)
@given(players=st.integers(8, 64), seed=st.integers(0, 2**31 - 1))
def test_standings_hand_out_eleven_match_points_a_table_and_the_average_a_bye(players, seed):
    rounds = play_event(MSO_2000, players, seed, stop_after=4)
    results = [t for r in rounds for t in r.results]
    byes = [p for r in rounds for p in r.round.byes]
    table = standings(MSO_2000, list(range(1, players + 1)), results, byes)
    assert sum(s.match_points for s in table) == 11 * len(results) + Fraction(11, 4) * len(byes)
    assert [s.rank for s in table] == list(range(1, players + 1))
    assert Counter(s.games + s.byes for s in table) == Counter({4: players})


# --- formats as data --------------------------------------------------------------------------


def test_a_house_format_changes_named_options_and_reads_back():
    fmt = house_format("mso-2000", {"random_rounds": 2, "swiss_rounds": 2, "playoff_qualifiers": 8})
    assert (fmt.random_rounds, fmt.swiss_rounds, fmt.playoff_qualifiers) == (2, 2, 8)
    assert read_format(format_data(fmt)) == fmt
    assert format_data(MSO_2000) == "mso-2000"


@pytest.mark.parametrize(
    ("base", "options", "option"),
    [
        ("mso-2000", {"table_sizes": [5]}, "table_sizes"),
        ("mso-2000", {"match_points": [3, 2, 1]}, "match_points"),
        ("mso-2000", {"playoff_qualifiers": 6}, "playoff_qualifiers"),
        ("long-john", {"swiss_rounds": 1}, "swiss_rounds"),
        ("long-john", {"table_sizes": [4]}, "table_sizes"),
        ("long-john", {"colour": "red"}, "colour"),
    ],
)
def test_a_house_format_whose_options_contradict_is_refused_naming_the_option(base, options, option):
    with pytest.raises(FormatError) as refused:
        house_format(base, options)
    assert option in [name for name, _ in refused.value.problems]


@pytest.mark.parametrize("players", [6, 7, 8])
def test_long_john_of_eight_or_fewer_plays_its_final_at_once(players):
    (only,) = play_event(LONG_JOHN, players, 1)
    assert only.round.final and len(only.round.tables) == 1
    with pytest.raises(CannotSeat) as refused:
        next_round(LONG_JOHN, list(range(1, players + 1)), [only], 2)
    assert refused.value.code == "event_over"


def test_an_mso_round_of_one_table_is_not_the_final_before_the_playoffs():
    rounds = play_event(MSO_2000, 4, 1)
    assert [r.round.kind for r in rounds] == [RoundKind.RANDOM] * 3 + [RoundKind.SWISS, RoundKind.PLAYOFF]
    assert [r.round.final for r in rounds] == [False] * 4 + [True]
