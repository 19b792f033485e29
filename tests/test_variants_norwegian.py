"""The rules in the reader's language (issue 40, items 2 and 4): every variant's name, source,
clause titles and texts and house options' descriptions in Norwegian when asked, and the
omnibus variant's own Norwegian text beside our English reading, on the API and on the page.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from support import validator
from tables import record
from test_pages import sign_in

from hearts_referee.languages import translator
from hearts_referee.referee.house import OPTIONS
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.referee.translator import ENGLISH

NORSK = {"Accept-Language": "nb-NO,nb;q=0.9,no;q=0.8"}
OMNIBUS = VARIANTS["omnibus-kitty"]

# omnibus-kitty, five seats, the kitty one card short and E a card over: a misdeal, referred,
# citing omnibus-kitty/deal.
MISDEAL = record(
    "omnibus-kitty",
    {
        "A": "2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "B": "QC KC AC 2D 3D 4D 5D 6D 7D 8D",
        "C": "9D TD JD QD KD AD 2S 3S 4S 5S",
        "D": "6S 7S 8S 9S TS JS QS KS AS 2H",
        "E": "3H 4H 5H 6H 7H 8H 9H TH JH QH AH",
    },
    hand_number=3,
    dealer="E",
    kitty="KH",
)


def _every_clause():
    return [pytest.param(v, c, id=f"{v.id}/{c.key}") for v in VARIANTS.values() for c in v.clauses]


@pytest.mark.parametrize(("variant", "clause"), _every_clause())
def test_every_clause_is_marked_and_translated_for_a_norwegian_reader(variant, clause):
    norsk = translator("nb")
    assert norsk.gettext(clause.title) != clause.title or clause.title in ("Kitty", "Joker")
    assert norsk.gettext(clause.text) != clause.text


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_every_variants_name_source_and_house_options_read_in_norwegian(variant):
    norsk = translator("nb")
    assert norsk.gettext(variant.name) != variant.name
    assert norsk.gettext(variant.source) != variant.source
    assert all(norsk.gettext(o.description) != o.description for o in OPTIONS)


def test_the_variants_answer_in_norwegian_when_asked_with_the_same_ids(client):
    english = client.get("/v1/variants/mso-2000")
    norsk = client.get("/v1/variants/mso-2000", headers=NORSK)
    assert english.headers["Content-Language"] == "en" and norsk.headers["Content-Language"] == "nb"
    assert "Accept-Language" in norsk.headers["Vary"]
    validator("Variant").validate(norsk.get_json())
    en, nb = english.get_json(), norsk.get_json()
    revoke = {c["id"]: c for c in nb["clauses"]}["mso-2000/revoke"]
    assert revoke["title"] == "Renons"
    assert revoke["text"].startswith("Å ikke følge farge når man kan, er en renons: 26 straffepoeng")
    assert nb["name"] == "MSO 2000, turneringshjerter"
    first_lead = {o["name"]: o for o in nb["house_options"]}["first_lead"]
    assert first_lead["description"] == "Hvem som spiller ut til første stikk."
    # the contract does not move with the language: ids, settings, cites, choices
    assert [c["id"] for c in nb["clauses"]] == [c["id"] for c in en["clauses"]]
    assert {k: v for k, v in nb.items() if k not in ("name", "source", "clauses", "house_options")} == {
        k: v for k, v in en.items() if k not in ("name", "source", "clauses", "house_options")
    }


def test_the_english_variants_read_as_the_rulebook_writes_them(client):
    body = client.get("/v1/variants").get_json()
    for published, variant in zip(body["variants"], VARIANTS.values(), strict=True):
        assert (published["name"], published["source"]) == (variant.name, variant.source)
        assert [(c["title"], c["text"]) for c in published["clauses"]] == [
            (c.title, c.text) for c in variant.clauses
        ]


def test_the_variant_list_says_its_language(client):
    response = client.get("/v1/variants", headers=NORSK)
    assert response.headers["Content-Language"] == "nb"
    names = [v["name"] for v in response.get_json()["variants"]]
    assert "Norsk omnibus-hjerter med kitty" in names


def test_an_unknown_variant_is_not_found_in_the_language_asked(client):
    response = client.get("/v1/variants/nope", headers=NORSK)
    assert response.status_code == 404 and response.headers["Content-Language"] == "nb"
    assert response.get_json()["detail"] != client.get("/v1/variants/nope").get_json()["detail"]


# --- the omnibus variant's own text ----------------------------------------------------------


@pytest.mark.parametrize("clause", OMNIBUS.clauses, ids=[c.key for c in OMNIBUS.clauses])
def test_every_omnibus_clause_carries_its_norwegian_original(clause):
    assert clause.original, clause.key
    assert clause.original != clause.text
    assert not re.search(r"\b(the|and|of|player|trick)\b", clause.original), clause.original


def test_only_the_norwegian_variant_has_an_original():
    others = [c for v in VARIANTS.values() if v is not OMNIBUS for c in v.clauses]
    assert others and all(c.original is None for c in others)


def test_the_omnibus_clauses_publish_the_original_beside_the_reading_in_either_language(client):
    for headers, language in (({}, "en"), (NORSK, "nb")):
        body = client.get("/v1/variants/omnibus-kitty", headers=headers).get_json()
        validator("Variant").validate(body)
        deal = {c["id"]: c for c in body["clauses"]}["omnibus-kitty/deal"]
        assert deal["original"] == OMNIBUS.clause("deal").original, language
        assert deal["original"].startswith("Tre til sju spillere.")
    english = client.get("/v1/variants/omnibus-kitty").get_json()
    deal = {c["id"]: c for c in english["clauses"]}["omnibus-kitty/deal"]
    assert deal["text"] == OMNIBUS.clause("deal").text
    mso = client.get("/v1/variants/mso-2000").get_json()
    assert all("original" not in c for c in mso["clauses"])


def _citation(html: str, rule: str) -> str:
    """The citation of ``rule`` on a hand page, from its summary to the end of its details."""
    start = html.index(f"<code>{rule}</code>")
    return html[start : html.index("</details>", start)]


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_the_hand_page_shows_the_norwegian_original_beside_the_english_reading(client, keys, as_role):
    assert client.post("/v1/hands", headers=as_role("director"), json=MISDEAL).status_code == 201
    sign_in(client, keys, "director")
    deal = OMNIBUS.clause("deal")

    english = _citation(client.get("/director/hands/1?lang=en").get_data(as_text=True), "omnibus-kitty/deal")
    assert f"<blockquote>{deal.text}</blockquote>" in english
    assert f'<blockquote lang="nb" class="clause-original">{deal.original}</blockquote>' in english
    assert "The original, in Norwegian:" in _text(english)

    norsk = _citation(client.get("/director/hands/1?lang=nb").get_data(as_text=True), "omnibus-kitty/deal")
    assert _text(norsk).startswith("omnibus-kitty/deal : Giv")
    assert f'<blockquote lang="nb" class="clause-original">{deal.original}</blockquote>' in norsk
    assert "Variantens egen tekst, på norsk (originalen)." in _text(norsk)
    assert deal.text not in norsk


def test_a_clause_without_an_original_reads_in_the_pages_language(client, keys, as_role, stored_mso):
    sign_in(client, keys, "director")
    norsk = client.get("/director/hands/1?lang=nb").get_data(as_text=True)
    revoke = VARIANTS["mso-2000"].clause("revoke")
    cited = _citation(norsk, "mso-2000/revoke")
    assert "Renons" in cited and translator("nb").gettext(revoke.text) in unescape(cited)
    assert "clause-original" not in cited
    english = _citation(client.get("/director/hands/1?lang=en").get_data(as_text=True), "mso-2000/revoke")
    assert ENGLISH.gettext(revoke.text) in unescape(english) and "clause-original" not in english


@pytest.fixture
def stored_mso(client, as_role):
    """Game 1 with the README's revoke as hand 1."""
    from games import new_game
    from test_pages import HAND

    assert client.post("/v1/games", headers=as_role("director"), json=new_game(table="7")).status_code == 201
    assert client.post("/v1/games/1/hands", headers=as_role("director"), json=HAND).status_code == 201
    return 1
