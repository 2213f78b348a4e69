"""docs/tournaments.md as printed: its commands run in order on a fresh database
(tests/test_docs_commands.py runs them too, and checks its refusals), and the files they write are
the ones the page works out by hand: the EMA results file, the standings with what decided each
place, and every seat of every round."""

from __future__ import annotations

import csv
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "tournaments.md"
BIN = Path(sys.executable).parent


def _run_the_page(folder: Path) -> str:
    text = DOCUMENT.read_text(encoding="utf-8")
    shutil.copytree(ROOT / "examples", folder / "examples")
    environment = {"PATH": f"{BIN}:/usr/bin:/bin", "MJSCORE_DATABASE_URL": f"sqlite:///{folder / 'club.db'}",
                   "COLUMNS": "120", "HOME": str(folder),
                   **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"}}
    first = re.search(r"```sh\n(.*?)```", text, re.S)
    assert first is not None
    for line in first.group(1).splitlines():
        arguments = shlex.split(line, comments=True)
        done = subprocess.run(arguments, cwd=folder, env=environment, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{line}: {done.stderr}"
    return text


def test_the_ema_results_file_is_the_one_worked_out_on_the_page(tmp_path: Path) -> None:
    text = _run_the_page(tmp_path)
    shown = re.search(r"```csv\n(.*?)```", text, re.S)
    assert shown is not None
    assert (tmp_path / "results.csv").read_text(encoding="utf-8") == shown.group(1)
    with (tmp_path / "standings.csv").open(encoding="utf-8") as file:
        standings = list(csv.DictReader(file))
    # Ann lost 10 to her penalty; Fay is fifth below the finalists on the cut; Bob below Hal on score.
    assert [(r["player"], r["penalties"], r["decided"]) for r in standings] == [
        ("Gus", "0", ""), ("Eve", "0", "table points"), ("Cat", "0", "table points"), ("Ann", "10", "table points"),
        ("Fay", "0", "the cut"), ("Dan", "0", "table points"), ("Hal", "0", "table points"), ("Bob", "0", "score")]
    with (tmp_path / "rounds.csv").open(encoding="utf-8") as file:
        seats = list(csv.DictReader(file))
    assert len(seats) == 4 * (2 + 2 + 2 + 1)
    substitute = [r for r in seats if r["player"] == "Substitute 1"]
    assert [(r["round"], r["player_id"], r["table_points"]) for r in substitute] == [("3", "", "1.75")]
    assert "Hal" not in {r["player"] for r in seats if r["round"] in ("3", "4")}
    # Round 2 was Swiss: Gus, Ann, Cat, Eve (the first four after round 1) at its table 1.
    assert {r["player"] for r in seats if r["round"] == "2" and r["table"] == "1"} == {"Gus", "Ann", "Cat", "Eve"}
    assert {r["player"] for r in seats if r["round"] == "4"} == {"Gus", "Ann", "Cat", "Eve"}
