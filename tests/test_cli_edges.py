"""The command line's small edges (issue 40): output cut short by its reader ends quietly with status
0 (1 means a hand that is not a legal win), a JSON error names its line and column, and undo and a
correction say what they changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.interfaces.cli import app

MJSCORE = str(Path(sys.executable).parent / "mjscore")
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("command", [["rulesets", "lrc"], ["rulesets", "mcr", "--format", "json"], ["rulesets"],
                                     ["score", str(ROOT / "examples" / "hand.json"), "--lang", "zh-Hant"]])
def test_output_cut_short_by_its_reader_ends_quietly(command: list[str]) -> None:
    with subprocess.Popen([MJSCORE, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE) as reader:
        assert reader.stdout is not None and reader.stderr is not None
        reader.stdout.read(20)  # `| head -c 20`
        reader.stdout.close()
        assert reader.wait(60) == 0 and reader.stderr.read() == b""


def test_a_json_error_names_its_line_and_column(tmp_path: Path) -> None:
    hand = tmp_path / "hand.json"
    hand.write_text('{\n  "win": "discard",\n  "concealed": "123m" oops\n}\n', encoding="utf-8")
    done = CliRunner().invoke(app, ["score", str(hand)])
    assert done.exit_code == 2
    assert done.stderr == f"error: {hand} line 3, column 23: not valid JSON: Expecting ',' delimiter\n"
    one = tmp_path / "one.json"
    one.write_text('{"win": "discard",', encoding="utf-8")
    assert "one.json line 1, column 19: not valid JSON" in CliRunner().invoke(app, ["score", str(one)]).stderr


def test_undo_and_a_correction_say_what_they_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps({"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
                                "win_tile": "8s", "win": "discard"}), encoding="utf-8")
    runner = CliRunner()
    for args in (["table", "new", "Ann", "Bob", "Cat", "Dan"], ["table", "record", "1", str(hand), "--winner", "Bob",
                                                               "--discarder", "Cat"], ["table", "draw", "1"]):
        assert runner.invoke(app, args).exit_code == 0
    corrected = runner.invoke(app, ["table", "record", "1", str(hand), "--winner", "Bob", "--discarder", "Dan",
                                    "--correct", "1"]).output.splitlines()
    assert corrected[0] == "corrected: 1. Bob won on Dan's discard: 8 points (was: Bob won on Cat's discard: 8 points)"
    undone = runner.invoke(app, ["table", "undo", "1"]).output.splitlines()
    assert undone[0] == "undone: 2. drawn hand" and undone[2] == "balances: Ann +0, Bob +8, Cat +0, Dan -8"


@pytest.mark.parametrize("ruleset", ["lrc", "hefen", "fourwinds", "mcr", "taiwan"])
def test_an_award_table_fits_80_columns_and_breaks_no_word(ruleset: str) -> None:
    from rich.cells import cell_len

    from mjscore.rulesets import get_ruleset
    shown = subprocess.run([MJSCORE, "rulesets", ruleset], capture_output=True, text=True, check=True,
                           env={**os.environ, "COLUMNS": "80"}).stdout
    assert max(cell_len(line) for line in shown.splitlines()) <= 80
    words = set(shown.split())
    for award in get_ruleset(ruleset).awards:
        for word in award.name.en.split():
            assert word in words, (award.id, word)  # whole, not folded across lines
        assert award.id in words
