"""The whole audit of one hand (or one game) as one Python call: JSON data in, JSON data out.

    >>> from audit import audit_hand
    >>> result = audit_hand(record)          # a dict, as parsed from JSON
    >>> result["score"], result["rulings"]

``audit_hand`` needs no Flask and no database: ``POST /v1/hands/validate``,
the benchmarks and bulk audits all go through it. It is the JSON codec
(``schemas``) around the use case (``service.hands.audit_record``). A
malformed or impossible record raises :class:`referee.RecordError`, whose
``problems`` list every problem found as ``(pointer, code, message)``.

``audit_game`` does the same for a whole recorded game: each hand gets the
number, dealer and totals the game gives it (``service.games``), and the
answer is the game's scoresheet with every hand's audit.
"""

from __future__ import annotations

from typing import Any

from referee import RecordError
from schemas.game import dump_game_validation, load_game_record
from schemas.record import load_record
from schemas.result import dump_result
from service.games import validate_game
from service.hands import audit_record

__all__ = ["RecordError", "audit_game", "audit_hand"]


def audit_hand(data: Any) -> dict[str, Any]:
    """Validate one hand record (parsed JSON) and return the JSON-ready result."""
    return dump_result(audit_record(load_record(data)))


def audit_game(data: Any) -> dict[str, Any]:
    """Validate a whole recorded game (parsed JSON) and return its scoresheet.

    Raises ``service.errors.Rejected`` (422) listing every problem: the
    game's own fields, each hand's record problems under ``/hands/<i>``, and
    a hand recorded after the game had ended.
    """
    setup, hands = load_game_record(data)
    return dump_game_validation(validate_game(setup, hands))
