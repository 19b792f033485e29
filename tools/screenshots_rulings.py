"""Screenshots of a ruling's life, its consequences and signatures: ``python -m tools.screenshots_rulings``.

Seeds a throw-away archive with the README's demo game (``tools.demo``), then
plays the director's part through the use cases: hand 1's scoresheet decided
as one (the referee's scores accepted), N's signature on hand 1 and N's and E's on the scoresheet, then
the revoke appealed and waived, which re-audits every later hand and makes
those signatures stale. Chromium photographs the parts of the pages that
show it into ``docs/``, the scoresheet's one decision reopened among them
(``tools.screenshots`` takes the whole hand page and the scoresheet).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hearts_referee import usecases
from hearts_referee.rulings.decisions import Action, Decision
from hearts_referee.usecases import games, hands
from hearts_referee.usecases.keys import OPERATOR, create_key

from .demo import ROOT, seed
from .screenshots import browsing, sign_in

SHOTS = (
    "ruling-life.png",
    "re-audit.png",
    "hand-signatures.png",
    "game-signatures.png",
    "scoresheet-decision.png",
)


def act(database: str, game_id: int, hand_id: int) -> None:
    """The director's session the pictures show (see the module's docstring)."""
    db = usecases.open_archive(database)
    try:
        td = create_key(db, OPERATOR, "Chief TD", usecases.Role.DIRECTOR)[0]
        hands.decide(
            db,
            td,
            hand_id,
            Decision(None, Action.ACCEPT, "Chief TD", "The 26 stand; the sheet is corrected."),
        )
        hands.sign(db, td, hand_id, "N", "Ann")
        games.sign_game(db, td, game_id, "N", "Ann")
        games.sign_game(db, td, game_id, "E", "Bo")
        hands.decide(
            db,
            td,
            hand_id,
            Decision(
                0,
                Action.WAIVE,
                "Chief TD",
                "Appeal: N was told hearts could be discarded; the 26 are waived.",
            ),
        )
    finally:
        db.close()


def main(out: Path = ROOT / "docs") -> None:
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "archive.sqlite")
        demo = seed(database)
        act(database, demo.game_id, demo.revoke_hand)
        with browsing(database) as (base, _, page):
            sign_in(page, base, demo.director)
            page.goto(f"{base}/director/hands/{demo.revoke_hand}")
            page.locator("#ruling-1 details.reopen summary").click()  # a reopened form, as a director sees it
            page.locator("section[aria-labelledby=rulings-h]").screenshot(path=str(out / "ruling-life.png"))
            page.locator("#signatures").screenshot(path=str(out / "hand-signatures.png"))
            page.locator("#scoresheet details.reopen summary").click()  # the one decision, reopened
            page.locator("#scoresheet").screenshot(path=str(out / "scoresheet-decision.png"))
            page.goto(f"{base}/director/hands/{demo.revoke_hand + 1}")
            page.locator("#score").screenshot(path=str(out / "re-audit.png"))
            page.goto(f"{base}/director/games/{demo.game_id}")
            page.locator("section.signatures").screenshot(path=str(out / "game-signatures.png"))
    for name in SHOTS:
        print(out / name, (out / name).stat().st_size, "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
