"""Who may see and touch which hand and game: the access rules on both faces, black-box.

The policy is written out here, not read from the code:

- Roles. ``scorer``: validate, read, submit (hands, games, appending hands), sign;
  ``director``: the scorer's and decide; ``auditor``: validate, read, list keys;
  ``admin``: validate and the keys, nothing else. No key (or a dead one): 401. A role
  without the permission: 403, decided before any look-up.
- Ownership. A scorer reads and writes only what its own key made, by key, not by the
  key's name: the hands its key stored, its games, and every hand in those games (also
  one the director appended). Directors and auditors read everything; directors sign,
  submit and decide on everything. Decisions are the director's alone.
- Another scorer's hand or game looks exactly like one that does not exist: the same
  404, content type and body (the HTML 404 page on the director's pages) apart from
  the id. Lists (``GET /v1/hands``, the pages' inbox) hold only what the role may see.

Everything is set up through HTTP (the API with the fixtures' keys, the pages' sign-in
form) and the helpers in ``tests/``, never through the archive's functions, so these
tests hold whatever the layers underneath look like. The world is built once for the
module; each test gets its own copy of that archive file (so decisions, signatures and
appended hands of one test never reach another). ``test_archive_roles.py`` holds
the role-only matrix (a scorer on its own things) and the keys.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from games import body as game_body
from games import moon, new_game
from hands import hand, play_out
from support import PROBLEM_JSON, copy_archive, role_keys, scratch

from hearts_referee.app import create_app

ROOT = Path(__file__).resolve().parent.parent
GAME_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text(encoding="utf-8"))
"""Hand 1 of a game: the README's revoke, with a score the table wrote wrong (referred)."""

REVOKE = "N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"
"""E revokes in trick 1; standard refers it to the director, mso-2000 applies it."""

MISSING = 987_654
"""A hand and game number nothing in the archive has."""

SCORER_NAME = "Table Seven"
"""Both scorers' keys carry it: the same name is not the same owner."""

CSRF = "access-test-token"

# --- the policy -------------------------------------------------------------------------

ROLES = ("scorer_a", "scorer_b", "director", "auditor", "admin", "no_key")
SCORERS = ("scorer_a", "scorer_b")

_SCORER = frozenset({"validate", "read", "submit", "sign"})
PERMITS: dict[str, frozenset[str]] = {
    "scorer_a": _SCORER,
    "scorer_b": _SCORER,
    "director": _SCORER | {"decide"},
    "auditor": frozenset({"validate", "read", "keys:read"}),
    "admin": frozenset({"validate", "keys:read", "keys:write"}),
}

HANDS = ("a_hand", "a_game_hand", "a_game_director_hand", "b_hand", "b_game_hand", "director_hand")
GAMES = ("a_game", "b_game")

OWNS: dict[str, frozenset[str]] = {
    "scorer_a": frozenset({"a_hand", "a_game_hand", "a_game_director_hand", "a_game"}),
    "scorer_b": frozenset({"b_hand", "b_game_hand", "b_game"}),
}
"""What each scorer may see: ``a_game_director_hand`` is the director's, in A's game."""

IN_GAME = {"a_game_hand": "a_game", "a_game_director_hand": "a_game", "b_game_hand": "b_game"}
OPEN = frozenset(HANDS) - {"b_game_hand"}
"""Hands waiting for the director (``b_game_hand``'s revoke is applied, not referred)."""


def sees(role: str, target: str) -> bool:
    """Whether ``role`` may see the hand or game ``target`` (nobody sees a missing one)."""
    if target == "missing":
        return False
    return target in OWNS[role] if role in OWNS else True


# --- the archive the tests look at -----------------------------------------------------


@dataclass
class World:
    tokens: dict[str, str]
    key_ids: dict[str, int]
    hands: dict[str, int] = field(default_factory=lambda: {"missing": MISSING})
    games: dict[str, int] = field(default_factory=lambda: {"missing": MISSING})
    next_hand: dict[str, int] = field(default_factory=dict)

    def headers(self, role: str) -> dict[str, str]:
        return {} if role == "no_key" else bearer(self.tokens[role])

    def id_of(self, on: str, target: str) -> int:
        return (self.hands if on == "hand" else self.games)[target]

    def name_of(self, hand_id: int) -> str:
        return next((name for name, id_ in self.hands.items() if id_ == hand_id), f"hand {hand_id}")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def expect(response, status: int) -> Any:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


def new_scorer(client, keys, name: str = SCORER_NAME) -> dict[str, Any]:
    """A scorer key made by the admin through the API: ``{"id", "key", ...}``."""
    made = client.post("/v1/keys", json={"name": name, "role": "scorer"}, headers=bearer(keys["admin"]))
    return expect(made, 201)


def build_world(client, keys) -> World:
    """Two scorers with one name, their hands and games, and the director's hands.

    - scorer A: ``a_hand``; ``a_game`` with ``a_game_hand`` (A's) and
      ``a_game_director_hand`` (appended by the director);
    - scorer B: ``b_hand``; ``b_game`` with ``b_game_hand``;
    - the director: ``director_hand``.
    """
    w = World(tokens={role: keys[role] for role in ("director", "auditor", "admin")}, key_ids={})
    for role in SCORERS:
        made = new_scorer(client, keys)
        w.tokens[role], w.key_ids[role] = made["key"], made["id"]

    def store(role: str, path: str, body: Any) -> int:
        return expect(client.post(path, json=body, headers=w.headers(role)), 201)["id"]

    written_wrong = dict.fromkeys("NESW", 0)  # a moon, scored 0 all round: referred
    w.hands["a_hand"] = store("scorer_a", "/v1/hands", hand("standard", play=REVOKE, hand_number=1))
    w.games["a_game"] = store("scorer_a", "/v1/games", new_game())
    a_game = f"/v1/games/{w.games['a_game']}/hands"
    w.hands["a_game_hand"] = store("scorer_a", a_game, GAME_HAND)
    w.hands["a_game_director_hand"] = store("director", a_game, moon("E", 2, claimed=written_wrong))
    w.hands["b_hand"] = store("scorer_b", "/v1/hands", hand("standard", play=REVOKE, hand_number=5))
    w.games["b_game"] = store("scorer_b", "/v1/games", new_game())
    b_game = f"/v1/games/{w.games['b_game']}/hands"
    w.hands["b_game_hand"] = store("scorer_b", b_game, game_body(hand("mso-2000", play=play_out(REVOKE))))
    w.hands["director_hand"] = store("director", "/v1/hands", hand("standard", play=REVOKE, hand_number=9))
    w.next_hand = {"a_game": 3, "b_game": 2, "missing": 1}
    return w


@pytest.fixture(scope="module")
def built() -> tuple[Path, dict[str, str], World]:
    """The world, built once through HTTP into an archive file every test here starts from."""
    path = scratch("access-") / "archive.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(path)})
    keys = role_keys(path)
    return path, keys, build_world(app.test_client(), keys)


@pytest.fixture
def app(app, built):
    """conftest's app, on a copy of the built world's archive: each test may write to its own."""
    copy_archive(built[0], app.config["DATABASE"])
    return app


@pytest.fixture
def keys(built) -> dict[str, str]:
    """conftest's keys: the ones in the built world's archive."""
    return dict(built[1])


@pytest.fixture
def world(built) -> World:
    return deepcopy(built[2])


# --- routes -----------------------------------------------------------------------------

SIGNATURE = {"seat": "N", "name": "Ann"}
DECISION = {"ruling": 0, "action": "uphold", "director": "Chief TD", "reason": "The ruling stands."}
ON_SCORESHEET = {"scoresheet": True, "action": "accept", "director": "Chief TD", "reason": "It stands."}
SCORESHEETS = ("a_game_director_hand",)
"""The hands whose first ruling is the table's wrong scoresheet, decided as one."""


def decision(w: World, target: str) -> dict[str, Any]:
    """A decision ``target`` can take: on its first ruling, or on its scoresheet."""
    return ON_SCORESHEET if target in SCORESHEETS else DECISION


def next_hand(w: World, game: str) -> dict[str, Any]:
    """A legal next hand for ``game``."""
    return moon("S", w.next_hand[game])


def impossible_hand(w: World, game: str) -> dict[str, Any]:
    """The next hand, but S leads a card S does not hold: a record no table can have."""
    body = next_hand(w, game)
    body["play"][0]["card"] = body["play"][1]["card"]
    return body


@dataclass(frozen=True)
class Route:
    method: str
    path: str  # ``{id}`` is a hand's or a game's number
    on: str  # "hand" or "game"
    permission: str
    ok: int  # the status when it is allowed
    body: Callable[[World, str], Any] | None = None  # (world, target) -> the JSON or form body
    label: str = ""

    def __str__(self) -> str:
        return f"{self.method} {self.path}" + (f" ({self.label})" if self.label else "")

    @property
    def targets(self) -> tuple[str, ...]:
        return (*(HANDS if self.on == "hand" else GAMES), "missing")

    def url(self, w: World, target: str) -> str:
        return self.path.format(id=w.id_of(self.on, target))


API_ROUTES = (
    Route("GET", "/v1/hands/{id}", "hand", "read", 200),
    Route("GET", "/v1/hands/{id}/verify", "hand", "read", 200),
    Route("POST", "/v1/hands/{id}/signatures", "hand", "sign", 201, lambda w, t: SIGNATURE),
    Route("POST", "/v1/hands/{id}/decisions", "hand", "decide", 201, decision),
    Route("GET", "/v1/games/{id}", "game", "read", 200),
    Route("POST", "/v1/games/{id}/hands", "game", "submit", 201, next_hand),
)


def call(client, w: World, role: str, route: Route, target: str, body: Any = None):
    kwargs: dict[str, Any] = {"headers": w.headers(role)}
    if route.body is not None:
        kwargs["json"] = route.body(w, target) if body is None else body
    return client.open(route.url(w, target), method=route.method, **kwargs)


def api_expected(route: Route, role: str, target: str) -> int:
    if role == "no_key":
        return 401
    if route.permission not in PERMITS[role]:
        return 403
    return route.ok if sees(role, target) else 404


# --- the JSON API -----------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", API_ROUTES, ids=str)
def test_api_matrix(client, world, problem, route, role):
    """Every hand (or game) of the archive, and a missing one, through one route as one role."""
    responses = {target: call(client, world, role, route, target) for target in route.targets}
    got = {target: response.status_code for target, response in responses.items()}
    assert got == {target: api_expected(route, role, target) for target in route.targets}
    for response in responses.values():
        if response.status_code >= 400:
            problem(response, response.status_code)
        if response.status_code == 401:
            assert response.headers["WWW-Authenticate"].startswith("Bearer")


SIGN, APPEND = API_ROUTES[2], API_ROUTES[5]
SIGN_AS_NO_SEAT = replace(SIGN, body=lambda w, t: {**SIGNATURE, "seat": "X"}, label="a seat not at the table")
SIGN_STALE = replace(SIGN, body=lambda w, t: {**SIGNATURE, "version": 99}, label="a stale version")
APPEND_OUT_OF_TURN = replace(
    APPEND, body=lambda w, t: {**next_hand(w, t), "hand_number": 7}, label="out of turn"
)
APPEND_IMPOSSIBLE = replace(APPEND, body=impossible_hand, label="a hand that cannot have happened")

LOOKALIKES = (
    # (a request, what the director gets for it on a real hand or game: never a 404)
    *((route, route.ok) for route in API_ROUTES if route.permission != "decide"),
    (SIGN_AS_NO_SEAT, 422),
    (SIGN_STALE, 409),
    (APPEND_OUT_OF_TURN, 409),
    (APPEND_IMPOSSIBLE, 422),
)
"""Decisions are not here: a scorer may not decide at all (403, owner or not)."""


def renumbered(value: Any, number: int) -> Any:
    """``value`` (an answer about MISSING) with MISSING written as ``number`` in every string."""
    if isinstance(value, str):
        return re.sub(rf"(?<![0-9]){MISSING}(?![0-9])", str(number), value)
    if isinstance(value, dict):
        return {key: renumbered(item, number) for key, item in value.items()}
    if isinstance(value, list):
        return [renumbered(item, number) for item in value]
    return value


def header_names(response) -> set[str]:
    return {name.lower() for name, _ in response.headers.items()} - {"content-length"}


def assert_look_alike(target: str, forbidden, forbidden_id: int, missing, mimetype: str) -> None:
    """Two answers that differ only by the number asked for (``missing`` was for MISSING)."""
    assert (forbidden.status_code, forbidden.mimetype) == (404, mimetype), target
    assert (missing.status_code, missing.mimetype) == (404, mimetype), target
    if mimetype == PROBLEM_JSON:
        assert forbidden.get_json() == renumbered(missing.get_json(), forbidden_id), target
    else:
        page = forbidden.get_data(as_text=True)
        assert page == renumbered(missing.get_data(as_text=True), forbidden_id), target
    assert header_names(forbidden) == header_names(missing), target


@pytest.mark.parametrize("role", SCORERS)
@pytest.mark.parametrize(("route", "shown"), LOOKALIKES, ids=[str(route) for route, _ in LOOKALIKES])
def test_another_scorers_hand_or_game_looks_missing_in_the_api(client, world, problem, route, shown, role):
    """The same request, for another scorer's hand or game and for one that does not exist.

    Each request is one the director would get ``shown`` for (not a 404), so a check of
    the owner made after the look-up or after the body is judged shows here.
    """
    others = [target for target in route.targets if target != "missing" and not sees(role, target)]
    assert others
    for target in others:
        body = route.body(world, target) if route.body else None
        forbidden = call(client, world, role, route, target, body)
        missing = call(client, world, role, route, "missing", body)
        problem(missing, 404)
        assert_look_alike(target, forbidden, world.id_of(route.on, target), missing, PROBLEM_JSON)
        assert call(client, world, "director", route, target, body).status_code == shown, target


LIST_QUERIES: dict[str, dict[str, str]] = {
    "all": {},
    "open": {"open": "true"},
    "not open": {"open": "false"},
    "game A": {"game": "a_game"},
    "game B": {"game": "b_game"},
    "game A, open": {"game": "a_game", "open": "true"},
    "a missing game": {"game": "missing"},
}


def list_hands(client, w: World, role: str, query: dict[str, str]) -> list[str] | int:
    """Every hand ``GET /v1/hands`` gives, page by page (two a page), by name; or the error status."""
    args = {name: str(w.games[value]) if name == "game" else value for name, value in query.items()}
    names: list[str] = []
    after = 0
    for _ in range(20):
        response = client.get(
            "/v1/hands", query_string={**args, "limit": 2, "after": after}, headers=w.headers(role)
        )
        if response.status_code != 200:
            return response.status_code
        page = response.get_json()
        names += [w.name_of(listed["id"]) for listed in page["hands"]]
        if page["next_after"] is None:
            return names
        after = page["next_after"]
    raise AssertionError(f"{role} {query}: the pages never end")


def matches(target: str, query: dict[str, str]) -> bool:
    if "game" in query and IN_GAME.get(target) != query["game"]:
        return False
    return "open" not in query or (target in OPEN) == (query["open"] == "true")


@pytest.mark.parametrize("role", ROLES)
def test_the_hand_list_holds_only_what_the_role_may_see(client, world, role):
    got = {label: list_hands(client, world, role, query) for label, query in LIST_QUERIES.items()}
    if role in ("no_key", "admin"):
        want: dict[str, list[str] | int] = dict.fromkeys(LIST_QUERIES, 401 if role == "no_key" else 403)
    else:
        want = {
            label: [t for t in HANDS if sees(role, t) and matches(t, query)]
            for label, query in LIST_QUERIES.items()
        }
    assert got == want


# --- the director's pages ---------------------------------------------------------------


def sign_in(client, token: str | None, status: int = 302) -> None:
    """Sign the test client's session in to the pages with ``token`` (``None``: stay signed out).

    The session gets a known CSRF token either way, so forms can be posted.
    """
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    if token is None:
        return
    response = client.post("/director/sign-in", data={"csrf_token": CSRF, "key": token})
    assert response.status_code == status, response.get_data(as_text=True)
    with client.session_transaction() as session:  # signing in starts a fresh session
        session["csrf"] = CSRF
    client.get("/director/check")  # take the "Signed in as" message off the next page


def sign_in_as(client, w: World, role: str) -> None:
    """Sign in as ``role``; an admin's key is refused (403) and leaves the session signed out."""
    sign_in(client, w.tokens.get(role), 403 if role == "admin" else 302)


DECISION_FORM = {
    "csrf_token": CSRF,
    "ruling": "0",
    "action": "uphold",
    "director": "Chief TD",
    "reason": "Stands.",
}


def decision_form(w: World, target: str) -> dict[str, Any]:
    """The page's form of :func:`decision`."""
    if target in SCORESHEETS:
        return {
            "csrf_token": CSRF,
            "scoresheet": "true",
            "action": "accept",
            "director": "TD",
            "reason": "Yes.",
        }
    return DECISION_FORM


PAGES = (
    Route("GET", "/director/hands/{id}", "hand", "read", 200),
    Route("GET", "/director/games/{id}", "game", "read", 200),
    Route("POST", "/director/hands/{id}/decisions", "hand", "decide", 303, decision_form),
)


def visit(client, w: World, page: Route, target: str):
    data = page.body(w, target) if page.body else None
    return client.open(page.url(w, target), method=page.method, data=data)


def page_expected(page: Route, role: str, target: str) -> int:
    if role in ("no_key", "admin"):  # signed out: an admin cannot sign in
        return 302
    if page.permission not in PERMITS[role]:
        return 403
    return page.ok if sees(role, target) else 404


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", PAGES, ids=str)
def test_page_matrix(client, world, page, role):
    sign_in_as(client, world, role)
    responses = {target: visit(client, world, page, target) for target in page.targets}
    got = {target: response.status_code for target, response in responses.items()}
    assert got == {target: page_expected(page, role, target) for target in page.targets}
    for target, response in responses.items():
        if response.status_code == 302:
            assert response.headers["Location"].startswith("/director/sign-in"), target
        elif response.status_code == 303:
            assert response.headers["Location"].startswith(page.url(world, target).rsplit("/", 1)[0])
        else:
            assert response.mimetype == "text/html", target


@pytest.mark.parametrize("role", SCORERS)
@pytest.mark.parametrize("page", PAGES[:2], ids=str)
def test_another_scorers_hand_or_game_looks_missing_on_the_pages(client, world, page, role):
    sign_in_as(client, world, role)
    others = [target for target in page.targets if target != "missing" and not sees(role, target)]
    assert others
    for target in others:
        forbidden = visit(client, world, page, target)
        missing = visit(client, world, page, "missing")
        assert_look_alike(target, forbidden, world.id_of(page.on, target), missing, "text/html")


INBOX_QUERIES = {"all": None, "game A": "a_game", "game B": "b_game", "a missing game": "missing"}


@pytest.mark.parametrize("role", ROLES)
def test_the_inbox_holds_only_what_the_role_may_see(client, world, role):
    sign_in_as(client, world, role)
    got: dict[str, list[str] | int] = {}
    for label, game in INBOX_QUERIES.items():
        response = client.get("/director/", query_string={"game": world.games[game]} if game else {})
        if response.status_code != 200:
            got[label] = response.status_code
            continue
        linked = re.findall(r'href="/director/hands/([0-9]+)', response.get_data(as_text=True))
        got[label] = sorted({world.name_of(int(n)) for n in linked}, key=HANDS.index)
    if role in ("no_key", "admin"):
        want: dict[str, list[str] | int] = dict.fromkeys(INBOX_QUERIES, 302)
    else:
        want = {
            label: [
                t for t in HANDS if t in OPEN and sees(role, t) and (game is None or IN_GAME.get(t) == game)
            ]
            for label, game in INBOX_QUERIES.items()
        }
    assert got == want


# --- names are not owners -------------------------------------------------------------


def what_one_scorer_sees(client, w: World, token: str) -> dict[str, Any]:
    """What a scorer's key gets for A's hands and game, on both faces."""
    headers = bearer(token)
    listed = client.get("/v1/hands", headers=headers).get_json()["hands"]
    seen: dict[str, Any] = {"listed": [w.name_of(h["id"]) for h in listed]}
    for target in OWNS["scorer_a"]:
        path = f"/v1/games/{w.games[target]}" if target in GAMES else f"/v1/hands/{w.hands[target]}"
        seen[f"GET {target}"] = client.get(path, headers=headers).status_code
    seen["sign a_hand"] = client.post(
        f"/v1/hands/{w.hands['a_hand']}/signatures", json=SIGNATURE, headers=headers
    ).status_code
    seen["append to a_game"] = client.post(
        f"/v1/games/{w.games['a_game']}/hands", json=next_hand(w, "a_game"), headers=headers
    ).status_code
    sign_in(client, token)
    seen["page a_hand"] = client.get(f"/director/hands/{w.hands['a_hand']}").status_code
    seen["page a_game"] = client.get(f"/director/games/{w.games['a_game']}").status_code
    inbox = client.get("/director/").get_data(as_text=True)
    seen["inbox"] = sorted(
        w.name_of(int(n)) for n in set(re.findall(r'href="/director/hands/([0-9]+)', inbox))
    )
    return seen


SEES_NOTHING_OF_A = {
    "listed": [],
    **{f"GET {target}": 404 for target in OWNS["scorer_a"]},
    "sign a_hand": 404,
    "append to a_game": 404,
    "page a_hand": 404,
    "page a_game": 404,
    "inbox": [],
}


def test_two_keys_with_one_name_are_two_owners(client, world):
    every_key = client.get("/v1/keys", headers=bearer(world.tokens["auditor"])).get_json()["keys"]
    listed = {key["id"]: key for key in every_key}
    a, b = (listed[world.key_ids[role]] for role in SCORERS)
    assert a["name"] == b["name"] == SCORER_NAME and a["role"] == b["role"] == "scorer"
    b_sees = what_one_scorer_sees(client, world, world.tokens["scorer_b"])
    assert b_sees == {**SEES_NOTHING_OF_A, "listed": ["b_hand", "b_game_hand"], "inbox": ["b_hand"]}


def test_a_new_key_under_an_old_name_inherits_nothing(client, keys, world, problem):
    """Revoking A's key and making another named the same (a "rename") gives it nothing of A's."""
    admin = bearer(keys["admin"])
    assert client.delete(f"/v1/keys/{world.key_ids['scorer_a']}", headers=admin).status_code == 200
    problem(client.get(f"/v1/hands/{world.hands['a_hand']}", headers=world.headers("scorer_a")), 401)
    successor = new_scorer(client, keys)
    assert successor["name"] == SCORER_NAME
    assert what_one_scorer_sees(client, world, successor["key"]) == SEES_NOTHING_OF_A


def test_a_name_that_spells_anothers_label_gives_nothing(client, keys, world):
    """Keys named after A's key as the archive labels it (its ``created_by``), or its number."""
    a_hand = client.get(f"/v1/hands/{world.hands['a_hand']}", headers=world.headers("scorer_a")).get_json()
    names = {a_hand.get("created_by") or SCORER_NAME, f"{SCORER_NAME} (key {world.key_ids['scorer_a']})"}
    names |= {str(world.key_ids["scorer_a"]), f"key {world.key_ids['scorer_a']}"}
    for name in sorted(names):
        impostor = new_scorer(client, keys, name)
        assert what_one_scorer_sees(client, world, impostor["key"]) == SEES_NOTHING_OF_A, name
