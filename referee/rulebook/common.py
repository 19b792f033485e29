"""Clauses every variant shares: how a trick is played and in what order."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..variant import Clause

COMMON_CLAUSES = (
    Clause(
        "follow-suit",
        "Following suit",
        "Cards rank ace high down to 2; there are no trumps. Each player must follow the suit "
        "led if able; a player who cannot may play any card, within the first-trick and "
        "hearts rules. The highest card of the suit led wins the trick and its winner leads next.",
    ),
    Clause(
        "turn-order",
        "Order of play",
        "Play goes clockwise: the seats of a table are listed clockwise and the player on a "
        "seat's left is the next seat in the list. A card played out of turn to a trick that "
        "is already led is logged for the director.",
    ),
)


_DEFAULT_CITES = {
    "misdeal": "deal",
    "incorrect_pass": "pass",
    "lead_out_of_turn": "turn-order",
    "play_out_of_turn": "turn-order",
    "wrong_first_lead": "opening-lead",
    "revoke": "follow-suit",
    "renounce": "follow-suit",
    "point_card_on_first_trick": "first-trick",
    "early_heart": "hearts-broken",
    "exposed_card": "no-penalties",
    "penalty_card_not_played": "no-penalties",
    "claim": "no-penalties",
    "moon_stopped_by_revoke": "moon",
    "moon_choice_not_allowed": "moon",
    "score_mismatch": "scoring",
    "joker_played_early": "deal",
}


def cites(**changes: str) -> Mapping[str, str]:
    """Which clause each ruling code cites: the usual clause, except where ``changes`` says.

    The usual clauses suit a variant without a penalty schedule, whose
    irregularities all fall under ``no-penalties``.
    """
    unknown = set(changes) - set(_DEFAULT_CITES)
    if unknown:
        raise ValueError(f"no such ruling codes: {sorted(unknown)}")
    return MappingProxyType({**_DEFAULT_CITES, **changes})
