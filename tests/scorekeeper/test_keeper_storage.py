"""The storage on SQLite and PostgreSQL: the schema the migrations build, clients recording at the
same time, and a crash in the middle of recording."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from collections import Counter
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from keeper_hands import FLOWERS, PLAIN, self_drawn

from mjscore.errors import StaleTableError, TableError
from mjscore.scorekeeper import Draw, Scorekeeper, TableSettings, Win
from mjscore.scorekeeper import service as service_module
from mjscore.scorekeeper.storage import Base, Store, default_url

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
THREADS = 8


def _new_table(keeper: Scorekeeper) -> int:
    return keeper.create_table(TableSettings.of("", PLAYERS)).id


def _run_together(work: list[threading.Thread]) -> None:
    for thread in work:
        thread.start()
    for thread in work:
        thread.join()


@pytest.mark.usefixtures("database_url")
def test_the_migrations_build_the_models_schema(keeper: Scorekeeper, database_url: str) -> None:
    with keeper.store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    Store(database_url).close()  # opening an up-to-date database again is a no-op


def test_clients_recording_at_once_lose_nothing_and_count_nothing_twice(keeper: Scorekeeper) -> None:
    """Eight threads, each with its own connection, each record one self-drawn hand and one
    concealed gong collection at the same moment: all sixteen entries are there, once each."""
    table = _new_table(keeper)
    start = threading.Barrier(THREADS)
    errors: list[BaseException] = []

    def client(number: int) -> None:
        player = PLAYERS[number % 4]
        try:
            start.wait()
            keeper.record_win(table, self_drawn(PLAIN), player)
            keeper.record_event(table, "concealed_gong_collection", player)
        except BaseException as error:  # noqa: BLE001  (reported below)
            errors.append(error)

    _run_together([threading.Thread(target=client, args=(n,)) for n in range(THREADS)])
    assert errors == []
    view = keeper.table(table)
    assert view.version == 2 * THREADS
    entries = [step.entry for step in view.ledger.steps]
    assert [step.number for step in view.ledger.steps] == list(range(1, 2 * THREADS + 1))
    assert Counter(e.winner for e in entries if isinstance(e, Win)) == {0: 2, 1: 2, 2: 2, 3: 2}
    # Each player collected 5 from each other player twice: the collections cancel out.
    gongs = [t for step in view.ledger.steps for t in step.transfers if t.reason == "concealed_gong_collection"]
    assert len(gongs) == 3 * THREADS and all(t.points == 5 for t in gongs)
    assert sum(view.ledger.points) == 0


def test_the_same_hand_sent_twice_is_recorded_once(keeper: Scorekeeper) -> None:
    """Clients that pass the version they read: of eight sending a hand at once, one records it and
    seven are told the table changed."""
    table = _new_table(keeper)
    version = keeper.table(table).version
    start = threading.Barrier(THREADS)
    outcomes: list[str] = []

    def client() -> None:
        start.wait()
        try:
            keeper.record_win(table, PLAIN, "Bob", "Cat", expected_version=version)
            outcomes.append("recorded")
        except StaleTableError:
            outcomes.append("stale")

    _run_together([threading.Thread(target=client) for _ in range(THREADS)])
    assert sorted(outcomes) == ["recorded"] + ["stale"] * (THREADS - 1)
    view = keeper.table(table)
    assert len(view.ledger.steps) == 1 and view.ledger.points == (0, 8, -8, 0)


def test_an_error_in_the_middle_of_recording_leaves_the_table_as_it_was(
        keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _new_table(keeper)
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    before = keeper.table(table)
    written = service_module._append

    def write_then_fail(*args: Any) -> None:
        written(*args)  # the new entry is in the database (not yet committed) ...
        raise RuntimeError("the power went out")  # ... when recording fails

    monkeypatch.setattr(service_module, "_append", write_then_fail)
    with pytest.raises(RuntimeError):
        keeper.record_win(table, self_drawn(PLAIN), "Ann")
    with pytest.raises(RuntimeError):
        keeper.undo(table)
    monkeypatch.undo()
    after = keeper.table(table)
    assert after.version == before.version
    assert after.ledger == before.ledger


def test_a_process_killed_in_the_middle_of_recording_leaves_the_table_as_it_was(
        keeper: Scorekeeper, database_url: str) -> None:
    table = _new_table(keeper)
    keeper.record_draw(table)
    before = keeper.table(table)
    script = textwrap.dedent(f"""
        import os
        from mjscore.scorekeeper import Scorekeeper
        from mjscore.scorekeeper import service
        written = service._append
        def write_then_die(*args):
            written(*args)
            args[0].flush()
            os._exit(3)  # killed after writing, before the commit
        service._append = write_then_die
        Scorekeeper.open({database_url!r}).record_win({table}, {PLAIN!r}, "Bob", "Cat")
    """)
    died = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert died.returncode == 3, died.stderr
    after = keeper.table(table)
    assert after.version == before.version
    assert [s.entry for s in after.ledger.steps] == [Draw()]
    assert keeper.record_win(table, PLAIN, "Bob", "Cat").ledger.points == (0, 8, -8, 0)


@pytest.mark.usefixtures("database_url")
def test_refusals_name_the_problem(keeper: Scorekeeper) -> None:
    table = _new_table(keeper)
    with pytest.raises(TableError, match="there is no table 999"):
        keeper.table(999)
    with pytest.raises(TableError, match="no player called 'Eve'"):
        keeper.record_win(table, PLAIN, "Eve")
    with pytest.raises(TableError, match="say who won"):
        keeper.record_win(table, PLAIN)
    with pytest.raises(TableError, match="round: the table says 'E', the hand record says 'S'"):
        keeper.record_win(table, {**PLAIN, "round": "S"}, "Bob")
    with pytest.raises(TableError, match="winner Bob sits S, but the hand record's seat is W"):
        keeper.record_win(table, {**PLAIN, "seat": "W"}, "Bob")
    with pytest.raises(TableError, match="entry 1: 9s does not complete the hand: it waits on 5s 8s"):
        keeper.record_win(table, {**PLAIN, "win_tile": "9s"}, "Bob", "Cat")
    with pytest.raises(TableError, match=r"^a win on a claimed tile: say who gave it \(Bob won; "):
        keeper.record_win(table, PLAIN, "Bob")  # the player before Bob is not charged without a word
    with pytest.raises(TableError, match="has nothing to undo"):
        keeper.undo(table)
    with pytest.raises(TableError, match="has no entry 3"):
        keeper.record_draw(table, correct=3)
    with pytest.raises(TableError, match="two players are called 'Ann'"):
        TableSettings.of("", ["Ann", "Bob", "ann", "Dan"])
    assert keeper.table(table).version == 0


def test_the_default_database_is_a_sqlite_file_unless_the_environment_names_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJSCORE_DATABASE_URL", raising=False)
    assert default_url().startswith("sqlite:///") and default_url().endswith("mjscore/tables.sqlite3")
    monkeypatch.setenv("MJSCORE_DATABASE_URL", "postgresql://club@db/mjscore")
    assert default_url() == "postgresql://club@db/mjscore"


def test_a_correction_that_makes_a_later_hand_illegal_is_refused(keeper: Scorekeeper) -> None:
    # House minimum 12 in the East round. Entry 1: Ann (East) self-draws FLOWERS: 12 + East Seat 1 + Self
    # Draw 1 = 14. Entry 2: Ann again, PLAIN self-drawn with a streak of 1: 8 + 1 + 1 + 3 = 13 (ruling 10).
    # Correcting entry 1 to a draw leaves Ann's streak at 0, so entry 2 would score 10 < 12: refused,
    # naming entry 2, and the table is unchanged.
    settings = TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "lrc", {"minimum": 12})
    table = keeper.create_table(settings).id
    keeper.record_win(table, self_drawn(FLOWERS), "Ann")
    before = keeper.record_win(table, self_drawn(PLAIN), "Ann")
    assert [step.score.total for step in before.ledger.steps if step.score] == [14, 13]
    with pytest.raises(TableError, match="entry 2: not a legal win in the East round: 10 points counted, the minimum is 12"):
        keeper.record_draw(table, correct=1)
    after = keeper.table(table)
    assert after.version == before.version and after.ledger.points == before.ledger.points
