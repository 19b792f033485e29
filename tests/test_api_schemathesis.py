"""Property-based conformance: schemathesis drives every operation in openapi.yaml.

In-process (WSGI, no server). Every case is checked for: no 5xx, a status
the spec lists for that operation, the documented content type and headers
(``Allow`` on 405), a body matching the documented schema, 405 with ``Allow``
for methods a path lacks, and rejection (4xx) of data the spec calls
invalid. Not checked: ``positive_data_acceptance``: a spec-valid record can
still be impossible (a card in two hands), and that is a legitimate 422.

The archive's operations run against a fresh SQLite file with real keys: a
director's for everything, an admin's for ``/v1/keys`` (the role matrix
itself is in ``test_archive_roles.py``). Schemathesis also sends each
secured operation without a key and expects it refused.

``POST /v1/audits`` speaks NDJSON, which schemathesis does not know: the
serializer and deserializer below send its body as the text it is and read
its result stream back as the array of lines the spec shows.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis_ndjson import NDJSON  # noqa: F401  # registers the NDJSON body (de)serializer
from support import SPEC_PATH, scratch

from hearts_referee import archive
from hearts_referee.app import create_app

DATABASE = scratch("schemathesis-") / "archive.sqlite"
_db = archive.open_archive(DATABASE)
DIRECTOR = archive.create_key(_db, "schemathesis director", "director")[1]
ADMIN = archive.create_key(_db, "schemathesis admin", "admin")[1]
_db.close()

MAX_EXAMPLES = 20
"""Random cases per operation, on top of the coverage phase's boundary cases (some 20 s here):
every operation of the spec, every run, with new cases each run. 20 (it was 40) keeps the
whole suite within five minutes on this 2-core machine."""

CONFIG = SchemathesisConfig.from_dict(
    {
        "generation": {"mode": "all", "max-examples": MAX_EXAMPLES},
        "phases": {"stateful": {"enabled": False}},  # ids are mostly 404s; the flows have their own tests
        "checks": {"positive_data_acceptance": {"enabled": False}},
    }
)

schema = schemathesis.openapi.from_path(SPEC_PATH, config=CONFIG)
schema.app = create_app({"TESTING": True, "DATABASE": str(DATABASE)})  # exceptions propagate


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
def test_api_conforms_to_openapi(case):
    # The key goes with the call, not in the config: schemathesis then counts it as the
    # caller's own credential. Config headers were, now and then, taken for generated
    # ones, and ignored_auth failed with "API accepts invalid authentication" on a 200.
    key = ADMIN if "keys" in (case.operation.tags or []) else DIRECTOR
    case.call_and_validate(headers={"Authorization": f"Bearer {key}"})
