"""``GET /v1/variants[/<id>]``: every known variant, as data, citable by rulings."""

from __future__ import annotations

import pytest
from support import validator

from hearts_referee.referee.registry import VARIANTS


def test_lists_every_variant_in_order(client):
    response = client.get("/v1/variants")
    assert response.status_code == 200
    body = response.get_json()
    validator("VariantList").validate(body)
    assert [v["id"] for v in body["variants"]] == list(VARIANTS)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_one_variant(client, variant_id):
    response = client.get(f"/v1/variants/{variant_id}")
    assert response.status_code == 200
    body = response.get_json()
    validator("Variant").validate(body)
    variant = VARIANTS[variant_id]
    assert body["id"] == variant_id
    assert body["seat_counts"] == list(variant.seat_counts)
    assert [c["id"] for c in body["clauses"]] == [f"{variant_id}/{c.key}" for c in variant.clauses]
    clause_ids = {c["id"] for c in body["clauses"]}
    assert set(body["cites"]) == set(variant.cites)
    for code, rule in body["cites"].items():
        assert rule == variant.rule_for(code)
        assert rule in clause_ids
    for n in variant.seat_counts:
        assert len(body["pass_directions"][str(n)]) >= 1
        assert body["hand_sizes"][str(n)] == {"hand": variant.hand_size(n), "kitty": variant.kitty_size(n)}


def test_mso_publishes_its_moon_exception(client):
    body = client.get("/v1/variants/mso-2000").get_json()
    assert body["moon"] == {
        "options": ["add", "subtract"],
        "subtract_from": 74,
        "chooser": "subtract-when-open",
    }
    assert body["pass_directions"]["4"] == ["left", "right", "across"]


@pytest.mark.parametrize("variant_id", ["nope", "MSO-2000", "standard ", "%2e%2e"])
def test_unknown_variant_is_404(client, problem, variant_id):
    body = problem(client.get(f"/v1/variants/{variant_id}"), 404)
    assert "mso-2000" in body["detail"]
