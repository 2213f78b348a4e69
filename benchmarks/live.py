"""Live fan-out benchmark (issue 38): how long a change takes to reach every phone watching a table.
Prints figures, asserts nothing.

    python benchmarks/live.py                 # 200 phones, 12 changes
    python benchmarks/live.py --phones 20     # a small evening

``mjscore serve`` runs as a process on a fresh SQLite file (the way a club runs it), one table is
opened, and ``--phones`` live streams (``GET /api/tables/{id}/live``, server-sent events, one raw
HTTP/1.1 connection each, all in one asyncio client process) follow it. Then a change is recorded
(``POST .../draws``) every second: for each change, each stream's time from the moment the change
was sent to the moment its ``table`` event arrived. Printed: the median and the 99th percentile over
every phone and change, the slowest, and the server's CPU per change (user + system, from /proc).

What the figures leave out: the network (loopback, no Wi-Fi), the phones' own work (parsing,
drawing), TLS; the client process shares the machine's two cores with the server, so under a busy
client the figures are an upper bound.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _request(port: int, method: str, path: str, body: object = None) -> dict[str, object]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = b"" if body is None else json.dumps(body).encode()
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
                 + data)
    answer = await reader.read()
    writer.close()
    head, _, text = answer.partition(b"\r\n\r\n")
    if b" 20" not in head.split(b"\r\n")[0]:
        raise RuntimeError(f"{method} {path}: {head.splitlines()[0]!r} {text[:200]!r}")
    found: dict[str, object] = json.loads(text)
    return found


async def _phone(port: int, table: int, version: int, arrivals: dict[int, list[float]], ready: asyncio.Event,
                 count: list[int], phones: int) -> None:
    """A live stream from ``version``: the arrival time of each ``table`` event, by version."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /api/tables/{table}/live?since_version={version} HTTP/1.1\r\nHost: localhost\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    count[0] += 1
    if count[0] == phones:
        ready.set()
    event_id: int | None = None
    while True:
        line = await reader.readline()
        if not line:
            return
        if line.startswith(b"id:"):
            event_id = int(line[3:].strip())
        elif line.startswith(b"event: table") or line.startswith(b"event:table"):
            pass
        elif line.strip() == b"" and event_id is not None:
            arrivals.setdefault(event_id, []).append(time.monotonic())
            event_id = None


async def run(port: int, phones: int, changes: int, server_pid: int) -> None:
    table = int(str((await _request(port, "POST", "/api/tables", {"players": PLAYERS}))["id"]))
    arrivals: dict[int, list[float]] = {}
    ready = asyncio.Event()
    count = [0]
    streams = [asyncio.create_task(_phone(port, table, 0, arrivals, ready, count, phones)) for _ in range(phones)]
    await ready.wait()
    await asyncio.sleep(2)  # every stream connected and waiting
    sent: dict[int, float] = {}
    cpu_before = _cpu_seconds(server_pid)
    for number in range(1, changes + 1):
        sent[number] = time.monotonic()
        answer = await _request(port, "POST", f"/api/tables/{table}/draws", {"request_id": f"bench-{number}"})
        assert answer["version"] == number
        await asyncio.sleep(1.0)
    cpu = _cpu_seconds(server_pid) - cpu_before
    for stream in streams:
        stream.cancel()
    delays = [arrival - sent[version] for version, times in arrivals.items() if version in sent for arrival in times]
    missing = phones * changes - len(delays)
    delays.sort()
    p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))] if delays else float("nan")
    print(f"{phones} phones, {changes} changes: {len(delays)} events ({missing} missing)")
    print(f"  change -> event at a phone: median {statistics.median(delays) * 1000:.0f} ms, "
          f"p99 {p99 * 1000:.0f} ms, slowest {delays[-1] * 1000:.0f} ms")
    print(f"  server CPU: {cpu / changes * 1000:.0f} ms a change ({cpu / changes / phones * 1000:.2f} ms a phone), "
          "polls and beats included")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--changes", type=int, default=12)
    args = parser.parse_args()
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        environment = {**os.environ, "MJSCORE_DATABASE_URL": f"sqlite:///{folder}/live.sqlite3",
                       "MJSCORE_LEDGER_KEY": f"{folder}/ledger.key"}
        mjscore = str(Path(sys.executable).parent / "mjscore")
        server = subprocess.Popen([mjscore, "serve", "--port", str(port)], env=environment, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        try:
            assert server.stdout is not None
            for line in server.stdout:
                if b"serving on" in line:
                    break
            asyncio.run(run(port, args.phones, args.changes, server.pid))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
