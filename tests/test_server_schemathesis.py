"""schemathesis against the production server: ``hearts-referee serve`` over real HTTP.

``test_api_schemathesis.py`` drives the app in-process (WSGI); this drives
the server an operator runs, so what the HTTP layer adds or changes
(gunicorn's parsing, the gevent worker, the answers made before Flask, the
headers on the wire) is checked against ``openapi.yaml`` too. The same checks
(no 5xx, documented statuses, content types, headers and bodies, 405 with
``Allow``, spec-invalid data refused), as a director, as a scorer, and with
no key at all (over the operations that take one: the open ones answer
alike whoever asks), each with a fixed seed and a bounded number of cases per
operation, so a failure replays exactly.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, seed, settings
from live import LiveServer
from schemathesis.config import SchemathesisConfig
from schemathesis_ndjson import NDJSON  # noqa: F401  # registers the NDJSON body (de)serializer
from support import SPEC, SPEC_PATH, scratch

from hearts_referee import archive

SEED = 20261201
DIRECTOR_CASES = 10  # per operation, every operation
KEYED_CASES = 5  # per operation that takes a key, as a scorer and with no key
# About 30 s in all on this machine. What the app answers for any body is the in-process
# run's to check (random cases and the coverage phase's hundreds of boundary cases per
# operation); here the cases are for what the HTTP server adds (its parsing, the answers
# made before Flask, the headers on the wire): every operation in every role, bounded.


def _config(cases: int) -> SchemathesisConfig:
    return SchemathesisConfig.from_dict(
        {
            "generation": {"mode": "all", "max-examples": cases},
            "phases": {"stateful": {"enabled": False}, "coverage": {"enabled": False}},
            "checks": {"positive_data_acceptance": {"enabled": False}},
        }
    )


def _open_operations() -> list[str]:
    """The operations that need no key (a key changes nothing there, unless configured)."""
    found = []
    for item in SPEC["paths"].values():
        for op in item.values():
            security = op.get("security", SPEC.get("security", []))
            if not security or {} in security:
                found.append(op["operationId"])
    return found


every_operation = schemathesis.openapi.from_path(SPEC_PATH, config=_config(DIRECTOR_CASES))
keyed_operations = schemathesis.openapi.from_path(SPEC_PATH, config=_config(KEYED_CASES)).exclude(
    operation_id=_open_operations()
)

_TMP = scratch("live-schemathesis-")


@pytest.fixture(scope="module")
def live():
    """The server's address, and the headers of each role (``none``: no key at all)."""
    db = archive.open_archive(_TMP / "archive.sqlite")
    headers = {
        role: {"Authorization": f"Bearer {archive.create_key(db, f'live {role}', role)[1]}"}
        for role in ("director", "scorer")
    }
    db.close()
    headers["none"] = {}
    server = LiveServer(_TMP, workers=2)
    server.start()
    yield server.base, headers
    server.stop()


_SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
}


@every_operation.parametrize()
@seed(SEED)
@settings(max_examples=DIRECTOR_CASES, **_SETTINGS)
def test_the_live_server_conforms_to_openapi_for_a_director(case, live):
    base, headers = live
    case.call_and_validate(base_url=base, headers=headers["director"])


@pytest.mark.parametrize("role", ["scorer", "none"])
@keyed_operations.parametrize()
@seed(SEED)
@settings(max_examples=KEYED_CASES, **_SETTINGS)
def test_the_live_server_conforms_to_openapi_for_a_scorer_and_without_a_key(case, live, role):
    base, headers = live
    case.call_and_validate(base_url=base, headers=headers[role])
