"""docs/notation.md's examples, as the page promises: every ```hrn block reads with no
diagnostic, is written back to exactly itself and gets the referee's answer; every ```python
block runs as written, in order, in one namespace, from the top of the checkout; and every
diagnostic code has its section there."""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest
from test_docs_links import anchors

from hearts_referee import validate_hand
from hearts_referee.schemas import hrn

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "notation.md"


def blocks(language: str) -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)


@pytest.mark.parametrize("number", range(len(blocks("hrn"))))
def test_every_hrn_example_reads_clean_writes_back_to_itself_and_is_refereed(number: int):
    text = blocks("hrn")[number]
    reading = hrn.read(text)
    assert reading.diagnostics == []
    assert all(hand.complete for hand in reading.hands)
    assert hrn.write_hands([(hand.record, hand.tags) for hand in reading.hands]) == text
    for record in reading.records:
        assert validate_hand(record)["hand_number"] == record["hand_number"]


def test_the_page_shows_a_hand_a_claim_a_long_john_hand_and_a_file_of_two_hands():
    records = [hrn.read(text).records for text in blocks("hrn")]
    assert [len(hands) for hands in records] == [1, 1, 1, 2]
    assert records[1][0]["play"][-1]["claims"] == {"what": "points", "points": 0, "order": ["4H", "6H", "7H"]}
    assert records[2][0]["variant"] == "long-john"
    assert "points" in records[3][1] and "deal" not in records[3][1]


def test_every_python_example_runs_as_written(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {"__name__": "docs_notation"}
    assert len(blocks("python")) >= 3
    for number, block in enumerate(blocks("python"), start=1):
        code = compile(block, f"docs/notation.md, python block {number}", "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)


def test_a_changed_answer_fails_the_example(monkeypatch: pytest.MonkeyPatch):
    """Not vacuous: a block whose assertion no longer holds raises."""
    monkeypatch.chdir(ROOT)
    changed = blocks("python")[1].replace("(5, 13, ", "(5, 12, ")
    with pytest.raises(AssertionError):
        exec(compile(changed, "changed", "exec"), {})


def test_every_diagnostic_code_has_a_section_on_the_page():
    missing = [code for code in hrn.NOTATION_CODES if code not in anchors(PAGE)]
    assert missing == [], "docs/notation.md needs a section for each: " + " ".join(
        f"#### `{c}`" for c in missing
    )


def test_every_code_the_reader_says_is_registered():
    source = (ROOT / "hearts_referee" / "schemas" / "hrn" / "reader.py").read_text(encoding="utf-8")
    said = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "say" and len(node.args) >= 3:
            code = node.args[2]
            if isinstance(code, ast.Constant):
                said.add(code.value)
    assert said and said == set(hrn.NOTATION_CODES)
