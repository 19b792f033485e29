"""A variant's rule settings are enums that equal their strings.

The pass cycle, the first lead, the kitty taker, the penalty schedule, who signs, the house
moon rule and an option's type each name one member of a ``StrEnum``; the tuples of allowed
values, the house catalogue's choices and the openapi lists are read from those enums. A
house option arrives as its plain string and is echoed as sent, while the variant built
from it holds the member.
"""

from __future__ import annotations

import json
from dataclasses import replace
from enum import StrEnum

import pytest
from support import SPEC

from hearts_referee.referee import (
    VARIANTS,
    FirstLead,
    KittyTaker,
    PassCycle,
    PenaltySchedule,
    Signers,
)
from hearts_referee.referee.house import MOON_RULES, OPTIONS, MoonRule, OptionType, house_variant
from hearts_referee.referee.variant import FIRST_LEADS, KITTY_TAKERS, PASS_CYCLES, SIGNATURES
from hearts_referee.rulings.schedules import SCHEDULES
from hearts_referee.rulings.scoresheet import game_rules

SETTINGS = [PassCycle, FirstLead, KittyTaker, PenaltySchedule, Signers, MoonRule, OptionType]

FIELDS = {
    "pass_cycle": PassCycle,
    "first_lead": FirstLead,
    "kitty_to": KittyTaker,
    "penalty_schedule": PenaltySchedule,
    "signatures": Signers,
    "game_signatures": Signers,
}
"""Each ``Variant`` field that holds a rule setting, and its enum."""


@pytest.mark.parametrize("enum", SETTINGS)
def test_every_rule_setting_is_a_str_enum_whose_members_dump_as_their_strings(enum):
    assert issubclass(enum, StrEnum)
    for member in enum:
        assert member == member.value and str(member) == member.value
        assert json.dumps({member: [member]}) == json.dumps({member.value: [member.value]})
        assert enum(member.value) is member


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_built_in_variant_holds_each_rule_setting_as_its_member(variant_id):
    variant = VARIANTS[variant_id]
    for name, enum in FIELDS.items():
        assert type(getattr(variant, name)) is enum, name
    rules = game_rules(variant)
    assert type(rules.signatures) is Signers and type(rules.game_signatures) is Signers


def test_long_john_s_settings_are_the_members_of_its_rules():
    long_john = VARIANTS["long-john"]
    assert long_john.pass_cycle is PassCycle.WIDENING_THEN_KEEP
    assert long_john.first_lead is FirstLead.LEFT_OF_DEALER and not long_john.two_of_clubs_leads
    assert long_john.kitty_to is KittyTaker.FIRST_COUNTER_TRICK
    assert long_john.penalty_schedule is PenaltySchedule.REFER_ALL
    assert long_john.signatures is Signers.SCOREKEEPER and long_john.game_signatures is Signers.NONE


def test_a_house_option_sent_as_a_string_is_held_as_its_member_and_echoed_as_the_string():
    sent = {
        "pass_cycle": "no-pass",
        "first_lead": "two-of-clubs-else-left-of-dealer",
        "kitty_to": "first-counter-trick",
        "penalty_schedule": "mso-2000",
    }
    house = house_variant(VARIANTS["standard"], sent)
    assert house.pass_cycle is PassCycle.NO_PASS
    assert house.first_lead is FirstLead.TWO_OF_CLUBS_ELSE_LEFT_OF_DEALER and house.two_of_clubs_leads
    assert house.kitty_to is KittyTaker.FIRST_COUNTER_TRICK
    assert house.penalty_schedule is PenaltySchedule.MSO_2000
    assert SCHEDULES[house.penalty_schedule].id is PenaltySchedule.MSO_2000
    assert house.options == sent and all(type(value) is str for value in house.options.values())
    assert house.pass_offset(1, 4) == 0


@pytest.mark.parametrize(
    ("name", "value", "refusal"),
    [
        ("pass_cycle", "sideways", "unknown pass cycle 'sideways'"),
        ("first_lead", "dealer", "unknown first lead 'dealer'"),
        ("kitty_to", "dealer", "unknown kitty taker 'dealer'"),
        ("penalty_schedule", "fifa", "unknown penalty schedule 'fifa'"),
        ("signatures", "nobody", "unknown signatures 'nobody'"),
    ],
)
def test_a_rule_setting_that_names_no_member_is_refused_by_its_name(name, value, refusal):
    with pytest.raises(ValueError, match=f"variant 'standard': {refusal}"):
        replace(VARIANTS["standard"], **{name: value})


def test_a_rule_setting_that_is_not_text_is_refused():
    """None for a setting: the pure build's variant names it (ValueError); the compiled one
    refuses it before, as every annotated field of a native class (TypeError)."""
    with pytest.raises((ValueError, TypeError)):
        replace(VARIANTS["standard"], first_lead=None)


def test_the_allowed_values_are_the_enums_members_in_order():
    assert tuple(FirstLead) == FIRST_LEADS and tuple(KittyTaker) == KITTY_TAKERS
    assert tuple(Signers) == SIGNATURES and tuple(MoonRule) == MOON_RULES
    assert tuple(PASS_CYCLES) == tuple(PassCycle)
    assert set(SCHEDULES) == set(PenaltySchedule)
    assert all(schedule.id is PenaltySchedule(key) for key, schedule in SCHEDULES.items())
    choices = {option.name: option.choices for option in OPTIONS}
    assert choices["pass_cycle"] == tuple(PassCycle)
    assert choices["first_lead"] == tuple(FirstLead)
    assert choices["kitty_to"] == tuple(KittyTaker)
    assert choices["moon"] == tuple(MoonRule)
    assert all(type(option.type) is OptionType for option in OPTIONS)


def test_the_openapi_house_options_list_exactly_the_enums_values():
    """openapi.yaml's ``HouseOptions`` names every option, with its type, and each choice
    option lists exactly its enum's values (the penalty schedules: every schedule)."""
    published = SPEC["components"]["schemas"]["HouseOptions"]["properties"]
    assert list(published) == [option.name for option in OPTIONS]
    json_type = {OptionType.INTEGER: "integer", OptionType.BOOLEAN: "boolean", OptionType.CHOICE: "string"}
    for option in OPTIONS:
        entry = published[option.name]
        assert entry["type"] == json_type[option.type], option.name
        assert entry["description"] == option.description, option.name
        if option.type is OptionType.CHOICE:
            values = [str(value) for value in option.choices or PenaltySchedule]
            assert entry["enum"] == values, option.name
