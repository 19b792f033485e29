"""``/openapi.yaml`` serves the spec file; ``/docs`` renders it, fully offline."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from support import SPEC, SPEC_PATH

URL_ATTRS = {"src", "href", "action", "srcset", "data", "poster", "formaction"}


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in URL_ATTRS and value:
                self.urls.append(value)
            if name == "id":
                self.ids.add(value)


def test_openapi_yaml_is_the_file(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert response.data == SPEC_PATH.read_bytes()


def test_docs_render_every_operation_and_schema(client):
    response = client.get("/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    for path, item in SPEC["paths"].items():
        assert f"<code>{path}</code>" in html
        for method in item:
            assert f">{method.upper()}</span> <code>{path}</code>" in html
    for name in SPEC["components"]["schemas"]:
        assert f'id="schema-{name}"' in html
    assert "application/problem+json" in html


def test_docs_load_nothing_from_elsewhere(client):
    html = client.get("/docs").get_data(as_text=True)
    parser = _Links()
    parser.feed(html)
    external = [u for u in parser.urls if re.match(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", u, re.I)]
    assert external == []
    assert not re.search(r"@import|url\(\s*['\"]?\s*(?:https?:)?//", html, re.I)
    assert "<script" not in html.lower()


def test_docs_internal_links_resolve(client):
    parser = _Links()
    parser.feed(client.get("/docs").get_data(as_text=True))
    anchors = {u[1:] for u in parser.urls if u.startswith("#")}
    assert anchors - parser.ids == set()
    for url in parser.urls:
        if url.startswith("/"):
            assert client.get(url).status_code == 200, url


def test_code_spans_in_descriptions_become_code_and_nothing_else_is_markup():
    from hearts_referee.api.docs import code_spans

    assert str(code_spans("the `Allow` header <b>")) == "the <code>Allow</code> header &lt;b&gt;"
    assert str(code_spans("`<script>`")) == "<code>&lt;script&gt;</code>"
