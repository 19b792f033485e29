"""One hand (or one game) validated in one Python call: JSON data in, JSON data out.

    >>> from hearts_referee import validate_hand
    >>> result = validate_hand(record)          # a dict, as parsed from JSON
    >>> result["score"], result["rulings"]

This is exactly what ``POST /v1/hands/validate`` answers, and it needs no
Flask and no database: the API, the batch audits and the benchmarks all go
through it. It is the JSON codec (``schemas``) around the use case
(:func:`hearts_referee.usecases.audit.audit_record`). A malformed or
impossible record raises :class:`~hearts_referee.referee.RecordError`, whose
``problems`` list every problem found as ``(pointer, code, message)``.

:func:`validate_hand_json` takes the record's JSON text and returns the
result's JSON bytes, read as strictly as the API reads a body (duplicate
keys, NaN and over-deep nesting refused).

Each takes the ``language`` its explanations and suggestions are written in (English by
default; ``validate_hand(record, language="nb")``): the codes, scores and every other field
are the same in any language.

:func:`validate_game` does the same for a whole recorded game: each hand
gets the number, dealer and totals the game gives it
(:mod:`hearts_referee.usecases.games`), and the answer is the game's
scoresheet with every hand's audit.
"""

from __future__ import annotations

from typing import Any

from hearts_referee.languages import SOURCE, translator
from hearts_referee.referee import HandRecord, RecordError
from hearts_referee.schemas.record import load_record, load_record_text
from hearts_referee.schemas.result import dump_result
from hearts_referee.schemas.strictjson import MAX_DEPTH, dumps
from hearts_referee.usecases.audit import audit_record

__all__ = [
    "RecordError",
    "validate_game",
    "validate_hand",
    "validate_hand_json",
    "validate_hand_text",
    "validate_record",
]


def validate_hand(data: Any, language: str = SOURCE) -> dict[str, Any]:
    """Validate one hand record (parsed JSON) and return the JSON-ready result, its
    explanations and suggestions in ``language`` (``"en"``, ``"nb"``: ``languages.LANGUAGES``;
    ``ValueError`` for another)."""
    return validate_record(load_record(data), language)


def validate_record(record: HandRecord, language: str = SOURCE) -> dict[str, Any]:
    """Validate one hand record already read (:class:`~hearts_referee.referee.HandRecord`)
    and return the JSON-ready result: what every other ``validate_`` function ends with."""
    return dump_result(audit_record(record, translator(language)))


def validate_hand_text(text: bytes, max_depth: int = MAX_DEPTH, language: str = SOURCE) -> dict[str, Any]:
    """Validate one hand record given as JSON text, read as strictly as an API body, and
    return the JSON-ready result (``JSONError`` for a text that is not strict JSON)."""
    return validate_record(load_record_text(text, max_depth), language)


def validate_hand_json(text: str | bytes, language: str = SOURCE) -> bytes:
    """Validate one hand record given as JSON text; the result as UTF-8 JSON bytes.

    The text is read as strictly as an API body (``JSONError`` for duplicate
    keys, NaN or too deep nesting); the bytes are the API's answer, byte for byte
    (less the newline Flask ends a body with).
    """
    return dumps(validate_hand_text(text.encode() if isinstance(text, str) else text, language=language))


def validate_game(data: Any, language: str = SOURCE) -> dict[str, Any]:
    """Validate a whole recorded game (parsed JSON) and return its scoresheet, every
    hand's explanations and suggestions in ``language``.

    Raises ``hearts_referee.usecases.errors.Rejected`` (422) listing every
    problem: the game's own fields, each hand's record problems under
    ``/hands/<i>``, and a hand recorded after the game had ended.
    """
    # Here, not at the top: the game's use case loads storage (sqlite-utils, a fifth of a
    # second), which validating a hand, and so ``import hearts_referee``, never needs.
    from hearts_referee.schemas.game import dump_game_validation, load_game_record
    from hearts_referee.usecases import games

    setup, hands = load_game_record(data)
    return dump_game_validation(games.validate_game(setup, hands, translator(language)))
