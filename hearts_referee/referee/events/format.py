"""Event formats as data: how many rounds of which kind, table sizes, how players advance.

An :class:`EventFormat` is to an event what a ``Variant`` is to a hand: a frozen
value that checks itself, in a registry keyed by id (:data:`EVENT_FORMATS`),
with house formats built from a base and named options (:func:`house_format`).

- ``mso-2000``: tables of four playing ``mso-2000``; three rounds seated at
  random (repeat opponents avoided), one Swiss round on match points, then
  single-elimination playoffs seeded by match points down to a final table.
- ``long-john``: tables of 6-8 playing ``long-john``, up to 64 players; the
  first round seated at random, then each table's winners (ties all advance)
  play on until the field fits one table: the final.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from hearts_referee.referee.registry import VARIANTS
from hearts_referee.referee.translator import SAID


class Advancement(StrEnum):
    """How the field goes on after the seated rounds."""

    MATCH_POINTS = "match_points"
    """Qualifying rounds scored 5-3-2-1 by place, then playoffs seeded by match points."""
    TABLE_WINNERS = "table_winners"
    """Each table's lowest total (ties all) plays the next round, until one table is left."""


class RoundKind(StrEnum):
    RANDOM = "random"
    SWISS = "swiss"
    PLAYOFF = "playoff"
    WINNERS = "winners"
    """A round of the table winners of the round before (``long-john``)."""


class FormatError(ValueError):
    """A format whose options contradict each other; ``problems`` are ``(option, message)``."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{name}: {message}" for name, message in problems))
        self.problems = problems


@dataclass(frozen=True)
class EventFormat:
    """One event format. Every option is named and documented; a house format changes some."""

    id: str
    variant: str
    """The variant every table's game is played under."""
    table_sizes: tuple[int, ...]
    """The table sizes a round may use, smallest first."""
    min_players: int
    max_players: int
    advancement: Advancement
    random_rounds: int
    """Rounds seated at random (repeat opponents avoided), from round 1."""
    swiss_rounds: int = 0
    """Rounds after those paired by standing on match points (``match_points`` formats)."""
    match_points: tuple[int, ...] = ()
    """Match points by place at a table, lowest total first; ties share (``match_points``)."""
    playoff_qualifiers: int | None = None
    """How many players enter the playoffs; ``None``: the largest power of the table size
    that is at most half the field (at least one table)."""

    def __post_init__(self) -> None:
        problems = format_problems(self)
        if problems:
            raise FormatError(problems)

    @property
    def qualifying_rounds(self) -> int:
        return self.random_rounds + self.swiss_rounds

    @property
    def bye_match_points(self) -> Fraction:
        """A bye scores the average of a table's match points (11/4 at MSO: 2.75)."""
        size = self.table_sizes[0]
        return Fraction(sum(self.match_points[:size]), size) if self.match_points else Fraction(0)

    def options(self) -> dict[str, Any]:
        """Every option and its value, as a house format names them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "id"}


def format_problems(fmt: EventFormat) -> list[tuple[str, str]]:
    """What is wrong with a format's options, each as ``(option, message)``."""
    problems: list[tuple[str, str]] = []
    sizes = fmt.table_sizes
    if not sizes or list(sizes) != sorted(set(sizes)) or sizes[0] < 3:
        problems.append(("table_sizes", SAID.gettext("distinct table sizes of at least 3, smallest first")))
    if fmt.min_players < (sizes[0] if sizes else 3) or fmt.max_players < fmt.min_players:
        problems.append(("min_players", SAID.gettext("at least the smallest table, and at most max_players")))
    if fmt.random_rounds < 1:
        problems.append(("random_rounds", SAID.gettext("at least one round seated at random")))
    variant = VARIANTS.get(fmt.variant)
    if variant is None:
        problems.append(("variant", SAID.gettext("unknown variant %(variant)s", variant=repr(fmt.variant))))
    elif any(size not in variant.seat_counts for size in sizes):
        seats = ", ".join(str(n) for n in variant.seat_counts)
        problems.append(
            (
                "table_sizes",
                SAID.gettext(
                    "%(variant)s seats %(seats)s players at a table", variant=fmt.variant, seats=seats
                ),
            )
        )
    if fmt.advancement is Advancement.MATCH_POINTS:
        if len(sizes) != 1:
            problems.append(("table_sizes", SAID.gettext("match-point events seat tables of one size")))
        if len(fmt.match_points) != (sizes[0] if sizes else 0):
            problems.append(("match_points", SAID.gettext("one award per place at the table")))
        if (
            fmt.playoff_qualifiers is not None
            and sizes
            and (fmt.playoff_qualifiers < sizes[0] or fmt.playoff_qualifiers % sizes[0])
        ):
            problems.append(("playoff_qualifiers", SAID.gettext("a whole number of tables")))
    else:
        for name in ("swiss_rounds", "match_points", "playoff_qualifiers"):
            if getattr(fmt, name) not in (0, (), None):
                problems.append(
                    (name, SAID.gettext("table-winner events have no Swiss rounds, match points or playoffs"))
                )
        if fmt.random_rounds != 1:
            problems.append(
                ("random_rounds", SAID.gettext("table-winner events seat only their first round at random"))
            )
    return problems


MSO_2000 = EventFormat(
    id="mso-2000",
    variant="mso-2000",
    table_sizes=(4,),
    min_players=4,
    max_players=256,
    advancement=Advancement.MATCH_POINTS,
    random_rounds=3,
    swiss_rounds=1,
    match_points=(5, 3, 2, 1),
)

LONG_JOHN = EventFormat(
    id="long-john",
    variant="long-john",
    table_sizes=(6, 7, 8),
    min_players=6,
    max_players=64,
    advancement=Advancement.TABLE_WINNERS,
    random_rounds=1,
)

EVENT_FORMATS: Mapping[str, EventFormat] = MappingProxyType({f.id: f for f in (MSO_2000, LONG_JOHN)})

OPTIONS = tuple(f.name for f in fields(EventFormat) if f.name not in ("id", "advancement", "variant"))
"""What a house format may change: everything but its id, its kind of advancement and its
variant (the tables of a ``long-john`` event play ``long-john``)."""


def house_format(base: str, options: Mapping[str, Any]) -> EventFormat:
    """``base`` with ``options`` changed: ``KeyError`` for an unknown base, ``FormatError``
    for an option that is unknown or contradicts the others."""
    fmt = EVENT_FORMATS[base]
    unknown: list[tuple[str, str]] = [
        (name, SAID.gettext("not an option of an event format")) for name in options if name not in OPTIONS
    ]
    if unknown:
        raise FormatError(unknown)
    changes: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
    return replace(fmt, id=f"{base}+house", **changes)


def format_data(fmt: EventFormat, base: str | None = None) -> Any:
    """The format as an event names it: its id, or ``{"base", "options"}`` for a house format."""
    if fmt.id in EVENT_FORMATS and EVENT_FORMATS[fmt.id] == fmt:
        return fmt.id
    origin = EVENT_FORMATS[base or fmt.id.removesuffix("+house")]
    changed = {
        name: list(value) if isinstance(value, tuple) else value
        for name, value in fmt.options().items()
        if value != getattr(origin, name)
    }
    return {"base": origin.id, "options": changed}


def read_format(spec: Any) -> EventFormat:
    """The format an event names (the inverse of :func:`format_data`)."""
    if isinstance(spec, str):
        return EVENT_FORMATS[spec]
    return house_format(spec["base"], spec["options"])
