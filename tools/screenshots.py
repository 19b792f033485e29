"""Screenshots of the director's pages for the README: ``python -m tools.screenshots``.

Seeds a throw-away archive (``tools.demo``), serves it, and has Debian's
Chromium (``/usr/bin/chromium``, driven by Playwright) take the hand page of
the README's revoke and the game's scoresheet into ``docs/``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from app import create_app

from .demo import ROOT, seed, serve

WIDTH = 1024  # CSS pixels; keeps each PNG under 300 KB

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def main(out: Path = ROOT / "docs") -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "archive.sqlite")
        demo = seed(database)
        app = create_app({"DATABASE": database, "SECRET_KEY": "screenshots"})
        with serve(app) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": WIDTH, "height": 900})
            page.goto(f"{base}/director/sign-in")
            page.fill("#key", demo.auditor)  # the hand at a glance, without the director's forms
            page.click("button[type=submit]")
            page.goto(f"{base}/director/hands/{demo.revoke_hand}")
            # from the top to the end of the ruling log: the page without its history tables
            end = page.locator("section[aria-labelledby=rulings-h]").bounding_box()
            if end is None:
                raise SystemExit("the hand page has no ruling log to end the picture at")
            page.screenshot(
                path=str(out / "hand-page.png"),
                full_page=True,
                clip={"x": 0, "y": 0, "width": WIDTH, "height": end["y"] + end["height"]},
            )
            page.goto(f"{base}/director/games/{demo.game_id}")
            page.emulate_media(media="print")
            page.screenshot(path=str(out / "scoresheet.png"), full_page=True)
            browser.close()
    for name in ("hand-page.png", "scoresheet.png"):
        print(out / name, (out / name).stat().st_size, "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
