"""A result's ``tricks``: every trick of an audit as JSON-ready data, in one pass.

``schemas.result`` writes the field with :func:`dump_tricks` for every face (``Trick`` in
openapi.yaml). Compiled, each object is built as a C dict from the result trick's struct fields;
pure Python, it is the same loop.
"""

from __future__ import annotations

from typing import Any

from hearts_referee.referee.replay import Trick


def dump_tricks(tricks: tuple[Trick, ...]) -> list[dict[str, Any]]:
    """Each trick with its plays in order, winner, taker, points, and what cancelled: one
    loop, each object built once, nothing read twice (a trick's cards rarely cancel)."""
    out: list[dict[str, Any]] = []
    for trick in tricks:
        plays: list[dict[str, Any]] = []
        for seat, card in trick.plays:
            plays.append({"seat": seat, "card": card.code})
        cancelled = trick.cancelled
        out.append(
            {
                "number": trick.number,
                "leader": trick.leader,
                "plays": plays,
                "winner": trick.winner,
                "taken_by": trick.taken_by,
                "points": trick.points,
                "cancelled": [card.code for card in cancelled] if cancelled else [],
                "to_middle": trick.to_middle,
                "collects": list(trick.collects),
            }
        )
    return out
