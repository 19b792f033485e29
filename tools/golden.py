"""The golden answers: every corpus's records and the referee's answer to each, fingerprinted.

A refactor of the rules core must not move an answer. Before one starts, the answers of
every corpus are recorded here (``tests/golden/answers.txt``), and ``tests/test_golden.py``
checks the tree against them, record by record and byte for byte, on whichever build of
the core runs (``make test`` runs it on both). A change of meaning is then a deliberate
act: rewrite the file (``python -m tools.golden --write``) in the commit that argues it.

The corpora, all made here from fixed seeds (nothing is read from outside the checkout):

- ``example``: every hand record under ``examples/``;
- ``clean``: random legal hands of every variant in the registry, at every table size the
  variant plays, with and without totals before, written scores and moons (``playout``,
  the independent generator);
- ``edge``: the stacked hands of ``playout.edge`` (first-trick and hearts-broken exceptions);
- ``irregular``: hands with a planted revoke, scores the table wrote wrong;
- ``house``: legal hands of a base variant refereed under random house options from the
  variant's catalogue (their rulings, if the options make the play illegal, are answers too);
- ``claims``: hands stopped a few tricks early, the seat on lead claiming the rest in each
  way a claim can be made;
- ``score_only``: each variant's scoresheets, from the points of a legal hand, with
  irregularities a director could record and ones the variant makes impossible;
- ``damaged``: records that cannot have happened or cannot be read: a card dealt twice, a
  seat that is not at the table, two plays swapped, play cut short, a record cut short.

Each line of the answers file is ``corpus/index input-sha answer-sha`` (16 hex digits of
SHA-256 each): the input's, so that a change of the corpus itself is told apart from a
change of answer, and the answer's: the result's JSON bytes as ``POST /v1/hands/validate``
answers them, or for a refused record its problems (pointer, code, message) as JSON.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import playout

ROOT = Path(__file__).resolve().parent.parent
ANSWERS = ROOT / "tests" / "golden" / "answers.txt"

SEED = 20261206
PER_VARIANT = 60
"""Random records per variant in each generated corpus."""

Record = dict[str, Any]


def _variants() -> list[str]:
    """The variant ids, from the registry: a new variant joins every corpus it can."""
    from hearts_referee import VARIANTS

    return sorted(VARIANTS)


# --- legal hands, by variant -----------------------------------------------------------------


def _legal(rng: random.Random, variant: str) -> Record:
    """A random legal hand of ``variant`` from ``playout``, at any table size it plays."""
    if variant == "long-john":
        return playout.random_long_john_hand(rng, rng.randint(6, 8), lumpy=rng.random() < 0.2)
    if variant == "omnibus-kitty":
        return playout.random_omnibus_hand(rng, rng.choice((3, 4, 5, 6, 7)))
    roll = rng.random()
    if roll < 0.1:
        return playout.random_moon_hand(rng, variant)[0]
    if roll < 0.3:
        return playout.random_lumpy_hand(rng, variant)
    return playout.random_hand(rng, variant)


def _playable(variant: str) -> bool:
    """Whether ``playout`` plays ``variant``: a variant it does not know fails the corpus
    loudly rather than going untested (see :func:`clean`)."""
    try:
        _legal(random.Random(0), variant)
    except (KeyError, ValueError):
        return False
    return True


def _answer(record: Record) -> Record:
    """The answer to ``record`` as a dict (for corpora that build on a first answer)."""
    from hearts_referee import validate_hand

    return validate_hand(record)


def _written(rng: random.Random, record: Record, wrong: bool) -> Record:
    """``record`` with the scores the table wrote: the validated ones, or one of them off."""
    try:
        claimed = dict(_answer(copy.deepcopy(record))["score"])
    except ValueError:
        return record
    if wrong:
        seat = rng.choice(sorted(claimed))
        claimed[seat] += rng.choice((-13, -1, 1, 13))
    return {**record, "claimed": claimed}


# --- the corpora ---------------------------------------------------------------------------------


def examples() -> Iterator[bytes]:
    for path in sorted((ROOT / "examples").rglob("*.json")):
        yield path.read_bytes()
    for path in sorted((ROOT / "examples").rglob("*.ndjson")):
        yield from (line for line in path.read_bytes().splitlines() if line.strip())


def clean(rng: random.Random) -> Iterator[Record]:
    for variant in _variants():
        if not _playable(variant):
            raise SystemExit(f"playout plays no {variant!r}: teach it the variant, so the corpus covers it")
        for _ in range(PER_VARIANT):
            record = _legal(rng, variant)
            yield _written(rng, record, wrong=False) if rng.random() < 0.25 else record


def edge(rng: random.Random) -> Iterator[Record]:
    for variant in ("standard", "mso-2000"):
        for scenario in playout.SCENARIOS:
            for _ in range(6):
                yield playout.random_edge_hand(rng, variant, scenario)[0]


def irregular(rng: random.Random) -> Iterator[Record]:
    for variant in _variants():
        for _ in range(PER_VARIANT // 2):
            if variant in ("standard", "mso-2000") and rng.random() < 0.6:
                yield playout.random_hand_with_revoke(rng, variant)[0]
            elif variant == "long-john" and rng.random() < 0.6:
                yield playout.random_long_john_hand_with_revoke(rng, rng.randint(6, 8))[0]
            elif variant in ("standard", "mso-2000") and rng.random() < 0.3:
                yield playout.random_moon_try_with_revoke(rng, variant)[0]
            else:
                yield _written(rng, _legal(rng, variant), wrong=True)


def _house_options(rng: random.Random, variant: str) -> dict[str, Any]:
    """Two to four house options of ``variant``'s catalogue, with values it allows."""
    from hearts_referee import VARIANTS
    from hearts_referee.referee.house import catalogue
    from hearts_referee.rulings.schedules import SCHEDULES

    offered = catalogue(VARIANTS[variant], sorted(SCHEDULES))
    options: dict[str, Any] = {}
    for option in rng.sample(offered, rng.randint(2, 4)):
        name, kind = str(option["name"]), option["type"]
        if kind == "boolean":
            options[name] = rng.random() < 0.5
        elif kind == "choice":
            options[name] = rng.choice(list(option["choices"]))  # type: ignore[call-overload]
        elif name == "pass_count":
            options[name] = rng.choice((0, 1, 3))
        elif name.endswith("_points"):
            options[name] = rng.choice((-13, -10, 0, 1, 2, 13))
        else:
            options[name] = rng.choice((0, 50, 100))
    return options


def house(rng: random.Random) -> Iterator[Record]:
    for variant in _variants():
        for _ in range(PER_VARIANT // 2):
            record = _legal(rng, variant)
            yield {**record, "variant": {"base": variant, "options": _house_options(rng, variant)}}


REPORTS = (
    "incorrect_pass",
    "revoke",
    "renounce",
    "early_heart",
    "point_card_on_first_trick",
    "wrong_first_lead",
    "exposed_card",
    "joker_played_early",
)
"""Codes a director records on a score-only hand (and ones some variants make impossible)."""


def score_only(rng: random.Random) -> Iterator[Record]:
    for variant in _variants():
        for _ in range(PER_VARIANT // 2):
            record = _legal(rng, variant)
            try:
                points = dict(_answer(copy.deepcopy(record))["points"])
            except ValueError:
                continue
            sheet: Record = {
                key: record[key]
                for key in ("variant", "seats", "dealer", "hand_number", "scores_before")
                if key in record
            }
            sheet["points"] = points
            if rng.random() < 0.4:
                seats = list(record["seats"])
                sheet["irregularities"] = [
                    {"code": rng.choice(REPORTS), "seat": rng.choice(seats)} for _ in range(rng.randint(1, 2))
                ]
            if rng.random() < 0.15:
                seat = rng.choice(sorted(points))
                points[seat] += rng.choice((-1, 1, 13))
            yield sheet


def claims(rng: random.Random) -> Iterator[Record]:
    """Hands stopped at a trick with one to four tricks left, the seat on lead claiming the
    rest in each of the ways a claim can be made (decided by the claim solver)."""
    for variant in ("standard", "mso-2000", "omnibus-kitty"):
        for _ in range(PER_VARIANT // 3):
            record = _legal(rng, variant)
            play = [event for event in record["play"] if "card" in event]
            seats = len(record["seats"])
            left = rng.randint(1, min(4, len(play) // seats - 1))
            cut = len(play) - left * seats
            leader = play[cut]["seat"]
            held = [event["card"] for event in play[cut:] if event["seat"] == leader]
            what = rng.choice(("all-tricks", "no-more-points", "no-more-tricks", "points", "concede"))
            claim: Record = {"what": what}
            if what == "all-tricks" or rng.random() < 0.3:
                claim["order"] = rng.sample(held, len(held))
            if what == "points":
                claim["points"] = rng.choice((0, 1, 5, 13))
            yield {**record, "play": [*play[:cut], {"seat": leader, "claims": claim}]}


def _dealt_twice(rng: random.Random, record: Record) -> None:
    deal = record["deal"]
    seats = sorted(deal)
    giver, taker = rng.sample(seats, 2)
    deal[taker][rng.randrange(len(deal[taker]))] = rng.choice(deal[giver])


def _stranger(rng: random.Random, record: Record) -> None:
    play = record["play"]
    event = play[rng.randrange(len(play))]
    if "seat" in event:
        event["seat"] = "Q"


def _swapped(rng: random.Random, record: Record) -> None:
    play = record["play"]
    at = rng.randrange(len(play) - 1)
    play[at], play[at + 1] = play[at + 1], play[at]


def _cut(rng: random.Random, record: Record) -> None:
    del record["play"][rng.randrange(1, len(record["play"])) :]


DAMAGES: tuple[Callable[[random.Random, Record], None], ...] = (_dealt_twice, _stranger, _swapped, _cut)


def damaged(rng: random.Random) -> Iterator[Record | bytes]:
    for variant in _variants():
        for index in range(PER_VARIANT // 2):
            record = _legal(rng, variant)
            if index % 5 == 4:
                text = json.dumps(record).encode()
                yield text[: rng.randint(1, len(text) - 1)]
                continue
            rng.choice(DAMAGES)(rng, record)
            yield record


CORPORA: dict[str, Callable[[random.Random], Iterator[Record | bytes]]] = {
    "clean": clean,
    "edge": edge,
    "irregular": irregular,
    "house": house,
    "score_only": score_only,
    "claims": claims,
    "damaged": damaged,
}


def corpus() -> Iterator[tuple[str, bytes]]:
    """Every record of every corpus as (name, JSON text), in a fixed order."""
    for index, text in enumerate(examples()):
        yield f"example/{index}", text
    for name, make in CORPORA.items():
        rng = random.Random(f"{SEED}/{name}")
        for index, item in enumerate(make(rng)):
            yield f"{name}/{index}", item if isinstance(item, bytes) else json.dumps(item).encode()


def answer(text: bytes) -> bytes:
    """The referee's answer to one record's text: the result's JSON bytes, or the problems
    that refuse it (pointer, code, message), in order."""
    from hearts_referee import RecordError, validate_hand_json
    from hearts_referee.schemas.strictjson import JSONError

    try:
        return validate_hand_json(text)
    except RecordError as error:
        refused = [[p.pointer, p.code, p.message] for p in error.problems]
    except JSONError as error:
        refused = [["", error.code, str(error)]]
    return json.dumps({"refused": refused}, ensure_ascii=False).encode()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def lines() -> Iterator[str]:
    """The answers file's lines, made now from the tree."""
    for name, text in corpus():
        yield f"{name} {_sha(text)} {_sha(answer(text))}"


def differences(recorded: list[str], now: list[str]) -> list[str]:
    """What moved, a sentence per record, the corpus's changes told apart from the answers'."""
    said = {line.split()[0]: line.split()[1:] for line in recorded}
    made = {line.split()[0]: line.split()[1:] for line in now}
    moved = []
    for name in [*said, *(n for n in made if n not in said)]:
        if name not in made:
            moved.append(f"{name}: recorded, no longer made")
        elif name not in said:
            moved.append(f"{name}: made, never recorded")
        elif said[name][0] != made[name][0]:
            moved.append(f"{name}: the record itself changed (the corpus moved, not the referee)")
        elif said[name][1] != made[name][1]:
            moved.append(f"{name}: the answer moved")
    return moved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="record the answers of this tree")
    parser.add_argument("--show", metavar="NAME", help="print one record and its answer (e.g. house/3)")
    args = parser.parse_args(argv)
    if args.show:
        for name, text in corpus():
            if name == args.show:
                print(text.decode(errors="replace"))
                print(answer(text).decode())
                return 0
        print(f"no record {args.show}", file=sys.stderr)
        return 2
    now = list(lines())
    if args.write:
        ANSWERS.parent.mkdir(parents=True, exist_ok=True)
        ANSWERS.write_text("\n".join(now) + "\n", encoding="utf-8")
        print(f"{len(now)} answers recorded in {ANSWERS.relative_to(ROOT)}")
        return 0
    moved = differences(ANSWERS.read_text(encoding="utf-8").splitlines(), now)
    print("\n".join(moved) if moved else f"{len(now)} answers, none moved")
    return 1 if moved else 0


if __name__ == "__main__":
    sys.exit(main())
