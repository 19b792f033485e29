"""The events, lists, inbox, check and error pages in Norwegian (issue 40, item 2).

A Norwegian club's director reads every page in Bokmål: the headings, the sentences, the
statuses and kinds, the flash messages, the error page; numbers and times as Norwegians
write them (a decimal comma, a 24-hour clock, the day first). Names, codes, seats, card
labels and numbers stay as the table wrote them; CSV, JSON and forms keep their data as it
is. In English every page reads as it did.
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
from events import play_moons, seat
from test_pages import CSRF, sign_in
from test_pages_language import shown

from hearts_referee.languages import translations
from hearts_referee.referee.events.format import RoundKind
from hearts_referee.rulings.decisions import Action
from hearts_referee.rulings.life import RulingStatus
from hearts_referee.stored.games import GameStatus
from hearts_referee.stored.handstate import HandStatus
from hearts_referee.usecases.events import Action as OverrideAction
from hearts_referee.usecases.events import EventStatus, TableStatus
from hearts_referee.web.formats import day, number, when
from hearts_referee.web.words import word

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
NAMES = ["Kari", "Ola", "Per", "Siri", "Liv", "Nils", "Ida", "Jon"]
CLUB = "Klubbmesterskap"

ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|of|with|in|by|round|rounds|table|tables|game|games|hand|hands|player|players|"
    r"ruling|rulings|newest|first|seed|standings|event|events|waiting|stored|score|none|any|"
    r"open|created|played|pending|total|totals|wins|byes|rank|kind|filter|show|all|no)\b",
    re.IGNORECASE,
)
"""English words a page of these has in English; none is a Norwegian word of theirs (``over``
is one: a bye is *står over*)."""


def main_text(html: str) -> str:
    """What the page itself says (its ``<main>``), without the ruling titles of the hand pages'
    own vocabulary (``Score mismatch``: the hand pages translate those) and without code."""
    main = html[html.index("<main") : html.index("</main>")]
    main = re.sub(r'<a href="[^"]*#ruling-\d+">.*?</a>', " ", main, flags=re.S)
    main = re.sub(r"<code[^>]*>.*?</code>|<textarea[^>]*>.*?</textarea>", " ", main, flags=re.S)
    main = re.sub(r'<select id="(?:f-variant|format)".*?</select>', " ", main, flags=re.S)
    return re.sub(r"\s+", " ", shown(main))


@pytest.fixture
def club(client, keys, as_role):
    """A Norwegian club's eight-player MSO event, its first round played to the end and signed,
    a revoke stored on its own (open, waiting for the director); a director signed in, reading
    Norwegian."""
    director = as_role("director")
    response = client.post(
        "/v1/events", headers=director, json={"name": CLUB, "format": "mso-2000", "players": NAMES}
    )
    event = response.get_json()["id"]
    play_moons(client, director, seat(client, director, event, seed=4))
    assert client.post("/v1/hands", headers=director, json=REVOKE).status_code == 201
    sign_in(client, keys, "director")
    assert client.get("/director/?lang=nb").status_code == 200
    return event


def read(client, path: str, status: int = 200) -> str:
    response = client.get(path)
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.headers["Content-Language"] == "nb"
    return response.get_data(as_text=True)


PAGES = {
    "events": (
        "/director/events",
        ["Turneringer", "Opprett en turnering", "Alle turneringer, nyeste først", "(turnering 1)"],
        ["Create an event", "Every event, newest first", "(event 1)"],
    ),
    "event": (
        "/director/events/1",
        [
            "Turnering 1",
            "8 aktive spillere av 8",
            "mellom rundene",
            "poengene føres med turneringsledernes nøkler",
            "2 av 2 bord ferdige og signert",
            "Sett opp neste runde",
            "Turneringsleders overstyring",
            "Hvert navn åpner spillerens oversikt",
        ],
        ["active players", "between rounds", "Seat the next round", "Director's override"],
    ),
    "round": (
        "/director/events/1/rounds/1",
        [
            "Klubbmesterskap — runde 1",
            "runde (tilfeldig)",
            "2 bord",
            "Bordkort",
            "W gir først",
            "N fører poeng",
        ],
        ["Pairings", "Table cards", "deals first", "keeps score", "Scoresheet of game"],
    ),
    "standings": (
        "/director/events/1/standings",
        ["Klubbmesterskap — resultatliste", "matchpoeng 5-3-2-1 etter plassering", "Gjennomsnittssum"],
        ["match points", "Average total", "then wins"],
    ),
    "player": (
        "/director/events/1/players/1",
        ["Kari — spiller 1 i Klubbmesterskap", "Ingen kjennelser mot Kari i denne turneringen."],
        ["rulings against", "No ruling against"],
    ),
    "new event": (
        "/director/events/new",
        ["Opprett en turnering", "Turneringen slik den starter", "(én per linje; tomme linjer utelates)"],
        ["The event as it starts", "blank lines", "Create the event"],
    ),
    "games": (
        "/director/games",
        ["Start et spill", "Spill, nyeste først", "ferdig etter hånd 4", "venter på en avgjørelse", "pågår"],
        ["Start a game", "Games, newest first", "after hand", "in progress"],
    ),
    "hands": (
        "/director/hands",
        ["Lagrede hender, nyeste først", "venter på signaturer", "åpen"],
        ["Stored hands", "awaiting signatures"],
    ),
    "inbox": (
        "/director/",
        ["Hender som venter på turneringslederen", "Hender med åpne kjennelser, nyeste først", "(nr. 2)"],
        ["Hands waiting", "Hands with open rulings"],
    ),
    "check": (
        "/director/check",
        ["Lim inn en håndregistrering", "Dommeren kontrollerer den og viser hånden; ingenting lagres."],
        ["Paste a hand record", "nothing is stored"],
    ),
}


@pytest.mark.parametrize("page", PAGES)
def test_each_page_read_in_norwegian_says_its_sentences_in_norwegian_and_no_english_one(client, club, page):
    path, norsk, english = PAGES[page]
    text = main_text(read(client, path))
    for sentence in norsk:
        assert sentence in text, (page, sentence, text)
    for sentence in english:
        assert sentence not in text, (page, sentence)
    assert ENGLISH_WORDS.findall(text) == [], (page, text)


def test_the_pages_in_english_read_as_they_did(client, club):
    client.get("/director/?lang=en")
    events = main_text(client.get("/director/events").get_data(as_text=True))
    assert re.search(r"Klubbmesterskap \(event 1\) \d{4}-\d\d-\d\d \d\d:\d\d", events)
    event = main_text(client.get("/director/events/1").get_data(as_text=True))
    assert "8 active players of 8 · between rounds · scored by the director's keys" in event
    assert "2 of 2 tables over and signed" in event
    standings = client.get("/director/events/1/standings").get_data(as_text=True)
    assert '<td class="num" data-label="Average total">104.0</td>' in standings
    games = main_text(client.get("/director/games").get_data(as_text=True))
    assert "over after hand 4" in games and "N 0 · E 104 · S 104 · W 104" in games


def test_an_average_is_written_with_a_decimal_comma_and_a_time_the_norwegian_way(client, club):
    standings = read(client, "/director/events/1/standings")
    assert '<td class="num" data-label="Gjennomsnittssum">104,0</td>' in standings
    assert "104.0" not in standings
    hands = read(client, "/director/hands")
    stamps = re.findall(r'<time datetime="([^"]+)">([^<]+)</time>', hands)
    assert stamps
    for stored, shown_as in stamps:  # the attribute keeps the stored time; the text is Norwegian
        moment = datetime.fromisoformat(stored).astimezone(UTC)
        assert shown_as == moment.strftime("%d.%m.%Y, %H:%M")


def test_the_csv_exports_are_the_same_data_in_either_language(client, club):
    norsk = client.get("/director/events/1/standings.csv").get_data(as_text=True)
    english = client.get("/director/events/1/standings.csv?lang=en").get_data(as_text=True)
    assert norsk == english
    rows = list(csv.DictReader(io.StringIO(norsk)))
    assert {r["average_total"] for r in rows} == {"0", "104"} and rows[0]["match_points"] == "5"


def test_creating_an_event_seating_a_round_and_an_override_are_told_in_norwegian(client, club, as_role):
    created = client.post(
        "/director/events/new",
        data={"csrf_token": CSRF, "name": "Vårturnering", "format": "mso-2000", "players": "\n".join(NAMES)},
    )
    assert created.status_code == 303
    assert "Turnering 2 opprettet med 8 spillere." in read(client, created.headers["Location"])
    seated = client.post("/director/events/2/rounds", data={"csrf_token": CSRF})
    assert seated.status_code == 303
    assert re.search(r"Runde 1 satt opp \(tilfeldig\), frø \d+\.", read(client, seated.headers["Location"]))
    tables = client.get("/v1/events/2", headers=as_role("director")).get_json()["rounds"][0]["tables"]
    a, b = (str(table["seats"][0]["player"]) for table in tables)
    form = {"csrf_token": CSRF, "action": "swap", "player": a, "with_player": b, "reason": "Ønsket det"}
    swapped = client.post("/director/events/2/overrides", data=form)
    assert swapped.status_code == 303
    assert "Overstyring registrert: bytt." in read(client, swapped.headers["Location"])


def test_an_override_with_a_number_that_is_none_says_so_in_norwegian(client, club):
    form = {"csrf_token": CSRF, "action": "move", "player": "tre", "table": "1", "reason": "Feil bord"}
    refused = client.post("/director/events/1/overrides", data=form)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "Overstyringen ble ikke utført:" in html and "/player</code> type: et heltall" in html


def test_the_error_page_is_headed_in_norwegian_and_leads_back_to_the_inbox(client, club):
    html = read(client, "/director/events/99", 404)
    assert "<h1>Ikke funnet</h1>" in html and "Tilbake til innboksen" in html
    assert "Back to the inbox" not in html
    client.get("/director/?lang=en")
    english = client.get("/director/events/99").get_data(as_text=True)
    assert "<h1>Not found</h1>" in english and "Back to the inbox" in english


@pytest.mark.parametrize(
    ("singular", "plural", "norsk"),
    [
        ("⚠ %(count)s ruling", "⚠ %(count)s rulings", ["⚠ 0 kjennelser", "⚠ 1 kjennelse", "⚠ 2 kjennelser"]),
        (
            "%(count)s active player of %(total)s",
            "%(count)s active players of %(total)s",
            ["0 aktive spillere av 8", "1 aktiv spiller av 8", "2 aktive spillere av 8"],
        ),
        (
            "%(count)s problem, each shown below next to the part of the record it concerns:",
            "%(count)s problems, each shown below next to the part of the record it concerns:",
            [
                "0 problemer, hvert vist nedenfor ved den delen av registreringen det gjelder:",
                "1 problem, vist nedenfor ved den delen av registreringen det gjelder:",
                "2 problemer, hvert vist nedenfor ved den delen av registreringen det gjelder:",
            ],
        ),
        ("⚑ %(count)s open", "⚑ %(count)s open", ["⚑ 0 åpne", "⚑ 1 åpen", "⚑ 2 åpne"]),
        (
            "Winner: %(names)s.",
            "Winners: %(names)s.",
            ["Vinnere: Kari.", "Vinner: Kari.", "Vinnere: Kari."],
        ),
    ],
)
def test_a_count_on_these_pages_takes_its_norwegian_plural_for_0_1_and_2(singular, plural, norsk):
    nb = translations("nb")
    values = {"total": 8, "names": "Kari"}
    assert [nb.ngettext(singular, plural, n) % {"count": n, **values} for n in (0, 1, 2)] == norsk


@pytest.mark.parametrize(("n", "flash"), [(0, "0 spillere"), (1, "1 spiller."), (2, "2 spillere.")])
def test_the_event_created_message_takes_its_plural_in_norwegian(app, n, flash):
    from hearts_referee.http_shared.language import ngettext

    with app.test_request_context("/director/?lang=nb"):
        said_here = ngettext(
            "Event %(id)s created with %(num)s player.", "Event %(id)s created with %(num)s players.", n, id=3
        )
    assert said_here.startswith("Turnering 3 opprettet med ") and flash in said_here


ENUMS = {
    "event status": EventStatus,
    "table status": TableStatus,
    "game status": GameStatus,
    "hand status": HandStatus,
    "round kind": RoundKind,
    "ruling status": RulingStatus,
    "decision": Action,
    "override": OverrideAction,
}


def test_every_status_kind_and_action_a_page_shows_has_its_norwegian_word(app):
    for context, enum in ENUMS.items():
        for member in enum:
            with app.test_request_context("/director/?lang=en"):
                english = word(context, member)
            with app.test_request_context("/director/?lang=nb"):
                norsk = word(context, member)
            assert english == member.value.replace("_", " "), (context, member)
            assert norsk != english or member.value == "status", (context, member, norsk)
    with app.test_request_context("/director/?lang=nb"), pytest.raises(KeyError):
        word("weather", "sunny")


def test_numbers_and_times_are_written_as_each_language_writes_them(app):
    stamp = "2026-12-06T23:13:05.123456Z"
    with app.test_request_context("/director/?lang=nb"):
        assert [number(Fraction(209, 2), 1), number(-10), number(1234), number(2.25, 1)] == [
            "104,5",
            "-10",
            "1234",
            "2,2",
        ]
        assert (when(stamp), day(stamp)) == ("06.12.2026, 23:13", "06.12.2026")
        assert when(datetime(2026, 12, 7, 0, 13, tzinfo=UTC)) == "07.12.2026, 00:13"  # a 24-hour clock
    with app.test_request_context("/director/?lang=en"):
        assert [number(Fraction(209, 2), 1), number(-10), number(1234)] == ["104.5", "-10", "1234"]
        assert (when(stamp), day(stamp)) == ("2026-12-06 23:13", "2026-12-06")


def test_a_check_with_problems_counts_them_in_norwegian(client, club):
    bad = dict(REVOKE, deal=dict(REVOKE["deal"], N=["ZZ", *REVOKE["deal"]["N"][1:]]))
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": json.dumps(bad)})
    assert response.status_code == 422
    html = unescape(response.get_data(as_text=True))
    assert "Registreringen kan ikke ha skjedd ved noe bord" in html
    assert re.search(
        r"\d+ problem(?:er)?,( hvert)? vist nedenfor ved den delen av registreringen det gjelder:", html
    )
    assert "Registreringen slik den ble sendt" in html and "The record as sent" not in html


@pytest.mark.parametrize(
    ("path", "english"),
    [
        ("/director/events/99", "No event 99."),  # a use case's refusal
        ("/director/no-such-page", "The requested URL was not found on the server."),  # werkzeug's 404
    ],
)
def test_the_error_pages_detail_is_told_in_norwegian(client, club, path, english):
    """The detail under the heading is the refusal's own sentence, in the page's language: a
    use case's, or our words for what Werkzeug says of a route that does not exist."""
    norsk = read(client, path, 404)
    assert english not in norsk
    client.get("/director/?lang=en")
    assert english in client.get(path).get_data(as_text=True)
