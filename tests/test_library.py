"""The Python API for library users: ``import hearts_referee`` answers what the API answers.

An auditor in a notebook, another tool or our benchmarks call these instead of
the HTTP service: the same record gets the same result, byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games import moon, new_game

import hearts_referee

ROOT = Path(__file__).resolve().parent.parent
REVOKE = ROOT / "examples" / "mso-revoke.json"


def test_validate_hand_audits_the_mso_revoke_as_the_api_does(client):
    record = json.loads(REVOKE.read_text())
    result = hearts_referee.validate_hand(record)
    assert result == client.post("/v1/hands/validate", json=record).get_json()
    assert result["rulings"][0]["code"] == "revoke"


def test_validate_hand_json_gives_the_apis_body_byte_for_byte(client):
    text = REVOKE.read_text()
    body = hearts_referee.validate_hand_json(text)
    answer = client.post("/v1/hands/validate", data=text, content_type="application/json")
    assert isinstance(body, bytes) and body == answer.data.rstrip(b"\n")
    assert hearts_referee.validate_hand_json(text.encode()) == body  # bytes in, too


def test_validate_hand_json_reads_as_strictly_as_the_api():
    with pytest.raises(hearts_referee.JSONError):
        hearts_referee.validate_hand_json('{"variant": "standard", "variant": "mso-2000"}')


def test_an_impossible_record_raises_record_error_listing_every_problem_located():
    record = json.loads(REVOKE.read_text())
    record["variant"] = "no-such-variant"
    with pytest.raises(hearts_referee.RecordError) as raised:
        hearts_referee.validate_hand(record)
    first = raised.value.problems[0]
    assert (first.pointer, first.code) == ("/variant", "unknown_variant")


def test_validate_game_answers_what_games_validate_answers(client):
    game = new_game(hands=[moon("E", 1), moon("W", 2)])
    assert hearts_referee.validate_game(game) == client.post("/v1/games/validate", json=game).get_json()


def test_the_variants_are_the_ones_the_api_lists(client):
    listed = [v["id"] for v in client.get("/v1/variants").get_json()["variants"]]
    assert list(hearts_referee.VARIANTS) == listed
    assert hearts_referee.get_variant("mso-2000") is hearts_referee.VARIANTS["mso-2000"]
    assert isinstance(hearts_referee.VARIANTS["long-john"], hearts_referee.Variant)


def test_the_package_is_typed():
    assert (Path(hearts_referee.__file__).parent / "py.typed").is_file()


def test_an_answer_echoing_an_integer_past_64_bits_is_still_written():
    """orjson writes the answers, but refuses integers past 64 bits: those are written as before."""
    from hearts_referee.schemas.strictjson import dumps

    big = 10**30
    assert dumps({"scores_before": {"N": big}}) == b'{"scores_before":{"N":%d}}' % big
    assert dumps({"card": "Q♠"}, newline=True) == '{"card":"Q♠"}\n'.encode()


def test_an_answer_keyed_by_ruling_codes_is_written_by_their_names():
    """Plain str keys are written at orjson's fastest; a dict keyed by a str enum (counts by
    ruling code) is still written, each key as the code's name, in order."""
    from hearts_referee.referee.findings import Code
    from hearts_referee.schemas.strictjson import dumps

    counts = {Code.REVOKE: 2, "other": 1, Code.EARLY_HEART: 0}
    assert dumps({"counts": counts}, newline=True) == b'{"counts":{"revoke":2,"other":1,"early_heart":0}}\n'
