"""``hearts-referee audit --archive [DB]``: replay every stored hand with the engine running now.

    hearts-referee audit --archive                      # the app's DATABASE
    hearts-referee audit --archive copy.sqlite -o changes.ndjson --summary-json summary.json

One NDJSON line per stored hand, in id order (:mod:`batch.recheck` documents it):
the engine version that made its stored audit, what the current engine would
change in its score and rulings, and its hash-chain check. The summary goes to
stderr. The file is opened read-only (SQLite ``mode=ro``) and never upgraded:
an archive of an older schema is refused, to be upgraded with ``init-db``
first. Exit status: 0 nothing would change and every chain holds, 1 changes,
2 a broken chain, a stored record that no longer reads or a game hand whose play
stops early, 3 could not run.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from collections.abc import Mapping
from contextlib import ExitStack, closing
from typing import IO, NoReturn

import click
from flask import current_app
from flask.cli import ScriptInfo
from rich.console import Console
from rich.table import Table

from hearts_referee import usecases
from hearts_referee.batch.recheck import RecheckSummary, recheck_line
from hearts_referee.batch.summary import ExitStatus
from hearts_referee.referee.errorcodes import shown_pointer
from hearts_referee.usecases.keys import OPERATOR_AS_AUDITOR
from hearts_referee.usecases.recheck import recheck

from .report import counts_table, live, write_json


def _database(archive: str | None) -> str:
    """The archive named, or with none (``--archive`` alone) the app's ``DATABASE``."""
    if archive is not None:
        return archive
    if current_app:
        return str(current_app.config["DATABASE"])
    app = click.get_current_context().ensure_object(ScriptInfo).load_app()
    return str(app.config["DATABASE"])


def recheck_table(summary: RecheckSummary, where: str) -> Table:
    """The summary as the auditor reads it at the end of a re-audit."""
    table, row = counts_table(f"Archive re-audit: {where}")
    row("hands re-audited", summary.hands)
    for engine, count in sorted(summary.engines.items()):
        row(f"  audited by engine {engine}", count)
    row("  unchanged", summary.unchanged)
    row("  would change", summary.changed)
    row("    score", summary.changed_score)
    row("    rulings", summary.changed_rulings)
    row("  no longer readable", summary.unreadable)
    for hand in summary.unreadables:
        more = f" (+{hand.count - 1} more)" if hand.count > 1 else ""
        row(f"    hand {hand.hand_id} {shown_pointer(hand.problem.pointer)}: {hand.problem.message}{more}")
    if summary.unreadable > len(summary.unreadables):
        row(f"    ... and {summary.unreadable - len(summary.unreadables)} more")
    row("  game hands with play incomplete", summary.incomplete)
    for hand in summary.incompletes:
        row(f"    hand {hand.hand_id} {shown_pointer(hand.problem.pointer)}: {hand.problem.message}")
    if summary.incomplete > len(summary.incompletes):
        row(f"    ... and {summary.incomplete - len(summary.incompletes)} more")
    row("broken hash chains", summary.broken)
    for broken in summary.broken_chains:
        more = f" (+{broken.count - 1} more)" if broken.count > 1 else ""
        row(f"    hand {broken.hand_id}, from entry {broken.first_broken}: {broken.code}{more}")
    if summary.broken > len(summary.broken_chains):
        row(f"    ... and {summary.broken - len(summary.broken_chains)} more")
    row("hands per second", f"{summary.hands_per_second:,.0f}")
    row("exit status", int(summary.exit_status()))
    return table


def _fail(console: Console, message: str) -> NoReturn:
    console.print(f"audit --archive: {message}", markup=False)
    sys.exit(ExitStatus.FAILED)


def recheck_archive(
    archive: str | None,
    *,
    output: str,
    summary_json: str | None,
    quiet: bool,
    not_with: Mapping[str, bool],
) -> NoReturn:
    """Run the re-audit and exit with its status (``not_with``: what else was given on the
    command line that applies to audits of INPUT files only, by name)."""
    console = Console(stderr=True)
    misused = [name for name, given in not_with.items() if given]
    if misused:
        _fail(console, f"re-audits the archive: give it no {', '.join(misused)}")
    path = _database(archive)
    try:
        db = usecases.open_read_only(path)
    except usecases.ArchiveUnavailable as error:
        _fail(console, str(error))
    summary = RecheckSummary()
    started = time.perf_counter()
    try:
        with ExitStack() as stack:
            stack.enter_context(closing(db.conn))
            out: IO[bytes] = sys.stdout.buffer if output == "-" else stack.enter_context(open(output, "wb"))
            tick = stack.enter_context(
                live(console, quiet, "re-auditing", "%(done)s hands · %(rate)s hands/s")
            )
            for result in recheck(db, OPERATOR_AS_AUDITOR):
                out.write(recheck_line(result) + b"\n")
                summary.add(result)
                tick(summary.hands, summary.hands)
            out.flush()
    except (sqlite3.Error, OSError) as error:
        _fail(console, f"{path}: {error}")
    summary.seconds = time.perf_counter() - started
    if summary_json:
        write_json(summary_json, summary.as_dict())
    if not quiet:
        console.print(recheck_table(summary, path))
    sys.exit(summary.exit_status())
