"""Server benchmark (issue 27): ``POST /api/score`` from kept-alive clients, against a bare FastAPI
endpoint served the same way in the same run. Prints figures, asserts nothing.

    python benchmarks/server.py              # 8 clients, 5 blocks of 3 s on each side
    python benchmarks/server.py --quick      # 3 blocks of 2 s

Two server processes start as ``mjscore serve`` runs its app (the listener from ``serve``'s
``_bind``, uvicorn with the same settings): mjscore's web app on a fresh SQLite file, and a bare
FastAPI app whose one endpoint parses a body of the same size into a small pydantic model and answers
a JSON object of the same size (mjscore's answer to the same request, kept as a dict). The clients
(one process, asyncio, raw HTTP/1.1 on kept-alive connections: little CPU of their own) send the
same request (``examples/hand.json``) to one server, then the other, in alternating blocks; the
figures are the medians of the blocks: requests a second, the server process's CPU per request
(user + system, from /proc) and the median latency. The machine's other load moves every block,
so read the ratio (both sides measured in the same minutes) rather than the absolute figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

ROOT = Path(__file__).resolve().parent.parent
HAND = ROOT / "examples" / "hand.json"


class BareHand(BaseModel):
    """The bare endpoint's small model: the hand record's fields, loosely typed."""

    model_config = ConfigDict(extra="forbid")
    ruleset: str
    seat: str
    round: str
    concealed: str
    melds: list[dict[str, str]]
    flowers: list[str]
    win_tile: str
    win: str
    discarder: str


class BareRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hand: BareHand


def bare_app(answer: dict[str, Any]) -> Any:
    """A FastAPI app with one endpoint: the body parsed into :class:`BareRequest`, ``answer`` sent."""
    from fastapi import FastAPI

    app = FastAPI()

    @app.post("/api/score")
    def score(request: BareRequest) -> dict[str, Any]:
        return answer

    return app


def serve(which: str, port: int, folder: Path) -> None:
    """Run one server (``mjscore`` or ``bare``) on ``port`` until it is stopped, as ``serve`` does."""
    import uvicorn

    from mjscore.interfaces.cli.serve import _bind

    if which == "mjscore":
        from mjscore.interfaces.web import create_app
        from mjscore.scorekeeper import Scorekeeper

        app = create_app(Scorekeeper.open(f"sqlite:///{folder / 'tables.sqlite3'}"))
    else:
        app = bare_app(json.loads((folder / "answer.json").read_text(encoding="utf-8")))
    listener = _bind("127.0.0.1", port)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listener])


def _request(port: int, body: bytes) -> bytes:
    return (f"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


async def _answer(reader: asyncio.StreamReader) -> bytes:
    """One HTTP/1.1 answer's body (the server sends Content-Length)."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = head.split(b" ", 2)[1]
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    body = await reader.readexactly(length)
    if status != b"200":
        raise RuntimeError(f"answer {status.decode()}: {body[:200]!r}")
    return body


async def _clients(port: int, body: bytes, clients: int, seconds: float) -> tuple[int, list[float]]:
    """Requests answered in ``seconds`` by ``clients`` kept-alive connections, and each one's latency."""
    request = _request(port, body)
    latencies: list[float] = []
    stop = time.perf_counter() + seconds

    async def client() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while (sent := time.perf_counter()) < stop:
                writer.write(request)
                await _answer(reader)
                latencies.append(time.perf_counter() - sent)
        finally:
            writer.close()

    await asyncio.gather(*(client() for _ in range(clients)))
    return len(latencies), latencies


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_for(port: int, body: bytes, process: subprocess.Popen[bytes]) -> bytes:
    """The server's answer once it answers (it is starting)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return asyncio.run(_one(port, body))
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


async def _one(port: int, body: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(_request(port, body))
        return await _answer(reader)
    finally:
        writer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="3 blocks of 2 s on each side")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--serve", choices=["mjscore", "bare"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.serve:
        serve(arguments.serve, arguments.port, arguments.folder)
        return
    blocks, seconds = (3, 2.0) if arguments.quick else (5, 3.0)
    body = json.dumps({"hand": json.loads(HAND.read_text(encoding="utf-8"))}).encode()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        servers: dict[str, tuple[int, subprocess.Popen[bytes]]] = {}
        try:
            for which in ("mjscore", "bare"):  # mjscore's answer is the bare endpoint's, so it starts first
                port = _free_port()
                servers[which] = port, subprocess.Popen(
                    [sys.executable, __file__, "--serve", which, "--port", str(port), "--folder", str(folder)])
                (folder / "answer.json").write_bytes(_wait_for(port, body, servers[which][1]))
                for _ in range(200):  # warm: both servers have answered this request many times
                    asyncio.run(_one(port, body))
            sizes = {which: len(_wait_for(port, body, process)) for which, (port, process) in servers.items()}
            figures: dict[str, list[tuple[float, float, float]]] = {which: [] for which in servers}
            for _ in range(blocks):
                for which, (port, process) in servers.items():
                    cpu = _cpu_seconds(process.pid)
                    count, latencies = asyncio.run(_clients(port, body, arguments.clients, seconds))
                    used = _cpu_seconds(process.pid) - cpu
                    figures[which].append((count / seconds, used / count * 1000, statistics.median(latencies) * 1000))
        finally:
            for _, process in servers.values():
                process.terminate()
                process.wait(10)
    load = os.getloadavg()[0]
    print(f"POST /api/score, {arguments.clients} kept-alive clients, {blocks} alternating blocks of {seconds:g} s, "
          f"request {len(body)} bytes, answers {sizes['mjscore']} / {sizes['bare']} bytes, load average {load:.1f}")
    medians = {}
    for which, rows in figures.items():
        rate, cpu, p50 = (statistics.median(row[i] for row in rows) for i in range(3))
        medians[which] = rate, cpu
        print(f"  {which:8} {rate:7.0f} requests/s  {cpu:5.2f} ms server CPU a request  p50 {p50:5.1f} ms  "
              f"(blocks: {', '.join(f'{row[0]:.0f}' for row in rows)} requests/s)")
    print(f"  mjscore / bare: {medians['mjscore'][0] / medians['bare'][0]:.2f}x the requests a second, "
          f"{medians['mjscore'][1] / medians['bare'][1]:.2f}x the server CPU a request")


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


if __name__ == "__main__":
    main()
