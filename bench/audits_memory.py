"""Memory of ``POST /v1/audits``: what a worker holds while a batch goes through it.

Prints, for bodies of several sizes, the peak of memory the request allocated
(``tracemalloc``: Python's own allocations, traced from after the body was built
until the response was read to its end) and what stayed allocated after it, for
the endpoint as it is and for a body read whole (``request.get_data()``, what it
did before issue 23) as the yardstick. No test asserts these: the numbers are
the machine's, and the script only prints them.

    python bench/audits_memory.py            # bodies of 1, 8 and 32 MiB
    python bench/audits_memory.py --mib 60   # one size, as the probe sent
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import sys
import tempfile
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask.testing import FlaskClient  # noqa: E402

from hearts_referee.app import create_app  # noqa: E402

MIB = 1024 * 1024


def body_of(mib: int) -> bytes:
    """An NDJSON body of about ``mib`` MiB: the README's revoke, one a line."""
    line = json.dumps(json.loads((ROOT / "examples" / "mso-revoke.json").read_text())).encode() + b"\n"
    return line * max(1, mib * MIB // len(line))


def measure(client: FlaskClient, body: bytes, read_whole: bool) -> tuple[float, float]:
    """Peak and left-over MiB allocated by one request with ``body``."""
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    env = {"wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body))}  # not traced: made before
    response = client.post(
        "/whole" if read_whole else "/v1/audits",
        content_type="application/x-ndjson",
        environ_overrides=env,
    )
    assert response.status_code == 200, response.get_data()[:300]
    for _ in response.response:  # the result lines, read as a client reads them
        pass
    response.close()
    del response
    gc.collect()
    now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / MIB, now / MIB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, action="append", help="body size in MiB (repeatable)")
    sizes = parser.parse_args().mib or [1, 8, 32]
    with tempfile.TemporaryDirectory() as scratch:
        config = {
            "DATABASE": f"{scratch}/archive.sqlite",
            "SECRET_KEY": "bench",
            "AUDITS_REQUIRE_KEY": False,
            "AUDITS_MAX_RECORDS": 10**6,
            "AUDITS_MAX_BYTES": 2**40,
            "LOG_LEVEL": "WARNING",
        }
        app = create_app(config)

        @app.post("/whole")
        def read_whole() -> str:  # the yardstick: the body read whole, as before
            from flask import request

            request.max_content_length = 2**40
            return str(len(request.get_data()))

        client = app.test_client()
        print(f"python {sys.version.split()[0]}; traced MiB (peak / left after the request)")
        print(f"{'body MiB':>9} {'records':>8} {'streamed peak':>14} {'left':>6} {'read whole peak':>16}")
        for mib in sizes:
            body = body_of(mib)
            records = body.count(b"\n")
            peak, left = measure(client, body, read_whole=False)
            whole_peak, _ = measure(client, body, read_whole=True)
            print(f"{len(body) / MIB:9.1f} {records:8d} {peak:14.2f} {left:6.2f} {whole_peak:16.2f}")


if __name__ == "__main__":
    main()
