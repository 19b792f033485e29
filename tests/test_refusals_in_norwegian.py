"""Every refusal an API client can get reads in Norwegian when asked (``Accept-Language: nb``):
its title, its detail and each problem's message, with the same type, status, pointers, codes
(and, for a hand sent as HRN, lines and columns) as in English, and ``Content-Language: nb``.
In English each reads as it always did.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from pathlib import Path

import pytest
from events import EVENTS
from games import new_game
from support import assert_problem
from werkzeug.exceptions import NotFound

from hearts_referee import write_notation
from hearts_referee.api.errors import TITLES
from hearts_referee.languages import translator
from hearts_referee.referee.translator import SAID, translated

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
VALIDATE = "/v1/hands/validate"
WHERE = ("pointer", "code", "line", "column")


def asked(client, method: str, url: str, status: int, **request) -> tuple[dict, dict]:
    """The same request asked in English and in Norwegian: the refusal in each, the contract of
    the two the same (type, status, and each problem's pointer, code and place), every word a
    person reads Norwegian in one and English in the other, each answer saying its language."""
    headers = request.pop("headers", {})
    answers = {}
    for language in ("en", "nb"):
        response = client.open(
            url, method=method, headers={**headers, "Accept-Language": language}, **request
        )
        assert_problem(response, status)
        assert response.headers["Content-Language"] == language
        assert "Accept-Language" in response.headers["Vary"]
        answers[language] = response.get_json()
    en, nb = answers["en"], answers["nb"]
    assert (nb["type"], nb["status"]) == (en["type"], en["status"])
    assert [[e.get(k) for k in WHERE] for e in nb["errors"]] == [
        [e.get(k) for k in WHERE] for e in en["errors"]
    ]
    assert nb["title"] != en["title"] and nb["detail"] != en["detail"]
    for english, norsk in zip(en["errors"], nb["errors"], strict=True):
        assert norsk["message"] != english["message"], english
    return en, nb


def test_a_route_that_does_not_exist_is_not_found_in_norwegian(client):
    en, nb = asked(client, "GET", "/v1/nowhere", 404)
    assert (en["title"], en["detail"]) == ("Not Found", NotFound.description)  # as it always was
    assert nb["title"] == "Ikke funnet"
    assert nb["detail"].startswith("Den forespurte adressen ble ikke funnet på serveren.")


def test_a_stored_hand_that_is_not_there_is_not_found_in_norwegian(client, scorer):
    en, nb = asked(client, "GET", "/v1/hands/999", 404, headers=scorer)
    assert (en["detail"], nb["detail"]) == ("No hand 999.", "Ingen giv 999.")


def test_a_request_without_a_key_is_unauthorized_in_norwegian(client):
    en, nb = asked(client, "GET", "/v1/hands", 401)
    assert en["detail"] == "This needs an API key: send Authorization: Bearer <key> or X-API-Key."
    assert (nb["title"], nb["detail"]) == (
        "Ikke autentisert",
        "Dette krever en API-nøkkel: send Authorization: Bearer <nøkkel> eller X-API-Key.",
    )


def test_a_role_that_may_not_is_forbidden_in_norwegian_naming_the_role_by_its_code(client, scorer):
    en, nb = asked(client, "POST", EVENTS, 403, headers=scorer, json={})
    assert en["detail"] == "A scorer key may not run events."
    assert (nb["title"], nb["detail"]) == ("Ikke tillatt", "En scorer-nøkkel kan ikke lede turneringer.")


def test_a_body_over_the_limit_is_too_large_in_norwegian(client):
    en, nb = asked(
        client, "POST", VALIDATE, 413, data=b" " * (256 * 1024 + 1), content_type="application/json"
    )
    assert en["errors"][0]["message"] == "The request body exceeds 262144 bytes."
    assert nb["errors"][0] == {
        "pointer": "",
        "code": "too_large",
        "message": "Innholdet i forespørselen er over 262144 byte.",
    }
    assert nb["title"] == "Forespørselen er for stor"


def test_a_body_sent_as_plain_text_is_an_unsupported_media_type_in_norwegian(client):
    en, nb = asked(client, "POST", VALIDATE, 415, data=b"{}", content_type="text/plain")
    assert en["detail"] == "Expected Content-Type application/json or text/x-hrn, got text/plain."
    assert nb["detail"] == "Ventet Content-Type application/json eller text/x-hrn, fikk text/plain."
    assert nb["errors"][0]["message"] == "Send innholdet som application/json eller text/x-hrn."


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{", "Ventet et feltnavn i doble anførselstegn: linje 1 kolonne 2 (tegn 1)"),
        (b'{"a": 1, "a": 2}', "nøkkelen 'a' står to ganger"),
        (b"\xff{}", "innholdet er ikke UTF-8 (ugyldig startbyte ved byte 0)"),
    ],
    ids=["cut short", "a key twice", "not utf-8"],
)
def test_a_body_that_is_not_json_is_a_bad_request_in_norwegian(client, body: bytes, message: str):
    en, nb = asked(client, "POST", VALIDATE, 400, data=body, content_type="application/json")
    assert en["detail"] == "The request body is not valid JSON."
    assert nb["detail"] == "Innholdet i forespørselen er ikke gyldig JSON."
    assert nb["errors"][0]["message"] == message


def test_a_game_that_cannot_be_set_up_is_refused_in_norwegian_at_the_same_pointers(client):
    game = new_game(seats=["N", "E", "N", "W"], first_dealer="X")
    _, nb = asked(client, "POST", "/v1/games/validate", 422, json=game)
    said = {(e["pointer"], e["code"]): e["message"] for e in nb["errors"]}
    assert said[("/seats/2", "duplicate_seat")] == "plass 'N' står to ganger"
    assert said[("/first_dealer", "unknown_seat")] == "'X' er ikke en av plassene"
    assert nb["detail"] == "Forespørselen kan ikke godtas slik den er; se errors."
    assert nb["title"] == "Kan ikke behandles"


def test_an_event_of_more_players_than_its_format_takes_is_refused_in_norwegian(client, director):
    event = {"name": "Big", "format": "long-john", "players": [f"P{i}" for i in range(65)]}
    en, nb = asked(client, "POST", EVENTS, 422, headers=director, json=event)
    assert en["errors"][0]["message"] == "long-john takes at most 64 players"
    assert nb["errors"][0] == {
        "pointer": "/players",
        "code": "too_many_players",
        "message": "long-john tar høyst 64 spillere",
    }


def test_an_hrn_text_with_a_mistyped_card_is_refused_in_norwegian_at_its_line_and_column(client):
    text = write_notation(REVOKE).replace("W QH 8S TH 3H", "W QH 8S TX 3H")
    en, nb = asked(client, "POST", VALIDATE, 422, data=text.encode(), content_type="text/x-hrn")
    first = nb["errors"][0]
    assert (first["code"], first["message"]) == ("unknown_card", "'TX' er ikke et kort; det utelates")
    assert (first["line"], first["column"]) == (en["errors"][0]["line"], 9)
    assert nb["detail"] == "HRN-teksten leses ikke som én hel giv; se errors."


@pytest.mark.parametrize(("hands", "message"), [(0, "teksten har ingen giv"), (2, "teksten har 2 giv")])
def test_an_hrn_text_of_other_than_one_hand_says_how_many_in_norwegian(client, hands: int, message: str):
    text = write_notation([REVOKE] * hands) if hands else ""
    _, nb = asked(client, "POST", VALIDATE, 422, data=text.encode(), content_type="text/x-hrn")
    assert nb["errors"][0]["message"] == f"{message}: send én giv per forespørsel"


def test_every_title_is_the_status_phrase_in_english_and_a_norwegian_noun_in_norwegian():
    nb = translator("nb")
    for status, title in TITLES.items():
        assert title == HTTPStatus(status).phrase
        assert translated(title, nb) != title, status


@pytest.mark.parametrize(
    ("n", "tricks", "cards"), [(0, "0 stikk", "0 kort"), (1, "1 stikk", "1 kort"), (2, "2 stikk", "2 kort")]
)
def test_the_tricks_and_cards_left_of_a_game_hand_are_counted_in_norwegian(n: int, tricks: str, cards: str):
    nb = translator("nb")
    assert translated(SAID.ngettext("%(count)s trick", "%(count)s tricks", n, count=n), nb) == tricks
    assert translated(SAID.ngettext("%(count)s card", "%(count)s cards", n, count=n), nb) == cards
    english = SAID.ngettext("%(count)s trick", "%(count)s tricks", n, count=n)
    assert english == (f"{n} trick" if n == 1 else f"{n} tricks")
