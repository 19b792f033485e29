"""Docs tested against code: every clause has its test, every code its clause and explanation.

(The purity of the rules core is an import-linter contract: ``tests/test_architecture.py``.)
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
import test_rules_long_john
import test_rules_mso2000
import test_rules_omnibus_kitty
import test_rules_standard

from hearts_referee.referee import CODES, VARIANTS
from hearts_referee.rulings.explain import _EXPLAINERS
from hearts_referee.rulings.schedules import SCHEDULES

ROOT = Path(__file__).resolve().parent.parent
RULE_TESTS = {
    "standard": test_rules_standard,
    "mso-2000": test_rules_mso2000,
    "long-john": test_rules_long_john,
    "omnibus-kitty": test_rules_omnibus_kitty,
}


@pytest.mark.parametrize("variant_id", sorted(RULE_TESTS))
def test_every_clause_has_a_test_named_after_it(variant_id):
    module = RULE_TESTS[variant_id]
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


def test_readme_names_every_ruling_code():
    readme = (ROOT / "README.md").read_text()
    for code in CODES:
        assert re.search(rf"`{code}`", readme), f"README does not document {code}"
