"""One watcher per table for the live streams (issue 28): 200 streams of a table make one version
query per tick, not 200, and all of them learn of a change within a second."""

from __future__ import annotations

import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import anyio

from mjscore.errors import NoSuchTableError
from mjscore.interfaces.web import watching

T = TypeVar("T")


def _run(function: Callable[..., Awaitable[T]], *arguments: object) -> T:
    """``anyio.run`` in a thread of its own: a browser test earlier in this process (pytest-xdist gives a
    worker many files) leaves Playwright's event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, function, *arguments).result()


class _Table:
    """A table's version as the scorekeeper reads it, counting the reads."""

    def __init__(self) -> None:
        self.version = 3
        self.reads = 0
        self.gone = False
        self.lock = threading.Lock()

    def read(self, table_id: int) -> int:
        with self.lock:
            self.reads += 1
        if self.gone:
            raise NoSuchTableError(f"there is no table {table_id}")
        return self.version


def test_two_hundred_streams_share_one_watcher() -> None:
    table = _Table()
    seen: list[tuple[int | None, float]] = []

    async def main() -> None:
        tables = watching.Watchers(table.read)

        async def stream() -> None:
            version = await tables.changed(7, 3, lambda: False)
            seen.append((version, time.monotonic()))

        async with anyio.create_task_group() as group:
            for _ in range(200):
                group.start_soon(stream)
            await anyio.sleep(1.0)  # about four ticks with nothing new
            quiet_reads = table.reads
            table.version = 4
            changed_at = time.monotonic()
        assert quiet_reads <= 1.0 / watching.POLL_SECONDS + 2  # one read per tick, not one per stream
        assert len(seen) == 200 and {version for version, _ in seen} == {4}
        assert max(at for _, at in seen) - changed_at < 1.0

    _run(main)


def test_a_deleted_table_ends_its_streams_and_a_stopping_server_too() -> None:
    table = _Table()

    async def main() -> None:
        tables = watching.Watchers(table.read)
        ended: list[str] = []

        async def stream() -> None:
            try:
                await tables.changed(7, 3, lambda: False)
            except NoSuchTableError:
                ended.append("gone")

        async with anyio.create_task_group() as group:
            for _ in range(3):
                group.start_soon(stream)
            await anyio.sleep(0.3)
            table.gone = True
        assert ended == ["gone"] * 3
        stopping = [False]

        async def stop() -> None:
            await anyio.sleep(0.3)
            stopping[0] = True

        table.gone = False
        async with anyio.create_task_group() as group:
            group.start_soon(stop)
            assert await tables.changed(8, 3, lambda: stopping[0]) is None

    _run(main)
