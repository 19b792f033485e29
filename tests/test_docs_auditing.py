"""docs/auditing.md, replayed: every shell block runs as written.

The blocks run in order in a scratch stand-in for the checkout holding a copy of
``examples/``, with the project's ``hearts-referee`` and ``dask`` on PATH and a
home folder of their own, as an auditor would paste them. What they print is
checked against what the page says they print, and what they write lands in the
home folder's ``hearts-audit/``, never in the checkout.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from hearts_referee import usecases
from hearts_referee.cli.report import counts_table
from hearts_referee.schemas.record import load_record
from hearts_referee.usecases import Role, hands, keys

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "auditing.md"

COLUMNS = "100"
"""The terminal width the summary is drawn for. Rich takes it from ``COLUMNS`` before any
terminal, so the table never depends on the terminal pytest happens to run in."""


def section() -> str:
    return PAGE.read_text(encoding="utf-8")


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", section(), flags=re.S)


def run_block(block: str, desk: Path) -> subprocess.CompletedProcess[str]:
    """One block in bash, as pasted in the checkout (``desk / "checkout"``); whatever it
    leaves running is stopped after it."""
    env = {
        "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
        "FLASK_DATABASE": str(desk / "archive.sqlite"),
        # without one, the app makes a secret key in its instance folder, inside the checkout
        "FLASK_SECRET_KEY": "docs-auditing",
        "HOME": str(desk / "home"),
        "COLUMNS": COLUMNS,
    }
    out, err = desk / ".stdout", desk / ".stderr"
    with out.open("w") as stdout, err.open("w") as stderr:
        # files, not pipes: a server the block leaves in the background keeps a pipe open
        process = subprocess.Popen(
            ["bash", "-c", block],
            cwd=desk / "checkout",
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
        )
        try:
            process.wait(timeout=180)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)  # a scheduler or workers it started
    stdout_text, stderr_text = out.read_text(), err.read_text()
    return subprocess.CompletedProcess(block, process.returncode, stdout_text, stderr_text)


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("auditor")
    shutil.copytree(ROOT / "examples", folder / "checkout" / "examples")
    (folder / "home").mkdir()
    return folder


def written(desk: Path) -> Path:
    """Where the page's commands write: ``~/hearts-audit/``."""
    return desk / "home" / "hearts-audit"


def left_in_the_checkout(desk: Path) -> list[str]:
    """What the blocks wrote in the checkout: anything there but the examples."""
    checkout = desk / "checkout"
    return sorted(str(p.relative_to(checkout)) for p in checkout.rglob("*") if "examples" not in p.parts)


def as_read(text: str) -> list[str | tuple[str, str]]:
    """The summary as a reader reads it: each row of the table as its two cells, the one
    measured figure (hands per second) blanked, and every other line as it is.

    Rich sizes the count column to its widest cell, and the rate is the widest: 761 hands/s
    and 1,204 draw every row and border at another width. So the table is compared by its
    cells, never by its drawing; its borders are left out.
    """
    read: list[str | tuple[str, str]] = []
    for line in text.strip().splitlines():
        line = line.rstrip()
        if line.startswith(("┌", "├", "└")):
            continue
        if line.startswith("│"):
            what, count = (cell.strip() for cell in line.strip("│").split("│"))
            if what == "hands per second":
                assert re.fullmatch(r"\d[\d,]*", count), line
                count = "N"
            read.append((what, count))
        else:
            read.append(line)
    return read


def drawn(rows: list[tuple[str, str]], rate: str) -> str:
    """The summary table as the command draws it (its own ``counts_table``), at another rate."""
    table, row = counts_table("Bulk audit")
    for what, count in rows:
        row(what, rate if what == "hands per second" else count)
    console = Console(file=io.StringIO(), width=int(COLUMNS))
    console.print(table)
    return console.file.getvalue()


def test_the_summary_is_read_by_its_cells_whatever_the_rate():
    """The flake this replaces: a rate of another number of digits drew the table at another
    width, and the page's drawing no longer matched the command's."""
    shown = as_read(blocks("text")[0])
    rows = [line for line in shown if isinstance(line, tuple)]
    assert ("hands per second", "N") in rows and ("rejected", "1") in rows
    widths = set()
    for rate in ("9", "761", "12,345"):
        table = drawn(rows, rate)
        widths.add(len(table.splitlines()[1]))
        assert as_read(table) == ["Bulk audit", *rows], rate
    assert len(widths) == 3  # three drawings, one reading
    assert as_read(drawn([*rows[:-1], ("exit status", "0")], "761")) != ["Bulk audit", *rows]


def test_auditing_a_file_prints_the_summary_the_page_shows(desk: Path) -> None:
    audit_block = blocks("sh")[0]
    done = run_block(audit_block, desk)
    assert "exit status 2" in done.stdout, done.stderr
    assert as_read(done.stderr) == as_read(blocks("text")[0])
    results = (written(desk) / "results.ndjson").read_text().splitlines()
    assert [json.loads(line).get("kind") for line in results] == ["hand", "hand", "hand", None, "game"]
    header = (written(desk) / "hands.csv").read_text().splitlines()[0]
    assert f"`{header}`" in section()
    summary = json.loads((written(desk) / "summary.json").read_text())
    assert (summary["records"], summary["hands"], summary["rejected"]) == (5, 5, 1)


def test_following_the_page_writes_nothing_into_the_checkout(desk: Path) -> None:
    """The failure: the first block wrote ``results.ndjson``, ``hands.csv`` and
    ``summary.json`` where it was pasted, the checkout, untracked and not ignored."""
    assert "~/hearts-audit/" in section()
    run_block(blocks("sh")[0], desk)
    assert left_in_the_checkout(desk) == []
    assert sorted(p.name for p in written(desk).iterdir()) == ["hands.csv", "results.ndjson", "summary.json"]
    for block in blocks("sh"):  # every block that writes a file writes it there
        outputs = re.findall(r"(?:-o|--csv|--summary-json) (\S+)", block)
        assert outputs and all(path.startswith("~/hearts-audit/") for path in outputs), block


def test_the_dask_block_gives_the_local_results_line_for_line(desk: Path) -> None:
    (dask_block,) = [block for block in blocks("sh") if "dask scheduler" in block]
    if not (written(desk) / "results.ndjson").exists():
        run_block(blocks("sh")[0], desk)
    done = run_block(dask_block, desk)
    assert "exit status 2" in done.stdout, done.stderr
    assert (written(desk) / "dask-results.ndjson").read_bytes() == (
        written(desk) / "results.ndjson"
    ).read_bytes()
    assert left_in_the_checkout(desk) == []


def test_re_auditing_the_archive_reports_each_stored_hand_unchanged(desk: Path) -> None:
    (block,) = [block for block in blocks("sh") if "--archive" in block]
    archive_file = desk / "archive.sqlite"
    db = usecases.open_archive(str(archive_file))
    scorer = keys.create_key(db, keys.OPERATOR, "Table 7 scorer", Role.SCORER)[0]
    for line in (desk / "checkout" / "examples" / "day-1.ndjson").read_text().splitlines()[:3]:
        hands.submit_hand(db, scorer, load_record(json.loads(line)))
    db.close()
    done = run_block(block, desk)
    assert "exit status 0" in done.stdout, done.stderr
    lines = [json.loads(line) for line in (written(desk) / "reaudit.ndjson").read_text().splitlines()]
    assert [(r["hand_id"], r["changed"], r["chain"]["ok"]) for r in lines] == [
        (1, False, True),
        (2, False, True),
        (3, False, True),
    ]
    assert json.loads((written(desk) / "reaudit.json").read_text())["hands"] == 3
    assert left_in_the_checkout(desk) == []
