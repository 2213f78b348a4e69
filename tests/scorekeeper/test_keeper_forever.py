"""Readable forever (issue 28): a table keeps what it needs to be shown, logged and exported, so a
ruleset that later drops an award its house rules name, or stops loading, locks nothing but a change;
and ``rescore`` can show what would move before it changes anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from keeper_hands import PLAIN

from mjscore.errors import RulesetError, TableError
from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.rulesets import get_ruleset
from mjscore.scorekeeper import Scorekeeper, TableSettings, model
from mjscore.scoring.house_rules import apply_house_rules

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _rules_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the table's rules do not resolve: the ruleset dropped the award its house rules name."""

    def gone(*_: object, **__: object) -> None:
        raise RulesetError("ruleset lrc has no award 'dragon_pong'")

    monkeypatch.setattr(model, "resolve_ruleset", gone)


def test_a_table_whose_rules_no_longer_resolve_still_shows_logs_and_exports(
        keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc", {"awards": {"dragon_pong": 3}, "stake": "0.5"})).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    before = keeper.table(table)
    _rules_gone(monkeypatch)
    view = keeper.table(table)
    assert view.ledger.points == before.ledger.points
    assert (view.facts.name.en, view.facts.unit, str(view.facts.stake)) == ("LRC Taiwanese (16 tiles)", "points", "0.5")
    assert view.facts.overrides == ("stake = 0.5", "dragon_pong = 3 (was 2)")
    assert len(keeper.log(table)) == 1
    with pytest.raises(TableError, match=rf"^table {table}: its rules cannot be used now \(ruleset lrc has no award"):
        keeper.record_draw(table)
    with pytest.raises(TableError, match=rf"^table {table}: its rules cannot be used now"):
        keeper.rescore(table)


def test_the_command_line_and_the_api_read_it_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", url)
    keeper = Scorekeeper.open(url)
    try:
        table = keeper.create_table(TableSettings.of("Friday", PLAYERS, "lrc", {"awards": {"dragon_pong": 3}})).id
        keeper.record_win(table, PLAIN, "Bob", "Cat")
        _rules_gone(monkeypatch)
        runner = CliRunner()
        for command in (["show"], ["log"], ["export"], ["export", "--format", "csv"]):
            done = runner.invoke(app, ["table", *command, str(table)])
            assert done.exit_code == 0, (command, done.output)
        assert "Friday — LRC Taiwanese (16 tiles)" in runner.invoke(app, ["table", "show", str(table)]).output
        refused = runner.invoke(app, ["table", "draw", str(table)])
        assert refused.exit_code == 2 and refused.output.startswith(f"error: table {table}: its rules cannot be used")
        client = TestClient(create_app(keeper), base_url="http://localhost")
        for path in (f"/api/tables/{table}", f"/api/tables/{table}/log", f"/api/tables/{table}/export"):
            assert client.get(path).status_code == 200, path
    finally:
        keeper.close()


def test_rescore_can_say_what_would_move_first(keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    keeper.record_draw(table)
    before = keeper.table(table)
    changed = apply_house_rules(get_ruleset("lrc"), {"awards": {"dragon_pong": 7}})
    monkeypatch.setattr(model, "resolve_ruleset", lambda _, house_rules=None: apply_house_rules(changed, house_rules or {}))
    view, would = keeper.rescore(table, dry_run=True)
    assert would == [1]
    after = keeper.table(table)
    assert (after.version, after.ledger.points) == (before.version, before.ledger.points)
    done, moved = keeper.rescore(table)
    assert moved == [1] and done.version == before.version + 1 and done.ledger.points != before.ledger.points


def test_rescore_dry_run_on_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    runner = CliRunner()
    runner.invoke(app, ["table", "new", *PLAYERS])
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(PLAIN), encoding="utf-8")
    assert runner.invoke(app, ["table", "record", "1", str(hand), "--winner", "Bob", "--discarder", "Cat"]).exit_code == 0
    changed = apply_house_rules(get_ruleset("lrc"), {"awards": {"dragon_pong": 7}})
    monkeypatch.setattr(model, "resolve_ruleset", lambda _, house_rules=None: apply_house_rules(changed, house_rules or {}))
    dry = runner.invoke(app, ["table", "rescore", "1", "--dry-run"])
    assert dry.output.splitlines()[0] == "a dry run (nothing recorded): entry 1 would change"
    assert runner.invoke(app, ["table", "rescore", "1"]).output.splitlines()[0] == "rescored: entry 1 changed"
