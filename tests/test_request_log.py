"""One JSON log line per request on stderr, and ``X-Request-ID`` in and out (``edge.requestlog``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

from hearts_referee.app import create_app

ROOT = Path(__file__).resolve().parents[1]
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
GENERATED = re.compile(r"[0-9a-f]{32}")


def lines(capsys) -> list[dict]:
    """The JSON lines written to stderr so far (every stderr line must be one)."""
    return [json.loads(line) for line in capsys.readouterr().err.splitlines() if line.strip()]


def request_lines(capsys) -> list[dict]:
    return [line for line in lines(capsys) if line["logger"] == "hearts_referee.requests"]


@pytest.mark.parametrize("path", ["/healthz", "/v1/no-such-thing", "/director/sign-in", "/docs"])
def test_every_response_carries_a_generated_request_id(client, path):
    response = client.get(path)
    assert GENERATED.fullmatch(response.headers["X-Request-ID"])


def test_each_request_gets_its_own_id(client):
    first, second = (client.get("/healthz").headers["X-Request-ID"] for _ in range(2))
    assert first != second


@pytest.mark.parametrize("sent", ["abc-123", "Root=1-5759e988-bd862e3fe1be46a9", "a" * 128, "x.y_z~:/+=@"])
def test_a_usable_client_request_id_is_echoed(client, sent):
    assert client.get("/healthz", headers={"X-Request-ID": sent}).headers["X-Request-ID"] == sent


@pytest.mark.parametrize("sent", ["", "a" * 129, "two words", "<script>", "ok\u00e9", "semi;colon"])
def test_an_unusable_client_request_id_is_replaced_not_refused(client, sent):
    response = client.get("/healthz", headers={"X-Request-ID": sent})
    assert response.status_code == 200
    assert GENERATED.fullmatch(response.headers["X-Request-ID"])


def test_a_request_writes_one_json_line_with_its_id_route_status_and_time(client, capsys):
    capsys.readouterr()
    response = client.get("/v1/variants/mso-2000", headers={"X-Request-ID": "trace-1"})
    (line,) = request_lines(capsys)
    assert line["request_id"] == "trace-1" == response.headers["X-Request-ID"]
    assert line["level"] == "INFO"
    assert (line["method"], line["route"], line["path"], line["status"]) == (
        "GET",
        "/v1/variants/<variant_id>",
        "/v1/variants/mso-2000",
        200,
    )
    assert line["key_id"] is None
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", line["time"])
    assert "rulings" not in line


def test_an_unmatched_path_is_logged_with_no_route(client, capsys):
    capsys.readouterr()
    client.get("/v1/nowhere")
    (line,) = request_lines(capsys)
    assert (line["route"], line["path"], line["status"]) == (None, "/v1/nowhere", 404)


def test_the_line_names_the_key_that_was_checked(client, capsys, keys, as_role):
    from hearts_referee.archive import list_keys, open_archive

    capsys.readouterr()
    client.get("/v1/hands", headers=as_role("auditor"))
    (line,) = request_lines(capsys)
    db = open_archive(client.application.config["DATABASE"])
    auditor = next(k for k in list_keys(db) if k.role == "auditor")
    db.close()
    assert (line["key_id"], line["status"]) == (auditor.id, 200)


def test_a_validate_line_counts_its_rulings_by_code(client, capsys):
    capsys.readouterr()
    assert client.post("/v1/hands/validate", json=REVOKE).status_code == 200
    (line,) = request_lines(capsys)
    assert line["rulings"] == {"revoke": 1, "score_mismatch": 1}


def test_a_clean_validate_counts_no_rulings(client, capsys):
    from support import example_record

    capsys.readouterr()
    client.post("/v1/hands/validate", json=example_record())
    (line,) = request_lines(capsys)
    assert line["rulings"] == {}


def test_a_streamed_audit_is_logged_once_at_its_end_with_every_records_rulings(client, capsys, as_role):
    body = (json.dumps(REVOKE) + "\n") * 3 + "not json\n"
    auditor = as_role("auditor")
    capsys.readouterr()
    response = client.post("/v1/audits", data=body, content_type="application/x-ndjson", headers=auditor)
    assert len(response.get_data().splitlines()) == 4
    response.close()
    (line,) = request_lines(capsys)
    assert (line["route"], line["status"]) == ("/v1/audits", 200)
    assert line["rulings"] == {"revoke": 3, "score_mismatch": 3}


def test_a_server_error_is_logged_at_error_with_its_traceback_as_json(tmp_path, capsys):
    app = create_app({"DATABASE": str(tmp_path / "a.sqlite")})

    @app.get("/v1/boom")
    def boom():
        raise RuntimeError("kaboom")

    capsys.readouterr()
    response = app.test_client().get("/v1/boom", headers={"X-Request-ID": "boom-1"})
    assert response.status_code == 500
    written = lines(capsys)
    (failure,) = [line for line in written if "exception" in line]
    assert "RuntimeError: kaboom" in failure["exception"] and failure["level"] == "ERROR"
    (line,) = [line for line in written if line["logger"] == "hearts_referee.requests"]
    assert (line["request_id"], line["status"], line["level"]) == ("boom-1", 500, "ERROR")


def test_log_level_warning_leaves_out_the_request_lines(tmp_path, capsys):
    app = create_app({"DATABASE": str(tmp_path / "a.sqlite"), "LOG_LEVEL": "warning"})
    capsys.readouterr()
    app.test_client().get("/healthz")
    assert request_lines(capsys) == []
    create_app({"DATABASE": str(tmp_path / "a.sqlite")})  # back to INFO for the other tests


def test_an_unknown_log_level_stops_the_app_from_starting(tmp_path):
    with pytest.raises(ValueError, match="LOG_LEVEL"):
        create_app({"DATABASE": str(tmp_path / "a.sqlite"), "LOG_LEVEL": "chatty"})


def test_the_production_pages_example_line_has_the_fields_of_a_real_one(client, capsys):
    production = (ROOT / "docs" / "production.md").read_text(encoding="utf-8")
    example = json.loads(
        next(x for x in production.splitlines() if '"logger": "hearts_referee.requests"' in x)
    )
    capsys.readouterr()
    client.post("/v1/hands/validate", json=REVOKE, headers={"X-Request-ID": example["request_id"]})
    (line,) = request_lines(capsys)
    assert list(line) == list(example)
    assert {k: line[k] for k in ("message", "route", "status", "rulings")} == {
        k: example[k] for k in ("message", "route", "status", "rulings")
    }


@settings(max_examples=examples(300), deadline=None)
@given(created=st.floats(min_value=0, max_value=4e9, allow_nan=False))
def test_a_lines_time_is_datetimes_own_iso_time_to_the_millisecond(created):
    """The formatter makes the date and time once a second and adds the milliseconds: the
    stamp must be what ``datetime`` writes for the same instant, rounding included."""
    from datetime import UTC, datetime

    from hearts_referee.http_shared.logs import JsonFormatter

    formatter = JsonFormatter()
    for instant in (created, created + 0.0005, created + 1):  # a second made, then reused
        assert formatter._time(instant) == datetime.fromtimestamp(instant, UTC).isoformat(
            timespec="milliseconds"
        )
