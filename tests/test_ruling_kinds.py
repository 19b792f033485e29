"""A ruling code lives in one place: its entry in ``hearts_referee/referee/rulingkinds.py``.

What is read from the registry (``findings.RULING_CODES`` and ``FACTS``, ``score_only.REPORTABLE``,
the rulebooks' usual citations, the explanations, the hand page's titles) is checked to be so;
what cannot be read from it (openapi.yaml's four lists of codes, the sections of
docs/rulings.md) is compared with it here, and each failure names what is missing or extra.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from hearts_referee.referee.findings import FACTS, RULING_CODES, Code, Finding
from hearts_referee.referee.rulebook.common import cites
from hearts_referee.referee.rulingkinds import REPORTED_IN_ORDER, RULING_KINDS
from hearts_referee.referee.score_only import REPORTABLE
from hearts_referee.web.handview import CODE_TITLES, title_of

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]
RULINGS_PAGE = ROOT / "docs" / "rulings.md"

CODES = [code.value for code in RULING_KINDS]
REPORTED = [code.value for code in REPORTED_IN_ORDER]


def out_of_step(listed: list[str], wanted: list[str]) -> str:
    """What a list lacks and has too many of, against the registry's, or its order."""
    missing = [code for code in wanted if code not in listed]
    extra = [code for code in listed if code not in wanted]
    if missing or extra:
        return f"missing {missing}, extra {extra}"
    return "" if listed == wanted else f"in the registry's order: {wanted}"


def test_the_hand_page_has_a_title_for_every_ruling_code_play_incomplete_included():
    """The page's titles had drifted: ``play_incomplete`` had none of its own."""
    missing = [code.value for code in Code if code not in CODE_TITLES]
    assert missing == [], f"the hand page has no title for {missing}"
    assert {code: title_of(code) for code in CODES} == {
        code.value: kind.title for code, kind in RULING_KINDS.items()
    }
    assert title_of("play_incomplete") == "Play incomplete"


def test_the_registry_has_one_entry_per_code_each_under_its_own_code():
    assert [kind.code for kind in RULING_KINDS.values()] == list(RULING_KINDS) == list(Code)
    one_line = [code for code, kind in RULING_KINDS.items() if "\n" in kind.meaning + kind.title]
    assert one_line == [] and all(kind.title and kind.meaning for kind in RULING_KINDS.values())


def test_what_lists_the_codes_in_the_core_is_read_from_the_registry():
    assert dict(RULING_CODES) == {code: kind.meaning for code, kind in RULING_KINDS.items()}
    assert dict(FACTS) == {code: kind.facts for code, kind in RULING_KINDS.items()}
    assert dict(cites()) == {code: kind.clause for code, kind in RULING_KINDS.items()}
    reported = {code: kind.report for code, kind in RULING_KINDS.items() if kind.report is not None}
    assert list(REPORTABLE) == list(REPORTED_IN_ORDER) and dict(REPORTABLE) == reported


def test_a_reported_code_makes_a_finding_with_the_facts_its_entry_names():
    """A report's facts are the entry's facts class, or the finding it stands for would be refused."""
    for code, report in REPORTABLE.items():
        finding = Finding(code, "N", 1, facts=report.facts)
        assert type(finding.facts) is RULING_KINDS[code].facts


def test_openapi_lists_every_ruling_code_and_no_other():
    ruling_code = SCHEMAS["RulingCode"]
    lists = {
        "RulingCode.enum": (ruling_code["enum"], CODES),
        "RulingCode.x-enum-descriptions": (list(ruling_code["x-enum-descriptions"]), CODES),
        "Irregularity.properties.code.enum": (
            SCHEMAS["Irregularity"]["properties"]["code"]["enum"],
            REPORTED,
        ),
        "IrregularityRequest.properties.code.enum": (
            SCHEMAS["IrregularityRequest"]["properties"]["code"]["enum"],
            REPORTED,
        ),
    }
    wrong = {name: out_of_step(listed, wanted) for name, (listed, wanted) in lists.items()}
    assert {name: why for name, why in wrong.items() if why} == {}, "openapi.yaml components.schemas"
    assert ruling_code["x-enum-descriptions"] == {
        code.value: kind.meaning for code, kind in RULING_KINDS.items()
    }
    prose = SCHEMAS["Irregularities"]["description"]
    unnamed = [code for code in REPORTED if code not in prose]
    assert unnamed == [], f"openapi.yaml's Irregularities description does not name {unnamed}"


def test_the_rulings_page_has_one_section_per_code_and_no_other():
    page = RULINGS_PAGE.read_text(encoding="utf-8")
    section = page.split("\n## The codes\n", 1)[1].split("\n## ", 1)[0]
    headings = re.findall(r"^### `([a-z_]+)`$", section, flags=re.M)
    assert out_of_step(headings, CODES) == "", (
        "docs/rulings.md, ## The codes: one ### `code` section per code"
    )


def test_the_rulings_page_names_the_codes_a_director_may_report_on_a_score_only_hand():
    page = RULINGS_PAGE.read_text(encoding="utf-8")
    paragraph = page.split("On a score-only hand", 1)[1].split("\n\n", 1)[0]
    named = re.findall(r"`([a-z_]+)`", paragraph)
    assert out_of_step([code for code in named if code in CODES], REPORTED) == ""


def test_a_schedule_that_does_not_price_a_code_gives_it_the_registry_s_default_sanction():
    """The default sanction is the entry's: ``REFER_ALL`` holds each code's, and a schedule
    silent on a code falls back to it (today every code's is to refer it to the director)."""
    from types import MappingProxyType

    from hearts_referee.referee.findings import CODES
    from hearts_referee.referee.sanctions import REFER, Status
    from hearts_referee.referee.variant import PenaltySchedule
    from hearts_referee.rulings import Status as RulingStatus
    from hearts_referee.rulings.schedules import MSO_2000, REFER_ALL, Schedule

    assert RulingStatus is Status  # one status type, below the rulings
    assert list(REFER_ALL.sanctions) == list(CODES)
    for code, kind in RULING_KINDS.items():
        assert REFER_ALL.sanction(code) is kind.sanction is REFER
    silent = Schedule(PenaltySchedule.MSO_2000, "MSO without its penalties", MappingProxyType({}))
    assert silent.sanction(Code.REVOKE) is RULING_KINDS[Code.REVOKE].sanction
    assert silent.sanction("revoke").status is Status.REFERRED
    assert MSO_2000.sanction(Code.REVOKE).points == 26  # a schedule that prices it keeps its own
