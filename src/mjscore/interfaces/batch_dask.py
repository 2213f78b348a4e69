"""The Dask batch engine: ``mjscore batch --engine dask [--scheduler ADDRESS]`` (the ``mjscore[dask]``
extra).

The numbered input lines are sent in chunks to a Dask cluster (the scheduler at ``ADDRESS``, or a
local cluster of worker processes on this machine), each chunk answered by the same function the
local pool runs on each chunk (:func:`mjscore.interfaces.cli.batch.answer_chunk`), and the answers
are taken back in input order, so the output is line for line the local pool's. At most a few
chunks per worker are in flight: a file of any length is never held whole in memory.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from mjscore.errors import InputError

if TYPE_CHECKING:
    from mjscore.interfaces.cli.batch import Answered, BatchOptions

#: Chunks in flight per worker: enough to keep every worker busy while answers are written.
_IN_FLIGHT = 4


def dask_answers(chunks: Iterable[list[tuple[int, bytes | None]]], options: BatchOptions, scheduler: str | None,
                 workers: int) -> Iterator[Answered]:
    """The answers to each chunk of numbered lines, in order, computed on a Dask cluster. Raises
    :class:`InputError` when Dask is not installed or the scheduler cannot be reached."""
    from mjscore.interfaces.cli.batch import answer_chunk

    try:
        import dask.distributed
    except ImportError:
        raise InputError("--engine dask needs Dask: pip install 'mjscore[dask]'") from None
    distributed: Any = dask.distributed  # Dask's API is untyped
    cluster: Any = None
    try:
        if scheduler is None:
            cluster = distributed.LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                                               processes=True, dashboard_address=None)
            client = distributed.Client(cluster)
        else:
            client = distributed.Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise InputError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({error})") from None
    try:
        window = _IN_FLIGHT * max(1, len(client.scheduler_info().get("workers", {})))
        pending: deque[Any] = deque()
        for chunk in chunks:
            pending.append(client.submit(answer_chunk, options, chunk, pure=False))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
