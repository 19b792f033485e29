"""Clauses every variant shares: how a trick is played and in what order."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from hearts_referee.referee.findings import Code
from hearts_referee.referee.rulingkinds import RULING_KINDS
from hearts_referee.referee.translator import N_
from hearts_referee.referee.variant import Clause

COMMON_CLAUSES = (
    Clause(
        "follow-suit",
        N_("Following suit"),
        N_(
            "Cards rank ace high down to 2; there are no trumps. Each player must follow the suit "
            "led if able; a player who cannot may play any card, within the first-trick and "
            "hearts rules. The highest card of the suit led wins the trick and its winner leads next."
        ),
    ),
    Clause(
        "turn-order",
        N_("Order of play"),
        N_(
            "Play goes clockwise: the seats of a table are listed clockwise and the player on a "
            "seat's left is the next seat in the list. A card played out of turn to a trick that "
            "is already led is logged for the director."
        ),
    ),
)


_DEFAULT_CITES: Mapping[Code, str] = MappingProxyType(
    {code: kind.clause for code, kind in RULING_KINDS.items()}
)
"""The usual clause of each ruling code, read from the registry (an entry's ``clause``)."""


def cites(**changes: str) -> Mapping[Code, str]:
    """Which clause each ruling code cites: the usual clause, except where ``changes`` says.

    The usual clauses suit a variant without a penalty schedule, whose
    irregularities all fall under ``no-penalties``.
    """
    unknown = set(changes) - set(_DEFAULT_CITES)
    if unknown:
        raise ValueError(f"no such ruling codes: {sorted(unknown)}")
    return MappingProxyType({**_DEFAULT_CITES, **{Code(code): key for code, key in changes.items()}})
