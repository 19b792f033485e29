"""Who may do what: every endpoint that needs a key, with every role, no key and a dead key.

The expected table is written out here, not read from ``archive.PERMISSIONS``:
it is the policy, and the code must match it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from games import moon, new_game
from hands import hand
from support import example_record

import archive

ROLES = ("scorer", "director", "auditor", "admin")
SUBMITTERS = {"scorer", "director"}
READERS = {"scorer", "director", "auditor"}


def _setup(client, keys) -> dict[str, Any]:
    """A stored hand with a referred ruling, a game, and a key to revoke."""
    director = {"Authorization": f"Bearer {keys['director']}"}
    stored = client.post(
        "/v1/hands", json=hand("standard", play="N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"), headers=director
    ).get_json()
    game = client.post("/v1/games", json=new_game(), headers=director).get_json()
    admin = {"Authorization": f"Bearer {keys['admin']}"}
    spare = client.post("/v1/keys", json={"name": "spare", "role": "scorer"}, headers=admin).get_json()
    return {"hand": stored["id"], "game": game["id"], "key": spare["id"]}


# (method, path, body, roles allowed); paths and bodies may use the ids made by _setup
ENDPOINTS: list[tuple[str, str, Callable[[dict], Any] | None, set[str]]] = [
    ("POST", "/v1/hands", lambda ids: example_record(), SUBMITTERS),
    ("POST", "/v1/games", lambda ids: new_game(), SUBMITTERS),
    ("POST", "/v1/games/{game}/hands", lambda ids: moon("E", 1), SUBMITTERS),
    (
        "POST",
        "/v1/hands/{hand}/decisions",
        lambda ids: {"ruling": 0, "action": "uphold", "director": "TD", "reason": "stands"},
        {"director"},
    ),
    ("POST", "/v1/hands/{hand}/signatures", lambda ids: {"seat": "N", "name": "Ann"}, SUBMITTERS),
    ("POST", "/v1/keys", lambda ids: {"name": "new", "role": "auditor"}, {"admin"}),
    ("DELETE", "/v1/keys/{key}", None, {"admin"}),
    ("GET", "/v1/hands?open=true", None, READERS),
    ("GET", "/v1/hands/{hand}", None, READERS),
    ("GET", "/v1/hands/{hand}/verify", None, READERS),
    ("GET", "/v1/games/{game}", None, READERS),
    ("GET", "/v1/keys", None, {"admin", "auditor"}),
]


def _call(client, method: str, path: str, ids: dict, body, headers: dict[str, str]):
    kwargs: dict[str, Any] = {"headers": headers}
    if body is not None:
        kwargs["json"] = body(ids)
    return client.open(path.format(**ids), method=method, **kwargs)


@pytest.mark.parametrize(
    "method, path, body, allowed", ENDPOINTS, ids=[f"{m} {p}" for m, p, _, _ in ENDPOINTS]
)
def test_role_matrix(client, keys, problem, method, path, body, allowed):
    ids = _setup(client, keys)
    for role in ROLES:
        response = _call(client, method, path, ids, body, {"Authorization": f"Bearer {keys[role]}"})
        if role in allowed:
            assert response.status_code in (200, 201), (role, response.get_json())
        else:
            assert "a " + role in problem(response, 403)["detail"].lower(), role
    unauthenticated = [
        {},
        {"Authorization": "Bearer hr_not-a-key"},
        {"X-API-Key": ""},
        {"Authorization": "Basic dXNlcjpwdw=="},
        {"Authorization": f"Bearer {keys['director']}", "X-API-Key": keys["admin"]},
    ]
    for headers in unauthenticated:
        response = _call(client, method, path, ids, body, headers)
        problem(response, 401)
        assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_x_api_key_header_works_like_bearer(client, keys):
    assert client.get("/v1/hands", headers={"X-API-Key": keys["auditor"]}).status_code == 200
    assert (
        client.get(
            "/v1/hands", headers={"X-API-Key": keys["auditor"], "Authorization": f"Bearer {keys['auditor']}"}
        ).status_code
        == 200
    )


def test_a_revoked_key_no_longer_works(client, keys, problem):
    admin = {"Authorization": f"Bearer {keys['admin']}"}
    made = client.post("/v1/keys", json={"name": "Table 7", "role": "scorer"}, headers=admin).get_json()
    assert made["key"].startswith("hr_") and made["revoked_at"] is None
    assert client.get("/v1/hands", headers={"Authorization": f"Bearer {made['key']}"}).status_code == 200
    revoked = client.delete(f"/v1/keys/{made['id']}", headers=admin).get_json()
    assert revoked["revoked_at"] is not None
    problem(client.get("/v1/hands", headers={"Authorization": f"Bearer {made['key']}"}), 401)
    listed = client.get("/v1/keys", headers=admin).get_json()["keys"]
    assert "key" not in listed[-1] and listed[-1]["revoked_at"] == revoked["revoked_at"]
    problem(client.delete("/v1/keys/999", headers=admin), 404)


def test_keys_are_stored_only_as_hashes(client, keys, db):
    stored = [row[0] for row in db.execute("SELECT token_sha256 FROM keys")]
    assert not set(keys.values()) & set(stored)
    assert all(len(h) == 64 for h in stored)


def test_a_wrong_role_never_learns_whether_a_hand_or_game_exists(client, keys):
    ids = _setup(client, keys)
    scorer = {"Authorization": f"Bearer {keys['scorer']}"}
    admin = {"Authorization": f"Bearer {keys['admin']}"}
    decision = {"ruling": 0, "action": "uphold", "director": "TD", "reason": "r"}
    missing = 987654
    asks = [  # (method, path of something that exists, the same path for something that does not, ...)
        ("POST", f"/v1/hands/{ids['hand']}/decisions", f"/v1/hands/{missing}/decisions", scorer, decision),
        ("GET", f"/v1/hands/{ids['hand']}", f"/v1/hands/{missing}", admin, None),
        ("POST", f"/v1/games/{ids['game']}/hands", f"/v1/games/{missing}/hands", admin, moon("E", 1)),
    ]
    for method, real, absent, headers, body in asks:
        answers = [client.open(path, method=method, json=body, headers=headers) for path in (real, absent)]
        assert [a.status_code for a in answers] == [403, 403], real
        assert answers[0].get_json() == answers[1].get_json()


@pytest.mark.parametrize(
    "path, body",
    [("/v1/hands/validate", example_record), ("/v1/games/validate", lambda: new_game(hands=[moon("E", 1)]))],
)
def test_validate_is_open_unless_the_server_requires_a_key(tmp_path, path, body):
    from app import create_app

    open_app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "open.sqlite")})
    assert open_app.test_client().post(path, json=body()).status_code == 200
    assert not (tmp_path / "open.sqlite").exists()  # validating stores nothing, opens nothing

    keyed = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "keyed.sqlite"), "VALIDATE_REQUIRES_KEY": True}
    )
    client = keyed.test_client()
    assert client.post(path, json=body()).status_code == 401
    db = archive.open_archive(keyed.config["DATABASE"])
    tokens = {role: archive.create_key(db, role, role)[1] for role in ROLES}
    db.close()
    for role, token in tokens.items():
        assert (
            client.post(path, json=body(), headers={"Authorization": f"Bearer {token}"}).status_code == 200
        ), role
