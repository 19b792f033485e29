"""The examples are true: the README's curl example answers with the rulings it shows, and the
422 of docs/errors.md lists the problems it says."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_curl_example_returns_the_revoke_ruling(client):
    record = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
    response = client.post("/v1/hands/validate", json=record)
    assert response.status_code == 200
    body = response.get_json()
    assert [(r["code"], r["seat"], r["trick"], r["status"]) for r in body["rulings"]] == [
        ("revoke", "N", 3, "applied"),
        ("score_mismatch", "N", 13, "referred"),
    ]
    assert body["score"] == {"N": 26, "E": 8, "S": 2, "W": 16}
    readme = (ROOT / "README.md").read_text()
    assert "-d @examples/mso-revoke.json" in readme
    for ruling in body["rulings"]:
        assert ruling["explanation"] in readme, ruling["code"]


def test_the_errors_page_422_example_lists_the_problems_it_says(client):
    page = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    body = page.split("/v1/hands/validate -H 'Content-Type: application/json' \\\n     -d '", 1)[1]
    bad = json.loads(body.split("'\n", 1)[0])
    assert bad["seats"] == ["N", "E", "S", "W", "X"]
    response = client.post("/v1/hands/validate", json=bad)
    assert response.status_code == 422
    assert response.get_json()["type"] == "/docs#problem-invalid_record"
    errors = response.get_json()["errors"]
    assert (errors[0]["pointer"], errors[0]["code"]) == ("/seats", "seat_count")
    assert f'("{errors[0]["message"]}")' in page.replace("\n", " ")
    assert {e["code"] for e in errors[1:]} == {"required"} and len(errors) == 1 + len(bad["seats"])
