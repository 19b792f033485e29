"""Who may do what by role: every endpoint that needs a key, with every role, no key and a dead key.

The expected table is written out here, not read from the code: it is the policy, and the
code must match it. Here a scorer works on what its own key made, so only the roles are
on trial; which scorer may see which hand or game (ownership), and the same rules on the
director's pages, are in ``test_access.py``. Set-up goes through the API only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from games import moon, new_game
from hands import hand
from support import example_record

from hearts_referee.app import create_app

ROLES = ("scorer", "director", "auditor", "admin")
SUBMITTERS = {"scorer", "director"}
READERS = {"scorer", "director", "auditor"}
MISSING = 987_654
MISSING_IDS = {"hand": MISSING, "game": MISSING, "key": MISSING}

REVOKE = "N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"  # E revokes: standard refers it to the director


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _setup(client, keys) -> dict[str, Any]:
    """The scorer's hand (with a referred ruling) and game, a spare key, and a revoked one."""
    scorer, admin = bearer(keys["scorer"]), bearer(keys["admin"])
    made = {
        "hand": client.post("/v1/hands", json=hand("standard", play=REVOKE), headers=scorer),
        "game": client.post("/v1/games", json=new_game(), headers=scorer),
        "key": client.post("/v1/keys", json={"name": "spare", "role": "scorer"}, headers=admin),
        "revoked": client.post("/v1/keys", json={"name": "gone", "role": "director"}, headers=admin),
    }
    assert {name: r.status_code for name, r in made.items()} == dict.fromkeys(made, 201)
    ids = {name: r.get_json()["id"] for name, r in made.items()}
    assert client.delete(f"/v1/keys/{ids['revoked']}", headers=admin).status_code == 200
    return ids | {"revoked_token": made["revoked"].get_json()["key"]}


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
ENDPOINT_IDS = [f"{method} {path}" for method, path, _, _ in ENDPOINTS]


def _call(client, method: str, path: str, ids: dict, body, headers: dict[str, str]):
    kwargs: dict[str, Any] = {"headers": headers}
    if body is not None:
        kwargs["json"] = body(ids)
    return client.open(path.format(**ids), method=method, **kwargs)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_role_matrix(client, keys, problem, method, path, body, allowed, role):
    ids = _setup(client, keys)
    response = _call(client, method, path, ids, body, bearer(keys[role]))
    if role in allowed:
        assert response.status_code in (200, 201), response.get_json()
        return
    refused = problem(response, 403)
    assert "a " + role in refused["detail"].lower()
    if "{" in path:  # refused before any look-up: a wrong role never learns whether it exists
        absent = _call(client, method, path, MISSING_IDS, body, bearer(keys[role]))
        assert (absent.status_code, absent.mimetype, absent.get_json()) == (
            403,
            response.mimetype,
            refused,
        )


def _unauthenticated(keys, ids) -> dict[str, dict[str, str]]:
    return {
        "no key": {},
        "an unknown key": bearer("hr_not-a-key"),
        "a revoked key": bearer(ids["revoked_token"]),
        "an empty X-API-Key": {"X-API-Key": ""},
        "Basic credentials": {"Authorization": "Basic dXNlcjpwdw=="},
        "two different keys": {**bearer(keys["director"]), "X-API-Key": keys["admin"]},
    }


@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_no_live_key_is_401(client, keys, problem, method, path, body, allowed):
    ids = _setup(client, keys)
    for label, headers in _unauthenticated(keys, ids).items():
        response = _call(client, method, path, ids, body, headers)
        answer = problem(response, 401)
        assert response.headers["WWW-Authenticate"].startswith("Bearer"), label
        if "{" in path:
            absent = _call(client, method, path, MISSING_IDS, body, headers)
            assert (absent.status_code, absent.get_json()) == (401, answer), label


def test_x_api_key_header_works_like_bearer(client, keys):
    assert client.get("/v1/hands", headers={"X-API-Key": keys["auditor"]}).status_code == 200
    assert (
        client.get(
            "/v1/hands", headers={"X-API-Key": keys["auditor"], "Authorization": f"Bearer {keys['auditor']}"}
        ).status_code
        == 200
    )


def test_a_revoked_key_no_longer_works(client, keys, problem):
    admin = bearer(keys["admin"])
    made = client.post("/v1/keys", json={"name": "Table 7", "role": "scorer"}, headers=admin).get_json()
    assert made["key"].startswith("hr_") and made["revoked_at"] is None
    assert client.get("/v1/hands", headers=bearer(made["key"])).status_code == 200
    revoked = client.delete(f"/v1/keys/{made['id']}", headers=admin).get_json()
    assert revoked["revoked_at"] is not None
    problem(client.get("/v1/hands", headers=bearer(made["key"])), 401)
    listed = client.get("/v1/keys", headers=admin).get_json()["keys"]
    assert "key" not in listed[-1] and listed[-1]["revoked_at"] == revoked["revoked_at"]
    problem(client.delete(f"/v1/keys/{MISSING}", headers=admin), 404)


def test_keys_are_never_stored_or_shown_again(app, client, keys):
    """A key is shown once, when made: the key list never has it, nor does the archive's file."""
    admin = bearer(keys["admin"])
    made = client.post("/v1/keys", json={"name": "Table 7", "role": "scorer"}, headers=admin).get_json()
    tokens = [*keys.values(), made["key"]]
    for role in ("admin", "auditor"):
        listed = client.get("/v1/keys", headers=bearer(keys[role])).get_data(as_text=True)
        assert not [token for token in tokens if token in listed], role
    folder = Path(app.config["DATABASE"]).parent  # the archive and its journal files
    stored = b"".join(path.read_bytes() for path in folder.rglob("*") if path.is_file())
    assert stored and not [token for token in tokens if token.encode() in stored]


@pytest.mark.parametrize(
    "path, body",
    [("/v1/hands/validate", example_record), ("/v1/games/validate", lambda: new_game(hands=[moon("E", 1)]))],
)
def test_validate_is_open_unless_the_server_requires_a_key(tmp_path, app, client, keys, problem, path, body):
    open_app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "open.sqlite")})
    assert open_app.test_client().post(path, json=body()).status_code == 200
    assert not (tmp_path / "open.sqlite").exists()  # validating stores nothing, opens nothing

    app.config["VALIDATE_REQUIRES_KEY"] = True
    response = client.post(path, json=body())
    problem(response, 401)
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    for role in ROLES:
        assert client.post(path, json=body(), headers=bearer(keys[role])).status_code == 200, role
