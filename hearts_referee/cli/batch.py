"""``hearts-referee audit``: audit files of records in bulk, with progress and a summary.

    hearts-referee audit hands.ndjson games/ old.json.gz -o results.ndjson --csv hands.csv
    zcat day1.ndjson.gz | hearts-referee audit - > results.ndjson

Results are NDJSON, one line per input record, in input order, each carrying
the record's ``source`` and ``line`` (or ``index``); the summary goes to
stderr. ``--language nb`` writes the explanations, the progress bar and the summary in
Norwegian (codes, numbers in the data and the JSON summary unchanged). Exit status: 0 all
clean, 1 rulings or score mismatches found, 2 rejected records, 3 could not run (see
:class:`batch.summary.ExitStatus`).

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
from hearts_referee.languages import LANGUAGES, SOURCE, language_of, translator
from hearts_referee.referee.errorcodes import shown_pointer

from .report import counts_table, live, number, write_json

OUT_BUFFER = 1 << 20
"""Bytes of results written at once: a result line is about 4 KB, so the default 8 KiB
buffer made one system call every two records (docs/performance.md, "Why the code is shaped so")."""

CONFIGURED = "\0configured"
"""``--archive`` given without a path: the app's ``DATABASE`` (a NUL is in no path)."""


def summary_table(summary: Summary, language: str = SOURCE) -> Table:
    """The summary as the auditor reads it at the end of a run: records, then hands (each
    hand counted once, in one of clean, not refereed, in progress or with rulings), then
    rulings (each ruling counted, so a hand may give several). Its words and numbers are in
    ``language`` (each label in the context "audit summary": a row's label, not a sentence);
    a ruling's code and status are codes, the same in every language."""
    t = translator(language)
    table, row = counts_table(t.pgettext("audit summary", "Bulk audit"), language)
    row(t.pgettext("audit summary", "records read"), summary.records)
    row("  " + t.pgettext("audit summary", "whole games"), summary.games)
    row("  " + t.pgettext("audit summary", "rejected"), summary.rejected)
    row(t.pgettext("audit summary", "hands audited"), summary.hands)
    row("  " + t.pgettext("audit summary", "clean"), summary.clean)
    row("  " + t.pgettext("audit summary", "in progress (play incomplete)"), summary.in_progress)
    row("  " + t.pgettext("audit summary", "play not refereed (score-only)"), summary.not_refereed)
    row("  " + t.pgettext("audit summary", "with rulings"), summary.with_rulings)
    row("  " + t.pgettext("audit summary", "with a score mismatch"), summary.with_score_mismatch)
    row(t.pgettext("audit summary", "rulings"), summary.rulings_total)
    for (code, status), count in sorted(summary.rulings.items()):
        row(f"  {code} ({status})", count)
    row(t.pgettext("audit summary", "hands per second"), round(summary.hands_per_second))
    row(t.pgettext("audit summary", "exit status"), str(int(summary.exit_status())))  # a code: never grouped
    return table


def reject_lines(summary: Summary, language: str = SOURCE) -> list[str]:
    """The rejected records by name, each with its first problem (the first few of them),
    the words around them in ``language``."""
    if not summary.rejects:
        return []
    t = translator(language)
    lines = [t.gettext("Rejected records (first problem of each):")]
    for reject in summary.rejects:
        said = {
            "record": reject.label,
            "pointer": shown_pointer(reject.problem.pointer),
            "message": reject.problem.message,
            "more": number(reject.count - 1, language),
        }
        if reject.count > 1:
            lines.append("  " + t.gettext("%(record)s %(pointer)s: %(message)s (+%(more)s more)") % said)
        else:
            lines.append("  " + t.gettext("%(record)s %(pointer)s: %(message)s") % said)
    if summary.rejected > len(summary.rejects):
        left = number(summary.rejected - len(summary.rejects), language)
        lines.append("  " + t.gettext("... and %(count)s more") % {"count": left})
    return lines


def _language(ctx: click.Context, parameter: click.Parameter, value: str | None) -> str | None:
    """``--language``: a language spoken here, by its tag (``nb``, ``no``, ``nb-NO``)."""
    if value is None:
        return None
    spoken = language_of(value)
    if spoken is None:
        raise click.BadParameter(
            f"{value!r} is not a language spoken here; choose one of {', '.join(LANGUAGES)}",
            ctx,
            parameter,
        )
    return spoken


def _outcomes(
    paths: list[str], jobs: int, dask: str | None, timeout: float, progress: inputs.Progress, language: str
) -> Iterator[Outcome]:
    records = inputs.records(paths, progress)
    if dask is not None:
        return run.on_dask(records, dask, jobs, timeout=timeout, language=language)
    return run.local(records, jobs, language=language)


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
    "--language",
    metavar="LANG",
    default=None,
    callback=_language,
    help=f"The language of the explanations, the progress bar and the summary: {', '.join(LANGUAGES)} "
    "(default: en). Codes, numbers in the results and the JSON summary are the same in any.",
)
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
    language: str | None,
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
        recheck_archive(
            database,
            output=output,
            summary_json=summary_json,
            quiet=quiet,
            not_with=given,
            language=language or SOURCE,
        )
    console = Console(stderr=True)
    spoken = language or SOURCE
    t = translator(spoken)
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
            bar = live(
                console,
                quiet,
                t.gettext("auditing"),
                t.gettext("%(done)s records · %(rate)s hands/s"),
                read.total,
                lambda: read.done,
                spoken,
            )
            tick = stack.enter_context(bar)
            for outcome in _outcomes(files, jobs or run.default_jobs(), dask, dask_timeout, read, spoken):
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
    _finish(summary, summary_json, console, quiet, spoken)


def _finish(summary: Summary, summary_json: str | None, console: Console, quiet: bool, language: str) -> None:
    if summary_json:
        write_json(summary_json, summary.as_dict())
    if not quiet:
        console.print(summary_table(summary, language))
        for line in reject_lines(summary, language):
            console.print(Text(line), soft_wrap=True)  # a path is never wrapped nor read as markup
    sys.exit(summary.exit_status())
