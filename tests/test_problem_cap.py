"""One error answer lists at most a hundred problems, and counts the rest (issue 43).

A 256 KiB record of nothing but bad cards has thousands of problems; each
listed made the API's answer 17 times the request and the "check a hand"
page's 36 times. Both faces now list the first ``MAX_PROBLEMS`` and say how
many more there are: the API as ``more_errors``, the page in words.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from entry_forms import field_problems
from support import validator

ROOT = Path(__file__).resolve().parent.parent
CSRF = "test-token"
BAD_PLAYS = 8000


def huge_bad_record(plays: int = BAD_PLAYS) -> str:
    """The README's revoke with ``plays`` plays of a card that does not exist, one
    ``unknown_card`` problem each: 8,000 is just under the 256 KiB a request may be."""
    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    record["play"] = [{"seat": "N", "card": "ZZ"}] * plays
    text = json.dumps(record)
    assert len(text) <= 256 * 1024
    return text


def test_the_api_lists_the_first_hundred_problems_of_a_huge_bad_record_and_counts_the_rest(client, problem):
    text = huge_bad_record()
    assert len(text) > 200_000
    response = client.post("/v1/hands/validate", data=text, content_type="application/json")
    body = problem(response, 422)
    validator("Problem").validate(body)
    assert [e["pointer"] for e in body["errors"]] == [f"/play/{k}/card" for k in range(100)]
    assert {e["code"] for e in body["errors"]} == {"unknown_card"}
    assert body["more_errors"] == BAD_PLAYS - 100
    assert len(response.get_data()) < len(text) / 10


def test_an_answer_with_a_hundred_problems_or_fewer_has_no_more_errors(client, problem):
    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    record["play"] = [{"seat": "N", "card": "ZZ"}] * 100
    body = problem(client.post("/v1/hands/validate", json=record), 422)
    assert len(body["errors"]) == 100
    assert "more_errors" not in body


def test_the_check_page_lists_the_first_hundred_problems_of_a_huge_bad_record_and_counts_the_rest(client):
    """5,000 bad plays: as much as the form takes once URL-encoded (the file field takes 256 KiB)."""
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    text = huge_bad_record(5000)
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": text})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    listed = re.search(r'<ul class="problem-list">(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r'<a href="#at-(/play/\d+/card)">', listed) == [f"/play/{k}/card" for k in range(100)]
    assert "5000 problems; the first 100" in page
    assert "…and 4900 more problems not listed" in page
    assert page.count('<div class="problem">') == 100  # placed in the record's tree: the listed ones
    assert page.count("unknown_card") == 200  # each listed once, and placed once
    assert 'id="at-/play/99/card"><code>ZZ</code><div class="problems"' in page
    assert 'id="at-/play/100/card"><code>ZZ</code></div>' in page


def test_the_check_page_says_nothing_of_more_when_it_lists_every_problem(client):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": huge_bad_record(3)})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "3 problems, each shown below" in page and "more problem" not in page


def test_a_batch_line_lists_the_first_hundred_problems_of_a_huge_bad_record_and_counts_the_rest(
    client, as_role
):
    """The same record on one line of POST /v1/audits: its result line is capped as the
    error answer is (``more_problems``), and the next line is audited as ever."""
    good = (ROOT / "examples" / "mso-revoke.json").read_bytes().replace(b"\n", b"")
    body = huge_bad_record().encode() + b"\n" + good + b"\n"
    response = client.post(
        "/v1/audits", data=body, headers=as_role("auditor") | {"Content-Type": "application/x-ndjson"}
    )
    assert response.status_code == 200
    first, second = [json.loads(line) for line in response.get_data().splitlines()]
    validator("AuditLine").validate(first)
    assert [p["pointer"] for p in first["problems"]] == [f"/play/{k}/card" for k in range(100)]
    assert first["more_problems"] == BAD_PLAYS - 100
    assert second["kind"] == "hand" and "more_problems" not in second


def test_a_game_s_uploaded_file_lists_the_first_hundred_problems_and_counts_the_rest(client, keys):
    from test_pages import sign_in
    from test_pages_games import start_by_page

    sign_in(client, keys, "director")
    assert start_by_page(client).status_code == 303
    upload = {"csrf_token": CSRF, "file": (io.BytesIO(huge_bad_record(5000).encode()), "hand.json")}
    response = client.post("/director/games/1/hands", data=upload, content_type="multipart/form-data")
    assert response.status_code == 422
    said = field_problems(response.get_data(as_text=True), "file")
    assert "/play/99/card" in said and "/play/100/card" not in said
    more = re.search(r"…and (\d+) more problems not listed", said)
    assert (
        more is not None and int(more.group(1)) > 4900
    )  # the 5,000 bad cards, and the fields a game supplies
