"""The languages the service speaks: English, the source text, and a catalog for each other.

Every message a person reads is written in English in the sources and translated through a
catalog, ``hearts_referee/translations/<language>/LC_MESSAGES/messages.po`` (package data).
The catalogs are compiled here, in memory, the first time a language is asked for: nothing
generated is kept in the repository or needs a build step, so a checkout, an editable
install and the wheel all speak every language whose catalog they carry.

Adding a language is one catalog plus one line: its code in :data:`LANGUAGES`
(``docs/languages.md``). The rules core knows none of this: it takes a
:class:`~hearts_referee.referee.translator.Translator`, which :func:`translator` makes. The
faces choose the language (``http_shared.language``: ``?lang=``, the session, then
``Accept-Language``); the library and the batch audits take it as an argument.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib import resources
from io import BytesIO
from types import MappingProxyType

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from hearts_referee.referee.translator import ENGLISH, Translator

SOURCE = "en"
"""The language the messages are written in, and the one spoken when nothing else is asked for."""

LANGUAGES: tuple[str, ...] = (SOURCE, "nb")
"""Every language spoken, the source first: each other one has a catalog."""

ALIASES: Mapping[str, str] = MappingProxyType({"no": "nb", "nn": "nb"})
"""Languages read in another's catalog: a browser set to Norwegian (``no``) or to Nynorsk
(``nn``) reads Bokmål. Babel's own aliases only lead to a catalog named ``nb_NO``."""

DOMAIN = "messages"


def language_of(tag: str) -> str | None:
    """The language spoken for a language tag (``nb-NO``, ``no``, ``nn``, ``en_GB``), by its
    primary subtag; ``None`` when it is none of :data:`LANGUAGES` (``*``, ``de``)."""
    primary = tag.strip().replace("_", "-").partition("-")[0].lower()
    primary = ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else None


def preferred(accept_language: str) -> str | None:
    """The language spoken that an ``Accept-Language`` header prefers: its tags by quality,
    highest first (the header's order among equals), the first one spoken; ``q=0`` refuses a
    tag. ``None`` when it asks for none of them."""
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate(accept_language.split(",")):
        tag, _, parameters = part.partition(";")
        quality = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0  # a quality that does not parse: the tag is not taken
        if quality > 0 and tag.strip():
            ranked.append((-quality, place, tag))
    for _, _, tag in sorted(ranked):
        language = language_of(tag)
        if language is not None:
            return language
    return None


def catalog_path(language: str) -> resources.abc.Traversable:
    """Where a language's catalog is, inside the package."""
    return resources.files("hearts_referee") / "translations" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _spoken(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"language {language!r} is not spoken here; choose one of {', '.join(LANGUAGES)}")
    return language


@functools.cache
def translations(language: str) -> NullTranslations:
    """A language's messages, as Babel's translations (what Flask-Babel and Jinja use): the
    catalog read and compiled in memory, once. English, the source, translates nothing.
    ``ValueError`` for a language not spoken."""
    if _spoken(language) == SOURCE:
        return NullTranslations()
    with catalog_path(language).open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries left out, as msgfmt leaves them
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


class _Catalog:
    """A language's translations as the rules core asks for them (every answer a ``str``)."""

    def __init__(self, language: str) -> None:
        self.messages = translations(language)

    def gettext(self, message: str, /) -> str:
        return self.messages.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return self.messages.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, /) -> str:
        return str(self.messages.pgettext(context, message))


@functools.cache
def translator(language: str) -> Translator:
    """The rules core's :class:`~hearts_referee.referee.translator.Translator` for a language
    (``ValueError`` for a language not spoken). The source language is
    :data:`~hearts_referee.referee.translator.ENGLISH`, which answers each message with itself:
    an English answer asks no catalog."""
    return ENGLISH if _spoken(language) == SOURCE else _Catalog(language)


def name_of(language: str) -> str:
    """A language's name in itself, as a language switch shows it: ``English``, ``Norsk bokmål``."""
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]
