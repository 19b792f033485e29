"""``GET /healthz``."""

import referee


def test_health(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "referee_version": referee.__version__}
