"""What the bulk commands show an auditor: a live count on a terminal, a table at the end.

``audit`` and ``audit --archive`` share these, so both look and behave alike:
a progress bar only when stderr is a terminal (nothing when piped or with
``--quiet``), a two-column summary table whose cells are never read as rich
markup (a file name like ``day[1].json`` stays as it is), and the summary
as JSON for ``--summary-json``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

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

Tick = Callable[[int, int], None]
"""``tick(done, hands)``: records (or stored hands) done so far, and hands audited."""


@contextmanager
def live(
    console: Console,
    quiet: bool,
    doing: str,
    unit: str,
    total: int | None = None,
    position: Callable[[], int] | None = None,
) -> Iterator[Tick]:
    """A live count (``doing``, ``unit`` done, hands per second) on a terminal; a no-op
    tick when stderr is piped or ``--quiet``.

    With a ``total``, the bar fills as ``position()`` (or the count done) goes to it, with
    its percentage and the time left; without one (stdin), it counts and spins."""
    if quiet or not console.is_terminal:
        yield lambda done, hands: None
        return
    columns: list[ProgressColumn] = [SpinnerColumn(), TextColumn(doing), BarColumn(bar_width=None)]
    if total is not None:
        columns.append(TaskProgressColumn())
    columns += [
        TextColumn("{task.fields[done]:,} " + unit + " · {task.fields[rate]} hands/s"),
        TimeElapsedColumn(),
    ]
    if total is not None:
        columns.append(TimeRemainingColumn())
    progress = Progress(*columns, console=console, transient=True)
    started = time.perf_counter()
    with progress:
        task = progress.add_task(doing, total=total, rate="-", done=0)

        def tick(done: int, hands: int) -> None:
            elapsed = time.perf_counter() - started
            rate = f"{hands / elapsed:,.0f}" if elapsed > 0 else "-"
            completed = position() if position is not None else done
            progress.update(task, completed=completed, rate=rate, done=done)

        yield tick


def counts_table(title: str) -> tuple[Table, Callable[..., None]]:
    """A summary table and its ``row(what, count="")``: plain text cells, counts on the right."""
    table = Table(title=title, show_header=False, title_justify="left")
    table.add_column("what")
    table.add_column("count", justify="right")

    def row(what: str, count: object = "") -> None:
        table.add_row(Text(what), Text(str(count)))

    return table, row


def write_json(path: str, data: Any) -> None:
    """``--summary-json``: the summary, indented, for scripts."""
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2)
        handle.write("\n")
