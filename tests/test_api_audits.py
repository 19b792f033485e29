"""``POST /v1/audits``: NDJSON in, one result line per record out, streamed.

Each record is audited by ``bulk.lines`` (the ``audit`` command's own), so a
hand gets exactly the answer ``POST /v1/hands/validate`` gives it and a game
the one ``POST /v1/games/validate`` gives it. What is refused as a whole
(415, 413, 422, 429) is refused before any result line is sent.

A batch needs an auditor's or a director's key unless the operator opens the
endpoint (``AUDITS_REQUIRE_KEY``); the tests of that rule send keys, the others
open it, as an operator may, to test one thing at a time.
"""

from __future__ import annotations

import gzip
import io
import json
import threading
import time
from pathlib import Path

import pytest
from games import moon, new_game
from support import example_record, role_keys, validator

from hearts_referee.app import create_app
from hearts_referee.batch import lines
from hearts_referee.http_shared import encoding

ROOT = Path(__file__).resolve().parent.parent
URL = "/v1/audits"
NDJSON = "application/x-ndjson"

REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
IMPOSSIBLE = {
    "variant": "mso-2000",
    "seats": ["N", "E", "S", "W", "X"],
    "dealer": "W",
    "hand_number": 1,
    "deal": {},
}
GAME = new_game(hands=[moon("E", 1), moon("W", 2)])
OPEN = {"TESTING": True, "AUDITS_REQUIRE_KEY": False}


@pytest.fixture(autouse=True)
def open_to_all(app):
    """The endpoint opened by the operator, for the tests that are not about keys."""
    app.config["AUDITS_REQUIRE_KEY"] = False


def ndjson(*lines: object) -> bytes:
    """A body: each item a line, dicts written as compact JSON, text and bytes as they are."""
    out = []
    for line in lines:
        if isinstance(line, dict):
            out.append(json.dumps(line).encode())
        else:
            out.append(line if isinstance(line, bytes) else str(line).encode())
    return b"\n".join(out) + b"\n"


def post(client, body: bytes, **kwargs):
    return client.post(URL, data=body, content_type=NDJSON, **kwargs)


def results(response) -> list[dict]:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == NDJSON
    body = response.get_data()
    assert body.endswith(b"\n")
    found = [json.loads(line) for line in body[:-1].split(b"\n")]
    for line in found:
        validator("AuditLine").validate(line)
    return found


def test_each_record_gets_one_result_line_in_order_with_its_line_number(client):
    body = ndjson(example_record(), REVOKE, "not json", IMPOSSIBLE, GAME)
    found = results(post(client, body))
    assert [(r["line"], r.get("kind")) for r in found] == [
        (1, "hand"),
        (2, "hand"),
        (3, None),
        (4, None),
        (5, "game"),
    ]
    clean, revoke, not_json, impossible, game = found
    assert clean["audit"]["rulings"] == []
    assert [r["code"] for r in revoke["audit"]["rulings"]] == ["revoke", "score_mismatch"]
    assert [p["code"] for p in not_json["problems"]] == ["invalid_json"]
    assert ("/seats", "seat_count") in {(p["pointer"], p["code"]) for p in impossible["problems"]}
    assert [h["result"]["moon"]["seat"] for h in game["game"]["hands"]] == ["E", "W"]


def test_blank_lines_are_skipped_but_still_numbered(client):
    body = b"\n" + ndjson(REVOKE) + b"  \n\t\r\n\n" + ndjson("[]")
    assert [r["line"] for r in results(post(client, body))] == [2, 6]


def test_a_line_that_is_not_utf8_is_a_problem_on_its_line_and_the_run_goes_on(client):
    found = results(post(client, ndjson(b"\xff\xfe", REVOKE)))
    assert found[0]["line"] == 1 and found[0]["problems"][0]["code"] == "invalid_json"
    assert "not UTF-8" in found[0]["problems"][0]["message"]
    assert found[1]["kind"] == "hand"


def test_a_hand_gets_the_answer_hands_validate_gives(client):
    (line,) = results(post(client, ndjson(REVOKE)))
    assert line["audit"] == client.post("/v1/hands/validate", json=REVOKE).get_json()


def test_a_game_gets_the_answer_games_validate_gives(client):
    (line,) = results(post(client, ndjson(GAME)))
    assert line["game"] == client.post("/v1/games/validate", json=GAME).get_json()


def test_an_impossible_record_gets_the_problems_hands_validate_lists(client):
    (line,) = results(post(client, ndjson(IMPOSSIBLE)))
    refused = client.post("/v1/hands/validate", json=IMPOSSIBLE)
    assert refused.status_code == 422
    assert line["problems"] == refused.get_json()["errors"]


def test_results_are_sent_as_each_record_is_audited(client, monkeypatch):
    audited: list[int] = []
    audit_raw = lines.audit_raw

    def spy(where, raw, *limits):
        audited.append(where.line)
        return audit_raw(where, raw, *limits)

    monkeypatch.setattr(lines, "audit_raw", spy)
    response = post(client, ndjson(REVOKE, REVOKE, REVOKE), buffered=False)
    assert response.status_code == 200
    stream = response.iter_encoded()
    first = next(stream)
    assert json.loads(first)["line"] == 1
    assert audited == [1]  # the first line is out before the second record is audited
    assert [json.loads(chunk)["line"] for chunk in stream] == [2, 3]
    assert audited == [1, 2, 3]
    response.close()


def test_more_records_than_the_limit_is_413_before_any_result(problem):
    client = create_app(OPEN | {"AUDITS_MAX_RECORDS": 2}).test_client()
    body = problem(post(client, ndjson(REVOKE, REVOKE, REVOKE)), 413)
    assert [e["code"] for e in body["errors"]] == ["too_many_records"]
    assert len(results(post(client, ndjson(REVOKE, "", "  ", REVOKE)))) == 2  # blank lines do not count


def test_a_body_over_the_byte_limit_is_413(problem):
    client = create_app(OPEN | {"AUDITS_MAX_BYTES": 64}).test_client()
    body = problem(post(client, b"[]\n" * 22), 413)  # 66 bytes, with Content-Length
    assert [e["code"] for e in body["errors"]] == ["too_large"]
    assert len(results(post(client, b"[]\n" * 21))) == 21  # 63 bytes


@pytest.mark.parametrize(("size", "status"), [(64, 200), (65, 413)])
def test_a_chunked_body_is_held_to_the_byte_limit_too(problem, size, status):
    """Without Content-Length, the body is read one byte past the limit, never cut short."""
    client = create_app(OPEN | {"AUDITS_MAX_BYTES": 64}).test_client()
    body = b"[]" + b" " * (size - 3) + b"\n"
    env = {"wsgi.input": io.BytesIO(body), "wsgi.input_terminated": True}
    response = client.post(URL, content_type=NDJSON, environ_overrides=env)
    if status == 413:
        assert [e["code"] for e in problem(response, 413)["errors"]] == ["too_large"]
    else:
        assert [r["line"] for r in results(response)] == [1]


def test_the_apps_request_size_limit_caps_each_line_not_the_whole_body(problem):
    """A record in a batch is held to the limit of one record sent alone, the body to its own."""
    line = len(json.dumps(REVOKE))
    client = create_app(OPEN | {"MAX_CONTENT_LENGTH": line}).test_client()
    body = ndjson(REVOKE, REVOKE, REVOKE)
    assert len(body) > 3 * line
    assert len(results(post(client, body))) == 3
    errors = problem(post(client, ndjson(REVOKE, REVOKE | {"table": "7"})), 413)["errors"]
    assert [(e["code"], e["message"]) for e in errors] == [
        ("too_large", f"Line 2 is longer than {line} bytes, the limit of one record.")
    ]


@pytest.mark.parametrize("body", [b"", b"\n", b" \n\t\n\r\n"])
def test_a_body_without_a_record_is_422(client, problem, body):
    """An audit of nothing would read as a clean run; the client has sent the wrong thing."""
    errors = problem(post(client, body), 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("", "no_records")]


@pytest.mark.parametrize("content_type", ["application/json", "text/plain", None])
def test_a_body_not_sent_as_ndjson_is_415(client, problem, content_type):
    response = client.post(URL, data=ndjson(REVOKE), content_type=content_type)
    errors = problem(response, 415)["errors"]
    assert [e["code"] for e in errors] == ["unsupported_media_type"]


def test_ndjson_with_a_charset_is_accepted(client):
    response = client.post(URL, data=ndjson(REVOKE), content_type=f"{NDJSON}; charset=utf-8")
    assert [r["kind"] for r in results(response)] == ["hand"]


def test_a_batch_needs_an_auditors_or_a_directors_key_by_default(problem, tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite")})
    client = app.test_client()
    response = post(client, ndjson(REVOKE))
    problem(response, 401)
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    tokens = role_keys(app.config["DATABASE"])
    for role in ("auditor", "director"):
        sent = {"Authorization": f"Bearer {tokens[role]}"}
        assert [r["kind"] for r in results(post(client, ndjson(REVOKE), headers=sent))] == ["hand"]
    for role in ("scorer", "admin"):  # a scoring app's key is not for seconds of CPU a request
        problem(post(client, ndjson(REVOKE), headers={"Authorization": f"Bearer {tokens[role]}"}), 403)


def test_the_operator_may_open_the_endpoint_to_anyone(client):
    assert [r["kind"] for r in results(post(client, ndjson(REVOKE)))] == ["hand"]


def test_the_api_pages_example_is_true(client):
    """docs/api.md pipes examples/mso-revoke.json, on one line, and a line that is not JSON."""
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    command = "(tr -d '\\n' < examples/mso-revoke.json; echo; echo 'not json')"
    assert command in page and "--data-binary @-" in page
    body = (ROOT / "examples" / "mso-revoke.json").read_bytes().replace(b"\n", b"") + b"\nnot json\n"
    revoke, not_json = results(post(client, body))
    assert (revoke["line"], revoke["kind"]) == (1, "hand")
    assert [r["code"] for r in revoke["audit"]["rulings"]] == ["revoke", "score_mismatch"]
    assert json.dumps(not_json, separators=(",", ":")) in page


# --- gzip, and how many batches run at once (issue 23) --------------------------------------


def gzipped(body: bytes) -> bytes:
    return gzip.compress(body, mtime=0)


def test_a_gzip_body_is_inflated_and_audited_as_the_same_body_sent_plain(client):
    body = ndjson(REVOKE, "not json", GAME)
    sent = post(client, gzipped(body), headers={"Content-Encoding": "gzip"})
    assert results(sent) == results(post(client, body))


def test_the_byte_limit_counts_a_gzip_body_inflated(problem):
    client = create_app(OPEN | {"AUDITS_MAX_BYTES": 64}).test_client()
    body = b"[]\n" * 22  # 66 bytes inflated, far fewer sent
    assert len(gzipped(body)) < 64
    errors = problem(post(client, gzipped(body), headers={"Content-Encoding": "gzip"}), 413)["errors"]
    assert [e["code"] for e in errors] == ["too_large"]


def test_a_gzip_bomb_is_refused_by_its_ratio_before_it_is_inflated_whole(client, problem):
    bomb = gzipped(b"\n" * (64 * 1024 * 1024))  # 64 MiB of blank lines in about 64 KiB
    assert len(bomb) * encoding.GZIP_MAX_RATIO < 64 * 1024 * 1024
    errors = problem(post(client, bomb, headers={"Content-Encoding": "gzip"}), 413)["errors"]
    assert [e["code"] for e in errors] == ["too_large"] and "inflates" in errors[0]["message"]


@pytest.mark.parametrize("body", [b"not gzip at all", gzipped(ndjson(REVOKE))[:-12]])
def test_gzip_that_is_not_gzip_is_a_400(client, problem, body):
    errors = problem(post(client, body, headers={"Content-Encoding": "gzip"}), 400)["errors"]
    assert [e["code"] for e in errors] == ["invalid_gzip"]


@pytest.mark.parametrize("coding", ["br", "deflate", "compress", "gzip, br", "", "gzip2", "x-deflate"])
def test_another_content_encoding_is_a_415(client, problem, coding):
    errors = problem(post(client, ndjson(REVOKE), headers={"Content-Encoding": coding}), 415)["errors"]
    assert [e["code"] for e in errors] == ["unsupported_encoding"]


# --- every gzip member, and coding names as RFC 9110 reads them (issue 43) -----------------


def test_a_multi_member_gzip_body_is_read_to_the_end(client):
    """`cat a.gz b.gz > both.gz` is valid gzip; its records are those of both files, not a's."""
    first, second = ndjson(REVOKE, IMPOSSIBLE), ndjson(GAME, "not json", REVOKE)
    both = gzipped(first) + gzipped(second)
    found = results(post(client, both, headers={"Content-Encoding": "gzip"}))
    assert [line["line"] for line in found] == [1, 2, 3, 4, 5]
    assert found == results(post(client, first + second))


def test_a_record_split_between_gzip_members_is_read_whole(client):
    body = ndjson(REVOKE, GAME)
    cut = len(body) // 3
    found = results(
        post(client, gzipped(body[:cut]) + gzipped(body[cut:]), headers={"Content-Encoding": "gzip"})
    )
    assert found == results(post(client, body))


def test_zero_padding_after_the_last_member_is_read_as_the_audit_command_reads_it(client):
    """gzip -d and Python's gzip module skip zero bytes after a member; so does the server."""
    found = results(post(client, gzipped(ndjson(REVOKE)) + b"\0" * 100, headers={"Content-Encoding": "gzip"}))
    assert found == results(post(client, ndjson(REVOKE)))


@pytest.mark.parametrize(
    "trailing",
    [b"not gzip", ndjson(REVOKE), b"\x1f", b"\x1fZ", b"\0\0junk"],
    ids=["text", "a-plain-record", "half-a-magic", "a-false-magic", "junk-after-padding"],
)
def test_bytes_after_the_gzip_body_are_refused_not_ignored(client, problem, trailing):
    """What follows the last member is no record to drop in silence: the body is refused whole."""
    body = gzipped(ndjson(REVOKE)) + trailing
    errors = problem(post(client, body, headers={"Content-Encoding": "gzip"}), 400)["errors"]
    assert [e["code"] for e in errors] == ["invalid_gzip"]


def test_a_gzip_bomb_split_into_members_is_refused_by_the_same_ratio(client, problem):
    """The ratio is counted over the whole body, not member by member. (Before every member
    was read, this body spun the worker forever on the end of the first one: the request
    runs in a thread here so that such a tree fails the test rather than hangs it.)"""
    member = gzipped(b"\n" * (4 * 1024 * 1024))  # 4 MiB of blank lines in about 4 KiB, sixteen times
    bomb = member * 16
    assert len(bomb) * encoding.GZIP_MAX_RATIO < 64 * 1024 * 1024
    answered: list = []
    sending = threading.Thread(
        target=lambda: answered.append(post(client, bomb, headers={"Content-Encoding": "gzip"})), daemon=True
    )
    sending.start()
    sending.join(60)
    assert answered, "the server never answered a bomb in sixteen members"
    errors = problem(answered[0], 413)["errors"]
    assert [e["code"] for e in errors] == ["too_large"]


@pytest.mark.parametrize("coding", ["GZIP", "Gzip", "x-gzip", "X-GZip", " gzip "])
def test_content_coding_names_are_read_without_regard_to_case_and_x_gzip_is_gzip(client, coding):
    """RFC 9110 §8.4.1: coding names are case-insensitive; §8.4.1.3: x-gzip is gzip."""
    found = results(post(client, gzipped(ndjson(REVOKE)), headers={"Content-Encoding": coding}))
    assert found == results(post(client, ndjson(REVOKE)))


def test_identity_is_read_without_regard_to_case_too(client):
    found = results(post(client, ndjson(REVOKE), headers={"Content-Encoding": "Identity"}))
    assert found == results(post(client, ndjson(REVOKE)))


def test_one_batch_past_the_workers_limit_is_a_429_with_retry_after_until_one_ends(problem):
    client = create_app(OPEN | {"AUDITS_CONCURRENCY": 1}).test_client()
    running = post(client, ndjson(REVOKE, REVOKE))  # its results not read yet: still running
    assert running.status_code == 200
    refused = post(client, ndjson(REVOKE))
    assert [e["code"] for e in problem(refused, 429)["errors"]] == ["audits_busy"]
    assert int(refused.headers["Retry-After"]) > 0
    assert len(results(running)) == 2
    running.close()
    assert len(results(post(client, ndjson(REVOKE)))) == 1


def test_a_refused_batch_gives_its_place_back(problem):
    client = create_app(OPEN | {"AUDITS_CONCURRENCY": 1}).test_client()
    problem(post(client, b"\n"), 422)
    problem(post(client, b"x" * 10, headers={"Content-Encoding": "gzip"}), 400)
    assert len(results(post(client, ndjson(REVOKE)))) == 1


# --- a batch's body arrives whole within AUDITS_BODY_SECONDS (issue 43) -------------------


class Trickle(io.RawIOBase):
    """A body that keeps arriving, a few bytes at a time, ``pause`` seconds apart: never
    silent long enough for the server's read timeout, never done either."""

    def __init__(self, body: bytes, pause: float, each: int = 8) -> None:
        self.rest, self.pause, self.each, self.reads = body, pause, each, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        time.sleep(self.pause)
        self.reads += 1
        piece, self.rest = self.rest[: self.each], self.rest[self.each :]
        buffer[: len(piece)] = piece
        return len(piece)


def test_a_batch_trickling_its_body_is_408_within_the_deadline_and_gives_its_place_back(problem):
    """Two bytes a second holds no place for ever: past AUDITS_BODY_SECONDS the batch is
    refused, and the next one is audited, not told the worker is busy."""
    client = create_app(OPEN | {"AUDITS_CONCURRENCY": 1, "AUDITS_BODY_SECONDS": 1}).test_client()
    body = ndjson(*[{"line": k} for k in range(8)])  # 8 bytes each quarter second: 3 s whole
    slow = Trickle(body, pause=0.25)
    started = time.monotonic()
    env = {"wsgi.input": slow, "CONTENT_LENGTH": str(len(body))}
    refused = client.post(URL, content_type=NDJSON, environ_overrides=env)
    assert time.monotonic() - started < 3
    errors = problem(refused, 408)["errors"]
    assert [e["code"] for e in errors] == ["body_timeout"]
    assert "within 1 s" in errors[0]["message"]
    assert slow.rest, "the whole body arrived: nothing was refused"
    assert len(results(post(client, ndjson(REVOKE)))) == 1


def test_a_batch_whose_body_arrives_in_time_is_audited(client):
    client.application.config["AUDITS_BODY_SECONDS"] = 30
    body = ndjson(REVOKE)
    env = {"wsgi.input": Trickle(body, pause=0.0, each=512), "CONTENT_LENGTH": str(len(body))}
    found = results(client.post(URL, content_type=NDJSON, environ_overrides=env))
    assert found == results(post(client, body))
