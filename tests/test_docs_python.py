"""docs/python.md's examples run as written: every ```python block, in order, in one namespace,
from the top of the checkout (where ``examples/`` is), as a reader would paste them.

The blocks assert what they show, so a change to ``hearts_referee``'s answers, names or
errors fails here. Every name the package exports is on the page.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

import hearts_referee

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "python.md"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), flags=re.S | re.M)


def test_the_page_has_its_examples():
    assert len(blocks()) >= 8


def test_every_example_runs_as_written(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {"__name__": "docs_python"}
    printed = io.StringIO()
    for number, block in enumerate(blocks(), start=1):
        code = compile(block, f"docs/python.md, python block {number}", "exec")
        with contextlib.redirect_stdout(printed):
            exec(code, namespace)
    assert "N played 8♠ to trick 3 while holding hearts" in printed.getvalue()


def test_every_exported_name_is_documented():
    text = PAGE.read_text(encoding="utf-8")
    for exported in hearts_referee.__all__:
        assert f"`{exported}" in text, exported


def test_a_failing_example_fails_the_test(monkeypatch: pytest.MonkeyPatch):
    """Not vacuous: a block whose assertion no longer holds raises, as a changed API would."""
    monkeypatch.chdir(ROOT)
    first = blocks()[0].replace('"N": 26, "E": 8', '"N": 0, "E": 8')
    with pytest.raises(AssertionError), contextlib.redirect_stdout(io.StringIO()):
        exec(compile(first, "changed", "exec"), {})
