"""A scoresheet kept on the pages, photographed: ``python -m tools.screenshots_scoresheet``.

Seeds a throw-away archive (``tools.demo``) and keeps table 9's scoresheet as
docs/games.md tells it, through the use cases: hands 1 to 3 as the points each
seat took, S's revoke in hand 1 recorded by the director, and hand 2's full
record replacing its entry. Chromium then photographs the game page, with hand
4 typed into the scoresheet form, into ``docs/scoresheet-score-only.png``, and the
scoresheet kept row by row (``/director/games/{id}/sheet``) with hand 4 typed in
place and the referee's totals shown as it is typed, into ``docs/scoresheet-row.png``.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from hearts_referee import usecases
from hearts_referee.referee.record import Reported
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.rulings.scoresheet import GameSetup
from hearts_referee.schemas.game import load_game_hand
from hearts_referee.usecases import games, hands
from hearts_referee.usecases.keys import OPERATOR, create_key

from .demo import PLAYERS, ROOT, seed
from .screenshots import WIDTH, browsing, sign_in

SHOT = "scoresheet-score-only.png"
ROW_SHOT = "scoresheet-row.png"
SHEET = (
    {"N": 3, "E": 10, "S": 13, "W": 0},
    {"N": 13, "E": 13, "S": 0, "W": 0},
    {"N": 0, "E": 5, "S": 8, "W": 13},
)
"""Table 9's scoresheet, hands 1 to 3 (docs/games.md)."""
NEXT = {"N": 9, "E": 4, "S": 0, "W": 13}
"""Hand 4, as the picture shows it typed in."""


def keep(database: str) -> int:
    """Table 9's game, kept as docs/games.md keeps it; its id."""
    db = usecases.open_archive(database)
    try:
        td = create_key(db, OPERATOR, "Chief TD", usecases.Role.DIRECTOR)[0]
        setup = GameSetup(VARIANTS["mso-2000"], tuple(PLAYERS), "W", "N", dict(PLAYERS), "9")
        game = games.start_game(db, td, setup)
        stored = [
            games.append_hand(db, td, game.id, load_game_hand({"hand_number": n, "points": points}))[0]
            for n, points in enumerate(SHEET, start=1)
        ]
        reason = "E reported the revoke at the end of the hand."
        hands.record_irregularity(db, td, stored[0].id, Reported("revoke", "S"), "Chief TD", reason)
        body = json.loads((ROOT / "examples" / "mso-hand-2-record.json").read_text(encoding="utf-8"))
        record = load_game_hand(body["record"], "/record")
        hands.replace_record(db, td, stored[1].id, record, body["director"], body["reason"])
        return game.id
    finally:
        db.close()


def main(out: Path = ROOT / "docs") -> None:
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "archive.sqlite")
        demo = seed(database, extra_hands=0)
        game_id = keep(database)
        with browsing(database) as (base, _, page):
            sign_in(page, base, demo.director)
            page.goto(f"{base}/director/games/{game_id}")
            for i, seat in enumerate(PLAYERS):
                page.fill(f"#points-{i}", str(NEXT[seat]))
            box = page.locator("table.scoresheet").bounding_box()
            if box is None:
                raise SystemExit("the game page has no scoresheet")
            page.screenshot(
                path=str(out / SHOT),
                full_page=True,
                clip={"x": 0, "y": 0, "width": WIDTH, "height": box["y"] + box["height"]},
            )
            page.goto(f"{base}/director/games/{game_id}/sheet")
            for i, seat in enumerate(PLAYERS):
                page.fill(f"#points-{i}", str(NEXT[seat]))
            page.locator("#sheet-preview [data-total]").first.wait_for()
            page.locator("div.keep-sheet").screenshot(path=str(out / ROW_SHOT))
    for name in (SHOT, ROW_SHOT):
        print(out / name, (out / name).stat().st_size, "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
