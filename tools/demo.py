"""A demonstration archive and a real server in a thread: for the browser tests and screenshots.

A development tool, not part of the shipped packages.

``seed`` stores the README's director's session (game 1 at table 7, the
revoke of ``examples/mso-game-hand.json`` as hand 1) and random legal hands
after it (``playout``) until the game ends (ten hands in all, with the seeds
used here), and makes a director's, an auditor's and a scorer's key.
``serve`` runs the app on 127.0.0.1 on a free port with Werkzeug's own
server in a daemon thread: the same WSGI stack a browser meets under
``flask run``, without a subprocess.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.serving import make_server

from hearts_referee import usecases
from hearts_referee.schemas.game import load_game, load_game_hand
from hearts_referee.usecases import Role, keys
from hearts_referee.usecases import games as use
from playout import build_hand

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mso-game-hand.json"
PLAYERS = {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"}
SUPPLIED = ("variant", "seats", "dealer", "hand_number", "scores_before")


@dataclass(frozen=True)
class Demo:
    game_id: int
    revoke_hand: int
    director: str
    auditor: str
    scorer: str


def random_game_hand(seed: int, hand_number: int) -> dict[str, Any]:
    """A random legal ``mso-2000`` hand as a scoring app sends it to a game."""
    record = build_hand(random.Random(seed), "mso-2000", hand_number)
    return {k: v for k, v in record.items() if k not in SUPPLIED}


def seed(path: str | Path, extra_hands: int = 40) -> Demo:
    """Fill the archive at ``path`` with the demonstration game; returns its ids and keys.

    At most ``extra_hands`` hands follow the revoke; fewer when the game ends first.
    """
    db = usecases.open_archive(path)
    try:
        director, token = keys.create_key(db, keys.OPERATOR, "Chief TD", Role.DIRECTOR)
        auditor = keys.create_key(db, keys.OPERATOR, "Auditor", Role.AUDITOR)[1]
        scorer = keys.create_key(db, keys.OPERATOR, "Table 7 scorer", Role.SCORER)[1]
        setup = load_game(
            {
                "variant": "mso-2000",
                "seats": ["N", "E", "S", "W"],
                "players": PLAYERS,
                "first_dealer": "W",
                "table": "7",
            }
        )
        game = use.start_game(db, director, setup)
        first, _ = use.append_hand(db, director, game.id, load_game_hand(json.loads(EXAMPLE.read_text())))
        for k in range(extra_hands):
            if use.get_game(db, director, game.id).sheet.over:
                break
            use.append_hand(db, director, game.id, load_game_hand(random_game_hand(100 + k, k + 2)))
        return Demo(game.id, first.id, token, auditor, scorer)
    finally:
        db.close()


@contextmanager
def serve(app: Flask) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (a free port) in a thread; yields the base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="director-pages", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()
