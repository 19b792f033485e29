"""docs/records.md's examples run as written: every ```python block, in order, in one
namespace, from the top of the checkout (where ``examples/`` is), as a reader would paste
them. The blocks assert what they show (a deal derived, why one is needed, a slip reported
at its cause), so a change to those answers fails here."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "records.md"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), flags=re.S | re.M)


def test_every_example_runs_as_written(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {"__name__": "docs_records"}
    assert len(blocks()) >= 4
    for number, block in enumerate(blocks(), start=1):
        code = compile(block, f"docs/records.md, python block {number}", "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)


def test_a_changed_answer_fails_the_example(monkeypatch: pytest.MonkeyPatch):
    """Not vacuous: a block whose assertion no longer holds raises."""
    monkeypatch.chdir(ROOT)
    first = blocks()[0].replace('"N": 26, "E": 8', '"N": 0, "E": 8')
    with pytest.raises(AssertionError):
        exec(compile(first, "changed", "exec"), {})
