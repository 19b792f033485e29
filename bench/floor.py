"""The floor under issue 20's load + replay target: what a replay's shape costs, both builds.

    python bench/floor.py [--hands N] [--repeats R] [--seed S]

Times, interleaved in one process over the same N random legal ``standard`` hands (the
hands ``bench/validate.py`` times, same seed): OpenSpiel's checked replay (the anchor),
the referee's load + replay on this process's build of its core, and the two sketches of
``bench/floor_sketch.py``, as Python and compiled with mypyc (in a temporary folder,
about 20 s; skipped, saying why, without mypyc or a C compiler):

- A, one loop over ints: the cascade's mask tests written into the one loop;
- B, the least the one path needs: typed values, one play path called for every card, one
  cascade, each card on its trick, a winner per trick, and nothing else.

Every sketch must take the same points as the referee on every hand, or the script stops.
Then each build's target is set against B: a target above what B reaches is above what
the design allows, whatever the engine does. See bench/README.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import playout  # noqa: E402
from bench import floor_sketch  # noqa: E402
from bench.validate import (  # noqa: E402
    OPENSPIEL_ROW,
    OPENSPIEL_TARGETS,
    VARIANT,
    Pass,
    machine_line,
    measure,
    openspiel_row,
)
from hearts_referee import compiled, validate_hand  # noqa: E402
from hearts_referee.referee import replay  # noqa: E402
from hearts_referee.schemas.record import load_record  # noqa: E402

ENGINE_ROW = "referee load + replay"
SKETCH_B_SHARE = 0.8
"""Issue 39: the referee's load + replay at least this share of sketch B's speed, on its build."""


def compile_sketch(folder: Path) -> tuple[ModuleType | None, str | None]:
    """``floor_sketch`` compiled by mypyc in ``folder``, or why it could not be."""
    if not compiled.has_compiler():
        return None, "the compiled sketches skipped: no C compiler"
    shutil.copy(ROOT / "bench" / "floor_sketch.py", folder / "floor_sketch.py")
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", "floor_sketch.py"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        return None, f"the compiled sketches skipped: mypyc failed ({last[0]})"
    sys.path.insert(0, str(folder))
    module = importlib.import_module("floor_sketch")
    if not str(module.__file__).endswith(".so"):
        return None, f"the compiled sketches skipped: {module.__file__} is not an extension module"
    return module, None


def sketch_rows(sketch: ModuleType, datas: list[dict[str, Any]], build: str) -> dict[str, Pass]:
    """Sketch A and sketch B (and B's load and replay alone) over every hand."""
    records = [sketch.load_values(data) for data in datas]
    load_ints: Callable[..., Any] = sketch.load_ints
    replay_ints: Callable[..., Any] = sketch.replay_ints
    load_values: Callable[..., Any] = sketch.load_values
    replay_values: Callable[..., Any] = sketch.replay_values

    def one_loop() -> None:
        for data in datas:
            replay_ints(*load_ints(data))

    def one_path() -> None:
        for data in datas:
            replay_values(load_values(data))

    def one_path_load() -> None:
        for data in datas:
            load_values(data)

    def one_path_replay() -> None:
        for record in records:
            replay_values(record)

    return {
        f"A one loop, ints, {build}": one_loop,
        f"B one path, {build}": one_path,
        f"  B's load, {build}": one_path_load,
        f"  B's replay, {build}": one_path_replay,
    }


def check_sketch(sketch: ModuleType, datas: list[dict[str, Any]]) -> None:
    """Each sketch takes the referee's points on every hand, and finds nothing to rule on."""
    for index, data in enumerate(datas):
        points = validate_hand(data)["points"]
        expected = [points[seat] for seat in data["seats"]]
        taken, faults = sketch.replay_ints(*sketch.load_ints(data))
        table = sketch.replay_values(sketch.load_values(data))
        if taken != expected or faults or table.log or table.taken != expected:
            raise SystemExit(f"{sketch.__file__}: hand {index} is not replayed as the referee replays it")


def report(samples: dict[str, list[int]], hands: int, repeats: int, skipped: list[str]) -> str:
    per_hand = {name: statistics.median(ns) / hands / 1000 for name, ns in samples.items()}
    anchor = per_hand[OPENSPIEL_ROW]
    lines = [
        machine_line(),
        f"Build: rules core {compiled.BUILD.describe()} ('{ENGINE_ROW}' runs on it)",
        f"{hands} random legal {VARIANT} hands, median of {repeats} interleaved repeats, gc off while timing,"
        " CPU time of this process; every row from the parsed JSON, as validate.py's load + replay",
        "",
        f"{'row':<30} {'µs/hand':>9} {'× OpenSpiel':>12}",
        f"{'-' * 30} {'-' * 9} {'-' * 12}",
    ]
    for name, us in per_hand.items():
        lines.append(f"{name:<30} {us:>9.1f} {anchor / us:>11.2f}×")
    lines += skipped
    lines += ["", "The load + replay target against the one path's floor (sketch B):"]
    engine = anchor / per_hand[ENGINE_ROW]
    for build, target in OPENSPIEL_TARGETS.items():
        row = f"B one path, {build}"
        if row not in per_hand:
            lines.append(f"  {build:<9} >= {target:.1f}×: sketch B not timed")
            continue
        floor = anchor / per_hand[row]
        verdict = "the floor is below the target" if floor < target else "the floor reaches the target"
        mine = f"; the referee {engine:.2f}×" if build == compiled.BUILD.name else ""
        lines.append(f"  {build:<9} >= {target:.1f}×: sketch B {floor:.2f}×{mine}: {verdict}")
    row = f"B one path, {compiled.BUILD.name}"
    if row in per_hand:
        share = per_hand[row] / per_hand[ENGINE_ROW]
        verdict = "met" if share >= SKETCH_B_SHARE else "NOT met"
        lines.append(
            f"  the referee >= {SKETCH_B_SHARE:.1f} of sketch B's speed, {compiled.BUILD.name}: "
            f"{per_hand[ENGINE_ROW]:.1f} against {per_hand[row]:.1f} µs, {share:.2f}, {verdict}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2000)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    datas = [json.loads(json.dumps(playout.random_hand(rng, VARIANT))) for _ in range(args.hands)]
    anchor, why = openspiel_row(datas)
    if anchor is None:
        print(why, file=sys.stderr)
        return 1
    check_sketch(floor_sketch, datas)
    rows: dict[str, Pass] = {OPENSPIEL_ROW: anchor}

    def engine() -> None:
        for data in datas:
            replay(load_record(data))

    rows[ENGINE_ROW] = engine
    rows.update(sketch_rows(floor_sketch, datas, "pure"))
    skipped: list[str] = []
    with tempfile.TemporaryDirectory(prefix="hearts-referee-floor-") as folder:
        built, why = compile_sketch(Path(folder))
        if built is not None:
            check_sketch(built, datas)
            rows.update(sketch_rows(built, datas, "compiled"))
        elif why:
            skipped.append(why)
        print(report(measure(rows, args.repeats), args.hands, args.repeats, skipped))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
