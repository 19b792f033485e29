"""``GET /v1/variants`` and ``GET /v1/variants/<id>``: the rules as data.

The words a person reads (names, sources, clause titles and texts, house options'
descriptions) follow the request's language (``http_shared.language``), which the answer
names in ``Content-Language``; ids and settings never change with it.
"""

from __future__ import annotations

import functools
from typing import Any, cast

from flask import Blueprint
from werkzeug.exceptions import NotFound

from hearts_referee.http_shared.language import current, told
from hearts_referee.languages import translator
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.referee.translator import SAID
from hearts_referee.schemas.variant import VariantSchema

bp = Blueprint("variants", __name__)


@functools.cache
def _schema(language: str, many: bool) -> VariantSchema:
    """The variants' schema for a language (one per language, made once)."""
    return VariantSchema(translator=translator(language), many=many)


@bp.get("/v1/variants")
def list_variants() -> dict[str, Any]:
    answer = {"variants": _schema(current(), True).dump(VARIANTS.values())}
    told()
    return answer


@bp.get("/v1/variants/<variant_id>")
def get_variant(variant_id: str) -> dict[str, Any]:
    variant = VARIANTS.get(variant_id)
    if variant is None:
        raise NotFound(
            SAID.gettext(
                "No variant %(variant)s; known: %(known)s.",
                variant=repr(variant_id),
                known=", ".join(VARIANTS),
            )
        )
    answer = cast(dict[str, Any], _schema(current(), False).dump(variant))
    told()
    return answer
