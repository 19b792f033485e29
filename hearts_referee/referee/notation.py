"""A hand record written out in the record format (``referee.reader`` reads it back).

A record renders itself the way python-chess's ``Board.fen()`` does: the
archive keeps hands in the documented record format (``HandRecord`` in
openapi.yaml), and a stored hand is replayed again from that text. Writing is
canonical: card codes upper case (``TH``), a pass as a plain list unless it
says whom to or that the passer looked early, and fields at their defaults
left out, so a record sent in that form writes back to exactly what was sent.

What was written is read back by the one reader of the record format
(``referee.reader.read_record``), by the same rules as a record a client sends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .cards import Card
from .record import Event, HandRecord, Pass, Reported
from .variant import Variant

JSON = dict[str, Any]


def variant_data(variant: Variant) -> str | JSON:
    """A variant as a record names it: its id, or ``{"base", "options"}`` for house rules."""
    if not variant.options:
        return variant.id
    return {"base": variant.id, "options": dict(variant.options)}


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def _pass_data(given: Pass) -> list[str] | JSON:
    if given.to is None and not given.looked_early:
        return _codes(given.cards)
    data: JSON = {"cards": _codes(given.cards)}
    if given.to is not None:
        data["to"] = given.to
    if given.looked_early:
        data["looked_early"] = True
    return data


def _event_data(event: Event) -> JSON:
    if event.action == "claims":
        terms = event.terms
        claim: JSON = {}
        if terms is None or terms.ordered:
            claim["order"] = _codes(event.order)
        if terms is not None:
            claim["what"] = terms.what.value
            if terms.points is not None:
                claim["points"] = terms.points
        return {"seat": event.seat, "claims": claim}
    assert event.card is not None, "every event but a claim names its card"
    return {"seat": event.seat, str(event.action): event.card.code}


def record_data(record: HandRecord) -> JSON:
    """``record`` in the record format, canonical and without fields at their defaults."""
    data: JSON = {
        "variant": variant_data(record.variant),
        "seats": list(record.seats),
        "dealer": record.dealer,
        "hand_number": record.hand_number,
    }
    if not record.score_only:  # a scoresheet line has points, not a deal
        data["deal"] = {seat: _codes(cards) for seat, cards in record.deal.items()}
    data.update(parts_data(record))
    if record.scores_before is not None:
        data["scores_before"] = dict(record.scores_before)
    if record.deal_derived:  # the deal is the referee's, derived from the play
        data["deal_derived"] = True
    return data


class RecordParts(Protocol):
    """What the table adds to a deal: a whole record has these, and so does a hand sent
    to a game, which leaves the rest to the game."""

    @property
    def kitty(self) -> tuple[Card, ...]: ...
    @property
    def passes(self) -> Mapping[str, Pass]: ...
    @property
    def play(self) -> tuple[Event, ...]: ...
    @property
    def written(self) -> Mapping[str, int] | None: ...
    @property
    def moon_choice(self) -> str | None: ...
    @property
    def backs(self) -> Mapping[str, tuple[str, ...]] | None: ...
    @property
    def exposed_in_deal(self) -> tuple[Card, ...]: ...
    @property
    def points(self) -> Mapping[str, int] | None: ...
    @property
    def irregularities(self) -> tuple[Reported, ...]: ...


def parts_data(record: RecordParts) -> JSON:
    """What the table adds to a deal (kitty, passes, play, written scores...), canonical.

    A game's hand is sent as these parts alone; the game supplies the rest.
    """
    data: JSON = {}
    if record.kitty:
        data["kitty"] = _codes(record.kitty)
    if record.passes:
        data["passes"] = {seat: _pass_data(given) for seat, given in record.passes.items()}
    if record.play:
        data["play"] = [_event_data(event) for event in record.play]
    if record.written is not None:
        data["claimed"] = dict(record.written)
    if record.moon_choice is not None:
        data["moon_choice"] = record.moon_choice
    if record.backs is not None:
        data["backs"] = {seat: list(colours) for seat, colours in record.backs.items()}
    if record.exposed_in_deal:
        data["exposed_in_deal"] = _codes(record.exposed_in_deal)
    if record.points is not None:
        data["points"] = dict(record.points)
    if record.irregularities:
        data["irregularities"] = [_report_data(report) for report in record.irregularities]
    return data


def _report_data(report: Reported) -> JSON:
    data: JSON = {"code": report.code, "seat": report.seat}
    if report.trick is not None:
        data["trick"] = report.trick
    if report.card is not None:
        data["card"] = report.card.code
    return data
