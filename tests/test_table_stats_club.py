"""Placements by session and money in the club's statistics, over a real scorekeeper, with every
figure worked out by hand; the command line and the API; the units' names in three languages.

LRC (PLAIN as in tests/scorekeeper/keeper_hands.py: 8 points, paid by the discarder alone when
neither the winner nor the discarder sits East). Ann, Bob, Cat, Dan; Ann deals first.

Session A (table 1, 2 hands): 1. Bob wins PLAIN on Dan's discard: Bob +8, Dan -8. 2. A drawn hand.
Scores Ann 0, Bob 8, Cat 0, Dan -8. Table points 4 / (2 + 1) / 2 = 1.5 / 1.5 / 0. Ann and Cat are equal
on table points, score (0) and hands won (0): they share 2nd. Places Bob 1, Ann 2, Cat 2, Dan 4.

Session B (table 2, 2 hands): 1. Cat (West) wins PLAIN on Bob's (South) discard: Cat +8, Bob -8; the
deal passes to Bob. 2. Dan (West now) wins PLAIN on Cat's (South) discard, Bob East: Dan +8, Cat -8.
Scores Ann 0, Bob -8, Cat 0, Dan 8. Ann and Cat tie on score and share the table points (1.5 each),
but the standings part them by hands won (Cat 1, Ann 0): Dan 1, Cat 2, Ann 3, Bob 4. A place by the
balances alone would have tied them: the statistics rank as the standings do.

The taiwan table (table 3, no session; 底 30 and 10 a tai, as tests/scorekeeper/test_keeper_taiwan.py
plays it): Ann, Bob, Eve, Fay. PLAIN_TW (門清 1 + 平胡 2 = 3 tai). 1. Ann, the dealer, wins on Bob's
discard: 3 + 莊家 1 = 4 tai, 30 + 4 x 10 = 70. 2. Eve wins on Fay's discard (Ann deals, no 莊家):
3 tai, 30 + 3 x 10 = 60. Points Ann 4, Bob -4, Eve 3, Fay -3; money Ann 70, Bob -70, Eve 60, Fay -60.
Places (by the balances) Ann 1, Eve 2, Fay 3, Bob 4.

Over the club: Ann 2, 3 (sessions) and 1 (a table): (1, 1, 1, 0), average 6 / 3 = 2.00 over the sessions
and tables played; Cat 2, 2: (0, 2, 0, 0), 2.00 over the sessions; Eve (0, 1, 0, 0), 2.00 over the tables;
Dan 4, 1: 2.50; Bob 1, 4, 4: 3.00; Fay 3.00. In that order (average place, then wins, then name: Ann,
Cat and Eve won 1 each; Bob 1, Fay 0).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.labels import unit_name
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.sessions import SessionRule

PLAIN: dict[str, Any] = {"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
                         "win_tile": "8s", "win": "discard"}
PLAIN_TW: dict[str, Any] = {"concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard"}
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def database(tmp_path: Path) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    keeper = Scorekeeper.open(url)
    a = keeper.create_table(TableSettings.of("A", PLAYERS), session_rule=SessionRule.of(hands=2, event="Cup")).id
    keeper.record_win(a, PLAIN, "Bob", "Dan")
    keeper.record_draw(a)
    b = keeper.create_table(TableSettings.of("B", PLAYERS), session_rule=SessionRule.of(hands=2, event="Cup")).id
    keeper.record_win(b, PLAIN, "Cat", "Bob")
    keeper.record_win(b, PLAIN, "Dan", "Cat")
    taiwan = keeper.create_table(TableSettings.of("Tai", ["Ann", "Bob", "Eve", "Fay"], "taiwan", {"stake": 10}, "30")).id
    keeper.record_win(taiwan, PLAIN_TW, "Ann", "Bob")
    keeper.record_win(taiwan, PLAIN_TW, "Eve", "Fay")
    keeper.close()
    yield url


def _stats(*arguments: str) -> str:
    result = CliRunner().invoke(app, ["stats", *arguments], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def _json(*arguments: str) -> Any:
    return json.loads(_stats(*arguments, "--format", "json"))


def test_the_tables_are_as_worked_out(database: str) -> None:
    """The premises, as the scorekeeper settled them."""
    keeper = Scorekeeper.open(database)
    try:
        assert [keeper.table(t).ledger.points for t in (1, 2, 3)] == [(0, 8, 0, -8), (0, -8, 0, 8), (4, -4, 3, -3)]
        assert [str(m) for m in keeper.table(3).ledger.money] == ["70", "-70", "60", "-60"]
    finally:
        keeper.close()


def test_a_session_place_is_the_standings_place_of_that_session(database: str) -> None:
    one = _json("--table", "1", "--database", database)
    places = {p["player"]: (p["places"], p["sessions"], p["places_over"]) for p in one["players"]}
    assert places == {"Bob": ([1, 0, 0, 0], 1, "sessions played"), "Ann": ([0, 1, 0, 0], 1, "sessions played"),
                      "Cat": ([0, 1, 0, 0], 1, "sessions played"), "Dan": ([0, 0, 0, 1], 1, "sessions played")}
    two = {p["player"]: p["places"] for p in _json("--table", "2", "--database", database)["players"]}
    assert two == {"Dan": [1, 0, 0, 0], "Cat": [0, 1, 0, 0], "Ann": [0, 0, 1, 0], "Bob": [0, 0, 0, 1]}
    keeper = Scorekeeper.open(database)
    try:  # the standings of each session place them so: one ranking for both
        assert {line.person.name: line.place for line in keeper.standings([1]).lines} == {
            "Bob": 1, "Ann": 2, "Cat": 2, "Dan": 4}
        assert {line.person.name: line.place for line in keeper.standings([2]).lines} == {
            "Dan": 1, "Cat": 2, "Ann": 3, "Bob": 4}
    finally:
        keeper.close()


def test_the_club_places_over_sessions_and_tables(database: str) -> None:
    club = _json("--club", "--database", database)
    assert [p["player"] for p in club["players"]] == ["Ann", "Cat", "Eve", "Dan", "Bob", "Fay"]
    by = {p["player"]: p for p in club["players"]}
    assert by["Ann"]["places"] == [1, 1, 1, 0] and (by["Ann"]["tables"], by["Ann"]["sessions"]) == (3, 2)
    assert by["Ann"]["average_place"] == {"total": 6, "of": 3, "over": "sessions and tables played", "value": 2.0}
    assert by["Cat"]["average_place"] == {"total": 4, "of": 2, "over": "sessions played", "value": 2.0}
    assert by["Eve"]["average_place"] == {"total": 2, "of": 1, "over": "tables played", "value": 2.0}
    assert by["Dan"]["places"] == [1, 0, 0, 1] and by["Dan"]["average_place"]["value"] == 2.5
    assert by["Bob"]["places"] == [1, 0, 0, 2] and by["Bob"]["average_place"]["value"] == 3.0
    assert by["Fay"]["places"] == [0, 0, 1, 0]


def test_money_beside_the_points_where_the_table_plays_for_it(database: str) -> None:
    club = _json("--club", "--database", database)
    points = {(p["player"], q["ruleset"]): (q["unit"], q["net"], q["money"]) for p in club["players"] for q in p["points"]}
    assert points == {
        ("Ann", "lrc"): ("points", 0, None), ("Ann", "taiwan"): ("tai", 4, "70"),
        ("Bob", "lrc"): ("points", 0, None), ("Bob", "taiwan"): ("tai", -4, "-70"),
        ("Cat", "lrc"): ("points", 0, None), ("Dan", "lrc"): ("points", 0, None),
        ("Eve", "taiwan"): ("tai", 3, "60"), ("Fay", "taiwan"): ("tai", -3, "-60")}
    keeper = Scorekeeper.open(database)
    try:  # the evening's settled money as the standings show it
        assert {s.person.name: str(s.money) for s in keeper.standings([3]).lines} == {
            "Ann": "70", "Bob": "-70", "Eve": "60", "Fay": "-60"}
    finally:
        keeper.close()


def test_the_text_says_what_places_are_over_and_shows_money_and_units(database: str) -> None:
    session = _stats("--table", "1", "--database", database)
    assert ("place: average over the sessions played, each session's final place as the standings rank it "
            "(table points, then score, then hands won; players equal on all three share the better place)") in \
        " ".join(session.split())  # the heading is wrapped to the terminal (tests/test_cli_widths.py)
    head = next(line.split() for line in session.splitlines() if line.split()[:1] == ["player"])
    assert head[:4] == ["player", "tables", "sessions", "hands"] and "money" not in session
    club = _stats("--club", "--database", database)
    assert "place: average over the sessions and tables played" in " ".join(club.split())
    assert "money: the net money settled at the tables that play for it" in " ".join(club.split())
    rows = {tuple(line.split()[:4]) for line in club.splitlines()}
    assert ("Ann", "taiwan", "(tai)", "4") in rows and ("Ann", "lrc", "(points)", "0") in rows
    line = next(line for line in club.splitlines() if line.split()[:2] == ["Ann", "taiwan"])
    assert line.split()[4] == "70"
    assert next(line for line in club.splitlines() if line.split()[:2] == ["Ann", "lrc"]).split()[4] == "-"
    plain = _stats("--table", "3", "--database", database)
    assert "place: average over the tables played, tied players sharing the better place" in " ".join(plain.split())


@pytest.mark.parametrize(("lang", "tai", "points", "balances"), [
    ("en", " (tai)", " (points)", "balances (tai) before the first entry"),
    ("zh-Hans", "（台）", "（分）", "结余（台）：第一条记录之前"), ("zh-Hant", "（台）", "（分）", "結餘（台）：第一條記錄之前")])
def test_the_units_in_three_languages_from_the_label_catalogue(database: str, lang: str, tai: str, points: str,
                                                               balances: str) -> None:
    """Taiwanese players write the unit 台 (as the TMA table does), not the formal 臺, in Traditional too;
    the headings are the language's, with its full-width brackets."""
    assert (unit_name("tai", lang), unit_name("points", lang)) == (tai.strip(" ()（）"), points.strip(" ()（）"))
    club = _stats("--club", "--database", database, "--lang", lang)
    assert f"taiwan{tai}" in club and f"lrc{points}" in club
    assert balances in _stats("--table", "3", "--database", database, "--lang", lang)


def test_the_api_answers_the_same(database: str) -> None:
    keeper = Scorekeeper.open(database)
    try:
        client = TestClient(create_app(keeper), base_url="http://localhost")
        answer = client.get("/api/tables/stats")
        assert answer.status_code == 200
        assert answer.json() == _json("--club", "--database", database)
        schema = client.get("/api/openapi.json").json()["components"]["schemas"]
        assert {"money"} <= set(schema["PointsAnswer"]["properties"])
        assert {"sessions", "places_over"} <= set(schema["PlayerAnswer"]["properties"])
    finally:
        keeper.close()


def test_a_time_limit_makes_a_session_and_an_event_alone_does_not(tmp_path: Path) -> None:
    """Bob wins PLAIN on Dan's discard at two tables: one with a 60-minute session, one only named
    for an event (it plays its whole game: no session). Places Bob 1, Ann and Cat 2, Dan 4 at both;
    the first counts them as a session's, the second as a table's."""
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    keeper = Scorekeeper.open(url)
    try:
        timed = keeper.create_table(TableSettings.of("", PLAYERS), session_rule=SessionRule.of(minutes=60)).id
        named = keeper.create_table(TableSettings.of("", PLAYERS), session_rule=SessionRule.of(event="Friday")).id
        for table in (timed, named):
            keeper.record_win(table, PLAIN, "Bob", "Dan")
    finally:
        keeper.close()
    for table, over, sessions in ((timed, "sessions played", 1), (named, "tables played", 0)):
        players = {p["player"]: p for p in _json("--table", str(table), "--database", url)["players"]}
        assert {name: p["places"] for name, p in players.items()} == {
            "Bob": [1, 0, 0, 0], "Ann": [0, 1, 0, 0], "Cat": [0, 1, 0, 0], "Dan": [0, 0, 0, 1]}
        assert {(p["places_over"], p["sessions"]) for p in players.values()} == {(over, sessions)}
