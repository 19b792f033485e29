"""The public JSON form of a variant definition (dump only).

Clients show directors the rule a ruling cites, so a variant is published as
data: its settings, its clauses under the same ids rulings use in ``rule``
(``mso-2000/revoke``), and which clause each ruling code cites.

The words a person reads (the variant's name and source, each clause's title and text, each
house option's description) are in the reader's language: the schema takes the translator
(``referee.translator``; English, the source, by default). Ids, settings and a clause's
``original`` (the rule in its own text's language) are the same in every language.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from hearts_referee.referee.house import catalogue
from hearts_referee.referee.registry import Variant, pass_direction_name
from hearts_referee.referee.translator import ENGLISH, Translator
from hearts_referee.rulings.schedules import SCHEDULES


class MoonSchema(Schema):
    options = fields.List(fields.String())
    subtract_from = fields.Integer(allow_none=True)
    chooser = fields.String()


class VariantSchema(Schema):
    """A ``referee.registry.Variant`` as JSON, its words in the language of ``translator``;
    see ``Variant`` in openapi.yaml."""

    def __init__(self, *, translator: Translator = ENGLISH, many: bool = False) -> None:
        super().__init__(many=many)
        self.translator = translator

    id = fields.String()
    name = fields.Method("_name")
    source = fields.Method("_source")
    seat_counts = fields.List(fields.Integer())
    hand_sizes = fields.Method("_hand_sizes")
    pass_count = fields.Integer()
    pass_cycle = fields.String()
    pass_directions = fields.Method("_pass_directions")
    first_lead = fields.String()
    no_points_on_first_trick = fields.Boolean()
    queen_breaks_hearts = fields.Boolean()
    may_lead_hearts_with_queen = fields.Boolean()
    penalty_cards = fields.Boolean()
    revoke_cannot_stop_moon = fields.Boolean()
    moon = fields.Nested(MoonSchema, allow_none=True)
    game_target = fields.Integer()
    penalty_schedule = fields.String()
    signatures = fields.String()
    game_signatures = fields.String()
    heart_points = fields.Integer()
    queen_points = fields.Integer()
    jack_of_diamonds_points = fields.Integer()
    decks = fields.Integer()
    jokers = fields.Method("_jokers")
    hearts_broken_from_start = fields.Boolean()
    cancellation = fields.Boolean()
    kitty_to = fields.String()
    backs_check = fields.Boolean()
    totals_floor_zero = fields.Boolean()
    options = fields.Dict()
    house_options = fields.Method("_house_options")
    clauses = fields.Method("_clauses")
    cites = fields.Method("_cites")

    def _hand_sizes(self, variant: Variant) -> dict[str, dict[str, int]]:
        """Cards per hand and in the kitty, by number of seats (JSON keys are strings)."""
        return {
            str(n): {"hand": variant.hand_size(n), "kitty": variant.kitty_size(n)}
            for n in variant.seat_counts
        }

    def _pass_directions(self, variant: Variant) -> dict[str, list[str]]:
        """The pass cycle spelled out per table size: hand 1 first, then repeating."""
        return {
            str(n): [pass_direction_name(o, n) for o in variant.deck(n).pass_cycle]
            for n in variant.seat_counts
        }

    def _jokers(self, variant: Variant) -> dict[str, int]:
        """Jokers added to the decks, keyed by table size (only where there are any)."""
        return {str(n): count for n, count in variant.jokers.items() if count}

    def _house_options(self, variant: Variant) -> list[dict[str, Any]]:
        """What a house variant built on this one may change, with this variant's defaults."""
        t = self.translator
        return [
            {**option, "description": t.gettext(str(option["description"]))}
            for option in catalogue(variant, SCHEDULES)
        ]

    def _clauses(self, variant: Variant) -> list[dict[str, str]]:
        """Each clause's title and text in the reader's language; the rule in its own text's
        language as ``original``, where the variant's text is not English."""
        t = self.translator
        clauses = []
        for c in variant.clauses:
            clause = {"id": f"{variant.id}/{c.key}", "title": t.gettext(c.title), "text": t.gettext(c.text)}
            if c.original is not None:
                clause["original"] = c.original
            clauses.append(clause)
        return clauses

    def _name(self, variant: Variant) -> str:
        return self.translator.gettext(variant.name)

    def _source(self, variant: Variant) -> str:
        return self.translator.gettext(variant.source)

    def _cites(self, variant: Variant) -> dict[str, str]:
        """Ruling code -> the clause id a ruling of that code carries in ``rule``."""
        return {code: variant.rule_for(code) for code in variant.cites}
