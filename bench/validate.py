"""How long validating one hand record takes, layer by layer.

    python bench/validate.py [--hands N] [--repeats R] [--seed S]

The same N random legal mso-2000 hands (pre-serialised to JSON) go through
each layer in turn; every repeat times every row once, interleaved, so a
noisy neighbour slows all rows alike, and the table shows medians. The
``json.loads`` row is the floor the other rows are compared with: on a
shared machine ratios travel better than microseconds. One more row replays
N clean seven-seat long-john hands (105 cards, cancellation, the joker) in
the core, for the cost of a big table next to the four-player one. See
bench/README.md.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere, without installing

import playout  # noqa: E402
from audit import audit_hand  # noqa: E402
from referee import replay  # noqa: E402
from schemas.record import load_record  # noqa: E402

CORE_REPLAY_TARGET_US = 50.0
LONG_JOHN_SEATS = 7
LONG_JOHN_ROW = f"core replay LJ {LONG_JOHN_SEATS} seats"
SCHEMA_REPLAY_TARGET_RATIO = 8.0

Pass = Callable[[], None]
"""One pass over all N hands through one layer."""


def make_hands(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [json.dumps(playout.random_hand(rng, "mso-2000")) for _ in range(count)]


def make_long_john_hands(count: int, seed: int) -> list[str]:
    """Shuffled seven-seat long-john hands, played out at random: clean, like the others."""
    rng = random.Random(seed)
    return [json.dumps(playout.random_long_john_hand(rng, LONG_JOHN_SEATS)) for _ in range(count)]


def build_rows(texts: list[str], long_john_texts: list[str]) -> tuple[dict[str, Pass], str | None]:
    """The layers to time, and why the Flask row is missing, if it is."""
    loads = json.loads
    records = [load_record(loads(text)) for text in texts]
    long_john_records = [load_record(loads(text)) for text in long_john_texts]

    def json_only() -> None:
        for text in texts:
            loads(text)

    def schema_load() -> None:
        for text in texts:
            load_record(loads(text))

    def core_replay() -> None:
        for record in records:
            replay(record)

    def core_replay_long_john() -> None:
        for record in long_john_records:
            replay(record)

    def schema_and_replay() -> None:
        for text in texts:
            replay(load_record(loads(text)))

    def full_audit() -> None:
        for text in texts:
            audit_hand(loads(text))

    rows: dict[str, Pass] = {
        "json.loads": json_only,
        "schema load": schema_load,
        "core replay": core_replay,
        LONG_JOHN_ROW: core_replay_long_john,
        "schema load + replay": schema_and_replay,
        "full audit": full_audit,
    }
    flask_pass, skipped = flask_row(texts)
    if flask_pass is not None:
        rows["Flask validate"] = flask_pass
    return rows, skipped


def flask_row(texts: list[str]) -> tuple[Pass | None, str | None]:
    """POST /v1/hands/validate through the in-process test client, if the app imports."""
    try:
        from app import create_app

        client = create_app({"TESTING": True}).test_client()
    except Exception as error:  # the web layer is optional for the engine's numbers
        return None, f"Flask validate skipped: the app does not load ({type(error).__name__}: {error})"
    response = client.post("/v1/hands/validate", data=texts[0], content_type="application/json")
    if response.status_code != 200:
        return None, f"Flask validate skipped: POST /v1/hands/validate answered {response.status_code}"
    post = client.post

    def validate() -> None:
        for text in texts:
            post("/v1/hands/validate", data=text, content_type="application/json")

    return validate, None


def check_clean(texts: list[str], kind: str = "mso-2000") -> None:
    """The hands are legal: a hand with rulings would time the wrong path."""
    for index, text in enumerate(texts):
        rulings = audit_hand(json.loads(text))["rulings"]
        if rulings:
            raise SystemExit(
                f"{kind} hand {index} has rulings {[r['code'] for r in rulings]}: not a clean benchmark"
            )


def time_pass(run: Pass) -> int:
    """Nanoseconds for one pass, with the collector off so it does not land in one row."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter_ns()
        run()
        return time.perf_counter_ns() - start
    finally:
        gc.enable()


def measure(rows: dict[str, Pass], repeats: int) -> dict[str, list[int]]:
    for run in rows.values():  # warm-up: caches, imports, Flask's first request
        time_pass(run)
    samples: dict[str, list[int]] = {name: [] for name in rows}
    for _ in range(repeats):
        for name, run in rows.items():
            samples[name].append(time_pass(run))
    return samples


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def report(samples: dict[str, list[int]], hands: int, repeats: int, skipped: str | None) -> str:
    per_hand = {name: statistics.median(ns) / hands / 1000 for name, ns in samples.items()}
    floor = per_hand["json.loads"]
    lines = [
        f"Machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        f" ({platform.python_implementation()})",
        f"{hands} random legal mso-2000 hands, median of {repeats} interleaved repeats, gc off while timing",
        f"'{LONG_JOHN_ROW}': {hands} random legal {LONG_JOHN_SEATS}-seat long-john hands instead, "
        "in the core only",
        "",
        f"{'row':<22} {'µs/hand':>9} {'hands/s':>10} {'× json.loads':>13}",
        f"{'-' * 22} {'-' * 9} {'-' * 10} {'-' * 13}",
    ]
    for name, us in per_hand.items():
        lines.append(f"{name:<22} {us:>9.1f} {1e6 / us:>10,.0f} {us / floor:>13.1f}")
    if skipped:
        lines.append(skipped)
    core = per_hand["core replay"]
    ratio = per_hand["schema load + replay"] / floor
    lines += [
        "",
        "Targets:",
        f"  core replay <= {CORE_REPLAY_TARGET_US:.0f} µs/hand: {core:.1f} µs, "
        + ("met" if core <= CORE_REPLAY_TARGET_US else "NOT met"),
        f"  schema load + replay <= {SCHEMA_REPLAY_TARGET_RATIO:.0f}× json.loads: {ratio:.1f}×, "
        + ("met" if ratio <= SCHEMA_REPLAY_TARGET_RATIO else "NOT met"),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per pass (default 2000)")
    parser.add_argument("--repeats", type=int, default=7, help="interleaved repeats (default 7)")
    parser.add_argument("--seed", type=int, default=2000, help="seed of the random hands (default 2000)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeats < 1:
        parser.error("--hands and --repeats must be at least 1")
    texts = make_hands(args.hands, args.seed)
    long_john_texts = make_long_john_hands(args.hands, args.seed)
    check_clean(texts)
    check_clean(long_john_texts, "long-john")
    rows, skipped = build_rows(texts, long_john_texts)
    samples = measure(rows, args.repeats)
    print(report(samples, args.hands, args.repeats, skipped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
