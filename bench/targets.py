"""Issue 20's targets on both builds of the rules core, side by side, in one run.

    python bench/targets.py [--hands N] [--repeats R] [--sizes 10000,100000] [--no-http]

Runs ``bench/validate.py`` (the per-hand rows, OpenSpiel's anchor, the HTTP target
when wrk is there) and ``bench/bulk.py --modes all`` (the bulk audit, all cores) once
per build, in fresh processes, ``HEARTS_REFEREE_CORE=pure`` then ``=compiled`` (the
compiled build only when ``hearts-referee compile-core`` made a fresh one), then prints
every target each script printed, each build's figure and verdict under it: ``met`` or
``NOT met``, never asserted. The scripts' whole outputs follow, for the rows behind them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.validate import cpu_model  # noqa: E402
from hearts_referee import compiled  # noqa: E402

BUILDS = ("pure", "compiled")


def run(script: str, args: list[str], build: str) -> str:
    """One script's whole output, run with the build ``build``; its errors end the bench."""
    env = {**os.environ, compiled.CHOICE_ENV: build, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{script} on the {build} build failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return done.stdout


def targets_of(output: str) -> dict[str, str]:
    """The lines under a script's ``Targets`` heading, by target: ``name: figure, verdict``.
    An indented line under one (the bulk audit's memory, per mode) is its own target."""
    found: dict[str, str] = {}
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("Targets")), len(lines))
    parent = ""
    for line in lines[start + 1 :]:
        if not line.strip():
            continue
        name, _, figure = line.strip().partition(": ")
        if line.startswith("    "):
            found[f"{parent} / {name}"] = figure
        else:
            parent = name.rstrip(":")
            if figure:
                found[parent] = figure
    return found


def build_line(output: str) -> str:
    return next((line for line in output.splitlines() if line.startswith("Build:")), "Build: ?")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="validate.py hands per pass (default 2000)")
    parser.add_argument("--repeats", type=int, default=7, help="validate.py's repeats (default 7)")
    parser.add_argument("--sizes", default="10000,100000", help="bulk.py's sizes (default 10000,100000)")
    parser.add_argument("--no-http", action="store_true", help="leave out the HTTP target (wrk)")
    args = parser.parse_args(argv)
    fresh = compiled.choose("auto", compiled.default_directory())
    builds = [build for build in BUILDS if build == "pure" or fresh.compiled]
    validate_args = ["--hands", str(args.hands), "--repeats", str(args.repeats)]
    validate_args += ["--no-http"] if args.no_http else []
    scripts = {
        "validate.py": validate_args,
        "bulk.py": ["--modes", "all", "--sizes", args.sizes],
    }
    outputs: dict[tuple[str, str], str] = {}
    for script, script_args in scripts.items():
        for build in builds:
            print(f"  {script} on the {build} build ...", file=sys.stderr, flush=True)
            outputs[(script, build)] = run(script, script_args, build)
    print(f"Machine: {cpu_model()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    for build in builds:
        print(f"{build:<9} {build_line(outputs[('validate.py', build)])}")
    if not fresh.compiled:
        print(f"compiled  not run: {fresh.reason} (hearts-referee compile-core makes one)")
    for script, script_args in scripts.items():
        print(f"\nTargets of bench/{script} {' '.join(script_args)}:")
        found = {build: targets_of(outputs[(script, build)]) for build in builds}
        names = list(dict.fromkeys(name for build in builds for name in found[build]))
        for name in names:
            print(f"  {name}")
            for build in builds:
                print(f"    {build:<9} {found[build].get(name, 'not printed')}")
    for (script, build), output in outputs.items():
        print(f"\n==== bench/{script}, {build} build ====\n{output.rstrip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
