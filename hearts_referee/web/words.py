"""The pages' words for the values of the service's enums: a status, a round's kind, a decision.

A value (``between_rounds``, ``swiss``, ``uphold``) is the contract's: the API and the forms
send it as it is. A page shows it as a word in the page's language, found by the value and the
context it belongs to (``word("event status", event.status)``): the same English word can
be another word in Norwegian in another context, so each is a message with its context
(``pgettext``). English shows the value itself, ``_`` read as a space.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from hearts_referee.http_shared.language import current
from hearts_referee.languages import translator

from .pages import bp


@functools.cache
def _words(language: str) -> Mapping[tuple[str, str], str]:
    t = translator(language)
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
    }


CONTEXTS = frozenset(context for context, _ in _words("en"))
"""Every context a value has a word in."""


@bp.app_template_global("word")
def word(context: str, value: str) -> str:
    """``value`` (an enum's, in ``context``) as a word in the page's language; a value no
    context lists is shown as it is, ``_`` read as a space. ``KeyError`` for an unknown context."""
    if context not in CONTEXTS:
        raise KeyError(context)
    shown = str(value)
    return _words(current()).get((context, shown), shown.replace("_", " "))
