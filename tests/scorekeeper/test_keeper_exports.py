"""Verifiable exports (issue 28): an export carries the table's hash chain and a signature under the
server's ledger key; an import says whether it is the club's unaltered record, and refuses an altered
one or imports it marked as altered, as the user chooses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from fastapi.testclient import TestClient
from keeper_hands import PLAIN

from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper, TableSettings

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _winner_changed(export: dict[str, Any]) -> None:
    export["entries"][0]["winner"] = "Dan"


def _balances_inflated(export: dict[str, Any]) -> None:
    export["balances"][0]["points"] += 100


def _chain_cut(export: dict[str, Any]) -> None:
    export["chain"].pop()


@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    database = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", database)
    keeper = Scorekeeper.open(database)
    try:
        table = keeper.create_table(TableSettings.of("Friday", PLAYERS, "lrc")).id
        keeper.record_win(table, PLAIN, "Bob", "Cat")
        keeper.record_draw(table)
    finally:
        keeper.close()
    return database


def _import(tmp_path: Path, export: dict[str, Any], *options: str) -> Result:
    path = tmp_path / "import.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    return CliRunner().invoke(app, ["table", "import", str(path), *options])


def test_an_export_carries_its_chain_and_signature_and_imports_as_unaltered(url: str, tmp_path: Path) -> None:
    exported = CliRunner().invoke(app, ["table", "export", "1"])
    assert exported.exit_code == 0
    export = json.loads(exported.output)
    assert [(link["change"], link["action"], link["entry"]) for link in export["chain"]] == [(1, "record", 1),
                                                                                             (2, "record", 2)]
    assert export["chain"][-1]["hash"] == export["head"]
    assert set(export["signature"]) == {"key", "hmac"}
    done = _import(tmp_path, export)
    assert done.exit_code == 0
    assert done.output == (f"table 2: 2 entries imported; the club's unaltered record (signed by ledger key "
                           f"{export['signature']['key']})\n")


@pytest.mark.parametrize("alter", [_winner_changed, _balances_inflated, _chain_cut])
def test_an_altered_export_is_refused_or_imported_marked(url: str, tmp_path: Path, alter: Any) -> None:
    export = json.loads(CliRunner().invoke(app, ["table", "export", "1"]).output)
    alter(export)
    refused = _import(tmp_path, export)
    assert refused.exit_code == 2
    assert refused.output.startswith("error: the export was changed after it was exported: its signature")
    assert refused.output.count("\n") == 1
    listed = CliRunner().invoke(app, ["table", "list"]).output
    assert listed.count("\n") == 1  # nothing imported
    marked = _import(tmp_path, export, "--if-altered", "mark")
    assert marked.exit_code == 0
    assert marked.output.endswith("changed after it was exported, or its signature removed: its log marks it as an "
                                  "altered export, and ratings and standings leave it out\n")
    log = CliRunner().invoke(app, ["table", "log", "2", "--format", "json"])
    assert json.loads(log.output)[0]["by"].startswith("import of an ALTERED export, by cli ")


def test_an_export_not_signed_by_this_server_is_imported_as_unverified(url: str, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    export = json.loads(CliRunner().invoke(app, ["table", "export", "1"]).output)
    monkeypatch.setenv("MJSCORE_LEDGER_KEY", str(tmp_path / "another club.key"))
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'another club.sqlite3'}")
    done = _import(tmp_path, export)
    assert done.exit_code == 0
    assert done.output.endswith("not signed by this server's ledger key, so nobody here can say it is unaltered: "
                                "its log marks it as unverified, and ratings and standings leave it out\n")


def test_the_api_exports_signed_and_checks_an_import(url: str) -> None:
    keeper = Scorekeeper.open(url)
    try:
        client = TestClient(create_app(keeper), base_url="http://localhost")
        export = client.get("/api/tables/1/export").json()
        assert export["signature"]["key"] == keeper.store.key.fingerprint and len(export["chain"]) == 2
        clean = client.post("/api/tables/import", json=export)
        assert clean.status_code == 201 and clean.json()["imported"] == "unaltered"
        _balances_inflated(export)
        refused = client.post("/api/tables/import", json=export)
        assert refused.status_code == 422 and refused.json()["message"].startswith("the export was changed")
        marked = client.post("/api/tables/import?if_altered=mark", json=export)
        assert marked.status_code == 201 and marked.json()["imported"] == "altered"
    finally:
        keeper.close()
