"""``GET /v1/variants`` and ``GET /v1/variants/<id>``: the rules as data."""

from __future__ import annotations

from typing import Any, cast

from flask import Blueprint
from werkzeug.exceptions import NotFound

from hearts_referee.referee.registry import VARIANTS
from hearts_referee.referee.translator import SAID
from hearts_referee.schemas.variant import VariantSchema

bp = Blueprint("variants", __name__)

_one = VariantSchema()
_many = VariantSchema(many=True)


@bp.get("/v1/variants")
def list_variants() -> dict[str, Any]:
    return {"variants": _many.dump(VARIANTS.values())}


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
    return cast(dict[str, Any], _one.dump(variant))
