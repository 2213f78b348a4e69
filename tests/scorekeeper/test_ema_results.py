"""The EMA results file of a tournament against the EMA's published results tables
(tests/data/ema: no published specification of the file was found, so the columns are the
published table's, cell by cell, as two public programs read it; README.md there says what was
searched and found).

The tournament: eight players over three rounds, one MCR hand a table. Round 1: at table 1 its
East wins on its North's discard with a 21-fan hand (East +45, 4 table points; South and West -8,
1.5 each; North -29, 0), table 2 is drawn (1.75 each), and table 2's East gets a penalty of 10.
Table 1's North drops: round 2 seats a substitute in the seat, and every table is drawn (1.75
each). Zoë Wu enters late and plays round 3, every table drawn again.

By hand, after round 3: table 1's East 4 + 1.75 + 1.75 = 7.5 table points, +45; table 2's South,
West and North 5.25, 0, sharing second place; table 2's East 5.25 and -10 (the penalty), fifth on
score; table 1's South and West 1.5 + 1.75 + 1.75 = 5 and -8, sharing sixth; Zoë 1.75, eighth;
table 1's North 0 and -29, ninth. The substitute is on no line (the MCR regulations give a
substitute no ranking result)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.tournaments import EMA_COLUMNS, Tournaments, ema_csv, ema_name

DATA = Path(__file__).resolve().parents[1] / "data" / "ema"
PLAYERS = ["Ann Lee", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
EMA = {"Ann Lee": "04010001", "Bob": "04010002", "Zoë Wu": "04010099"}
HAND = {"concealed": "123m 456m 789m 234p 5s", "win_tile": "5s", "win": "discard"}


def _published_columns() -> list[dict[str, str]]:
    with (DATA / "published-results-columns.csv").open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


def test_the_file_has_the_published_tables_columns_in_their_order_less_the_emas_own_ranking() -> None:
    cells = _published_columns()
    assert [int(c["cell"]) for c in cells] == list(range(8))
    mine = [c["column of mjscore's EMA results file"] for c in cells]
    assert tuple(mine[:7]) == EMA_COLUMNS and mine[7] == ""  # the MERS base rank is the EMA's to work out
    assert "ranking" in cells[7]["what the EMA's results table shows there"]


def test_a_tournaments_file_matches_the_published_layout_and_the_results_worked_by_hand(keeper: Scorekeeper) -> None:
    cup = Tournaments(keeper)
    cup.create("EMA Cup", PLAYERS, seed="ema", rounds=3, session_hands=1,
               ema={k: v for k, v in EMA.items() if k in PLAYERS})
    one = cup.seat("EMA Cup")
    first, second = one.tables
    keeper.record_win(first.table_id, HAND, first.names[0], first.names[3])
    keeper.record_draw(second.table_id)
    cup.penalty("EMA Cup", second.names[0], 10, "late")
    cup.drop("EMA Cup", first.names[3])
    two = cup.seat("EMA Cup")
    assert sum(name == "Substitute 1" for t in two.tables for name in t.names) == 1
    for table in two.tables:
        keeper.record_draw(table.table_id)
    cup.enter("EMA Cup", "Zoë Wu", EMA["Zoë Wu"])
    for table in cup.seat("EMA Cup").tables:
        keeper.record_draw(table.table_id)

    rows = list(csv.reader(io.StringIO(ema_csv(cup.standings("EMA Cup")))))
    assert tuple(rows[0]) == EMA_COLUMNS
    east, south, west, north = first.names

    def row(place: int, name: str, points: str, score: int) -> list[str]:
        last, given = ema_name(name)
        return [str(place), EMA.get(name, "-"), last, given, "-", points, str(score)]

    expected = [row(1, east, "7.5", 45), *(row(2, n, "5.25", 0) for n in second.names[1:]),
                row(5, second.names[0], "5.25", -10), row(6, south, "5", -8), row(6, west, "5", -8),
                row(8, "Zoë Wu", "1.75", 0), row(9, north, "0", -29)]
    assert sorted(rows[1:]) == sorted(expected)  # players sharing a place may come in any order
    assert [int(r[0]) for r in rows[1:]] == [1, 2, 2, 2, 5, 6, 6, 8, 9]
    # The published layout, cell by cell: a place, an EMA number of eight digits or "-", a name, a
    # country, table points and a whole score.
    for place, number, last, given, country, points, score in rows[1:]:
        assert place.isdigit() and (re.fullmatch(r"\d{8}", number) or number == "-")
        assert last.strip() and given.strip() and country == "-"
        assert re.fullmatch(r"\d+(\.\d+)?", points) and re.fullmatch(r"-?\d+", score)
    assert "Substitute 1" not in {r[2] for r in rows}
    assert next(r for r in rows if r[2] == "Lee")[1:4] == ["04010001", "Lee", "Ann"]


def test_a_name_is_split_at_its_last_word() -> None:
    assert ema_name("Ann Lee") == ("Lee", "Ann")
    assert ema_name("Jan van der Berg") == ("Berg", "Jan van der")
    assert ema_name("王芳") == ("王芳", "-")
