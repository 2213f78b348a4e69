"""Every `mjscore table` and `mjscore serve` command in docs/scorekeeper.md and the README, run exactly
as printed, in order, on a fresh database, with the balances they make (``examples/table-hand.json`` is
keeper_hands.PLAIN, an LRC win worth 8). tests/test_docs_commands.py runs every other command."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from keeper_hands import PLAIN

from mjscore.interfaces.cli import app
from mjscore.interfaces.cli import serve as serve_module

ROOT = Path(__file__).resolve().parents[2]


def commands(document: str, program: str) -> list[list[str]]:
    """The ``mjscore <program> ...`` lines of the document's ``sh`` blocks, comments removed."""
    text = (ROOT / document).read_text(encoding="utf-8")
    lines = [line for block in re.findall(r"```sh\n(.*?)```", text, re.S) for line in block.splitlines()]
    return [shlex.split(line, comments=True)[1:] for line in lines if line.startswith(f"mjscore {program}")]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    assert json.loads((tmp_path / "examples" / "table-hand.json").read_text()) == PLAIN
    return tmp_path


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize("document", ["docs/scorekeeper.md", "README.md"])
def test_the_table_commands_run_as_printed(document: str) -> None:
    runner = CliRunner()
    found = commands(document, "table")
    assert len(found) >= 8
    for args in found:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, f"mjscore {shlex.join(args)}: {result.output}"
    balances = json.loads(runner.invoke(app, ["table", "show", "1", "--format", "json"]).output)["balances"]
    points = {b["player"]: b["points"] for b in balances}
    assert sum(points.values()) == 0
    if document == "docs/scorekeeper.md":
        # Bob won 8 (corrected: on Dan's discard), Ann collected her concealed gong, 5 from each.
        assert points == {"Ann": 15, "Bob": 3, "Cat": -5, "Dan": -13}


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize("document", ["docs/scorekeeper.md", "README.md"])
def test_the_serve_commands_start_as_printed(document: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each serve command binds (a free port: another server may hold 8000 here), says where it
    serves and, on the network, prints the join link; the server loop itself is not entered."""
    bound: list[int] = []
    real_bind = serve_module._bind

    def bind_any_port(host: str, port: int) -> Any:
        bound.append(port)
        return real_bind(host, 0)

    monkeypatch.setattr(serve_module, "_bind", bind_any_port)
    monkeypatch.setattr("uvicorn.Server.run", lambda self, sockets=None: None)
    monkeypatch.delenv("MJSCORE_PASSPHRASE", raising=False)
    for args in commands(document, "serve"):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, f"mjscore {shlex.join(args)}: {result.output}"
        checked, serving = result.output.splitlines()[:2]
        assert checked.startswith("ledger: every record checks (") and serving.startswith("mjscore is serving on http://")
        if "--passphrase" in args:
            assert "join from a phone: http://" in result.output and "/join#red%20dragon%20pung" in result.output
    assert bound and set(bound) == {8000}
