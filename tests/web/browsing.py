"""What the browser tests share beyond their fixtures: a phone's screen, and the web app served on a
free local port. A module of its own (not ``conftest``, whose name ``tests/scorekeeper`` also has), so
that a test imports it by a name no other folder of tests uses."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

#: A phone's screen: every page must work there.
PHONE = {"width": 390, "height": 844}


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn on a free port of 127.0.0.1, for as long as the block runs."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):  # up to 10 s for the server to listen
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "the web app did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


