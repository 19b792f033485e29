"""The director's forms read numbers and JSON as the API does: hostile text is a 4xx page.

Every number typed into a form goes through ``schemas.strictjson.form_number`` and every
JSON text through the API's strict reader, so what the API refuses with a located
problem, the page refuses with the problem under its field, never a 500. The forms
under test are the ones the pages draw: each page is read, and every field of every
form on it is driven with hostile text (no hand-kept list of fields).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from entry_forms import field_problems
from events import create_event, seat
from games import new_game
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support import examples
from test_pages import CSRF, HAND, sign_in, stored  # noqa: F401  # stored: a fixture

ROOT = Path(__file__).resolve().parent.parent

HOSTILE = [
    "²",  # '²'.isdigit() is true, int('²') raises
    "٣",  # int('٣') is 3: not a number as JSON writes one
    "1_000",
    "9" * 5000,  # past Python's int() digit limit
    "9223372036854775808",  # one past SQLite's integers
    "-9223372036854775809",
    "1e999",
    "NaN",
    '{"\\ud800": 1}',  # a lone surrogate, escaped
    "[" * 120_000,  # nested past any depth limit (the body stays under the size limit)
    '{"random_rounds": 1, "random_rounds": 2}',  # a key twice
    '{"a": NaN}',
    "\x00",
]
"""Texts the second probe (issue 23) sent, each once."""


@dataclass
class Form:
    """One form a page draws: how it is sent, where, and its fields as drawn."""

    method: str
    action: str
    multipart: bool
    fields: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.method} {self.action}"


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            action = urlsplit(a.get("action", "")).path
            multipart = a.get("enctype") == "multipart/form-data"
            self.forms.append(Form(a.get("method", "get").upper(), action, multipart))
        elif not self.forms or "name" not in a:
            return
        elif tag == "input" and a.get("type") not in ("file", "submit"):
            if a.get("type") in ("radio", "checkbox") and a["name"] in self.forms[-1].fields:
                return
            self.forms[-1].fields[a["name"]] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = a["name"]
            self.forms[-1].fields[a["name"]] = ""
        elif tag == "select":
            self._select = a["name"]
            self.forms[-1].fields[a["name"]] = ""
        if tag == "option" and self._select and not self.forms[-1].fields[self._select]:
            self.forms[-1].fields[self._select] = a.get("value", "")

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.forms[-1].fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None


def forms_of(html: str) -> list[Form]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def _checked_page(client) -> str:
    """The check page after checking a hand: it draws the form that stores it."""
    record = (ROOT / "examples" / "mso-revoke.json").read_text()
    response = client.post(
        "/director/check", data={"csrf_token": CSRF, "record": record}, content_type="multipart/form-data"
    )
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_data(as_text=True)


PAGES = (
    "/director/",
    "/director/games",
    "/director/hands",
    "/director/games/new",
    "/director/events",
    "/director/events/new",
    "/director/events/1",
    "/director/games/1",
    "/director/games/1/next",
    "/director/hands/1",
    "/director/hands/2",
    "/director/check",
)
"""Every kind of page that draws a form, with a game, a hand and an event to draw them for
(hand 2 a scoresheet line, whose page draws the irregularity form)."""


def score_only_hand(client, headers: dict[str, str]) -> int:
    """A new game whose first hand is a scoresheet line (one number per seat): the hand
    page of such a hand draws the director's irregularity form. Its hand id."""
    assert client.post("/v1/games", headers=headers, json=new_game()).status_code == 201
    game_id = client.get("/v1/games", headers=headers).get_json()["games"][0]["id"]
    line = {"hand_number": 1, "points": {"N": 3, "E": 10, "S": 13, "W": 0}}
    response = client.post(f"/v1/games/{game_id}/hands", headers=headers, json=line)
    assert response.status_code == 201, response.get_json()
    return int(response.get_json()["id"])


@pytest.fixture
def archive_forms(client, keys, as_role, stored) -> list[Form]:  # noqa: F811
    """A director signed in; game 1 with hand 1, game 2 with a scoresheet line (hand 2),
    event 1 with its first round seated; every form the pages draw for them (but signing
    out, which would end the test's session)."""
    score_only_hand(client, as_role("director"))
    create_event(client, as_role("director"), "mso-2000", 8)
    seat(client, as_role("director"), 1, seed=4)
    sign_in(client, keys, "director")
    found: dict[tuple[str, str, bool], Form] = {}
    for url in PAGES:
        response = client.get(url)
        assert response.status_code == 200, url
        for form in forms_of(response.get_data(as_text=True)):
            found.setdefault((form.method, form.action, form.multipart), form)
    for form in forms_of(_checked_page(client)):
        found.setdefault((form.method, form.action, form.multipart), form)
    del found[("POST", "/director/sign-out", False)]
    return list(found.values())


def send(client, form: Form, name: str, text: str):
    """``form`` as drawn, with ``text`` typed into field ``name`` (a lone surrogate may be
    sent as raw bytes, which no browser would encode but anyone can send)."""
    values = {k: v for k, v in form.fields.items() if k != "csrf_token"} | {name: text}
    if form.method == "GET":
        return client.get(form.action, query_string=values)
    values["csrf_token"] = CSRF
    if form.multipart:
        return client.post(form.action, data=values, content_type="multipart/form-data")
    return client.post(
        form.action,
        data=urlencode({k: v.encode("utf-8", "surrogatepass") for k, v in values.items()}),
        content_type="application/x-www-form-urlencoded",
    )


def each_field(forms: list[Form]) -> Iterator[tuple[Form, str]]:
    for form in forms:
        for name in form.fields:
            if name != "csrf_token":
                yield form, name


def test_the_pages_draw_the_forms_the_probe_broke(archive_forms):
    drawn = {(str(form), name) for form, name in each_field(archive_forms)}
    for field_of_probe in [
        ("POST /director/events/new", "scorers"),
        ("POST /director/events/new", "options"),
        ("POST /director/games/new", "options"),
        ("POST /director/games/1/hands", "hand_number"),
        ("POST /director/check/store", "into"),
        ("POST /director/events/1/overrides", "scorers"),
    ]:
        assert field_of_probe in drawn


def test_every_field_of_every_form_answers_hostile_text_without_a_server_error(client, archive_forms):
    for form, name in each_field(archive_forms):
        for text in HOSTILE:
            response = send(client, form, name, text)
            assert response.status_code < 500, (str(form), name, text[:40], response.status_code)


FRAGMENTS = st.sampled_from(
    ["²", "٣", "9", "0", "-", ".", "e", "[", "{", '"', "\\ud800", ":", ",", " ", "NaN"]
)


@settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
@example(data=None)
def test_hostile_text_drawn_at_random_into_any_field_is_never_a_server_error(client, archive_forms, data):
    pairs = list(each_field(archive_forms))
    if data is None:  # the example: the first field, the deepest text
        form, name, text = *pairs[0], "[" * 120_000
    else:
        form, name = data.draw(st.sampled_from(pairs), label="field")
        text = data.draw(st.lists(FRAGMENTS, max_size=30).map("".join) | st.text(max_size=30), label="text")
    assert send(client, form, name, text).status_code < 500


# --- each slip of the probe, as the page shows it ----------------------------------------------


NEW_EVENT = {
    "name": "Tuesday club",
    "format": "mso-2000",
    "options": "",
    "players": "Ann\nBo\nCy\nDi",
    "scorers": "",
}


def new_event(client, **changes: str):
    """The new-event form as multipart, as the probe sent it: 120,000 brackets stay under the
    size limit that way (URL-encoded, each is three bytes)."""
    data = {"csrf_token": CSRF} | NEW_EVENT | changes
    return client.post("/director/events/new", data=data, content_type="multipart/form-data")


@pytest.fixture
def director(client, keys):
    sign_in(client, keys, "director")
    return client


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "٣"])
def test_a_scorer_key_that_is_not_an_ascii_whole_number_is_shown_under_the_scorers(director, typed):
    response = new_event(director, scorers=typed)
    assert response.status_code == 422
    assert "whole number" in field_problems(response.get_data(as_text=True), "scorers")


def test_a_scorer_key_past_sqlites_integers_is_refused_by_the_apis_bound(director):
    response = new_event(director, scorers="9223372036854775808")
    assert response.status_code == 422
    assert "9223372036854775807" in field_problems(response.get_data(as_text=True), "scorers")


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ('{"\\ud800": 1}', "surrogate"),
        ("[" * 120_000, "nest"),
        ('{"random_rounds": 1, "random_rounds": 2}', "duplicate key"),
        ('{"random_rounds": NaN}', "NaN"),
    ],
)
def test_event_options_are_read_by_the_apis_strict_reader(director, as_role, options, says):
    response = new_event(director, options=options)
    assert response.status_code == 422
    assert says in field_problems(response.get_data(as_text=True), "options")
    assert director.get("/v1/events", headers=as_role("director")).get_json()["events"] == []


def test_game_options_are_read_by_the_apis_strict_reader(director, as_role):
    form = {"csrf_token": CSRF, "variant": "standard", "options": '{"a": 1, "a": 2}', "first_dealer": "N"}
    form |= {f"seat-{i}": seat for i, seat in enumerate("NESW")} | {
        f"player-{i}": p for i, p in enumerate("ABCD")
    }
    response = director.post("/director/games/new", data=form)
    assert response.status_code == 422
    assert "duplicate key" in field_problems(response.get_data(as_text=True), "options")


@pytest.mark.parametrize("into", ["²", "9223372036854775808", "9" * 5000])
def test_storing_a_checked_hand_into_a_game_that_is_no_row_id_is_a_400(director, stored, into):  # noqa: F811
    record = (ROOT / "examples" / "mso-revoke.json").read_text()
    response = director.post(
        "/director/check/store", data={"csrf_token": CSRF, "record": record, "into": into}
    )
    assert response.status_code == 400
    assert "Choose a game" in response.get_data(as_text=True)


@pytest.mark.parametrize("number", ["²", "9" * 5000, "9223372036854775808"])
def test_a_hand_number_that_is_no_hand_number_is_refused_not_dropped(director, stored, number):  # noqa: F811
    form = {"csrf_token": CSRF, "hand_number": number, "tricks": "N:2C"}
    response = director.post("/director/games/1/hands", data=form | {f"deal-{i}": "" for i in range(4)})
    assert response.status_code == 422
    shown = response.get_data(as_text=True)
    assert "<li>hand number: " in shown[shown.index('id="entry-problems"') :]


def test_an_override_number_past_its_bound_is_refused_at_its_field(director, as_role):
    create_event(director, as_role("director"), "mso-2000", 8)
    seat(director, as_role("director"), 1, seed=4)
    form = {"csrf_token": CSRF, "action": "withdraw", "reason": "ill", "player": "9223372036854775808"}
    assert director.post("/director/events/1/overrides", data=form).status_code == 422


# --- issue 43 item 4: the check page and the irregularity form ---------------------------------


def report(client, hand_id: int, trick: str):
    form = {"csrf_token": CSRF, "code": "revoke", "seat": "S", "director": "TD", "reason": "E saw it."}
    return client.post(f"/director/hands/{hand_id}/irregularities", data=form | {"trick": trick})


def irregularity_problems(response) -> list[str]:
    html = response.get_data(as_text=True)
    shown = html[html.index("The irregularity was not recorded") :]
    return re.findall(r"<li><code>([^<]*)</code> ([^<]*)</li>", shown[: shown.index("</ul>")])


@pytest.mark.parametrize("trick", ["²", "9" * 5000], ids=["superscript-two", "5000-digits"])
def test_a_trick_of_superscript_two_or_5000_digits_is_refused_under_the_irregularity_form_not_a_500(
    director, as_role, trick
):
    hand_id = score_only_hand(director, as_role("director"))
    response = report(director, hand_id, trick)
    assert response.status_code == 422
    assert irregularity_problems(response) == [("/trick", "type: Not a valid integer.")]
    hand = director.get(f"/v1/hands/{hand_id}", headers=as_role("director")).get_json()
    assert (hand["version"], hand["penalties"]["S"]) == (1, 0)


def test_an_arabic_indic_twelve_is_refused_as_a_trick_not_stored_as_trick_12(director, as_role):
    hand_id = score_only_hand(director, as_role("director"))
    response = report(director, hand_id, "١٢")
    assert response.status_code == 422
    assert irregularity_problems(response) == [("/trick", "type: Not a valid integer.")]
    hand = director.get(f"/v1/hands/{hand_id}", headers=as_role("director")).get_json()
    assert (hand["version"], hand["penalties"]["S"]) == (1, 0)
    assert report(director, hand_id, "12").status_code == 303  # the same report, typed in ASCII


def test_checking_a_hand_with_a_seat_named_superscript_two_and_points_in_a_list_shows_the_problems(
    client, db
):
    """The problem for seat ``²`` points at ``/points/²``, inside a list: the page places it
    on the list (``'²'.isdigit()`` is true, and ``int('²')`` raised)."""
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    record = {"variant": "standard", "seats": ["N", "E", "S", "²"], "dealer": "N", "hand_number": 1}
    record["points"] = [13, 13, 0, 0]
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(record)})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    at_points = html[html.index('id="at-/points"') :]
    assert "expected an object, not a list (at /points)" in at_points
    assert "the points have none for ² (at /points/²)" in at_points
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 0
