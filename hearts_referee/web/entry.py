"""The director's entry forms, read into the API's JSON bodies, and problems put back on fields.

A form is only another way to write the body the API takes: a new game is
the body of ``POST /v1/games``, a hand the body of ``POST
/v1/games/{id}/hands``, and both are then loaded by the same codecs and
stored by the same use cases. What this module adds is the way back: each
problem the codecs or the referee find carries a JSON pointer into that
body (``/deal/N/3``, ``/play/17/card``, ``/players/E``), and
:func:`field_of` names the form field it belongs to, so the page shows it
beside what the director typed. Nothing typed is lost: the page is drawn
again from the form as sent.

Tricks are typed one a line, each card as ``SEAT:CARD``; a card without a
seat is played by the next seat clockwise after the card before it
(``E:2C 3D 3C 7C``), so a normal trick needs its leader only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from hearts_referee.http_shared.jsonbody import max_depth
from hearts_referee.referee.house import OPTIONS
from hearts_referee.referee.names import seat_key
from hearts_referee.referee.record import Problem
from hearts_referee.referee.translator import SAID
from hearts_referee.schemas.bounds import TABLE_MAX_LENGTH
from hearts_referee.schemas.strictjson import JSONError, form_number, loads_strict
from hearts_referee.usecases.errors import Rejected

T = TypeVar("T")

SEAT_ROWS = 8
"""Rows of the new-game form: the most seats any variant has."""

_SPLIT = re.compile(r"[\s,;]+")


def cards_of(text: str) -> list[str]:
    """Cards as typed, in order (``"QS 10h, 2c"``); the codec reads and checks each."""
    return [token for token in _SPLIT.split(text.strip()) if token]


def seat_typed(typed: str, seats: Sequence[str]) -> str:
    """The seat a director typed, in any case and as a reader sees it (``referee.names``):
    ``w``, a fullwidth ``Ｗ`` or ``W`` with a zero-width space a phone keyboard slipped in are
    the seat ``W`` when the table has ``W`` and no ``w``. A seat written exactly, or one that
    matches no seat or two, is left as typed, for the codec to accept or to name what is
    wrong with it."""
    typed = typed.strip()
    if typed in seats:
        return typed
    wanted = seat_key(typed).casefold()
    matches = [seat for seat in seats if seat_key(seat).casefold() == wanted]
    return matches[0] if len(matches) == 1 else typed


def key_ids(text: str, pointer: str) -> tuple[list[int], list[Problem]]:
    """Key ids typed separated by spaces or commas (the event forms' scorers), each read as
    :func:`form_number` reads a number; one that is not a whole number is a problem at its
    place, ``pointer/index`` (how large one may be is the codec's bound, as in the API)."""
    ids: list[int] = []
    problems: list[Problem] = []
    for index, token in enumerate(cards_of(text)):
        value = form_number(token)
        if isinstance(value, int):
            ids.append(value)
        else:
            problems.append(Problem(f"{pointer}/{index}", "type", SAID.gettext("a key id is a whole number")))
    return ids, problems


@dataclass
class Entry:
    """A form read into a JSON body: ``data``; problems found in the form itself (a trick
    line that names no leader); and where each body part came from (``fields``: pointer
    prefix -> form field; ``labels``: a readable place for a pointer prefix)."""

    data: dict[str, Any]
    problems: list[Problem] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    words: dict[tuple[str, str], str] = field(default_factory=dict)
    """(pointer prefix, problem code) -> what the form says instead of the codec's words
    ("Name the player in this seat." for a player's empty name, not "Shorter than minimum
    length 1.").

    A label, a word and a message made here are each a ``Said`` (``referee.translator``): the
    English text, which a page writes in its own language (the pages' ``said`` filter)."""

    def field_of(self, pointer: str) -> str:
        """The form field a problem at ``pointer`` belongs to (``""``: the form as a whole)."""
        parts = pointer.split("/")
        for end in range(len(parts), 1, -1):
            found = self.fields.get("/".join(parts[:end]))
            if found is not None:
                return found
        return ""

    def message(self, problem: Problem) -> str:
        """The problem as the field shows it: where in the field, and what is wrong."""
        parts = problem.pointer.split("/")
        for end in range(len(parts), 1, -1):
            said = self.words.get(("/".join(parts[:end]), problem.code))
            if said is not None:
                return said
        for end in range(len(parts), 1, -1):
            label = self.labels.get("/".join(parts[:end]))
            if label is not None:
                return SAID.gettext("%(place)s: %(problem)s", place=label, problem=problem.message)
        return problem.message

    def loaded(self, load: Callable[[dict[str, Any]], T]) -> T | None:
        """The body loaded by the API's codec ``load``; ``None`` when the codec or the form
        itself found problems (the codec's put first in ``problems``): nothing read only in
        part goes on to a use case."""
        try:
            value = load(self.data)
        except Rejected as error:
            self.problems[:0] = error.problems
            return None
        return None if self.problems else value

    def by_field(self, problems: Sequence[Problem]) -> dict[str, list[str]]:
        """Each field's problems, as its messages; the form's own under ``""``."""
        placed: dict[str, list[str]] = {}
        for problem in problems:
            placed.setdefault(self.field_of(problem.pointer), []).append(self.message(problem))
        return placed

    def json_field(self, text: str, pointer: str) -> Any:
        """A JSON text typed into a field, read by the API's strict reader within its depth
        limit (no ``NaN``, no key twice, no lone surrogate); a problem at ``pointer`` and
        ``{}`` when it is not one, so the rest of the form is still checked."""
        try:
            return loads_strict(text.encode("utf-8"), max_depth())
        except JSONError as error:
            self.problems.append(
                Problem(pointer, error.code, SAID.gettext("not JSON: %(error)s", error=str(error)))
            )
            return {}


# --- a new game ---------------------------------------------------------------------


HOUSE = "house-"
"""The new-game form's field for a house rule: ``house-<option name>`` (``referee.house``)."""

YES_NO = {"yes": True, "no": False}


def house_options(form: Mapping[str, str], entry: Entry) -> dict[str, Any]:
    """The house rules chosen in the form, one field per option of the catalogue
    (``referee.house.OPTIONS``); a field left empty keeps the variant's own rule. A number is
    read as :func:`form_number` reads one; anything else goes on as typed, for the codec to
    say what is wrong with it at ``/variant/options/<name>``, shown beside its field."""
    options: dict[str, Any] = {}
    for option in OPTIONS:
        name = HOUSE + option.name
        typed = form.get(name, "").strip()
        if not typed:
            continue
        entry.fields[f"/variant/options/{option.name}"] = name
        if option.type == "boolean":
            options[option.name] = YES_NO.get(typed, typed)
        elif option.type == "integer":
            options[option.name] = form_number(typed)
        else:
            options[option.name] = typed
    return options


def _variant(form: Mapping[str, str], entry: Entry) -> Any:
    """The variant's id, or a house variant: its base and the options that differ, from the
    house-rule fields and (the advanced fallback) a JSON box; one rule set in both is a problem."""
    variant: Any = form.get("variant", "").strip()
    entry.fields.update({"/variant": "variant", "/variant/options": "options"})
    options = house_options(form, entry)
    options_text = form.get("options", "").strip()
    if options_text:
        typed = entry.json_field(options_text, "/variant/options")
        if not isinstance(typed, dict):
            return {"base": variant, "options": typed}  # the codec names what it should be
        for name in sorted(set(typed) & set(options)):
            entry.problems.append(
                Problem(
                    f"/variant/options/{name}",
                    "not_allowed",
                    SAID.gettext("set both here and in the JSON box: keep one"),
                )
            )
        options = typed | options
    return {"base": variant, "options": options} if options or options_text else variant


def game_entry(form: Mapping[str, str]) -> Entry:
    """The body of ``POST /v1/games`` from the new-game form."""
    entry = Entry({})
    entry.data["variant"] = _variant(form, entry)
    seats: list[str] = []
    players: dict[str, str] = {}
    for row in range(SEAT_ROWS):
        seat = form.get(f"seat-{row}", "")
        name = form.get(f"player-{row}", "")
        if not seat.strip() and not name.strip():
            continue
        if not seat.strip():
            entry.problems.append(
                Problem(f"/seats/{len(seats)}", "required", SAID.gettext("name the seat this player sits in"))
            )
        entry.fields[f"/seats/{len(seats)}"] = f"seat-{row}"
        entry.fields[f"/players/{seat}"] = f"player-{row}"
        seats.append(seat)
        players[seat] = name
    entry.data["seats"] = seats
    entry.data["players"] = players
    entry.fields.update({"/seats": "seat-0", "/players": "player-0"})
    entry.words.update(GAME_WORDS)
    for name in ("first_dealer", "scorekeeper", "table"):
        entry.fields[f"/{name}"] = name
        value = form.get(name, "")
        if name != "table":
            value = seat_typed(value, seats)
        if name == "first_dealer" and not value.strip() and seats and seats[0].strip():
            value = seats[0]  # the form's dealer list starts at the first seat; without it, the same
        if value.strip() or name == "first_dealer":
            entry.data[name] = value
    return entry


GAME_WORDS: dict[tuple[str, str], str] = {
    ("/players", "length"): SAID.gettext("Name the player in this seat."),
    ("/first_dealer", "length"): SAID.gettext("Choose the first dealer: type the seats above first."),
    ("/table", "length"): SAID.gettext("A table's name is at most %(max)s characters.", max=TABLE_MAX_LENGTH),
}
"""The new-game form's refusals in the director's words, beside each field, where the codec's
are a schema's ("Shorter than minimum length 1."); its others already name the seat."""


# --- a new event --------------------------------------------------------------------


def event_entry(form: Mapping[str, str]) -> Entry:
    """The body of ``POST /v1/events`` from the new-event form: players one a line (blank
    lines left out, each problem named by its line), scorer keys' ids separated by spaces
    or commas, and house options as JSON."""
    entry = Entry({"name": form.get("name", "")})
    entry.fields.update(
        {"/name": "name", "/format": "format", "/format/options": "options", "/players": "players"}
    )
    entry.fields["/scorers"] = "scorers"
    fmt: Any = form.get("format", "").strip()
    options_text = form.get("options", "").strip()
    if options_text:
        options = entry.json_field(options_text, "/format/options")
        if isinstance(options, dict):
            entry.labels.update({f"/format/options/{name}": str(name) for name in options})
        fmt = {"base": fmt, "options": options}
    entry.data["format"] = fmt
    players: list[str] = []
    for line, name in enumerate(form.get("players", "").splitlines(), start=1):
        if name.strip():
            entry.labels[f"/players/{len(players)}"] = SAID.gettext(
                "line %(line)s (%(name)s)", line=line, name=name.strip()[:20]
            )
            players.append(name.strip())
    entry.data["players"] = players
    typed = cards_of(form.get("scorers", ""))
    entry.labels.update(
        {
            f"/scorers/{index}": SAID.gettext("key %(key)s", key=token[:20])
            for index, token in enumerate(typed)
        }
    )
    entry.data["scorers"], problems = key_ids(form.get("scorers", ""), "/scorers")
    entry.problems.extend(problems)
    return entry


# --- a game's next hand --------------------------------------------------------------


def hand_entry(form: Mapping[str, str], seats: Sequence[str]) -> Entry:
    """The body of ``POST /v1/games/{id}/hands`` from the hand form of a game with ``seats``."""
    entry = Entry({})
    data = entry.data
    number = form.get("hand_number", "")
    if number.strip():
        data["hand_number"] = form_number(number)
    entry.labels["/hand_number"] = SAID.gettext("hand number")
    deal: dict[str, list[str]] = {}
    passes: dict[str, list[str]] = {}
    written: dict[str, Any] = {}
    for i, seat in enumerate(seats):
        deal[seat] = cards_of(form.get(f"deal-{i}", ""))
        entry.fields[f"/deal/{seat}"] = f"deal-{i}"
        given = cards_of(form.get(f"pass-{i}", ""))
        if given:
            passes[seat] = given
        entry.fields[f"/passes/{seat}"] = f"pass-{i}"
        wrote = form.get(f"written-{i}", "").strip()
        if wrote:
            written[seat] = form_number(wrote)
        entry.fields[f"/claimed/{seat}"] = f"written-{i}"
    if any(deal.values()):  # every deal field left empty: derived from the play
        data["deal"] = deal
    entry.fields["/deal"] = "deal-0"
    if passes:
        data["passes"] = passes
    entry.fields["/passes"] = "pass-0"
    if written:
        data["claimed"] = written
    entry.fields["/claimed"] = "written-0"
    kitty = cards_of(form.get("kitty", ""))
    if kitty:
        data["kitty"] = kitty
    entry.fields["/kitty"] = "kitty"
    choice = form.get("moon_choice", "").strip()
    if choice:
        data["moon_choice"] = choice
    entry.fields["/moon_choice"] = "moon_choice"
    data["play"] = _tricks(form.get("tricks", ""), seats, entry)
    entry.fields["/play"] = "tricks"
    return entry


def sheet_entry(form: Mapping[str, str], seats: Sequence[str]) -> Entry:
    """The body of ``POST /v1/games/{id}/hands`` for a score-only hand, from the scoresheet
    form: one number per seat (``points-<i>``) and the moon choice where the variant has one."""
    entry = Entry({})
    number = form.get("hand_number", "")
    if number.strip():
        entry.data["hand_number"] = form_number(number)
    points: dict[str, Any] = {}
    for i, seat in enumerate(seats):
        wrote = form.get(f"points-{i}", "").strip()
        entry.fields[f"/points/{seat}"] = f"points-{i}"
        if not wrote:
            entry.problems.append(
                Problem(f"/points/{seat}", "required", SAID.gettext("the points %(seat)s took", seat=seat))
            )
        else:  # a number as typed, or the text for the codec to name what is wrong with it
            points[seat] = form_number(wrote)
    entry.data["points"] = points
    entry.fields["/points"] = "points"
    choice = form.get("sheet_moon_choice", "").strip()
    if choice:
        entry.data["moon_choice"] = choice
    entry.fields["/moon_choice"] = "sheet_moon_choice"
    return entry


ACTIONS = ("exposes", "withdraws", "claims")
"""What a trick line may say besides a card played: ``N:exposes:QS``, ``N:withdraws:8S``,
``S:claims:AH KH QH`` (the rest of the line is the claim's announced order)."""


def _tricks(text: str, seats: Sequence[str], entry: Entry) -> list[dict[str, Any]]:
    """Play events from the tricks typed one a line; each event's pointer is labelled with
    its line and place, so a problem at ``/play/17/card`` reads "trick line 5, card 2".

    A card without a seat is played by the seat whose turn the line has reached: the one
    after the card before it, or, after a withdrawal, the seat that withdrew (it plays
    again). An exposed card does not move the turn; a claim ends its line."""
    events: list[dict[str, Any]] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        tokens = cards_of(line)
        turn: str | None = None
        last: str | None = None
        for place, token in enumerate(tokens, start=1):
            named, action, card = _token(token)
            at = f"/play/{len(events)}"
            entry.labels[at] = SAID.gettext(
                "trick line %(line)s, card %(place)s (%(token)s)", line=line_number, place=place, token=token
            )
            typed = seat_typed(named, seats) if named else None
            seat = typed or (last if action == "withdraws" else turn)
            if seat is None:
                entry.problems.append(Problem(f"{at}/seat", "required", _who(action, card)))
                entry.labels[f"{at}/seat"] = SAID.gettext("trick line %(line)s", line=line_number)
                break
            if action == "claims":
                order = [card, *(t for t in tokens[place:])] if card else list(tokens[place:])
                events.append({"seat": seat, "claims": {"order": order}})
                break
            events.append({"seat": seat, action: card})
            if action == "card":
                last = seat
                turn = seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seat
            elif action == "withdraws":
                turn = seat
    return events


def _token(token: str) -> tuple[str | None, str, str]:
    """A trick line's token as (seat named or ``None``, action, card): ``E:2C``, ``2C``,
    ``N:exposes:QS``, ``withdraws:8S``, ``S:claims:AH``."""
    parts = token.split(":")
    if len(parts) >= 2 and parts[-2].lower() in ACTIONS:
        return (":".join(parts[:-2]) or None), parts[-2].lower(), parts[-1]
    named, _, card = token.rpartition(":")
    return (named or None), "card", card


def _who(action: str, card: str) -> str:
    """What a line must say when it does not say who played, exposed or claimed."""
    if action == "card":
        return SAID.gettext(
            "who led %(card)s? write the leader before the card, as in %(example)s",
            card=card,
            example="E:" + card,
        )
    example = f"E:{action}:{card or 'AH'}"  # the notation's keywords, as typed in any language
    if action == "exposes":
        if card:
            return SAID.gettext(
                "who exposes %(card)s? write the seat first, as in %(example)s", card=card, example=example
            )
        return SAID.gettext("who exposes? write the seat first, as in %(example)s", example=example)
    if action == "withdraws":
        if card:
            return SAID.gettext(
                "who withdraws %(card)s? write the seat first, as in %(example)s", card=card, example=example
            )
        return SAID.gettext("who withdraws? write the seat first, as in %(example)s", example=example)
    if card:
        return SAID.gettext(
            "who claims %(card)s? write the seat first, as in %(example)s", card=card, example=example
        )
    return SAID.gettext("who claims? write the seat first, as in %(example)s", example=example)
