"""The whole audit of one hand (or one game) as one Python call: JSON data in, JSON data out.

    >>> from audit import audit_hand
    >>> result = audit_hand(record)          # a dict, as parsed from JSON
    >>> result["score"], result["rulings"]

``audit_hand`` needs no Flask and no database: the HTTP endpoint, the
benchmarks and bulk audits all go through it. A malformed or impossible
record raises :class:`referee.RecordError`, whose ``problems`` list every
problem found as ``(pointer, code, message)``.

``audit_game`` does the same for a whole recorded game: each hand gets the
number, dealer and totals the game gives it, and the answer is the game's
scoresheet with every hand's audit.
"""

from __future__ import annotations

from typing import Any

from referee import HandRecord, RecordError, replay
from referee.record import Problem
from rulings import JudgedHand, judge
from rulings.scoresheet import HandLine, next_deal, scoresheet
from schemas.errors import Unprocessable
from schemas.game import dump_game_validation, game_record, load_game_hand, load_game_record
from schemas.record import load_record
from schemas.result import dump_result

__all__ = ["RecordError", "audit_game", "audit_hand", "audit_record"]


def audit_record(record: HandRecord) -> JudgedHand:
    """Replay a typed record and judge it under its variant's schedule."""
    return judge(replay(record))


def audit_hand(data: Any) -> dict[str, Any]:
    """Validate one hand record (parsed JSON) and return the JSON-ready result."""
    return dump_result(audit_record(load_record(data)))


def audit_game(data: Any) -> dict[str, Any]:
    """Validate a whole recorded game (parsed JSON) and return its scoresheet.

    Raises ``Unprocessable`` (422) listing every problem: the game's own
    fields, each hand's record problems under ``/hands/<i>``, and a hand
    recorded after the game had ended.
    """
    game, raw_hands = load_game_record(data)
    setup = game.setup
    problems: list[Problem] = []
    lines: list[HandLine] = []
    audited = []
    for index, raw in enumerate(raw_hands):
        at = f"/hands/{index}"
        sheet = scoresheet(setup.variant, setup.seats, lines)
        if sheet.over:
            if not problems:
                problems.append(
                    Problem(at, "after_game_end", f"the game ended after hand {sheet.ended_after}")
                )
            break
        deal = next_deal(setup.seats, setup.first_dealer, lines)
        try:
            hand = load_game_hand(raw, at)
        except RecordError as error:
            problems.extend(error.problems)
            continue
        if hand.hand_number not in (None, deal.hand_number):
            problems.append(
                Problem(
                    f"{at}/hand_number", "wrong_hand_number", f"this is hand {deal.hand_number} of the game"
                )
            )
        try:
            judged = audit_record(load_record(game_record(game, deal, sheet.totals, hand)))
        except RecordError as error:
            problems.extend(Problem(at + p.pointer, p.code, p.message) for p in error.problems)
            continue
        audited.append((deal, dump_result(judged)))
        lines.append(HandLine(judged.score, judged.penalties, judged.replay.void))
    if problems:
        raise Unprocessable(problems, "The game cannot have been played as recorded; see errors.")
    sheet = scoresheet(setup.variant, setup.seats, lines)
    return dump_game_validation(game, sheet, next_deal(setup.seats, setup.first_dealer, lines), audited)
