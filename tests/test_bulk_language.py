"""A bulk audit in the auditor's language (issue 40, item 2: "the bulk audit's summary and
progress text"; item 3: `--language nb`): the explanations, the progress bar and the summary's
words and numbers in Norwegian, the codes, the data and the JSON summary the same as in English.
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from games import SEATS
from rich.console import Console
from test_api_audits import ndjson, post, results
from test_bulk import mixed_lines, result_lines
from test_reaudit import REVOKE, ROOT, invoke, run, store_as_read_by
from test_reaudit import path as path  # the archive under re-audit: three hands, as stored now

from hearts_referee import archive, usecases
from hearts_referee.app import create_app
from hearts_referee.batch import run as batch_run
from hearts_referee.batch.inputs import records
from hearts_referee.batch.recheck import RecheckSummary, Unreadable
from hearts_referee.batch.summary import ExitStatus, Reject, Summary
from hearts_referee.cli import recheck as recheck_cli
from hearts_referee.cli.batch import reject_lines, summary_table
from hearts_referee.cli.recheck import recheck_table
from hearts_referee.cli.report import live, number
from hearts_referee.languages import translator
from hearts_referee.referee.reader import read_record
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import translated
from hearts_referee.schemas.record import load_record
from hearts_referee.usecases import hands

NBSP = "\xa0"


@pytest.fixture
def audit(tmp_path: Path) -> Any:
    """``audit(*args)``: the ``audit`` command of an app of its own, as a shell runs it."""
    runner = create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.db")}).test_cli_runner()
    return lambda *args: runner.invoke(args=["audit", *args])


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """test_bulk's file: a clean hand, a revoke, a blank line, two refused records and a game."""
    path = tmp_path / "mixed.ndjson"
    path.write_text("\n".join(mixed_lines()) + "\n")
    return path


def rendered(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def _revoke_explanation(lines: list[dict[str, Any]]) -> str:
    revoke = next(r for r in lines[1]["audit"]["rulings"] if r["code"] == "revoke")
    return str(revoke["explanation"])


def test_audit_in_norwegian_explains_and_sums_up_in_norwegian_with_the_same_codes(
    audit: Any, mixed: Path, tmp_path: Path
) -> None:
    english = audit(str(mixed), "--jobs", "1", "--summary-json", str(tmp_path / "en.json"))
    norsk = audit(str(mixed), "--jobs", "1", "--summary-json", str(tmp_path / "nb.json"), "--language", "nb")
    assert english.exit_code == norsk.exit_code == 2
    en, nb = result_lines(english.stdout), result_lines(norsk.stdout)
    assert _revoke_explanation(en).startswith("N played 8♠ to trick 3 while holding hearts")
    assert _revoke_explanation(nb).startswith("N spilte 8♠ til stikk 3 med hjerter (♥) på hånden")
    codes = [[(r["code"], r["status"]) for r in line.get("audit", {}).get("rulings", [])] for line in en]
    assert codes == [
        [(r["code"], r["status"]) for r in line.get("audit", {}).get("rulings", [])] for line in nb
    ]
    assert [line.get("audit", {}).get("score") for line in en] == [
        line.get("audit", {}).get("score") for line in nb
    ]
    said = {name: json.loads((tmp_path / name).read_text()) for name in ("en.json", "nb.json")}
    for summary in said.values():
        summary.pop("seconds"), summary.pop("hands_per_second")
    assert said["en.json"] == said["nb.json"]  # the JSON summary is data: the same in any language
    table = norsk.stderr
    for words in ("Massekontroll", "oppføringer lest", "hender kontrollert", "med kjennelser", "kjennelser"):
        assert words in table, words
    assert "revoke (applied)" in table and "score_mismatch (referred)" in table  # codes stay codes
    assert "Avviste oppføringer (det første problemet i hver):" in table
    assert "records read" not in table and "Bulk audit" not in table


def test_the_english_summary_reads_as_it_always_did(audit: Any, mixed: Path) -> None:
    table = audit(str(mixed), "--jobs", "1").stderr
    for words in (
        "Bulk audit",
        "records read",
        "  whole games",
        "hands audited",
        "hands per second",
        "exit status",
    ):
        assert words in table, words
    assert "Rejected records (first problem of each):" in table


def test_the_summarys_numbers_are_written_as_the_language_writes_them() -> None:
    summary = Summary(records=12345, hands=1234567, clean=1234567, seconds=1000.0)
    summary.rulings.update({("revoke", "applied"): 2500})
    norsk = rendered(summary_table(summary, "nb"))
    assert f"12{NBSP}345" in norsk and f"1{NBSP}234{NBSP}567" in norsk and f"2{NBSP}500" in norsk
    assert f"1{NBSP}235" in norsk  # hands per second, whole
    english = rendered(summary_table(summary, "en"))
    assert "12,345" in english and "1,234,567" in english and "1,235" in english
    assert (number(1234.5, "nb"), number(0, "nb"), number(1234.5, "en")) == (f"1{NBSP}234", "0", "1,234")


def test_the_rejected_records_are_listed_in_norwegian_with_their_problems_as_they_were() -> None:
    problem = Problem("/deal/E/0", "duplicate_card", "9D is dealt twice")
    summary = Summary(
        rejected=3, rejects=[Reject("day.ndjson:4", problem, 2), Reject("day.ndjson:9", problem, 1)]
    )
    assert reject_lines(summary, "nb") == [
        "Avviste oppføringer (det første problemet i hver):",
        "  day.ndjson:4 /deal/E/0: 9D is dealt twice (+1 til)",
        "  day.ndjson:9 /deal/E/0: 9D is dealt twice",
        "  ... og 1 til",
    ]
    assert reject_lines(summary) == [
        "Rejected records (first problem of each):",
        "  day.ndjson:4 /deal/E/0: 9D is dealt twice (+1 more)",
        "  day.ndjson:9 /deal/E/0: 9D is dealt twice",
        "  ... and 1 more",
    ]


def test_the_progress_bar_counts_in_norwegian() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=120, color_system=None)
    with live(
        console, False, "kontrollerer", "oppføringer: %(done)s · hender/s: %(rate)s", language="nb"
    ) as tick:
        tick(12345, 12345)
    assert f"oppføringer: 12{NBSP}345" in out.getvalue()


@pytest.mark.parametrize("asked", ["de", "xx-YY", ""])
def test_an_unknown_language_is_a_clear_error_naming_the_spoken_ones(
    audit: Any, mixed: Path, asked: str
) -> None:
    result = audit(str(mixed), "--language", asked)
    assert result.exit_code == 3  # could not run, not "rejected records"
    assert f"{asked!r} is not a language spoken here; choose one of en, nb" in result.stderr
    assert result.stdout == ""  # nothing audited


@pytest.mark.parametrize("asked", ["no", "nb-NO", "NB"])
def test_a_norwegian_tag_reads_bokmal(audit: Any, mixed: Path, asked: str) -> None:
    assert "Massekontroll" in audit(str(mixed), "--jobs", "1", "--language", asked).stderr


# --- audit --archive: the re-audit of the archive ------------------------------------------


def _with_a_changed_and_an_impossible_hand(file: Path) -> None:
    """test_reaudit's archive, with the revoke as engine 0.0.9 scored it (N's 0: a hand the
    engine now would change) and a record the engine finds impossible (8♠ dealt twice)."""
    store_as_read_by(file, "0.0.9", score={**hands.audit_record(load_record(REVOKE)).score, "N": 0})
    data = {**REVOKE, "deal": {**REVOKE["deal"], "E": ["8S", *REVOKE["deal"]["E"][1:]]}}
    db = usecases.open_archive(file)
    audit = dataclasses.replace(hands.audit_record(load_record(REVOKE)), engine_version="0.0.9")
    archive.store_hand(db, "impossible", read_record(data), audit, signers=frozenset(SEATS), by=None)
    db.close()


def test_the_archive_re_audit_in_norwegian_sums_up_in_norwegian_with_the_same_data(
    path: Path, tmp_path: Path
) -> None:
    _with_a_changed_and_an_impossible_hand(path)
    said = {}
    for language in ("en", "nb"):
        out, summary = tmp_path / f"{language}.ndjson", tmp_path / f"{language}.json"
        args = [
            "--archive",
            str(path),
            "-o",
            str(out),
            "--summary-json",
            str(summary),
            "--language",
            language,
        ]
        said[language] = invoke(path, *args)
    assert said["en"].exit_code == said["nb"].exit_code == ExitStatus.REJECTED
    en, nb = (
        [json.loads(line) for line in (tmp_path / f"{lang}.ndjson").read_text().splitlines()]
        for lang in ("en", "nb")
    )
    changed, impossible = en[-2], en[-1]
    assert changed["score"] == {"N": [0, 26]} and changed["changed"] is True
    # a line's data is the same in every language; its problems' messages are told in Norwegian
    assert [{**line, "problems": []} for line in en] == [{**line, "problems": []} for line in nb]
    assert [(p["pointer"], p["code"]) for p in impossible["problems"]] == [
        (p["pointer"], p["code"]) for p in nb[-1]["problems"]
    ]
    english = impossible["problems"][0]["message"]
    norsk = nb[-1]["problems"][0]["message"]
    assert english != norsk and norsk == translated(_first_problem_of(path), translator("nb"))
    # the JSON summary is data: the same in any language, its messages English
    summaries = {lang: json.loads((tmp_path / f"{lang}.json").read_text()) for lang in ("en", "nb")}
    for summary in summaries.values():
        summary.pop("seconds"), summary.pop("hands_per_second")
    assert summaries["en"] == summaries["nb"]
    assert summaries["nb"]["unreadable_hands"][0]["message"] == english
    table = said["nb"].stderr
    for words in (
        "Ny kontroll av arkivet:",
        "hender kontrollert på nytt",
        "kontrollert av motor 0.0.9",
        "uendret",
        "ville bli endret",
        "poengsum",
        "kan ikke lenger leses",
        "hender i partier med ufullstendig spill",
        "brutte hashkjeder",
        "hender per sekund",
        "avslutningsstatus",
        f"hånd {impossible['hand_id']} /deal/",
    ):
        assert words in table, words
    for words in ("Archive re-audit", "hands re-audited", "would change", "no longer readable", "unchanged"):
        assert words not in table, words
    assert "would change" in said["en"].stderr and "hands re-audited" in said["en"].stderr


def _first_problem_of(file: Path) -> str:
    """The impossible hand's first problem as the engine says it (a ``Said``)."""
    results, _ = run(file)
    return results[-1].problems[0].message


def test_the_archive_re_audits_numbers_are_written_as_the_language_writes_them() -> None:
    summary = RecheckSummary(hands=12345, unchanged=10000, changed=2345, changed_score=2345, seconds=5.0)
    summary.engines.update({"0.0.9": 2345, "0.2.0": 10000})
    problem = Problem("/deal/E/0", "duplicate_card", "8S is dealt twice")
    summary.unreadable, summary.unreadables = 1500, [Unreadable(7, problem, 1001)]
    norsk = rendered(recheck_table(summary, "archive.sqlite", "nb"))
    for shown in (f"12{NBSP}345", f"10{NBSP}000", f"2{NBSP}345", f"1{NBSP}500", f"2{NBSP}469"):
        assert shown in norsk, shown  # counts, and hands per second whole
    assert f"hånd 7 /deal/E/0: 8S is dealt twice (+1{NBSP}000 til)" in norsk  # an id is not a count
    assert f"... og 1{NBSP}499 til" in norsk
    english = rendered(recheck_table(summary, "archive.sqlite"))
    assert "12,345" in english and "hand 7 /deal/E/0: 8S is dealt twice (+1,000 more)" in english
    assert "... and 1,499 more" in english


def test_the_archive_re_audits_failures_are_told_in_norwegian(path: Path) -> None:
    missing = invoke(path, "--archive", str(path.with_name("nowhere.sqlite")), "--language", "nb")
    assert missing.exit_code == ExitStatus.FAILED
    assert "nowhere.sqlite: arkivfilen finnes ikke" in missing.stderr.replace("\n", "")
    misused = invoke(
        path, "--archive", str(path), str(ROOT / "examples" / "mso-revoke.json"), "--language", "nb"
    )
    assert misused.exit_code == ExitStatus.FAILED
    assert "kontrollerer arkivet på nytt: oppgi ikke INPUT" in misused.stderr.replace("\n", " ")


def test_the_archive_re_audits_progress_bar_counts_in_norwegian(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = io.StringIO()
    terminal = Console(file=out, force_terminal=True, width=120, color_system=None)
    monkeypatch.setattr(recheck_cli, "Console", lambda stderr: terminal)
    with pytest.raises(SystemExit):
        recheck_cli.recheck_archive(
            str(path),
            output=str(tmp_path / "out.ndjson"),
            summary_json=None,
            quiet=False,
            not_with={},
            language="nb",
        )
    assert "kontrollerer på nytt" in out.getvalue() and "hender: 3" in out.getvalue()


@pytest.mark.parametrize("asked", ["de", "xx-YY"])
def test_the_archive_re_audit_refuses_a_language_not_spoken_naming_the_spoken_ones(
    path: Path, asked: str
) -> None:
    result = invoke(path, "--archive", str(path), "--language", asked)
    assert result.exit_code == ExitStatus.FAILED
    assert f"{asked!r} is not a language spoken here; choose one of en, nb" in result.stderr
    assert result.stdout == ""  # nothing re-audited


def test_worker_processes_explain_in_the_language_asked(mixed: Path) -> None:
    one = [o.line for o in batch_run.local(records([str(mixed)]), jobs=1, language="nb")]
    two = [o.line for o in batch_run.local(records([str(mixed)]), jobs=2, chunk=2, language="nb")]
    assert one == two
    assert "spilte 8♠ til stikk 3" in one[1].decode()


# --- POST /v1/audits ----------------------------------------------------------------------


@pytest.fixture
def client(app):
    """The endpoint opened by the operator (no key needed), as test_api_audits opens it."""
    app.config["AUDITS_REQUIRE_KEY"] = False
    return app.test_client()


def test_post_audits_follows_accept_language_with_the_same_codes_and_numbers(client) -> None:
    body = ndjson(REVOKE, "not json")
    english = post(client, body)
    norsk = post(client, body, headers={"Accept-Language": "nb-NO,nb;q=0.9,no;q=0.8"})
    assert english.headers["Content-Language"] == "en" and norsk.headers["Content-Language"] == "nb"
    assert "Accept-Language" in norsk.headers["Vary"]
    en, nb = results(english), results(norsk)
    assert nb[0]["audit"]["rulings"][0]["explanation"].startswith("N spilte 8♠ til stikk 3")
    assert [(r["code"], r["status"], r["rule"]) for r in nb[0]["audit"]["rulings"]] == [
        (r["code"], r["status"], r["rule"]) for r in en[0]["audit"]["rulings"]
    ]
    assert nb[0]["audit"]["score"] == en[0]["audit"]["score"]
    # a refused line's problems: the same codes and pointers, the message in the language asked
    assert [(p["pointer"], p["code"]) for p in nb[1]["problems"]] == [
        (p["pointer"], p["code"]) for p in en[1]["problems"]
    ]
    assert [p["message"] for p in nb[1]["problems"]] != [p["message"] for p in en[1]["problems"]]


def test_a_refused_batch_says_the_language_its_problems_are_told_in(client) -> None:
    """A 422 lists its problems in the language asked (docs/languages.md), a batch's too."""
    refused = post(client, b"\n\n", headers={"Accept-Language": "nb"})
    english = post(client, b"\n\n")
    assert refused.status_code == english.status_code == 422 and refused.headers["Content-Language"] == "nb"
    assert [e["code"] for e in refused.get_json()["errors"]] == [
        e["code"] for e in english.get_json()["errors"]
    ]
