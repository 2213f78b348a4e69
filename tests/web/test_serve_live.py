"""``mjscore serve`` with a phone following a table live: Ctrl+C stops it, without a traceback,
although a live stream never hangs up by itself (the server asks the streams to end)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
#: Bounds, not timings: the server must start, and stop, well within them.
START_SECONDS = 60
STOP_SECONDS = 30


def test_ctrl_c_stops_a_server_that_a_phone_follows_live(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = {key: value for key, value in os.environ.items() if not key.startswith("MJSCORE_")}
    environment["MJSCORE_DATABASE_URL"] = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    log = tmp_path / "serve.log"
    with log.open("w") as output:
        server = subprocess.Popen([str(BIN / "mjscore"), "serve", "--port", str(port)], env=environment, stdout=output,
                                  stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert server.poll() is None, f"serve stopped: {log.read_text()}"
            assert time.monotonic() < deadline, f"serve did not answer within {START_SECONDS} s"
            try:
                phone = http.client.HTTPConnection("127.0.0.1", port, timeout=STOP_SECONDS)
                phone.request("POST", "/api/tables", json.dumps({"players": ["Ann", "Bo", "Cy", "Di"]}),
                              {"Content-Type": "application/json"})
                break
            except OSError:
                phone.close()
                time.sleep(0.2)
        table = json.loads(phone.getresponse().read())
        phone.request("GET", f"/api/tables/{table['id']}/live")
        stream = phone.getresponse()
        assert stream.status == 200
        assert stream.readline() == b"event: table\n"
        server.send_signal(signal.SIGINT)
        server.wait(STOP_SECONDS)
        assert "Traceback" not in log.read_text(), log.read_text()
        # The server ended the stream: the phone reads it to its end (else the read times out).
        assert stream.read().endswith(b"\n\n")
        phone.close()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
