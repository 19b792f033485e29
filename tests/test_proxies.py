"""``X-Forwarded-*`` is trusted only when ``TRUSTED_PROXIES`` says how many proxies there are."""

from __future__ import annotations

import json

import pytest
from flask import request

from hearts_referee.app import create_app

FORWARDED = {
    "X-Forwarded-For": "203.0.113.7",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "ref.example",
}


def seen(app, capsys) -> tuple[str, dict]:
    @app.get("/v1/seen")
    def seen_view():
        return {"scheme": request.scheme, "host": request.host}

    capsys.readouterr()
    response = app.test_client().get("/v1/seen", headers=FORWARDED)
    (line,) = [json.loads(x) for x in capsys.readouterr().err.splitlines() if "hearts_referee.requests" in x]
    return response.get_json(), line


def test_forwarded_headers_are_ignored_by_default(tmp_path, capsys):
    found, line = seen(create_app({"DATABASE": str(tmp_path / "a.sqlite")}), capsys)
    assert found == {"scheme": "http", "host": "localhost"}
    assert line["remote_addr"] == "127.0.0.1"


def test_one_trusted_proxy_gives_the_clients_address_scheme_and_host(tmp_path, capsys):
    app = create_app({"DATABASE": str(tmp_path / "a.sqlite"), "TRUSTED_PROXIES": 1})
    found, line = seen(app, capsys)
    assert found == {"scheme": "https", "host": "ref.example"}
    assert line["remote_addr"] == "203.0.113.7"


@pytest.mark.parametrize("bad", [-1, "one", True])
def test_a_trusted_proxies_value_that_is_not_a_count_stops_the_app(tmp_path, bad):
    with pytest.raises(ValueError, match="TRUSTED_PROXIES"):
        create_app({"DATABASE": str(tmp_path / "a.sqlite"), "TRUSTED_PROXIES": bad})
