"""openapi.yaml is a valid spec and documents exactly the routes the app has."""

from __future__ import annotations

import re

from openapi_spec_validator import validate
from support import SPEC, example_record, validator

from hearts_referee.referee.registry import VARIANTS

UNDOCUMENTED_METHODS = {"HEAD", "OPTIONS"}  # answered by Flask itself on every route
# The director's HTML pages (blueprint ``pages``, all under /director/) are not part of the JSON
# API: they answer HTML, take HTML forms with a session cookie, and have their own tests
# (test_pages.py, test_pages_browser.py). Every other route must be in openapi.yaml.
NOT_THE_API = {"pages"}
ERROR_STATUSES = {
    "400",
    "401",
    "403",
    "404",
    "405",
    "408",
    "409",
    "413",
    "414",
    "415",
    "422",
    "429",
    "431",
    "500",
    "503",
}


def test_spec_is_valid_openapi():
    validate(SPEC)


def _routes(app) -> dict[str, set[str]]:
    routes: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        # static files (the docs page's stylesheet) are not API operations
        if rule.endpoint.rpartition(".")[2] == "static" or rule.endpoint.partition(".")[0] in NOT_THE_API:
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        routes.setdefault(path, set()).update(rule.methods - UNDOCUMENTED_METHODS)
    return routes


def _documented() -> dict[str, set[str]]:
    return {
        path: {m.upper() for m in item if m in {"get", "put", "post", "delete", "patch"}}
        for path, item in SPEC["paths"].items()
    }


def test_every_route_is_documented_and_every_documented_path_exists(app):
    assert _routes(app) == _documented()


def test_every_error_response_is_a_problem():
    for path, item in SPEC["paths"].items():
        for method, op in item.items():
            statuses = set(op["responses"])
            assert {"405", "500"} <= statuses, f"{method} {path}"
            for status in statuses & ERROR_STATUSES:
                ref = op["responses"][status]["$ref"]
                name = ref.rsplit("/", 1)[-1]
                content = SPEC["components"]["responses"][name]["content"]
                assert content == {
                    "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                }, f"{method} {path} {status}"


def test_every_api_operation_may_be_rate_limited_and_nothing_else_is():
    """A key may be limited on any /v1 route (``api.ratelimit``); the docs, spec and health never."""
    for path, item in SPEC["paths"].items():
        for method, op in item.items():
            limited = "429" in op["responses"]
            assert limited == path.startswith("/v1/"), f"{method} {path}"


def test_every_operation_documents_what_the_server_refuses_before_routing():
    for path, item in SPEC["paths"].items():
        for method, op in item.items():
            responses = op["responses"]
            assert responses["414"]["$ref"].endswith("/UriTooLong"), f"{method} {path}"
            assert responses["431"]["$ref"].endswith("/HeadersTooLarge"), f"{method} {path}"
            assert ("408" in responses) == ("requestBody" in op), f"{method} {path}"


def test_the_spec_names_a_relative_server():
    assert SPEC["servers"][0]["url"] == "/"


def test_variant_ids_in_the_spec_are_the_known_variants():
    assert SPEC["components"]["schemas"]["VariantId"]["enum"] == list(VARIANTS)


def test_the_request_example_is_a_valid_record():
    validator("HandRecord").validate(example_record())


def test_card_pattern_accepts_what_the_contract_allows():
    card = validator("Card")
    for ok in ("2C", "tc", "10h", "10H", "Qs", "aS", "JK", "jk"):
        assert card.is_valid(ok), ok
    for bad in ("1C", "11H", "10", "QX", "J", "JKK", " QS", "QS ", "♠Q"):
        assert not card.is_valid(bad), bad


# --- the spec and the marshmallow schemas describe the same fields -------------------


def _fields(schema_class) -> set[str]:
    return {field.data_key or name for name, field in schema_class().fields.items()}


def _properties(component: str) -> set[str]:
    return set(SPEC["components"]["schemas"][component]["properties"])


def test_spec_components_match_the_marshmallow_schemas():
    from hearts_referee.schemas.record import HandRecordSchema
    from hearts_referee.schemas.result import MoonSchema, RulingSchema, ValidationResultSchema
    from hearts_referee.schemas.variant import VariantSchema

    pairs = {
        "HandRecord": HandRecordSchema,
        "ValidationResult": ValidationResultSchema,
        "Ruling": RulingSchema,
        "MoonResult": MoonSchema,
        "Variant": VariantSchema,
    }
    pairs.update(ARCHIVE_SCHEMAS())
    for component, schema_class in pairs.items():
        assert _properties(component) == _fields(schema_class), component


def test_required_record_fields_are_required_in_the_spec():
    from hearts_referee.schemas.record import HandRecordSchema

    required = {name for name, field in HandRecordSchema().fields.items() if field.required}
    assert set(SPEC["components"]["schemas"]["HandRecord"]["required"]) == required


def test_a_real_validation_result_matches_the_spec(client):
    from hands import hand

    revoke = hand(play="N:2C E:2D S:4C W:5C W:KC N:AC E:3C S:8C", claimed={"N": 0, "E": 0, "S": 0, "W": 0})
    response = client.post("/v1/hands/validate", json=revoke)
    assert response.status_code == 200
    validator("ValidationResult").validate(response.get_json())


def ARCHIVE_SCHEMAS() -> dict[str, type]:
    """The archive's, games' and keys' components and the marshmallow schemas behind them."""
    from hearts_referee.schemas import archive, game

    return {
        "DecisionRequest": archive.DecisionRequestSchema,
        "SignatureRequest": archive.SignatureRequestSchema,
        "KeyRequest": archive.KeyRequestSchema,
        "OpenRuling": archive.OpenRulingSchema,
        "Signature": archive.SignatureSchema,
        "ScoreVersion": archive.VersionSchema,
        "Decision": archive.DecisionSchema,
        "HandSummary": archive.HandSummarySchema,
        "StoredHand": archive.StoredHandSchema,
        "HandList": archive.HandListSchema,
        "ChainProblem": archive.ChainProblemSchema,
        "ChainReport": archive.ChainReportSchema,
        "ApiKey": archive.ApiKeySchema,
        "NewApiKey": archive.NewApiKeySchema,
        "KeyList": archive.KeyListSchema,
        "GameCreate": game.GameCreateSchema,
        "GameHand": game.GameHandSchema,
        "GameRecord": game.GameRecordSchema,
        "GameRules": game.RulesSchema,
        "NextHand": game.NextHandSchema,
        "GameSummary": game.GameSummarySchema,
        "GameList": game.GameListSchema,
        "GameHandLine": game.GameHandLineSchema,
        "Game": game.GameSchema,
        "GameValidationHand": game.GameValidationHandSchema,
        "GameValidation": game.GameValidationSchema,
    }


def test_required_request_fields_are_required_in_the_spec():
    requests = ("DecisionRequest", "SignatureRequest", "KeyRequest", "GameCreate", "GameHand", "GameRecord")
    for component in requests:
        schema_class = ARCHIVE_SCHEMAS()[component]
        required = {field.data_key or name for name, field in schema_class().fields.items() if field.required}
        assert set(SPEC["components"]["schemas"][component].get("required", [])) == required, component


def test_key_roles_in_the_spec_are_the_archive_roles():
    from hearts_referee.schemas.archive import KeyRequestSchema
    from hearts_referee.stored import ROLES

    assert SPEC["components"]["schemas"]["KeyRequest"]["properties"]["role"]["enum"] == list(ROLES)
    assert list(KeyRequestSchema().fields["role"].validate.choices) == list(ROLES)


def test_a_players_record_in_the_spec_has_the_fields_its_schemas_dump():
    from hearts_referee.schemas.events import PlayerRecordSchema, PlayerRulingSchema

    assert _properties("PlayerRecord") == _fields(PlayerRecordSchema)
    assert _properties("PlayerRuling") == _fields(PlayerRulingSchema)
    for component in ("PlayerRecord", "PlayerRuling"):
        assert set(SPEC["components"]["schemas"][component]["required"]) == _properties(component)
