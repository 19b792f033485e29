"""A submitted record drawn as a tree, each problem of a 422 placed at the part it points at.

Every node carries ``id="at-<JSON pointer>"``, so a problem's pointer is also
a link to the place it concerns. A pointer to something the record lacks
(``/deal/X`` for a seat with no hand) lands on the nearest part that exists,
and the message says what is missing. Cards are drawn with their suit
symbol, so ``/deal/N/3`` is visibly the fourth card of N's hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from hearts_referee.http_shared.language import gettext
from hearts_referee.http_shared.problems import capped
from hearts_referee.referee.cards import CARDS
from hearts_referee.referee.record import Problem, pointer
from hearts_referee.schemas.strictjson import pointer_index

from .handview import CardView
from .words import in_language


def _tokens(at: str) -> list[str]:
    if not at:
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in at.split("/")[1:]]


def place(data: Any, at: str) -> str:
    """The pointer of the deepest part of ``data`` that ``at`` reaches."""
    node, reached = data, []
    for token in _tokens(at):
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and (index := pointer_index(token)) is not None and index < len(node):
            node = node[index]
        else:
            break
        reached.append(token)
    return pointer(*reached)


def _problems_html(found: Iterable[Problem], tag: str = "div") -> str:
    """The problems at one place; ``span`` inside a card's inline slot, ``div`` elsewhere."""
    items = "".join(
        f'<{tag} class="problem"><strong>{escape(p.code)}</strong>: {escape(in_language(p.message))}'
        f"{' ' + str(escape(gettext('(at %(pointer)s)', pointer=p.pointer))) if p.pointer else ''}</{tag}>"
        for p in found
    )
    return f'<{tag} class="problems" role="note">{items}</{tag}>' if items else ""


def _scalar(value: Any) -> str:
    if isinstance(value, str) and value.upper() in CARDS:
        card = CardView.of(value)
        return f'<span class="card {card.colour}">{escape(card.label)}</span>'
    if isinstance(value, str):
        return f"<code>{escape(value)}</code>"
    return f"<code>{escape(_json(value))}</code>"


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def render_problems(data: Any, problems: Sequence[Problem]) -> Markup:
    """The record as nested lists, with each problem next to the part it concerns: the
    problems a page lists (``http_shared.problems.capped``), never more."""
    at: dict[str, list[Problem]] = {}
    for problem in capped(problems).shown:
        at.setdefault(place(data, problem.pointer), []).append(problem)
    return Markup(_node(data, (), at))


def _node(value: Any, path: tuple[str | int, ...], at: Mapping[str, list[Problem]]) -> str:
    here = pointer(*path)
    found = at.get(here, ())
    css = "node bad" if found else "node"
    anchor = f' id="at-{escape(here)}"'
    if isinstance(value, dict) and value:
        inner = "".join(
            f'<li><span class="key">{escape(k)}</span> {_node(v, (*path, k), at)}</li>'
            for k, v in value.items()
        )
        body = f'<ul class="tree">{inner}</ul>'
    elif isinstance(value, list) and value:
        flat = all(not isinstance(v, (dict, list)) for v in value)
        tag = "inline" if flat else "tree"
        inner = "".join(
            f"<li>{_node(v, (*path, i), at) if not flat else _leaf(v, (*path, i), at)}</li>"
            for i, v in enumerate(value)
        )
        body = f'<ol class="{tag}" start="0">{inner}</ol>'
    else:
        body = _scalar(value)
    return f'<div class="{css}"{anchor}>{body}{_problems_html(found)}</div>'


def _leaf(value: Any, path: tuple[str | int, ...], at: Mapping[str, list[Problem]]) -> str:
    here = pointer(*path)
    found = at.get(here, ())
    css = "leaf bad" if found else "leaf"
    return (
        f'<span class="{css}" id="at-{escape(here)}">{_scalar(value)}{_problems_html(found, "span")}</span>'
    )
