"""A hand record written out in the record format, and read back from what was written.

A record renders itself the way python-chess's ``Board.fen()`` does: the
archive keeps hands in the documented record format (``HandRecord`` in
openapi.yaml), and a stored hand is replayed again from that text. Writing is
canonical: card codes upper case (``TH``), a pass as a plain list unless it
says whom to or that the passer looked early, and fields at their defaults
left out, so a record sent in that form writes back to exactly what was sent.

Reading here trusts its input: it reads what :func:`record_data` wrote (or a
record the JSON layer has already checked). A record from a client is loaded
by ``schemas.record``, which reports every problem with its pointer; this
module only raises ``RecordError`` with the first thing it cannot read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .cards import CARDS, Card
from .house import house_variant
from .record import (
    ClaimKind,
    ClaimTerms,
    Event,
    EventAction,
    HandRecord,
    Pass,
    Problem,
    RecordError,
    Reported,
    pointer,
)
from .registry import VARIANTS
from .variant import MoonOption, Variant

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


def _report(item: Mapping[str, Any], index: int) -> Reported:
    card = item.get("card")
    at = pointer("irregularities", index, "card")
    return Reported(item["code"], item["seat"], item.get("trick"), _card(card, at) if card else None)


# --- reading back ------------------------------------------------------------------------


class _Unreadable(Exception):
    def __init__(self, at: str, message: str) -> None:
        super().__init__(message)
        self.at = at


def _card(code: Any, at: str) -> Card:
    card = CARDS.get(code.upper()) if type(code) is str else None
    if card is None:
        raise _Unreadable(at, f"{code!r} is not a card")
    return card


def _cards(codes: Any, *at: object) -> tuple[Card, ...]:
    return tuple(_card(code, pointer(*at, i)) for i, code in enumerate(codes))


def read_variant(spec: Any) -> Variant:
    """The variant a record names (an id, or ``{"base", "options"}``)."""
    if isinstance(spec, str):
        return VARIANTS[spec]
    return house_variant(VARIANTS[spec["base"]], spec.get("options") or {})


def _pass(seat: str, given: Any) -> Pass:
    if isinstance(given, list):
        return Pass(_cards(given, "passes", seat), at=pointer("passes", seat))
    return Pass(
        _cards(given["cards"], "passes", seat, "cards"),
        given.get("to"),
        bool(given.get("looked_early", False)),
        pointer("passes", seat, "cards"),
    )


def _event(item: Mapping[str, Any], index: int) -> Event:
    seat = item["seat"]
    if "claims" in item:
        claim = item["claims"]
        order = _cards(claim["order"], "play", index, "claims", "order") if "order" in claim else ()
        terms = (
            ClaimTerms(ClaimKind(claim["what"]), claim.get("points"), "order" in claim)
            if "what" in claim
            else None
        )
        return Event(seat, EventAction.CLAIMS, None, order, terms)
    action = next(key for key in item if key != "seat")
    return Event(seat, EventAction(action), _card(item[action], pointer("play", index, action)))


def read_record(data: Mapping[str, Any]) -> HandRecord:
    """The record :func:`record_data` wrote; ``RecordError`` if it does not read as one."""
    try:
        return HandRecord(
            variant=read_variant(data["variant"]),
            seats=tuple(data["seats"]),
            dealer=data["dealer"],
            hand_number=data["hand_number"],
            deal={seat: _cards(codes, "deal", seat) for seat, codes in data.get("deal", {}).items()},
            play=tuple(_event(item, i) for i, item in enumerate(data.get("play", ()))),
            kitty=_cards(data.get("kitty", ()), "kitty"),
            passes={seat: _pass(seat, given) for seat, given in data.get("passes", {}).items()},
            scores_before=data.get("scores_before"),
            written=data.get("claimed"),
            moon_choice=MoonOption(data["moon_choice"]) if data.get("moon_choice") else None,
            exposed_in_deal=_cards(data.get("exposed_in_deal", ()), "exposed_in_deal"),
            backs=(
                {seat: tuple(c) for seat, c in data["backs"].items()}
                if data.get("backs") is not None
                else None
            ),
            points=data.get("points"),
            irregularities=tuple(_report(item, i) for i, item in enumerate(data.get("irregularities", ()))),
            deal_derived=data.get("deal_derived") is True,
        )
    except _Unreadable as error:
        raise RecordError([Problem(error.at, "unreadable", str(error))]) from None
    except (KeyError, TypeError, ValueError, AttributeError, StopIteration) as error:
        raise RecordError([Problem("", "unreadable", f"not a hand record ({error!r})")]) from None
