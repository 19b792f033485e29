"""Stored hands: rows and log entries in, typed values out. Storage only.

What may be stored, by whom, and what a decision or a signature must
satisfy is the use-case layer's (``usecases``); this module writes what it
is given and reads it back. Every write runs inside ``archive.db.write``,
which the caller opens when a read and a write must see the same state.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from hearts_referee.referee.cards import Card
from hearts_referee.referee.notation import RecordParts, parts_data, record_data
from hearts_referee.referee.record import HandRecord
from hearts_referee.referee.translator import SAID
from hearts_referee.rulings.audit import HandAudit
from hearts_referee.rulings.decisions import Decision
from hearts_referee.stored.errors import Conflict, NotFound
from hearts_referee.stored.hands import ChainReport, HandFilter, StoredHand
from hearts_referee.stored.handstate import HandStatus, fold
from hearts_referee.stored.keys import Key
from hearts_referee.stored.log import Entry, HandEntryKind
from hearts_referee.stored.log_entries import audit_document, decision_document, read_audit

from . import chain
from .db import Row, all_of, compact, insert, keyset_page, now, row, rows, sha256, write
from .events import SCORED_BY

_COLUMNS = (
    "id, content_hash, game_id, seq, table_label, variant, hand_number, dealer, record, "
    "engine_version, void, referred, created_at, created_by, created_by_key"
)


def _hand(found: Row, log: list[Entry]) -> StoredHand:
    # by position in StoredHand's field order (docs/performance.md, "Storage rows by name")
    return StoredHand(
        found.id,
        found.content_hash,
        found.game_id,
        found.seq,
        found.table_label,
        found.variant,
        found.hand_number,
        found.dealer,
        found.record,
        found.engine_version,
        bool(found.void),
        tuple(json.loads(found.referred)),
        found.created_at,
        found.created_by,
        found.created_by_key,
        tuple(log),
    )


def get_hand(db: Database, hand_id: int) -> StoredHand:
    """The hand with its whole log; ``NotFound`` if there is none."""
    found = row(db, f"SELECT {_COLUMNS} FROM hands WHERE id = ?", [hand_id])
    if found is None:
        raise NotFound.hand(hand_id)
    return _hand(found, chain.entries(db, hand_id))


def _hands(db: Database, where: str, params: list[Any], suffix: str = "") -> list[StoredHand]:
    found = rows(db, f"SELECT {_COLUMNS} FROM hands h WHERE {where} {suffix}", params)
    logs = chain.entries_of(db, [each.id for each in found])
    return [_hand(each, logs[each.id]) for each in found]


def game_hands(db: Database, game_id: int) -> list[StoredHand]:
    """A game's hands in the order they were dealt."""
    return _hands(db, "h.game_id = ?", [game_id], "ORDER BY h.seq")


def hand_id_by_hash(db: Database, content_hash: str) -> int | None:
    found = row(db, "SELECT id FROM hands WHERE content_hash = ?", [content_hash])
    return int(found.id) if found else None


# the rulings of hand ``h`` referred to the director and not decided yet
_OPEN = (
    "EXISTS (SELECT 1 FROM json_each(h.referred) r WHERE NOT EXISTS ("
    f"SELECT 1 FROM entries e WHERE e.hand_id = h.id AND e.kind = '{HandEntryKind.DECISION}' "
    "AND e.ruling = r.value))"
)

OPEN_RULINGS = "h.referred != '[]' AND " + _OPEN
"""Hand ``h``'s first audit referred a ruling no decision has answered yet."""

_REAUDITED = (
    "EXISTS (SELECT 1 FROM entries e WHERE e.hand_id = h.id AND ("
    f"e.kind IN ('{HandEntryKind.CONSEQUENCE}', '{HandEntryKind.RECORD}') "
    f"OR (e.kind = '{HandEntryKind.DECISION}' AND e.ruling IS NULL)))"
)
"""Hand ``h`` was re-audited, or its scoresheet decided as one (a decision answering
several rulings, which no ``ruling`` column names): only its fold says what is open."""

MAYBE_OPEN = f"(({OPEN_RULINGS}) OR {_REAUDITED})"
"""What SQL can tell of hand ``h``'s open rulings: whether a ruling is open is the fold's
answer (``HandState.open``), since a re-audit (``consequence``) can refer a ruling the
first audit did not, or no longer refer one it did (so can a director's new ``record``). A
hand with an open ruling matches
``MAYBE_OPEN``; a hand that matches ``SURELY_OPEN`` has one. Lists narrow by these, then
keep what the fold says (``is_open``)."""

SURELY_OPEN = f"(({OPEN_RULINGS}) AND NOT {_REAUDITED})"


def is_open(hand: StoredHand) -> bool:
    """Whether a referred ruling of the hand waits for the director, as its log folds."""
    return bool(hand.state.open)


OWNED_BY = (
    "(h.created_by_key = ? OR h.game_id IN (SELECT g.id FROM games g WHERE g.created_by_key = ?) "
    f"OR h.game_id IN ({SCORED_BY}))"
)
"""The hands a key owns: those it stored, and every hand of a game it started or scores
(a table's game at an event that names the key among its scorers)."""


def list_hands(
    db: Database, where: HandFilter, *, after: int = 0, limit: int = 50, newest: bool = False
) -> tuple[list[StoredHand], int | None]:
    """A page of hands by id, from the one after ``after`` (0: from the start), oldest first
    or ``newest`` first; returns the page and the ``after`` of the next page (or ``None``)."""
    clauses: list[str] = []
    params: list[Any] = []
    for column, value in (
        ("h.game_id", where.game),
        ("h.variant", where.variant),
        ("h.table_label", where.table),
        ("substr(h.created_at, 1, 10)", where.date),
    ):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if where.owner is not None:
        clauses.append(OWNED_BY)
        params += [where.owner, where.owner, where.owner]
    keep: list[Callable[[StoredHand], bool]] = []
    if where.open is not None:
        clauses.append(MAYBE_OPEN if where.open else f"NOT {SURELY_OPEN}")
        keep.append(is_open if where.open else lambda hand: not is_open(hand))
    if where.status is not None:
        keep.append(_status_is(where.status))

    def fetch(cursor: int, count: int) -> list[StoredHand]:
        bound = ("h.id < ?" if newest else "h.id > ?") if cursor else "1"
        order = "DESC" if newest else "ASC"
        return _hands(
            db,
            " AND ".join([bound, *clauses]),
            [*([cursor] if cursor else []), *params, count],
            f"ORDER BY h.id {order} LIMIT ?",
        )

    return keyset_page(fetch, lambda h: h.id, after, limit, all_of(keep))


def _status_is(status: HandStatus) -> Callable[[StoredHand], bool]:
    return lambda hand: hand.state.status == status


# --- storing ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where a new hand goes: in a game at position ``seq``, or on its own."""

    game_id: int | None = None
    seq: int | None = None
    table: str | None = None


def hand_hash(record: HandRecord, owner: int | None) -> str:
    """What makes a resubmitted hand the same hand: the record as written, and whose it is
    (two keys storing the same record each get their own hand)."""
    scope = "hand\n" if owner is None else f"hand\nkey:{owner}\n"
    return sha256(scope + _canonical(record_data(record)))


def game_hand_hash(
    game_id: int, hand_number: int, parts: RecordParts, deal: Mapping[str, Sequence[Card]]
) -> str:
    """What makes a hand resent to a game the same hand: the game, the hand number it is
    stored under, and what the table sent, the deal included (a deal that repeats an
    earlier hand card for card under a new number is a new hand)."""
    return game_hand_hashes(game_id, [hand_number], parts, deal)[hand_number]


def game_hand_hashes(
    game_id: int, hand_numbers: Iterable[int], parts: RecordParts, deal: Mapping[str, Sequence[Card]]
) -> dict[int, str]:
    """:func:`game_hand_hash` under each of ``hand_numbers``, the hand written out once."""
    sent = _canonical(_sent(parts, deal))
    return {n: sha256(f"game:{game_id}\nhand:{n}\n" + sent) for n in set(hand_numbers)}


def earlier_game_hand_hashes(
    game_id: int, parts: RecordParts, deal: Mapping[str, Sequence[Card]]
) -> tuple[str, ...]:
    """The forms game hands were stored under before the hand number was hashed in, which
    archives keep: release 0.1.0 hashed the body as sent (found again when it was sent in
    canonical form), later ones the table's parts without the deal. Neither names the
    hand number, so the service compares the stored hand's own."""
    return (
        sha256(f"game:{game_id}\n" + _canonical(_sent(parts, deal))),
        sha256(f"game:{game_id}\n" + _canonical(parts_data(parts))),
    )


def _sent(parts: RecordParts, deal: Mapping[str, Sequence[Card]]) -> dict[str, Any]:
    return {"deal": {seat: [str(card) for card in held] for seat, held in deal.items()}} | parts_data(parts)


def find_hand(db: Database, content_hash: str) -> StoredHand | None:
    found = hand_id_by_hash(db, content_hash)
    return get_hand(db, found) if found is not None else None


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _insert(
    db: Database,
    content_hash: str,
    record: HandRecord,
    audit: HandAudit,
    signers: frozenset[str],
    place: Placement,
    by: Key | None,
) -> int:
    record_text = compact(record_data(record))
    hand_id = insert(
        db,
        "hands",
        {
            "content_hash": content_hash,
            "game_id": place.game_id,
            "seq": place.seq,
            "table_label": place.table,
            "variant": audit.variant,
            "hand_number": audit.hand_number,
            "dealer": audit.dealer,
            "record": record_text,
            "engine_version": audit.engine_version,
            "void": int(audit.void),
            "referred": json.dumps(list(audit.referred)),
            "created_at": now(),
            "created_by": by.label if by else None,
            "created_by_key": by.id if by else None,
        },
    )
    body = {
        "hand": {
            "id": hand_id,
            "content_hash": content_hash,
            "game_id": place.game_id,
            "seq": place.seq,
            "table": place.table,
        },
        "record_sha256": sha256(record_text),
        "engine_version": audit.engine_version,
        "signers": sorted(signers),
        "audit": audit_document(audit),
    }
    chain.append(db, chain.HANDS, hand_id, HandEntryKind.AUDIT, body, by.label if by else None)
    return hand_id


def store_hand(
    db: Database,
    content_hash: str,
    record: HandRecord,
    audit: HandAudit,
    *,
    signers: frozenset[str],
    place: Placement = Placement(),
    by: Key | None,
) -> tuple[StoredHand, bool]:
    """Store a hand and its audit as the first entry of its log. Returns ``(hand, created)``:
    a hand with the same ``content_hash`` stored meanwhile is returned, not stored twice.

    ``Conflict`` when ``place`` (a game's position) was taken meanwhile by another hand.
    """
    try:
        with write(db):
            hand_id = _insert(db, content_hash, record, audit, signers, place, by)
    except sqlite3.IntegrityError:
        found = hand_id_by_hash(db, content_hash)  # the same hand, sent twice at once
        if found is not None:
            return get_hand(db, found), False
        if place.game_id is None:
            raise
        raise Conflict.position_taken(place.game_id, place.seq or 0) from None
    return get_hand(db, hand_id), True


def append_decision(
    db: Database,
    hand_id: int,
    decision: Decision,
    version: int,
    score: Mapping[str, int],
    penalties: Mapping[str, int],
    by: Key | None,
) -> Entry:
    """Log a decision with the score version it makes (inside ``write``); the entry logged."""
    body = decision_document(decision) | {
        "version": version,
        "score": dict(score),
        "penalties": dict(penalties),
    }
    return chain.append(
        db,
        chain.HANDS,
        hand_id,
        HandEntryKind.DECISION,
        body,
        by.label if by else None,
        ruling=decision.ruling,
    )


def append_consequence(
    db: Database,
    hand_id: int,
    cause: Mapping[str, Any],
    reason: str,
    scores_before: Mapping[str, int],
    audit: HandAudit,
    counts: bool,
    version: int,
    score: Mapping[str, int],
    penalties: Mapping[str, int],
    by: Key | None,
) -> Entry:
    """Log a re-audit of the hand with new totals before it (inside ``write``): ``cause``
    names the decision on an earlier hand of the game that changed them."""
    body = {
        "cause": dict(cause),
        "reason": reason,
        "scores_before": dict(scores_before),
        "counts": counts,
        "audit": audit_document(audit),
        "version": version,
        "score": dict(score),
        "penalties": dict(penalties),
    }
    return chain.append(db, chain.HANDS, hand_id, HandEntryKind.CONSEQUENCE, body, by.label if by else None)


def append_record(
    db: Database,
    hand_id: int,
    record: Mapping[str, Any],
    director: str,
    reason: str,
    audit: HandAudit,
    version: int,
    by: Key | None,
) -> Entry:
    """Log a new record of the hand and the referee's audit of it, the next score version
    (inside ``write``). The stored record stays what was first sent: the log says what
    replaced it, and when."""
    body = {
        "record": dict(record),
        "director": director,
        "reason": reason,
        "audit": audit_document(audit),
        "version": version,
        "score": dict(audit.score),
        "penalties": dict(audit.penalties),
    }
    return chain.append(db, chain.HANDS, hand_id, HandEntryKind.RECORD, body, by.label if by else None)


def append_signature(db: Database, hand_id: int, seat: str, name: str, version: int, by: Key | None) -> None:
    """Log a seat's signature on score version ``version`` (inside ``write``)."""
    chain.append(
        db,
        chain.HANDS,
        hand_id,
        HandEntryKind.SIGNATURE,
        {"seat": seat, "name": name, "version": version},
        by.label if by else None,
    )


# --- verification ----------------------------------------------------------------------


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
    if not log or log[0].kind != HandEntryKind.AUDIT:
        problems.append((1, "no_audit", SAID.gettext("the log does not start with the audit")))
        return ChainReport(hand_id, False, len(log), log[-1].hash if log else None, tuple(problems))
    try:
        problems += _row_problems(hand, log[0].body)
        problems += _score_problems(log)
    except (ValueError, KeyError, TypeError, IndexError) as error:  # a body mangled past parsing
        problems.append(
            (
                0,
                "unreadable_log",
                SAID.gettext("the log no longer reads as this hand's history (%(error)s)", error=repr(error)),
            )
        )
    return ChainReport(hand_id, not problems, len(log), log[-1].hash, tuple(problems))


def _row_problems(hand: StoredHand, first: Mapping[str, Any]) -> list[tuple[int, str, str]]:
    said = first["hand"]
    audit = read_audit(first)
    checks = {
        "record": sha256(hand.record_text) == first["record_sha256"],
        "content_hash": hand.content_hash == said["content_hash"],
        # hands of the first schema (before games) say nothing of a game
        "game": (hand.game_id, hand.seq, hand.table)
        == (said.get("game_id"), said.get("seq"), said.get("table")),
        "engine_version": hand.engine_version == first["engine_version"] == audit.engine_version,
        "deal": (hand.variant, hand.hand_number, hand.dealer, hand.void)
        == (audit.variant, audit.hand_number, audit.dealer, audit.void),
        "referred": hand.referred == audit.referred,
    }
    return [
        (
            1,
            "altered_hand",
            SAID.gettext("the stored hand's %(field)s is not what its audit entry recorded", field=name),
        )
        for name, holds in checks.items()
        if not holds
    ]


def _score_problems(log: list[Entry]) -> list[tuple[int, str, str]]:
    problems: list[tuple[int, str, str]] = []
    state = fold(log)
    made = {v.decision: v for v in state.versions if v.decision is not None}
    remade = {v.consequence: v for v in state.versions if v.consequence is not None}
    for entry in log[1:]:
        body = entry.body
        if entry.kind in (HandEntryKind.CONSEQUENCE, HandEntryKind.RECORD):
            version = remade[entry.n]
            recorded = (body["version"], body["score"], body["penalties"])
            if recorded != (version.number, dict(version.score), dict(version.penalties)):
                problems.append(
                    (
                        entry.n,
                        "wrong_score",
                        SAID.gettext("entry %(n)s records a score its re-audit does not give", n=entry.n),
                    )
                )
        if entry.kind == HandEntryKind.DECISION:
            version = made[entry.n]
            recorded = (body["version"], body["score"], body["penalties"])
            if recorded != (version.number, dict(version.score), dict(version.penalties)):
                problems.append(
                    (
                        entry.n,
                        "wrong_score",
                        SAID.gettext("entry %(n)s records a score its decisions do not give", n=entry.n),
                    )
                )
            if entry.ruling != body["ruling"]:
                problems.append(
                    (
                        entry.n,
                        "altered_entry",
                        SAID.gettext("entry %(n)s indexes another ruling than it names", n=entry.n),
                    )
                )
    for version in state.versions:
        for signed in version.signatures:
            if signed.version != version.number:
                problems.append(
                    (
                        signed.n,
                        "wrong_version",
                        SAID.gettext(
                            "entry %(n)s signs version %(signed)s while version %(current)s was current",
                            n=signed.n,
                            signed=signed.version,
                            current=version.number,
                        ),
                    )
                )
    return problems
