"""Docs tested against code: every clause has its test, every code its clause and explanation,
and the docs pages name every ruling code, problem type and error code.

(The purity of the rules core is an import-linter contract: ``tests/test_architecture.py``.)
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest

from hearts_referee.api.errors import _BODY_PROBLEMS as BODY_PROBLEMS
from hearts_referee.api.problem_types import PROBLEM_TYPES
from hearts_referee.referee import CODES, VARIANTS
from hearts_referee.referee.rulingkinds import RULING_KINDS
from hearts_referee.rulings.explain import _EXPLAINERS
from hearts_referee.rulings.schedules import SCHEDULES
from hearts_referee.schemas.problems import _CODES as MARSHMALLOW_CODES
from hearts_referee.schemas.problems import code_for

ROOT = Path(__file__).resolve().parent.parent


def _rule_tests(variant_id: str) -> ModuleType | None:
    """A variant's rules tests: ``tests/test_rules_<id>.py``, its id's hyphens as underscores
    or dropped (``long-john``: ``test_rules_long_john``; ``mso-2000``: ``test_rules_mso2000``)."""
    for name in {f"test_rules_{variant_id.replace('-', '_')}", f"test_rules_{variant_id.replace('-', '')}"}:
        if (ROOT / "tests" / f"{name}.py").is_file():
            return importlib.import_module(name)
    return None


RULE_TESTS = {variant_id: _rule_tests(variant_id) for variant_id in VARIANTS}
"""Each registered variant's rules tests, found from the registry (``VARIANTS``): a new
variant without its file fails :func:`test_every_clause_has_a_test_named_after_it`."""


@pytest.mark.parametrize("variant_id", sorted(RULE_TESTS))
def test_every_clause_has_a_test_named_after_it(variant_id):
    module = RULE_TESTS[variant_id]
    assert module is not None, (
        f"{variant_id} has no rules tests: add tests/test_rules_{variant_id.replace('-', '_')}.py"
    )
    names = [name for name, _ in inspect.getmembers(module, inspect.isfunction) if name.startswith("test_")]
    prefix = "test_" + variant_id.replace("-", "")
    for clause in VARIANTS[variant_id].clauses:
        wanted = f"{prefix}_{clause.key.replace('-', '_')}_"
        assert any(name.startswith(wanted) for name in names), f"no test for {variant_id}/{clause.key}"


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_cited_clause_exists_and_every_schedule_is_known(variant_id):
    variant = VARIANTS[variant_id]
    assert set(variant.cites) == set(CODES), "every ruling code must cite a clause"
    for code in variant.cites:
        assert code in CODES
        assert variant.rule_for(code).startswith(variant_id + "/")
    assert variant.penalty_schedule in SCHEDULES


def test_every_ruling_code_has_an_explanation():
    assert set(_EXPLAINERS) == set(CODES)


def test_every_ruling_code_is_ruled_on_in_a_variants_rules_tests():
    """Each code of the registry is asserted, by its name, in some variant's rules tests
    (``play_incomplete`` was only in tests/test_incomplete_play.py)."""
    sources = "\n".join(inspect.getsource(module) for module in RULE_TESTS.values() if module is not None)
    missing = [code.value for code in RULING_KINDS if f'"{code.value}"' not in sources]
    assert missing == [], f"no variant's rules test (tests/test_rules_*.py) rules on: {missing}"


def test_the_errors_page_names_every_problem_type_with_its_status():
    page = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    for code, status in PROBLEM_TYPES.items():
        row = f"| `/docs#problem-{code}` | {status} |"
        assert row in page, f"docs/errors.md does not document {code} ({status})"


CODE = re.compile(r"[a-z]+(?:_[a-z]+)*")
RAISERS = {
    "Problem",
    "problem",
    "Refused",
    "TextError",
    "JSONError",
    "InvalidJSON",
    "OverLimit",
    "CannotSeat",
}
"""What builds a located problem, or a refusal that becomes one, from a code given as text."""


def _message(node: ast.expr) -> bool:
    """A message: written as text, or as a sentence to be told in the reader's language
    (``SAID.gettext(...)``, docs/languages.md)."""
    if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in {"gettext", "ngettext"}:
        return True
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and " " in str(node.value))


def error_codes() -> set[str]:
    """Every ``errors[].code`` (and chain-check code) the product can answer with, read from its
    source: the code given to each :data:`RAISERS` call, assigned to a ``code`` variable or
    defaulted for a ``code`` parameter, and the ``(entry, code, message)`` problems of a chain
    check; with the codes marshmallow's messages and Werkzeug's own errors are given."""
    found = {code for _, code in MARSHMALLOW_CODES} | {code_for("")}
    found |= {code for code, _ in BODY_PROBLEMS.values()}

    def take(node: ast.expr | None) -> None:
        if isinstance(node, ast.IfExp):
            take(node.body)
            take(node.orelse)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.fullmatch(node.value):
            found.add(node.value)

    for path in sorted((ROOT / "hearts_referee").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if called in RAISERS:
                    for arg in node.args:
                        take(arg)
            elif isinstance(node, ast.Assign):
                if any(isinstance(target, ast.Name) and target.id == "code" for target in node.targets):
                    take(node.value)
            elif isinstance(node, ast.arguments):
                defaulted = node.args[len(node.args) - len(node.defaults) :]
                for arg, default in zip(defaulted, node.defaults, strict=True):
                    if arg.arg == "code":
                        take(default)
            elif isinstance(node, ast.Tuple) and len(node.elts) == 3 and _message(node.elts[2]):
                take(node.elts[1])
    return found


def test_the_error_codes_are_found_in_the_source():
    """The scan is not vacuous: codes of every kind of origin are among those it finds."""
    assert {
        "unknown_card",  # a record's problem, Problem()
        "not_held",  # found in the replay, table.problem()
        "concurrent_append",  # a lost race, in the archive
        "request_line_too_long",  # the HTTP server's refusal, Refused()
        "too_deep",  # strict JSON, JSONError()
        "not_a_signer",  # code = "..." if ... else "..."
        "field_not_seatable",  # an event that cannot be seated, CannotSeat()
        "whitespace",  # free text, TextError()
        "missing_entry",  # a chain check's (entry, code, message)
        "invalid",  # marshmallow's message with no code of its own
    } <= error_codes()
