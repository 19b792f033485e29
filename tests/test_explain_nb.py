"""Every explanation and suggestion wholly in Norwegian when Norwegian is asked (issue 40).

The engine writes some of what an explanation says as facts of a finding: why a deal is
irregular, what was wrong with a pass, why a claim holds or fails, what the moon's search
found and what it suggests. Each is a whole phrase with named placeholders
(``referee.translator.SAID``): English is the text itself, byte for byte as before (the
golden answers do not move), and the reader's language writes it again from its message.

The hands are not a list kept here: every record of every golden corpus (the examples the
docs show, and every variant of the registry: clean, irregular, claimed, score-only...),
and a misdeal made from each variant's first clean hand. An English word is one the
sources' messages use and the Norwegian catalog never does (both read from the catalog).
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from functools import cache

import pytest
from babel.messages.pofile import read_po

from hearts_referee import RecordError, validate_hand, validate_hand_json
from hearts_referee.languages import catalog_path, translator
from hearts_referee.referee.translator import ENGLISH, SAID, translated
from hearts_referee.schemas.strictjson import JSONError
from tools import golden

NB = translator("nb")
WORD = re.compile(r"[^\W\d_]+")


def words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


@cache
def english_only() -> frozenset[str]:
    """The words of the English messages that no Norwegian translation uses ("passed",
    "order", "defence"...; "til", "N" or "kort" are in both)."""
    with catalog_path("nb").open("rb") as file:
        catalog = read_po(file, locale="nb")
    english: set[str] = set()
    norsk: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= words(re.sub(r"%\(\w+\)s", " ", text))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            norsk |= words(re.sub(r"%\(\w+\)s", " ", text))
    return frozenset(english - norsk)


def english_in(text: str, seats: list[str]) -> list[str]:
    """The English words of ``text``, less the names of the table's seats (``ann``, ``E``) and
    single letters (a card's rank, ``A♥``)."""
    named = {word for seat in seats for word in words(seat)}
    return sorted(word for word in words(text) & english_only() if len(word) > 1 and word not in named)


def misdealt(record: dict) -> dict:
    """A clean record with one card moved from the first seat's hand to the second's
    (before the pass: the deal is wrong by one card each way)."""
    record = copy.deepcopy(record)
    first, second = record["seats"][:2]
    record["deal"][second].append(record["deal"][first].pop())
    return record


@cache
def answered() -> dict[str, dict]:
    """Every record of the corpora that the referee answers, and a misdeal of each variant,
    validated in Norwegian."""
    out: dict[str, dict] = {}
    variants_misdealt: set[str] = set()
    for name, text in golden.corpus():
        try:
            out[name] = json.loads(validate_hand_json(text, language="nb"))
        except (RecordError, JSONError):
            continue
        record = json.loads(text) if name.startswith("clean/") else None
        if record is not None and isinstance(record.get("deal"), dict):
            variant = json.dumps(record["variant"], sort_keys=True)
            if variant not in variants_misdealt:
                variants_misdealt.add(variant)
                try:
                    out[f"misdealt {name}"] = validate_hand(misdealt(record), language="nb")
                except RecordError:
                    continue
    return out


def test_the_english_words_are_read_from_the_catalog():
    found = english_only()
    assert {"passed", "claimant", "defence", "search"} <= found
    assert not {"til", "kort", "stikk"} & found


def test_the_corpora_reach_every_kind_of_fact_the_engine_writes():
    codes = Counter(r["code"] for result in answered().values() for r in result["rulings"])
    assert {"misdeal", "incorrect_pass", "claim", "moon_stopped_by_revoke"} <= set(codes), codes


def test_no_explanation_or_suggestion_of_any_corpus_hand_has_an_english_word_in_norwegian():
    leaks = [
        (name, i, field, english_in(ruling[field], result["seats"]), ruling[field])
        for name, result in answered().items()
        for i, ruling in enumerate(result["rulings"])
        for field in ("explanation", "suggestion")
        if ruling.get(field) and english_in(ruling[field], result["seats"])
    ]
    assert leaks == [], f"{len(leaks)} English leaks, first: {leaks[:3]}"


def test_a_misdeal_is_explained_in_norwegian_with_its_reasons():
    name = next(n for n in answered() if n.startswith("misdealt clean/"))
    misdeal = next(r for r in answered()[name]["rulings"] if r["code"] == "misdeal")
    assert " fikk " in misdeal["explanation"] and "kort i stedet for" in misdeal["explanation"]


def test_a_refused_claim_is_explained_and_suggested_in_norwegian():
    refused = [
        r
        for result in answered().values()
        for r in result["rulings"]
        if r["code"] == "claim" and (r.get("suggestion") or "").startswith("avvis kravet")
    ]
    assert refused, "no refused claim in the corpora"
    assert "Dommeren finner at kravet holder ikke mot dette forsvaret: stikk " in refused[0]["explanation"]


# --- the phrases themselves ------------------------------------------------------------------


def test_a_said_phrase_is_its_english_text_byte_for_byte():
    said = SAID.gettext("passed %(count)s cards instead of %(expected)s", count=1, expected=3)
    assert said == "passed 1 cards instead of 3" and translated(said, ENGLISH) == said
    assert type(translated(said, ENGLISH)) is str  # what is stored and dumped is a plain str
    assert translated("a name", NB) == "a name"  # a plain string is not a message


@pytest.mark.parametrize("name", ["message", "singular", "plural", "n", "values"])
def test_a_fact_may_take_any_name_even_one_of_the_sayings_own_parameters(name):
    """Compiled, a positional-only parameter is also taken by its name (mypyc): a fact named
    ``message`` once met ``gettext(message, /)`` and raised a TypeError on the compiled build."""
    assert SAID.gettext(f"%({name})s stays", **{name: "it"}) == "it stays"
    assert SAID.ngettext(f"%({name})s stays", f"%({name})s stay", 2, **{name: "they"}) == "they stay"


def test_a_said_phrase_is_told_in_norwegian_with_its_values():
    said = SAID.gettext("passed to %(to)s instead of %(recipient)s", to="S", recipient="E")
    assert translated(said, NB) == "sendte til S i stedet for E"


@pytest.mark.parametrize(
    ("tricks", "english", "norsk"),
    [
        (0, "0 cancelled tricks", "0 annullerte stikk"),
        (1, "a cancelled trick", "ett annullert stikk"),
        (2, "2 cancelled tricks", "2 annullerte stikk"),
    ],
)
def test_the_waiting_piles_tricks_take_their_plural_in_either_language(tricks, english, norsk):
    said = SAID.ngettext("a cancelled trick", "%(num)s cancelled tricks", tricks, num=tricks)
    assert (said, translated(said, NB)) == (english, norsk)


@pytest.mark.parametrize(
    ("points", "english", "norsk"),
    [(0, "0 points", "0 poeng"), (1, "1 point", "1 poeng"), (2, "2 points", "2 poeng")],
)
def test_the_waiting_piles_points_take_their_plural_in_either_language(points, english, norsk):
    said = SAID.ngettext("%(num)s point", "%(num)s points", points, num=points)
    assert (said, translated(said, NB)) == (english, norsk)


def test_a_list_of_phrases_is_told_phrase_by_phrase():
    listed = SAID.joined(
        "; ",
        [
            SAID.gettext("passed %(count)s cards on a hold hand", count=2),
            SAID.gettext("reported at the table"),
        ],
    )
    assert listed == "passed 2 cards on a hold hand; reported at the table"
    assert translated(listed, NB) == "sendte 2 kort på en hånd uten sending; meldt ved bordet"
