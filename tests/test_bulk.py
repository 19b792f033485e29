"""The bulk audit command: an auditor's file in, one result line per record out, a summary.

The fixture file holds one record of each kind an archive has: a clean hand,
an irregular one (a revoke, and scores the table wrote wrong), one that cannot
have happened (a card dealt twice), a line that is not JSON, and a whole
recorded game. Every test runs the real command (``audit``) in-process.
"""

from __future__ import annotations

import copy
import csv
import gzip
import json
import pickle
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from games import moon, new_game, random_body

from hearts_referee.app import create_app
from hearts_referee.batch import run
from hearts_referee.batch.inputs import records
from hearts_referee.batch.lines import Kind, Where, audit_chunk, audit_data, audit_raw
from hearts_referee.schemas.record import read_plain_text
from hearts_referee.schemas.strictjson import JSONError, loads_strict
from playout import build_hand

ROOT = Path(__file__).resolve().parent.parent


def clean_hand(seed: int = 1, variant: str = "standard") -> dict[str, Any]:
    return build_hand(random.Random(seed), variant, 1)


def revoke_hand() -> dict[str, Any]:
    """An MSO hand with a revoke, whose written scores are not the validated ones."""
    data: dict[str, Any] = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    return data


def impossible_hand() -> dict[str, Any]:
    record = copy.deepcopy(clean_hand())
    seats = list(record["deal"])
    record["deal"][seats[1]][0] = record["deal"][seats[0]][0]  # one card dealt twice
    return record


def whole_game() -> dict[str, Any]:
    return new_game(hands=[moon("E", 1), random_body(3, 2)])


def in_progress_hand() -> dict[str, Any]:
    """A clean hand whose record stops one card short: nobody claimed the last card."""
    record = clean_hand(7)
    record["play"] = record["play"][:-1]
    return record


def mixed_lines() -> list[str]:
    return [
        json.dumps(clean_hand()),
        json.dumps(revoke_hand()),
        "",  # blank lines are skipped, and still counted as lines
        json.dumps(impossible_hand()),
        '{"variant": "standard", "seats": [',
        json.dumps(whole_game()),
    ]


@pytest.fixture()
def cli(tmp_path: Path) -> Any:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.db")})
    runner = app.test_cli_runner()

    def audit(*args: str, input: bytes | None = None) -> Any:
        return runner.invoke(args=["audit", *args], input=input)

    return audit


@pytest.fixture()
def mixed(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.ndjson"
    path.write_text("\n".join(mixed_lines()) + "\n")
    return path


def result_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def test_one_result_line_per_record_in_input_order_with_file_and_line(cli: Any, mixed: Path) -> None:
    result = cli(str(mixed), "-q")
    lines = result_lines(result.stdout)
    assert [(r["source"], r["line"]) for r in lines] == [(str(mixed), n) for n in (1, 2, 4, 5, 6)]
    assert [r.get("kind") for r in lines] == ["hand", "hand", None, None, "game"]


def test_a_hand_line_carries_the_same_audit_as_the_one_call_audit(cli: Any, mixed: Path) -> None:
    from hearts_referee.validate import validate_hand

    lines = result_lines(cli(str(mixed), "-q").stdout)
    assert lines[1]["audit"] == validate_hand(revoke_hand())


def test_a_record_read_straight_from_its_text_gets_the_outcome_a_parsed_one_gets() -> None:
    texts = [line.encode() for line in mixed_lines() if line]
    assert read_plain_text(texts[0]) is not None  # the clean hand, read in C from its text
    assert read_plain_text(texts[2]) is not None  # the impossible one too: the replay refuses it
    for number, text in enumerate(texts, 1):
        where = Where("mixed.ndjson", number)
        try:
            parsed = audit_data(where, loads_strict(text))
        except JSONError:
            continue  # the line cut short: only the long way reads it
        assert audit_raw(where, text) == parsed


def test_outcomes_and_records_cross_to_a_worker_and_back_unchanged() -> None:
    """A chunk goes to a worker process and its outcomes come back pickled: every kind of
    outcome (a hand with rulings, a game, a rejected record) arrives as it left."""
    chunk = [(Where("mixed.ndjson", number), line.encode()) for number, line in enumerate(mixed_lines(), 1)]
    outcomes = audit_chunk(chunk)
    assert {outcome.kind for outcome in outcomes} == {Kind.HAND, Kind.GAME, None}
    assert any(hand.rulings for outcome in outcomes for hand in outcome.hands)
    assert pickle.loads(pickle.dumps(chunk)) == chunk
    assert pickle.loads(pickle.dumps(outcomes)) == outcomes


def test_a_rejected_record_lists_every_problem_located(cli: Any, mixed: Path) -> None:
    lines = result_lines(cli(str(mixed), "-q").stdout)
    impossible, corrupt = lines[2], lines[3]
    assert impossible["problems"][0]["code"] == "duplicate_card"
    assert impossible["problems"][0]["pointer"].startswith("/deal/")
    assert corrupt["problems"] == [
        {"pointer": "", "code": "invalid_json", "message": corrupt["problems"][0]["message"]}
    ]


def test_the_summary_counts_clean_irregular_rejected_and_mismatched(
    cli: Any, mixed: Path, tmp_path: Path
) -> None:
    summary_path = tmp_path / "summary.json"
    result = cli(str(mixed), "--summary-json", str(summary_path), "--jobs", "1")
    summary = json.loads(summary_path.read_text())
    assert summary["records"] == 5
    assert summary["games"] == 1
    assert summary["hands"] == 4  # two single hands and the game's two
    assert summary["with_rulings"] == 1
    assert summary["clean"] == 3
    assert summary["in_progress"] == 0
    assert summary["rulings"] == {"revoke": {"applied": 1}, "score_mismatch": {"referred": 1}}
    assert summary["rulings_total"] == 2
    assert summary["with_score_mismatch"] == 1
    assert summary["rejected"] == 2
    assert [(r["record"], r["code"]) for r in summary["rejects"]] == [
        (f"{mixed}:4", "duplicate_card"),
        (f"{mixed}:5", "invalid_json"),
    ]
    assert summary["hands_per_second"] > 0
    # the same summary, as a table on stderr for the auditor
    assert "rejected" in result.stderr and f"{mixed}:4" in result.stderr


def test_exit_status_0_when_every_hand_is_clean(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "clean.ndjson"
    path.write_text(json.dumps(clean_hand(1)) + "\n" + json.dumps(clean_hand(2)) + "\n")
    assert cli(str(path), "-q").exit_code == 0


def test_exit_status_1_when_rulings_are_found(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "revoke.ndjson"
    path.write_text(json.dumps(revoke_hand()) + "\n")
    assert cli(str(path), "-q").exit_code == 1


def test_exit_status_2_when_a_record_is_rejected(cli: Any, mixed: Path) -> None:
    assert cli(str(mixed), "-q").exit_code == 2


def test_exit_status_3_when_an_input_is_missing_and_nothing_is_written(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "out.ndjson"
    result = cli(str(tmp_path / "nowhere.ndjson"), "-o", str(out))
    assert result.exit_code == 3
    assert "no such file" in result.stderr
    assert not out.exists()


def test_exit_status_3_when_the_command_is_misused_not_clicks_2_which_means_rejected(cli: Any) -> None:
    result = cli("--jobs", "0", "-")
    assert result.exit_code == 3
    assert "--jobs" in result.stderr


def test_exit_status_3_when_a_gz_file_is_not_gzip(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "broken.ndjson.gz"
    path.write_bytes(b"not gzip at all\n")
    assert cli(str(path), "-q").exit_code == 3


def test_gz_files_json_arrays_and_folders_are_read_in_name_order(cli: Any, tmp_path: Path) -> None:
    folder = tmp_path / "day1"
    (folder / "table-2").mkdir(parents=True)
    with gzip.open(folder / "a.ndjson.gz", "wt") as handle:
        handle.write(json.dumps(clean_hand(1)) + "\n")
    (folder / "table-2" / "b.json").write_text(json.dumps([clean_hand(2), clean_hand(3)]))
    (folder / "notes.txt").write_text("not an input")
    lines = result_lines(cli(str(folder), "-q").stdout)
    assert [(Path(r["source"]).name, r.get("line"), r.get("index")) for r in lines] == [
        ("a.ndjson.gz", 1, None),
        ("b.json", None, 0),
        ("b.json", None, 1),
    ]
    assert all(r["kind"] == "hand" for r in lines)


def test_a_json_file_holding_one_record_is_one_record(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(revoke_hand(), indent=2))
    (line,) = result_lines(cli(str(path), "-q").stdout)
    assert line["source"] == str(path) and "line" not in line and line["kind"] == "hand"


def test_stdin_is_read_when_no_input_is_named(cli: Any) -> None:
    body = (json.dumps(clean_hand(1)) + "\n" + json.dumps(revoke_hand()) + "\n").encode()
    lines = result_lines(cli("-q", input=body).stdout)
    assert [(r["source"], r["line"]) for r in lines] == [("-", 1), ("-", 2)]


def test_the_csv_has_a_row_per_hand_and_per_rejected_record(cli: Any, mixed: Path, tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    cli(str(mixed), "-q", "--csv", str(path))
    rows = path.read_text().splitlines()
    assert rows[0] == "record,status,variant,score,rulings,mismatch,problem"
    assert rows[2].startswith(f"{mixed}:2,rulings,mso-2000,")
    assert rows[2].endswith(",revoke:1 score_mismatch:1,yes,")
    rejected = next(csv.reader([rows[3]]))  # the problem's message may hold commas: quoted
    assert rejected[:6] == [f"{mixed}:4", "rejected", "", "", "", ""] and rejected[6].startswith("/deal/")
    assert [row.split(",")[0] for row in rows[5:]] == [f"{mixed}:6#1", f"{mixed}:6#2"]


def test_many_workers_give_the_same_results_in_the_same_order_as_one(tmp_path: Path) -> None:
    path = tmp_path / "many.ndjson"
    path.write_text(
        "".join(json.dumps(clean_hand(seed)) + "\n" for seed in range(40)) + "\n".join(mixed_lines())
    )
    one = [o.line for o in run.local(records([str(path)]), jobs=1)]
    two = [o.line for o in run.local(records([str(path)]), jobs=2, chunk=3)]  # 16 chunks, out of step
    assert len(one) == 45
    assert two == one


@pytest.mark.slow
@pytest.mark.server  # a Dask cluster: a scheduler and worker processes
def test_dask_local_cluster_gives_output_identical_to_the_local_run(
    cli: Any, mixed: Path, tmp_path: Path
) -> None:
    local, on_dask = tmp_path / "local.ndjson", tmp_path / "dask.ndjson"
    assert cli(str(mixed), "-q", "-o", str(local)).exit_code == 2
    assert cli(str(mixed), "-q", "--jobs", "2", "--dask", "local", "-o", str(on_dask)).exit_code == 2
    assert on_dask.read_bytes() == local.read_bytes()


def test_an_unreachable_dask_scheduler_is_exit_status_3(cli: Any, mixed: Path) -> None:
    result = cli(str(mixed), "-q", "--dask", "tcp://127.0.0.1:9", "--dask-timeout", "1")
    assert result.exit_code == 3
    assert "no Dask scheduler" in result.stderr


def test_piped_the_console_script_writes_results_and_a_plain_summary(mixed: Path, tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "hearts-referee"
    done = subprocess.run(
        [str(script), "audit", str(mixed), "--jobs", "2"],
        capture_output=True,
        cwd=tmp_path,
        env={
            "PATH": "/usr/bin:/bin",
            "FLASK_DATABASE": str(tmp_path / "a.db"),
            "FLASK_SECRET_KEY": "bulk-tests",
        },
        timeout=120,
    )
    assert done.returncode == 2
    assert len(done.stdout.splitlines()) == 5
    assert "\x1b[" not in done.stderr.decode()  # no progress bar or colours when piped
    assert "records read" in done.stderr.decode()


def test_auditing_files_needs_no_service_configuration(mixed: Path, tmp_path: Path) -> None:
    """An auditor's run of files loads neither the app nor Flask's plugins (a third of a
    second at every start): a setting the service could not start with does not stop it,
    where a command of the service's own still refuses it."""
    script = Path(sys.executable).parent / "hearts-referee"
    env = {"PATH": "/usr/bin:/bin", "FLASK_VALIDATE_REQUIRES_KEY": "perhaps"}

    def run(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([str(script), *args], capture_output=True, cwd=tmp_path, env=env, timeout=120)

    audited = run("audit", str(mixed), "-q", "--jobs", "1", "-o", str(tmp_path / "out.ndjson"))
    assert audited.returncode == 2, audited.stderr  # rejected records, as ever: nothing about settings
    assert len((tmp_path / "out.ndjson").read_bytes().splitlines()) == 5
    refused = run("init-db")
    assert refused.returncode == 1
    assert b"cannot start: FLASK_VALIDATE_REQUIRES_KEY='perhaps' is not a boolean" in refused.stderr


def test_auditing_files_loads_no_storage() -> None:
    """The library and an audit of files never open an archive, so they never import one
    (storage and sqlite-utils, with numpy when it is installed: a fifth of a second at
    every start). A fresh interpreter, since this one has loaded everything."""
    probe = (
        "import sys, hearts_referee, hearts_referee.cli, hearts_referee.batch.lines;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'sqlite_utils'"
        " or m.startswith('hearts_referee.archive')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_auditing_files_loads_no_server() -> None:
    """Nor does the command line load gunicorn or gevent before ``serve`` runs: an audit's
    start is most of a small audit's time (10-13 ms of it was gunicorn)."""
    probe = (
        "import sys, hearts_referee.cli;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'gunicorn', 'gevent'}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_summary_counts_hands_and_rulings_apart_each_labelled(cli: Any, tmp_path: Path) -> None:
    """Hands are counted once each (clean, in progress or with rulings); rulings are counted
    each, so the revoke hand's two written scores that differ are two rulings on one hand."""
    record = revoke_hand()
    seats = record["seats"]
    record["claimed"] = dict.fromkeys(seats, 0)  # every written score wrong
    path = tmp_path / "day.ndjson"
    path.write_text(json.dumps(clean_hand()) + "\n" + json.dumps(record) + "\n")
    summary_path = tmp_path / "summary.json"
    result = cli(str(path), "--summary-json", str(summary_path))
    summary = json.loads(summary_path.read_text())
    mismatched = summary["rulings"]["score_mismatch"]["referred"]
    assert mismatched > 1  # several seats' scores, one hand
    assert (summary["hands"], summary["with_rulings"], summary["with_score_mismatch"]) == (2, 1, 1)
    assert summary["rulings_total"] == 1 + mismatched  # the revoke and each mismatched seat
    cells = [line.split("│") for line in result.stderr.splitlines() if line.count("│") == 3]
    table = {cell[1].strip(): cell[2].strip() for cell in cells}
    assert table["hands audited"] == "2"
    assert table["with a score mismatch"] == "1"
    assert table["rulings"] == str(1 + mismatched)
    assert table["score_mismatch (referred)"] == str(mismatched)


def test_a_hand_in_progress_is_counted_apart_from_clean_ones_and_is_not_exit_0(
    cli: Any, tmp_path: Path
) -> None:
    path = tmp_path / "day.ndjson"
    path.write_text(json.dumps(clean_hand()) + "\n" + json.dumps(in_progress_hand()) + "\n")
    summary_path = tmp_path / "summary.json"
    csv_path = tmp_path / "hands.csv"
    result = cli(str(path), "-q", "--summary-json", str(summary_path), "--csv", str(csv_path))
    summary = json.loads(summary_path.read_text())
    assert (summary["hands"], summary["clean"], summary["in_progress"]) == (2, 1, 1)
    assert result.exit_code == 1
    rows = csv_path.read_text().splitlines()
    assert rows[1].split(",")[1] == "clean"
    assert rows[2].split(",")[1] == "in_progress"


def test_the_csv_names_a_house_variant_as_the_record_does(cli: Any, tmp_path: Path) -> None:
    house = clean_hand()
    house["variant"] = {"base": "standard", "options": {"queen_breaks_hearts": False}}
    path, csv_path = tmp_path / "house.ndjson", tmp_path / "hands.csv"
    path.write_text(json.dumps(clean_hand()) + "\n" + json.dumps(house) + "\n")
    cli(str(path), "-q", "--csv", str(csv_path))
    import csv

    rows = list(csv.DictReader(csv_path.read_text().splitlines()))
    assert rows[0]["variant"] == "standard"
    assert json.loads(rows[1]["variant"]) == house["variant"]


def _on_a_terminal(args: list[str], stdin_tty: bool, stderr_tty: bool, tmp_path: Path) -> tuple[int, str]:
    """Run the console script with stdin and/or stderr on a pseudo-terminal, as a person at a
    shell would; the terminal's output and the exit status. A hang fails (timeout)."""
    import os
    import pty

    master, slave = pty.openpty()
    script = Path(sys.executable).parent / "hearts-referee"
    done = subprocess.Popen(
        [str(script), *args],
        stdin=slave if stdin_tty else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=slave if stderr_tty else subprocess.PIPE,
        cwd=tmp_path,
        env={
            "PATH": "/usr/bin:/bin",
            "TERM": "xterm",
            "COLUMNS": "120",
            "FLASK_DATABASE": str(tmp_path / "a.db"),
            "FLASK_SECRET_KEY": "bulk-tests",
        },
    )
    os.close(slave)
    seen = b""
    try:
        status = done.wait(timeout=60)
    finally:
        if done.poll() is None:
            done.kill()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed once the command exited
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    if not stderr_tty and done.stderr is not None:
        seen += done.stderr.read()
    return status, seen.decode(errors="replace")


def test_no_input_and_stdin_a_terminal_is_usage_and_exit_3_not_a_silent_wait(tmp_path: Path) -> None:
    status, seen = _on_a_terminal(["audit"], stdin_tty=True, stderr_tty=False, tmp_path=tmp_path)
    assert status == 3
    assert "Usage: hearts-referee audit" in seen
    assert "no INPUT given, and stdin is a terminal" in seen


def test_the_progress_bar_has_a_total_when_the_input_is_files(mixed: Path, tmp_path: Path) -> None:
    args = ["audit", str(mixed), "-o", str(tmp_path / "results.ndjson")]
    status, seen = _on_a_terminal(args, stdin_tty=False, stderr_tty=True, tmp_path=tmp_path)
    assert status == 2
    assert "100%" in seen  # a bar with a total, filled when every file is read
    assert "records" in seen


def test_reading_follows_the_bytes_of_each_file_to_the_total(tmp_path: Path) -> None:
    from hearts_referee.batch.inputs import Progress

    plain, packed = tmp_path / "a.ndjson", tmp_path / "b.ndjson.gz"
    plain.write_text("\n".join(mixed_lines()) + "\n")
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    progress = Progress.of([str(plain), str(packed)])
    assert progress.total == plain.stat().st_size + packed.stat().st_size
    seen = [progress.done for _ in records([str(plain), str(packed)], progress)]
    assert seen == sorted(seen) and 0 < seen[0] < progress.total
    assert progress.done == progress.total
    assert Progress.of(["-", str(plain)]).total is None  # stdin's length is unknown


def test_help_lists_only_our_own_commands_and_flasks_still_answer() -> None:
    from click.testing import CliRunner

    from hearts_referee.cli import main

    shown = CliRunner().invoke(main, ["--help"]).output
    names = {line.split()[0] for line in shown.split("Commands:")[1].splitlines() if line.strip()}
    assert names == {"audit", "compile-core", "init-db", "keys", "serve"}
    assert "--app" not in shown and "--env-file" not in shown
    assert "Endpoint" in CliRunner().invoke(main, ["routes"]).output  # still there for a developer


def test_audit_help_lists_every_exit_status_the_command_returns(cli: Any, tmp_path: Path) -> None:
    """The failure: ``audit --help`` said nothing of its exit statuses, which docs/auditing.md
    gives scripts and CI to read. Each status is made here, by files and by an archive, and
    the help has a line for it under each heading, saying what it means."""
    from hearts_referee.batch.summary import ExitStatus

    day = (Path(__file__).resolve().parent.parent / "examples" / "day-1.ndjson").read_text().splitlines()
    returned: dict[int, str] = {}
    for name, line in (("clean", day[0]), ("rulings", day[1]), ("rejected", day[3])):
        (tmp_path / f"{name}.ndjson").write_text(line + "\n")
        returned[cli(str(tmp_path / f"{name}.ndjson"), "-q", "--jobs", "1").exit_code] = name
    returned[cli(str(tmp_path / "missing.ndjson"), "-q").exit_code] = "could not run"
    assert returned == {0: "clean", 1: "rulings", 2: "rejected", 3: "could not run"}
    assert set(returned) == set(ExitStatus)
    from hearts_referee.archive import open_archive

    open_archive(tmp_path / "empty.sqlite").close()
    archived = {
        cli("--archive", str(tmp_path / "empty.sqlite"), "-q").exit_code,  # nothing would change
        cli("--archive", str(tmp_path), "-q").exit_code,  # a folder: cannot be opened
    }
    assert archived == {0, 3}

    shown = cli("--help").output
    files, archive = shown.split("Exit status", 1)[1].split("Options:")[0].split("With --archive:")

    def meanings(part: str) -> dict[int, str]:
        return {int(n): what for n, what in re.findall(r"^\s+(\d)  (\S.*)$", part, flags=re.M)}

    assert set(meanings(files)) == set(meanings(archive)) == set(ExitStatus)
    for status, name in returned.items():
        assert name.split()[0] in meanings(files)[status], (status, meanings(files)[status])
    assert "nothing would change" in meanings(archive)[0] and "opened" in meanings(archive)[3]
