"""The bulk audit reads HRN files (docs/notation.md) as it reads NDJSON: each hand of a
``.hrn`` file is a record, audited as the same record sent as JSON, located by the line
it starts on, and its result line says what the notation's reader said of it, each
diagnostic at its line and column. A hand the reader left something out of is refused,
never audited as if whole, and the run goes on at the next hand.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from test_bulk import result_lines

from hearts_referee import read_notation, write_notation
from hearts_referee.app import create_app
from hearts_referee.batch import run
from hearts_referee.batch.inputs import records
from hearts_referee.batch.lines import audit_chunk
from hearts_referee.validate import validate_hand
from playout import build_hand

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text(encoding="utf-8"))


@pytest.fixture()
def cli(tmp_path: Path) -> Any:
    """``cli(*args)``: the ``audit`` command, run in-process."""
    runner = create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.db")}).test_cli_runner()
    return lambda *args: runner.invoke(args=["audit", *args])


def game_hands() -> list[dict[str, Any]]:
    """Three hands of one mso-2000 game, read back in the notation's own order."""
    hands = [build_hand(random.Random(number), "mso-2000", number) for number in (1, 2, 3)]
    return [read_notation(write_notation(hand))[0][0] for hand in hands]


def starts(text: str) -> list[int]:
    """The line (from 1) each hand of a canonical text starts on."""
    lines = text.split("\n")
    return [
        n for n, line in enumerate(lines, start=1) if line.startswith("[") and (n == 1 or not lines[n - 2])
    ]


def test_an_hrn_file_of_a_game_is_a_record_a_hand_each_audited_as_its_json(cli: Any, tmp_path: Path) -> None:
    hands = game_hands()
    path = tmp_path / "table-4.hrn"
    text = write_notation(hands)
    path.write_text(text, encoding="utf-8")
    lines = result_lines(cli(str(path), "-q").stdout)
    assert [(line["source"], line["line"], line["kind"]) for line in lines] == [
        (str(path), start, "hand") for start in starts(text)
    ]
    assert [line["audit"] for line in lines] == [validate_hand(hand) for hand in hands]
    assert all("diagnostics" not in line for line in lines)


def test_a_folder_audit_reads_hrn_files_beside_ndjson(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "a.ndjson").write_text(json.dumps(REVOKE) + "\n")
    (tmp_path / "b.hrn").write_text(write_notation(REVOKE))
    lines = result_lines(cli(str(tmp_path), "-q").stdout)
    assert [line["source"] for line in lines] == [str(tmp_path / "a.ndjson"), str(tmp_path / "b.hrn")]
    assert lines[0]["audit"] == lines[1]["audit"]


def test_a_hand_typed_loosely_is_audited_with_its_warnings_on_its_line(cli: Any, tmp_path: Path) -> None:
    text = write_notation(REVOKE).replace("W QH 8S TH 3H", "W QH 8S 10h 3H")
    path = tmp_path / "typed.hrn"
    path.write_text(text)
    (line,) = result_lines(cli(str(path), "-q").stdout)
    assert line["audit"] == validate_hand(REVOKE)
    assert line["diagnostics"] == [
        {
            "line": 16,
            "column": 9,
            "code": "card_spelling",
            "message": "'10h' reads as TH",
            "hint": "write TH",
            "hand": 0,
            "severity": "warning",
        }
    ]


def test_a_hand_typed_loosely_has_its_warnings_told_in_the_audits_language(cli: Any, tmp_path: Path) -> None:
    """The reader's notes on a line are words for a person: told in ``--language``, at the same
    place with the same code."""
    path = tmp_path / "typed.hrn"
    path.write_text(write_notation(REVOKE).replace("W QH 8S TH 3H", "W QH 8S 10h 3H"))
    (english,) = result_lines(cli(str(path), "-q").stdout)
    (norsk,) = result_lines(cli(str(path), "-q", "--language", "nb").stdout)
    (said,), (told,) = english["diagnostics"], norsk["diagnostics"]
    assert {k: told[k] for k in ("line", "column", "code", "severity")} == {
        k: said[k] for k in ("line", "column", "code", "severity")
    }
    assert told["message"] != said["message"] and "TH" in told["message"]
    assert told["hint"] != said["hint"] and "TH" in told["hint"]


def test_a_mistyped_card_rejects_its_hand_at_its_line_and_column_and_the_next_hand_is_audited(
    cli: Any, tmp_path: Path
) -> None:
    hands = game_hands()
    text = write_notation(hands)
    second = text.split("\n\n")[1].split("\n")
    trick = next(line for line in second if line.count(" ") == 4 and ">" not in line)
    card = trick.split(" ")[2]
    damaged = text.replace(trick, trick.replace(f" {card} ", " XX ", 1), 1)
    row = damaged.split("\n").index(trick.replace(f" {card} ", " XX ", 1)) + 1
    path = tmp_path / "damaged.hrn"
    path.write_text(damaged)
    result = cli(str(path), "-q")
    assert result.exit_code == 2
    first, refused, third = result_lines(result.stdout)
    assert first["audit"] == validate_hand(hands[0]) and third["audit"] == validate_hand(hands[2])
    assert "kind" not in refused and refused["line"] == starts(text)[1]
    assert refused["problems"][0] == {
        "pointer": "",
        "code": "unknown_card",
        "message": "'XX' is not a card; it is left out",
        "line": row,
        "column": trick.index(f" {card} ") + 2,
    }
    assert len(refused["problems"]) > 1, "the referee's problems with what could be read follow"
    assert all(problem["line"] >= row for problem in refused["problems"][1:])
    assert [d["code"] for d in refused["diagnostics"]] == ["unknown_card"]


def test_an_hrn_file_that_is_not_utf8_is_one_rejected_record_at_its_first_bad_byte(
    cli: Any, tmp_path: Path
) -> None:
    path = tmp_path / "latin1.hrn"
    path.write_bytes(write_notation(REVOKE).encode().replace(b"[Hand 2]", b"[Hand 2] ; \xe9"))
    (line,) = result_lines(cli(str(path), "-q").stdout)
    assert [(p["code"], p["line"], p["column"]) for p in line["problems"]] == [("not_utf8", 4, 12)]


def test_hands_read_from_hrn_cross_to_a_worker_and_back_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "game.hrn"
    path.write_text(write_notation(game_hands() * 3).replace("TH", "th"))
    chunk = list(records([str(path)]))
    assert pickle.loads(pickle.dumps(chunk)) == chunk
    outcomes = audit_chunk(chunk)
    assert pickle.loads(pickle.dumps(outcomes)) == outcomes
    two = [o.line for o in run.local(records([str(path)]), jobs=2, chunk=2)]
    assert two == [o.line for o in outcomes]
