"""A stored hand reads back in either language (issue 40): the archive keeps codes and facts.

The archive keeps each audit's words as written, in English. Read back in another language,
each audit of the hand's log is audited again from the record it was made from and its
words are taken where its rulings decide what the stored ones decided; the score versions,
the decisions and a director's words are the log's. In English nothing is audited again:
the answer is the stored text, byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_languages import words_out

ROOT = Path(__file__).resolve().parent.parent
REVOKE = json.loads((ROOT / "examples" / "mso-revoke.json").read_text())
HANDS = "/v1/hands"
NORSK = {"Accept-Language": "nb-NO,nb;q=0.9,no;q=0.8"}


def stored(client, headers) -> int:
    response = client.post(HANDS, json=REVOKE, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def read(client, headers, hand_id, language=None):
    asked = {**headers, **({"Accept-Language": language} if language else {})}
    response = client.get(f"{HANDS}/{hand_id}", headers=asked)
    assert response.status_code == 200, response.get_json()
    return response


def test_a_stored_hand_read_in_norwegian_explains_its_rulings_in_norwegian(client, scorer):
    hand_id = stored(client, scorer)
    norsk = read(client, scorer, hand_id, NORSK["Accept-Language"])
    assert norsk.headers["Content-Language"] == "nb"
    assert "Accept-Language" in norsk.headers["Vary"] and "Accept" in norsk.headers["Vary"]
    nb = norsk.get_json()
    validated = client.post("/v1/hands/validate", json=REVOKE, headers=NORSK).get_json()
    assert [(r["explanation"], r.get("suggestion")) for r in nb["audit"]["rulings"]] == [
        (r["explanation"], r.get("suggestion")) for r in validated["rulings"]
    ]
    assert nb["audit"]["rulings"][0]["explanation"] == (
        "N spilte 8♠ til stikk 3 med hjerter (♥) på hånden: en renons, etablert da spillet gikk "
        "videre. Ilagt: 26 straffepoeng til N."
    )
    (mismatch,) = nb["open_rulings"]  # the open ruling, as the list of open ones shows it
    assert mismatch["explanation"].endswith("Henvist til turneringslederen.")
    assert mismatch["suggestion"] == "rett poenglisten til 26"


def test_a_stored_hand_read_in_english_is_the_stored_text_byte_for_byte(client, scorer):
    hand_id = stored(client, scorer)
    plain = read(client, scorer, hand_id)
    english = read(client, scorer, hand_id, "en")
    norsk = read(client, scorer, hand_id, "nb")
    assert english.get_data() == plain.get_data()  # as the archive answered before it spoke nb
    assert english.headers["Content-Language"] == "en"
    assert english.headers["ETag"] != norsk.headers["ETag"]  # each language its own body
    en = english.get_json()
    validated = client.post("/v1/hands/validate", json=REVOKE).get_json()
    assert [r["explanation"] for r in en["audit"]["rulings"]] == [
        r["explanation"] for r in validated["rulings"]
    ]
    assert words_out(en) == words_out(norsk.get_json())  # only the words differ


def test_a_decided_hand_read_in_norwegian_keeps_the_decision_its_score_and_the_directors_words(
    client, scorer, director
):
    hand_id = stored(client, scorer)
    decision = {"ruling": 0, "action": "waive", "director": "Hovedturneringsleder", "reason": "N fikk lov."}
    assert client.post(f"{HANDS}/{hand_id}/decisions", json=decision, headers=director).status_code == 201
    en = read(client, director, hand_id, "en").get_json()
    nb = read(client, director, hand_id, "nb").get_json()
    assert words_out(en) == words_out(nb)  # versions, scores, decisions, rulings' lives
    (decided,) = nb["decisions"]
    assert (decided["action"], decided["director"], decided["reason"]) == (
        "waive",
        "Hovedturneringsleder",
        "N fikk lov.",
    )
    assert nb["score"] == en["score"] and nb["version"] == en["version"] == 2
    revoke = nb["audit"]["rulings"][0]
    assert revoke["code"] == "revoke" and revoke["explanation"].startswith("N spilte 8♠ til stikk 3")
    assert en["audit"]["rulings"][0]["explanation"].startswith("N played 8♠ to trick 3")


def test_the_hand_page_reads_a_stored_hand_in_the_language_it_passes(app, scorer):
    """The hand page reads through the same use case: it passes the page's language."""
    from hearts_referee.usecases import hands as use
    from hearts_referee.usecases import keys as keys_use

    with app.test_client() as client:
        hand_id = stored(client, scorer)
    with app.app_context():
        from hearts_referee.http_shared.db import get_db

        db = get_db()
        key = keys_use.authenticate(db, scorer["Authorization"].removeprefix("Bearer "))
        english = use.get_hand(db, key, hand_id)
        norsk = use.get_hand(db, key, hand_id, "nb")
    assert norsk.language == "nb" and english.language == "en"
    assert english.state.audit.rulings[0].explanation.startswith("N played 8♠")
    assert norsk.state.audit.rulings[0].explanation.startswith("N spilte 8♠")
    assert norsk.state.current == english.state.current  # the score versions are the log's
