"""`mjscore serve` on a kept-alive connection (issue 27): the server sends each answer at once.

A connection that keeps Nagle's algorithm on holds the last part of an answer written in pieces
until the client acknowledges the first, which a client delays by about 40 ms: every request after
the first on a kept-alive connection waited that long. asyncio turns Nagle off (``TCP_NODELAY``) on
an accepted connection only when the listening socket says TCP by name, so the listener that
``serve`` binds decides it. Speed is not asserted here; the socket option the server's own end of a
kept-alive connection carries is.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from mjscore.interfaces.cli.serve import _bind
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[uvicorn.Server, int]]:
    """The web app served as ``serve`` serves it (its own listening socket, uvicorn), on a free port."""
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    listener = _bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(keeper), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started, "the server did not start"
    try:
        yield server, listener.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        listener.close()
        keeper.close()


def _server_ends(server: uvicorn.Server) -> list[socket.socket]:
    """The server's own end of each connection it holds open."""
    return [connection.transport.get_extra_info("socket") for connection in server.server_state.connections]


def test_the_listener_is_tcp_by_name() -> None:
    listener = _bind("127.0.0.1", 0)
    try:
        assert listener.proto == socket.IPPROTO_TCP
    finally:
        listener.close()


def test_a_kept_alive_connection_is_answered_without_nagle(served: tuple[uvicorn.Server, int]) -> None:
    server, port = served
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        hand = json.loads((Path(__file__).parent.parent / "examples" / "hand.json").read_text(encoding="utf-8"))
        answers = []
        for _ in range(3):  # one connection, kept alive between the requests (HTTP/1.1's default)
            client.request("GET", "/api/tiles")
            tiles = client.getresponse()
            answers.append((tiles.status, tiles.getheader("connection"), bool(tiles.read())))
            client.request("POST", "/api/score", body=json.dumps({"hand": hand}), headers={"content-type": "application/json"})
            scored = client.getresponse()
            answers.append((scored.status, scored.getheader("connection"), "total" in json.loads(scored.read())))
        assert answers == [(200, None, True)] * 6  # all answered, none closing the connection
        ends = _server_ends(server)
        assert len(ends) == 1  # the client's single kept-alive connection
        assert ends[0].getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        client.close()
