"""Stored games: a table's game as it started, and its hands in order. Storage only.

How a game takes its next hand (the number, the dealer, the totals before
it, the audit) is the use-case layer's (``usecases.games``). Here a hand's
position ``seq`` is unique per game in the database, so of two clients
storing "the next hand" at once one insert fails, and ``store_hand`` turns
that into a ``Conflict``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sqlite_utils import Database

from hearts_referee.referee.notation import variant_data
from hearts_referee.referee.reader import variant_of
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.stored.errors import NotFound
from hearts_referee.stored.games import Game, GameFilter, SheetSigned
from hearts_referee.stored.keys import Key

from .db import Row, all_of, compact, insert, keyset_page, now, row, rows, write
from .events import SCORED_BY
from .hands import MAYBE_OPEN, SURELY_OPEN, game_hands, is_open

_COLUMNS = (
    "id, variant, seats, players, first_dealer, scorekeeper, table_label, "
    "created_at, created_by, created_by_key"
)


def insert_game(db: Database, setup: GameSetup, by: Key | None) -> int:
    """Store a new game; returns its id."""
    with write(db):
        return insert(
            db,
            "games",
            {
                "variant": compact(variant_data(setup.variant)),
                "variant_id": setup.variant.id,
                "seats": compact(list(setup.seats)),
                "players": compact({seat: setup.players[seat] for seat in setup.seats}),
                "first_dealer": setup.first_dealer,
                "scorekeeper": setup.scorekeeper,
                "table_label": setup.table,
                "created_at": now(),
                "created_by": by.label if by else None,
                "created_by_key": by.id if by else None,
            },
        )


def get_game(db: Database, game_id: int) -> Game:
    """The game with all its hands; ``NotFound`` if there is none."""
    found = row(db, f"SELECT {_COLUMNS} FROM games WHERE id = ?", [game_id])
    if found is None:
        raise NotFound.game(game_id)
    return _game(db, found)


def _game(db: Database, found: Row) -> Game:
    # by position in the values' field order, as ``hands._hand`` builds a hand
    game_id: int = found.id
    spec = json.loads(found.variant)
    setup = GameSetup(
        variant_of(spec),
        tuple(json.loads(found.seats)),
        found.first_dealer,
        found.scorekeeper,
        json.loads(found.players),
        found.table_label,
    )
    return Game(
        game_id,
        setup,
        spec,
        found.created_at,
        found.created_by,
        found.created_by_key,
        tuple(game_hands(db, game_id)),
        _signatures(db, game_id),
    )


def _signatures(db: Database, game_id: int) -> tuple[SheetSigned, ...]:
    found = rows(
        db,
        "SELECT id, seat, name, sheet, at, actor FROM game_signatures WHERE game_id = ? ORDER BY id",
        [game_id],
    )
    return tuple(
        SheetSigned(
            id=s.id,
            seat=s.seat,
            name=s.name,
            sheet=tuple((int(h), int(v)) for h, v in json.loads(s.sheet)),
            at=s.at,
            actor=s.actor,
        )
        for s in found
    )


def append_game_signature(
    db: Database, game_id: int, seat: str, name: str, sheet: tuple[tuple[int, int], ...], by: Key | None
) -> None:
    """Log a seat's signature on the game's scoresheet as ``sheet`` (inside ``write``)."""
    insert(
        db,
        "game_signatures",
        {
            "game_id": game_id,
            "seat": seat,
            "name": name,
            "sheet": compact([list(pair) for pair in sheet]),
            "at": now(),
            "actor": by.label if by else None,
            "actor_key": by.id if by else None,
        },
    )


def game_owner(db: Database, game_id: int) -> int | None:
    """The key that started the game (``NotFound`` if there is no such game)."""
    found = row(db, "SELECT created_by_key FROM games WHERE id = ?", [game_id])
    if found is None:
        raise NotFound.game(game_id)
    owner = found.created_by_key
    return int(owner) if owner is not None else None


def list_games(
    db: Database, where: GameFilter, *, after: int = 0, limit: int = 25, newest: bool = True
) -> tuple[list[Game], int | None]:
    """A page of games by id, newest first (or oldest), from the one after ``after``
    (0: the start); and the ``after`` of the next page (or ``None``)."""
    clauses: list[str] = []
    params: list[Any] = []
    for column, value in (
        ("g.variant_id", where.variant),
        ("g.table_label", where.table),
        ("substr(g.created_at, 1, 10)", where.date),
    ):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if where.owner is not None:
        clauses.append(f"(g.created_by_key = ? OR g.id IN ({SCORED_BY}))")
        params += [where.owner, where.owner]
    keep: list[Callable[[Game], bool]] = []
    if where.open is not None:  # narrowed by SQL, answered by the hands' folds (``MAYBE_OPEN``)
        hand_is = "EXISTS (SELECT 1 FROM hands h WHERE h.game_id = g.id AND {})"
        clauses.append(hand_is.format(MAYBE_OPEN) if where.open else "NOT " + hand_is.format(SURELY_OPEN))
        wanted = where.open
        keep.append(lambda game: any(is_open(hand) for hand in game.hands) == wanted)
    status = where.status
    if status is not None:
        keep.append(lambda game: game.status == status)

    def fetch(cursor: int, count: int) -> list[Game]:
        bound = ("g.id < ?" if newest else "g.id > ?") if cursor else "1"
        sql = (
            f"SELECT {', '.join('g.' + c for c in _COLUMNS.split(', '))} FROM games g "
            f"WHERE {' AND '.join([bound, *clauses])} ORDER BY g.id {'DESC' if newest else 'ASC'} LIMIT ?"
        )
        return [_game(db, each) for each in rows(db, sql, [*([cursor] if cursor else []), *params, count])]

    return keyset_page(fetch, lambda game: game.id, after, limit, all_of(keep))
