"""The archive's own documents: how an audit, a decision and a signature are kept in a log entry.

The public JSON answer and the stored document are two things. The answer
is the JSON layer's to shape (``schemas``); what a log entry holds is the
archive's, written and read here, so renaming a field of the answer changes
nothing that is stored. Entries are hash-chained and never rewritten, so a
document is migrated as it is read, not in place: each format is upgraded
to the next by one function, and only the newest is decoded into values.

Audit documents:

- format 1 (releases up to 0.1.0): the entry's ``result`` was the public
  ``ValidationResult`` of that release, field for field;
- format 2: the entry's ``audit``, below, with ``"format": 2``. A score-only hand's
  audit adds ``"refereed": false`` (an older document, without it, was refereed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hearts_referee.referee.cards import CARDS, Card
from hearts_referee.referee.findings import Code
from hearts_referee.referee.replay import Kitty, Trick
from hearts_referee.referee.scoring import ChosenBy, MoonOutcome
from hearts_referee.referee.variant import MoonOption
from hearts_referee.rulings.audit import HandAudit
from hearts_referee.rulings.decisions import Action, ClaimOutcome, Decision
from hearts_referee.rulings.log import Penalty, Ruling
from hearts_referee.rulings.schedules import Status

JSON = dict[str, Any]

AUDIT_FORMAT = 2
"""The format every new audit entry is written in."""


class UnreadableDocument(ValueError):
    """A log entry that does not read as any format this release knows."""


def _code(card: Card | None) -> str | None:
    return card.code if card is not None else None


def _card(code: str | None) -> Card | None:
    return CARDS[code] if code is not None else None


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(CARDS[code] for code in codes)


# --- writing ---------------------------------------------------------------------------


def _derived_deal(audit: HandAudit) -> JSON:
    """The deal the referee derived, kept only when it did (older documents have none)."""
    if audit.derived_deal is None:
        return {}
    return {"derived_deal": {seat: [c.code for c in cards] for seat, cards in audit.derived_deal.items()}}


def audit_document(audit: HandAudit) -> JSON:
    """The stored form (format 2) of an audit."""
    document = _refereed_document(audit)
    if not audit.refereed:
        document["refereed"] = False
    return document


def _refereed_document(audit: HandAudit) -> JSON:
    return {
        "format": AUDIT_FORMAT,
        "engine": audit.engine_version,
        "variant": {"id": audit.variant, "options": dict(audit.options)},
        "hand": {
            "number": audit.hand_number,
            "dealer": audit.dealer,
            "seats": list(audit.seats),
            "pass": audit.pass_direction,
        },
        "void": audit.void,
        "complete": audit.complete,
        "tricks": [
            {
                "n": t.number,
                "leader": t.leader,
                "plays": [[seat, card.code] for seat, card in t.plays],
                "winner": t.winner,
                "taken_by": t.taken_by,
                "points": t.points,
                "cancelled": [card.code for card in t.cancelled],
                "to_middle": t.to_middle,
                "collects": list(t.collects),
            }
            for t in audit.tricks
        ],
        "kitty": None
        if audit.kitty is None
        else {
            "cards": [card.code for card in audit.kitty.cards],
            "taken_by": audit.kitty.taken_by,
            "trick": audit.kitty.trick,
        },
        "points": dict(audit.points),
        "penalties": dict(audit.penalties),
        "score": dict(audit.score),
        **_derived_deal(audit),
        "moon": None
        if audit.moon is None
        else {"seat": audit.moon.seat, "option": audit.moon.option, "chosen_by": audit.moon.chosen_by},
        "rulings": [
            {
                "code": str(r.code),
                "seat": r.seat,
                "trick": r.trick,
                "card": _code(r.card),
                "rule": r.rule,
                "penalty": None
                if r.penalty is None
                else {"points": r.penalty.points, "card": _code(r.penalty.penalty_card)},
                "status": str(r.status),
                "explanation": r.explanation,
                "suggestion": r.suggestion,
            }
            for r in audit.rulings
        ],
    }


def decision_document(decision: Decision) -> JSON:
    """A decision as its log entry keeps it (the entry adds the version and score it made)."""
    return {
        "ruling": decision.ruling,
        "action": str(decision.action),
        "director": decision.director,
        "reason": decision.reason,
        "score_changes": dict(decision.score_changes),
        "claim": None if decision.claim is None else str(decision.claim),
    }


# --- reading -----------------------------------------------------------------------------


def _from_format_1(result: Mapping[str, Any]) -> JSON:
    """A format-1 audit (the 0.1.0 public result) as a format-2 document."""
    return {
        "format": 2,
        "engine": result["referee_version"],
        "variant": {"id": result["variant"], "options": result.get("options") or {}},
        "hand": {
            "number": result["hand_number"],
            "dealer": result["dealer"],
            "seats": result["seats"],
            "pass": result["pass_direction"],
        },
        "void": result["void"],
        "complete": result["complete"],
        "tricks": [
            {
                "n": t["number"],
                "leader": t["leader"],
                "plays": [[p["seat"], p["card"]] for p in t["plays"]],
                "winner": t["winner"],
                "taken_by": t["taken_by"],
                "points": t["points"],
                "cancelled": t["cancelled"],
                "to_middle": t["to_middle"],
                "collects": t["collects"],
            }
            for t in result["tricks"]
        ],
        "kitty": result["kitty"],
        "points": result["points"],
        "penalties": result["penalties"],
        "score": result["score"],
        "moon": result["moon"],
        "rulings": [
            {
                **{k: r[k] for k in ("code", "seat", "trick", "card", "rule", "status", "explanation")},
                "penalty": None
                if r["penalty"] is None
                else {"points": r["penalty"]["points"], "card": r["penalty"].get("penalty_card")},
                "suggestion": r.get("suggestion"),
            }
            for r in result["rulings"]
        ],
    }


def _trick(t: Mapping[str, Any]) -> Trick:
    """A stored trick. Its ``to_middle`` is checked, not kept: every release wrote it as the
    trick says it (no winner, cards cancelled), which :attr:`Trick.to_middle` is; a document
    that says otherwise is refused."""
    trick = Trick(
        t["n"],
        t["leader"],
        tuple((seat, CARDS[code]) for seat, code in t["plays"]),
        t["winner"],
        t["points"],
        t["taken_by"],
        _cards(t["cancelled"]),
        tuple(t["collects"]),
    )
    if t["to_middle"] is not trick.to_middle:
        raise UnreadableDocument(
            f"trick {trick.number} says to_middle {t['to_middle']!r}, "
            "which its winner and cancelled cards do not"
        )
    return trick


def _audit(doc: Mapping[str, Any]) -> HandAudit:
    hand = doc["hand"]
    kitty = doc["kitty"]
    moon = doc["moon"]
    return HandAudit(
        variant=doc["variant"]["id"],
        options=dict(doc["variant"]["options"]),
        hand_number=hand["number"],
        seats=tuple(hand["seats"]),
        dealer=hand["dealer"],
        pass_direction=hand["pass"],
        void=doc["void"],
        complete=doc["complete"],
        tricks=tuple(_trick(t) for t in doc["tricks"]),
        kitty=None if kitty is None else Kitty(_cards(kitty["cards"]), kitty["taken_by"], kitty["trick"]),
        points=dict(doc["points"]),
        penalties=dict(doc["penalties"]),
        score=dict(doc["score"]),
        moon=None
        if moon is None
        else MoonOutcome(moon["seat"], MoonOption(moon["option"]), ChosenBy(moon["chosen_by"])),
        rulings=tuple(
            Ruling(
                code=Code(r["code"]),
                seat=r["seat"],
                trick=r["trick"],
                card=_card(r["card"]),
                rule=r["rule"],
                penalty=None
                if r["penalty"] is None
                else Penalty(r["penalty"]["points"], _card(r["penalty"]["card"])),
                status=Status(r["status"]),
                explanation=r["explanation"],
                suggestion=r["suggestion"],
            )
            for r in doc["rulings"]
        ),
        engine_version=doc["engine"],
        refereed=doc.get("refereed", True),
        derived_deal=None
        if doc.get("derived_deal") is None
        else {seat: _cards(codes) for seat, codes in doc["derived_deal"].items()},
    )


def read_audit(body: Mapping[str, Any]) -> HandAudit:
    """The audit an audit entry's body holds, in whichever format it was written."""
    try:
        if "result" in body:  # format 1
            return _audit(_from_format_1(body["result"]))
        doc = body["audit"]
        if doc.get("format") != AUDIT_FORMAT:
            raise UnreadableDocument(f"audit format {doc.get('format')!r} is newer than this release")
        return _audit(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, UnreadableDocument):
            raise
        raise UnreadableDocument(f"the audit entry does not read as an audit ({error!r})") from None


def read_decision(body: Mapping[str, Any]) -> Decision:
    return Decision(
        body["ruling"],
        Action(body["action"]),
        body["director"],
        body["reason"],
        dict(body.get("score_changes") or {}),
        None if body.get("claim") is None else ClaimOutcome(body["claim"]),
    )
