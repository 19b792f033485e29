"""The reader's language, on both faces: chosen once per request, told in the answer.

The language is, in order: ``?lang=`` (on the pages remembered in the session, so it holds
from page to page and through sign-in), then the language the session remembers (pages
only), then the best of ``Accept-Language`` by its q-values (``no``, ``nn`` and ``nb-NO``
read Norwegian Bokmål: ``languages.language_of``), then English. Flask-Babel carries the
choice to the templates (``gettext`` and friends, ``<html lang>``); its catalogs are the
package's own, compiled in memory (``hearts_referee.languages``).

An answer whose text was written in the chosen language says so: ``Content-Language`` and
``Vary: Accept-Language``. Every page is such an answer; an API answer is one when its view
wrote its words in :func:`current` and said so with :func:`told` (the explanations of a
validated hand or game, every problem+json answer). Codes, pointers, field
names and enum values are the contract and never change with the language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from flask import Flask, current_app, request, session
from flask_babel import Babel, Domain

from hearts_referee.languages import LANGUAGES, SOURCE, language_of, name_of, preferred, translations

if TYPE_CHECKING:  # pragma: no cover
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

QUERY = "lang"
"""The query parameter that chooses a language: ``?lang=nb``."""

KEPT = "lang"
"""Where the pages' session keeps the language chosen."""


class _Catalogs(Domain):  # type: ignore[misc]  # Flask-Babel ships no types
    """Flask-Babel's messages for the request's language, from the package's catalogs
    (compiled in memory), not from ``.mo`` files on disk."""

    def get_translations(self) -> object:
        return translations(current())


def current() -> str:
    """The request's language (one of ``languages.LANGUAGES``): chosen once per request, here,
    as a plain string kept in the request's environ. Flask-Babel's own ``get_locale`` (the
    templates') asks the same choice and parses it into a ``babel.Locale``, which looks the
    locale's data up on disk: an API answer needs only the code (docs/performance.md, "The
    service's own overhead")."""
    return _chosen(request.environ)


_REMEMBERS = "hearts_referee.language.remembers"
"""Where the app keeps which paths remember a language in the session (``init_app``'s)."""

_CHOSEN = "hearts_referee.language"
"""Where a request's environ keeps the language chosen for it (:func:`current`)."""


def _chosen(environ: WSGIEnvironment) -> str:
    chosen: str | None = environ.get(_CHOSEN)
    if chosen is None:
        chosen = environ[_CHOSEN] = _choose(environ, current_app.extensions[_REMEMBERS])
    return chosen


def _choose(environ: WSGIEnvironment, remembers: Callable[[str], bool]) -> str:
    kept_here = remembers(request.path)
    asked = request.args.get(QUERY) if environ.get("QUERY_STRING") else None  # no query: none parsed
    chosen = language_of(asked) if asked is not None else None
    if chosen is not None:
        if kept_here:
            session[KEPT] = chosen
        return chosen
    if kept_here:
        kept = session.get(KEPT)
        if isinstance(kept, str) and kept in LANGUAGES:
            return kept
    return preferred(environ.get("HTTP_ACCEPT_LANGUAGE", "")) or SOURCE


_TOLD = "hearts_referee.language_told"
"""Where a request's environ keeps the language its answer says it is written in (:func:`told`)."""


def told() -> None:
    """This answer's text is in the request's language (:func:`current`): say so in its
    headers. A view calls it once the answer is made (and the one problem+json writer, whose
    every refusal is written in that language), so an answer with no words of the language
    (``/healthz``) does not claim one."""
    environ = request.environ
    environ[_TOLD] = _chosen(environ)


class Told:
    """``Content-Language`` and ``Vary: Accept-Language`` on an answer that :func:`told`, added
    as the answer starts by wrapping the WSGI app: an after-request hook went through
    ``Response.headers`` and the context's proxies on every answer, told or not
    (docs/performance.md, "The service's own overhead")."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            language: str | None = environ.get(_TOLD)
            if language is not None:
                _tell(headers, language)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def _tell(headers: list[tuple[str, str]], language: str) -> None:
    headers.append(("Content-Language", language))
    for place, (name, value) in enumerate(headers):
        if name.lower() == "vary":  # an answer that varies already (Accept, Origin): one more
            varies = {part.strip().lower() for part in value.split(",")}
            if "accept-language" not in varies and "*" not in varies:
                headers[place] = (name, f"{value}, Accept-Language")
            return
    headers.append(("Vary", "Accept-Language"))


def gettext(message: str, /, **values: object) -> str:
    """A message of a face (a flash, a form's error) in the request's language, its named
    placeholders filled in (``gettext("Signed in as %(name)s.", name=key.name)``)."""
    text = translations(current()).gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """A message of a face whose words a number decides (``n``, also its ``%(num)s``), in the
    request's language with its plural form, its named placeholders filled in."""
    return translations(current()).ngettext(singular, plural, n) % {"num": n, **values}


def choices() -> list[tuple[str, str]]:
    """Every language spoken, as a language switch offers it: its code and its own name."""
    return [(language, name_of(language)) for language in LANGUAGES]


def switch_to(language: str) -> str:
    """This page in another language: its path and query, ``?lang=`` set to ``language``."""
    asked = [(name, value) for name, value in request.args.items(multi=True) if name != QUERY]
    return request.path + "?" + urlencode([*asked, (QUERY, language)])


def init_app(app: Flask, remembers: Callable[[str], bool]) -> None:
    """Flask-Babel with the package's catalogs; the language chosen per request (kept in the
    session on the paths ``remembers``); ``Content-Language`` on the answers it wrote."""
    app.extensions[_REMEMBERS] = remembers
    babel = Babel(app, locale_selector=current, default_locale=SOURCE)
    babel.domain_instance = _Catalogs()
    app.jinja_env.globals.update(current_language=current, language_choices=choices, switch_to=switch_to)

    @app.before_request
    def choose_early() -> None:
        # On the pages the choice is made before the view, so ``?lang=`` is kept in the session
        # even when the page has no word to translate, and every page says its language.
        if remembers(request.path):
            current()
            told()

    app.wsgi_app = Told(app.wsgi_app)  # type: ignore[method-assign]
