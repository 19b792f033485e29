"""The words the pages show for the contract's values, in the page's language.

A status, a round's kind, a decision, a claim's outcome, a role, a pass direction or a
ruling's title is a value of the API (``between_rounds``, ``uphold``, ``right``, ``revoke``)
and stays one in the forms, the links and the JSON; where a person reads it, a page shows it
as a word of its context in the request's language (``http_shared.language``): the same
English word can be another word in Norwegian in another context, so each is a message with
its context (``pgettext``). A value no context lists is shown as it is, ``_`` read as a
space: a page never fails on a word. Outside a request (a view built for a test) the words
are English.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from flask import has_request_context

from hearts_referee.http_shared.language import current
from hearts_referee.languages import SOURCE
from hearts_referee.languages import translator as translator_for
from hearts_referee.referee.rulingkinds import RULING_KINDS
from hearts_referee.referee.translator import Said, Translator, direction_name, translated
from hearts_referee.referee.variant import Variant


def language() -> str:
    """The request's language; English outside a request."""
    return current() if has_request_context() else SOURCE


def translator() -> Translator:
    """The request's translator (English outside a request)."""
    return translator_for(language())


@functools.cache
def _words(language: str) -> Mapping[tuple[str, str], str]:
    t = translator_for(language)
    return {
        ("event status", "registering"): t.pgettext("event status", "registering"),
        ("event status", "playing"): t.pgettext("event status", "playing"),
        ("event status", "pending"): t.pgettext("event status", "pending"),
        ("event status", "between_rounds"): t.pgettext("event status", "between rounds"),
        ("event status", "over"): t.pgettext("event status", "over"),
        ("table status", "playing"): t.pgettext("table status", "playing"),
        ("table status", "pending"): t.pgettext("table status", "pending"),
        ("table status", "over"): t.pgettext("table status", "over"),
        ("round kind", "random"): t.pgettext("round kind", "random"),
        ("round kind", "swiss"): t.pgettext("round kind", "swiss"),
        ("round kind", "playoff"): t.pgettext("round kind", "playoff"),
        ("round kind", "winners"): t.pgettext("round kind", "winners"),
        ("game status", "in_progress"): t.pgettext("game status", "in progress"),
        ("game status", "over"): t.pgettext("game status", "over"),
        ("hand status", "open"): t.pgettext("hand status", "open"),
        ("hand status", "awaiting_signatures"): t.pgettext("hand status", "awaiting signatures"),
        ("hand status", "final"): t.pgettext("hand status", "final"),
        ("ruling status", "referred"): t.pgettext("ruling status", "referred"),
        ("ruling status", "applied"): t.pgettext("ruling status", "applied"),
        ("ruling status", "excused"): t.pgettext("ruling status", "excused"),
        ("ruling status", "decided"): t.pgettext("ruling status", "decided"),
        ("ruling status", "upheld"): t.pgettext("ruling status", "upheld"),
        ("ruling status", "waived"): t.pgettext("ruling status", "waived"),
        ("ruling status", "adjusted"): t.pgettext("ruling status", "adjusted"),
        ("decision", "uphold"): t.pgettext("decision", "uphold"),
        ("decision", "waive"): t.pgettext("decision", "waive"),
        ("decision", "adjust"): t.pgettext("decision", "adjust"),
        ("decision", "claim"): t.pgettext("decision", "claim"),
        ("decision", "accept"): t.pgettext("decision", "accept"),
        ("decision", "keep"): t.pgettext("decision", "keep"),
        ("override", "move"): t.pgettext("override", "move"),
        ("override", "swap"): t.pgettext("override", "swap"),
        ("override", "reseat"): t.pgettext("override", "reseat"),
        ("override", "add"): t.pgettext("override", "add"),
        ("override", "withdraw"): t.pgettext("override", "withdraw"),
        ("override", "scorers"): t.pgettext("override", "scorers"),
        ("signature status", "stale"): t.pgettext("signature status", "stale"),
        ("claim", "allowed"): t.pgettext("claim", "allowed"),
        ("claim", "refused"): t.pgettext("claim", "refused"),
        ("moon option", "add"): t.pgettext("moon option", "add"),
        ("moon option", "subtract"): t.pgettext("moon option", "subtract"),
        ("moon chosen by", "record"): t.pgettext("moon chosen by", "record"),
        ("moon chosen by", "referee"): t.pgettext("moon chosen by", "referee"),
        ("role", "director"): t.pgettext("role", "director"),
        ("role", "auditor"): t.pgettext("role", "auditor"),
        ("role", "scorer"): t.pgettext("role", "scorer"),
        ("role", "admin"): t.pgettext("role", "admin"),
    }


CONTEXTS = frozenset(context for context, _ in _words(SOURCE))
"""Every context a value has a word in."""

STATUSES = ("hand status", "ruling status", "game status", "signature status")
"""The contexts of the statuses a hand page shows side by side (:func:`status`)."""


def word(context: str, value: str) -> str:
    """``value`` (an enum's, in ``context``) as a word in the page's language; a value no
    context lists is shown as it is, ``_`` read as a space. ``KeyError`` for an unknown context."""
    if context not in CONTEXTS:
        raise KeyError(context)
    shown = str(value)
    return _words(language()).get((context, shown), shown.replace("_", " "))


def status(value: str) -> str:
    """A hand's, a ruling's, a game's or a signature's status in words (the first of
    :data:`STATUSES` that has one)."""
    words = _words(language())
    for context in STATUSES:
        found = words.get((context, value))
        if found is not None:
            return found
    return value.replace("_", " ")


def action(value: str) -> str:
    """A director's decision (``uphold``, ``waive``...) or a claim's outcome in words."""
    return word("decision" if ("decision", value) in _words(SOURCE) else "claim", value)


def role(value: str) -> str:
    """A key's role (``director``, ``auditor``, ``scorer``, ``admin``) in words."""
    return word("role", value)


def direction(name: str) -> str:
    """A pass direction as the referee names it (``left``, ``2 right``, ``hold``) in words."""
    return direction_name(name, translator())


TITLES = {code.value: kind.title for code, kind in RULING_KINDS.items()}
"""Each ruling code's heading on the pages, read from the registry (an entry's ``title``)."""


def title_of(code: str) -> str:
    """A ruling code's heading (``revoke`` -> "Revoke", in Norwegian "Renons"), from the
    registry's titles (``referee.rulingkinds``, marked there for the catalog)."""
    title = TITLES.get(code)
    return translator().gettext(title) if title is not None else code.replace("_", " ").capitalize()


def titles() -> dict[str, str]:
    """Every ruling code's heading, for a script to show (the hand entry's flags)."""
    return {code: title_of(code) for code in TITLES}


def in_language(text: str) -> str:
    """A text a page shows, in the page's language: a sentence the engine or a page wrote as a
    :class:`~hearts_referee.referee.translator.Said` (a problem's ``message``, a form field's
    problem) written again in it; a message marked where it is written (``N_``: a clause's
    text, a house rule's description) from the catalog; any other text (a name) as it is.
    The pages' ``translated``: ``{{ p.message|translated }}``, ``translated(clause.text)``;
    escaped as any value and never read as a format."""
    if isinstance(text, Said):
        return translated(text, translator())
    return translator().gettext(text)


def variant_name(variant: Variant) -> str:
    """A variant's name in the page's language: a built-in one's as marked where it is
    written (``N_``), a house variant's as the whole phrase ``referee.house`` wrote it
    ("Omnibus kitty (house rules)", itself a ``Said``)."""
    name = variant.name
    t = translator()
    return translated(name, t) if isinstance(name, Said) else t.gettext(name)


def ordinal(n: int) -> str:
    """``n`` as an ordinal number in the page's language: ``1st``, ``2nd``, ``3rd``, ``11th``,
    ``21st``; in Norwegian ``1.``, ``2.``. English's own rule chooses which of four whole
    messages it is (each a language translates as a whole, Norwegian all four as ``%(n)s.``)."""
    t = translator()
    last = n % 10 if n % 100 not in (11, 12, 13) else 0
    if last == 1:
        return t.pgettext("ordinal", "%(n)sst") % {"n": n}
    if last == 2:
        return t.pgettext("ordinal", "%(n)snd") % {"n": n}
    if last == 3:
        return t.pgettext("ordinal", "%(n)srd") % {"n": n}
    return t.pgettext("ordinal", "%(n)sth") % {"n": n}
