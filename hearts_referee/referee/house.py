"""House rules: a built-in variant with some of its rules changed by name.

A club writes ``{"base": "standard", "options": {"jack_of_diamonds_points": -10,
"pass_cycle": "no-pass"}}``. Every rule a club could want to change is an
:class:`Option` with a name, a type, a one-line description and the base
variant's value as its default; the house variant is the base definition
with those fields replaced, so the replay needs no special case for it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .translator import N_, SAID
from .variant import FirstLead, KittyTaker, Moon, MoonChooser, MoonOption, PassCycle, Variant


class MoonRule(StrEnum):
    """What a moon does, as the house option ``moon`` names it: nothing, the others score
    it, or the shooter may choose (``Variant.moon`` is the rule built from it)."""

    NONE = "none"
    ADD = "add"
    ADD_OR_SUBTRACT = "add-or-subtract"


MOON_RULES: tuple[MoonRule, ...] = tuple(MoonRule)
"""What a moon may do, in the order the house option lists them."""


class OptionType(StrEnum):
    """The kind of value a house option takes, as the catalogue names it."""

    INTEGER = "integer"
    BOOLEAN = "boolean"
    CHOICE = "choice"


@dataclass(frozen=True)
class Option:
    """One rule a house variant may change."""

    name: str
    type: OptionType
    description: str
    choices: tuple[StrEnum, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def problem(self, value: object, choices: Collection[str] = ()) -> str | None:
        """Why ``value`` is not allowed for this option, or ``None``."""
        if self.type is OptionType.BOOLEAN:
            return None if type(value) is bool else SAID.gettext("must be true or false")
        if self.type is OptionType.INTEGER:
            if type(value) is not int:
                return SAID.gettext("must be a whole number")
            if self.minimum is not None and value < self.minimum:
                return SAID.gettext("must be at least %(min)s", min=self.minimum)
            if self.maximum is not None and value > self.maximum:
                return SAID.gettext("must be at most %(max)s", max=self.maximum)
            return None
        allowed = choices or self.choices
        if not isinstance(value, str) or value not in allowed:
            return SAID.gettext("must be one of: %(choices)s", choices=", ".join(allowed))
        return None


def _moon_rule(variant: Variant) -> MoonRule:
    if variant.moon is None:
        return MoonRule.NONE
    return MoonRule.ADD_OR_SUBTRACT if MoonOption.SUBTRACT in variant.moon.options else MoonRule.ADD


OPTIONS: tuple[Option, ...] = (
    Option("pass_count", OptionType.INTEGER, N_("How many cards each player passes."), minimum=0, maximum=6),
    Option(
        "pass_cycle",
        OptionType.CHOICE,
        N_("The order of pass directions, hand after hand."),
        choices=tuple(PassCycle),
    ),
    Option("first_lead", OptionType.CHOICE, N_("Who leads trick 1."), choices=tuple(FirstLead)),
    Option(
        "no_points_on_first_trick",
        OptionType.BOOLEAN,
        N_("Whether hearts and the Q♠ are barred from trick 1 unless nothing else is legal."),
    ),
    Option("hearts_broken_from_start", OptionType.BOOLEAN, N_("Whether hearts may be led from trick 1 on.")),
    Option("queen_breaks_hearts", OptionType.BOOLEAN, N_("Whether playing the Q♠ breaks hearts.")),
    Option(
        "may_lead_hearts_with_queen",
        OptionType.BOOLEAN,
        N_("Whether a leader holding only hearts and the Q♠ may lead a heart."),
    ),
    Option("heart_points", OptionType.INTEGER, N_("Points for each heart taken."), minimum=-100, maximum=100),
    Option("queen_points", OptionType.INTEGER, N_("Points for the Q♠."), minimum=-100, maximum=100),
    Option(
        "jack_of_diamonds_points",
        OptionType.INTEGER,
        N_("Points for the J♦ (e.g. -10)."),
        minimum=-100,
        maximum=100,
    ),
    Option("moon", OptionType.CHOICE, N_("What taking every point card does."), choices=MOON_RULES),
    Option(
        "moon_subtract_from",
        OptionType.INTEGER,
        N_("With add-or-subtract: the total someone must have for subtract to be open (0: always)."),
        minimum=0,
        maximum=1000,
    ),
    Option("game_target", OptionType.INTEGER, N_("The total that ends the game."), minimum=1, maximum=10000),
    Option("penalty_schedule", OptionType.CHOICE, N_("The penalty schedule that rules on irregularities.")),
    Option(
        "penalty_cards", OptionType.BOOLEAN, N_("Whether exposed and withdrawn cards become penalty cards.")
    ),
    Option(
        "revoke_cannot_stop_moon",
        OptionType.BOOLEAN,
        N_("Whether a moon stopped only by another player's revoke is referred as a moon."),
    ),
    Option("totals_floor_zero", OptionType.BOOLEAN, N_("Whether game totals stop at zero.")),
    Option("kitty_to", OptionType.CHOICE, N_("Who takes the kitty."), choices=tuple(KittyTaker)),
)
"""Every option a house variant may set, in the order the catalogue lists them."""

_BY_NAME = {option.name: option for option in OPTIONS}


def default_of(variant: Variant, name: str) -> object:
    """The base variant's own value for option ``name``."""
    if name == "moon":
        return _moon_rule(variant)
    if name == "moon_subtract_from":
        return (variant.moon.subtract_from or 0) if variant.moon is not None else 0
    return getattr(variant, name)


def catalogue(variant: Variant, schedules: Collection[str]) -> list[dict[str, object]]:
    """Every option with its type, choices and this variant's default, for the API."""
    return [
        {
            "name": o.name,
            "type": o.type,
            "description": o.description,
            "choices": list(schedules if o.name == "penalty_schedule" else o.choices),
            "default": default_of(variant, o.name),
        }
        for o in OPTIONS
    ]


def option_problems(options: Mapping[str, object], schedules: Collection[str]) -> dict[str, str]:
    """Unknown or ill-typed options, by name, with what is wrong."""
    problems: dict[str, str] = {}
    for name, value in options.items():
        option = _BY_NAME.get(name)
        if option is None:
            problems[name] = SAID.gettext("unknown option; known: %(known)s", known=", ".join(_BY_NAME))
            continue
        wrong = option.problem(value, schedules if name == "penalty_schedule" else ())
        if wrong:
            problems[name] = wrong
    return problems


def house_variant(base: Variant, options: Mapping[str, Any]) -> Variant:
    """``base`` with ``options`` applied (already checked with :func:`option_problems`).

    The values are ``Any``: each option's type depends on its name, which
    :func:`option_problems` has checked, and they replace ``Variant`` fields
    of those types by name.
    """
    if not options:
        return base
    key = (base.id, base.name, tuple(sorted(options.items())))
    variant = _BUILT.get(key)
    if variant is None:
        if len(_BUILT) >= 256:  # a club uses a handful; anything else is not worth keeping
            _BUILT.clear()
        variant = _BUILT[key] = _build(base, dict(options))
    return variant


_BUILT: dict[tuple[str, str, tuple[tuple[str, Any], ...]], Variant] = {}


def _build(base: Variant, chosen: dict[str, Any]) -> Variant:
    fields = {name: value for name, value in chosen.items() if name not in ("moon", "moon_subtract_from")}
    if "moon" in chosen or "moon_subtract_from" in chosen:
        fields["moon"] = _moon(
            base,
            chosen.get("moon", _moon_rule(base)),
            chosen.get("moon_subtract_from", default_of(base, "moon_subtract_from")),
        )
    # the name a whole phrase in the reader's language; the base's name is its own message (N_)
    name = SAID.gettext("%(name)s (house rules)", name=SAID.gettext(base.name))
    return replace(base, name=name, options=chosen, **fields)


def _moon(base: Variant, rule: MoonRule | str, subtract_from: int) -> Moon | None:
    """The moon of ``rule`` (the option's string, checked, or the base's own rule)."""
    chooser = base.moon.chooser if base.moon is not None else MoonChooser.SUBTRACT_WHEN_OPEN
    chosen = MoonRule(rule)
    if chosen is MoonRule.NONE:
        return None
    if chosen is MoonRule.ADD:
        return Moon((MoonOption.ADD,), None, chooser)
    return Moon((MoonOption.ADD, MoonOption.SUBTRACT), subtract_from or None, chooser)
