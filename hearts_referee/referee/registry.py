"""The registry of variants, by id (the definitions are in ``referee/rulebook/``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .rulebook import BUILT_IN
from .variant import FIRST_LEADS, PASS_CYCLES, Clause, Deck, Moon, Variant, pass_direction_name

VARIANTS: Mapping[str, Variant] = MappingProxyType({v.id: v for v in BUILT_IN})
"""Every variant the referee knows, by id."""


def get_variant(variant_id: str) -> Variant:
    """The variant called ``variant_id``; ``KeyError`` names the known ones."""
    try:
        return VARIANTS[variant_id]
    except KeyError:
        raise KeyError(f"unknown variant {variant_id!r}; known: {', '.join(VARIANTS)}") from None


__all__ = [
    "FIRST_LEADS",
    "PASS_CYCLES",
    "VARIANTS",
    "Clause",
    "Deck",
    "Moon",
    "Variant",
    "get_variant",
    "pass_direction_name",
]
