"""A validation result's fields, each written by one plain function (``ValidationResult`` in
openapi.yaml).

:data:`RESULT_FIELDS`, :data:`RULING_FIELDS` and :data:`MOON_FIELDS` name each JSON field of
a result's part with the one function that writes it from the typed value; :func:`encode`
writes a part in one pass over them, and :func:`dump_result` is that pass over a
:class:`~rulings.audit.HandAudit`, for every face. ``schemas.result`` declares the
marshmallow schemas (what openapi.yaml is checked against) from these same mappings, so the
declared shape and the written one cannot differ. Compiled with the core, each writer is a
native function, not an interpreted ``lambda``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from hearts_referee.referee.cards import Card
from hearts_referee.referee.replay import Kitty
from hearts_referee.referee.scoring import MoonOutcome
from hearts_referee.rulings.audit import HandAudit
from hearts_referee.rulings.log import Penalty, Ruling

from .tricks import dump_tricks

T = TypeVar("T")


def encode(encoders: dict[str, Callable[[T], Any]], value: T) -> dict[str, Any]:
    """``value`` with each field of ``encoders`` written by its writer, in their order: what
    the schema made of ``encoders`` dumps, in one pass (marshmallow's own dump costs a call
    chain per field). A ``dict``, not any mapping: compiled, it is walked as one."""
    return {field: write(value) for field, write in encoders.items()}


def _card(card: Card | None) -> str | None:
    return card.code if card is not None else None


# A ``StrEnum`` member (a ruling's code and status, a moon's option and chooser) is written as
# the plain ``str`` it equals: a result is plain data (docs/python.md), which every encoder
# takes (``yaml.safe_dump`` refuses a ``str`` subclass), whichever face hands it on.


def dump_penalty(penalty: Penalty | None) -> dict[str, Any] | None:
    """``{"points": n}``, with ``penalty_card`` when a card became one; ``None`` for no penalty."""
    if penalty is None:
        return None
    data: dict[str, Any] = {"points": penalty.points}
    if penalty.penalty_card is not None:
        data["penalty_card"] = penalty.penalty_card.code
    return data


# --- a ruling --------------------------------------------------------------------------------


def _ruling_code(ruling: Ruling) -> str:
    return str(ruling.code)


def _ruling_seat(ruling: Ruling) -> str:
    return ruling.seat


def _ruling_trick(ruling: Ruling) -> int:
    return ruling.trick


def _ruling_card(ruling: Ruling) -> str | None:
    return _card(ruling.card)


def _ruling_rule(ruling: Ruling) -> str:
    return ruling.rule


def _ruling_penalty(ruling: Ruling) -> dict[str, Any] | None:
    return dump_penalty(ruling.penalty)


def _ruling_status(ruling: Ruling) -> str:
    return str(ruling.status)


def _ruling_explanation(ruling: Ruling) -> str:
    return ruling.explanation


def _ruling_suggestion(ruling: Ruling) -> str | None:
    return ruling.suggestion


RULING_FIELDS: Final[dict[str, Callable[[Ruling], Any]]] = {
    "code": _ruling_code,
    "seat": _ruling_seat,
    "trick": _ruling_trick,
    "card": _ruling_card,
    "rule": _ruling_rule,
    "penalty": _ruling_penalty,
    "status": _ruling_status,
    "explanation": _ruling_explanation,
    "suggestion": _ruling_suggestion,
}


def dump_rulings(rulings: Sequence[Ruling]) -> list[dict[str, Any]]:
    return [encode(RULING_FIELDS, ruling) for ruling in rulings]


# --- a moon ----------------------------------------------------------------------------------


def _moon_seat(moon: MoonOutcome) -> str:
    return moon.seat


def _moon_option(moon: MoonOutcome) -> str:
    return str(moon.option)


def _moon_chosen_by(moon: MoonOutcome) -> str:
    return str(moon.chosen_by)


MOON_FIELDS: Final[dict[str, Callable[[MoonOutcome], Any]]] = {
    "seat": _moon_seat,
    "option": _moon_option,
    "chosen_by": _moon_chosen_by,
}


# --- the result ------------------------------------------------------------------------------


def dump_kitty(kitty: Kitty | None) -> dict[str, Any] | None:
    if kitty is None:
        return None
    return {"cards": [card.code for card in kitty.cards], "taken_by": kitty.taken_by, "trick": kitty.trick}


def dump_deal(deal: Mapping[str, tuple[Card, ...]] | None) -> dict[str, list[str]] | None:
    """The deal the referee derived (``None``: the record gave its own)."""
    if deal is None:
        return None
    return {seat: [card.code for card in cards] for seat, cards in deal.items()}


def _variant(audit: HandAudit) -> str:
    return audit.variant


def _options(audit: HandAudit) -> dict[str, Any]:
    return dict(audit.options)


def _hand_number(audit: HandAudit) -> int:
    return audit.hand_number


def _seats(audit: HandAudit) -> list[str]:
    return list(audit.seats)


def _dealer(audit: HandAudit) -> str:
    return audit.dealer


def _pass_direction(audit: HandAudit) -> str:
    return audit.pass_direction


def _void(audit: HandAudit) -> bool:
    return audit.void


def _complete(audit: HandAudit) -> bool:
    return audit.complete


def _tricks(audit: HandAudit) -> list[dict[str, Any]]:
    return dump_tricks(audit.tricks)


def _kitty(audit: HandAudit) -> dict[str, Any] | None:
    return dump_kitty(audit.kitty)


def _points(audit: HandAudit) -> dict[str, int]:
    return dict(audit.points)


def _penalties(audit: HandAudit) -> dict[str, int]:
    return dict(audit.penalties)


def _score(audit: HandAudit) -> dict[str, int]:
    return dict(audit.score)


def _moon(audit: HandAudit) -> dict[str, Any] | None:
    moon = audit.moon
    return encode(MOON_FIELDS, moon) if moon is not None else None


def _rulings(audit: HandAudit) -> list[dict[str, Any]]:
    return dump_rulings(audit.rulings)


def _referee_version(audit: HandAudit) -> str:
    return audit.engine_version


def _refereed(audit: HandAudit) -> bool:
    return audit.refereed


def _deal_derived(audit: HandAudit) -> bool:
    return audit.deal_derived


def _deal(audit: HandAudit) -> dict[str, list[str]] | None:
    return dump_deal(audit.derived_deal)


RESULT_FIELDS: Final[dict[str, Callable[[HandAudit], Any]]] = {
    "variant": _variant,
    "options": _options,
    "hand_number": _hand_number,
    "seats": _seats,
    "dealer": _dealer,
    "pass_direction": _pass_direction,
    "void": _void,
    "complete": _complete,
    "tricks": _tricks,
    "kitty": _kitty,
    "points": _points,
    "penalties": _penalties,
    "score": _score,
    "moon": _moon,
    "rulings": _rulings,
    "referee_version": _referee_version,
    "refereed": _refereed,
    "deal_derived": _deal_derived,
    "deal": _deal,
}


def dump_result(audit: HandAudit) -> dict[str, Any]:
    """The JSON-ready validation result of one audited hand: what ``ValidationResultSchema``
    dumps, field by field the same writers, written in one pass."""
    return encode(RESULT_FIELDS, audit)
