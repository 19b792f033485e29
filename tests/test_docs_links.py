"""Every relative link in README.md and docs/*.md resolves: the file exists, and a ``#anchor``
names a heading of that page (GitHub's slugs). Links to the web are left alone.

``docs/index.md`` links every page of ``docs/``, and the README stays a front door.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]

PENDING = {DOCS / "development.md"}
"""Pages written on another branch: a link to one passes while it is missing (the README and
the index link it already); once it exists, its links and anchors are checked like any other."""

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", flags=re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", flags=re.S)
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", flags=re.M)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", flags=re.I)  # http:, https:, mailto:...


def prose(text: str) -> str:
    """The page without its code blocks and code spans, where brackets are not links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text in lower case, every character that is not a
    letter, digit, ``_``, ``-`` or space dropped, each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's anchor on the page, repeated headings numbered as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(page: Path) -> list[str]:
    return [t for t in LINK.findall(prose(page.read_text(encoding="utf-8"))) if not EXTERNAL.match(t)]


def name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def test_the_pages_are_there_and_have_links():
    assert DOCS / "index.md" in PAGES and len(PAGES) >= 10
    assert all(links(page) for page in PAGES), [name(p) for p in PAGES if not links(p)]


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_relative_link_and_anchor_resolves(page: Path):
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if resolved in PENDING and not resolved.exists():
            continue
        if not resolved.exists():
            broken.append(f"{target}: no such file")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            broken.append(f"{target}: no heading #{anchor} in {name(resolved)}")
    assert broken == [], f"{name(page)}: " + "; ".join(broken)


def test_the_index_links_every_page_and_the_readme_links_the_index():
    linked = {(DOCS / t.partition("#")[0]).resolve() for t in links(DOCS / "index.md")}
    pages = {p.resolve() for p in DOCS.glob("*.md")} | PENDING
    assert pages - {DOCS / "index.md"} <= linked, sorted(p.name for p in pages - linked)
    readme = {(ROOT / t.partition("#")[0]).resolve() for t in links(ROOT / "README.md")}
    assert DOCS / "index.md" in readme and DOCS / "development.md" in readme


def test_the_slugs_are_githubs():
    assert slug("Many records at once: `POST /v1/audits`") == "many-records-at-once-post-v1audits"
    assert slug("A ruling's life") == "a-rulings-life"
    assert slug("Browser clients on other origins (CORS)") == "browser-clients-on-other-origins-cors"
    assert slug("Request ids: `X-Request-ID`") == "request-ids-x-request-id"


def test_a_broken_link_or_anchor_is_caught(tmp_path):
    """The check is not vacuous: a page with a missing file and a missing heading fails it."""
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[ok](#title) [gone](nowhere.md) [anchor](#no-such)\n`[code](x.md)`\n")
    assert links(page) == ["#title", "nowhere.md", "#no-such"]
    assert anchors(page) == {"title"}


def test_the_readme_is_a_front_door():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250
