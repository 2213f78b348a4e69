"""Scorekeeper benchmarks: prints figures, asserts nothing.

    python benchmarks/tables.py            # tables of 100, 2,000 and 5,000 entries
    python benchmarks/tables.py --quick    # 100 and 1,000 entries

For each size, a table on a fresh SQLite file is filled (wins and draws for the first 16 hands, then
a table payment and a drawn hand in turn, up to the size), then timed: reading it whole with the
scorekeeper (``Scorekeeper.table``: the hash chain checked, the rows folded, the stored transfers
summed), ``mjscore table show`` as a process (start-up included), recording one more entry, and the
size of the API's answer to a read and to a read ``?since_version=`` the version before the last.
Times are CPU time (this process and its children), medians of a few runs.

Then the read a phone makes, ``GET /api/tables/{id}`` (the last 100 entries, the balances, the deal:
a page read from the rows it stands on, :meth:`Scorekeeper.page`), on the smallest and the largest
table, in alternating blocks, served in-process (the ASGI app, the database, the chain check of the
rows read, the JSON; not the network), and its ratio: the cost of a read should not grow with the
history. Then a change (a record, a correction of it, an undo) on the smallest and the largest table,
likewise in alternating blocks: its cost should not grow with the history either (issue 38: a change
read the whole history, 37 ms at 50 entries and about 1.1 s at 5,000).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Draw, Entry, Event, Scorekeeper, TableSettings, Win

PLAIN: dict[str, Any] = {"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
                         "win_tile": "8s", "win": "self_draw"}


def entries(count: int) -> list[Entry]:
    """Sixteen hands (each player wins, then a draw, in turn), then drawn hands (the LRC dealer keeps
    the deal on a draw, so the game goes on) each after a table payment, up to ``count``: a history
    whose hands end every other entry, as an evening's do."""
    found: list[Entry] = []
    for hand in range(16):
        found.append(Win(PLAIN, (hand // 2) % 4) if hand % 2 == 0 else Draw())
    found += [Event("concealed_gong_collection", n // 2 % 4) if n % 2 == 0 else Draw()
              for n in range(count - len(found))]
    return found[:count]


def median_ms(function: Any, runs: int) -> float:
    """The median CPU time of a call, this process and its children (processor time, not the wall
    clock: the machine is shared, and waiting for a core is not the code's time)."""
    times = []
    for _ in range(runs):
        start = _cpu()
        function()
        times.append((_cpu() - start) * 1000)
    return statistics.median(times)


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def figures(count: int, folder: Path) -> None:
    url = f"sqlite:///{folder / f'tables-{count}.sqlite3'}"
    keeper = Scorekeeper.open(url)
    table = keeper.create_table(TableSettings.of("bench", ["Ann", "Bob", "Cat", "Dan"]), entries(count)).id
    print(f"{count:6} entries: read (Scorekeeper.table)      {median_ms(lambda: keeper.table(table), 9):8.1f} ms")
    shown = median_ms(lambda: subprocess.run([str(Path(sys.executable).parent / "mjscore"), "table", "--database", url,
                                              "show", str(table)], check=True, capture_output=True), 3)
    started = median_ms(lambda: subprocess.run([sys.executable, "-c", "import mjscore.interfaces.cli"], check=True), 3)
    print(f"{count:6} entries: `mjscore table show` process   {shown:8.1f} ms (of which Python and imports {started:.0f} ms)")
    before = keeper.table(table).version
    recorded = median_ms(lambda: keeper.record_event(table, "concealed_gong_collection", "Ann"), 5)
    print(f"{count:6} entries: record one more entry          {recorded:8.1f} ms")
    client = TestClient(create_app(keeper), base_url="http://localhost")
    whole = len(client.get(f"/api/tables/{table}").content)
    delta = len(client.get(f"/api/tables/{table}", params={"since_version": before + 4}).content)
    print(f"{count:6} entries: API answer (last 100 entries)  {whole / 1024:8.1f} KiB; "
          f"since the last version {delta / 1024:.1f} KiB")
    keeper.close()


def page_figure(sizes: tuple[int, int], folder: Path, reads: int = 60, blocks: int = 6) -> None:
    """``GET /api/tables/{id}`` on a table of each of ``sizes`` entries, alternating blocks of
    ``reads // blocks`` reads; the median of the block medians, CPU time of this process."""
    keeper = Scorekeeper.open(f"sqlite:///{folder / 'pages.sqlite3'}")
    client = TestClient(create_app(keeper), base_url="http://localhost")
    players = ["Ann", "Bob", "Cat", "Dan"]
    paths = {size: f"/api/tables/{keeper.create_table(TableSettings.of(f'{size}', players), entries(size)).id}"
             for size in sizes}
    for path in paths.values():
        client.get(path).raise_for_status()
    medians: dict[int, list[float]] = {size: [] for size in sizes}
    for _ in range(blocks):
        for size, path in paths.items():
            medians[size].append(median_ms(lambda path=path: client.get(path).raise_for_status(), reads // blocks))
    found = {size: statistics.median(values) for size, values in medians.items()}
    for size in sizes:
        print(f"{size:6} entries: GET /api/tables/{{id}} (a page)   {found[size]:8.1f} ms "
              f"(blocks {min(medians[size]):.1f}-{max(medians[size]):.1f})")
    print(f"{'':6}          read of {sizes[1]} / read of {sizes[0]}    {found[sizes[1]] / found[sizes[0]]:8.2f} x")
    keeper.close()


def change_figure(sizes: tuple[int, int], folder: Path, pairs: int = 30, blocks: int = 6) -> None:
    """A change on a table of each of ``sizes`` entries: a record, a correction of that entry and its
    undo (the table keeps its length), in alternating blocks of ``pairs // blocks``; the median of the
    block medians, CPU time of this process. What it leaves out: the HTTP layer and its JSON."""
    keeper = Scorekeeper.open(f"sqlite:///{folder / 'changes.sqlite3'}")
    players = ["Ann", "Bob", "Cat", "Dan"]
    tables = {size: keeper.create_table(TableSettings.of(f"{size}", players), entries(size)).id for size in sizes}

    def change(table: int, size: int) -> None:
        keeper.record_event(table, "concealed_gong_collection", "Ann")
        keeper.record_event(table, "concealed_gong_collection", "Bob", correct=size + 1)
        keeper.undo(table)

    medians: dict[int, list[float]] = {size: [] for size in sizes}
    for _ in range(blocks):
        for size, table in tables.items():
            medians[size].append(median_ms(lambda table=table, size=size: change(table, size), pairs // blocks))
    found = {size: statistics.median(values) for size, values in medians.items()}
    for size in sizes:
        print(f"{size:6} entries: record + correct + undo          {found[size]:8.1f} ms "
              f"(blocks {min(medians[size]):.1f}-{max(medians[size]):.1f})")
    print(f"{'':6}          change at {sizes[1]} / change at {sizes[0]}    {found[sizes[1]] / found[sizes[0]]:8.2f} x")
    keeper.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 entries")
    args = parser.parse_args()
    sizes = (100, 1000) if args.quick else (100, 2000, 5000)
    with tempfile.TemporaryDirectory() as folder:
        for count in sizes:
            figures(count, Path(folder))
        page_figure((sizes[0], sizes[-1]), Path(folder))
        change_figure((sizes[0], sizes[-1]), Path(folder))


if __name__ == "__main__":
    main()
