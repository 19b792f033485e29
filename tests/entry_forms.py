"""A game hand's JSON body written into the director's hand form, as a director types it;
and the problems a form page shows under one of its fields."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import unescape
from typing import Any


def trick_line(trick: Sequence[Mapping[str, str]], seats: Sequence[str]) -> str:
    """One trick as typed: the leader named, the others only when out of clockwise order."""
    words = []
    before: str | None = None
    for event in trick:
        seat = event["seat"]
        clockwise = before is not None and seats[(seats.index(before) + 1) % len(seats)] == seat
        words.append(event["card"] if clockwise else f"{seat}:{event['card']}")
        before = seat
    return " ".join(words)


def hand_form(body: Mapping[str, Any], seats: Sequence[str]) -> dict[str, str]:
    """The hand form's fields for ``body`` (deal, passes, written scores, kitty, tricks)."""
    form: dict[str, str] = {}
    for i, seat in enumerate(seats):
        form[f"deal-{i}"] = " ".join(body["deal"].get(seat, ()))
        given = body.get("passes", {}).get(seat) or ()
        if isinstance(given, Mapping):
            given = given["cards"]
        form[f"pass-{i}"] = " ".join(given)
        wrote = (body.get("claimed") or {}).get(seat)
        form[f"written-{i}"] = "" if wrote is None else str(wrote)
    form["kitty"] = " ".join(body.get("kitty", ()))
    play = body.get("play", [])
    count = len(seats)
    form["tricks"] = "\n".join(trick_line(play[k : k + count], seats) for k in range(0, len(play), count))
    return form


def field_problems(html: str, field: str) -> str:
    """The problems the page shows under one field."""
    found = re.search(rf'<div class="field-problems" id="err-{field}"[^>]*>(.*?)</div>', html, re.S)
    assert found, f"no problem shown at {field}"
    return unescape(re.sub(r"<[^>]+>", " ", found.group(1)))
