"""Events for tests: create one through the API and play every table's game to its end.

Each hand is played by the random legal player in :mod:`playout` (the
independent generator): ``mso-2000`` hands by ``playout.build_hand``,
``long-john`` hands by its Long John module, dealt by the dealer the game
names (the player on the dealer's left leads there).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from games import body
from support import role_keys, scratch

from hearts_referee.app import create_app
from playout import build_hand
from playout.long_john import pass_offset
from playout.long_john_hands import make_record, random_policy, shuffled_deal
from playout.tables import random_passes

EVENTS = "/v1/events"


def create_event(
    client: Any, headers: dict[str, str], fmt: Any, players: int, name: str = "Test open"
) -> dict[str, Any]:
    response = client.post(
        EVENTS,
        headers=headers,
        json={"name": name, "format": fmt, "players": [f"Player {i}" for i in range(1, players + 1)]},
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def seat(client: Any, headers: dict[str, str], event_id: int, seed: int | None = None) -> dict[str, Any]:
    response = client.post(
        f"{EVENTS}/{event_id}/rounds", headers=headers, json={} if seed is None else {"seed": seed}
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def rounds_until_over(client: Any, headers: dict[str, str], event_id: int) -> Iterator[dict[str, Any]]:
    """Seat the event's next round, again and again, until it is over (409 ``event_over``):
    each round as seated, to be played before the next is asked for."""
    while True:
        response = client.post(f"{EVENTS}/{event_id}/rounds", headers=headers, json={})
        if response.status_code == 409:
            assert response.get_json()["errors"][0]["code"] == "event_over"
            return
        assert response.status_code == 201, response.get_json()
        yield response.get_json()


def game_hand(rng: random.Random, game: dict[str, Any]) -> dict[str, Any]:
    """The game's next hand, played at random and legally."""
    number, dealer = game["next_hand"]["hand_number"], game["next_hand"]["dealer"]
    seats = game["seats"]
    if len(seats) == 4:
        return body(build_hand(rng, "mso-2000", number))
    deal, kitty = shuffled_deal(rng, seats)
    passes = random_passes(rng, seats, deal, pass_offset(len(seats), number))
    return body(make_record(rng, list(seats), number, dealer, deal, kitty, passes, random_policy))


def sign_sheet(client: Any, headers: dict[str, str], game_id: int) -> dict[str, Any]:
    """Every seat still to sign the game's scoresheet signs it (as the players at the table
    would, once the game is over); the game's answer after."""
    game = client.get(f"/v1/games/{game_id}", headers=headers).get_json()
    for seat in game["missing_signatures"]:
        response = client.post(
            f"/v1/games/{game_id}/signatures", headers=headers, json={"seat": seat, "name": f"Seat {seat}"}
        )
        assert response.status_code in (200, 201), response.get_json()
    return client.get(f"/v1/games/{game_id}", headers=headers).get_json()


def play_game(
    client: Any, headers: dict[str, str], game_id: int, rng: random.Random, sign: bool = True
) -> dict[str, Any]:
    """Play the game to its end, its scoresheet signed unless ``sign`` is false; its answer."""
    game = client.get(f"/v1/games/{game_id}", headers=headers).get_json()
    while game["status"] != "over":
        response = client.post(f"/v1/games/{game_id}/hands", headers=headers, json=game_hand(rng, game))
        assert response.status_code == 201, response.get_json()
        game = client.get(f"/v1/games/{game_id}", headers=headers).get_json()
    return sign_sheet(client, headers, game_id) if sign else game


def play_round(
    client: Any, headers: dict[str, str], seated: dict[str, Any], rng: random.Random, sign: bool = True
) -> dict[int, dict[str, Any]]:
    """Every table of a seated round played out (and signed unless ``sign`` is false):
    game id -> the game's final answer."""
    return {t["game_id"]: play_game(client, headers, t["game_id"], rng, sign) for t in seated["tables"]}


MOONS = sorted((Path(__file__).resolve().parent.parent / "examples" / "event").glob("moon-*.json"))


def play_moons(client: Any, headers: dict[str, str], seated: dict[str, Any], sign: bool = True) -> None:
    """Every table of a seated MSO round over in four hands: North shoots the moon each time
    (the README's ``examples/event/``), 0 against 104; each sheet signed unless ``sign`` is false."""
    for table in seated["tables"]:
        for path in MOONS:
            response = client.post(
                f"/v1/games/{table['game_id']}/hands", headers=headers, json=json.loads(path.read_text())
            )
            assert response.status_code == 201, response.get_json()
        if sign:
            sign_sheet(client, headers, table["game_id"])


def league(prefix: str) -> tuple[Any, dict[str, dict[str, str]]]:
    """An app on its own archive (in the run's scratch folder), its test client, and the
    headers of a key of every role: what a module of event tests shares."""
    path = scratch(prefix) / "archive.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(path)})
    keys = role_keys(path)
    return app.test_client(), {role: {"Authorization": f"Bearer {k}"} for role, k in keys.items()}


def by_player(table: dict[str, Any], game: dict[str, Any], field: str) -> dict[int, Any]:
    """A game's ``field`` (totals, match_points) by the event's player numbers."""
    return {s["player"]: game[field][s["seat"]] for s in table["seats"]}
