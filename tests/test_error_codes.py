"""Every code is documented: one registry in the code, the same enum in openapi.yaml, a section
in the docs.

The registries are ``hearts_referee.referee.errorcodes.ERROR_CODES`` (every ``errors[].code``),
``CHAIN_CODES`` (a hash-chain check's problems) and ``hearts_referee.referee.findings.RULING_CODES``
(every ruling code). A code the source uses without a line there, an enum out of step, or a
code without its section fails here, and the message says what to add where.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml
from test_contracts import error_codes
from test_docs_links import anchors
from test_pages import CSRF

from hearts_referee.api.problem_types import PROBLEM_TYPES
from hearts_referee.referee import CODES
from hearts_referee.referee.errorcodes import CHAIN_CODES, ERROR_CODES, ROOT_POINTER, shown_pointer
from hearts_referee.referee.findings import RULING_CODES
from hearts_referee.schemas.hrn.syntax import NOTATION_CODES, WARNING_CODES

ROOT = Path(__file__).resolve().parent.parent
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]
REGISTRY = "hearts_referee/referee/errorcodes.py"

ENUMS = {
    "ProblemCode": (ERROR_CODES, REGISTRY + " ERROR_CODES"),
    "ChainCode": (CHAIN_CODES, REGISTRY + " CHAIN_CODES"),
    "RulingCode": (RULING_CODES, "hearts_referee/referee/findings.py RULING_CODES"),
}
PAGES = {
    "ProblemCode": ROOT / "docs" / "errors.md",
    "ChainCode": ROOT / "docs" / "errors.md",
    "RulingCode": ROOT / "docs" / "rulings.md",
}


def _yaml(code: str) -> str:
    """A code as YAML reads it back as that string (``null`` would be read as nothing)."""
    return code if yaml.safe_load(code) == code else json.dumps(code)


def _yaml_lines(codes: Mapping[str, str]) -> str:
    lines = ["      enum:", *(f"        - {_yaml(code)}" for code in codes), "      x-enum-descriptions:"]
    for code, line in codes.items():
        lines.append(f"        {_yaml(code)}: {json.dumps(line, ensure_ascii=False)}")
    return "\n".join(lines)


def test_every_code_the_source_answers_with_has_a_line_in_the_registry():
    used = error_codes() - set(PROBLEM_TYPES)  # a problem type is its own list (test_contracts)
    missing = sorted(used - set(ERROR_CODES) - set(CHAIN_CODES))
    assert missing == [], (
        f"codes without a one-line description: add each to {REGISTRY} (ERROR_CODES, in its group): "
        + ", ".join(f'"{code}": "what it means"' for code in missing)
    )


def test_every_error_the_notation_reader_reports_is_an_error_code_of_the_api():
    """A hand sent as HRN is refused with the reader's error diagnostics as its problems."""
    errors = set(NOTATION_CODES) - WARNING_CODES
    assert errors, "the notation has error codes"
    assert sorted(errors - set(ERROR_CODES)) == [], f"add each to {REGISTRY} (ERROR_CODES, HRN's group)"
    assert not WARNING_CODES - set(NOTATION_CODES), "every warning is a notation code"


def test_every_ruling_code_has_a_line_in_the_registry():
    missing = sorted(set(CODES) - set(RULING_CODES))
    assert missing == [], f"add to RULING_CODES in hearts_referee/referee/findings.py: {missing}"


@pytest.mark.parametrize("registry", [ERROR_CODES, CHAIN_CODES, RULING_CODES], ids=list(ENUMS))
def test_every_registered_code_says_what_it_means_in_one_line(registry: Mapping[str, str]):
    bad = [code for code, line in registry.items() if not line.strip() or "\n" in line]
    assert bad == [], f"give each a one-line description: {bad}"


@pytest.mark.parametrize("component", list(ENUMS))
def test_openapi_enum_is_the_registry(component: str):
    codes, where = ENUMS[component]
    schema = SPEC[component]
    assert schema["enum"] == list(codes) and schema["x-enum-descriptions"] == dict(codes), (
        f"openapi.yaml components.schemas.{component} is out of step with {where}: its enum and "
        "x-enum-descriptions must read:\n" + _yaml_lines(codes)
    )


@pytest.mark.parametrize("component", list(ENUMS))
def test_every_code_has_a_section_in_the_docs(component: str):
    codes, _ = ENUMS[component]
    page = PAGES[component]
    found = anchors(page)
    missing = [code for code in codes if code not in found]
    assert missing == [], f"{page.relative_to(ROOT)} needs a section for each: " + " ".join(
        f"#### `{code}`" for code in missing
    )


def test_every_code_field_of_the_spec_names_its_enum():
    """No code field in the spec is a free string: each points at the registry's enum."""
    free = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            properties = node.get("properties")
            code = properties.get("code") if isinstance(properties, dict) else None
            if isinstance(code, dict) and "$ref" not in code and "enum" not in code:
                free.append(where)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(SPEC, "components/schemas")
    assert free == [], f"give these code fields an enum ($ref ProblemCode, ChainCode or RulingCode): {free}"


# --- the one root pointer ----------------------------------------------------------------


def test_the_root_pointer_is_rfc_6901s_empty_string_and_text_shows_it_quoted():
    assert ROOT_POINTER == ""
    assert shown_pointer("") == '""' and shown_pointer("/play/-") == "/play/-"


def test_the_errors_page_documents_the_root_pointer_on_every_face():
    page = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    assert "the-root-pointer" in anchors(ROOT / "docs" / "errors.md")
    section = page.split("## The root pointer", 1)[1].split("\n## ", 1)[0]
    for face in ("API", "pages", "command line", "CSV"):
        assert re.search(face, section, flags=re.I), f"the root pointer section does not name the {face}"


NOT_JSON = b'{"variant": "standard", "seats": ['
"""A record cut off in the middle: a problem of the whole body, at the root pointer."""


def test_the_root_pointer_in_the_api_is_the_empty_string(client):
    response = client.post("/v1/hands/validate", data=NOT_JSON, content_type="application/json")
    assert response.status_code == 400
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [("", "invalid_json")]


def test_the_root_pointer_on_the_check_page_is_shown_as_two_quote_marks(client):
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    response = client.post("/director/check", data={"csrf_token": CSRF, "record": NOT_JSON.decode()})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "<code>&#34;&#34;</code></a> <strong>invalid_json</strong>" in page
    assert "<code>/</code>" not in page


@pytest.fixture
def audit_cli(app):
    runner = app.test_cli_runner()
    return lambda *args: runner.invoke(args=["audit", *args])


def test_the_root_pointer_in_the_command_lines_summary_and_result_line(audit_cli, tmp_path):
    source = tmp_path / "cut.ndjson"
    source.write_bytes(NOT_JSON + b"\n")
    result = audit_cli(str(source), "-o", str(tmp_path / "out.ndjson"))
    assert f'{source}:1 "": ' in result.stderr
    (line,) = [json.loads(text) for text in (tmp_path / "out.ndjson").read_text().splitlines()]
    assert line["problems"][0]["pointer"] == ""


def test_the_root_pointer_in_the_csv_problem_column(audit_cli, tmp_path):
    source, table = tmp_path / "cut.ndjson", tmp_path / "hands.csv"
    source.write_bytes(NOT_JSON + b"\n")
    audit_cli(str(source), "-q", "--csv", str(table))
    (row,) = list(csv.DictReader(table.read_text(encoding="utf-8").splitlines()))
    assert row["status"] == "rejected" and row["problem"].startswith('"": ')
