"""docs/python.md's examples run as written: every ```python block, in order, in one namespace,
from the top of the checkout (where ``examples/`` is), as a reader would paste them.

The blocks assert what they show, so a change to ``hearts_referee``'s answers, names or
errors fails here. Every name the package exports is on the page.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

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


PLAIN = (dict, list, str, int, bool, type(None))
"""What docs/python.md promises a result is made of, each exactly (no subclass)."""


def not_plain(value: Any, at: str = "") -> list[tuple[str, str]]:
    """Where ``value`` holds something other than plain data, and what: ``(pointer, type)``."""
    found = [] if type(value) in PLAIN else [(at, type(value).__name__)]
    if isinstance(value, dict):
        for key, item in value.items():
            found += [] if type(key) is str else [(f"{at}/{key}", f"key {type(key).__name__}")]
            found += not_plain(item, f"{at}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += not_plain(item, f"{at}/{index}")
    return found


def test_every_result_of_every_example_is_plain_data_yaml_and_json_take(monkeypatch: pytest.MonkeyPatch):
    """The failure: a ruling's ``code`` and ``status`` (and a moon's ``option`` and
    ``chosen_by``) came back as ``StrEnum`` members, which ``yaml.safe_dump`` refuses.
    Every result the page's examples get from the package is recorded and checked."""
    monkeypatch.chdir(ROOT)
    results: list[tuple[str, Any]] = []

    def recording(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(call)
        def recorded(*args: Any, **kwargs: Any) -> Any:
            answer = call(*args, **kwargs)
            results.append((name, json.loads(answer) if isinstance(answer, bytes) else answer))
            return answer

        return recorded

    for name in ("validate_hand", "validate_game", "validate_hand_json"):
        monkeypatch.setattr(hearts_referee, name, recording(name, getattr(hearts_referee, name)))
    namespace: dict[str, object] = {"__name__": "docs_python"}
    with contextlib.redirect_stdout(io.StringIO()):
        for number, block in enumerate(blocks(), start=1):
            exec(compile(block, f"docs/python.md, python block {number}", "exec"), namespace)
    assert {name for name, _ in results} == {"validate_hand", "validate_game", "validate_hand_json"}
    rulings = [r for name, result in results if name == "validate_hand" for r in result["rulings"]]
    assert rulings and all(type(r["code"]) is str and type(r["status"]) is str for r in rulings)
    moons = [
        h["result"]["moon"] for _, result in results for h in result.get("hands", []) if h["result"]["moon"]
    ]
    assert moons and all(type(m["option"]) is str and type(m["chosen_by"]) is str for m in moons)
    for name, result in results:
        assert not_plain(result) == [], name
        assert yaml.safe_load(yaml.safe_dump(result)) == json.loads(json.dumps(result)) == result


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
