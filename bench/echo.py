"""A bare Flask app that answers ``POST /v1/hands/validate`` with the body it was sent.

The floor for the HTTP target (``python bench/validate.py``, ``bench/server.py``): the
same server, worker class and body as the referee's, and nothing of the referee.
"""

from __future__ import annotations

from flask import Flask, Response, request

app = Flask(__name__)


@app.post("/v1/hands/validate")
def validate() -> Response:
    return Response(request.get_data(), mimetype="application/json")


@app.get("/healthz")
def healthz() -> Response:
    return Response('{"status": "ok"}', mimetype="application/json")
