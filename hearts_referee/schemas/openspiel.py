"""OpenSpiel's hearts and our hand records: its action history to a record, and back.

OpenSpiel (``pyspiel``, game ``hearts``) keeps a hand as a list of actions, as
``state.history()`` gives it:

- one chance action, the pass direction: 0 no pass, 1 left, 2 across, 3 right (player ``p``
  passes to ``p + direction``, players 0 to 3 clockwise);
- 52 chance actions, the cards dealt: the k-th to player ``k % 4``;
- where there is a pass, 12 actions: player 0's three cards, then player 1's, 2's and 3's;
- the cards played, the holder of 2♣ leading.

A card is ``rank * 4 + suit``, ranks 2 to A as 0 to 12, suits clubs, diamonds, hearts,
spades as 0 to 3 (2♣ is 0, A♠ 51). Its game parameters are rules: each one this module
knows says the same as a house option of ``standard`` (:data:`OPTION_OF`); two say what no
variant of ours can (:data:`UNSAYABLE`), and a history played with either is refused.

Players 0 to 3 are our seats N, E, S, W. OpenSpiel has no dealer: the record names W, whose
left (N, player 0) the deal begins with. Its pass direction is drawn for each hand, ours
follows the hand's number: the record's ``hand_number`` is the first hand of the variant's
cycle that passes that way (``standard``: 1 left, 2 right, 3 across, 4 hold).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from hearts_referee.referee import HandRecord
from hearts_referee.referee.cards import CARDS, RANK_CHARS, SUIT_ORDER, Card
from hearts_referee.referee.house import default_of, house_variant
from hearts_referee.referee.record import EventAction
from hearts_referee.referee.registry import get_variant
from hearts_referee.referee.variant import Variant
from hearts_referee.schemas.record import load_record
from hearts_referee.usecases.audit import audit_record

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
"""OpenSpiel's players 0 to 3, as the record's seats (clockwise, as OpenSpiel's are)."""
DEALER = "W"
"""The record's dealer: the seat before player 0, with whom OpenSpiel's deal begins."""
BASE = "standard"
"""The variant OpenSpiel's hearts is, with its default parameters."""

PARAMETERS: Mapping[str, bool] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}
"""OpenSpiel hearts' game parameters, each with its default (``game.get_parameters()``)."""

OPTION_OF: Mapping[str, tuple[str, object, object]] = {
    "pass_cards": ("pass_cycle", "left-right-across-hold", "no-pass"),
    "no_pts_on_first_trick": ("no_points_on_first_trick", True, False),
    "jd_bonus": ("jack_of_diamonds_points", -10, 0),
    "must_break_hearts": ("hearts_broken_from_start", False, True),
    "qs_breaks_hearts": ("queen_breaks_hearts", True, False),
    "can_lead_hearts_instead_of_qs": ("may_lead_hearts_with_queen", True, False),
}
"""Each parameter our variants can say: the house option that says it, its value where the
parameter is true, and where it is false."""

UNSAYABLE: Mapping[str, str] = {
    "can_lead_any_club": "the holder of 2♣ leading another club to trick 1",
    "avoid_all_tricks_bonus": "-5 points for a player who takes no trick",
}
"""The parameters no variant of ours can say (each false by default), with what they say."""

_NOT_OPENSPIELS = ("play_incomplete", "score_mismatch")
"""Rulings on what OpenSpiel's record has no place for: a hand in progress (its history may
stop anywhere) and the scores the table wrote (it keeps none)."""

_PLAYERS = len(SEATS)
_DEALT = 52
_PASSED = 3


class OpenSpielError(ValueError):
    """An OpenSpiel history or game parameters our records cannot say, or a record OpenSpiel's
    hearts cannot: the message says which and why."""


# --- cards ----------------------------------------------------------------------------


def action_of(card: Card) -> int:
    """OpenSpiel's action for ``card``: ``rank * 4 + suit``."""
    assert card.suit is not None, "a joker is in no OpenSpiel deck"
    return (card.rank - 2) * 4 + SUIT_ORDER.index(card.suit.value)


def card_of(action: int) -> Card:
    """The card of OpenSpiel's action ``action`` (0 to 51)."""
    return CARDS[RANK_CHARS[action // 4] + SUIT_ORDER[action % 4]]


# --- parameters and variants ---------------------------------------------------------------


def _parameters(params: Mapping[str, object] | None) -> dict[str, bool]:
    """Every parameter, those not given at their defaults; a name OpenSpiel's hearts does
    not have, a value that is not true or false, or a rule our variants cannot say refused."""
    chosen = dict(PARAMETERS)
    for name, value in (params or {}).items():
        if name not in PARAMETERS:
            raise OpenSpielError(
                f"OpenSpiel's hearts has no parameter {name!r}; its parameters: {', '.join(PARAMETERS)}"
            )
        if type(value) is not bool:
            raise OpenSpielError(f"parameter {name} is {value!r}; it is true or false")
        chosen[name] = value
    for name, what in UNSAYABLE.items():
        if chosen[name] != PARAMETERS[name]:
            raise OpenSpielError(f"parameter {name}={chosen[name]}: no variant says {what}")
    return chosen


def variant_of(params: Mapping[str, object] | None = None) -> str | dict[str, Any]:
    """The record's ``variant`` for OpenSpiel's game parameters: ``standard``, or ``standard``
    with the house options that say the parameters it differs in."""
    chosen = _parameters(params)
    base = get_variant(BASE)
    options: dict[str, object] = {}
    for name, (option, on, off) in OPTION_OF.items():
        value = on if chosen[name] else off
        if value != default_of(base, option):
            options[option] = value
    return {"base": BASE, "options": options} if options else BASE


def _house(params: Mapping[str, bool]) -> Variant:
    spec = variant_of(params)
    base = get_variant(BASE)
    return base if isinstance(spec, str) else house_variant(base, spec["options"])


def parameters_of(variant: Variant) -> dict[str, bool]:
    """OpenSpiel's game parameters for our ``variant`` (every one of them), or
    :class:`OpenSpielError` naming what of the variant OpenSpiel's hearts cannot say: any
    variant but ``standard``, or a house option no parameter says."""
    if variant.id != BASE:
        raise OpenSpielError(
            f"variant {variant.id}: OpenSpiel's hearts is {BASE}, with house options its parameters say"
        )
    params = dict(PARAMETERS)
    for name, (option, on, off) in OPTION_OF.items():
        value = default_of(variant, option)
        if value not in (on, off):
            raise OpenSpielError(
                f"house option {option}={value}: OpenSpiel's hearts has {name}, which says {option} is"
                f" {on} or {off}"
            )
        params[name] = value == on
    same = _house(params)
    for field in fields(Variant):
        name = field.name
        if (
            field.compare
            and name not in ("name", "options")
            and getattr(variant, name) != getattr(same, name)
        ):
            raise OpenSpielError(
                f"house option {name}: OpenSpiel's hearts has no parameter for it (here"
                f" {default_of(variant, name)!r}, {BASE} has {default_of(same, name)!r})"
            )
    return params


# --- OpenSpiel to our record -----------------------------------------------------------------


def _action(history: Sequence[object], index: int, top: int) -> int:
    action = history[index]
    if type(action) is not int or not 0 <= action < top:
        raise OpenSpielError(f"action {index} is {action!r}; it is a whole number from 0 to {top - 1}")
    return action


def from_openspiel(history: Sequence[int], params: Mapping[str, object] | None = None) -> dict[str, Any]:
    """Our hand record (a dict in the JSON record format) of an OpenSpiel hearts hand: its
    action history as ``state.history()`` gives it, and its game parameters
    (``game.get_parameters()``, or only those not at their defaults; ``None``: the defaults).

    The history may stop anywhere in the play, as a hand in progress does (a passing hand's
    after the pass: a record has every pass or none).
    :class:`OpenSpielError` for a history that is not a hearts hand (a card dealt twice,
    passed or played by nobody who holds it) and for a parameter our variants cannot say.
    """
    chosen = _parameters(params)
    spec = variant_of(chosen)
    variant = _house(chosen)
    if len(history) < 1 + _DEALT:
        raise OpenSpielError(
            f"the history has {len(history)} actions: a hand's begins with the pass direction and"
            f" the {_DEALT} cards dealt"
        )
    direction = _action(history, 0, _PLAYERS)
    if direction and not chosen["pass_cards"]:
        raise OpenSpielError(
            f"action 0 is pass direction {direction} with pass_cards false: OpenSpiel's legal_actions()"
            " allow only 0 (no pass) there, though its chance_outcomes() offer all four; the cards"
            " were passed, so read the history with pass_cards true"
        )
    hand_number = next(
        (n for n in range(1, 2 * _PLAYERS + 1) if variant.pass_offset(n, _PLAYERS) % _PLAYERS == direction),
        None,
    )
    if hand_number is None:  # pragma: no cover - standard's cycle passes every way, no-pass holds
        raise OpenSpielError(f"pass direction {direction}: no hand of {BASE} passes that way")
    holder: dict[Card, int] = {}
    deal: dict[str, list[str]] = {seat: [] for seat in SEATS}
    for index in range(1, 1 + _DEALT):
        card = card_of(_action(history, index, _DEALT))
        if card in holder:
            raise OpenSpielError(f"action {index} deals {card.code} again")
        holder[card] = (index - 1) % _PLAYERS
        deal[SEATS[holder[card]]].append(card.code)
    record: dict[str, Any] = {
        "variant": spec,
        "seats": list(SEATS),
        "dealer": DEALER,
        "hand_number": hand_number,
        "deal": deal,
    }
    start = 1 + _DEALT
    if direction:
        start = _passes(history, start, holder, direction, record)
    record["play"] = [_play(history, index, holder) for index in range(start, len(history))]
    return record


def _passes(
    history: Sequence[object], start: int, holder: dict[Card, int], direction: int, record: dict[str, Any]
) -> int:
    """Read the pass actions from ``start`` into ``record["passes"]``, hand the cards over,
    and return where the play begins (a history that stops before the pass is made is
    refused)."""
    end = min(len(history), start + _PLAYERS * _PASSED)
    if end < start + _PLAYERS * _PASSED:
        raise OpenSpielError(
            f"the history stops in the pass, {end - start} of {_PLAYERS * _PASSED} cards passed:"
            " a record of a passing hand has every pass"
        )
    passes: dict[str, list[str]] = {}
    passed: list[tuple[Card, int]] = []
    for index in range(start, end):
        passer = (index - start) // _PASSED
        card = card_of(_action(history, index, _DEALT))
        if holder.get(card) != passer or (card, passer) in passed:
            raise OpenSpielError(
                f"action {index}: player {passer} passes {card.code}, which it does not hold"
            )
        passed.append((card, passer))
        passes.setdefault(SEATS[passer], []).append(card.code)
    record["passes"] = passes
    for card, passer in passed:
        holder[card] = (passer + direction) % _PLAYERS
    return end


def _play(history: Sequence[object], index: int, holder: dict[Card, int]) -> dict[str, str]:
    card = card_of(_action(history, index, _DEALT))
    player = holder.pop(card, None)
    if player is None:
        raise OpenSpielError(f"action {index} plays {card.code}, which nobody holds (played before?)")
    return {"seat": SEATS[player], "card": card.code}


# --- our record to OpenSpiel -----------------------------------------------------------------


def to_openspiel(record: Any) -> tuple[list[int], dict[str, bool]]:
    """OpenSpiel's action history and game parameters for our hand record (a dict in the JSON
    record format): the history ``from_openspiel`` reads, applied action by action to
    ``pyspiel.load_game("hearts", params).new_initial_state()``.

    The record's seats in their order are players 0 to 3, whoever dealt; its deal, in each
    seat's order (derived, where the record leaves it to the referee), its passes and its
    cards played are the actions. What OpenSpiel keeps no record of (the written scores, the
    totals before) is not carried. :class:`~hearts_referee.referee.RecordError` for a record
    that cannot have happened; :class:`OpenSpielError` for one OpenSpiel's hearts cannot
    play: another variant (:func:`parameters_of`), a score-only hand, a card exposed or
    withdrawn, a claim, or a hand the referee rules on (a revoke, a card out of turn...).
    """
    hand = load_record(record)
    params = parameters_of(hand.variant)
    if hand.points is not None:
        raise OpenSpielError("a score-only hand: OpenSpiel's hearts records cards, and this hand has none")
    if hand.exposed_in_deal:
        raise OpenSpielError("cards exposed in the deal: OpenSpiel's hearts deals face down")
    for index, event in enumerate(hand.play):
        if event.action is not EventAction.CARD:
            raise OpenSpielError(
                f"/play/{index} {event.action.value} ({event.seat}): OpenSpiel's hearts records"
                " cards played, nothing else"
            )
    rulings = [r for r in audit_record(hand).rulings if r.code not in _NOT_OPENSPIELS]
    if rulings:
        said = "; ".join(f"{r.code}: {r.explanation}" for r in rulings)
        raise OpenSpielError(
            f"the referee rules on this hand ({said}): OpenSpiel's hearts plays only legal hands"
        )
    return _actions(hand), params


def _actions(hand: HandRecord) -> list[int]:
    seats = hand.seats
    direction = hand.variant.pass_offset(hand.hand_number, len(seats)) % len(seats)
    actions = [direction]
    actions += [action_of(hand.deal[seats[k % _PLAYERS]][k // _PLAYERS]) for k in range(_DEALT)]
    if direction:
        for seat in seats:
            given = hand.passes.get(seat)
            if given is None:
                raise OpenSpielError(f"/passes/{seat}: OpenSpiel's hearts has every player pass")
            actions += [action_of(card) for card in given.cards]
    actions += [action_of(event.card) for event in hand.play if event.card is not None]
    return actions


__all__ = [
    "BASE",
    "DEALER",
    "OPTION_OF",
    "PARAMETERS",
    "SEATS",
    "UNSAYABLE",
    "OpenSpielError",
    "action_of",
    "card_of",
    "from_openspiel",
    "parameters_of",
    "to_openspiel",
    "variant_of",
]
