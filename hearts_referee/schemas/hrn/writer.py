"""The canonical writer: a hand record (the JSON record format, as a dict) to HRN text.

One text per record: the tags in a fixed order, one space between words, one LF at the end
of each line, a deal by suits in a fixed order, a card's seat only where it is not that seat's
turn, null and empty fields left out. The SHA-256 of that text is the hand's content id.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .syntax import (
    CARD_TAGS,
    CLAIMS,
    JOKER,
    MARK_OF,
    SUITS,
    Turns,
    card_code,
    deal_order,
    event_kind,
    following,
    option_text,
    seat_text,
    word_text,
)


def _seat_order(seats: Sequence[str], keys: Iterable[str]) -> list[str]:
    """``keys`` in the order of the seats, any others after them as given."""
    keys = list(keys)
    return [seat for seat in seats if seat in keys] + [key for key in keys if key not in seats]


def _variant(spec: Any) -> str:
    if isinstance(spec, Mapping):
        options = spec.get("options") or {}
        words = [word_text(str(spec.get("base")))]
        words += [f"{name}={option_text(value)}" for name, value in options.items()]
        return " ".join(words)
    return word_text(str(spec))


def _scores(seats: Sequence[str], scores: Mapping[str, Any]) -> str:
    return " ".join(f"{seat_text(seat)} {int(scores[seat])}" for seat in _seat_order(seats, scores))


def _cards(codes: Iterable[Any]) -> str:
    return " ".join(card_code(code) for code in codes)


def _line(*words: str) -> str:
    return " ".join(word for word in words if word)


def _deal_line(seat: str, codes: Sequence[Any]) -> str:
    cards = sorted((card_code(code) for code in codes), key=deal_order)
    suits = ["".join(card[0] for card in cards if card != JOKER and card[1] == suit) for suit in SUITS]
    jokers = "".join("+" + JOKER for card in cards if card == JOKER)
    return f"{seat_text(seat)} {'.'.join(suits)}{jokers}"


def _dealt_backs(codes: Sequence[Any], backs: Sequence[Any]) -> list[Any]:
    """A seat's back colours in the order its deal line writes its cards."""
    pairs = sorted(
        zip((card_code(code) for code in codes), backs, strict=False), key=lambda p: deal_order(p[0])
    )
    return [back for _, back in pairs] + list(backs[len(codes) :])


def _pass_line(seat: str, given: Any) -> str:
    if isinstance(given, Mapping):
        to = given.get("to")
        arrow = ">" + (seat_text(to) if to is not None else "") + ("!" if given.get("looked_early") else "")
        return _line(seat_text(seat) + arrow, _cards(given.get("cards") or ()))
    return _line(seat_text(seat) + ">", _cards(given))


def _claim_line(seat: str, claim: Mapping[str, Any]) -> str:
    words = [seat_text(seat), CLAIMS]
    if claim.get("what") is not None:
        words.append(word_text(str(claim["what"])))
    if claim.get("points") is not None:
        words.append(str(int(claim["points"])))
    if claim.get("order") is not None:
        words[-1] += ":"
        words.extend(card_code(code) for code in claim["order"])
    return " ".join(words)


def _play_lines(seats: Sequence[str], play: Sequence[Mapping[str, Any]]) -> list[str]:
    """The play, a trick a line: the line's first seat, then each card, its seat written
    where it is not that seat's turn (:class:`~.syntax.Turns`); a claim on a line of its own."""
    turns = Turns(seats)
    lines: list[str] = []
    words: list[str] = []
    for event in play:
        seat = event["seat"]
        action = event_kind(event)
        if action is None:  # a claim
            if words:
                lines.append(" ".join(words))
                words = []
            lines.append(_claim_line(seat, event.get("claims") or {}))
            continue
        kind, code = action
        card = card_code(code)
        if not words:
            words = [seat_text(seat)]
            turns.lead(seat)
        mark = MARK_OF.get(kind, "")
        prefix = "" if turns.implied(kind, card) == seat else seat_text(seat) + ":"
        words.append(prefix + mark + card)
        turns.done(kind, seat, card)
        if kind == "card" and turns.trick_done():
            lines.append(" ".join(words))
            words = []
    if words:
        lines.append(" ".join(words))
    return lines


def _present(value: Any) -> bool:
    return value is not None and value != [] and value != {}


def _hand_lines(record: Mapping[str, Any], headers: list[str]) -> list[str]:
    seats: list[str] = list(record.get("seats") or [])
    lines = list(headers)
    if _present(record.get("scores_before")):
        lines.append(f"[Before {_scores(seats, record['scores_before'])}]")
    if record.get("moon_choice") is not None:
        lines.append(f"[Moon {word_text(str(record['moon_choice']))}]")
    if record.get("deal_derived"):
        lines.append("[Deal derived]")
    for tag, key in CARD_TAGS.items():
        if _present(record.get(key)):
            lines.append(f"[{tag} {_cards(record[key])}]")
    deal: Mapping[str, Any] = record.get("deal") or {}
    backs: Mapping[str, Any] = record.get("backs") or {}
    for seat in _seat_order(seats, backs):
        colours = _dealt_backs(deal.get(seat) or (), backs[seat])
        lines.append(_line(f"[Backs {seat_text(seat)}", *(word_text(str(c)) for c in colours)) + "]")
    if record.get("points") is not None:
        lines.append(f"[Points {_scores(seats, record['points'])}]")
    for report in record.get("irregularities") or ():
        words = [f"[Irregularity {word_text(str(report['code']))}", seat_text(report["seat"])]
        if report.get("trick") is not None:
            words.append(str(int(report["trick"])))
        if report.get("card") is not None:
            words.append(card_code(report["card"]))
        lines.append(" ".join(words) + "]")
    if record.get("claimed") is not None:
        lines.append(f"[Written {_scores(seats, record['claimed'])}]")
    lines += [_deal_line(seat, deal[seat]) for seat in _seat_order(seats, deal)]
    passes: Mapping[str, Any] = record.get("passes") or {}
    lines += [_pass_line(seat, passes[seat]) for seat in _seat_order(seats, passes)]
    lines += _play_lines(seats, record.get("play") or ())
    return lines


def _headers(
    record: Mapping[str, Any],
    tags: Mapping[str, str],
    before: tuple[Mapping[str, Any], Mapping[str, str]] | None,
) -> list[str]:
    """The header tags, each left out where the hand before carries it over."""
    lines: list[str] = []
    last, last_tags = before if before is not None else ({}, {})
    for name in ("Event", "Table"):
        if name in tags and (before is None or last_tags.get(name) != tags[name]):
            lines.append(f"[{name} {word_text(tags[name])}]")
    if "variant" in record and (before is None or last.get("variant") != record["variant"]):
        lines.append(f"[Variant {_variant(record['variant'])}]")
    seats = list(record.get("seats") or [])
    if "seats" in record and (before is None or list(last.get("seats") or []) != seats):
        lines.append(_line("[Seats", *map(seat_text, seats)) + "]")
    dealer = record.get("dealer")
    if dealer is not None and (before is None or following(seats, last.get("dealer")) != dealer):
        lines.append(f"[Dealer {seat_text(dealer)}]")
    number = record.get("hand_number")
    carried = last.get("hand_number")
    if number is not None and (before is None or not isinstance(carried, int) or carried + 1 != number):
        lines.append(f"[Hand {int(number)}]")
    return lines


def write_hand(record: Mapping[str, Any], tags: Mapping[str, str] | None = None) -> str:
    """One hand record in canonical HRN (``tags``: an Event and a Table, which the record
    format has no field for). ``ValueError`` for a record that is not one: a card that is
    no card, a score that is no number."""
    return "\n".join(_hand_lines(record, _headers(record, tags or {}, None))) + "\n"


def write_hands(hands: Iterable[Mapping[str, Any] | tuple[Mapping[str, Any], Mapping[str, str]]]) -> str:
    """Several hands, one file: a blank line between hands, and each hand's headers left out
    where the hand before carries them over (its Hand and Dealer where they move on by one)."""
    texts: list[str] = []
    before: tuple[Mapping[str, Any], Mapping[str, str]] | None = None
    for hand in hands:
        record, tags = hand if isinstance(hand, tuple) else (hand, {})
        texts.append("\n".join(_hand_lines(record, _headers(record, tags, before))) + "\n")
        before = (record, tags)
    return "\n".join(texts)


def table_tags(table: str | None) -> dict[str, str]:
    """The tags a stored hand's text carries beside its record: ``[Table]``, where it was
    played at a named table."""
    return {"Table": table} if table else {}


def content_id(record: Mapping[str, Any]) -> str:
    """A hand's content id: the SHA-256 of its canonical text (hex), the same for every
    spelling of the same record."""
    return hashlib.sha256(write_hand(record).encode("utf-8")).hexdigest()


__all__ = ["content_id", "table_tags", "write_hand", "write_hands"]
