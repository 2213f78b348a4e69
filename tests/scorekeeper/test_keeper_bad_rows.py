"""A row of the database that cannot be read (edited by hand: invalid JSON in SQLite's text, or JSON of
the wrong shape) is one line naming the table and the row; the other tables keep working, on the
command line and over HTTP (issue 28). A device's name follows the player-name rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from keeper_hands import PLAIN
from sqlalchemy import create_engine, text

from mjscore.errors import TamperedTableError
from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper, TableSettings

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _damage(database_url: str, statement: str, value_sqlite: str, value_postgres: str) -> None:
    """Run ``statement`` with ``:value``: text that is not JSON where the backend stores JSON as text
    (SQLite), else JSON of the wrong shape (PostgreSQL's json type refuses text that is not JSON)."""
    postgres = database_url.startswith("postgresql")
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:
        connection.execute(text(statement), {"value": value_postgres if postgres else value_sqlite})
    engine.dispose()


def _two_tables(keeper: Scorekeeper) -> tuple[int, int]:
    good = keeper.create_table(TableSettings.of("good", PLAYERS, "lrc")).id
    bad = keeper.create_table(TableSettings.of("bad", PLAYERS, "lrc")).id
    keeper.record_win(good, PLAIN, "Bob", "Cat")
    keeper.record_win(bad, PLAIN, "Bob", "Cat")
    return good, bad


def test_a_players_column_that_cannot_be_read_names_its_table_and_spares_the_others(
        keeper: Scorekeeper, database_url: str) -> None:
    good, bad = _two_tables(keeper)
    _damage(database_url, f"UPDATE score_tables SET players = :value WHERE id = {bad}", '["Ann", "Bob"', '"Ann"')
    listed = {summary.id: summary for summary in keeper.tables()}
    assert listed[good].players == tuple(PLAYERS) and listed[good].problem is None
    assert listed[bad].players == ()
    assert listed[bad].problem is not None and listed[bad].problem.startswith(f"table {bad}: its players cannot be read: ")
    assert "\n" not in listed[bad].problem
    with pytest.raises(TamperedTableError, match=rf"^table {bad}: its players cannot be read: "):
        keeper.table(bad)
    assert keeper.table(good).ledger.points[1] > 0


def test_an_entry_that_cannot_be_read_names_its_table_entry_and_change(keeper: Scorekeeper, database_url: str) -> None:
    good, bad = _two_tables(keeper)
    _damage(database_url, f"UPDATE table_entries SET settled = :value WHERE table_id = {bad}", "{oops", "[1, 2]")
    with pytest.raises(TamperedTableError, match=rf"^table {bad}: entry 1 \(change 1\) cannot be read: "):
        keeper.table(bad)
    with pytest.raises(TamperedTableError, match=rf"^table {bad}: entry 1 \(change 1\) cannot be read: "):
        keeper.log(bad)
    assert [s.id for s in keeper.tables()] == [good, bad]
    assert len(keeper.table(good).ledger.steps) == 1


def test_the_command_line_and_the_api_answer_one_line_and_keep_the_other_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", url)
    keeper = Scorekeeper.open(url)
    try:
        good, bad = _two_tables(keeper)
        _damage(url, f"UPDATE score_tables SET players = :value WHERE id = {bad}", "not json", "")
        _damage(url, f"UPDATE table_entries SET data = :value WHERE table_id = {good}", "{", "")
        third = keeper.create_table(TableSettings.of("third", PLAYERS, "lrc")).id
        runner = CliRunner()
        listed = runner.invoke(app, ["table", "list"])
        assert listed.exit_code == 0, listed.output
        lines = listed.output.splitlines()
        assert lines[0] == f"   {good} good [lrc] Ann, Bob, Cat, Dan: 1 entries"
        assert lines[1].startswith(f"   {bad} bad [lrc] (table {bad}: its players cannot be read: not valid JSON")
        assert lines[2] == f"   {third} third [lrc] Ann, Bob, Cat, Dan: 0 entries"
        for command in ("show", "log", "export"):
            shown = runner.invoke(app, ["table", command, str(good)])
            assert shown.exit_code == 2
            assert shown.output.startswith(f"error: table {good}: entry 1 (change 1) cannot be read: not valid JSON")
            assert shown.output.count("\n") == 1
        assert runner.invoke(app, ["table", "show", str(third)]).exit_code == 0

        client = TestClient(create_app(keeper), base_url="http://localhost")
        answer = client.get("/api/tables")
        assert answer.status_code == 200
        by_id = {line["id"]: line for line in answer.json()}
        assert "problem" not in by_id[good] and by_id[bad]["problem"].startswith(f"table {bad}: its players")
        for path in (f"/api/tables/{good}", f"/api/tables/{bad}", f"/api/tables/{good}/log"):
            failed = client.get(path)
            assert 400 <= failed.status_code < 600 and failed.headers["content-type"] == "application/json"
            assert failed.json()["message"].startswith(f"table {good if str(good) + '/' in path + '/' else bad}: ")
    finally:
        keeper.close()


def test_an_unexpected_failure_is_answered_in_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 't.sqlite3'}")
    try:
        monkeypatch.setattr(Scorekeeper, "tables", lambda _: 1 / 0)
        answer = TestClient(create_app(keeper), base_url="http://localhost", raise_server_exceptions=False).get(
            "/api/tables")
        assert answer.status_code == 500
        assert answer.json() == {"message": "the server could not answer this request (ZeroDivisionError)",
                                 "type": "InternalError", "span": None, "code": "internal",
                                 "params": {"kind": "ZeroDivisionError"}}
    finally:
        keeper.close()


@pytest.mark.parametrize("device", ["Ann's phone\n2026-12-03 web Bob: undo", "tab\there"])
def test_a_device_name_follows_the_player_name_rules(tmp_path: Path, device: str) -> None:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 't.sqlite3'}")
    try:
        client = TestClient(create_app(keeper), base_url="http://localhost")
        answer = client.post("/api/session", content=json.dumps({"passphrase": "", "device": device}),
                             headers={"content-type": "application/json"})
        assert answer.status_code == 422
        assert answer.json()["message"].startswith("device")
    finally:
        keeper.close()
