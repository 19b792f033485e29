"""A refusal in the reader's language: every 422 problem's ``message`` follows the negotiated
language, while its pointer and code, the contract, stay what they are in English.

A problem's message is written where the check is made, as an English template with named
facts (``referee.translator.said``); the one problem+json writer writes it in the request's
language and says so (``Content-Language``, ``Vary: Accept-Language``).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from test_record_errors import CASES

from hearts_referee import validate_hand
from hearts_referee.languages import translator
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


WRITTEN_TO_BE_TRANSLATED = ("referee", "rulings")
"""The packages whose every problem is written as a template with facts: the rules core (a
hand record's problems) and the director's decisions. (The use cases' own refusals of games,
events and keys, and the faces' refusals of a body, are English still: docs/languages.md.)"""


def _problem_sites() -> list[tuple[str, int, ast.expr]]:
    """The message argument of every ``Problem(pointer, code, message)`` built in
    :data:`WRITTEN_TO_BE_TRANSLATED`."""
    sites = []
    for package in WRITTEN_TO_BE_TRANSLATED:
        for path in sorted((PACKAGE / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", None) == "Problem"
                    and len(node.args) == 3
                ):
                    sites.append((str(path.relative_to(ROOT)), node.lineno, node.args[2]))
    return sites


def _written_as_text(message: ast.expr) -> bool:
    """A message written as English text on the spot: a string or an f-string, never a
    template with facts (``SAID.gettext(...)``)."""
    return isinstance(message, (ast.Constant, ast.JoinedStr, ast.BinOp))


def test_no_problem_of_a_hand_record_is_written_as_english_text_on_the_spot():
    written = [f"{where}:{line}" for where, line, message in _problem_sites() if _written_as_text(message)]
    assert written == [], "write each as SAID.gettext('template with %(facts)s', facts=...): " + ", ".join(
        written
    )
