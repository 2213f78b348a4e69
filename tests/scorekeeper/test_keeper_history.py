"""Pinned, append-only, tamper-evident history (issue 12), on SQLite and PostgreSQL.

Hand values: ``keeper_hands`` (PLAIN is 8 points, 9 when East wins or gives the tile).
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from alembic import command
from keeper_hands import PLAIN, self_drawn
from sqlalchemy import create_engine, text

from mjscore.errors import AdoptionNeededError, NotAWinError, TableError, TamperedTableError
from mjscore.rulesets import get_ruleset
from mjscore.scorekeeper import Scorekeeper, TableSettings, ledger, model
from mjscore.scorekeeper.exchange import view_to_csv, view_to_dict
from mjscore.scorekeeper.storage import migration_config
from mjscore.scorekeeper.trust import Adoption
from mjscore.scoring.house_rules import apply_house_rules

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _table(keeper: Scorekeeper, **house: Any) -> int:
    return keeper.create_table(TableSettings.of("", PLAYERS, "lrc", house)).id


def _engine_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the engine refuses every hand (as if a fix made them all illegal)."""

    def refuse(*_: object) -> None:
        raise NotAWinError("the engine was asked")

    monkeypatch.setattr(ledger, "score", refuse)


def _dragons_worth(monkeypatch: pytest.MonkeyPatch, points: int) -> None:
    """From now on LRC's Pong of Dragons is worth ``points`` (a later change to the ruleset)."""
    changed = apply_house_rules(get_ruleset("lrc"), {"awards": {"dragon_pong": points}})
    monkeypatch.setattr(model, "resolve_ruleset", lambda _, house_rules=None: apply_house_rules(changed, house_rules or {}))


def test_reading_a_table_sums_what_was_settled_and_never_calls_the_engine(
        keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(keeper)
    keeper.record_win(table, PLAIN, "Bob", "Cat")  # 8
    keeper.record_win(table, self_drawn(PLAIN), "Bob")  # Bob deals: 8 + East 1 + self-draw 1 = 10 from each
    _engine_gone(monkeypatch)
    view = keeper.table(table)
    assert view.ledger.points == (-10, 38, -18, -10)
    step = view.ledger.steps[0]
    assert step.score is not None and step.score.total == 8
    assert {a.id: (a.value, a.name.en) for a in step.score.awards} == {
        "no_flowers": (1, "No Flower tiles"), "dragon_pong": (2, "Pong of Dragons")}
    assert step.settled.pin is not None and (step.settled.pin.ruleset, step.settled.pin.overrides) == ("lrc", {})
    assert view_to_dict(view)["history"][0]["scored_under"]["ruleset"] == "lrc"
    # The draw and the undo need no engine either.
    keeper.record_draw(table)
    assert keeper.undo(table).ledger.points == (-10, 38, -18, -10)


def test_a_later_ruleset_change_does_not_rewrite_history_until_rescored(
        keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(keeper)
    keeper.record_win(table, PLAIN, "Bob", "Cat")  # 1 + 2 + 5 = 8
    _dragons_worth(monkeypatch, 4)
    assert keeper.table(table).ledger.points == (0, 8, -8, 0)
    view = keeper.record_win(table, PLAIN, "Cat", "Dan")  # Cat now sits S: 1 + 4 + 5 = 10
    assert view.ledger.points == (0, 8, 2, -10)
    view, changed = keeper.rescore(table)
    assert changed == [1]
    assert view.ledger.points == (0, 10, 0, -10)
    assert [c.action for c in keeper.log(table)] == ["record", "record", "rescore"]
    again, changed = keeper.rescore(table)
    assert changed == [] and again.version == view.version


def test_an_entry_the_engine_can_no_longer_score_blocks_nothing_but_a_rescore(
        keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(keeper)
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    keeper.record_draw(table)
    _engine_gone(monkeypatch)
    assert keeper.table(table).ledger.points == (0, 8, -8, 0)
    with pytest.raises(TableError, match="entry 1: the engine was asked"):
        keeper.rescore(table)
    assert len(keeper.undo(table).ledger.steps) == 1


def test_corrections_and_undos_are_new_rows_with_times_and_actors(keeper: Scorekeeper) -> None:
    table = _table(keeper)
    keeper.record_win(table, PLAIN, "Bob", "Cat", actor="phone 1")
    keeper.record_draw(table, actor="phone 2")
    keeper.record_win(table, PLAIN, "Bob", "Dan", correct=1, actor="phone 1")  # Dan (N) gave it, not Cat
    view = keeper.undo(table, actor="cli ann@host")
    assert view.ledger.points == (0, 8, 0, -8) and view.version == 4
    log = keeper.log(table)
    assert [(c.version, c.action, c.number, c.actor) for c in log] == [
        (1, "record", 1, "phone 1"), (2, "record", 2, "phone 2"), (3, "correct", 1, "phone 1"),
        (4, "undo", 2, "cli ann@host")]
    assert all(c.at.endswith("Z") and c.at[:2] == "20" for c in log)
    assert [step.stamp.action for step in view.ledger.steps if step.stamp] == ["correct"]
    assert view.created_by == "unknown" and view.created_at <= log[0].at


def test_a_correction_resettles_only_the_later_entries_it_changes(keeper: Scorekeeper) -> None:
    table = _table(keeper)
    keeper.record_win(table, PLAIN, "Bob", "Cat")  # the deal passes to Bob
    keeper.record_event(table, "concealed_gong_collection", "Dan")  # 5 from each; an event moves no deal
    keeper.record_win(table, PLAIN, "Dan", "Ann")  # Bob deals; Dan sits W, Ann N: 8
    # Dan gave entry 1's tile, not Cat: the deal after it is the same, so nothing later changes.
    assert keeper.record_win(table, PLAIN, "Bob", "Dan", correct=1).ledger.points == (-13, 3, -5, 15)
    assert [(c.action, c.number) for c in keeper.log(table)][3:] == [("correct", 1)]
    # Entry 1 was a draw: Ann keeps the deal (LRC), so entry 3 has Dan at N and Ann at E: 8 + East 1 = 9.
    keeper.record_draw(table, correct=1)
    assert [(c.action, c.number) for c in keeper.log(table)][4:] == [("correct", 1), ("resettle", 2), ("resettle", 3)]
    assert keeper.table(table).ledger.points == (-14, -5, -5, 24)


@pytest.mark.parametrize("statement, message", [
    ("UPDATE table_entries SET data = :data WHERE seq = 1", "entry 1 (change 1) was changed outside mjscore"),
    ("DELETE FROM table_entries WHERE seq = 3", "its last changes were removed or altered outside mjscore"),
    ("DELETE FROM table_entries WHERE seq = 2", "entry 3 (change 3) was changed outside mjscore"),
    ("UPDATE score_tables SET players = :players", "its settings (name, players, rules, opener) were changed outside mjscore"),
])
def test_a_row_changed_by_hand_is_detected_naming_the_entry(
        keeper: Scorekeeper, database_url: str, statement: str, message: str) -> None:
    table = _table(keeper)
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    keeper.record_draw(table)
    keeper.record_draw(table)
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:
        parameters = {"data": '{"kind": "win", "winner": 2, "discarder": 1, "hand": {}}',
                      "players": '["Ann", "Bob", "Cat", "Eve"]'}
        connection.execute(text(statement), {k: v for k, v in parameters.items() if f":{k}" in statement})
    engine.dispose()
    with pytest.raises(TamperedTableError, match=rf"^table {table}: .*{re.escape(message)}"):
        keeper.table(table)


def test_the_same_request_id_records_once(keeper: Scorekeeper) -> None:
    table = _table(keeper)
    first = keeper.record_win(table, PLAIN, "Bob", "Cat", request_id="tap-1")
    assert not first.replayed
    for _ in range(19):
        again = keeper.record_win(table, PLAIN, "Bob", "Cat", request_id="tap-1")
        assert again.replayed and again.version == first.version
    assert len(keeper.table(table).ledger.steps) == 1
    # A retry with the version it read first is not refused as stale: it was recorded.
    assert keeper.record_draw(table, expected_version=0, request_id="tap-1").replayed
    with pytest.raises(TableError, match="request_id"):
        keeper.record_draw(table, request_id="")


def test_eight_clients_sending_the_same_request_at_once_record_it_once(keeper: Scorekeeper) -> None:
    table = _table(keeper)
    start = threading.Barrier(8)
    errors: list[BaseException] = []

    def client() -> None:
        try:
            start.wait()
            keeper.record_win(table, PLAIN, "Bob", "Cat", request_id="retry")
        except BaseException as error:  # noqa: BLE001  (reported below)
            errors.append(error)

    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert keeper.table(table).version == 1


def test_the_migration_pins_an_old_history_once(database_url: str) -> None:
    """A database at revision 0001 (entries without results): the upgrade replays each table once
    and stores the results; an entry that no longer replays is kept, unsettled, and blocks nothing."""
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    config = migration_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(text(
            "INSERT INTO score_tables (id, name, players, ruleset, house_rules, base_money, version) VALUES "
            "(1, 'Old', '[\"Ann\", \"Bob\", \"Cat\", \"Dan\"]', 'lrc', '{}', '0', 23)"))
        old = [{"kind": "win", "winner": 1, "discarder": 2, "hand": PLAIN}, {"kind": "draw"},
               {"kind": "win", "winner": 1, "discarder": None, "hand": {**PLAIN, "win_tile": "9s"}},  # not a win
               {"kind": "draw"}]
        for number, data in enumerate(old, 1):
            connection.execute(text("INSERT INTO table_entries (table_id, number, data) VALUES (1, :n, :d)"),
                               {"n": number, "d": json.dumps(data)})
    engine.dispose()
    with pytest.raises(AdoptionNeededError, match=r"kept unsigned \(1 table never signed\)"):
        Scorekeeper.open(database_url)  # an upgrade signs nothing nobody vouched for (issue 38)
    keeper = Scorekeeper.open(database_url, adopt=Adoption("cli tester", "kept by an mjscore from before signing"))
    try:
        view = keeper.table(1)
        assert view.version == 23 and len(view.ledger.steps) == 4
        assert view.ledger.points == (0, 8, -8, 0) and view.ledger.unsettled == 3
        assert view.ledger.steps[1].settled.after is not None
        assert view.ledger.steps[2].settled.problem == (
            "entry 3: 9s does not complete the hand: it waits on 5s 8s (when the history was pinned)")
        assert [c.actor for c in keeper.log(1)] == ["migration 0002 (recorded before the audit trail)"] * 4
        assert view_to_dict(view)["history"][3]["summary"].startswith("not settled: entry 3: 9s does not complete")
        assert view_to_csv(view).splitlines()[4].startswith("4,E,Bob,0,not settled: entry 3:")
        with pytest.raises(TableError, match="entry 3 is not settled"):
            keeper.record_draw(1)
        keeper.undo(1)
        view = keeper.record_win(1, self_drawn(PLAIN), "Bob", correct=3)  # Bob deals: 10 from each
        assert view.ledger.unsettled is None and view.ledger.points == (-10, 38, -18, -10)
        assert keeper.record_draw(1).version == 26
    finally:
        keeper.close()


def test_deleting_a_table_removes_its_history_and_nothing_else(keeper: Scorekeeper, database_url: str) -> None:
    junk, kept = _table(keeper), _table(keeper)
    keeper.record_draw(junk)
    keeper.record_draw(kept)
    assert keeper.delete_table(junk).entries == 1
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as connection:
        assert connection.execute(text("SELECT table_id FROM table_entries")).scalars().all() == [kept]
    engine.dispose()
    assert [t.id for t in keeper.tables()] == [kept] and keeper.table(kept).version == 1
