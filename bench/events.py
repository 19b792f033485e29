"""How long seating a round of an event takes, for the largest fields.

    python bench/events.py [--events E] [--seed S]

For each of E seeded events it plays (with random table totals, ties common)
a 64-player ``mso-2000`` event (rounds 1-3 at random with the fewest repeats,
round 4 Swiss, the playoffs) and a 64-player ``long-john`` event (eight tables
of eight, the winners' final), timing every call of ``referee.events.next_round``,
the whole pairing of a round, and reporting per kind of round the median and
the worst time against the target (100 ms a round), with the repeats found.
Pure Python, no archive, no HTTP: the service adds reading the round's games.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere, without installing

from hearts_referee.referee.events import (  # noqa: E402
    LONG_JOHN,
    MSO_2000,
    CannotSeat,
    EventFormat,
    PlayedRound,
    TableResult,
    next_round,
)

TARGET_MS = 100.0
PLAYERS = 64


def play(fmt: EventFormat, seed: int, times: dict[str, list[float]], repeats: dict[str, list[int]]) -> None:
    rng = random.Random(seed)
    rounds: list[PlayedRound] = []
    players = list(range(1, PLAYERS + 1))
    while True:
        round_seed = rng.randrange(2**31)
        started = time.perf_counter()
        try:
            seated = next_round(fmt, players, rounds, round_seed)
        except CannotSeat:
            return
        elapsed = (time.perf_counter() - started) * 1000
        row = f"{fmt.id} round {seated.number} ({seated.kind.value}, {len(seated.tables)} tables)"
        times.setdefault(row, []).append(elapsed)
        repeats.setdefault(row, []).append(seated.repeats)
        results = tuple(TableResult({p: rng.randint(60, 130) for p in t}) for t in seated.tables)
        rounds.append(PlayedRound(seated, results))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2000)
    args = parser.parse_args()
    times: dict[str, list[float]] = {}
    repeats: dict[str, list[int]] = {}
    for k in range(args.events):
        for fmt in (MSO_2000, LONG_JOHN):
            play(fmt, args.seed + k, times, repeats)
    print(
        f"{platform.python_implementation()} {platform.python_version()} · {os.cpu_count()} cores · "
        f"{args.events} events of {PLAYERS} players per format"
    )
    print(f"{'round':<44} {'median ms':>9} {'worst ms':>9} {'repeats (worst)':>16}")
    worst = 0.0
    for row, found in times.items():
        worst = max(worst, max(found))
        print(f"{row:<44} {statistics.median(found):9.1f} {max(found):9.1f} {max(repeats[row]):>16}")
    verdict = "met" if worst <= TARGET_MS else "NOT met"
    print(f"target: pairing a {PLAYERS}-player round in <= {TARGET_MS:.0f} ms (worst case): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
