"""``POST /v1/hands/validate``: the view hands the parsed body to the audit, and back.

The first tests pin the layer with a stand-in engine; the last ones run the
real ``audit.validate_hand`` on the clean hand published in openapi.yaml.
"""

from __future__ import annotations

import copy

from support import example_record

URL = "/v1/hands/validate"


def test_passes_the_parsed_body_and_returns_the_result(client, fake_audit):
    fake_audit.result = {"variant": "standard", "rulings": [], "score": {"N": 0}}
    response = client.post(URL, json={"variant": "standard", "hand_number": 1})
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.get_json() == fake_audit.result
    assert fake_audit.calls == [{"variant": "standard", "hand_number": 1}]


def test_keeps_the_result_field_order(client, fake_audit):
    fake_audit.result = {"variant": "standard", "hand_number": 1, "seats": ["N"]}
    assert client.post(URL, json={}).data.startswith(b'{"variant":')


def test_any_json_value_reaches_the_audit(client, fake_audit):
    """Wrong JSON types are the audit's to report (422), not a parse error."""
    for body in (b"[]", b'"hand"', b"3", b"null"):
        client.post(URL, data=body, content_type="application/json")
    assert fake_audit.calls == [[], "hand", 3, None]


def test_json_with_charset_and_suffix_types_is_accepted(client, fake_audit):
    for content_type in ("application/json; charset=utf-8", "application/hand+json"):
        assert client.post(URL, data=b"{}", content_type=content_type).status_code == 200


# --- end to end, through the real engine --------------------------------------


def test_clean_hand_is_200_with_no_rulings(client):
    record = example_record()
    response = client.post(URL, json=record)
    assert response.status_code == 200, response.get_data(as_text=True)
    result = response.get_json()
    assert result["rulings"] == []
    assert result["score"] == record["claimed"]
    assert result["complete"] is True and result["void"] is False
    assert result["pass_direction"] == "left"
    assert len(result["tricks"]) == 13


def test_cards_are_case_insensitive_and_ten_may_be_written_10(client):
    record = example_record()
    loose = copy.deepcopy(record)
    loose["deal"] = {s: [c.lower().replace("t", "10") for c in cards] for s, cards in record["deal"].items()}
    loose["play"] = [{"seat": e["seat"], "card": e["card"].lower()} for e in record["play"]]
    strict = client.post(URL, json=record).get_json()
    response = client.post(URL, json=loose)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == strict


def test_unknown_top_level_field_is_422(client, problem):
    record = example_record() | {"bogus": 1}
    result = problem(client.post(URL, json=record), 422)
    assert {(e["pointer"], e["code"]) for e in result["errors"]} == {("/bogus", "unknown_field")}


def test_impossible_record_is_422_with_a_pointer(client, problem):
    record = copy.deepcopy(example_record())
    record["play"][1]["card"] = "ZZ"
    result = problem(client.post(URL, json=record), 422)
    assert "/play/1/card" in {e["pointer"] for e in result["errors"]}
