"""An open ruling is what the hand's folded log says, on every face.

A decision on hand 1 re-audits the later hands (``follow_decision``); a
re-audit can refer a ruling the first audit did not: here hand 4's moon was
scored "subtract", open under MSO only while someone had 74 before the hand,
and once hand 1's revoke is waived nobody has. The inbox, the hands and games
lists and their ``open`` filters read that referral from the fold
(``archive.state``), as the hand itself shows it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from games import moon, new_game
from test_pages import sign_in

ROOT = Path(__file__).resolve().parent.parent
REVOKE_HAND = json.loads((ROOT / "examples" / "mso-game-hand.json").read_text())


@pytest.fixture
def reaudited(client, as_role):
    """Game 1: hand 1 the README's revoke, hands 2-3 moons, hand 4 a moon scored "subtract";
    hand 1's rulings then decided (the revoke waived), which refers hand 4's choice."""
    td = as_role("director")
    client.post("/v1/games", json=new_game(), headers=td)
    ids = []
    for body in (REVOKE_HAND, moon("W", 2), moon("S", 3), moon("E", 4, moon_choice="subtract")):
        sent = client.post("/v1/games/1/hands", json=body, headers=td)
        assert sent.status_code == 201, sent.get_json()
        assert sent.get_json()["open_rulings"] == [] or sent.get_json()["hand_number"] == 1
        ids.append(sent.get_json()["id"])
    for question in ({"scoresheet": True, "action": "accept"}, {"ruling": 0, "action": "waive"}):
        decided = client.post(
            f"/v1/hands/{ids[0]}/decisions",
            json={**question, "director": "TD", "reason": "Decided."},
            headers=td,
        )
        assert decided.status_code == 201, decided.get_json()
    fourth = client.get(f"/v1/hands/{ids[3]}", headers=td).get_json()
    assert [r["code"] for r in fourth["open_rulings"]] == ["moon_choice_not_allowed"]
    return ids


def listed(client, headers, url):
    return [h["id"] for h in client.get(url, headers=headers).get_json()["hands"]]


def test_a_referral_made_by_a_re_audit_is_open_in_the_hands_list(client, as_role, reaudited):
    td = as_role("director")
    assert listed(client, td, "/v1/hands?open=true") == [reaudited[3]]
    assert reaudited[3] not in listed(client, td, "/v1/hands?open=false")
    assert listed(client, td, "/v1/hands?status=open") == [reaudited[3]]


def test_a_game_whose_re_audit_referred_a_ruling_is_open_in_the_games_list(client, as_role, reaudited):
    td = as_role("director")
    games = client.get("/v1/games?open=true", headers=td).get_json()["games"]
    assert [(g["id"], g["open_hands"]) for g in games] == [(1, [reaudited[3]])]
    assert client.get("/v1/games?open=false", headers=td).get_json()["games"] == []


def test_a_referral_decided_before_a_re_audit_that_drops_it_is_not_open(client, as_role, reaudited):
    """Reopening hand 1's revoke (upheld again) restores the totals: hand 4's choice stands."""
    td = as_role("director")
    upheld = client.post(
        f"/v1/hands/{reaudited[0]}/decisions",
        json={"ruling": 0, "action": "uphold", "director": "TD", "reason": "The 26 stand after all."},
        headers=td,
    )
    assert upheld.status_code == 201, upheld.get_json()
    assert listed(client, td, "/v1/hands?open=true") == []
    assert client.get("/v1/games?open=true", headers=td).get_json()["games"] == []


def test_the_inbox_and_the_hands_page_list_a_referral_made_by_a_re_audit(client, keys, reaudited):
    sign_in(client, keys, "director")
    for url in ("/director/", "/director/hands?open=true"):
        page = client.get(url).get_data(as_text=True)
        linked = {int(n) for n in re.findall(r'href="/director/hands/(\d+)', page)}
        assert linked == {reaudited[3]}, url
        # the ruling is #1 on the pages (``audit.rulings[0]`` of the re-audit), linked as such
        assert f'href="/director/hands/{reaudited[3]}#ruling-1"' in page, url
        assert "Moon choice" in page or "moon choice" in page, url
