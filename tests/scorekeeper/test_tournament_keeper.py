"""Tournaments on the database (SQLite and PostgreSQL): rounds of tables that close when their
tables do, drops with a substitute, byes, late entries, penalties, a cut, and refusals in one line."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from mjscore.errors import MjscoreError, TableError
from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.seating import Fill, Method
from mjscore.scorekeeper.tournaments import Tournaments, ema_csv

ROOT = Path(__file__).resolve().parents[2]
SIXTEEN = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lee", "Max", "Ned", "Oz", "Pat"]
#: An MCR hand of 21 fan (Pure Straight 16, Concealed Hand 2, All Chows 2, Single Wait 1): won on a
#: discard, 8 + 21 from the discarder and 8 from each other player (docs/tournaments.md).
HAND = {"concealed": "123m 456m 789m 234p 5s", "win_tile": "5s", "win": "discard"}


def _play(keeper: Scorekeeper, tables: list[int]) -> None:
    """Each table's one hand: drawn."""
    for table in tables:
        keeper.record_draw(table)


def test_a_sixteen_player_four_round_mcr_tournament_seats_nobody_twice_with_anyone(keeper: Scorekeeper) -> None:
    tournaments = Tournaments(keeper)
    tournaments.create("Winter Open", SIXTEEN, seed="winter", rounds=4, session_hands=1,
                       ema={"Ann": "04010001", "Pat": "04010016"})
    met: Counter[frozenset[str]] = Counter()
    for number in range(1, 5):
        seated = tournaments.seat("winter open")
        assert seated.number == number and len(seated.tables) == 4 and not seated.closed
        for table in seated.tables:
            met.update(frozenset(pair) for pair in combinations(table.names, 2))
            assert keeper.session_of(table.table_id).event == "Winter Open"
        playing = rf"round {number} is still being played: table \d+, table \d+, table \d+, table \d+ not over"
        with pytest.raises(TableError, match=playing if number < 4 else "Winter Open plans 4 rounds: all are seated"):
            tournaments.seat("Winter Open")
        _play(keeper, [t.table_id for t in seated.tables])
        assert tournaments.view("Winter Open").rounds[-1].closed
        assert tournaments.standings("Winter Open").after == number
    assert set(met.values()) == {1} and len(met) == 4 * 4 * 6
    # Every table drawn: 7 / 4 = 1.75 a round, 7 in all, everyone equal: one shared first place.
    lines = tournaments.standings("Winter Open").lines
    assert {(line.place, line.tied, line.table_points, line.rounds) for line, _ in lines} == {(1, True, 7, 4)}
    rows = ema_csv(tournaments.standings("Winter Open")).splitlines()
    assert rows[0] == "Place,EMA number,Last name,First name,Country,Table points,Score"
    assert "1,04010001,Ann,-,-,7,0" in rows and "1,04010016,Pat,-,-,7,0" in rows and "1,-,Bob,-,-,7,0" in rows
    assert len(rows) == 17


def test_standings_after_a_round_by_table_points_score_hands_won(keeper: Scorekeeper) -> None:
    tournaments = Tournaments(keeper)
    tournaments.create("Club Cup", SIXTEEN[:8], seed="cup", rounds=2, session_hands=1)
    one = tournaments.seat("Club Cup")
    first, second = one.tables
    # Table 1: its East wins on its North's discard: +45 (4), South and West -8 (1.5 each), North -29 (0).
    keeper.record_win(first.table_id, HAND, first.names[0], first.names[3])
    with pytest.raises(TableError, match=f"round 1 is still being played: table {second.table_id} not over"):
        tournaments.standings("Club Cup", 1)
    assert tournaments.standings("Club Cup").after == 0  # no round over yet: everyone at zero
    keeper.record_draw(second.table_id)  # 1.75 each
    lines = tournaments.standings("Club Cup").lines
    got = [(entrant.person.name, str(line.table_points), line.score, line.decided) for line, entrant in lines]
    east, south, west, north = first.names
    assert got[0] == (east, "4", 45, "")
    assert got[1][1:] == ("7/4", 0, "table points") and got[4][1:] == ("7/4", 0, "tied")
    assert {got[5][0], got[6][0]} == {south, west} and got[5][1:3] == ("3/2", -8) and got[6][3] == "tied"
    assert got[7] == (north, "0", -29, "table points")
    tournaments.penalty("Club Cup", east, 60, "slow play")  # 45 - 60 = -15: still first on table points
    assert tournaments.standings("Club Cup").lines[0][0].score == -15


def test_a_drop_gets_a_substitute_and_a_late_entry_fills_the_seat(keeper: Scorekeeper) -> None:
    tournaments = Tournaments(keeper)
    tournaments.create("Drop Cup", SIXTEEN[:8], seed="drop", rounds=3, session_hands=1)
    _play(keeper, [t.table_id for t in tournaments.seat("Drop Cup").tables])
    assert tournaments.drop("Drop Cup", "hal").dropped_after == 1
    two = tournaments.seat("Drop Cup")
    names = [n for t in two.tables for n in t.names]
    assert "Hal" not in names and names.count("Substitute 1") == 1 and len(names) == 8
    _play(keeper, [t.table_id for t in two.tables])
    lines = tournaments.standings("Drop Cup").lines
    assert [line.rounds for line, e in lines if e.person.name == "Hal"] == [1]  # Hal's round stays
    assert all(e.person.name != "Substitute 1" for _, e in lines)
    assert tournaments.enter("Drop Cup", "Ivy", "04010009").entered == 3
    three = tournaments.seat("Drop Cup")
    assert sorted(n for t in three.tables for n in t.names) == sorted([*SIXTEEN[:7], "Ivy"])
    with pytest.raises(TableError, match="Hal already dropped after round 1"):
        tournaments.drop("Drop Cup", "Hal")


def test_byes_sit_players_out_and_score_nothing(keeper: Scorekeeper) -> None:
    tournaments = Tournaments(keeper)
    tournaments.create("Bye Cup", SIXTEEN[:9], seed="bye", rounds=2, fill=Fill.byes, method=Method.random,
                       session_hands=1)
    one = tournaments.seat("Bye Cup")
    assert len(one.byes) == 1 and len(one.tables) == 2
    _play(keeper, [t.table_id for t in one.tables])
    sat_out = one.byes[0].name
    line = next(line for line, e in tournaments.standings("Bye Cup").lines if e.person.name == sat_out)
    assert (line.rounds, line.table_points, line.place) == (0, 0, 9)
    two = tournaments.seat("Bye Cup")
    assert two.byes[0].name != sat_out


def test_a_cut_seats_only_the_finalists(keeper: Scorekeeper) -> None:
    tournaments = Tournaments(keeper)
    tournaments.create("Cut Cup", SIXTEEN[:8], seed="cut", rounds=2, session_hands=1)
    one = tournaments.seat("Cut Cup")
    for table in one.tables:  # East wins on North's discard at both tables: no tie across 4th and 5th
        keeper.record_win(table.table_id, HAND, table.names[0], table.names[3])
    with pytest.raises(TableError, match="falls inside a tie for place 3"):
        tournaments.cut("Cut Cup", 4)  # the four players on 1.5 and -8 share third
    tournaments.penalty("Cut Cup", one.tables[0].names[1], 1, "late")
    tournaments.penalty("Cut Cup", one.tables[1].names[1], 2, "late")
    finalists = tournaments.cut("Cut Cup", 4)
    expected = {one.tables[0].names[0], one.tables[1].names[0], one.tables[0].names[2], one.tables[1].names[2]}
    assert {p.name for p in finalists} == expected
    final = tournaments.seat("Cut Cup")
    assert len(final.tables) == 1 and set(final.tables[0].names) == expected


def test_bad_input_is_refused_naming_it(keeper: Scorekeeper) -> None:
    tournaments = Tournaments(keeper)
    with pytest.raises(TableError, match="at least four players, not 3"):
        tournaments.create("Tiny", ["Ann", "Bob", "Cat"])
    with pytest.raises(TableError, match="'Ann' is entered twice"):
        tournaments.create("Twice", ["Ann", "Bob", "Cat", "Dan", "ann"])
    with pytest.raises(TableError, match="EMA number '4010001': eight digits"):
        tournaments.create("Ema", SIXTEEN[:4], ema={"Ann": "4010001"})
    with pytest.raises(TableError, match="--ema Zed: not a player"):
        tournaments.create("Ema", SIXTEEN[:4], ema={"Zed": "04010001"})
    with pytest.raises(TableError, match="'substitute 2' is the name a substitute sits under"):
        tournaments.create("Subs", ["Ann", "Bob", "Cat", "substitute 2"])
    with pytest.raises(MjscoreError, match="chess"):
        tournaments.create("Rules", SIXTEEN[:4], ruleset="chess")
    tournaments.create("Real", SIXTEEN[:4])
    with pytest.raises(TableError, match="already a tournament called 'REAL'"):
        tournaments.create("REAL", SIXTEEN[:4])
    with pytest.raises(TableError, match="there is no tournament called 'Fake': there are Real"):
        tournaments.view("Fake")
    with pytest.raises(TableError, match="'Zed' is not a player of Real"):
        tournaments.penalty("Real", "Zed", 5, "late")
    with pytest.raises(TableError, match="give a reason"):
        tournaments.penalty("Real", "Ann", 5, " ")
    with pytest.raises(TableError, match="round 1 has none"):
        tournaments.seat("Real", Method.swiss)
    assert tournaments.view("Real").rounds == ()  # nothing half-written


def test_the_command_line_refuses_in_one_line_with_status_2(tmp_path: Path) -> None:
    environment = {"PATH": "/usr/bin:/bin", "MJSCORE_DATABASE_URL": f"sqlite:///{tmp_path / 't.db'}",
                   "PYTHONPATH": str(ROOT / "src"), "HOME": str(tmp_path)}

    def run(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "mjscore", "tournament", *arguments], env=environment,
                              capture_output=True, text=True, check=False)

    done = run("new", "Cup", "Ann", "Bob", "Cat", "Dan", "--ema", "Ann")
    assert (done.returncode, done.stderr) == (2, "error: --ema 'Ann': write NAME=NUMBER, e.g. Ann=04010001\n")
    done = run("seat", "Nope")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no tournament called 'Nope'" in done.stderr
    assert run("new", "Cup", "Ann", "Bob", "Cat", "Dan", "--seed", "s").returncode == 0
    done = run("seat", "Cup", "--method", "sideways")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "sideways" in done.stderr


def test_the_directors_api_drops_enters_and_cuts_or_says_why_not_in_one_line(keeper: Scorekeeper) -> None:
    from fastapi.testclient import TestClient

    from mjscore.interfaces.web import create_app

    client = TestClient(create_app(keeper), base_url="http://localhost")
    Tournaments(keeper).create("Api Open", [f"P{n}" for n in range(1, 9)], seed="api", rounds=3, session_hands=1)
    url = "/api/tournaments/api%20open"
    refused = [
        (f"{url}/drops", {"player": "Nobody"}, 422, "Nobody"),
        (f"{url}/cut", {"size": 6}, 422, "multiple of four"),
        (f"{url}/cut", {"size": 2}, 422, "size"),
        (f"{url}/entries", {"player": "P1"}, 422, "already a player"),
        ("/api/tournaments/nope/drops", {"player": "P1"}, 404, "nope"),
    ]
    for path, body, status, said in refused:
        answer = client.post(path, json=body)
        assert answer.status_code == status, (path, body, answer.text)
        assert said in answer.json()["message"] and "\n" not in answer.json()["message"], answer.text
    dropped = client.post(f"{url}/drops", json={"player": "p8"})
    assert dropped.status_code == 201
    assert [line["name"] for line in dropped.json()["standings"] if line["dropped"]] == ["P8"]
    entered = client.post(f"{url}/entries", json={"player": "P9", "ema": "04190009"})
    assert entered.status_code == 201 and "P9" in [line["name"] for line in entered.json()["standings"]]
    cut = client.post(f"{url}/cut", json={"size": 8})
    assert cut.status_code == 201
    assert Tournaments(keeper).view("Api Open").finalists is not None
