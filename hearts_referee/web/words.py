"""The words the pages show for the contract's values, in the page's language.

A status, a decision's action, a pass direction or a ruling's title is a value of the API
(``referred``, ``uphold``, ``right``, ``revoke``) and stays one in the forms and the links;
where a person reads it, the page shows it through these, in the request's language
(``http_shared.language``). A value these do not know is shown as it is: a page never fails
on a word.
"""

from __future__ import annotations

from flask import has_request_context

from hearts_referee.http_shared.language import current
from hearts_referee.languages import translator as translator_for
from hearts_referee.referee.rulingkinds import RULING_KINDS
from hearts_referee.referee.rulingkinds import _direction as direction_in  # the core's own words
from hearts_referee.referee.translator import ENGLISH, Translator

TITLES = {code.value: kind.title for code, kind in RULING_KINDS.items()}
"""Each ruling code's heading on the pages, read from the registry (an entry's ``title``)."""


def translator() -> Translator:
    """The request's language (English outside a request: a view built for a test)."""
    if not has_request_context():
        return ENGLISH
    return translator_for(current())


def title_of(code: str) -> str:
    """A ruling code's heading (``revoke`` -> "Revoke", in Norwegian "Renons"), from the
    registry's titles (``referee.rulingkinds``, marked there for the catalog)."""
    title = TITLES.get(code)
    return translator().gettext(title) if title is not None else code.replace("_", " ").capitalize()


def titles() -> dict[str, str]:
    """Every ruling code's heading, for a script to show (the hand entry's flags)."""
    return {code: title_of(code) for code in TITLES}


def direction(name: str) -> str:
    """A pass direction as the referee names it (``left``, ``2 right``, ``hold``) in words."""
    return direction_in(name, translator())


def status(value: str) -> str:
    """A hand's, a ruling's, a game's or a signature's status in words."""
    t = translator()
    words = {
        "open": t.pgettext("status", "open"),
        "awaiting_signatures": t.pgettext("status", "awaiting signatures"),
        "final": t.pgettext("status", "final"),
        "referred": t.pgettext("status", "referred"),
        "applied": t.pgettext("status", "applied"),
        "excused": t.pgettext("status", "excused"),
        "decided": t.pgettext("status", "decided"),
        "upheld": t.pgettext("status", "upheld"),
        "waived": t.pgettext("status", "waived"),
        "adjusted": t.pgettext("status", "adjusted"),
        "in_progress": t.pgettext("status", "in progress"),
        "over": t.pgettext("status", "over"),
        "stale": t.pgettext("status", "stale"),
    }
    return words.get(value, value.replace("_", " "))


def role(value: str) -> str:
    """A key's role (``director``, ``auditor``, ``scorer``, ``admin``) in words."""
    t = translator()
    words = {
        "director": t.pgettext("role", "director"),
        "auditor": t.pgettext("role", "auditor"),
        "scorer": t.pgettext("role", "scorer"),
        "admin": t.pgettext("role", "admin"),
    }
    return words.get(value, value)


def action(value: str) -> str:
    """A director's decision (``uphold``, ``waive``...) or a claim's outcome in words."""
    t = translator()
    words = {
        "uphold": t.pgettext("decision", "uphold"),
        "waive": t.pgettext("decision", "waive"),
        "adjust": t.pgettext("decision", "adjust"),
        "claim": t.pgettext("decision", "claim"),
        "accept": t.pgettext("decision", "accept"),
        "keep": t.pgettext("decision", "keep"),
        "allowed": t.pgettext("claim", "allowed"),
        "refused": t.pgettext("claim", "refused"),
    }
    return words.get(value, value)
