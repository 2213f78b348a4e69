"""Club benchmarks: prints figures, asserts nothing.

    python benchmarks/club.py            # an evening of 10 tables and a season of 100
    python benchmarks/club.py --quick    # 10 tables only

Each table of an event is opened on a fresh SQLite file with four players drawn from a roster of
about 40 people (so the roster resolves names across tables) and 16 imported entries (wins and
draws), then timed: the standings of the event (``Scorekeeper.standings``: every table read, its
hash chain checked, table points and the ranking), the resolver for every table
(``Scorekeeper.seat_people``), the roster (``Scorekeeper.roster``) and a rename. Times are CPU time
of this process, medians of a few runs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tables import entries, median_ms  # noqa: E402  (the scorekeeper benchmark's helpers)

from mjscore.scorekeeper import Scorekeeper, SessionRule, TableSettings  # noqa: E402

PEOPLE = [f"Player {n}" for n in range(40)]


def figures(count: int, folder: Path) -> None:
    keeper = Scorekeeper.open(f"sqlite:///{folder / f'club-{count}.sqlite3'}")
    try:
        for table in range(count):
            players = [PEOPLE[(table * 3 + seat * 7) % len(PEOPLE)] for seat in range(4)]
            keeper.create_table(TableSettings.of(f"T{table}", players), entries(16),
                                session_rule=SessionRule.of(event="Season"))
        standings = median_ms(lambda: keeper.standings(event="Season"), 5)
        resolver = median_ms(keeper.seat_people, 5)
        roster = median_ms(keeper.roster, 5)
        renames = iter(range(1000))
        rename = median_ms(lambda: keeper.rename_player("#1", f"Renamed {next(renames)}"), 5)
        print(f"{count:4} tables x 16 entries, {len(keeper.roster())} people: standings {standings:7.1f} ms, "
              f"seat_people {resolver:6.1f} ms, roster {roster:6.1f} ms, rename {rename:6.1f} ms")
    finally:
        keeper.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 tables only")
    sizes = [10] if parser.parse_args().quick else [10, 100]
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            figures(size, Path(folder))


if __name__ == "__main__":
    main()
