"""Databases that cannot be used give one line, never a traceback; reads take no lock (issue 12)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.errors import StorageError, TableError
from mjscore.interfaces.cli import app
from mjscore.scorekeeper import Scorekeeper, TableSettings

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """A SQLite file with table 1 and one drawn hand."""
    path = tmp_path / "tables.sqlite3"
    keeper = Scorekeeper.open(f"sqlite:///{path}")
    keeper.record_draw(keeper.create_table(TableSettings.of("", PLAYERS)).id)
    keeper.close()
    return path


def test_a_file_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("shopping list: tiles, dice, tea\n" * 200)
    result = CliRunner().invoke(app, ["table", "--database", f"sqlite:///{path}", "list"])
    assert result.exit_code == 2
    assert result.output == f"error: the database {path} cannot be used: file is not a database\n"


def test_a_read_only_database_can_be_shown_but_not_changed(database: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Opened by an SQLite URI in read-only mode: shown, never changed, and no file made for it
    (an earlier version made an empty 'file:/...' path in the working folder)."""
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    url = f"sqlite:///file:{database}?mode=ro&uri=true"
    shown = CliRunner().invoke(app, ["table", "--database", url, "show", "1"])
    assert shown.exit_code == 0 and "East round, hand 2, dealer Ann" in shown.output
    refused = CliRunner().invoke(app, ["table", "--database", url, "draw", "1"])
    assert refused.exit_code == 2
    assert refused.output == f"error: the database {database} cannot be used: attempt to write a readonly database\n"
    assert list(here.iterdir()) == []


def test_reads_do_not_wait_for_a_writer_and_a_locked_write_is_one_line(database: Path) -> None:
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another program is in the middle of writing
    writer.execute("UPDATE score_tables SET name = name")
    keeper = Scorekeeper.open(f"sqlite:///{database}", lock_timeout=0.2)
    try:
        assert keeper.table(1).version == 1  # a read behind the writer's lock would fail after 0.2 s
        assert [t.id for t in keeper.tables()] == [1]
        with pytest.raises(StorageError, match=r"cannot be used: database is locked$"):
            keeper.record_draw(1)
        writer.execute("ROLLBACK")
        assert keeper.record_draw(1).version == 2
    finally:
        keeper.close()
        writer.close()


def test_names_longer_than_40_characters_are_refused_the_same_everywhere(keeper: Scorekeeper) -> None:
    with pytest.raises(TableError, match=r"player name 'A{40}'\.\.\.: at most 40 characters, not 300"):
        TableSettings.of("", ["A" * 300, "Bob", "Cat", "Dan"])
    with pytest.raises(TableError, match="table name .*: at most 40 characters, not 41"):
        TableSettings.of("N" * 41, PLAYERS)
    with pytest.raises(TableError, match="control characters are not allowed"):
        TableSettings.of("", ["Ann\n", "B\x1bob", "Cat", "Dan"])
    longest = keeper.create_table(TableSettings.of("N" * 40, ["A" * 40, "Bob", "Cat", "Dan"]))
    assert keeper.table(longest.id).settings.players[0] == "A" * 40
