"""One record of a bulk audit: its line of results, and what the summary counts of it.

Every face that audits many records (the ``audit`` command, ``POST
/v1/audits``, a Dask worker) audits each one here, so a record gets the same
answer however it arrives. A record is a hand record or a whole recorded
game (an object with ``hands`` and no ``deal``); it is read as strict JSON
and audited by the one-call audit (:mod:`audit`). A line that is not JSON, or
a record that cannot have happened, is an answer too (its located
problems), never an exception: one bad line never stops a run. A hand read from an HRN
file (:class:`Notated`) is audited as the same record sent as JSON, and its line also
says what the notation's reader said of it. Each record's explanations and suggestions are
written in the ``language`` asked for (``languages.LANGUAGES``; English by default); its
codes, scores and every other field are the same in any language.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from hearts_referee.http_shared.problems import capped, problem_item
from hearts_referee.languages import SOURCE, translator
from hearts_referee.referee.errorcodes import ROOT_POINTER
from hearts_referee.referee.findings import Code
from hearts_referee.referee.record import Problem, RecordError
from hearts_referee.referee.translator import SAID
from hearts_referee.schemas.hrn import Diagnostic, ReadHand
from hearts_referee.schemas.hrn.located import Located, located, unread
from hearts_referee.schemas.record import read_plain_text
from hearts_referee.schemas.strictjson import MAX_DEPTH, JSONError, dumps, loads_strict
from hearts_referee.usecases.errors import Rejected
from hearts_referee.validate import validate_game, validate_hand, validate_record


class Kind(StrEnum):
    """What a record was."""

    HAND = "hand"
    GAME = "game"


@dataclass(frozen=True, slots=True)
class Where:
    """Where a record came from: its file (``None`` for a request body or stdin shown as
    ``-``), its line in an NDJSON input, or its index in a JSON array."""

    source: str | None = None
    line: int | None = None
    index: int | None = None

    def __reduce__(self) -> tuple[type[Where], tuple[str | None, int | None, int | None]]:
        return Where, (self.source, self.line, self.index)  # see Outcome.__reduce__

    def fields(self) -> dict[str, Any]:
        """The location as the result line's leading keys (only those that are known)."""
        out: dict[str, Any] = {}
        if self.source is not None:
            out["source"] = self.source
        if self.line is not None:
            out["line"] = self.line
        if self.index is not None:
            out["index"] = self.index
        return out

    def label(self) -> str:
        """``games.ndjson:12``, ``hands.json[3]``: how the summary names a record."""
        text = self.source or "-"
        if self.line is not None:
            text += f":{self.line}"
        if self.index is not None:
            text += f"[{self.index}]"
        return text


@dataclass(frozen=True, slots=True)
class HandTally:
    """One audited hand, as the summary and the CSV count it (a game gives one per hand)."""

    label: str
    variant: str
    """The variant as the record names it: its id, or for house rules the record's own
    ``{"base": id, "options": {...}}`` as compact JSON."""
    score: Mapping[str, int]
    rulings: tuple[tuple[str, str], ...]
    """(code, status) of each ruling, in table order."""
    refereed: bool = True
    """False for a score-only hand: its points were checked, its play never seen."""

    def __reduce__(self) -> tuple[type[HandTally], tuple[Any, ...]]:
        return HandTally, (self.label, self.variant, self.score, self.rulings, self.refereed)

    @property
    def in_progress(self) -> bool:
        """The play stops early with no claim or concession for the rest (its
        ``play_incomplete`` ruling): the hand is not over, so it is not clean."""
        return any(code == Code.PLAY_INCOMPLETE for code, _ in self.rulings)

    @property
    def mismatch(self) -> bool:
        """The table's written scores differ from the validated ones."""
        return any(code == Code.SCORE_MISMATCH for code, _ in self.rulings)

    @property
    def clean(self) -> bool:
        """No ruling on a hand whose play was refereed (a score-only hand is never clean:
        nothing says its play was)."""
        return self.refereed and not self.rulings


@dataclass(frozen=True, slots=True)
class Outcome:
    """A record's result: its NDJSON line (bytes, no newline) and its tally. A rejected
    record has no hands and its problems (the first is what the summary shows)."""

    where: Where
    line: bytes
    kind: Kind | None
    hands: tuple[HandTally, ...] = ()
    problems: tuple[Problem, ...] = ()

    def __reduce__(self) -> tuple[type[Outcome], tuple[Any, ...]]:
        """Pickled as its fields, in C, not through ``dataclasses.fields`` in Python for each
        value (docs/performance.md, "Why the code is shaped so")."""
        return Outcome, (self.where, self.line, self.kind, self.hands, self.problems)

    @property
    def rejected(self) -> bool:
        return self.kind is None


def variant_name(result: Mapping[str, Any]) -> str:
    """How the record named its variant: ``mso-2000``, or a house variant as
    ``{"base":"standard","options":{...}}``, so two house variants never read alike."""
    options = result.get("options")
    if not options:
        return str(result["variant"])
    return json.dumps({"base": result["variant"], "options": options}, separators=(",", ":"))


def _tally(label: str, result: Mapping[str, Any]) -> HandTally:
    return HandTally(
        label,
        variant_name(result),
        result["score"],
        tuple((r["code"], r["status"]) for r in result["rulings"]),
        result["refereed"],
    )


def _problems(
    where: Where,
    problems: Iterable[Problem],
    places: Iterable[tuple[int, int]] = (),
    notes: Iterable[Diagnostic] = (),
    language: str = SOURCE,
) -> Outcome:
    """A refused record's line: its problems as an error answer lists them (their messages in
    ``language``), at most
    ``MAX_PROBLEMS`` and a count of the rest (``more_problems``), so that one record of
    thousands of bad cards does not make a line many times its size. A hand read from HRN:
    each problem at its ``places`` (line and column), and the reader's ``notes``."""
    found = tuple(problems)
    shown, more = capped(found)
    at = list(places)[: len(shown)]
    t = translator(language)
    data: dict[str, Any] = {
        **where.fields(),
        "problems": [problem_item(p, at[i] if i < len(at) else None, t) for i, p in enumerate(shown)],
    }
    if more:
        data["more_problems"] = more
    _noted(data, notes, language)
    return Outcome(where, dumps(data), None, problems=found)


def _noted(data: dict[str, Any], notes: Iterable[Diagnostic], language: str = SOURCE) -> None:
    """A hand read from HRN: what the reader said of it (in ``language``), at the end of its line."""
    said = [note.as_json(translator(language)) for note in notes]
    if said:
        data["diagnostics"] = said


def is_game(data: Any) -> bool:
    """A whole recorded game, not a hand: an object with ``hands`` and no ``deal``."""
    return isinstance(data, dict) and "hands" in data and "deal" not in data


def audit_data(where: Where, data: Any, language: str = SOURCE) -> Outcome:
    """Audit one parsed record (a hand or a whole game), explained in ``language``."""
    try:
        if is_game(data):
            game = validate_game(data, language)
            label = where.label()
            hands = tuple(_tally(f"{label}#{row['seq']}", row["result"]) for row in game["hands"])
            return Outcome(
                where, dumps({**where.fields(), "kind": Kind.GAME, "game": game}), Kind.GAME, hands
            )
        return _hand(where, validate_hand(data, language))
    except (RecordError, Rejected) as error:
        return _problems(where, error.problems, language=language)


def _hand(
    where: Where, result: Mapping[str, Any], notes: Iterable[Diagnostic] = (), language: str = SOURCE
) -> Outcome:
    data: dict[str, Any] = {**where.fields(), "kind": Kind.HAND, "audit": result}
    _noted(data, notes, language)
    return Outcome(where, dumps(data), Kind.HAND, (_tally(where.label(), result),))


@dataclass(frozen=True, slots=True)
class Notated:
    """One hand of an HRN file as the notation's reader read it (``hand``: its record and
    where each part was written) and what the reader said of it; or, for a file that is not
    text, no hand and the problem that says so (``refused``)."""

    hand: ReadHand | None
    diagnostics: tuple[Diagnostic, ...]
    refused: tuple[Located, ...] = ()

    def __reduce__(self) -> tuple[type[Notated], tuple[Any, ...]]:
        return Notated, (self.hand, self.diagnostics, self.refused)

    @classmethod
    def not_text(cls, at: int, place: tuple[int, int]) -> Notated:
        """An HRN file whose byte ``at`` (from 0), at ``place``, is not UTF-8."""
        message = SAID.gettext("byte %(byte)s is not UTF-8: an HRN file is UTF-8 text", byte=at + 1)
        return cls(None, (), ((Problem(ROOT_POINTER, "not_utf8", message), place),))


def audit_notated(where: Where, notated: Notated, language: str = SOURCE) -> Outcome:
    """Audit one hand read from HRN, as the same record sent as JSON is: taken only whole
    (a hand the reader left something out of is refused, its problems and then the
    referee's with what did read, each at its line and column), the reader's diagnostics
    on its line whatever its answer."""
    hand, notes = notated.hand, notated.diagnostics

    def validated(hand: ReadHand) -> dict[str, Any]:
        return validate_hand(hand.record, language)

    found = list(notated.refused) if hand is None else unread(hand, notes, validated)
    if hand is not None and not found:
        try:
            return _hand(where, validated(hand), notes, language)
        except (RecordError, Rejected) as error:
            found = located(hand, error.problems)
    return _problems(where, [problem for problem, _ in found], [place for _, place in found], notes, language)


def audit_raw(where: Where, raw: bytes, max_depth: int = MAX_DEPTH, language: str = SOURCE) -> Outcome:
    """Audit one record from its JSON text (one NDJSON line, or one array element), nested
    at most ``max_depth`` levels, explained in ``language``. A hand record in the plain
    shape is read straight from its text (``schemas.record.read_plain_text``); any other is
    parsed first."""
    try:
        record = read_plain_text(raw, max_depth)
        if record is not None:
            return _hand(where, validate_record(record, language))
    except RecordError as error:
        return _problems(where, error.problems, language=language)
    try:
        data = loads_strict(raw, max_depth)
    except JSONError as error:
        return _problems(where, [Problem("", error.code, error.said)], language=language)
    return audit_data(where, data, language)


def audit_chunk(chunk: list[tuple[Where, bytes | Notated]], language: str = SOURCE) -> list[Outcome]:
    """A chunk of records, audited in order and explained in ``language``: what a worker
    process or a Dask task runs."""
    return [
        audit_raw(where, raw, MAX_DEPTH, language)
        if isinstance(raw, bytes)
        else audit_notated(where, raw, language)
        for where, raw in chunk
    ]
