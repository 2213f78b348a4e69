"""No line of the command line wider than an 80-column terminal (issue 40): ``rulesets``, the discard
lines of ``analyse``, ``stats`` (of a batch, a table, the club) and ``tournament show`` run with
COLUMNS=80, in English and Chinese, and each line is measured in display columns (a Chinese character
takes two: ``rich.cells.cell_len``). A line that would be wider goes on, indented, on the next, broken
between words (or between Chinese characters), never inside a word: the words of the output are the
same at 80 columns as at 400."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.cells import cell_len

from mjscore.interfaces.cli import app
from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.tournaments import Tournaments

ROOT = Path(__file__).resolve().parents[1]
#: Players whose names make a table's line of `tournament show` wider than 80 columns.
PLAYERS = ["Bartholomew Fitzgerald-Smythe", "Anastasia Papadopoulou", "Maximilian Oberhauser", "Guadalupe Fernández",
           "王芳芳", "欧阳娜娜", "Christopher Montgomery", "Evangeline Worthington"]
HAND = {"concealed": "123m 456m 789m 234p 5s", "win_tile": "5s", "win": "discard"}
#: What a table's rule draws: its lines are no words.
RULES = re.compile(r"^[\s─━│┃╭╮╰╯┌┐└┘├┤┬┴┼]*$")


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A club database with a tournament whose first round has its tables played, and a batch's output."""
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    keeper = Scorekeeper.open()
    try:
        tournaments = Tournaments(keeper)
        tournaments.create("The Grand Spring Open of the Club", PLAYERS, seed="wide", rounds=2, session_hands=1,
                           ema={PLAYERS[0]: "04010001"})
        first, second = tournaments.seat("The Grand Spring Open of the Club").tables
        keeper.record_win(first.table_id, HAND, first.names[0], first.names[3])
        keeper.record_draw(second.table_id)
        tournaments.penalty("The Grand Spring Open of the Club", PLAYERS[1], 10, "late to the table after the break")
    finally:
        keeper.close()
    done = CliRunner().invoke(app, ["batch", str(ROOT / "examples" / "hands.jsonl"), "-o", str(tmp_path / "scores.jsonl")])
    assert done.exit_code == 0, done.output
    return tmp_path


def _words(text: str) -> list[str]:
    """The words of ``text``, not counting a table's rules: each Latin word or number whole, and the
    Chinese characters one by one (Chinese may break between any two)."""
    return [word for line in text.splitlines() if not RULES.match(line)
            for word in re.findall(r"[^\s\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+|[\u4e00-\u9fff]", line)]


COMMANDS = [
    ["rulesets"],
    ["rulesets", "--lang", "zh-Hans"],
    ["analyse", "--visible", "1p 1p", "123m 456m 789m 123p 456p 7p 9s"],
    ["stats", "{scores}"],
    ["stats", "{scores}", "--lang", "zh-Hant"],
    ["stats", "--club"],
    ["stats", "--table", "1", "--lang", "zh-Hans"],
    ["tournament", "show", "The Grand Spring Open of the Club"],
    ["tournament", "show", "The Grand Spring Open of the Club", "--lang", "zh-Hans"],
]
#: Outputs that fit 80 columns unwrapped (Chinese words are short): checked to stay within them.
FIT = [["stats", "{scores}", "--lang", "zh-Hant"]]


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c[:2]) + (" zh" if "--lang" in c else "") for c in COMMANDS])
def test_no_line_is_wider_than_80_columns_and_no_word_is_broken(club: Path, command: list[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(club)  # a file named as a user names it: a temporary folder's path is one word wider than 80
    arguments = [argument.format(scores="scores.jsonl") for argument in command]
    narrow = CliRunner().invoke(app, arguments, env={"COLUMNS": "80"})
    wide = CliRunner().invoke(app, arguments, env={"COLUMNS": "400"})
    assert narrow.exit_code == wide.exit_code == 0, narrow.output
    widths = [cell_len(line) for line in narrow.output.splitlines()]
    assert max(widths) <= 80, [line for line in narrow.output.splitlines() if cell_len(line) > 80]
    if command not in FIT:
        assert max(cell_len(line) for line in wide.output.splitlines()) > 80  # it did need wrapping
    assert sorted(_words(narrow.output)) == sorted(_words(wide.output))  # a table's cells may wrap: the words stay whole
