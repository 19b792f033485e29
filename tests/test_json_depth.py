"""JSON nesting is limited on the text, before any recursive walk sees it: one limit
(``JSON_MAX_DEPTH``, 64 by default) for the API, the check page and bulk audits."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

from hearts_referee.app import create_app
from hearts_referee.schemas.strictjson import MAX_DEPTH, JSONError, loads_strict, nesting_depth_exceeds

ROOT = Path(__file__).resolve().parent.parent
URL = "/v1/hands/validate"
CSRF = "test-token"


def nested(depth: int) -> bytes:
    """A record-shaped object whose ``deal`` nests ``depth`` levels in all."""
    inner = "[" * (depth - 2) + "]" * (depth - 2)
    return ('{"deal": {"N": ' + inner + "}}").encode()


def depth_of(value) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


def test_a_body_nested_past_the_limit_is_400_too_deep(client, fake_audit, problem):
    body = problem(client.post(URL, data=nested(MAX_DEPTH + 1), content_type="application/json"), 400)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("", "too_deep")]
    assert "64" in body["errors"][0]["message"]
    assert fake_audit.calls == []


def test_a_body_nested_exactly_to_the_limit_is_read(client, fake_audit):
    response = client.post(URL, data=nested(MAX_DEPTH), content_type="application/json")
    assert response.status_code == 200
    assert depth_of(fake_audit.calls[0]) == MAX_DEPTH


def test_the_depth_limit_is_configurable(fake_audit, problem):
    client = create_app({"TESTING": True, "JSON_MAX_DEPTH": 3}).test_client()
    problem(client.post(URL, data=nested(4), content_type="application/json"), 400)
    assert client.post(URL, data=nested(3), content_type="application/json").status_code == 200


@pytest.mark.parametrize("depth", [325, 650, 975])
def test_the_check_page_answers_deep_nesting_with_a_400_page_not_a_500(client, depth):
    """It used to render the problem tree one recursion per level until Python gave up."""
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": nested(depth).decode()})
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert "too_deep" in response.get_data(as_text=True)


def test_a_bulk_audit_line_nested_too_deep_is_a_rejected_line_and_the_run_goes_on(client, as_role):
    record = json.dumps(json.loads((ROOT / "examples" / "mso-revoke.json").read_text()))
    body = nested(MAX_DEPTH + 1) + b"\n" + record.encode() + b"\n"
    response = client.post(
        "/v1/audits", data=body, content_type="application/x-ndjson", headers=as_role("auditor")
    )
    assert response.status_code == 200
    first, second = (json.loads(line) for line in response.get_data().splitlines())
    assert [p["code"] for p in first["problems"]] == ["too_deep"]
    assert second["kind"] == "hand"


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"note": "[" * 500 + "]]}}" + '\\"[' * 100}).encode()
    assert loads_strict(text, max_depth=1) == json.loads(text)


def test_a_deep_body_is_refused_before_the_parser_recurses():
    with pytest.raises(JSONError) as error:
        loads_strict(b"[" * 100_000 + b"]" * 100_000)
    assert error.value.code == "too_deep"


def test_refusing_a_quarter_mebibyte_of_nesting_stays_fast():
    """The check is linear in the text: a maximal body of brackets is refused in well
    under a second (it takes a few milliseconds; a quadratic check would take minutes)."""
    body = b"[" * (128 * 1024) + b"]" * (128 * 1024)
    started = time.perf_counter()
    assert nesting_depth_exceeds(body, MAX_DEPTH)
    assert time.perf_counter() - started < 1.0


JSON_VALUES = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab\u00e9'),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\k'), inner, max_size=3)
    ),
    max_leaves=40,
)


@settings(max_examples=examples(300), deadline=None)
@given(value=JSON_VALUES, limit=st.integers(1, 12), ascii_only=st.booleans())
def test_the_depth_check_agrees_with_the_parsed_value(value, limit, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only).encode()
    assert nesting_depth_exceeds(text, limit) == (depth_of(value) > limit)
