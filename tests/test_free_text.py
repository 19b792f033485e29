"""Free text is checked in one place (``schemas.text``): Unicode NFC, trimmed, no control
characters or bidirectional overrides, not blank, bounded; seat ids are held to the same
characters and never rewritten. Every face (API, pages, command line) goes through it."""

from __future__ import annotations

import unicodedata

import pytest
from games import moon, new_game
from hands import hand

from hearts_referee.schemas.text import TextError, clean, seat_id

GAMES = "/v1/games"
REVOKE = "N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C"
CSRF = "test-token"
E_ACUTE_DECOMPOSED = "e\u0301"


def errors(response) -> set[tuple[str, str]]:
    return {(e["pointer"], e["code"]) for e in response.get_json()["errors"]}


# --- the rule ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("Ann", "Ann"),
        ("  Chief TD  ", "Chief TD"),
        (f"Ren{E_ACUTE_DECOMPOSED}e", "Renée"),
        ("Zoë\u00a0Ng", "Zoë\u00a0Ng"),  # a no-break space inside is text
        ("Ⅻ 😀", "Ⅻ 😀"),
    ],
)
def test_free_text_is_trimmed_and_composed(text, cleaned):
    assert clean(text, 80) == cleaned
    assert unicodedata.is_normalized("NFC", clean(text, 80))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Ann\x00", "control_character"),
        ("Ann\nBo", "control_character"),
        ("\x1b[31mred", "control_character"),
        ("Ann\x85", "control_character"),
        ("\u202eNNA", "bidi_control"),
        ("A\u2066B\u2069", "bidi_control"),
        ("\ufeffAnn", "not_text"),
        ("\ud800", "not_text"),
        ("", "length"),
        ("   ", "blank"),
        ("\u3000\t", "control_character"),
        ("\u3000", "blank"),
        ("x" * 81, "length"),
    ],
)
def test_free_text_that_is_not_acceptable_says_why(text, code):
    with pytest.raises(TextError) as error:
        clean(text, 80)
    assert error.value.code == code


def test_a_reason_may_break_lines_and_they_are_stored_as_lf():
    assert clean("First.\r\nSecond.\rThird.\n", 2000, lines=True) == "First.\nSecond.\nThird."
    with pytest.raises(TextError):
        clean("tab\there", 2000, lines=True)


def test_length_is_checked_after_composing_too():
    """U+0958 has no composed form: NFC writes it as two code points."""
    assert len(unicodedata.normalize("NFC", "\u0958")) == 2
    with pytest.raises(TextError) as error:
        clean("\u0958" * 50, 80)
    assert error.value.code == "length"


@pytest.mark.parametrize(
    ("seat", "code"),
    [
        (" N", "whitespace"),
        ("N ", "whitespace"),
        (f"S{E_ACUTE_DECOMPOSED}", "not_nfc"),
        ("N\u202e", "bidi_control"),
    ],
)
def test_a_seat_id_is_never_rewritten_only_refused(seat, code):
    with pytest.raises(TextError) as error:
        seat_id(seat, 16)
    assert error.value.code == code
    assert seat_id("Seat 7", 16) == "Seat 7"


# --- the API ----------------------------------------------------------------------------


def test_a_blank_name_does_not_sign_a_hand(client, director, db):
    """``" "`` used to sign a hand for its seat."""
    hand_id = client.post("/v1/hands", json=hand("mso-2000"), headers=director).get_json()["id"]
    response = client.post(
        f"/v1/hands/{hand_id}/signatures", json={"seat": "N", "name": " "}, headers=director
    )
    assert response.status_code == 422
    assert errors(response) == {("/name", "blank")}
    assert db.execute("SELECT count(*) FROM entries WHERE kind = 'signature'").fetchone()[0] == 0


@pytest.mark.parametrize(
    ("name", "code"),
    [("Ann\x00", "control_character"), ("\u202eeiD", "bidi_control"), ("A" * 81, "length")],
)
def test_a_players_name_with_a_nul_or_a_bidi_override_is_refused_where_it_is(client, director, name, code):
    response = client.post(
        GAMES, json=new_game(players={"N": name, "E": "Bo", "S": "Cy", "W": "Di"}), headers=director
    )
    assert response.status_code == 422
    assert errors(response) == {("/players/N", code)}


def test_names_and_tables_are_stored_composed_and_trimmed(client, director):
    players = {"N": f" Ren{E_ACUTE_DECOMPOSED}e ", "E": "Bo", "S": "Cy", "W": "Di"}
    game = client.post(GAMES, json=new_game(players=players, table=" 7 "), headers=director).get_json()
    assert (game["players"]["N"], game["table"]) == ("Renée", "7")
    assert client.get("/v1/hands?table=7", headers=director).status_code == 200


def test_a_reason_keeps_its_line_breaks_and_loses_its_carriage_returns(client, director):
    hand_id = client.post("/v1/hands", json=hand("standard", play=REVOKE), headers=director).get_json()["id"]
    decision = {"ruling": 0, "action": "uphold", "director": "TD", "reason": "N revoked.\r\nThe 26 stand."}
    stored = client.post(f"/v1/hands/{hand_id}/decisions", json=decision, headers=director).get_json()
    assert stored["decisions"][0]["reason"] == "N revoked.\nThe 26 stand."


def test_a_key_name_with_a_control_character_is_refused(client, as_role):
    response = client.post(
        "/v1/keys", json={"name": "Chief\x1bTD", "role": "director"}, headers=as_role("admin")
    )
    assert response.status_code == 422
    assert errors(response) == {("/name", "control_character")}


def test_an_unpaired_surrogate_is_not_json_text_not_a_500(client, as_role):
    """``"\\ud800"`` parsed into a string SQLite cannot store: a 500 at the INSERT."""
    body = b'{"name": "Chief \\ud800", "role": "director"}'
    response = client.post("/v1/keys", data=body, content_type="application/json", headers=as_role("admin"))
    assert response.status_code == 400
    assert errors(response) == {("", "invalid_json")}


def test_a_records_seats_are_held_to_the_seat_id_rule(client):
    record = hand("mso-2000")
    record["seats"][1] = "E\u202e"
    response = client.post("/v1/hands/validate", json=record)
    assert response.status_code == 422
    assert ("/seats/1", "bidi_control") in errors(response)


def test_a_seat_named_in_a_request_is_held_to_the_seat_id_rule(client, director):
    response = client.post(GAMES, json=new_game(first_dealer="W\x00"), headers=director)
    assert ("/first_dealer", "control_character") in errors(response)
    hand_id = client.post("/v1/hands", json=hand("mso-2000"), headers=director).get_json()["id"]
    response = client.post(
        f"/v1/hands/{hand_id}/signatures", json={"seat": " N", "name": "Ann"}, headers=director
    )
    assert errors(response) == {("/seat", "whitespace")}


def test_card_back_colours_are_free_text(client, director):
    game = client.post(GAMES, json=new_game(), headers=director).get_json()["id"]
    body = {**moon("E", 1), "backs": {"N": ["red\x00"] * 13}}
    response = client.post(f"{GAMES}/{game}/hands", json=body, headers=director)
    assert ("/backs/N/0", "control_character") in errors(response)


# --- the pages and the command line --------------------------------------------------------


def sign_in(client, key: str, **form: str):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    return client.post("/director/sign-in", data={"csrf_token": CSRF, "key": key, **form})


def test_sign_in_with_a_line_break_in_next_is_a_400_page_not_a_500(client, keys):
    """The CR LF went into the redirect's Location header, which Werkzeug refused: a 500."""
    response = sign_in(client, keys["director"], next="/director/\r\nSet-Cookie: x=1")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert "next" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers


def test_sign_in_still_goes_on_to_a_page_of_ours(client, keys):
    response = sign_in(client, keys["director"], next="/director/games/1")
    assert (response.status_code, response.headers["Location"]) == (302, "/director/games/1")
    response = sign_in(client, keys["director"], next="https://elsewhere.example/")
    assert (response.status_code, response.headers["Location"]) == (302, "/director/")


def test_the_pages_decision_form_goes_through_the_same_rule(client, keys, director):
    hand_id = client.post("/v1/hands", json=hand("standard", play=REVOKE), headers=director).get_json()["id"]
    sign_in(client, keys["director"])
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    form = {"csrf_token": CSRF, "ruling": "0", "action": "uphold", "director": "TD", "reason": "\u202e"}
    response = client.post(f"/director/hands/{hand_id}/decisions", data=form)
    assert response.status_code == 422
    assert "bidi_control" in response.get_data(as_text=True)


def test_the_command_line_checks_a_new_keys_name_alike(app):
    # The app's own runner: a bare CliRunner on app.cli finds the checkout's app.py instead,
    # whose archive is instance/archive.sqlite (it wrote a real director key there).
    runner = app.test_cli_runner()
    result = runner.invoke(args=["keys", "create", "--role", "director", "--name", "Chief\x00TD"])
    assert result.exit_code != 0
    assert "control character" in result.output
    result = runner.invoke(args=["keys", "create", "--role", "director", "--name", "  Chief TD "])
    assert result.exit_code == 0, result.output
    listed = runner.invoke(args=["keys", "list"]).output
    assert "\tChief TD\t" in listed


# --- names and seat ids that look alike: compared as a reader sees them -------------------

LOOKS_LIKE_ANN = [
    ("Ann\u200b", "a zero-width space"),
    ("An\u00adn", "a soft hyphen"),
    ("Ann\ufe0f", "a variation selector"),
    ("\u0410nn", "a Cyrillic А"),
    ("\u0391nn", "a Greek Alpha"),
    ("\uff21nn", "a fullwidth A (NFKC)"),
]


@pytest.mark.parametrize(("name", "why"), LOOKS_LIKE_ANN)
def test_a_player_named_ann_with_an_invisible_or_look_alike_letter_is_a_second_ann(
    client, director, problem, name, why
):
    players = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", name]
    response = client.post(
        "/v1/events", headers=director, json={"name": "Open", "format": "mso-2000", "players": players}
    )
    errors = problem(response, 422)["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/players/7", "duplicate_player_name")], why


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u200b", "\u3164\u3164 \u2800", "\u00ad"])
def test_a_name_that_shows_as_blank_is_refused_as_blank(blank):
    """HANGUL FILLER, BRAILLE BLANK, a zero-width space: nothing a reader can see."""
    with pytest.raises(TextError) as error:
        clean(blank, 80)
    assert error.value.code == "blank"
    with pytest.raises(TextError) as error:
        seat_id(blank, 16)
    assert error.value.code == "blank"


def test_a_player_named_with_a_hangul_filler_is_refused_where_it_is(client, director):
    players = dict(new_game()["players"]) | {"E": "\u3164"}
    response = client.post(GAMES, json=new_game(players=players), headers=director)
    assert ("/players/E", "blank") in errors(response)


@pytest.mark.parametrize(("seat", "why"), [("N\u200b", "a zero-width space"), ("\u039d", "a Greek Nu")])
def test_a_seat_id_that_only_looks_different_is_a_seat_listed_twice(client, director, seat, why):
    record = hand("mso-2000")
    record["seats"][1] = seat  # N, N again, S, W
    response = client.post("/v1/hands/validate", json=record)
    assert response.status_code == 422
    assert ("/seats", "duplicate_seat") in errors(response), why
    game = new_game(seats=["N", seat, "S", "W"], players={"N": "Ann", seat: "Bo", "S": "Cy", "W": "Di"})
    assert ("/seats/1", "duplicate_seat") in errors(client.post(GAMES, json=game, headers=director)), why


def test_names_with_letters_of_one_script_are_told_apart_from_latin_ones():
    """The fold maps only look-alikes: a Cyrillic name is not made Latin."""
    from hearts_referee.referee.names import name_key

    assert name_key("\u0410\u043d\u043d\u0430") != name_key("Ahha")  # Анна
    assert name_key("Zoë") == name_key("Zoe\u0308") != name_key("Zoe")
