"""How long the claim solver takes, against the issue's targets (printed, not asserted).

Targets: a claim at 6 tricks left at a 4-player table within 50 ms; at 13 tricks
left within 2 s; at 5 tricks left at an 8-player ``long-john`` table within 1 s.

Each row takes random legal hands from the independent generator (``playout``),
stops the play with the given number of tricks left, and has the seat on lead
claim every remaining trick, announcing its cards high to low (one claim of
each kind per position with ``--kinds``). It prints the median and the worst
time, the positions searched, and how many claims the search decided within
the budget.

    python bench/claims.py            # 20 positions a row
    python bench/claims.py --count 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere, without installing

import playout  # noqa: E402
from hearts_referee.referee.play import CLAIM_BUDGET, CLAIM_EXACT_BUDGET  # noqa: E402
from hearts_referee.referee.record import ClaimKind, EventAction, HandRecord  # noqa: E402
from hearts_referee.referee.replay import table_after  # noqa: E402
from hearts_referee.referee.solver import Claim, Position, solve  # noqa: E402
from hearts_referee.referee.table import Table  # noqa: E402
from hearts_referee.schemas.record import load_record  # noqa: E402

ROWS: list[tuple[str, str, int, int, float]] = [
    # label, variant, seats, tricks left, target in seconds
    ("4 players, 6 tricks left", "mso-2000", 4, 6, 0.050),
    ("4 players, 13 tricks left", "mso-2000", 4, 13, 2.0),
    ("long-john, 8 players, 5 tricks left", "long-john", 8, 5, 1.0),
]


def record_for(rng: random.Random, variant: str, seats: int) -> HandRecord:
    data: dict[str, Any]
    if variant == "long-john":
        data = playout.random_long_john_hand(rng, seats)
    else:
        data = playout.random_hand(rng, variant)
    return load_record(data)


def table_at(record: HandRecord, tricks_left: int) -> Table:
    """The replay's table with ``tricks_left`` tricks still to play."""
    cards = [e for e in record.play if e.action == EventAction.CARD]
    hand_size = record.variant.hand_size(len(record.seats))
    played = len(record.seats) * (hand_size - tricks_left)
    return table_after(record, tuple(cards[:played]))


def run_row(
    variant: str, seats: int, left: int, count: int, seed: int, kinds: bool
) -> list[tuple[float, float, int, bool]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        table = table_at(record_for(rng, variant, seats), left)
        seat = table.seats[table.current.leader]
        order = tuple(sorted(table.cards_left(seat), key=lambda c: -c.rank))
        claims = [Claim(seat, ClaimKind.ALL_TRICKS, order)]
        if kinds:
            claims += [
                Claim(seat, ClaimKind.NO_MORE_POINTS, order),
                Claim(seat, ClaimKind.NO_MORE_TRICKS, order),
            ]
        for claim in claims:
            position = Position.at(table, seat)
            start = time.perf_counter()
            verdict = solve(position, claim, budget=CLAIM_BUDGET, exact_budget=0)
            decide = time.perf_counter() - start
            start = time.perf_counter()
            solve(position, claim, budget=CLAIM_BUDGET, exact_budget=CLAIM_EXACT_BUDGET)
            replayed = time.perf_counter() - start
            out.append((decide, replayed, verdict.nodes, verdict.holds is not None))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20, help="positions per row")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--kinds", action="store_true", help="also claim no-more-points and no-more-tricks")
    args = parser.parse_args()
    print(
        f"claim solver: {CLAIM_BUDGET} positions to decide, {CLAIM_EXACT_BUDGET} each for the exact "
        f"worst and best outcomes; {args.count} positions a row, seed {args.seed}"
    )
    print(
        f"{'row':38} {'decide ms':>10} {'p90 ms':>8} {'worst ms':>9} {'target ms':>10}"
        f" {'nodes':>7} {'decided':>8} {'+ outcomes ms':>14}"
    )
    for label, variant, seats, left, target in ROWS:
        rows = run_row(variant, seats, left, args.count, args.seed, args.kinds)
        decide = [d for d, _, _, _ in rows]
        full = [f for _, f, _, _ in rows]
        nodes = [n for _, _, n, _ in rows]
        decided = sum(1 for *_, d in rows if d)
        met = "met" if statistics.median(decide) <= target else "NOT met"
        print(
            f"{label:38} {statistics.median(decide) * 1000:10.1f} "
            f"{statistics.quantiles(decide, n=10)[-1] * 1000:8.1f} {max(decide) * 1000:9.1f} "
            f"{target * 1000:10.0f} {statistics.median(nodes):7.0f} {decided:>4}/{len(rows):<3}"
            f" {statistics.median(full) * 1000:14.1f}  {met}"
        )
    print("decide: whether the claim holds and a refuting line (median); + outcomes: as a replay runs it")
    print("met/NOT met compares the median with the target; the worst cases are budget-bound")


if __name__ == "__main__":
    main()
