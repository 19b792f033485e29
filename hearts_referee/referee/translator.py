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

from collections.abc import Iterable, Sequence
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


@mypyc_attr(native_class=False)  # a str: compiled, a native class may not subclass one
class Said(str):
    """A sentence or phrase the engine writes in English, the source language (a problem's
    message, why a deal is irregular, what was wrong with a pass, why a claim holds or fails,
    what the moon's search found): the English text itself, a ``str`` (so it joins, compares
    and is stored as the English text always was), that also keeps the message it was written
    from and its facts, so the reader's language can write it again (:func:`translated`). Made by
    :data:`SAID`; a fact may itself be a ``Said`` (told in the same language), a suit or a
    :class:`Direction` (named in the reader's words), and a list of them is one ``Said`` too
    (:meth:`Saying.joined`)."""

    message: str
    plural: str
    n: int
    values: dict[str, object]
    separator: str
    parts: tuple[str, ...]

    def translated(self, t: Translator) -> str:
        """The sentence in the language of ``t``: its message translated, then filled in with
        its facts, each in the same language (:func:`fact`)."""
        if self.parts:
            return self.separator.join([translated(part, t) for part in self.parts])
        template = t.ngettext(self.message, self.plural, self.n) if self.plural else t.gettext(self.message)
        return template % {name: fact(value, t) for name, value in self.values.items()}


class Direction(NamedTuple):
    """A pass direction as a fact of a sentence, written in words in the reader's language
    (:func:`direction_name`)."""

    name: str
    """As ``variant.pass_direction_name`` writes it: ``left``, ``2 right``, ``across``, ``hold``."""


def fact(value: object, t: Translator) -> object:
    """A fact of a sentence as the language of ``t`` writes it: a :class:`Said` told, a suit
    and a :class:`Direction` named in words; a seat id, a card's label, a number as they are."""
    if isinstance(value, Said):
        return value.translated(t) if t is not ENGLISH else str(value)
    if isinstance(value, Suit):
        return suit_name(value, t)
    if isinstance(value, Direction):
        return direction_name(value.name, t)
    return value


def _said(message: str, values: dict[str, object]) -> Said:
    said = Said(
        message % {name: fact(value, ENGLISH) for name, value in values.items()} if values else message
    )
    said.message, said.plural, said.n, said.values = message, "", 0, values
    said.separator, said.parts = "", ()
    return said


class Saying:
    """How the engine writes a :class:`Said`: as a translator is asked for a message (whole
    templates with named placeholders; ``pybabel extract`` finds them by these names), the
    English text made at once, the message and its facts kept for another language."""

    # The parameters' names are no fact's: compiled, mypyc takes a positional-only parameter
    # by its name too, so a fact named ``message`` would collide with it.
    def gettext(self, _message: str, /, **values: object) -> Said:
        return _said(_message, values)

    def ngettext(self, _singular: str, _plural: str, _n: int, /, **values: object) -> Said:
        said = _said(_singular if _n == 1 else _plural, values)
        said.message, said.plural, said.n = _singular, _plural, _n
        return said

    def joined(self, separator: str, parts: Iterable[str]) -> Said:
        """Phrases of a list (``"; "``-separated reasons), each told in its own words."""
        listed = tuple(parts)
        said = _said(separator.join(listed), {})
        said.separator, said.parts = separator, listed
        return said


SAID = Saying()
"""Where the engine writes what it says: ``SAID.gettext("passed %(count)s cards on a hold hand",
count=2)`` is the English ``"passed 2 cards on a hold hand"``, and tells itself in Norwegian."""


def alternatives(choices: Sequence[str]) -> str:
    """Choices as a sentence offers one of them: ``4 or 5``, ``6 or 7 or 8`` (in Norwegian
    ``6 eller 7 eller 8``); one choice is itself."""
    if len(choices) == 1:
        return choices[0]
    return SAID.gettext("%(these)s or %(that)s", these=alternatives(choices[:-1]), that=choices[-1])


def translated(text: str, t: Translator) -> str:
    """A sentence in the language of ``t``: a :class:`Said` written again from its message;
    any other text (a plain string a caller gave, a name) as it is. English is the text
    itself: no catalog is asked."""
    if not isinstance(text, Said):
        return text
    return str(text) if t is ENGLISH else text.translated(t)


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
