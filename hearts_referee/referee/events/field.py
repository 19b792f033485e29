"""The field an event starts with: the names it may hold and the sizes its tables can seat.

RULES (event bullets): player names in an event are unique (a second "Ann" needs
a distinguishing name), and a field no table plan can seat is refused when the
event is created, with the reason. Names are compared as a table card would
show them to a player: case and spacing aside ("ann" is "Ann"), and folded as every
name is (``referee.names``: NFKC, no invisible characters, Cyrillic and Greek look-alikes
as Latin letters).
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts_referee.referee.names import name_key
from hearts_referee.referee.translator import SAID, Said, alternatives

from .format import Advancement, EventFormat
from .seating import balanced_sizes


def repeated_names(names: Sequence[str]) -> list[tuple[int, int]]:
    """Each name that repeats an earlier one, as ``(earlier index, later index)``."""
    first: dict[str, int] = {}
    found = []
    for at, name in enumerate(names):
        key = name_key(name)
        if key in first:
            found.append((first[key], at))
        else:
            first[key] = at
    return found


def seatable(fmt: EventFormat, players: int) -> bool:
    """Whether some table plan seats a field of ``players`` for round 1: at match-point
    events any field from one table up (the remainder has byes), at table-winner events
    only a field that splits into tables of the allowed sizes."""
    if players < max(fmt.min_players, fmt.table_sizes[0]) or players > fmt.max_players:
        return False
    if fmt.advancement is Advancement.TABLE_WINNERS:
        return balanced_sizes(players, fmt.table_sizes) is not None
    return True


def nearest_seatable(fmt: EventFormat, players: int) -> tuple[int, ...]:
    """The nearest field sizes below and above ``players`` that do seat (either may be absent)."""
    below = next((n for n in range(players - 1, 0, -1) if seatable(fmt, n)), None)
    above = next((n for n in range(players + 1, fmt.max_players + 1) if seatable(fmt, n)), None)
    return tuple(n for n in (below, above) if n is not None)


def field_refusal(fmt: EventFormat, players: int) -> str | None:
    """Why no table plan seats ``players`` under ``fmt`` and what would, or ``None``."""
    if seatable(fmt, players):
        return None
    tables = alternatives([str(s) for s in fmt.table_sizes])
    why: Said
    if players > fmt.max_players:
        why = at_most(fmt)
    elif players < max(fmt.min_players, fmt.table_sizes[0]):
        why = SAID.gettext(
            "%(format)s needs at least %(count)s players",
            format=fmt.id,
            count=max(fmt.min_players, fmt.table_sizes[0]),
        )
    else:
        why = SAID.gettext(
            "%(count)s players cannot be split into tables of %(sizes)s", count=players, sizes=tables
        )
    near = [str(n) for n in nearest_seatable(fmt, players)]
    nearest = alternatives(near) if near else ""
    if nearest:
        return SAID.gettext("%(why)s; the nearest fields that seat: %(nearest)s", why=why, nearest=nearest)
    return why


def at_most(fmt: EventFormat) -> Said:
    """That ``fmt`` takes at most its ``max_players``."""
    return SAID.gettext("%(format)s takes at most %(count)s players", format=fmt.id, count=fmt.max_players)
