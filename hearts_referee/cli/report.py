"""What the bulk commands show an auditor: a live count on a terminal, a table at the end.

``audit`` and ``audit --archive`` share these, so both look and behave alike:
a progress bar only when stderr is a terminal (nothing when piped or with
``--quiet``), a two-column summary table whose cells are never read as rich
markup (a file name like ``day[1].json`` stays as it is), and the summary
as JSON for ``--summary-json``. The words are the caller's, in the language it was asked
for; the numbers a person reads are written as that language writes them
(:func:`number`: ``12,345`` in English, ``12 345`` in Norwegian), never the JSON's.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from babel.numbers import format_decimal
from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from hearts_referee.languages import SOURCE

Tick = Callable[[int, int], None]
"""``tick(done, hands)``: records (or stored hands) done so far, and hands audited."""


def number(value: float, language: str = SOURCE) -> str:
    """A count or a rate as a person reads it in ``language``: whole, its thousands grouped
    (``12,345`` in English; in Norwegian ``12 345``, a non-breaking space)."""
    return str(format_decimal(value, format="#,##0", locale=language))


@contextmanager
def live(
    console: Console,
    quiet: bool,
    doing: str,
    counted: str,
    total: int | None = None,
    position: Callable[[], int] | None = None,
    language: str = SOURCE,
) -> Iterator[Tick]:
    """A live count (``doing``; ``counted``, a sentence with the count done ``%(done)s``
    and the hands per second ``%(rate)s``) on a terminal, its numbers written as
    ``language`` writes them; a no-op tick when stderr is piped or ``--quiet``.

    With a ``total``, the bar fills as ``position()`` (or the count done) goes to it, with
    its percentage and the time left; without one (stdin), it counts and spins."""
    if quiet or not console.is_terminal:
        yield lambda done, hands: None
        return
    columns: list[ProgressColumn] = [SpinnerColumn(), TextColumn(doing), BarColumn(bar_width=None)]
    if total is not None:
        columns.append(TaskProgressColumn())
    columns += [TextColumn("{task.fields[said]}", markup=False), TimeElapsedColumn()]
    if total is not None:
        columns.append(TimeRemainingColumn())
    progress = Progress(*columns, console=console, transient=True)
    started = time.perf_counter()
    with progress:
        task = progress.add_task(
            doing, total=total, said=counted % {"done": number(0, language), "rate": "-"}
        )

        def tick(done: int, hands: int) -> None:
            elapsed = time.perf_counter() - started
            rate = number(hands / elapsed, language) if elapsed > 0 else "-"
            completed = position() if position is not None else done
            said = counted % {"done": number(done, language), "rate": rate}
            progress.update(task, completed=completed, said=said)

        yield tick


def counts_table(title: str, language: str = SOURCE) -> tuple[Table, Callable[..., None]]:
    """A summary table and its ``row(what, count="")``: plain text cells, counts on the right,
    a number written as ``language`` writes it (a text, such as an exit status, as it is)."""
    table = Table(title=title, show_header=False, title_justify="left")
    table.add_column("what")
    table.add_column("count", justify="right")

    def row(what: str, count: object = "") -> None:
        shown = number(count, language) if isinstance(count, (int, float)) else str(count)
        table.add_row(Text(what), Text(shown))

    return table, row


def write_json(path: str, data: Any) -> None:
    """``--summary-json``: the summary, indented, for scripts."""
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2)
        handle.write("\n")
