"""Stored games: start one, append its next hand, read its scoresheet.

The service, not the client, knows where a game stands: appending a hand
reads the game, works out the hand's number, dealer and the totals before
it (``rulings.scoresheet``), audits the complete record, and then inserts
it at the next position. That position is unique per game in the database,
so of two clients appending "the next hand" at once, one insert fails and
that request gets a 409 (:class:`~archive.errors.Conflict`): its audit used
totals that are no longer the totals before its hand.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from functools import cached_property

from sqlite_utils import Database

from audit import audit_record
from referee.record import Problem
from rulings.scoresheet import GameSetup, HandLine, NextDeal, Sheet, next_deal, scoresheet
from schemas.game import GameBody, GameHand, game_record, load_variant
from schemas.record import load_record
from schemas.result import dump_result

from .db import canonical, compact, now, sha256, write
from .errors import Conflict, NotFound
from .hands import Placement, StoredHand, game_hands, get_hand, hand_id_by_hash, insert_hand

_COLUMNS = "id, variant, seats, players, first_dealer, scorekeeper, table_label, created_at, created_by"


@dataclass(frozen=True)
class Game:
    """A stored game with its hands, in order."""

    id: int
    body: GameBody
    created_at: str
    created_by: str | None
    hands: tuple[StoredHand, ...]

    @property
    def setup(self) -> GameSetup:
        return self.body.setup

    @cached_property
    def lines(self) -> list[HandLine]:
        """Each hand's current score version, as the scoresheet adds them up."""
        lines = []
        for hand in self.hands:
            current = hand.state.current
            lines.append(HandLine(current.score, current.penalties, hand.void))
        return lines

    @cached_property
    def sheet(self) -> Sheet:
        return scoresheet(self.setup.variant, self.setup.seats, self.lines)

    @property
    def next_deal(self) -> NextDeal:
        return next_deal(self.setup.seats, self.setup.first_dealer, self.lines)


def create_game(db: Database, game: GameBody, actor: str | None) -> Game:
    setup = game.setup
    with write(db):
        cursor = db.execute(
            "INSERT INTO games (variant, variant_id, seats, players, first_dealer, scorekeeper, "
            "table_label, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                compact(game.variant),
                setup.variant.id,
                compact(list(setup.seats)),
                compact({seat: setup.players[seat] for seat in setup.seats}),
                setup.first_dealer,
                setup.scorekeeper,
                setup.table,
                now(),
                actor,
            ],
        )
    return get_game(db, cursor.lastrowid)


def get_game(db: Database, game_id: int) -> Game:
    row = db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound(f"No game {game_id}.")
    id_, variant, seats, players, first_dealer, scorekeeper, table, created_at, created_by = row
    spec = json.loads(variant)
    setup = GameSetup(
        load_variant(spec), tuple(json.loads(seats)), first_dealer, scorekeeper, json.loads(players), table
    )
    return Game(id_, GameBody(setup, spec), created_at, created_by, tuple(game_hands(db, id_)))


def append_hand(db: Database, game_id: int, hand: GameHand, actor: str | None) -> tuple[StoredHand, bool]:
    """Store the game's next hand; the same hand sent again returns the stored one.

    Returns ``(hand, created)``. ``Conflict`` when the game is over, when
    ``hand.hand_number`` is not the next hand's, or when another hand took
    this position first; ``referee.RecordError`` for a record that cannot
    have happened. Nothing is stored in any of those cases.
    """
    game = get_game(db, game_id)
    content_hash = sha256(f"game:{game_id}\n" + canonical(hand.body))
    found = hand_id_by_hash(db, content_hash)
    if found is not None:
        return get_hand(db, found), False
    sheet = game.sheet
    if sheet.over:
        raise Conflict(
            f"Game {game_id} ended after hand {sheet.ended_after}; it takes no more hands.",
            [Problem("", "game_over", f"the game ended after hand {sheet.ended_after}")],
        )
    deal = game.next_deal
    if hand.hand_number is not None and hand.hand_number != deal.hand_number:
        raise Conflict(
            f"Game {game_id} is at hand {deal.hand_number}, not {hand.hand_number}.",
            [
                Problem(
                    "/hand_number",
                    "wrong_hand_number",
                    f"the next hand of this game is hand {deal.hand_number}",
                )
            ],
        )
    record = game_record(game.body, deal, sheet.totals, hand)
    judged = audit_record(load_record(record))
    place = Placement(game_id, len(game.hands) + 1, game.setup.table)
    try:
        with write(db):
            hand_id = insert_hand(
                db,
                content_hash=content_hash,
                record=record,
                result=dump_result(judged),
                signers=game.setup.signers,
                place=place,
                actor=actor,
            )
    except sqlite3.IntegrityError:
        found = hand_id_by_hash(db, content_hash)
        if found is not None:  # the same hand, sent twice at once
            return get_hand(db, found), False
        raise Conflict(
            f"Another hand became position {place.seq} of game {game_id} first; "
            "read the game again and resend this hand if it still belongs there.",
            [Problem("", "concurrent_append", f"position {place.seq} was taken meanwhile")],
        ) from None
    return get_hand(db, hand_id), True
