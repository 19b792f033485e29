"""The language the referee's words are written in: a translator, English by default.

The core writes every sentence a person reads (a ruling's explanation and suggestion) as a
whole-sentence template in English, the source language, with named placeholders
(``%(seat)s``), and asks a :class:`Translator` for the sentence in the reader's language
before filling it in: the word order is the template's, never glued from parts. The core
knows no catalog and no web framework: the faces (and ``validate_hand(..., language=)``)
pass the translations of the language they negotiated (``hearts_referee.languages``), which
have these three methods; :data:`ENGLISH`, the default, answers the source text itself.

The messages are found in the sources by ``pybabel extract`` (``babel.cfg``): a call of
``gettext``, ``ngettext`` or ``pgettext`` on a translator, with literal strings.
"""

from __future__ import annotations

from typing import Protocol

from .cards import Card, Suit


class Translator(Protocol):
    """What the core asks of a language: Python's ``gettext`` interface, as Babel's
    ``Translations`` (and ``NullTranslations``, which is English) have it."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


class English:
    """The source language: every message is its own translation (one plural form: ``n == 1``)."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


ENGLISH: Translator = English()
"""The default translator: the English source text."""


def N_(message: str) -> str:  # gettext's name for it, which ``pybabel extract`` knows
    """A message marked for translation where it is written, translated where it is read
    (``t.gettext(message)``): the message itself."""
    return message


def suit_name(suit: Suit, t: Translator) -> str:
    """A suit's name in the reader's language (``"spades"``, in Norwegian ``"spar"``)."""
    if suit is Suit.SPADES:
        return t.pgettext("suit", "spades")
    if suit is Suit.HEARTS:
        return t.pgettext("suit", "hearts")
    if suit is Suit.DIAMONDS:
        return t.pgettext("suit", "diamonds")
    return t.pgettext("suit", "clubs")


def rank_name(card: Card, t: Translator) -> str:
    """A card's rank as a word (``"queen"``, in Norwegian ``"dame"``); a number card's rank is
    its number, the joker ``"joker"``."""
    if card.suit is None:
        return t.pgettext("card", "joker")
    if card.rank == 11:
        return t.pgettext("rank", "jack")
    if card.rank == 12:
        return t.pgettext("rank", "queen")
    if card.rank == 13:
        return t.pgettext("rank", "king")
    if card.rank == 14:
        return t.pgettext("rank", "ace")
    return str(card.rank)


def card_name(card: Card, t: Translator) -> str:
    """A card named in words, as a reader would say it: ``"queen of spades"``, in Norwegian
    ``"spar dame"`` (a screen reader's text for a card drawn as ``Q♠``)."""
    if card.suit is None:
        return rank_name(card, t)
    return t.pgettext("card", "%(rank)s of %(suit)s") % {
        "rank": rank_name(card, t),
        "suit": suit_name(card.suit, t),
    }
