"""Tamper-evident to the last row (issue 28): the newest changes cut off and the table's head rolled
back to the new last row, with values already in the database, is named; so is a changed session.
The head is signed with the server's ledger key, kept in a file apart from the database."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from keeper_hands import PLAIN
from sqlalchemy import create_engine, text

from mjscore.errors import StorageError, TamperedTableError
from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.sessions import SessionRule
from mjscore.scorekeeper.signing import LedgerKey

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SIGNATURE = "does not carry the signature of the ledger key"


def _sql(database_url: str, *statements: str) -> None:
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:
        for statement in statements:
            connection.execute(text(statement))
    engine.dispose()


def _three_changes(keeper: Scorekeeper, hands: int | None = None) -> int:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc"), session_rule=SessionRule.of(hands)).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    keeper.record_draw(table)
    keeper.record_draw(table)
    return table


def _roll_back_to(table: int, seq: int) -> list[str]:
    """The statements that cut the history after change ``seq`` and set the head to that change's
    values (or to the settings' hash, for 0), as one who has the database but not the key can."""
    head = (f"(SELECT hash FROM table_entries WHERE table_id = {table} AND seq = {seq})" if seq
            else f"(SELECT settings_hash FROM score_tables WHERE id = {table})")
    version = f"(SELECT version FROM table_entries WHERE table_id = {table} AND seq = {seq})" if seq else "0"
    return [f"DELETE FROM table_entries WHERE table_id = {table} AND seq > {seq}",
            f"UPDATE score_tables SET head_hash = {head}, version = {version}, entries = {seq} WHERE id = {table}"]


@pytest.mark.parametrize("kept", [2, 0])
def test_cutting_off_the_newest_changes_and_rolling_the_head_back_is_named(
        keeper: Scorekeeper, database_url: str, kept: int) -> None:
    table = _three_changes(keeper)
    other = _three_changes(keeper)
    _sql(database_url, *_roll_back_to(table, kept))
    for read in (keeper.table, keeper.log):
        with pytest.raises(TamperedTableError, match=rf"^table {table}: its head \(version {kept}, {kept} entries\)"):
            read(table)
    with pytest.raises(TamperedTableError, match=SIGNATURE):
        keeper.record_draw(table)
    assert len(keeper.table(other).ledger.steps) == 3  # the other tables are not held up


@pytest.mark.parametrize("statement", ["UPDATE table_sessions SET hands = 99", "DELETE FROM table_sessions",
                                       "UPDATE table_sessions SET event = 'Spring cup'"])
def test_a_changed_session_is_named(keeper: Scorekeeper, database_url: str, statement: str) -> None:
    table = _three_changes(keeper, hands=8)
    _sql(database_url, statement)
    with pytest.raises(TamperedTableError, match=rf"^table {table}: .*{SIGNATURE}"):
        keeper.table(table)


def test_every_change_signs_the_new_head(keeper: Scorekeeper) -> None:
    table = _three_changes(keeper)
    keeper.undo(table)
    keeper.rescore(table)
    assert len(keeper.table(table).ledger.steps) == 2


def test_the_key_is_a_file_of_its_own_made_on_first_use(database_url: str, tmp_path: Path) -> None:
    path = tmp_path / "keys" / "club.key"
    first = Scorekeeper.open(database_url, key=LedgerKey.load(path))
    try:
        table = _three_changes(first)
    finally:
        first.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(path.read_text().strip()) == 64
    again = Scorekeeper.open(database_url, key=LedgerKey.load(path))
    try:
        assert len(again.table(table).ledger.steps) == 3
    finally:
        again.close()
    stranger = LedgerKey.load(tmp_path / "another.key")
    again_key = LedgerKey.load(path)
    with pytest.raises(StorageError, match=rf"was signed by ledger key {again_key.fingerprint}, and the key .*another.key "
                                           rf"is {stranger.fingerprint}: point MJSCORE_LEDGER_KEY at the database's own key"):
        Scorekeeper.open(database_url, key=stranger)
    (tmp_path / "bad.key").write_text("not a key\n")
    with pytest.raises(StorageError, match=r"the ledger key .*bad.key is not a key \(64 hexadecimal digits\)"):
        LedgerKey.load(tmp_path / "bad.key")


def test_show_log_export_and_the_api_name_a_rolled_back_head(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", url)
    keeper = Scorekeeper.open(url)
    try:
        table = _three_changes(keeper)
        _sql(url, *_roll_back_to(table, 1))
        runner = CliRunner()
        for command in (["show"], ["log"], ["export"], ["export", "--format", "csv"]):
            done = runner.invoke(app, ["table", *command, str(table)])
            assert done.exit_code == 2
            assert done.output.startswith(f"error: table {table}: its head (version 1, 1 entries)")
            assert SIGNATURE in done.output and done.output.count("\n") == 1
        client = TestClient(create_app(keeper), base_url="http://localhost")
        for path in (f"/api/tables/{table}", f"/api/tables/{table}/log", f"/api/tables/{table}/export.csv"):
            answer = client.get(path)
            assert answer.status_code == 422 and SIGNATURE in json.loads(answer.text)["message"], path
    finally:
        keeper.close()


def test_servers_starting_at_once_make_one_key(tmp_path: Path) -> None:
    """Eight processes' first use at once: one key file, and every one of them reads that key."""
    import threading

    path = tmp_path / "ledger.key"
    found: list[bytes] = []
    start = threading.Barrier(8)

    def load() -> None:
        start.wait()
        found.append(LedgerKey.load(path).secret)

    threads = [threading.Thread(target=load) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 8 and len(set(found)) == 1 and bytes.fromhex(path.read_text().strip()) == found[0]
