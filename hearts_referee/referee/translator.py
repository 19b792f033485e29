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

from collections.abc import Mapping
from typing import NamedTuple, Protocol

from mypy_extensions import mypyc_attr

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


@mypyc_attr(native_class=False)  # compiled: a native class cannot be a kind of str
class Said(str):
    """A sentence written in English, the source language, that remembers the template it
    was written from and the facts that filled it in (:func:`said`), so that
    :func:`translated` can write it in another language. It *is* the English text: compared,
    hashed, joined and stored as that string, so a problem's ``message`` is what it was."""

    template: str
    facts: Mapping[str, object]


def said(template: str, /, **facts: object) -> str:
    """A sentence from its English ``template`` (marked with :func:`N_` where it is written)
    and its named facts: the English text, which :func:`translated` can write in any language.

    A fact is written as it is (a seat id, a card's label, a number), except a suit, which is
    a word of the reader's language (:func:`suit_name`), and a sentence made by :func:`said`,
    which is translated too (a reason inside a sentence)."""
    text = Said(template % {name: _fact(fact, ENGLISH) for name, fact in facts.items()})
    text.template = template
    text.facts = facts
    return text


class Direction(NamedTuple):
    """A pass direction as a fact of a sentence (:func:`said`), written in words in the
    reader's language (:func:`direction_name`)."""

    name: str
    """As ``variant.pass_direction_name`` writes it: ``left``, ``2 right``, ``across``, ``hold``."""


def _fact(fact: object, t: Translator) -> object:
    if isinstance(fact, Said):
        return translated(fact, t)
    if isinstance(fact, Suit):
        return suit_name(fact, t)
    if isinstance(fact, Direction):
        return direction_name(fact.name, t)
    return fact


def translated(message: str, t: Translator) -> str:
    """``message`` in ``t``'s language: a sentence made by :func:`said` from its template's
    translation and its facts; any other text (English, nothing to translate) as it is. In
    English, the message itself: nothing is looked up."""
    if t is ENGLISH or not isinstance(message, Said):
        return message
    return t.gettext(message.template) % {name: _fact(fact, t) for name, fact in message.facts.items()}


def direction_name(direction: str, t: Translator) -> str:
    """A pass direction (``Replay.pass_direction``: ``left``, ``2 right``...) in words."""
    steps, _, side = direction.rpartition(" ")
    if steps:
        if side == "left":
            return t.pgettext("pass direction", "%(steps)s left") % {"steps": steps}
        return t.pgettext("pass direction", "%(steps)s right") % {"steps": steps}
    if side == "left":
        return t.pgettext("pass direction", "left")
    if side == "right":
        return t.pgettext("pass direction", "right")
    if side == "across":
        return t.pgettext("pass direction", "across")
    return t.pgettext("pass direction", "hold")


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
