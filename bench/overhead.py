"""What the service costs around the audit: each hook and layer of one validation, alone.

    python bench/overhead.py [--requests N] [--repeats R]

In this process, with no server and no network, ``POST /v1/hands/validate`` with the README's
revoke (``examples/mso-revoke.json``) is sent straight to WSGI apps (a fresh input stream and
environ each time, the answer read to its end and closed), N times per row, R rounds
interleaved (a noisy neighbour slows every row alike), CPU time of this process, medians:

- ``bare Flask echo``: ``bench/echo.py``, a Flask app answering the body it was sent: the
  floor ``bench/server.py --target`` compares the service with;
- ``echo in the service``: the same echo as a route of the service's own app
  (``create_app``): every hook, the session interface and the JSON provider around it;
- ``... without <hook>``: that app less one hook: its cost is the difference;
- ``validate`` and ``validate, no hooks``: the real route, with and without the hooks;
- ``the audit alone``: ``validate_hand_json`` on the same text: what the route must cost;
- ``validate, <something> on``: the parts that are off by default, each when it acts: a key
  required and sent (its lookup in the archive), CORS for an allowed ``Origin``, the rate
  limit per key (with the key), and the answer asked for in Norwegian (Content-Language).
  Off, each costs nothing: it registers no hook (``api.cors``, ``api.ratelimit``).

Then the parts inside the view, each called alone in a fresh request context of the same
request (the context's making not counted; wall time of the call, medians): the JSON body
reader, the language chosen and told, the answer encoded, the rulings counted for the log
line, and the problem handler answering a record that cannot have happened (a 422).

The request log writes its lines to ``/dev/null`` (a real file, so each line still costs its
write). Then the view's own plumbing (reading the body, the answer, the rulings count) is
``validate, no hooks`` less ``echo in the service, no hooks`` less the audit. Prints the table
and the machine line; quote it whole (docs/performance.md, "The service's own overhead").
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib.util
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask, Response, request  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

from bench.validate import machine_line  # noqa: E402
from hearts_referee import compiled  # noqa: E402
from hearts_referee.api.errors import refused  # noqa: E402
from hearts_referee.app import create_app  # noqa: E402
from hearts_referee.http_shared import jsonbody, language  # noqa: E402
from hearts_referee.http_shared.requestlog import rulings  # noqa: E402
from hearts_referee.referee import RecordError  # noqa: E402
from hearts_referee.validate import validate_hand, validate_hand_json, validate_hand_text  # noqa: E402

BODY = (ROOT / "examples" / "mso-revoke.json").read_bytes()
VALIDATE = "/v1/hands/validate"
ECHO = "/v1/bench-echo"

HOOKS: dict[str, tuple[str, str, str]] = {
    "request log": ("", "", "RequestLog"),
    "language headers": ("", "", "Told"),
    "server refusals": ("_refused_by_server", "", ""),
    "security headers": ("", "secure", "SecureHeaders"),
}
"""Each hook of the service's app by what holds it: the functions Flask runs before and after
the view, or the class wrapping the WSGI app."""


def bare_echo() -> Flask:
    spec = importlib.util.spec_from_file_location("bench_echo", ROOT / "bench" / "echo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    app: Flask = module.app
    return app


def echo() -> Response:
    return Response(request.get_data(), mimetype="application/json")


ORIGIN = "https://scores.example.org"

ACTING: dict[str, tuple[dict[str, Any], dict[str, str]]] = {
    "a key required and sent": ({"VALIDATE_REQUIRES_KEY": True}, {"X-API-Key": "{key}"}),
    "CORS, an allowed origin": ({"CORS_ORIGINS": [ORIGIN]}, {"Origin": ORIGIN}),
    "rate limit per key, key sent": (
        {"VALIDATE_REQUIRES_KEY": True, "RATELIMIT_PER_KEY": "1000000/minute"},
        {"X-API-Key": "{key}"},
    ),
    "answer in Norwegian": ({}, {"Accept-Language": "nb"}),
}
"""The parts off by default (or not asked for), each switched on: its settings and the
request's headers (``{key}``: a scorer's key made in the bench's archive)."""


def service(folder: str, without: Iterable[str] = (), settings: dict[str, Any] | None = None) -> Flask:
    """The service's app with an echo route, less the named hooks."""
    app = create_app({"DATABASE": f"{folder}/archive.sqlite", "LOG_LEVEL": "INFO", **(settings or {})})
    app.add_url_rule(ECHO, "bench_echo", echo, methods=["POST"])
    for hook in without:
        before, after, wrapper = HOOKS[hook]
        app.before_request_funcs[None] = [f for f in app.before_request_funcs[None] if f.__name__ != before]
        app.after_request_funcs[None] = [f for f in app.after_request_funcs[None] if f.__name__ != after]
        if wrapper:
            app.wsgi_app = unwrapped(app.wsgi_app, wrapper)  # type: ignore[method-assign]
    return app


def unwrapped(wsgi: Any, wrapper: str) -> Any:
    """The WSGI app less the one layer of class ``wrapper`` (each layer keeps the next as ``app``)."""
    if type(wsgi).__name__ == wrapper:
        return wsgi.app
    if hasattr(wsgi, "app"):
        wsgi.app = unwrapped(wsgi.app, wrapper)
    return wsgi


def environ_for(path: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
    built = EnvironBuilder(
        path=path,
        method="POST",
        data=BODY,
        content_type="application/json",
        headers={"Host": "localhost", **(headers or {})},
    ).get_environ()
    built["REMOTE_ADDR"] = "127.0.0.1"
    return built


def sender(app: Flask, path: str, headers: dict[str, str] | None = None) -> Callable[[], None]:
    """One request to ``app`` at ``path``, its answer read to the end; 200 or the run stops."""
    base = environ_for(path, headers)
    statuses: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        statuses.append(status)

    def send() -> None:
        environ = dict(base)
        environ["wsgi.input"] = io.BytesIO(BODY)
        answer = app(environ, start_response)
        b"".join(answer)
        close = getattr(answer, "close", None)
        if close is not None:
            close()

    send()
    if statuses != ["200 OK"]:
        raise SystemExit(f"{path} answered {statuses}, not 200: nothing to time")
    return send


def rows(folder: str) -> dict[str, Callable[[], None]]:
    everything = service(folder)
    no_hooks = service(folder, HOOKS)
    out = {
        "bare Flask echo": sender(bare_echo(), VALIDATE),
        "echo in the service": sender(everything, ECHO),
    }
    for hook in HOOKS:
        out[f"echo in the service, without {hook}"] = sender(service(folder, [hook]), ECHO)
    out["echo in the service, no hooks"] = sender(no_hooks, ECHO)
    out["validate"] = sender(everything, VALIDATE)
    out["validate, no hooks"] = sender(no_hooks, VALIDATE)
    out["the audit alone"] = lambda: validate_hand_json(BODY) and None
    key = scorer_key(f"{folder}/archive.sqlite")
    for name, (settings, headers) in ACTING.items():
        sent = {header: value.format(key=key) for header, value in headers.items()}
        out[f"validate, {name}"] = sender(service(folder, settings=settings), VALIDATE, sent)
    return out


def scorer_key(database: str) -> str:
    """A scorer's API key, made in the bench's archive."""
    from hearts_referee.archive import create_key, open_archive

    db = open_archive(database)
    try:
        return create_key(db, "bench scorer", "scorer")[1]
    finally:
        db.close()


def measure(timed: dict[str, Callable[[], None]], requests: int, repeats: int) -> dict[str, float]:
    samples: dict[str, list[float]] = {name: [] for name in timed}
    gc.disable()
    try:
        for _ in range(repeats):
            for name, send in timed.items():
                started = time.process_time_ns()
                for _ in range(requests):
                    send()
                samples[name].append((time.process_time_ns() - started) / requests / 1000)
    finally:
        gc.enable()
    return {name: statistics.median(values) for name, values in samples.items()}


def report(per: dict[str, float], requests: int, repeats: int) -> str:
    lines = [
        machine_line(),
        f"Build: rules core {compiled.BUILD.describe()}",
        f"POST {VALIDATE} ({len(BODY)} B) straight to WSGI apps in this process, {requests} requests "
        f"a row, median of {repeats} interleaved rounds, CPU time of this process",
        "",
        f"{'row':45s} {'µs/request':>10s}",
        f"{'-' * 45} {'-' * 10}",
    ]
    lines += [f"{name:45s} {value:10.1f}" for name, value in per.items()]
    full = per["echo in the service"]
    lines += ["", "What each costs (µs a request):"]
    app_alone = per["echo in the service, no hooks"] - per["bare Flask echo"]
    lines.append(f"  {'the service app around an echo, no hooks':43s} {app_alone:7.1f}")
    for hook in HOOKS:
        lines.append(f"  {hook:43s} {full - per[f'echo in the service, without {hook}']:7.1f}")
    plumbing = per["validate, no hooks"] - per["echo in the service, no hooks"] - per["the audit alone"]
    lines.append(f"  {'the view around the audit (body, answer)':43s} {plumbing:7.1f}")
    lines.append(f"  {'the audit':43s} {per['the audit alone']:7.1f}")
    for name in ACTING:
        lines.append(f"  {name:43s} {per[f'validate, {name}'] - per['validate']:7.1f}")
    lines.append(
        f"  {'validate less the bare echo':43s} {per['validate'] - per['bare Flask echo']:7.1f}"
        f"  (bench/server.py --target's budget: 150 µs of server CPU)"
    )
    return "\n".join(lines)


def refusal() -> RecordError:
    """The README's revoke with a seat gone from its seats: a record no table could have
    played, refused with a problem at each place the seat is named."""
    import json

    record = json.loads(BODY)
    record["seats"] = record["seats"][:3]
    try:
        validate_hand(record)
    except RecordError as error:
        return error
    raise SystemExit("the damaged record was not refused: nothing to time")


def parts() -> dict[str, Callable[[], object]]:
    """The view's parts, each a call made inside the request's context."""
    from flask import jsonify

    result = validate_hand_text(BODY)
    error = refusal()
    return {
        "the JSON body reader": jsonbody.body_bytes,
        "the language chosen and told": lambda: (language.current(), language.told()),
        "the answer encoded (jsonify)": lambda: jsonify(result),
        "the rulings counted for the log": lambda: rulings().update(r["code"] for r in result["rulings"]),
        f"the problem handler ({len(error.problems)} problems)": lambda: refused(error),
    }


def measure_parts(
    app: Flask, timed: dict[str, Callable[[], object]], calls: int, repeats: int
) -> dict[str, float]:
    base = environ_for(VALIDATE)
    samples: dict[str, list[float]] = {name: [] for name in timed}
    gc.disable()
    try:
        for _ in range(repeats):
            for name, call in timed.items():
                spent = 0
                for _ in range(calls):
                    environ = dict(base)
                    environ["wsgi.input"] = io.BytesIO(BODY)
                    with app.request_context(environ):
                        started = time.perf_counter_ns()
                        call()
                        spent += time.perf_counter_ns() - started
                samples[name].append(spent / calls / 1000)
    finally:
        gc.enable()
    return {name: statistics.median(values) for name, values in samples.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--requests", type=int, default=2000, help="requests per row and round (default 2000)"
    )
    parser.add_argument("--repeats", type=int, default=7, help="interleaved rounds; medians (default 7)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, open(os.devnull, "w") as sink:
        with contextlib.redirect_stderr(sink):  # the request log's lines: written, to nowhere
            per = measure(rows(folder), args.requests, args.repeats)
            inside = measure_parts(service(folder), parts(), args.requests, args.repeats)
        print(report(per, args.requests, args.repeats))
        print("")
        print("Inside the view, each part called alone in the request's context (µs a call, wall):")
        for name, value in inside.items():
            print(f"  {name:43s} {value:7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
