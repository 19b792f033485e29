"""The README's examples are true: the curl example answers with the rulings it shows."""

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


def test_readme_422_example_lists_the_problems(client):
    bad = {
        "variant": "mso-2000",
        "seats": ["N", "E", "S", "W", "X"],
        "dealer": "W",
        "hand_number": 1,
        "deal": {},
    }
    response = client.post("/v1/hands/validate", json=bad)
    assert response.status_code == 422
    pointers = {(e["pointer"], e["code"]) for e in response.get_json()["errors"]}
    assert ("/seats", "seat_count") in pointers
