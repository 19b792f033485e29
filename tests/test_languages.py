"""Norsk beside English (issue 40): the language is chosen once, told in the answer, and only
the words change.

The order: ``?lang=`` (kept in the pages' session, through sign-in), then the session, then
``Accept-Language`` by its q-values (``no``, ``nn``, ``nb-NO`` all read Bokmål), then English.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_pages import CSRF, sign_in

from hearts_referee import validate_game, validate_hand
from hearts_referee.languages import LANGUAGES, language_of, preferred, translator
from hearts_referee.referee.cards import CARDS, Suit
from hearts_referee.referee.translator import ENGLISH, card_name, suit_name

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
NB = translator("nb")


def words_out(answer):
    """An answer less the words that follow the language: each ruling's explanation and suggestion."""
    if isinstance(answer, dict):
        return {k: words_out(v) for k, v in answer.items() if k not in ("explanation", "suggestion")}
    if isinstance(answer, list):
        return [words_out(item) for item in answer]
    return answer


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found, html[:200]
    return found.group(1)


# --- choosing ------------------------------------------------------------------------------


@pytest.mark.parametrize("tag", ["no", "nb-NO", "nn", "nb", "NB-no", "nb_NO", "nn-NO"])
def test_a_norwegian_browser_reads_bokmal_whichever_tag_it_sends(tag):
    assert language_of(tag) == "nb"
    assert preferred(tag) == "nb"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("nb-NO,nb;q=0.9,no;q=0.8", "nb"),  # the browser
        ("en-GB;q=0.1, nb;q=0.9", "nb"),  # by quality, not by how specific the tag is
        ("de, nn;q=0.5, en;q=0.4", "nb"),  # the first spoken one, by quality
        ("de, en;q=0.5, no;q=0.4", "en"),
        ("nb;q=0, en", "en"),  # q=0 refuses
        ("nb;q=zero, en;q=0.2", "en"),  # a quality that does not parse is not taken
        ("de, fr", None),
        ("*", None),
        ("", None),
    ],
)
def test_accept_language_is_read_by_its_q_values(header, language):
    assert preferred(header) == language


@pytest.mark.parametrize("tag", ["no", "nb-NO", "nn", "nb"])
def test_a_page_asked_for_in_norwegian_says_lang_nb(client, tag):
    response = client.get("/director/sign-in", headers={"Accept-Language": tag})
    assert html_lang(response.get_data(as_text=True)) == "nb"
    assert response.headers["Content-Language"] == "nb"
    assert "Accept-Language" in response.headers["Vary"]


def test_a_page_with_no_language_asked_for_is_english(client):
    response = client.get("/director/sign-in")
    assert html_lang(response.get_data(as_text=True)) == "en"
    assert response.headers["Content-Language"] == "en"


def test_lang_in_the_query_wins_over_accept_language_and_is_remembered_on_the_pages(client):
    response = client.get("/director/sign-in?lang=nb", headers={"Accept-Language": "en"})
    assert html_lang(response.get_data(as_text=True)) == "nb"
    later = client.get("/director/sign-in", headers={"Accept-Language": "en"})
    assert html_lang(later.get_data(as_text=True)) == "nb"  # the session keeps it
    back = client.get("/director/sign-in?lang=en", headers={"Accept-Language": "nb"})
    assert html_lang(back.get_data(as_text=True)) == "en"
    assert html_lang(client.get("/director/sign-in").get_data(as_text=True)) == "en"


def test_an_unknown_lang_in_the_query_is_passed_over(client):
    response = client.get("/director/sign-in?lang=xx", headers={"Accept-Language": "no"})
    assert html_lang(response.get_data(as_text=True)) == "nb"


def test_the_language_chosen_survives_signing_in_and_out(client, keys):
    client.get("/director/sign-in?lang=nb")
    sign_in(client, keys, "director")
    assert html_lang(client.get("/director/").get_data(as_text=True)) == "nb"
    client.post("/director/sign-out", data={"csrf_token": CSRF})
    assert html_lang(client.get("/director/sign-in").get_data(as_text=True)) == "nb"


def test_every_page_offers_every_language_with_the_one_in_use_marked(client):
    html = client.get("/director/sign-in?lang=nb&next=%2Fdirector%2Fhands").get_data(as_text=True)
    switch = re.search(r'<li class="languages"[^>]*aria-label="Språk">(.*?)</li>', html, re.S)
    assert switch, "no language switch in the layout"
    assert '<strong lang="nb" aria-current="true">Norsk bokmål</strong>' in switch.group(1)
    link = re.search(r'<a href="([^"]+)" lang="en" hreflang="en">English</a>', switch.group(1))
    assert link and link.group(1) == "/director/sign-in?next=%2Fdirector%2Fhands&amp;lang=en"
    assert re.findall(r' lang="([a-z]+)"', switch.group(1)) == list(LANGUAGES)


# --- the API: the words follow the language, the contract does not ----------------------------


def test_a_hand_validated_in_norwegian_has_the_same_codes_and_scores_and_norwegian_words(client):
    english = client.post("/v1/hands/validate", json=REVOKE)
    norsk = client.post("/v1/hands/validate", json=REVOKE, headers={"Accept-Language": "nb"})
    assert (english.status_code, norsk.status_code) == (200, 200)
    assert english.headers["Content-Language"] == "en" and norsk.headers["Content-Language"] == "nb"
    assert "Accept-Language" in english.headers["Vary"] and "Accept-Language" in norsk.headers["Vary"]
    en, nb = english.get_json(), norsk.get_json()

    assert words_out(en) == words_out(nb)  # codes, seats, rules, penalties, scores, statuses
    revoke = nb["rulings"][0]
    assert revoke["code"] == "revoke" and revoke["status"] == "applied"
    assert revoke["explanation"] == (
        "N spilte 8♠ til stikk 3 med hjerter (♥) på hånden: en renons, etablert da spillet gikk "
        "videre. Ilagt: 26 straffepoeng til N."
    )
    mismatch = nb["rulings"][1]
    assert mismatch["explanation"].endswith("Henvist til turneringslederen.")
    assert mismatch["suggestion"] == "rett poenglisten til 26"
    assert en["rulings"][1]["suggestion"] == "correct the scoresheet to 26"


def test_a_game_validated_in_norwegian_explains_each_hand_in_norwegian(client):
    from games import body, moon, new_game

    game = new_game(first_dealer="S", hands=[moon("E", 1), body(REVOKE)])  # the revoke is hand 2
    english = client.post("/v1/games/validate", json=game)
    norsk = client.post("/v1/games/validate", json=game, headers={"Accept-Language": "no"})
    assert norsk.status_code == 200 and norsk.headers["Content-Language"] == "nb"
    en, nb = english.get_json(), norsk.get_json()
    assert words_out(en) == words_out(nb)  # the scoresheet, every hand's codes and scores
    (revoke, mismatch) = nb["hands"][1]["result"]["rulings"]
    assert (revoke["code"], mismatch["code"]) == ("revoke", "score_mismatch")
    assert revoke["explanation"].startswith("N spilte 8♠ til stikk 3 med hjerter (♥) på hånden")
    assert validate_game(game, language="nb") == nb


def test_an_api_answer_with_no_words_of_the_language_says_no_language(client):
    response = client.get("/healthz", headers={"Accept-Language": "nb"})
    assert "Content-Language" not in response.headers


# --- the library -----------------------------------------------------------------------------


def test_validate_hand_takes_the_language_and_only_the_words_change():
    en, nb = validate_hand(REVOKE), validate_hand(REVOKE, language="nb")
    assert [r["code"] for r in en["rulings"]] == [r["code"] for r in nb["rulings"]]
    assert en["score"] == nb["score"]
    assert nb["rulings"][0]["explanation"].startswith("N spilte 8♠ til stikk 3")
    assert en["rulings"][0]["explanation"].startswith("N played 8♠ to trick 3")


def test_a_language_not_spoken_is_refused_naming_the_ones_that_are():
    with pytest.raises(ValueError, match="choose one of en, nb"):
        validate_hand(REVOKE, language="de")


# --- the words -----------------------------------------------------------------------------


def test_cards_and_suits_have_their_norwegian_names():
    assert [suit_name(s, NB) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [
        "spar",
        "hjerter",
        "ruter",
        "kløver",
    ]
    assert [card_name(CARDS[c], NB) for c in ("JS", "QS", "KH", "AC", "7D")] == [
        "spar knekt",
        "spar dame",
        "hjerter konge",
        "kløver ess",
        "ruter 7",
    ]
    assert card_name(CARDS["QS"], ENGLISH) == "queen of spades"


@pytest.mark.parametrize(
    ("n", "english", "norsk"), [(0, "0 cards", "0 kort"), (1, "1 card", "1 kort"), (2, "2 cards", "2 kort")]
)
def test_a_count_of_cards_takes_its_plural_form_in_either_language(n, english, norsk):
    for t, said in ((ENGLISH, english), (NB, norsk)):
        assert t.ngettext("%(num)s card", "%(num)s cards", n) % {"num": n} == said


@pytest.mark.parametrize("left", [0, 1, 2])
def test_a_hand_in_progress_is_explained_with_the_plural_its_counts_take(left):
    """The one explanation with counts in it: "1 of the 13 tricks (4 cards) is", "2 ... are"."""
    import random

    from core_hands import typed

    import playout
    from hearts_referee.referee import replay
    from hearts_referee.referee.facts import Code, PlayIncompleteFacts
    from hearts_referee.referee.findings import Finding
    from hearts_referee.referee.rulingkinds import RULING_KINDS

    played = replay(
        typed(playout.random_hand(random.Random(1), "mso-2000"))
    )  # any hand: the text reads its facts
    facts = PlayIncompleteFacts(tricks=13, tricks_left=left, cards_left=4 * left)
    finding = Finding(Code.PLAY_INCOMPLETE, "E", 14 - left, facts=facts)
    explain = RULING_KINDS[Code.PLAY_INCOMPLETE].explain
    english, norsk = explain(finding, played, ENGLISH), explain(finding, played, NB)
    verb, cards = ("is", "4 cards") if left == 1 else ("are", f"{4 * left} cards")
    assert f"with E to play: {left} of the 13 tricks ({cards}) {verb} not played out" in english
    assert f"med E i tur: {left} av de 13 stikkene ({4 * left} kort) er ikke spilt" in norsk


# --- the pages translated so far: the layout and sign-in ----------------------------------------


def test_the_sign_in_page_in_norwegian_has_no_english_left_but_the_command_it_shows(client):
    from test_pages_language import shown

    html = client.get("/director/sign-in?lang=nb").get_data(as_text=True)
    text = shown(re.sub(r"<code>.*?</code>", " ", html, flags=re.S))  # commands and role names stay
    for english in (
        "Sign in",
        "Skip to content",
        "Inbox",
        "Check a hand",
        "key",
        "hours",
        "minutes",
        "tomorrow",
    ):
        assert english not in text, english
    assert "Logg inn med nøkkelen din" in text and "Innboks" in text and "Kontroller en hånd" in text


def test_signing_in_and_a_refused_key_are_told_in_norwegian(client, keys):
    client.get("/director/sign-in?lang=nb")
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    refused = client.post("/director/sign-in", data={"csrf_token": CSRF, "key": "nonsense"})
    assert refused.status_code == 401
    assert "Den nøkkelen er ukjent eller er trukket tilbake." in refused.get_data(as_text=True)
    sign_in(client, keys, "director")
    inbox = client.get("/director/").get_data(as_text=True)
    assert re.search(
        r"Logget inn som .+? \(director\) til senest \d\d:\d\d UTC \(\d+ timer\); en innlogging avsluttes"
        r" også etter \d+ minutter uten at en side åpnes\.",
        inbox,
    )
    assert "Logg ut" in inbox and "Sign out" not in inbox
