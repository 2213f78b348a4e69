"""A tournament day without a slip (issue 40): each of a director's mistakes is refused in one line with
nothing written, substitutes count for nobody, a dropped player can come back, and the club's
standings of a tournament's event are the tournament's own, penalties included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from mjscore.errors import TableError
from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.ratings import club_games
from mjscore.scorekeeper.tournaments import Tournaments

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
#: An LRC hand of 8 points won on a discard (tests/scorekeeper/keeper_hands.py: PLAIN).
PLAIN = {"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}], "win_tile": "8s",
         "win": "discard"}


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """The command line on a fresh database, with a six-player LRC tournament of three rounds (two
    substitutes fill its two tables each round)."""
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    runner = CliRunner()
    done = runner.invoke(app, ["tournament", "new", "Cup", *SIX, "--ruleset", "lrc", "--seed", "cup", "--rounds", "3",
                               "--session-hands", "1", "--ema", "Ann=04010001"])
    assert done.exit_code == 0, done.output
    return runner


def _one_line(runner: CliRunner, *args: str) -> str:
    done = runner.invoke(app, list(args))
    assert done.exit_code == 2 and done.output.count("\n") == 1 and done.output.startswith("error: "), done.output
    return done.output[len("error: "):].strip()


def _entrants(runner: CliRunner) -> list[dict[str, object]]:
    shown = json.loads(runner.invoke(app, ["tournament", "show", "Cup", "--format", "json"]).output)
    players: list[dict[str, object]] = shown["players"]
    return players


@pytest.mark.parametrize("name", ["", "   "])
def test_a_blank_late_entry_is_refused(cli: CliRunner, name: str) -> None:
    assert _one_line(cli, "tournament", "enter", "Cup", name) == "a player's name cannot be empty"
    assert len(_entrants(cli)) == 6


def test_two_entrants_cannot_share_an_ema_number(cli: CliRunner) -> None:
    assert _one_line(cli, "tournament", "enter", "Cup", "Gus", "--ema", "04010001") == (
        "EMA number 04010001 is Ann's already: each player has their own")
    assert _one_line(cli, "tournament", "new", "Spring", *SIX, "--ema", "Ann=04010009", "--ema", "Bob=04010009") == (
        "EMA number 04010009 is given to both Ann and Bob: each player has their own")
    assert len(_entrants(cli)) == 6


@pytest.mark.parametrize(("points", "reason"), [
    ("-5", "penalty: -5 points: a penalty takes points off a score, so give how many, from 1 to 100000 (a positive "
           "number)"),
    ("0", "penalty: 0 points: a penalty takes points off a score, so give how many, from 1 to 100000 (a positive "
          "number)")])
def test_a_penalty_that_takes_nothing_off_says_so(cli: CliRunner, points: str, reason: str) -> None:
    assert _one_line(cli, "tournament", "penalty", "Cup", "Ann", points, "--reason", "late") == reason
    assert json.loads(cli.invoke(app, ["tournament", "show", "Cup", "--format", "json"]).output)["penalties"] == []


def test_round_zero_and_a_future_as_of_date_are_refused(cli: CliRunner) -> None:
    done = subprocess.run([str(Path(sys.executable).parent / "mjscore"), "tournament", "standings", "Cup", "--round",
                           "0"], capture_output=True, text=True, env=os.environ)
    assert done.returncode == 2 and done.stderr.startswith(
        "error: Invalid value for '--round': 0 is not in the range x>=1") and done.stderr.count("\n") == 1
    assert _one_line(cli, "ratings", "--as-of", "2999-01-01").startswith(
        "--as-of: 2999-01-01 is after today (")
    keeper = Scorekeeper.open()
    try:
        answer = TestClient(create_app(keeper), base_url="http://localhost").get("/api/ratings?as_of=2999-01-01")
        assert answer.status_code == 422 and answer.json()["message"].startswith("as_of: 2999-01-01 is after today")
    finally:
        keeper.close()


def test_a_tournaments_table_is_not_deleted(cli: CliRunner) -> None:
    assert cli.invoke(app, ["tournament", "seat", "Cup"]).exit_code == 0
    assert _one_line(cli, "table", "delete", "2", "--yes") == (
        "table 2 is table 2 of round 1 of Cup: a tournament's table is kept (correct or undo its entries instead)")
    assert len(json.loads(cli.invoke(app, ["tournament", "show", "Cup", "--format", "json"]).output)["rounds"][0][
        "tables"]) == 2


def test_a_discard_win_names_its_discarder(cli: CliRunner, tmp_path: Path) -> None:
    assert cli.invoke(app, ["table", "new", "Ann", "Bob", "Cat", "Dan"]).exit_code == 0
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(PLAIN), encoding="utf-8")
    assert _one_line(cli, "table", "record", "1", str(hand), "--winner", "Bob").startswith(
        "a win on a claimed tile: say who gave it (Bob won; --discarder")
    assert cli.invoke(app, ["table", "record", "1", str(hand), "--winner", "Bob", "--discarder", "Cat"]).exit_code == 0


def _play_round(keeper: Scorekeeper, tournaments: Tournaments) -> None:
    """Seat the next round; at each table the second seat wins 8 on the third seat's discard."""
    seated = tournaments.seat("Cup")
    for table in seated.tables:
        keeper.record_win(table.table_id, PLAIN, table.names[1], table.names[2])


def test_substitutes_count_for_nobody(cli: CliRunner) -> None:
    keeper = Scorekeeper.open()
    try:
        tournaments = Tournaments(keeper)
        _play_round(keeper, tournaments)
        seated = tournaments.view("Cup").rounds[0]
        names = [name for table in seated.tables for name in table.names]
        assert sorted(n for n in names if n.startswith("Substitute")) == ["Substitute 1", "Substitute 2"]
        assert [m.person.name for m in keeper.roster()] == sorted(SIX)  # not club members
        assert {person.name for game in club_games(keeper).games for person in game.people} <= set(SIX)
        event = keeper.standings(event="Cup")
        assert sorted(line.person.name for line in event.lines) == sorted(SIX)
        Tournaments(keeper).create("Spring", SIX[:5], ruleset="lrc", seed="spring", rounds=1, session_hands=1)
        spring = Tournaments(keeper).seat("Spring")
        [stand_in] = [name for name in spring.tables[0].names if name not in SIX]
        assert stand_in.startswith("Substitute ")  # a stand-in of its own tournament, on no roster
        assert [m.person.name for m in keeper.roster()] == sorted(SIX)
    finally:
        keeper.close()


def test_a_dropped_player_can_be_reinstated(cli: CliRunner) -> None:
    keeper = Scorekeeper.open()
    try:
        tournaments = Tournaments(keeper)
        _play_round(keeper, tournaments)
        assert cli.invoke(app, ["tournament", "drop", "Cup", "Fay"]).output == "Fay dropped after round 1\n"
        assert _one_line(cli, "tournament", "reinstate", "Cup", "Ann") == (
            "Ann has not dropped: they play in Cup's next round")
        done = cli.invoke(app, ["tournament", "reinstate", "Cup", "fay"])
        assert done.exit_code == 0 and done.output == "Fay plays again from the next round\n"
        second = tournaments.seat("Cup")
        assert "Fay" in [name for table in second.tables for name in table.names]
        with pytest.raises(TableError, match="Fay has not dropped"):
            tournaments.reinstate("Cup", "Fay")
    finally:
        keeper.close()


def test_the_clubs_standings_of_a_tournament_event_are_the_tournaments(cli: CliRunner) -> None:
    keeper = Scorekeeper.open()
    try:
        tournaments = Tournaments(keeper)
        _play_round(keeper, tournaments)
        tournaments.penalty("Cup", "Ann", 10, "late")
        own = {entrant.person.name: line.score for line, entrant in tournaments.standings("Cup").lines}
        club = {line.person.name: (line.score, line.penalties) for line in keeper.standings(event="Cup").lines}
        assert {name: score for name, (score, _) in club.items()} == own
        assert club["Ann"][1] == -10 and own["Ann"] == club["Ann"][0]
    finally:
        keeper.close()
