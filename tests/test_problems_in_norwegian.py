"""A refusal in the reader's language: every 422 problem's ``message`` follows the negotiated
language, while its pointer and code, the contract, stay what they are in English.

A problem's message is written where the check is made, as an English template with named
facts (``referee.translator.said``); the one problem+json writer writes it in the request's
language and says so (``Content-Language``, ``Vary: Accept-Language``).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from test_record_errors import CASES

from hearts_referee import validate_hand
from hearts_referee.languages import catalog_path, translator
from hearts_referee.referee import RecordError
from hearts_referee.referee.translator import ENGLISH, translated

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hearts_referee"
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
URL = "/v1/hands/validate"


def _damaged() -> dict:
    """The revoke example with a card that does not read, a card dealt twice, a dealer not
    at the table and a field the format does not have."""
    deal = dict(REVOKE["deal"])
    deal["N"] = ["ZZ", *deal["N"][1:]]
    deal["E"] = [deal["S"][0], *deal["E"][1:]]
    return dict(REVOKE, deal=deal, dealer="X", referee="me")


def _refused(client, record, language: str):
    answer = client.post(URL, json=record, headers={"Accept-Language": language})
    assert answer.status_code == 422
    return answer


def test_a_damaged_record_asked_for_in_norwegian_lists_its_problems_in_norwegian(client):
    english = _refused(client, _damaged(), "en").get_json()
    answer = _refused(client, _damaged(), "nb")
    norsk = answer.get_json()
    assert answer.headers["Content-Language"] == "nb"
    assert "Accept-Language" in answer.headers["Vary"]
    assert [(e["pointer"], e["code"]) for e in norsk["errors"]] == [
        (e["pointer"], e["code"]) for e in english["errors"]
    ]
    assert len(norsk["errors"]) >= 4
    for en, nb in zip(english["errors"], norsk["errors"], strict=True):
        assert nb["message"] != en["message"], en
    by_code = {e["code"]: e["message"] for e in norsk["errors"]}
    assert by_code["unknown_card"] == (
        '\'ZZ\' er ikke et kort (skriv f.eks. "QS", "TH", "10h"); N spiller AD, som ingen fikk i given: '
        "er det AD? (dette forklarer feilen ved /play/13/card)"
    )
    assert by_code["unknown_seat"] == "giver 'X' er ikke ved bordet"
    assert by_code["unknown_field"] == "Ukjent felt."
    assert norsk["detail"] == "Denne protokollen for given kan ikke ha skjedd ved noe bord; se errors."


def test_a_refusal_in_english_says_english_and_its_words_are_what_they_were(client):
    answer = _refused(client, _damaged(), "en")
    assert answer.headers["Content-Language"] == "en"
    assert "Accept-Language" in answer.headers["Vary"]
    assert answer.get_json()["detail"] == "The hand record cannot have happened at any table; see errors."


@pytest.mark.parametrize("record, pointer, code", CASES)
def test_each_impossible_record_is_refused_in_norwegian_at_the_same_pointer_with_the_same_code(
    client, record, pointer, code
):
    english = _refused(client, record, "en").get_json()["errors"]
    norsk = _refused(client, record, "nb").get_json()["errors"]
    assert [(e["pointer"], e["code"]) for e in norsk] == [(e["pointer"], e["code"]) for e in english]
    assert (pointer, code) in [(e["pointer"], e["code"]) for e in norsk]
    for en, nb in zip(english, norsk, strict=True):
        assert nb["message"] != en["message"], en


def test_validate_hand_in_norwegian_raises_problems_that_read_in_norwegian():
    """The Python API: the problems of a ``RecordError`` are English (the exception's text);
    ``translated(problem.message, translator("nb"))`` reads each in Norwegian."""
    with pytest.raises(RecordError) as refused:
        validate_hand(_damaged(), language="nb")
    nb = translator("nb")
    messages = {p.code: translated(p.message, nb) for p in refused.value.problems}
    assert messages["unknown_seat"] == "giver 'X' er ikke ved bordet"
    assert all(translated(p.message, ENGLISH) == p.message for p in refused.value.problems)


# --- every problem written to be translated ------------------------------------------------


PACKAGES = sorted(path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file())

WRITTEN_TO_BE_TRANSLATED = tuple(package for package in PACKAGES if package != "web")
"""The packages whose every refusal is written as a template with facts: every package but the
director's pages' own (``web``, whose forms' errors are the pages'): the rules core (a hand
record's problems), the director's decisions, the use cases' refusals of games, events and
keys, the HRN reader's diagnostics, and the faces' refusals of a body, a key or a request."""

REFUSALS = {
    # what is built: the argument that is its words (by position, by name)
    "Problem": (2, "message"),
    "Rejected": (1, "detail"),
    "Conflict": (0, "detail"),
    "NotFound": (0, "detail"),
    "Forbidden": (0, "detail"),
    "ArchiveError": (0, "detail"),
    "ArchiveUnavailable": (1, "reason"),
    "Refused": (2, "message"),
    "CannotSeat": (1, "message"),
    "ValidationError": (0, "message"),
    "_unauthorized": (0, "detail"),
    "UnsupportedMediaType": (0, "description"),
    "RequestEntityTooLarge": (0, "description"),
    "OverLimit": (1, "message"),
    "NotGzip": (0, "why"),
}
"""Every way a refusal's words are written: a problem, a use case's refusal, an HTTP error
of the faces, a seating the event's rules refuse, a field marshmallow refuses."""

HTTP_ERRORS = frozenset(
    {
        "BadRequest",
        "Unauthorized",
        "NotFound",
        "UnsupportedMediaType",
        "RequestEntityTooLarge",
        "RequestTimeout",
        "UnprocessableEntity",
        "TooManyRequests",
        "ServiceUnavailable",
        "HTTPException",
    }
)
"""Werkzeug's errors, whose subclasses of ours write their ``description`` in ``__init__``."""


def _called(node: ast.Call) -> str | None:
    return getattr(node.func, "id", None) or getattr(node.func, "attr", None)


def _words_of(node: ast.Call, position: int, name: str) -> ast.expr | None:
    if len(node.args) > position and not isinstance(node.args[position], ast.Starred):
        return node.args[position]
    return next((k.value for k in node.keywords if k.arg == name), None)


def _problem_sites() -> list[tuple[str, int, ast.expr]]:
    """The words of every refusal built in :data:`WRITTEN_TO_BE_TRANSLATED`: a problem's
    message (``Problem(pointer, code, message)``), a refusal's detail (:data:`REFUSALS`), the
    description an HTTP error of ours gives Werkzeug (``super().__init__(...)``), and the
    HRN reader's diagnostics and hints (``self.say(line, column, code, message, hint)``)."""
    sites = []
    for package in WRITTEN_TO_BE_TRANSLATED:
        for path in sorted((PACKAGE / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = str(path.relative_to(ROOT))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.ClassDef)
                    and {getattr(b, "id", None) for b in node.bases} & HTTP_ERRORS
                ):
                    for call in ast.walk(node):
                        if (
                            isinstance(call, ast.Call)
                            and isinstance(call.func, ast.Attribute)
                            and call.func.attr == "__init__"
                            and call.args
                        ):
                            sites.append((where, call.lineno, call.args[0]))
                if not isinstance(node, ast.Call):
                    continue
                called = _called(node)
                if called in REFUSALS:
                    words = _words_of(node, *REFUSALS[called])
                    if words is not None:
                        sites.append((where, node.lineno, words))
                elif called == "say" and len(node.args) >= 4:
                    sites.extend((where, node.lineno, said) for said in node.args[3:5])
    return sites


def _written_as_text(message: ast.expr) -> bool:
    """A message written as English text on the spot: a string or an f-string, or one glued
    of them, never a template with facts (``SAID.gettext(...)``)."""
    return isinstance(message, (ast.Constant, ast.JoinedStr, ast.BinOp)) and not (
        isinstance(message, ast.Constant) and message.value in ("", None)
    )


def test_the_refusals_looked_for_are_found():
    """The look covers what it says: problems in every layer, details, descriptions, hints."""
    where = {site.split("/")[1] for site, _, _ in _problem_sites()}
    assert {
        "referee",
        "rulings",
        "usecases",
        "schemas",
        "http_shared",
        "api",
        "stored",
        "batch",
        "cli",
    } <= where
    assert "web" not in where
    assert len(_problem_sites()) > 200


def test_no_refusal_is_written_as_english_text_on_the_spot():
    written = [f"{where}:{line}" for where, line, message in _problem_sites() if _written_as_text(message)]
    assert written == [], "write each as SAID.gettext('template with %(facts)s', facts=...): " + ", ".join(
        written
    )


# --- every message read in Norwegian ---------------------------------------------------------

SAME_IN_NORWEGIAN = frozenset({"joker", "format", "kitty", "status", "variant", "mp"})
"""Words Norwegian writes as English does (a matchpoint is an MP in both)."""

MARKUP = frozenset({"strong", "class", "badge"})
"""Words of a message's HTML, which no reader sees."""


def _words(message: str) -> list[str]:
    """The words of a message, its placeholders left out."""
    return re.sub(r"[^A-Za-z]+", " ", re.sub(r"%\(\w+\)s", " ", message)).split()


def test_no_message_is_left_in_english_in_the_norwegian_catalog():
    """Translated is not enough (``test_catalogs``): a translation that is its English message
    would read English to a Norwegian reader. Only a message of placeholders and marks (no
    word to translate) and the few words Norwegian shares are the same in both."""
    with catalog_path("nb").open("rb") as file:
        nb = read_po(file, locale="nb")
    left = []
    for message in nb:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        norsk = message.string if isinstance(message.string, tuple) else (message.string,)
        left += [
            m for m in english if m in norsk and {w.lower() for w in _words(m)} - SAME_IN_NORWEGIAN - MARKUP
        ]
    assert left == []
