"""Numbers as the strict reader reads them, in a body and in a form field alike.

JSON has one kind of number, and JSON Schema (OpenAPI 3.1, the spec's dialect) counts
``219.0`` as an integer: the referee reads it as the integer 219 wherever an integer
is due, and a fraction stays a fraction for the codec to refuse there. A form field
holds text: a number in it is read as the same text in a body would be, and anything
else stays text, for the codec to refuse at its pointer.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from events import create_event

from hearts_referee.schemas.strictjson import (
    FORM_NUMBER_MAX_LENGTH,
    INTEGRAL_MAX,
    form_number,
    loads_strict,
    pointer_index,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("text", ["219.0", "2.19e2", "21900e-2", "219.000"])
def test_a_whole_number_written_with_a_fraction_or_exponent_is_the_integer_it_is(text):
    value = loads_strict(f'{{"seed": {text}}}'.encode())["seed"]
    assert (value, type(value)) == (219, int)


def test_a_fraction_stays_a_float():
    assert loads_strict(b"[219.5, 0.1]") == [219.5, 0.1]


def test_a_whole_number_past_every_bound_is_not_made_an_integer():
    assert isinstance(loads_strict(b"1e300"), float)
    assert loads_strict(f"{INTEGRAL_MAX}.0".encode()) == INTEGRAL_MAX


def test_a_seed_of_219_0_seats_a_round_as_219_does(client, as_role):
    director = as_role("director")
    create_event(client, director, "mso-2000", 8)
    response = client.post("/v1/events/1/rounds", headers=director, json={"seed": 219.0})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["seed"] == 219


def test_a_seed_with_a_fraction_is_refused_at_its_pointer(client, as_role, problem):
    director = as_role("director")
    create_event(client, director, "mso-2000", 8)
    body = problem(client.post("/v1/events/1/rounds", headers=director, json={"seed": 219.5}), 422)
    assert [e["pointer"] for e in body["errors"]] == ["/seed"]


@pytest.mark.parametrize(("typed", "read"), [("12", 12), (" -3 ", -3), ("219.0", 219), ("0.5", 0.5)])
def test_a_number_typed_into_a_form_is_read_as_json_reads_it(typed, read):
    assert form_number(typed) == read


@pytest.mark.parametrize("typed", ["²", "٣", "1_000", "9" * 5000, "NaN", "1e999", "0x10", "+1", "012", ""])
def test_anything_else_typed_into_a_form_stays_text_for_the_codec_to_refuse(typed):
    assert form_number(typed) == typed


def test_a_form_number_past_its_length_bound_stays_text_whatever_pythons_digit_limit():
    """5,000 digits stay text because the reader bounds its length, not because Python's
    ``int()`` happens to stop at 4,300 digits (a setting anyone may lift)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert form_number("9" * 5000) == "9" * 5000
        assert form_number("1" + "0" * FORM_NUMBER_MAX_LENGTH) == "1" + "0" * FORM_NUMBER_MAX_LENGTH
    finally:
        sys.set_int_max_str_digits(limit)
    assert form_number("9" * FORM_NUMBER_MAX_LENGTH) == int("9" * FORM_NUMBER_MAX_LENGTH)


@pytest.mark.parametrize(("token", "index"), [("0", 0), ("3", 3), ("12", 12)])
def test_a_pointer_token_written_as_rfc_6901_writes_an_index_is_one(token, index):
    assert pointer_index(token) == index


@pytest.mark.parametrize("token", ["²", "١٢", "٣", "-1", "-0", "01", "1.0", "1e1", " 1", "N", "", "9" * 5000])
def test_any_other_pointer_token_is_no_index(token):
    assert pointer_index(token) is None


@pytest.mark.parametrize("digits", ["١", "%D9%A1", "²", "１"])
def test_a_row_id_in_a_path_written_in_other_digits_is_no_row(client, as_role, keys, digits):
    """``/v1/hands/١`` answered hand 1: werkzeug's integer converter matches ``\\d+``, every
    Unicode digit, and reads it with ``int()``. An id in a path is ASCII digits."""
    from test_pages import sign_in

    director = as_role("director")
    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text(encoding="utf-8"))
    assert client.post("/v1/hands", json=record, headers=director).status_code == 201
    assert client.get("/v1/hands/1", headers=director).status_code == 200
    assert client.get(f"/v1/hands/{digits}", headers=director).status_code == 404
    sign_in(client, keys, "director")
    assert client.get("/director/hands/1").status_code == 200
    assert client.get(f"/director/hands/{digits}").status_code == 404
