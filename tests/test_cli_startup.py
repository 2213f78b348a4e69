"""``mjscore score``, ``waits`` and ``--help`` start without the database or web layers (issue 13
item 3): the scorekeeper (SQLAlchemy, Alembic) and the web app (FastAPI, uvicorn) are imported by
the commands that use them. Start-up CPU is a benchmark figure (``benchmarks/run.py``), not a test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("sqlalchemy", "alembic", "psycopg", "fastapi", "starlette", "uvicorn", "mjscore.scorekeeper",
         "mjscore.interfaces.web")


def _imported(arguments: list[str]) -> set[str]:
    """The modules ``python -m mjscore ARGUMENTS`` imports (``-X importtime`` lists each on stderr)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "mjscore", *arguments],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("arguments", [
    ["--help"],
    ["score", "123m 456m 789p 234s 777s 9p", "--win-tile", "9p", "--win", "self_draw"],
    ["waits", "123m 456m 789p 234s 777s 9p"],
], ids=["help", "score", "waits"])
def test_scoring_commands_import_no_database_or_web_layer(arguments: list[str]) -> None:
    modules = _imported(arguments)
    assert "mjscore.scoring.engine" in modules or arguments == ["--help"]
    heavy = sorted(m for m in modules if m.startswith(HEAVY))
    assert not heavy, heavy


def test_the_table_commands_still_open_the_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    done = subprocess.run([sys.executable, "-m", "mjscore", "table", "--database", url, "list"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "club.db").exists()
