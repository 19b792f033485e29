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

from hearts_referee.referee.notation import read_variant, variant_data
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.stored.errors import NotFound
from hearts_referee.stored.games import Game, GameFilter, SheetSigned
from hearts_referee.stored.keys import Key

from .db import all_of, compact, keyset_page, now, row_id, write
from .events import SCORED_BY
from .hands import MAYBE_OPEN, SURELY_OPEN, game_hands, is_open

_COLUMNS = (
    "id, variant, seats, players, first_dealer, scorekeeper, table_label, "
    "created_at, created_by, created_by_key"
)


def insert_game(db: Database, setup: GameSetup, by: Key | None) -> int:
    """Store a new game; returns its id."""
    with write(db):
        cursor = db.execute(
            "INSERT INTO games (variant, variant_id, seats, players, first_dealer, scorekeeper, "
            "table_label, created_at, created_by, created_by_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                compact(variant_data(setup.variant)),
                setup.variant.id,
                compact(list(setup.seats)),
                compact({seat: setup.players[seat] for seat in setup.seats}),
                setup.first_dealer,
                setup.scorekeeper,
                setup.table,
                now(),
                by.label if by else None,
                by.id if by else None,
            ],
        )
    return row_id(cursor)


def get_game(db: Database, game_id: int) -> Game:
    """The game with all its hands; ``NotFound`` if there is none."""
    row = db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound.game(game_id)
    return _game(db, row)


def _game(db: Database, row: tuple[Any, ...]) -> Game:
    id_, variant, seats, players, first_dealer, scorekeeper, table, created_at, created_by, owner = row
    spec = json.loads(variant)
    setup = GameSetup(
        read_variant(spec), tuple(json.loads(seats)), first_dealer, scorekeeper, json.loads(players), table
    )
    return Game(
        id_, setup, spec, created_at, created_by, owner, tuple(game_hands(db, id_)), _signatures(db, id_)
    )


def _signatures(db: Database, game_id: int) -> tuple[SheetSigned, ...]:
    rows = db.execute(
        "SELECT id, seat, name, sheet, at, actor FROM game_signatures WHERE game_id = ? ORDER BY id",
        [game_id],
    ).fetchall()
    return tuple(
        SheetSigned(id_, seat, name, tuple((int(h), int(v)) for h, v in json.loads(sheet)), at, actor)
        for id_, seat, name, sheet, at, actor in rows
    )


def append_game_signature(
    db: Database, game_id: int, seat: str, name: str, sheet: tuple[tuple[int, int], ...], by: Key | None
) -> None:
    """Log a seat's signature on the game's scoresheet as ``sheet`` (inside ``write``)."""
    db.execute(
        "INSERT INTO game_signatures (game_id, seat, name, sheet, at, actor, actor_key) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
            seat,
            name,
            compact([list(pair) for pair in sheet]),
            now(),
            by.label if by else None,
            by.id if by else None,
        ],
    )


def game_owner(db: Database, game_id: int) -> int | None:
    """The key that started the game (``NotFound`` if there is no such game)."""
    row = db.execute("SELECT created_by_key FROM games WHERE id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound.game(game_id)
    return int(row[0]) if row[0] is not None else None


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
        rows = db.execute(sql, [*([cursor] if cursor else []), *params, count]).fetchall()
        return [_game(db, row) for row in rows]

    return keyset_page(fetch, lambda game: game.id, after, limit, all_of(keep))
