"""kill -9 loses nothing that was acknowledged: a real server, concurrent writers, SIGKILL, restart.

Four clients of a scorer store random legal hands (``POST /v1/hands``) and sign
each (``POST /v1/hands/{id}/signatures``) as fast as the server takes them.
Mid-stream the whole server (arbiter and workers) gets SIGKILL, as a crash or
the OOM killer would do it. After a restart on the same archive every write
that was answered 200/201 is there, with the record that was sent, and every
stored hand's hash chain verifies, including any the server stored but never
got to acknowledge.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time

from live import LiveServer, create_key

from playout import build_hand

WRITERS = 4
ACKS_BEFORE_KILL = 60  # at least this many acknowledged writes before the kill
MOST_SECONDS = 20


class Writer(threading.Thread):
    """Stores hands and signs them until the server goes away; keeps what was acknowledged."""

    def __init__(self, server: LiveServer, key: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.auth = {"Authorization": f"Bearer {key}"}
        self.rng = random.Random(seed)
        self.stored: dict[int, dict] = {}  # hand id -> the record sent
        self.signed: set[int] = set()
        self.error: BaseException | None = None

    @property
    def acks(self) -> int:
        return len(self.stored) + len(self.signed)

    def run(self) -> None:
        try:
            while True:
                record = build_hand(self.rng, "mso-2000", self.rng.randint(1, 8))
                status, _, body = self.server.request("POST", "/v1/hands", body=record, headers=self.auth)
                assert status in (200, 201), body
                hand = json.loads(body)["id"]
                self.stored[hand] = record
                status, _, body = self.server.request(
                    "POST",
                    f"/v1/hands/{hand}/signatures",
                    body={"seat": "N", "name": "North"},
                    headers=self.auth,
                )
                if status == 201:
                    self.signed.add(hand)
        except (OSError, http.client.HTTPException):
            # the server is gone, or went mid-answer (IncompleteRead): that answer was no
            # acknowledgement, so nothing is counted for it; stop
            return
        except BaseException as error:
            self.error = error


def test_every_acknowledged_write_survives_kill_9_and_every_chain_verifies(tmp_path):
    server = LiveServer(tmp_path, workers=2)
    server.start()
    try:
        scorer = create_key(server, "scorer", "Table 7 scorer")  # it sees every hand stored here
        writers = [Writer(server, scorer, seed) for seed in range(WRITERS)]
        for writer in writers:
            writer.start()
        deadline = time.monotonic() + MOST_SECONDS
        while sum(w.acks for w in writers) < ACKS_BEFORE_KILL and time.monotonic() < deadline:
            assert all(w.is_alive() or w.error is None for w in writers), [w.error for w in writers]
            time.sleep(0.05)
        server.kill()
        for writer in writers:
            writer.join(timeout=30)
            assert writer.error is None, writer.error
        acknowledged = sum(w.acks for w in writers)
        assert acknowledged >= ACKS_BEFORE_KILL, "the writers did not get going"

        server.start()
        auth = {"Authorization": f"Bearer {scorer}"}
        for writer in writers:
            for hand, record in writer.stored.items():
                status, _, body = server.request("GET", f"/v1/hands/{hand}", headers=auth)
                assert status == 200, f"acknowledged hand {hand} is gone"
                stored = json.loads(body)
                assert stored["audit"]["hand_number"] == record["hand_number"]
                signed = {s["seat"] for v in stored["versions"] for s in v["signatures"]}
                assert ("N" in signed) >= (hand in writer.signed), f"acknowledged signature on {hand} is gone"

        every, after = [], None
        while True:
            query = "/v1/hands?limit=100" + (f"&after={after}" if after else "")
            status, _, body = server.request("GET", query, headers=auth)
            assert status == 200
            page = json.loads(body)
            every += [h["id"] for h in page["hands"]]
            after = page["next_after"]
            if after is None:
                break
        assert set(every) >= {hand for w in writers for hand in w.stored}
        for hand in every:
            status, _, body = server.request("GET", f"/v1/hands/{hand}/verify", headers=auth)
            report = json.loads(body)
            assert (status, report["ok"]) == (200, True), report
    finally:
        server.stop()
