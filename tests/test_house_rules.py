"""House rules: a built-in variant with named options changed."""

from __future__ import annotations

import pytest
from hands import SUIT_BLOCKS, block_tricks, hand, on_play, ruling

from hearts_referee.referee.house import OPTIONS, house_variant
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.validate import validate_hand

URL = "/v1/hands/validate"


def house(base: str = "standard", **options):
    return {"base": base, "options": options}


def test_standard_with_jack_of_diamonds_minus_10_and_no_passing_validates(client):
    record = hand("standard", hand_number=1, passes={}, play="N:2C E:3C S:4C W:5C W:4D N:KD E:TD S:JD")
    record["variant"] = house(jack_of_diamonds_points=-10, pass_cycle="no-pass")
    response = client.post(URL, json=record)
    assert response.status_code == 200
    body = response.get_json()
    assert body["variant"] == "standard" and body["pass_direction"] == "hold"
    assert body["options"] == {"jack_of_diamonds_points": -10, "pass_cycle": "no-pass"}
    assert on_play(body) == [] and body["points"]["N"] == -10


def test_unknown_option_is_a_422_that_names_it(client):
    record = hand("standard", hand_number=4)
    record["variant"] = house(jd_bonus=True)
    response = client.post(URL, json=record)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert {k: errors[0][k] for k in ("pointer", "code")} == {
        "pointer": "/variant/options/jd_bonus",
        "code": "unknown_option",
    }
    assert "jd_bonus" in errors[0]["message"]


@pytest.mark.parametrize(
    "name, value",
    [
        ("game_target", "100"),
        ("moon", "sometimes"),
        ("no_points_on_first_trick", 1),
        ("pass_count", 9),
        ("penalty_schedule", "fifa"),
    ],
)
def test_ill_typed_option_is_a_422_that_names_it(client, name, value):
    record = hand("standard", hand_number=4)
    record["variant"] = house(**{name: value})
    response = client.post(URL, json=record)
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert (error["pointer"], error["code"]) == (f"/variant/options/{name}", "invalid_option")


def test_a_house_variant_may_take_the_mso_penalty_schedule():
    record = hand("standard", hand_number=4, play="N:2C E:2D S:4C W:5C W:KC")
    record["variant"] = house(penalty_schedule="mso-2000", penalty_cards=True)
    found = ruling(validate_hand(record), "revoke")
    assert (found["status"], found["penalty"]) == ("applied", {"points": 26})


def test_a_house_moon_with_a_choice_for_the_shooter():
    record = hand("standard", hand_number=4, held=SUIT_BLOCKS, play=block_tricks(), moon_choice="subtract")
    record["variant"] = house(moon="add-or-subtract")
    result = validate_hand(record)
    assert result["moon"] == {"seat": "W", "option": "subtract", "chosen_by": "record"}
    assert result["score"]["W"] == -26


def test_every_variant_publishes_every_option_with_its_default(client):
    body = client.get("/v1/variants").get_json()
    for variant in body["variants"]:
        options = {o["name"]: o for o in variant["house_options"]}
        assert list(options) == [o.name for o in OPTIONS]
        assert all(
            o["description"] and o["type"] in ("integer", "boolean", "choice") for o in options.values()
        )
    omnibus = {
        o["name"]: o["default"] for o in client.get("/v1/variants/omnibus-kitty").get_json()["house_options"]
    }
    assert omnibus["jack_of_diamonds_points"] == -10 and omnibus["moon"] == "none"
    assert omnibus["game_target"] == 50


def test_house_options_in_the_spec_are_the_catalogue():
    from support import SPEC

    spec = SPEC["components"]["schemas"]["HouseOptions"]["properties"]
    assert list(spec) == [o.name for o in OPTIONS]
    for option in OPTIONS:
        kind = {"integer": "integer", "boolean": "boolean", "choice": "string"}[option.type]
        assert spec[option.name]["type"] == kind
        if option.minimum is not None:
            assert spec[option.name]["minimum"] == option.minimum
        if option.choices:
            assert spec[option.name]["enum"] == list(option.choices)


def test_every_built_in_variant_is_a_valid_base():
    for variant in VARIANTS.values():
        changed = house_variant(variant, {"game_target": 77})
        assert changed.game_target == 77 and changed.id == variant.id
        assert house_variant(variant, {}) is variant
