"""A shipped ruleset file damaged in the install (edited badly, cut short) does not take the others
down (issue 28): the listings, over HTTP and on the command line, show every ruleset that loads and
name the broken file in one line; asking for the broken ruleset by name is one line naming the file
(a 4xx JSON error, exit status 2). On the main before this change, ``GET /api/rulesets`` answered 500
and ``mjscore rulesets`` a traceback."""

from __future__ import annotations

import logging
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import mjscore
from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper

catalogue = sys.modules["mjscore.rulesets"]  # the module: ``mjscore.rulesets`` is the listing function
SHIPPED = Path(catalogue.__file__).parent


@pytest.fixture(autouse=True)
def damaged_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped rulesets, as installed, with ``hefen.toml`` cut off in the middle of a table."""
    folder = tmp_path / "rulesets"
    shutil.copytree(SHIPPED, folder)
    text = (folder / "hefen.toml").read_text(encoding="utf-8")
    (folder / "hefen.toml").write_text(text[: len(text) // 2] + "\n[[award\n", encoding="utf-8")
    monkeypatch.setattr(catalogue, "_shipped", lambda: folder)
    monkeypatch.setattr(catalogue, "_LOADED", {})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    return TestClient(create_app(keeper), base_url="http://localhost")


def test_the_api_lists_the_rulesets_that_load_and_logs_the_broken_file(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        answer = client.get("/api/rulesets")
    assert answer.status_code == 200
    assert [r["id"] for r in answer.json()] == [r for r in mjscore.rulesets() if r != "hefen"]
    problems = [record.getMessage() for record in caplog.records]
    assert len(problems) == 1 and "hefen.toml" in problems[0] and "TOML" in problems[0], problems


def test_scoring_under_the_broken_ruleset_is_a_json_error_naming_the_file(client: TestClient) -> None:
    hand = {"ruleset": "hefen", "seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s",
            "win": "discard", "discarder": "W"}
    answer = client.post("/api/score", json={"hand": hand})
    assert 400 <= answer.status_code < 500
    assert answer.json()["message"].startswith("hefen.toml: ")
    assert client.post("/api/score", json={"hand": {**hand, "ruleset": "lrc"}}).status_code == 200
    assert client.get("/api/rulesets/hefen").status_code == 404


def test_the_command_lists_the_others_and_names_the_broken_file_in_one_line() -> None:
    listed = CliRunner().invoke(app, ["rulesets"])
    assert listed.exit_code == 0
    ids = [line.split()[0] for line in listed.stdout.splitlines() if not line.startswith(" ")]  # wrapped lines go on indented
    assert ids == [r for r in mjscore.rulesets() if r != "hefen"]
    assert listed.stderr.count("\n") == 1 and listed.stderr.startswith("mjscore rulesets: left out hefen.toml: ")
    shown = CliRunner().invoke(app, ["rulesets", "hefen"])
    assert shown.exit_code == 2
    assert shown.stderr.startswith("error: hefen.toml: ") and shown.stderr.count("\n") == 1
