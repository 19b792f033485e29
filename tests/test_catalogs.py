"""Every catalog is whole and up to date with the sources (issue 40, catalog discipline).

The messages are extracted from the sources with the repository's own ``babel.cfg`` (into a
temporary folder) and each catalog under ``hearts_referee/translations`` must hold exactly
those messages: none missing (a catalog out of date), none left over (obsolete), each one
translated, none fuzzy, and every translation with the placeholders its message has
(Babel's ``catalog.check()``). ``make messages`` brings a catalog up to date.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from hearts_referee.languages import LANGUAGES, SOURCE, catalog_path, translations

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [language for language in LANGUAGES if language != SOURCE]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """The messages the sources have now, as ``make messages`` extracts them."""
    pot = tmp_path_factory.mktemp("messages") / "messages.pot"
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "--no-location",
            "-o",
            str(pot),
            str(ROOT),
        ]
    )
    with pot.open("rb") as file:
        return read_po(file)


def catalog(language):
    with catalog_path(language).open("rb") as file:
        return read_po(file, locale=language)


def keys(messages):
    return {(message.context, message.id) for message in messages if message.id}


def test_every_other_language_has_a_catalog_and_the_source_has_none():
    assert OTHERS, "no language beside English"
    for language in OTHERS:
        assert catalog_path(language).is_file(), language
    assert not catalog_path(SOURCE).is_file()


def test_no_compiled_catalog_lies_in_the_sources():
    """The catalogs are compiled in memory (``languages.translations``): a ``.mo`` in the tree
    would be a generated file committed, and could drift from its ``.po``."""
    assert sorted((ROOT / "hearts_referee").rglob("*.mo")) == []


def test_the_sources_have_messages_to_translate(extracted):
    found = keys(extracted)
    assert ("suit", "spades") in found and (None, "Referred to the director.") in found


@pytest.mark.parametrize("language", OTHERS)
def test_a_catalog_holds_exactly_the_messages_of_the_sources(extracted, language):
    held, wanted = keys(catalog(language)), keys(extracted)
    assert sorted(wanted - held, key=str) == [], f"missing from {language}: run `make messages` and translate"
    assert sorted(held - wanted, key=str) == [], (
        f"in {language} but no longer in the sources: `make messages`"
    )


@pytest.mark.parametrize("language", OTHERS)
def test_a_catalog_has_nothing_untranslated_fuzzy_or_obsolete(language):
    messages = catalog(language)
    untranslated = [
        m.id for m in messages if m.id and not (all(m.string) if isinstance(m.string, tuple) else m.string)
    ]
    assert untranslated == []
    assert [m.id for m in messages if m.id and m.fuzzy] == []
    assert list(messages.obsolete) == []


@pytest.mark.parametrize("language", OTHERS)
def test_every_translation_has_the_placeholders_of_its_message(language):
    problems = [(message.id, [str(e) for e in errors]) for message, errors in catalog(language).check()]
    assert problems == []


def test_a_translation_with_a_placeholder_its_message_lacks_is_caught():
    """The check above catches what it is there for: a placeholder misspelt in a translation."""
    from babel.messages.catalog import Catalog

    bad = Catalog(locale="nb")
    bad.add("%(seat)s revoked", "%(sete)s gjorde renons", flags=("python-format",))
    assert [str(e) for _, errors in bad.check() for e in errors]


@pytest.mark.parametrize("language", OTHERS)
def test_a_catalog_compiles_in_memory_and_translates(language):
    assert translations(language).pgettext("suit", "spades") != "spades"
