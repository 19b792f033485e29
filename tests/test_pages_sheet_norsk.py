"""The scoresheet kept row by row, its preview and decision, a score-only hand's report form,
the phones and pairing pages, and the forms' own problems, in Norwegian (issue 40, item 2).

How "no English left" is checked, as the phone acceptance test does it
(``test_pages_norsk_browser``) but without a browser: each page is read twice at the same
step, in English and in Norwegian, and every word of the Norwegian page that also stands on
the English one is English left behind, unless it is a name the table typed, a code or one
of the few words Norwegian spells as English does (:data:`BOTH`). What a person reads is the
page's text and the words it shows in attributes (a label, a placeholder, a reflowed
table's column name) and hands its scripts (``data-word-*``).
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from hands import hand, play_out
from test_events_players import club, league  # noqa: F401  (fixtures: an event played to its final)
from test_pages import CSRF, sign_in
from test_pages_games import GAME_FORM, start_by_page

from hearts_referee.languages import translations
from hearts_referee.referee.house import OPTIONS, house_variant
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.web import words

SHEET = "/director/games/1/sheet"
NAMES = "Ann Bo Cy Di Chief TD test director (key 2) Bord 7"
"""The players the game page names, the director's key's name as the archive keeps it (the
suite's) and the phone's name as the director typed it."""

BOTH = {
    "status": "the same word in Norwegian",
    "variant": "the same word in Norwegian",
    "mso": "the variant's name, as its players call it",
    "json": "a format's name",
    "hrn": "the notation's name",
    "sha": "a hash's name (SHA-256)",
    "id": "a Norwegian word too ('innholds-id')",
    "qr": "a format's name (QR-kode)",
    "utf": "an encoding's name (UTF-8-tekst)",
    "utc": "the time zone's name",
    "serve": "the command a phone's page tells the director to type (make serve HOST=...)",
    "make": "the command",
    "host": "the command's argument",
    "hearts": "the command's name (hearts-referee serve)",
    "referee": "the command's name",
    "for": "a Norwegian word too",
    "at": "a Norwegian word too ('kontrollerte at')",
    "given": "Norwegian for 'the deal'",
    "total": "a Norwegian word too ('givets total')",
    "problem": "a Norwegian word too ('hvert problem')",
    "per": "a Norwegian word too ('én rad per giv')",
    "start": "a Norwegian word too",
    "i": "not a word (one letter)",
}
"""Words Norwegian spells as English does, or names and commands, each with why it may stand
on both pages."""

SEEN_ATTRIBUTES = re.compile(r'\b(?:data-word-[\w-]+|aria-label|placeholder|data-label|title)="([^"]*)"')


def seen(html: str) -> str:
    """What a person reads of a page (or a fragment): its ``<main>``'s text and the words it
    shows in attributes or hands its scripts; code, a textarea's content and the select
    options of a ruling code or a seat are data."""
    if "<main" in html:
        html = html[html.index("<main") : html.index("</main>")]
    shown = " ".join(SEEN_ATTRIBUTES.findall(html))
    html = re.sub(
        r"<script\b.*?</script>|<!--.*?-->|<code[^>]*>.*?</code>|<textarea[^>]*>.*?</textarea>",
        " ",
        html,
        flags=re.S,
    )
    html = re.sub(r"<svg\b.*?</svg>", " ", html, flags=re.S)  # the QR code's drawing
    html = re.sub(r"<pre\b.*?</pre>", " ", html, flags=re.S)  # the record as HRN text: codes
    html = re.sub(r'<a id="pair-link"[^>]*>.*?</a>', " ", html, flags=re.S)  # the link itself
    return unescape(re.sub(r"<[^>]+>", " ", html) + " " + shown)


def words_of(text: str) -> set[str]:
    text = re.sub(r"%\(\w+\)s", " ", text)  # a placeholder a script fills in
    text = re.sub(r"\S*[/:]\S*", " ", text)  # an address, a citation, a card as played (E:2C)
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


def english_left(en: str, nb: str) -> set[str]:
    return words_of(seen(nb)) & words_of(seen(en)) - words_of(NAMES) - set(BOTH)


def in_both(client, read) -> dict[str, str]:
    """``read(client)`` (the page's HTML at one step) in English, then in Norwegian."""
    pages = {}
    for language in ("en", "nb"):
        assert client.get(f"/director/?lang={language}").status_code == 200
        pages[language] = read(client)
    return pages


def assert_no_english_left(client, read) -> str:
    pages = in_both(client, read)
    left = english_left(pages["en"], pages["nb"])
    assert left == set(), f"English left: {sorted(left)}\n{seen(pages['nb'])}"
    return pages["nb"]


def text(response, status: int = 200) -> str:
    assert response.status_code == status, response.get_data(as_text=True)[:800]
    return response.get_data(as_text=True)


def row(number: int, points: dict[str, int | str], **extra: str) -> dict[str, str]:
    form = {"csrf_token": CSRF, "hand_number": str(number), "from": "sheet"}
    return form | {f"points-{i}": str(points.get(seat, "")) for i, seat in enumerate("NESW")} | extra


@pytest.fixture
def director(client, keys):
    """A director signed in, game 1 (MSO, table 7) started, two hands kept on its scoresheet."""
    sign_in(client, keys, "director")
    start_by_page(client)
    for number, points in enumerate(
        ({"N": 3, "E": 10, "S": 13, "W": 0}, {"N": 0, "E": 5, "S": 8, "W": 13}), 1
    ):
        assert client.post(SHEET, data=row(number, points)).status_code == 303
    return client


def test_the_scoresheet_kept_row_by_row_reads_in_norwegian(director):
    nb = assert_no_english_left(director, lambda c: text(c.get(SHEET)))
    assert "Før poenglisten — parti 1, bord 7" in nb
    assert (
        "Neste: giv <strong>3</strong> · giver <strong>E</strong> (Bo) · sending <strong>over bordet</strong>"
        in nb
    )
    assert 'data-word-sign-in="Logg inn igjen"' in nb


def test_a_refused_scoresheet_row_says_each_problem_in_norwegian_beside_its_number(director):
    refused = row(3, {"N": 13, "E": "tretten", "S": 0})
    nb = assert_no_english_left(director, lambda c: text(c.post(SHEET, data=refused), 422))
    assert "Giv 3 ble ikke lagret." in nb
    assert "poengene W tok" in nb  # the seat left blank, said by the form in Norwegian


def test_the_typed_rows_preview_reads_in_norwegian(director):
    def preview(points):
        return lambda c: text(c.post(f"{SHEET}/preview", data=row(3, points)))

    nb = assert_no_english_left(director, preview({"N": 13, "E": 13, "S": 0, "W": 0}))
    assert "Poeng i giv 3" in nb and "partiet fortsetter" in nb
    assert_no_english_left(director, preview({"N": 13}))  # two seats left: the form's problems
    assert_no_english_left(director, lambda c: text(c.post(f"{SHEET}/preview", data=row(3, {}))))


def test_a_score_only_hands_report_form_reads_in_norwegian(director):
    nb = assert_no_english_left(director, lambda c: text(c.get("/director/hands/1")))
    assert "Registrer en uregelmessighet meldt ved bordet" in nb


def test_the_decision_on_a_wrong_scoresheet_reads_in_norwegian(client, keys, scorer):
    revoke = play_out("N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C")
    stored = client.post(
        "/v1/hands", json=hand("mso-2000", play=revoke, claimed=dict.fromkeys("NESW", 0)), headers=scorer
    )
    assert stored.status_code == 201
    sign_in(client, keys, "director")
    nb = text(client.get("/director/hands/1?lang=nb"))
    form = nb[nb.index('<form method="post" action="/director/hands/1/decisions#scoresheet"') :]
    form = form[: form.index("</form>")]
    en = text(client.get("/director/hands/1?lang=en"))
    en_form = en[en.index('<form method="post" action="/director/hands/1/decisions#scoresheet"') :]
    en_form = en_form[: en_form.index("</form>")]
    assert english_left(en_form, form) == set(), seen(form)
    assert "Godta dommerens poeng" in form and "Behold bordets poeng slik det skrev dem (" in form


def test_the_phones_page_and_the_pairing_page_read_in_norwegian(client, keys):
    sign_in(client, keys, "director")
    made = {}

    def add(c):
        html = text(c.post("/director/phones", data={"csrf_token": CSRF, "name": "Bord 7"}))
        made["link"] = unescape(re.search(r'id="pair-link" href="([^"]+)"', html).group(1))
        return html

    nb = assert_no_english_left(client, add)
    assert "Skann denne med telefonens kamera" in nb and "venter på skanning (til" in nb
    assert "Tjenesten lytter bare på denne datamaskinen" in nb  # the test client: this computer alone
    token = parse_qs(urlsplit(made["link"]).query)["t"][0]
    assert_no_english_left(client, lambda c: text(c.get(f"/director/pair?t={token}")))
    assert_no_english_left(client, lambda c: text(c.post("/director/pair", data={"csrf_token": CSRF}), 410))


def test_a_refused_decision_says_the_forms_problems_in_norwegian(client, keys, scorer):
    revoke = play_out("N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C")
    assert client.post("/v1/hands", json=hand("mso-2000", play=revoke), headers=scorer).status_code == 201
    sign_in(client, keys, "director")
    client.get("/director/?lang=nb")
    form = {
        "csrf_token": CSRF,
        "ruling": "0",
        "action": "uphold",
        "director": "TD",
        "reason": "Sett",
        "change-E": "fem",
    }
    nb = unescape(text(client.post("/director/hands/1/decisions", data=form), 422))
    assert "/score_changes/E</code> type: et helt antall poeng" in nb
    assert "a whole number of points" not in nb


@pytest.mark.parametrize(
    ("n", "norsk"), [(1, "1."), (2, "2."), (3, "3."), (11, "11."), (21, "21."), (102, "102.")]
)
def test_an_ordinal_is_written_as_norwegian_writes_it(app, n, norsk):
    with app.test_request_context("/director/?lang=nb"):
        assert words.ordinal(n) == norsk
    with app.test_request_context("/director/?lang=en"):
        assert words.ordinal(n) == {1: "1st", 2: "2nd", 3: "3rd", 11: "11th", 21: "21st", 102: "102nd"}[n]


def test_a_house_variants_name_is_one_phrase_in_the_pages_language(app):
    house = house_variant(VARIANTS["mso-2000"], {"pass_count": 4})
    assert house.name == f"{VARIANTS['mso-2000'].name} (house rules)"  # the English text, as before
    with app.test_request_context("/director/?lang=nb"):
        assert words.variant_name(house).endswith(" (husregler)")
        assert words.variant_name(VARIANTS["omnibus-kitty"]) == translations("nb").gettext(
            VARIANTS["omnibus-kitty"].name
        )


@pytest.mark.parametrize(
    ("singular", "plural", "norsk"),
    [
        (
            "…and %(num)s more problem not listed",
            "…and %(num)s more problems not listed",
            [
                "…og 0 problemer til som ikke er listet",
                "…og 1 problem til som ikke er listet",
                "…og 2 problemer til som ikke er listet",
            ],
        ),
        (
            '<strong class="game-end">This hand ends the game</strong>: winner %(winners)s.',
            '<strong class="game-end">This hand ends the game</strong>: winners %(winners)s.',
            [
                '<strong class="game-end">Denne given avslutter partiet</strong>: vinnere N.',
                '<strong class="game-end">Denne given avslutter partiet</strong>: vinner N.',
                '<strong class="game-end">Denne given avslutter partiet</strong>: vinnere N.',
            ],
        ),
    ],
)
def test_a_count_on_these_pages_takes_its_norwegian_plural_for_0_1_and_2(singular, plural, norsk):
    nb = translations("nb")
    assert [nb.ngettext(singular, plural, n) % {"num": n, "winners": "N"} for n in (0, 1, 2)] == norsk


def test_the_phones_page_counts_its_minutes_in_norwegian_for_0_1_and_2():
    nb = translations("nb")
    singular = (
        "Sign a phone in as you by scanning a code: no key to type on the phone, and your key never "
        "leaves this computer. The code works once, for %(count)s minute."
    )
    plural = singular.replace("minute.", "minutes.")
    said = [nb.ngettext(singular, plural, n) % {"count": n} for n in (0, 1, 2)]
    assert [s.rsplit(", ", 1)[1] for s in said] == ["i 0 minutter.", "i 1 minutt.", "i 2 minutter."]


def test_the_new_game_forms_problems_and_house_rules_read_in_norwegian(client, keys):
    sign_in(client, keys, "director")
    client.get("/director/?lang=nb")
    page = unescape(text(client.get("/director/games/new")))
    nb = translations("nb")
    for option in OPTIONS:  # each house rule described in Norwegian beside its field
        assert f">{nb.gettext(option.description)}" in page and option.description not in page
    form = GAME_FORM | {"seat-3": "", "player-0": ""}  # Di has no seat, N's player no name
    refused = unescape(text(client.post("/director/games/new", data=form), 422))
    assert "skriv plassen denne spilleren sitter på" in refused
    assert "Skriv navnet på spilleren på denne plassen." in refused
    assert "name the seat" not in refused and "Name the player" not in refused


def test_a_trick_line_with_no_leader_is_said_in_norwegian_as_the_hand_is_entered(director):
    game = text(director.get("/director/games/new?lang=nb"))  # the session reads Norwegian
    assert game
    form = {"csrf_token": CSRF, "hand_number": "3", "tricks": "2C 3C"}
    problems = director.post("/director/games/1/hands/check", data=form).get_json()["problems"]
    messages = [p["message"] for p in problems if p["field"] == "tricks"]
    assert messages == ["stikklinje 1: hvem spilte ut 2C? skriv den som spilte ut foran kortet, som i E:2C"]


def test_a_players_earlier_rulings_in_the_event_are_noted_in_norwegian(league, club):  # noqa: F811
    client, keys = league
    sign_in(client, keys, "director")
    client.get("/director/?lang=nb")
    repeat = unescape(text(client.get(f"/director/hands/{club['ann_revoke_2']}")))
    assert "<strong>2. renons i denne turneringen</strong> for" in repeat
    assert f"runde 1, bord {club['first']['number']}." in repeat
    other = unescape(text(client.get(f"/director/hands/{club['ann_exposed']}")))
    first, second = club["first"]["number"], club["second"]["number"]
    assert "Tidligere kjennelser av andre slag:" in other
    assert f"renons (runde 1, bord {first}), renons (runde 2, bord {second})." in other
    note = other[other.index('class="repeat-note"') :]
    note = note[: note.index("</p>")]
    assert not re.search(r"\b(?:in this event|round|table|Earlier)\b", note), note
    client.get("/director/?lang=en")  # English reads as it did
    assert "2nd revoke in this event" in text(client.get(f"/director/hands/{club['ann_revoke_2']}"))
