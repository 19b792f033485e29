"""How fast the bulk audit command runs end to end, and how much memory it holds.

    python bench/bulk.py [--sizes 10000,100000] [--modes jobs1,all,dask] [--repeats R]
                         [--seed S] [--pool P] [--keep]

A pool of P distinct records (all four variants; some irregular: revokes,
wrong written scores; some impossible: a card dealt twice; some lines that are
not JSON) is generated with ``playout`` and checked once in-process; an NDJSON
file of N lines cycling through the pool is written to a temporary folder.
Then ``hearts-referee audit FILE -o OUT`` runs, for each N and each mode
(``--jobs 1``, all cores, ``--dask local``), in a fresh process so its peak
RSS is that run's own; the table shows wall time, hands/s, records/s and peak
RSS, and whether the targets are met (measured, never asserted). Each run's
results file must have exactly N lines and its summary the counts the pool
predicts, or the run is reported as failed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere, without installing
# The project's own modules are imported inside the functions that use them: a Dask
# worker process (spawned) imports this file again as its main module, and should pay
# only for what the command itself loads.

VARIANTS = ("standard", "mso-2000", "long-john", "omnibus-kitty")
FOUR_SEATS = ("standard", "mso-2000")
MODES = {
    "jobs1": ["--jobs", "1"],
    "all": [],  # the command's default: every core this process may use
    "dask": ["--dask", "local"],
}
HANDS_PER_SECOND_TARGET = 20_000  # issue 39 (issue 20 asked 10,000): mixed variants, both cores
RSS_GROWTH_TARGET = 1.10
DASK_RATIO_TARGET = 1.5
POLL_SECONDS = 0.05
MIB = 1024 * 1024

# Shares of the pool, by kind; the rest is clean hands.
NOT_JSON_SHARE = 0.01
IMPOSSIBLE_SHARE = 0.02
IRREGULAR_SHARE = 0.10

CLEAN = "clean"
IRREGULAR = "irregular"
IMPOSSIBLE = "impossible"
NOT_JSON = "not JSON"
KINDS = (CLEAN, IRREGULAR, IMPOSSIBLE, NOT_JSON)


# --- the records ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PoolRecord:
    """One distinct line of the input, and what auditing it gives (checked in-process)."""

    text: bytes
    kind: str
    variant: str
    hands: int = 0
    clean: int = 0
    with_rulings: int = 0
    mismatches: int = 0
    rejected: int = 0


def clean_record(rng: random.Random, variant: str) -> dict[str, Any]:
    import playout

    if variant == "long-john":
        return playout.random_long_john_hand(rng, rng.randint(6, 8), lumpy=rng.random() < 0.2)
    if variant == "omnibus-kitty":
        return playout.random_omnibus_hand(rng, rng.choice((3, 4, 4, 4, 5, 6, 7)))
    if rng.random() < 0.05:
        return playout.random_moon_hand(rng, variant)[0]
    return playout.random_hand(rng, variant)


def validated_score(record: dict[str, Any]) -> dict[str, int]:
    from hearts_referee import validate_hand

    score: dict[str, int] = validate_hand(record)["score"]
    return score


def irregular_record(rng: random.Random, variant: str) -> dict[str, Any]:
    """A revoke (four-seat and long-john tables), or scores the table wrote wrong (any)."""
    import playout

    if rng.random() < 0.6:
        if variant in FOUR_SEATS:
            return playout.random_hand_with_revoke(rng, variant)[0]
        if variant == "long-john":
            return playout.random_long_john_hand_with_revoke(rng, rng.randint(6, 8))[0]
    record = clean_record(rng, variant)
    claimed = validated_score(record)
    seat = rng.choice(list(claimed))
    claimed[seat] += rng.choice((-13, -1, 1, 13))
    record["claimed"] = claimed
    return record


def impossible_record(rng: random.Random, variant: str) -> dict[str, Any]:
    """A hand that cannot have happened: one seat dealt a card another seat holds, in place
    of one of its own (for long-john, a card held twice already: a third copy)."""
    record = clean_record(rng, variant)
    deal: dict[str, list[str]] = record["deal"]
    seats = list(deal)
    held = [card for hand in deal.values() for card in hand]
    twice = [card for card in held if held.count(card) > 1] if variant == "long-john" else []
    card = rng.choice(twice or deal[seats[0]])
    target = rng.choice([seat for seat in seats if card not in deal[seat]] or seats[1:])
    spot = rng.randrange(len(deal[target]))
    deal[target][spot] = card
    return record


def not_json_line(rng: random.Random, variant: str) -> bytes:
    """A record cut short, as a truncated upload leaves it."""
    text = json.dumps(clean_record(rng, variant)).encode()
    return text[: rng.randint(1, len(text) - 1)]


def make_pool(size: int, seed: int) -> list[PoolRecord]:
    """``size`` distinct lines in a seeded order, each kind in its share, variants in turn."""
    rng = random.Random(seed)
    counts = {
        NOT_JSON: max(1, round(size * NOT_JSON_SHARE)),
        IMPOSSIBLE: max(1, round(size * IMPOSSIBLE_SHARE)),
        IRREGULAR: max(1, round(size * IRREGULAR_SHARE)),
    }
    counts[CLEAN] = size - sum(counts.values())
    if counts[CLEAN] < 1:
        raise SystemExit(f"--pool {size} is too small for a mix (at least 4)")
    pool: list[PoolRecord] = []
    for kind in KINDS:
        for index in range(counts[kind]):
            variant = VARIANTS[index % len(VARIANTS)]
            if kind == NOT_JSON:
                text = not_json_line(rng, variant)
            elif kind == IMPOSSIBLE:
                text = json.dumps(impossible_record(rng, variant)).encode()
            elif kind == IRREGULAR:
                text = json.dumps(irregular_record(rng, variant)).encode()
            else:
                record = clean_record(rng, variant)
                if rng.random() < 0.25:
                    record["claimed"] = validated_score(copy.deepcopy(record))
                text = json.dumps(record).encode()
            pool.append(PoolRecord(text, kind, variant))
    rng.shuffle(pool)
    return pool


def check_pool(pool: list[PoolRecord]) -> list[PoolRecord]:
    """Audit every distinct line once, here: each kind must give what it is made to give,
    and the counts are what every run's summary is checked against."""
    from hearts_referee.batch.lines import Where, audit_raw

    checked: list[PoolRecord] = []
    for number, item in enumerate(pool, start=1):
        outcome = audit_raw(Where("pool", line=number), item.text)
        clean = sum(1 for hand in outcome.hands if hand.clean)
        tally = PoolRecord(
            item.text,
            item.kind,
            item.variant,
            hands=len(outcome.hands),
            clean=clean,
            with_rulings=len(outcome.hands) - clean,
            mismatches=sum(1 for hand in outcome.hands if hand.mismatch),
            rejected=int(outcome.rejected),
        )
        wanted = {
            CLEAN: tally.hands == 1 and tally.clean == 1,
            IRREGULAR: tally.hands == 1 and tally.with_rulings == 1,
            IMPOSSIBLE: tally.rejected == 1,
            NOT_JSON: tally.rejected == 1,
        }[item.kind]
        if not wanted:
            raise SystemExit(
                f"pool record {number} ({item.kind}, {item.variant}) audits as "
                f"{tally.hands} hands, {tally.with_rulings} with rulings, rejected={tally.rejected}: "
                "the generator and the referee disagree"
            )
        checked.append(tally)
    return checked


def write_input(path: Path, pool: list[PoolRecord], count: int) -> None:
    with open(path, "wb", buffering=1 << 20) as out:
        for index in range(count):
            out.write(pool[index % len(pool)].text)
            out.write(b"\n")


def expected_summary(pool: list[PoolRecord], count: int) -> dict[str, int]:
    """The counts the command's summary must report for ``count`` lines of the pool."""
    full, rest = divmod(count, len(pool))
    totals = dict.fromkeys(("hands", "clean", "with_rulings", "with_score_mismatch", "rejected"), 0)
    for index, item in enumerate(pool):
        times = full + (1 if index < rest else 0)
        totals["hands"] += times * item.hands
        totals["clean"] += times * item.clean
        totals["with_rulings"] += times * item.with_rulings
        totals["with_score_mismatch"] += times * item.mismatches
        totals["rejected"] += times * item.rejected
    return {"records": count, **totals}


# --- one run of the command -----------------------------------------------------------------


def child(report: str, argv: list[str]) -> int:
    """``--child REPORT ARGS...``: the console script's body (``sys.exit(cli.main())``), then
    this process's peak RSS and its largest reaped descendant's, as JSON in REPORT."""
    from hearts_referee.cli import main as command

    code: int = 0
    try:
        command.main(args=argv, prog_name="hearts-referee")
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    usage = {
        "exit": code,
        "rss_self_kib": own.ru_maxrss,  # KiB on Linux
        "rss_children_kib": children.ru_maxrss,  # the largest reaped descendant's
        "cpu_self": own.ru_utime + own.ru_stime,
        "cpu_children": children.ru_utime + children.ru_stime,
    }
    Path(report).write_text(json.dumps(usage))
    return code


def rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/statm", "rb") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def descendants(pid: int) -> set[int]:
    """A process's children, their children, and so on (Linux /proc: each thread's
    ``children`` file, which lists the processes it started)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            threads = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for thread in threads:
            try:
                with open(f"/proc/{parent}/task/{thread}/children", "rb") as children:
                    kids = {int(kid) for kid in children.read().split()}
            except OSError:
                continue
            todo.extend(kids - found)
            found |= kids
    return found


@dataclass
class Poller:
    """Samples the RSS of a process and its descendants every POLL_SECONDS (Linux /proc)."""

    pid: int
    main: int = 0
    worker: int = 0
    tree: int = 0
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        while not self.stop.is_set():
            self.sample()
            self.stop.wait(POLL_SECONDS)

    def sample(self) -> None:
        tree = {self.pid, *descendants(self.pid)}
        sizes: dict[int, int] = {}
        for pid in tree:
            try:
                sizes[pid] = rss_bytes(pid)
            except (OSError, IndexError, ValueError):
                continue
        if self.pid not in sizes:
            return
        self.tree = max(self.tree, sum(sizes.values()))
        self.main = max(self.main, sizes.pop(self.pid))
        self.worker = max([self.worker, *sizes.values()])

    def __enter__(self) -> Poller:
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join()


@dataclass
class Run:
    """One run of the command (or the medians of a row's repeats)."""

    size: int
    mode: str
    wall: float
    command_seconds: float
    hands: int
    cpu_main: float
    """Seconds of CPU (user + system) the command's process used."""
    cpu_workers: float
    """Seconds of CPU its reaped child processes used, all together."""
    rss_main: float
    """MiB: the command's process, from getrusage (exact peak)."""
    rss_worker: float | None
    """MiB: the largest reaped child process, from getrusage; None if it had none."""
    polled_worker: float | None
    polled_tree: float
    problem: str | None = None


def count_lines(path: Path) -> tuple[int, bytes, bytes]:
    """Lines in a file, and its first and last line."""
    lines = 0
    first = b""
    last_chunk = b""
    with open(path, "rb") as data:
        while chunk := data.read(1 << 22):
            if not first:
                first = chunk[: chunk.find(b"\n") + 1 or len(chunk)]
            lines += chunk.count(b"\n")
            last_chunk = (last_chunk + chunk)[-(1 << 16) :]
    tail = last_chunk.rstrip(b"\n")
    last = tail[tail.rfind(b"\n") + 1 :]
    return lines, first, last


def check_output(out: Path, size: int) -> str | None:
    """Why the results file is not one line per input record in order, if it is not."""
    lines, first, last = count_lines(out)
    if lines != size:
        return f"{lines:,} result lines for {size:,} records"
    try:
        numbers = json.loads(first)["line"], json.loads(last)["line"]
    except (ValueError, KeyError) as error:
        return f"results file unreadable: {error}"
    if numbers != (1, size):
        return f"results run from line {numbers[0]} to {numbers[1]}, not 1 to {size}"
    return None


def run_command(
    work: Path, input_path: Path, size: int, mode: str, expected: dict[str, int], keep: bool
) -> Run:
    out = work / f"results-{size}-{mode}.ndjson"
    summary_path = work / f"summary-{size}-{mode}.json"
    report = work / f"rusage-{size}-{mode}.json"
    for stale in (out, summary_path, report):  # an earlier repeat's, which a failed run would pass off
        stale.unlink(missing_ok=True)
    argv = ["audit", str(input_path), "-o", str(out), "-q", "--summary-json", str(summary_path)]
    argv += MODES[mode]
    # The CLI group builds the app, which would read (or write) instance/: keep it in ``work``.
    env = {**os.environ, "FLASK_DATABASE": str(work / "archive.sqlite"), "FLASK_SECRET_KEY": "bench"}
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(report), *argv],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    with Poller(process.pid) as poller:
        _, stderr = process.communicate()
    wall = time.perf_counter() - started
    problem: str | None = None
    summary: dict[str, Any] = {}
    usage: dict[str, float] = dict.fromkeys(
        ("rss_self_kib", "rss_children_kib", "cpu_self", "cpu_children"), 0
    )
    try:
        summary = json.loads(summary_path.read_text())
        usage = json.loads(report.read_text())
    except (OSError, ValueError):
        tail = stderr.decode(errors="replace").strip().splitlines()[-5:]
        problem = f"exit {process.returncode}: " + " | ".join(tail)
    if problem is None:
        wanted_exit = 2 if expected["rejected"] else 1 if expected["with_rulings"] else 0
        got = {key: summary.get(key) for key in expected}
        if process.returncode != wanted_exit:
            problem = f"exit status {process.returncode}, expected {wanted_exit}"
        elif got != expected:
            problem = f"summary {got} differs from the pool's {expected}"
        else:
            problem = check_output(out, size)
    if not keep:
        out.unlink(missing_ok=True)  # a 100,000-line results file is a few hundred MiB
    children = usage["rss_children_kib"] / 1024
    return Run(
        size=size,
        mode=mode,
        wall=wall,
        command_seconds=float(summary.get("seconds", 0.0)),
        hands=int(summary.get("hands", expected["hands"])),
        cpu_main=usage["cpu_self"],
        cpu_workers=usage["cpu_children"],
        rss_main=usage["rss_self_kib"] / 1024,
        rss_worker=children if children > 0 else None,
        polled_worker=poller.worker / MIB if poller.worker else None,
        polled_tree=poller.tree / MIB,
        problem=problem,
    )


# --- the report -----------------------------------------------------------------------------


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def mode_label(mode: str) -> str:
    return {"jobs1": "--jobs 1", "all": f"all ({cores()})", "dask": f"dask local ({cores()})"}[mode]


def median_run(runs: list[Run]) -> Run:
    """The median of each number over repeats (a failed repeat fails the row)."""
    first = runs[0]

    def med(values: list[float | None]) -> float | None:
        known = [value for value in values if value is not None]
        return statistics.median(known) if known else None

    return Run(
        size=first.size,
        mode=first.mode,
        wall=statistics.median(run.wall for run in runs),
        command_seconds=statistics.median(run.command_seconds for run in runs),
        hands=first.hands,
        cpu_main=statistics.median(run.cpu_main for run in runs),
        cpu_workers=statistics.median(run.cpu_workers for run in runs),
        rss_main=statistics.median(run.rss_main for run in runs),
        rss_worker=med([run.rss_worker for run in runs]),
        polled_worker=med([run.polled_worker for run in runs]),
        polled_tree=statistics.median(run.polled_tree for run in runs),
        problem=next((run.problem for run in runs if run.problem), None),
    )


def mib(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def verdict(ok: bool) -> str:
    return "target met" if ok else "NOT met"


COLUMNS = [
    ("N", "", 8),
    ("mode", "", 16),
    ("wall", "s", 7),
    ("cmd", "s", 7),
    ("hands/s", "", 8),
    ("records/s", "", 9),
    ("main CPU", "s", 8),
    ("wkrs CPU", "s", 8),
    ("RSS main", "MiB", 8),
    ("RSS wkr", "MiB", 7),
    ("polled wkr", "MiB", 10),
    ("polled tree", "MiB", 11),
]
"""The table's columns: title, unit (a second header line) and width."""


def cells(values: list[str]) -> str:
    """One line of the table: the mode left-aligned, numbers right-aligned."""
    return " ".join(
        f"{value:<{width}}" if title == "mode" else f"{value:>{width}}"
        for value, (title, _, width) in zip(values, COLUMNS, strict=True)
    )


def report(rows: dict[tuple[int, str], Run], sizes: list[int], modes: list[str], header: list[str]) -> str:
    lines = [
        *header,
        "",
        cells([title for title, _, _ in COLUMNS]),
        cells([unit for _, unit, _ in COLUMNS]),
        " ".join("-" * width for _, _, width in COLUMNS),
    ]
    failed: list[str] = []
    for size in sizes:
        for mode in modes:
            run = rows[(size, mode)]
            values = [
                f"{size:,}",
                mode_label(mode),
                f"{run.wall:.2f}",
                f"{run.command_seconds:.2f}",
                f"{run.hands / run.wall:,.0f}",
                f"{size / run.wall:,.0f}",
                f"{run.cpu_main:.2f}",
                f"{run.cpu_workers:.2f}" if run.cpu_workers else "-",
                mib(run.rss_main),
                mib(run.rss_worker),
                mib(run.polled_worker),
                mib(run.polled_tree),
            ]
            lines.append(cells(values) + ("  FAILED" if run.problem else ""))
            if run.problem:
                failed.append(f"  N={size:,} {mode_label(mode)}: {run.problem}")
    if failed:
        lines += ["", "Failed runs (their numbers mean nothing):", *failed]
    lines += ["", "Targets (measured, never asserted):"]
    if "all" in modes:
        parts = []
        for size in sizes:
            rate = rows[(size, "all")].hands / rows[(size, "all")].wall
            parts.append(f"N={size:,}: {rate:,.0f}, {verdict(rate >= HANDS_PER_SECOND_TARGET)}")
        lines.append(f"  >= {HANDS_PER_SECOND_TARGET:,} hands/s end to end, all cores: " + "; ".join(parts))
    if len(sizes) > 1:
        small, large = sizes[0], sizes[-1]
        lines.append(
            f"  peak RSS at N={large:,} within {RSS_GROWTH_TARGET - 1:.0%} of N={small:,} (streaming):"
        )
        for mode in modes:
            a, b = rows[(small, mode)], rows[(large, mode)]
            parts = [f"main {b.rss_main / a.rss_main:.3f}×"]
            ok = b.rss_main / a.rss_main <= RSS_GROWTH_TARGET
            worker_a, worker_b = a.rss_worker or a.polled_worker, b.rss_worker or b.polled_worker
            if worker_a and worker_b:
                parts.append(f"largest worker {worker_b / worker_a:.3f}×")
                ok = ok and worker_b / worker_a <= RSS_GROWTH_TARGET
            parts.append(f"polled tree {b.polled_tree / a.polled_tree:.3f}×")
            lines.append(f"    {mode_label(mode)}: " + ", ".join(parts) + f": {verdict(ok)}")
    else:
        lines.append("  peak RSS growth: needs two sizes")
    if "dask" in modes and "all" in modes:
        parts = []
        for size in sizes:
            ratio = rows[(size, "dask")].wall / rows[(size, "all")].wall
            parts.append(f"N={size:,}: {ratio:.2f}×, {verdict(ratio <= DASK_RATIO_TARGET)}")
        lines.append(
            f"  Dask local within {DASK_RATIO_TARGET}× of the process pool's wall time: " + "; ".join(parts)
        )
    return "\n".join(lines)


def describe_pool(pool: list[PoolRecord]) -> str:
    kinds = {kind: sum(1 for item in pool if item.kind == kind) for kind in KINDS}
    variants = {variant: sum(1 for item in pool if item.variant == variant) for variant in VARIANTS}
    return (
        f"{len(pool):,} distinct records, cycled: "
        + ", ".join(f"{count} {kind}" for kind, count in kinds.items())
        + "; "
        + ", ".join(f"{count} {variant}" for variant, count in variants.items())
    )


def parse_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child(argv[1], argv[2:])
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000", help="records per run (default 10000,100000)")
    parser.add_argument("--modes", default="jobs1,all,dask", help="of jobs1, all, dask (default all three)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each row; medians (default 1)")
    parser.add_argument("--seed", type=int, default=2000, help="seed of the pool (default 2000)")
    parser.add_argument("--pool", type=int, default=2000, help="distinct records (default 2000)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and its files")
    args = parser.parse_args(argv)
    try:
        sizes = sorted({int(size) for size in parse_list(args.sizes)})
    except ValueError:
        parser.error("--sizes takes counts separated by commas")
    modes = parse_list(args.modes)
    if unknown := [mode for mode in modes if mode not in MODES]:
        parser.error(f"unknown modes {unknown}; known: {', '.join(MODES)}")
    if not sizes or sizes[0] < 1 or args.repeats < 1 or args.pool < 4:
        parser.error("--sizes and --repeats must be at least 1, --pool at least 4")

    started = time.perf_counter()
    pool = check_pool(make_pool(args.pool, args.seed))
    made = time.perf_counter() - started
    work = Path(tempfile.mkdtemp(prefix="bench-bulk-"))
    header = [
        f"Machine: {cpu_model()}, {cores()} cores, Python {platform.python_version()}"
        f" ({platform.python_implementation()})",
        describe_pool(pool) + f" (made and checked in {made:.1f} s, seed {args.seed})",
        "Each run: hearts-referee audit FILE -o OUT -q --summary-json S, a fresh process; "
        + (f"median of {args.repeats} interleaved repeats" if args.repeats > 1 else "one run each"),
    ]
    try:
        inputs: dict[int, Path] = {}
        for size in sizes:
            inputs[size] = work / f"records-{size}.ndjson"
            write_input(inputs[size], pool, size)
        megabytes = ", ".join(f"N={size:,}: {inputs[size].stat().st_size / MIB:,.0f} MiB" for size in sizes)
        header.append(f"Input files: {megabytes}")
        runs: dict[tuple[int, str], list[Run]] = {(size, mode): [] for size in sizes for mode in modes}
        for _ in range(args.repeats):
            for size in sizes:
                expected = expected_summary(pool, size)
                for mode in modes:
                    run = run_command(work, inputs[size], size, mode, expected, args.keep)
                    runs[(size, mode)].append(run)
                    print(
                        f"  N={size:,} {mode_label(mode)}: {run.wall:.2f} s"
                        + (f" FAILED: {run.problem}" if run.problem else ""),
                        file=sys.stderr,
                        flush=True,
                    )
        rows = {key: median_run(value) for key, value in runs.items()}
        print(report(rows, sizes, modes, header))
    finally:
        if args.keep:
            print(f"\nKept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if any(row.problem for row in rows.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
