"""Stored hands: submit once, read with their standing, decide, sign, verify.

Every write here is one ``archive.db.write`` transaction, and everything
that can refuse a request (a record that cannot have happened, a decision
on a ruling the hand does not have) refuses it before anything is written.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sqlite_utils import Database

import referee
from audit import audit_record
from referee.record import Problem
from rulings.decisions import Decision, decision_problems, rescore
from rulings.scoresheet import required_signers
from schemas.errors import Unprocessable
from schemas.record import load_record
from schemas.result import dump_result

from . import chain
from .db import canonical, compact, now, sha256, write
from .errors import Conflict, NotFound
from .state import HandState, decision_body, fold, referred, standings

_COLUMNS = (
    "id, content_hash, game_id, seq, table_label, variant, hand_number, dealer, record, "
    "engine_version, void, referred, created_at, created_by"
)


@dataclass(frozen=True)
class StoredHand:
    """A stored hand with its standing (``state``) folded from its log."""

    id: int
    content_hash: str
    game_id: int | None
    seq: int | None
    table: str | None
    variant: str
    hand_number: int
    dealer: str
    record_text: str
    engine_version: str
    void: bool
    referred: tuple[int, ...]
    created_at: str
    created_by: str | None
    log: tuple[chain.Entry, ...]

    @property
    def record(self) -> dict[str, Any]:
        return json.loads(self.record_text)

    @cached_property
    def state(self) -> HandState:
        return fold(list(self.log))

    @property
    def head(self) -> str:
        return self.log[-1].hash


def _hand(row: tuple, log: list[chain.Entry]) -> StoredHand:
    (
        id_,
        content_hash,
        game_id,
        seq,
        table,
        variant,
        hand_number,
        dealer,
        record,
        version,
        void,
        referred_,
        created_at,
        created_by,
    ) = row
    return StoredHand(
        id_,
        content_hash,
        game_id,
        seq,
        table,
        variant,
        hand_number,
        dealer,
        record,
        version,
        bool(void),
        tuple(json.loads(referred_)),
        created_at,
        created_by,
        tuple(log),
    )


def get_hand(db: Database, hand_id: int) -> StoredHand:
    row = db.execute(f"SELECT {_COLUMNS} FROM hands WHERE id = ?", [hand_id]).fetchone()
    if row is None:
        raise NotFound(f"No hand {hand_id}.")
    return _hand(row, chain.entries(db, hand_id))


def _hands(db: Database, where: str, params: list[Any], suffix: str = "") -> list[StoredHand]:
    rows = db.execute(f"SELECT {_COLUMNS} FROM hands h WHERE {where} {suffix}", params).fetchall()
    logs = chain.entries_of(db, [row[0] for row in rows])
    return [_hand(row, logs[row[0]]) for row in rows]


def game_hands(db: Database, game_id: int) -> list[StoredHand]:
    """A game's hands in the order they were dealt."""
    return _hands(db, "h.game_id = ?", [game_id], "ORDER BY h.seq")


def hand_id_by_hash(db: Database, content_hash: str) -> int | None:
    row = db.execute("SELECT id FROM hands WHERE content_hash = ?", [content_hash]).fetchone()
    return row[0] if row else None


# the rulings of hand ``h`` referred to the director and not decided yet
_OPEN = (
    "EXISTS (SELECT 1 FROM json_each(h.referred) r WHERE NOT EXISTS ("
    "SELECT 1 FROM entries e WHERE e.hand_id = h.id AND e.kind = 'decision' AND e.ruling = r.value))"
)


def list_hands(
    db: Database,
    *,
    open: bool | None = None,
    game: int | None = None,
    variant: str | None = None,
    table: str | None = None,
    after: int = 0,
    limit: int = 50,
) -> tuple[list[StoredHand], int | None]:
    """Hands by id, filtered; returns a page and the ``after`` of the next page (or ``None``).

    ``open=True``: hands with a referred ruling no decision has answered yet.
    """
    where, params = ["h.id > ?"], [after]
    for column, value in (("h.game_id", game), ("h.variant", variant), ("h.table_label", table)):
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    if open is not None:
        where.append("h.referred != '[]' AND " + _OPEN if open else "NOT " + _OPEN)
    page = _hands(db, " AND ".join(where), [*params, limit + 1], "ORDER BY h.id LIMIT ?")
    more = len(page) > limit
    page = page[:limit]
    return page, (page[-1].id if more else None)


# --- submitting ---------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where a new hand goes: in a game at position ``seq``, or on its own."""

    game_id: int | None = None
    seq: int | None = None
    table: str | None = None


def insert_hand(
    db: Database,
    *,
    content_hash: str,
    record: Mapping[str, Any],
    result: Mapping[str, Any],
    signers: frozenset[str],
    place: Placement,
    actor: str | None,
) -> int:
    """Store a hand and its audit as the first entry of its log (inside ``write``).

    Raises ``sqlite3.IntegrityError`` when the content hash or the game
    position is taken: the caller knows what that means.
    """
    record_text = compact(record)
    waiting = referred(result)
    cursor = db.execute(
        f"INSERT INTO hands ({_COLUMNS.removeprefix('id, ')}) VALUES ({', '.join('?' * 13)})",
        [
            content_hash,
            place.game_id,
            place.seq,
            place.table,
            result["variant"],
            result["hand_number"],
            result["dealer"],
            record_text,
            referee.__version__,
            int(result["void"]),
            json.dumps(waiting),
            now(),
            actor,
        ],
    )
    hand_id = cursor.lastrowid
    chain.append(
        db,
        hand_id,
        "audit",
        {
            "hand": {
                "id": hand_id,
                "content_hash": content_hash,
                "game_id": place.game_id,
                "seq": place.seq,
                "table": place.table,
            },
            "record_sha256": sha256(record_text),
            "engine_version": referee.__version__,
            "signers": sorted(signers),
            "result": result,
        },
        actor,
    )
    return hand_id


def submit_hand(db: Database, data: Any, actor: str | None) -> tuple[StoredHand, bool]:
    """Store one hand record; the same record again returns the stored hand.

    Returns ``(hand, created)``. A record that cannot have happened raises
    ``referee.RecordError`` and stores nothing.
    """
    record = load_record(data)
    content_hash = sha256("hand\n" + canonical(data))
    found = hand_id_by_hash(db, content_hash)
    if found is not None:
        return get_hand(db, found), False
    result = dump_result(audit_record(record))
    signers = required_signers(record.variant.signatures, record.seats, record.seats[0])
    try:
        with write(db):
            hand_id = insert_hand(
                db,
                content_hash=content_hash,
                record=data,
                result=result,
                signers=signers,
                place=Placement(),
                actor=actor,
            )
    except sqlite3.IntegrityError:
        found = hand_id_by_hash(db, content_hash)  # the same record, sent twice at once
        if found is None:
            raise
        return get_hand(db, found), False
    return get_hand(db, hand_id), True


# --- the director's work and the table's signatures ------------------------------


def decide(db: Database, hand_id: int, decision: Decision, actor: str | None) -> StoredHand:
    """Log a director's decision: the hand's score becomes a new version."""
    with write(db):
        hand = get_hand(db, hand_id)
        state = hand.state
        ruled = standings(state.result)
        problems = decision_problems(decision, ruled, state.result["seats"])
        if problems:
            raise Unprocessable(problems, f"Hand {hand_id} cannot take this decision; see errors.")
        decisions = [d.decision for d in state.decisions] + [decision]
        score, penalties = rescore(state.result["score"], state.result["penalties"], ruled, decisions)
        body = decision_body(decision) | {
            "version": len(state.versions) + 1,
            "score": score,
            "penalties": penalties,
        }
        chain.append(db, hand_id, "decision", body, actor, ruling=decision.ruling)
    return get_hand(db, hand_id)


def sign(
    db: Database, hand_id: int, seat: str, name: str, version: int | None, actor: str | None
) -> tuple[StoredHand, bool]:
    """A seat signs the hand's current score version; signing twice is one signature.

    ``version``, when given, must be the current one (the signer saw the
    latest scores): otherwise ``Conflict``. Returns ``(hand, created)``.
    """
    with write(db):
        hand = get_hand(db, hand_id)
        state = hand.state
        seats = state.result["seats"]
        signers = state.signers or frozenset(seats)
        if seat not in signers:
            who = (
                "one of the seats"
                if signers == frozenset(seats)
                else "the scorekeeper (" + ", ".join(sorted(signers)) + ")"
            )
            code = "unknown_seat" if seat not in seats else "not_a_signer"
            raise Unprocessable([Problem("/seat", code, f"{seat!r} cannot sign this hand: {who} signs")])
        current = state.current.number
        if version is not None and version != current:
            raise Conflict(
                f"The hand's scores are at version {current}, not {version}: read them again and sign those.",
                [Problem("/version", "stale_version", f"the current version is {current}")],
            )
        if any(s.seat == seat for s in state.current.signatures):
            return hand, False
        chain.append(db, hand_id, "signature", {"seat": seat, "name": name, "version": current}, actor)
    return get_hand(db, hand_id), True


# --- verification ----------------------------------------------------------------


@dataclass(frozen=True)
class ChainReport:
    hand_id: int
    ok: bool
    entries: int
    head: str | None
    problems: tuple[tuple[int, str, str], ...]


def verify(db: Database, hand_id: int) -> ChainReport:
    """Recompute the hand's chain, and check the stored hand and scores against it.

    Beyond the hashes: the hand row must be what the first entry says it
    is (the record's hash, the engine version, the referred rulings), and
    every decision's recorded score must be what the decisions before it
    give (a forged entry with a recomputed chain still fails there).
    """
    hand = get_hand(db, hand_id)
    log = list(hand.log)
    problems = chain.chain_problems(log)
    if not log or log[0].kind != "audit":
        problems.append((1, "no_audit", "the log does not start with the audit"))
        return ChainReport(hand_id, False, len(log), log[-1].hash if log else None, tuple(problems))
    try:
        problems += _row_problems(hand, log[0].body)
        problems += _score_problems(log)
    except (ValueError, KeyError, TypeError, IndexError) as error:  # a body mangled past parsing
        problems.append((0, "unreadable_log", f"the log no longer reads as this hand's history ({error!r})"))
    return ChainReport(hand_id, not problems, len(log), log[-1].hash, tuple(problems))


def _row_problems(hand: StoredHand, audit: Mapping[str, Any]) -> list[tuple[int, str, str]]:
    said = audit["hand"]
    result = audit["result"]
    checks = {
        "record": sha256(hand.record_text) == audit["record_sha256"],
        "content_hash": hand.content_hash == said["content_hash"],
        # hands of the first schema (before games) say nothing of a game
        "game": (hand.game_id, hand.seq, hand.table)
        == (said.get("game_id"), said.get("seq"), said.get("table")),
        "engine_version": hand.engine_version == audit["engine_version"],
        "deal": (hand.variant, hand.hand_number, hand.dealer, hand.void)
        == (result["variant"], result["hand_number"], result["dealer"], result["void"]),
        "referred": list(hand.referred) == referred(result),
    }
    return [
        (1, "altered_hand", f"the stored hand's {name} is not what its audit entry recorded")
        for name, holds in checks.items()
        if not holds
    ]


def _score_problems(log: list[chain.Entry]) -> list[tuple[int, str, str]]:
    problems = []
    state = fold(log)
    made = {v.decision: v for v in state.versions if v.decision is not None}
    for entry in log[1:]:
        body = entry.body
        if entry.kind == "decision":
            version = made[entry.n]
            if (body["version"], body["score"], body["penalties"]) != (
                version.number,
                dict(version.score),
                dict(version.penalties),
            ):
                problems.append(
                    (entry.n, "wrong_score", f"entry {entry.n} records a score its decisions do not give")
                )
            if entry.ruling != body["ruling"]:
                problems.append(
                    (entry.n, "altered_entry", f"entry {entry.n} indexes another ruling than it names")
                )
    for version in state.versions:
        for signed in version.signatures:
            if signed.version != version.number:
                problems.append(
                    (
                        signed.n,
                        "wrong_version",
                        f"entry {signed.n} signs version {signed.version} "
                        f"while version {version.number} was current",
                    )
                )
    return problems
