"""Statistics benchmarks: prints figures, asserts nothing.

    python benchmarks/stats.py            # a club of 20 tables of 100 entries each
    python benchmarks/stats.py --quick    # 5 tables

A club is filled on a fresh SQLite file (each table the history of ``benchmarks/tables.py``: sixteen
hands, wins and draws, then table payments), then timed: the statistics of the whole club as
``mjscore stats --club`` computes them (every table and its log read, the hash chains checked, the stored
history summed and counted), the counting alone over the histories already read, and the size of
``GET /api/tables/stats``. Times are CPU time, medians of a few runs.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient
from tables import entries, median_ms

from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.statistics import statistics, table_record
from mjscore.scoring.statistics import table_statistics


def figures(tables: int, size: int, folder: Path) -> None:
    keeper = Scorekeeper.open(f"sqlite:///{folder / 'club.sqlite3'}")
    for number in range(tables):
        names = [f"P{(number + seat) % 12}" for seat in range(4)]  # twelve members, seated in turn
        keeper.create_table(TableSettings.of(f"Evening {number + 1}", names), entries(size))
    read = [table_record(keeper.table(summary.id)) for summary in keeper.tables()]
    whole = median_ms(lambda: statistics(keeper), 5)
    counting = median_ms(lambda: table_statistics(read), 5)
    answer = TestClient(create_app(keeper), base_url="http://localhost").get("/api/tables/stats")
    print(f"{tables} tables x {size} entries: club statistics {whole:.0f} ms (counting alone {counting:.1f} ms); "
          f"GET /api/tables/stats {len(answer.content) / 1024:.0f} KiB")
    keeper.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 tables only")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures(5 if arguments.quick else 20, 100, Path(folder))


if __name__ == "__main__":
    main()
