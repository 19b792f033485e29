"""``GET /openapi.yaml`` and ``GET /docs``: the contract, raw and readable.

The docs page is rendered on the server from the same ``openapi.yaml`` that
the tests check against the routes, so it cannot drift from the API, and it
needs nothing from the network (tournament halls are often offline).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, render_template
from markupsafe import Markup, escape

from .problem_types import PROBLEM_TYPES, type_uri

# The page's stylesheet is a file (/docs/static/docs.css), not inline: the CSP forbids inline style.
bp = Blueprint(
    "docs", __name__, template_folder="templates", static_folder="static", static_url_path="/docs/static"
)

_NO_BRACES = str.maketrans("", "", "{}")

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


class Spec:
    """The spec file, read and parsed once per app."""

    def __init__(self, path: Path) -> None:
        self.raw = path.read_bytes()
        self.data: dict[str, Any] = yaml.safe_load(self.raw)

    def resolve(self, node: Any) -> Any:
        """Follow a local ``$ref`` (responses, parameters, bodies); schemas stay refs."""
        while isinstance(node, dict) and "$ref" in node:
            target: Any = self.data
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def operations(self) -> list[dict[str, Any]]:
        """Every operation, path-level parameters merged in, references resolved."""
        result = []
        for path, item in self.data.get("paths", {}).items():
            shared = [self.resolve(p) for p in item.get("parameters", [])]
            for method in METHODS:
                if method not in item:
                    continue
                op = item[method]
                body = self.resolve(op.get("requestBody"))
                responses = {
                    str(status): self.resolve(response)
                    for status, response in op.get("responses", {}).items()
                }
                result.append(
                    {
                        "method": method.upper(),
                        "path": path,
                        "anchor": "op-"
                        + method
                        + "-"
                        + path.strip("/").replace("/", "-").translate(_NO_BRACES),
                        "summary": op.get("summary", ""),
                        "security": op.get("security", self.data.get("security")),
                        "description": op.get("description", ""),
                        "parameters": shared + [self.resolve(p) for p in op.get("parameters", [])],
                        "body": body,
                        "responses": responses,
                    }
                )
        return result


@bp.app_template_filter("pretty_json")
def pretty_json(value: Any, depth: int = 2, indent: str = "") -> str:
    """JSON for people: the outer ``depth`` levels one item per line, the rest on one
    line (a hand record stays a page long), keys in the spec's order (``tojson`` sorts)."""
    inner = indent + "  "
    if depth and isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {pretty_json(v, depth - 1, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if depth and isinstance(value, list) and value and isinstance(value[0], (dict, list)):
        items = [f"{inner}{pretty_json(v, 0, inner)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


@bp.app_template_filter("code_spans")
def code_spans(text: str) -> Markup:
    """A description's `code` spans (Markdown backticks) as <code>, the rest escaped."""
    return Markup(re.sub(r"`([^`\n]+)`", r"<code>\1</code>", str(escape(text))))


SPEC = Path(__file__).resolve().parent / "openapi.yaml"
"""The contract, shipped inside the package (the repository's ``openapi.yaml`` links to it)."""


def spec() -> Spec:
    cached: Spec | None = current_app.extensions.get("openapi")
    if cached is None:
        path = Path(current_app.config.get("OPENAPI_PATH") or SPEC)
        cached = current_app.extensions["openapi"] = Spec(path)
    return cached


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return current_app.response_class(spec().raw, mimetype="application/yaml")


def problem_types(loaded: Spec) -> list[dict[str, Any]]:
    """Each kind of problem with its status and what the spec says it means, for "Problem types"."""
    problem = loaded.data.get("components", {}).get("schemas", {}).get("Problem", {})
    kinds = problem.get("properties", {}).get("type", {}).get("oneOf", [])
    meaning = {kind.get("const"): kind.get("description", "") for kind in kinds}
    return [
        {
            "code": code,
            "status": status,
            "uri": type_uri(code),
            "description": meaning.get(type_uri(code), ""),
        }
        for code, status in PROBLEM_TYPES.items()
    ]


@bp.get("/docs")
def docs() -> str:
    loaded = spec()
    return render_template(
        "docs.html",
        info=loaded.data.get("info", {}),
        version=loaded.data.get("openapi", ""),
        operations=loaded.operations(),
        schemas=loaded.data.get("components", {}).get("schemas", {}),
        problem_types=problem_types(loaded),
    )
