"""House rules: a built-in variant with some of its rules changed by name.

A club writes ``{"base": "standard", "options": {"jack_of_diamonds_points": -10,
"pass_cycle": "no-pass"}}``. Every rule a club could want to change is an
:class:`Option` with a name, a type, a one-line description and the base
variant's value as its default; the house variant is the base definition
with those fields replaced, so the replay needs no special case for it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .variant import FIRST_LEADS, KITTY_TAKERS, PASS_CYCLES, Moon, MoonChooser, MoonOption, Variant

MOON_RULES = ("none", "add", "add-or-subtract")
"""What a moon does: nothing, the others score it, or the shooter may choose."""


@dataclass(frozen=True)
class Option:
    """One rule a house variant may change."""

    name: str
    type: str  # "integer", "boolean" or "choice"
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def problem(self, value: object, choices: Collection[str] = ()) -> str | None:
        """Why ``value`` is not allowed for this option, or ``None``."""
        if self.type == "boolean":
            return None if type(value) is bool else "must be true or false"
        if self.type == "integer":
            if type(value) is not int:
                return "must be a whole number"
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}"
            if self.maximum is not None and value > self.maximum:
                return f"must be at most {self.maximum}"
            return None
        allowed = choices or self.choices
        if type(value) is not str or value not in allowed:
            return "must be one of: " + ", ".join(allowed)
        return None


def _moon_rule(variant: Variant) -> str:
    if variant.moon is None:
        return "none"
    return "add-or-subtract" if MoonOption.SUBTRACT in variant.moon.options else "add"


OPTIONS: tuple[Option, ...] = (
    Option("pass_count", "integer", "How many cards each player passes.", minimum=0, maximum=6),
    Option(
        "pass_cycle", "choice", "The order of pass directions, hand after hand.", choices=tuple(PASS_CYCLES)
    ),
    Option("first_lead", "choice", "Who leads trick 1.", choices=FIRST_LEADS),
    Option(
        "no_points_on_first_trick",
        "boolean",
        "Whether hearts and the Q♠ are barred from trick 1 unless nothing else is legal.",
    ),
    Option("hearts_broken_from_start", "boolean", "Whether hearts may be led from trick 1 on."),
    Option("queen_breaks_hearts", "boolean", "Whether playing the Q♠ breaks hearts."),
    Option(
        "may_lead_hearts_with_queen",
        "boolean",
        "Whether a leader holding only hearts and the Q♠ may lead a heart.",
    ),
    Option("heart_points", "integer", "Points for each heart taken.", minimum=-100, maximum=100),
    Option("queen_points", "integer", "Points for the Q♠.", minimum=-100, maximum=100),
    Option("jack_of_diamonds_points", "integer", "Points for the J♦ (e.g. -10).", minimum=-100, maximum=100),
    Option("moon", "choice", "What taking every point card does.", choices=MOON_RULES),
    Option(
        "moon_subtract_from",
        "integer",
        "With add-or-subtract: the total someone must have for subtract to be open (0: always).",
        minimum=0,
        maximum=1000,
    ),
    Option("game_target", "integer", "The total that ends the game.", minimum=1, maximum=10000),
    Option("penalty_schedule", "choice", "The penalty schedule that rules on irregularities."),
    Option("penalty_cards", "boolean", "Whether exposed and withdrawn cards become penalty cards."),
    Option(
        "revoke_cannot_stop_moon",
        "boolean",
        "Whether a moon stopped only by another player's revoke is referred as a moon.",
    ),
    Option("totals_floor_zero", "boolean", "Whether game totals stop at zero."),
    Option("kitty_to", "choice", "Who takes the kitty.", choices=KITTY_TAKERS),
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
    problems = {}
    for name, value in options.items():
        option = _BY_NAME.get(name)
        if option is None:
            problems[name] = f"unknown option; known: {', '.join(_BY_NAME)}"
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
    return replace(base, name=f"{base.name} (house rules)", options=chosen, **fields)


def _moon(base: Variant, rule: str, subtract_from: int) -> Moon | None:
    chooser = base.moon.chooser if base.moon is not None else MoonChooser.SUBTRACT_WHEN_OPEN
    builders: dict[str, Callable[[], Moon | None]] = {
        "none": lambda: None,
        "add": lambda: Moon((MoonOption.ADD,), None, chooser),
        "add-or-subtract": lambda: Moon(
            (MoonOption.ADD, MoonOption.SUBTRACT), subtract_from or None, chooser
        ),
    }
    return builders[rule]()
