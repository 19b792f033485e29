"""``hearts-referee audit``: audit files of records in bulk, with progress and a summary.

    hearts-referee audit hands.ndjson games/ old.json.gz -o results.ndjson --csv hands.csv
    zcat day1.ndjson.gz | hearts-referee audit - > results.ndjson

Results are NDJSON, one line per input record, in input order, each carrying
the record's ``source`` and ``line`` (or ``index``); the summary goes to
stderr. Exit status: 0 all clean, 1 rulings or score mismatches found, 2
rejected records, 3 could not run (see :class:`batch.summary.ExitStatus`).

``--archive [DB]`` re-audits the archive instead (``cli/recheck.py``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import IO

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts_referee.batch import inputs, run
from hearts_referee.batch.lines import Outcome
from hearts_referee.batch.summary import CsvWriter, ExitStatus, Summary
from hearts_referee.referee.errorcodes import shown_pointer

from .report import counts_table, live, write_json

OUT_BUFFER = 1 << 20
"""Bytes of results written at once: a result line is about 4 KB, so the default 8 KiB
buffer made one system call every two records (docs/performance.md, "Why the code is shaped so")."""

CONFIGURED = "\0configured"
"""``--archive`` given without a path: the app's ``DATABASE`` (a NUL is in no path)."""


def summary_table(summary: Summary) -> Table:
    """The summary as the auditor reads it at the end of a run: records, then hands (each
    hand counted once, in one of clean, not refereed, in progress or with rulings), then
    rulings (each ruling counted, so a hand may give several)."""
    table, row = counts_table("Bulk audit")
    row("records read", summary.records)
    row("  whole games", summary.games)
    row("  rejected", summary.rejected)
    row("hands audited", summary.hands)
    row("  clean", summary.clean)
    row("  in progress (play incomplete)", summary.in_progress)
    row("  play not refereed (score-only)", summary.not_refereed)
    row("  with rulings", summary.with_rulings)
    row("  with a score mismatch", summary.with_score_mismatch)
    row("rulings", summary.rulings_total)
    for (code, status), count in sorted(summary.rulings.items()):
        row(f"  {code} ({status})", count)
    row("hands per second", f"{summary.hands_per_second:,.0f}")
    row("exit status", int(summary.exit_status()))
    return table


def reject_lines(summary: Summary) -> list[str]:
    """The rejected records by name, each with its first problem (the first few of them)."""
    if not summary.rejects:
        return []
    lines = ["Rejected records (first problem of each):"]
    for reject in summary.rejects:
        more = f" (+{reject.count - 1} more)" if reject.count > 1 else ""
        lines.append(
            f"  {reject.label} {shown_pointer(reject.problem.pointer)}: {reject.problem.message}{more}"
        )
    if summary.rejected > len(summary.rejects):
        lines.append(f"  ... and {summary.rejected - len(summary.rejects)} more")
    return lines


def _outcomes(
    paths: list[str], jobs: int, dask: str | None, timeout: float, progress: inputs.Progress
) -> Iterator[Outcome]:
    records = inputs.records(paths, progress)
    if dask is not None:
        return run.on_dask(records, dask, jobs, timeout=timeout)
    return run.local(records, jobs)


class Misuse(click.UsageError):
    """A usage error of ``audit``: exit status 3 ("could not run"), not click's 2, which
    here means rejected records."""

    exit_code = ExitStatus.FAILED


class AuditCommand(click.Command):
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise Misuse(error.format_message(), error.ctx) from None


@click.command("audit", cls=AuditCommand)
@click.argument("paths", nargs=-1, metavar="[INPUT]...")
@click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    metavar="FILE",
    help="Where the NDJSON results go ('-': stdout).",
)
@click.option("--csv", "csv_path", metavar="FILE", help="Also write a per-hand summary as CSV.")
@click.option("--summary-json", metavar="FILE", help="Also write the summary as JSON.")
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (default: all cores; 1 audits in this process).",
)
@click.option(
    "--dask",
    metavar="ADDRESS",
    default=None,
    help="Audit on a Dask cluster: 'local' starts one here, or a scheduler like tcp://host:8786.",
)
@click.option(
    "--dask-timeout",
    type=click.FloatRange(min=0.1),
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    help="How long to wait for the Dask scheduler to answer.",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary table.")
@click.option(
    "--archive",
    metavar="[DB]",
    is_flag=False,
    flag_value=CONFIGURED,
    default=None,
    help="Instead of INPUT: re-audit every stored hand of the archive DB (default: the app's "
    "DATABASE) with the engine running now, read-only.",
)
def audit(
    paths: tuple[str, ...],
    output: str,
    csv_path: str | None,
    summary_json: str | None,
    jobs: int | None,
    dask: str | None,
    dask_timeout: float,
    quiet: bool,
    archive: str | None,
) -> None:
    """Audit hand records and recorded games in bulk.

    INPUT is an NDJSON file (.ndjson, .jsonl: one record per line), a JSON file
    (.json: a record or an array of records), an HRN file (.hrn: hands in the
    text notation, each a record), a .gz of any, a folder of them, or '-' for
    stdin (the default when records are piped in).

    With --archive: which stored scores or rulings the engine running now would
    change, and each hand's hash chain checked; the archive is not changed.

    \b
    Exit status, for scripts and CI:
      0  every hand clean, or score-only with its points in order
      1  rulings, score mismatches or hands in progress found
      2  rejected records
      3  the audit could not run: an input missing or unreadable, no cluster,
         a wrong option, or no INPUT while stdin is a terminal

    \b
    With --archive:
      0  nothing would change and every chain holds
      1  something would change (a score or a ruling)
      2  a broken chain, an unreadable stored hand or a game hand with play
         incomplete
      3  the archive could not be opened (or is of an older schema)
    """
    if archive is not None:
        from .recheck import recheck_archive  # the archive's storage loads only for --archive

        given = {
            "INPUT": bool(paths),
            "--csv": bool(csv_path),
            "--jobs": jobs is not None,
            "--dask": bool(dask),
        }
        database = None if archive == CONFIGURED else archive
        recheck_archive(database, output=output, summary_json=summary_json, quiet=quiet, not_with=given)
    console = Console(stderr=True)
    if not paths and inputs.stdin_is_terminal():
        raise Misuse(
            "no INPUT given, and stdin is a terminal: name files or folders of records, "
            "or pipe them in (give '-' to type records on stdin)"
        )
    try:
        files = inputs.expand(paths or ("-",))
    except inputs.Unreadable as error:
        click.echo(f"audit: {error}", err=True)
        sys.exit(ExitStatus.FAILED)
    summary = Summary()
    started = time.perf_counter()
    try:
        with ExitStack() as stack:
            out: IO[bytes] = sys.stdout.buffer
            if output != "-":
                out = stack.enter_context(open(output, "wb", OUT_BUFFER))
            table = None
            if csv_path:
                table = CsvWriter(stack.enter_context(open(csv_path, "w", newline="", encoding="utf-8")))
            read = inputs.Progress.of(files)
            bar = live(console, quiet, "auditing", "records", read.total, lambda: read.done)
            tick = stack.enter_context(bar)
            for outcome in _outcomes(files, jobs or run.default_jobs(), dask, dask_timeout, read):
                out.write(outcome.line + b"\n")
                summary.add(outcome)
                if table is not None:
                    table.add(outcome)
                tick(summary.records, summary.hands)
            out.flush()
    except (inputs.Unreadable, run.CouldNotRun) as error:
        click.echo(f"audit: {error}", err=True)
        sys.exit(ExitStatus.FAILED)
    summary.seconds = time.perf_counter() - started
    _finish(summary, summary_json, console, quiet)


def _finish(summary: Summary, summary_json: str | None, console: Console, quiet: bool) -> None:
    if summary_json:
        write_json(summary_json, summary.as_dict())
    if not quiet:
        console.print(summary_table(summary))
        for line in reject_lines(summary):
            console.print(Text(line), soft_wrap=True)  # a path is never wrapped nor read as markup
    sys.exit(summary.exit_status())
