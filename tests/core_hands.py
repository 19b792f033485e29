"""Typed hand records for the core's own tests: no JSON, no schema library.

The JSON-level rules tests write hands with ``hands.hand`` (four seats, the
hands held after the pass) and ``tables.record`` (any table, as dealt). The
core tests take the same arguments, so they can reuse those hands, and turn
the result into a :class:`referee.HandRecord` with nothing but the core's own
types: ``referee.cards``, ``Event``/``EventAction``, ``Pass``, ``VARIANTS``
(and ``referee.house`` for a house variant).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import hands
import tables

from hearts_referee.referee import (
    VARIANTS,
    Card,
    Event,
    EventAction,
    Finding,
    HandRecord,
    MoonOption,
    Pass,
    Replay,
    Variant,
    cards,
    replay,
)
from hearts_referee.referee.house import house_variant
from hearts_referee.referee.record import ClaimKind, ClaimTerms, pointer
from hearts_referee.rulings import JudgedHand, Ruling, judge


def card(code: str) -> Card:
    """``card("QS")``: one card."""
    return Card.parse(code)


def hand_of(text: str) -> tuple[Card, ...]:
    """``hand_of("2C 3C QS")``: cards in the order written."""
    return tuple(cards(text))


def record(variant: str = "mso-2000", **kwargs: Any) -> HandRecord:
    """A four-seat hand written as ``hands.hand`` takes it (held after the pass), typed."""
    return typed(hands.hand(variant, **kwargs))


def table(variant: str | Mapping[str, Any], deal: Mapping[str, str], **kwargs: Any) -> HandRecord:
    """A hand at any table written as ``tables.record`` takes it (as dealt), typed."""
    return typed(tables.record(variant, dict(deal), **kwargs))  # a house variant: {"base", "options"}


def judged(record: HandRecord) -> JudgedHand:
    """The replay of ``record`` judged under its variant's schedule."""
    return judge(replay(record))


def on_play(result: JudgedHand) -> tuple[Ruling, ...]:
    """The rulings on what was played, as ``hands.on_play`` (less the in-progress ruling of a
    hand stopped early on purpose)."""
    return tuple(r for r in result.rulings if r.code != hands.IN_PROGRESS)


def in_play(played: Replay) -> tuple[Finding, ...]:
    """The replay's findings on what was played (less the in-progress one, as :func:`on_play`)."""
    return tuple(f for f in played.findings if f.code != hands.IN_PROGRESS)


def variant_of(spec: str | Mapping[str, Any]) -> Variant:
    if isinstance(spec, str):
        return VARIANTS[spec]
    return house_variant(VARIANTS[spec["base"]], spec.get("options", {}))


def event(item: Mapping[str, Any]) -> Event:
    """One play event, from the form ``hands.events`` writes it in."""
    seat = item["seat"]
    if EventAction.CLAIMS.value in item:
        terms = item["claims"]
        order = hand_of(" ".join(terms.get("order", ())))
        said = (
            ClaimTerms(ClaimKind(terms["what"]), terms.get("points"), "order" in terms)
            if "what" in terms
            else None
        )
        return Event(seat, EventAction.CLAIMS, None, order, said)
    for action in (EventAction.CARD, EventAction.WITHDRAWS, EventAction.EXPOSES):
        if action.value in item:
            return Event(seat, action, card(item[action.value]))
    raise ValueError(f"no action in {item!r}")


def passed(seat: str, given: list[str] | Mapping[str, Any]) -> Pass:
    if isinstance(given, Mapping):
        return Pass(
            hand_of(" ".join(given["cards"])),
            given.get("to"),
            given.get("looked_early", False),
            pointer("passes", seat, "cards"),
        )
    return Pass(hand_of(" ".join(given)), at=pointer("passes", seat))


def typed(data: Mapping[str, Any]) -> HandRecord:
    """The record dict the test helpers build, as the typed record the core replays."""
    choice = data.get("moon_choice")
    backs = data.get("backs")
    return HandRecord(
        variant=variant_of(data["variant"]),
        seats=tuple(data["seats"]),
        dealer=data["dealer"],
        hand_number=data["hand_number"],
        deal={seat: hand_of(" ".join(dealt)) for seat, dealt in data["deal"].items()},
        play=tuple(event(item) for item in data.get("play", ())),
        kitty=hand_of(" ".join(data.get("kitty", ()))),
        passes={seat: passed(seat, given) for seat, given in data.get("passes", {}).items()},
        scores_before=data.get("scores_before"),
        written=data.get("claimed"),
        moon_choice=MoonOption(choice) if choice is not None else None,
        exposed_in_deal=hand_of(" ".join(data.get("exposed_in_deal", ()))),
        backs={seat: tuple(colours) for seat, colours in backs.items()} if backs is not None else None,
    )
