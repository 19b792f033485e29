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
stops early, 3 could not run. ``--language nb`` writes the progress bar, the summary and the
lines' messages in Norwegian (codes, the lines' data and the JSON summary unchanged).
"""

from __future__ import annotations

import sqlite3
import sys
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack, closing
from typing import IO, NoReturn

import click
from flask import current_app
from flask.cli import ScriptInfo
from rich.console import Console
from rich.table import Table

from hearts_referee import usecases
from hearts_referee.batch.recheck import RecheckSummary, Unreadable, recheck_line
from hearts_referee.batch.summary import ExitStatus
from hearts_referee.languages import SOURCE, translator
from hearts_referee.referee.errorcodes import shown_pointer
from hearts_referee.referee.translator import Translator, translated
from hearts_referee.usecases.keys import OPERATOR_AS_AUDITOR
from hearts_referee.usecases.recheck import recheck

from .report import counts_table, live, number, write_json


def _database(archive: str | None) -> str:
    """The archive named, or with none (``--archive`` alone) the app's ``DATABASE``."""
    if archive is not None:
        return archive
    if current_app:
        return str(current_app.config["DATABASE"])
    app = click.get_current_context().ensure_object(ScriptInfo).load_app()
    return str(app.config["DATABASE"])


def recheck_table(summary: RecheckSummary, where: str, language: str = SOURCE) -> Table:
    """The summary as the auditor reads it at the end of a re-audit, its words and numbers in
    ``language`` (each label in the context "audit summary", as the bulk audit's); a hand's id,
    a log entry's number and a code as they are."""
    t = translator(language)
    table, row = counts_table(
        t.pgettext("audit summary", "Archive re-audit: %(archive)s") % {"archive": where}, language
    )
    row(t.pgettext("audit summary", "hands re-audited"), summary.hands)
    for engine, count in sorted(summary.engines.items()):
        row("  " + t.pgettext("audit summary", "audited by engine %(engine)s") % {"engine": engine}, count)
    row("  " + t.pgettext("audit summary", "unchanged"), summary.unchanged)
    row("  " + t.pgettext("audit summary", "would change"), summary.changed)
    row("    " + t.pgettext("audit summary", "score"), summary.changed_score)
    row("    " + t.pgettext("audit summary", "rulings"), summary.changed_rulings)
    row("  " + t.pgettext("audit summary", "no longer readable"), summary.unreadable)
    for hand in summary.unreadables:
        row("    " + _listed(hand, t, language))
    _rest(row, summary.unreadable, len(summary.unreadables), t, language)
    row("  " + t.pgettext("audit summary", "game hands with play incomplete"), summary.incomplete)
    for hand in summary.incompletes:
        row("    " + _listed(hand, t, language))
    _rest(row, summary.incomplete, len(summary.incompletes), t, language)
    row(t.pgettext("audit summary", "broken hash chains"), summary.broken)
    for broken in summary.broken_chains:
        said = {"hand": broken.hand_id, "entry": broken.first_broken, "code": broken.code}
        if broken.count > 1:
            said["more"] = number(broken.count - 1, language)
            row("    " + t.gettext("hand %(hand)s, from entry %(entry)s: %(code)s (+%(more)s more)") % said)
        else:
            row("    " + t.gettext("hand %(hand)s, from entry %(entry)s: %(code)s") % said)
    _rest(row, summary.broken, len(summary.broken_chains), t, language)
    row(t.pgettext("audit summary", "hands per second"), round(summary.hands_per_second))
    row(t.pgettext("audit summary", "exit status"), str(int(summary.exit_status())))  # a code: never grouped
    return table


def _listed(hand: Unreadable, t: Translator, language: str) -> str:
    """A hand the summary lists by its id, with its first problem (in ``t``'s language)."""
    said = {
        "hand": hand.hand_id,
        "pointer": shown_pointer(hand.problem.pointer),
        "message": translated(hand.problem.message, t),
        "more": number(hand.count - 1, language),
    }
    if hand.count > 1:
        return t.gettext("hand %(hand)s %(pointer)s: %(message)s (+%(more)s more)") % said
    return t.gettext("hand %(hand)s %(pointer)s: %(message)s") % said


def _rest(row: Callable[..., None], counted: int, listed: int, t: Translator, language: str) -> None:
    """The row for the hands counted but not listed by id, if any."""
    if counted > listed:
        row("    " + t.gettext("... and %(count)s more") % {"count": number(counted - listed, language)})


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
    language: str = SOURCE,
) -> NoReturn:
    """Run the re-audit and exit with its status (``not_with``: what else was given on the
    command line that applies to audits of INPUT files only, by name), its words in
    ``language``."""
    console = Console(stderr=True)
    t = translator(language)
    misused = [name for name, given in not_with.items() if given]
    if misused:
        _fail(
            console,
            t.gettext("re-audits the archive: give it no %(options)s") % {"options": ", ".join(misused)},
        )
    path = _database(archive)
    try:
        db = usecases.open_read_only(path)
    except usecases.ArchiveUnavailable as error:
        _fail(console, f"{error.file}: {translated(error.reason, t)}")
    summary = RecheckSummary()
    started = time.perf_counter()
    try:
        with ExitStack() as stack:
            stack.enter_context(closing(db.conn))
            out: IO[bytes] = sys.stdout.buffer if output == "-" else stack.enter_context(open(output, "wb"))
            counted = t.gettext("%(done)s hands · %(rate)s hands/s")
            bar = live(console, quiet, t.gettext("re-auditing"), counted, language=language)
            tick = stack.enter_context(bar)
            for result in recheck(db, OPERATOR_AS_AUDITOR):
                out.write(recheck_line(result, language) + b"\n")
                summary.add(result)
                tick(summary.hands, summary.hands)
            out.flush()
    except (sqlite3.Error, OSError) as error:
        _fail(console, f"{path}: {error}")
    summary.seconds = time.perf_counter() - started
    if summary_json:
        write_json(summary_json, summary.as_dict())
    if not quiet:
        console.print(recheck_table(summary, path, language))
    sys.exit(summary.exit_status())
