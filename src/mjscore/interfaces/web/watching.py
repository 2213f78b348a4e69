"""One watcher per table for the live streams (issue 28: a busy evening).

Every live stream used to read its table's version four times a second through the shared thread
pool: 200 phones made 800 queries a second, queued behind each other, and a change reached them
after 1.2 s (median) to 1.9 s. Now the streams of a table share one :class:`_Watch`: it reads the
version every :data:`POLL_SECONDS` (one single-row query per table, whatever the number of phones)
and wakes every stream of the table at once when it moves. The watch ends when its last stream does.

Every stream woken by a change then needs the same answer (the table since the version they all had,
in their language): :meth:`Watchers.shared` makes it once, in one worker thread, and every stream
sends that text (issue 38: 200 phones each building their own answer took 2.8 ms of CPU apiece, and
a change reached the last of them after 1.6-2.3 s).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import anyio

from mjscore.errors import NoSuchTableError, Refusal

#: How often a table's watcher reads its version, in seconds: a change reaches every phone well
#: within a second.
POLL_SECONDS = 0.25

#: How many answers :meth:`Watchers.shared` keeps (a few per table being watched), and for how many
#: seconds: long enough for every stream woken by one change, short enough that a table deleted and
#: another opened under its number never gets its answers.
KEPT_ANSWERS = 256
KEPT_SECONDS = 10.0

T = TypeVar("T")


@dataclass
class _Watch:
    """A table's watcher: the version it last read (None before the first read), an event set (and
    replaced) each time the version moves or the table goes, and how many streams wait on it."""

    version: int | None = None
    gone: bool = False
    moved: asyncio.Event = field(default_factory=asyncio.Event)
    streams: int = 0


class Watchers:
    """The watchers of the tables that have live streams, in one event loop. ``version`` reads a
    table's version (:meth:`mjscore.scorekeeper.Scorekeeper.version`, run in a worker thread)."""

    def __init__(self, version: Callable[[int], int]) -> None:
        self._version = version
        self._watches: dict[int, _Watch] = {}
        self._answers: OrderedDict[Hashable, tuple[float, asyncio.Future[Any]]] = OrderedDict()

    async def shared(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` for ``key``, made once in a worker thread however many streams ask for it at
        once or within :data:`KEPT_SECONDS` (at most :data:`KEPT_ANSWERS` are kept); one that failed
        is made again."""
        now = time.monotonic()
        while self._answers and (len(self._answers) >= KEPT_ANSWERS
                                 or next(iter(self._answers.values()))[0] < now - KEPT_SECONDS):
            self._answers.popitem(last=False)
        kept = self._answers.get(key)
        found: asyncio.Future[Any]
        if kept is None:
            found = asyncio.ensure_future(anyio.to_thread.run_sync(make))
            found.add_done_callback(partial(self._forget_failed, key))
            self._answers[key] = (now, found)
        else:
            found = kept[1]
        value: T = await asyncio.shield(found)
        return value

    def _forget_failed(self, key: Hashable, done: asyncio.Future[Any]) -> None:
        if not done.cancelled() and done.exception() is not None:
            kept = self._answers.get(key)
            if kept is not None and kept[1] is done:
                del self._answers[key]

    async def changed(self, table_id: int, known: int | None, ending: Callable[[], bool]) -> int | None:
        """The table's version once it is not ``known``; None if ``ending()`` says to stop first.
        Raises :class:`NoSuchTableError` if the table is deleted."""
        watch = self._watches.get(table_id)
        if watch is None:
            watch = self._watches[table_id] = _Watch()
            asyncio.get_running_loop().create_task(self._run(table_id, watch))
        watch.streams += 1
        try:
            while not ending():
                if watch.gone:
                    raise NoSuchTableError(Refusal("no_such_table", table=table_id))
                if watch.version is not None and watch.version != known:
                    return watch.version
                with anyio.move_on_after(POLL_SECONDS):  # to see ending() in time
                    await watch.moved.wait()
            return None
        finally:
            watch.streams -= 1

    async def _run(self, table_id: int, watch: _Watch) -> None:
        """Read the table's version every :data:`POLL_SECONDS` while it has streams."""
        try:
            while True:
                try:
                    version = await anyio.to_thread.run_sync(self._version, table_id)
                except NoSuchTableError:
                    watch.gone = True
                    watch.moved.set()
                    return
                if version != watch.version:
                    watch.version = version
                    moved, watch.moved = watch.moved, asyncio.Event()
                    moved.set()
                await anyio.sleep(POLL_SECONDS)
                if watch.streams == 0:
                    return
        finally:
            if self._watches.get(table_id) is watch:
                del self._watches[table_id]


_BY_LOOP: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, weakref.WeakKeyDictionary[object, Watchers]] = \
    weakref.WeakKeyDictionary()


def watchers(owner: object, version: Callable[[int], int]) -> Watchers:
    """The watchers of ``owner`` (the app's scorekeeper) in the running event loop."""
    per_owner = _BY_LOOP.setdefault(asyncio.get_running_loop(), weakref.WeakKeyDictionary())
    found = per_owner.get(owner)
    if found is None:
        found = per_owner[owner] = Watchers(version)
    return found
