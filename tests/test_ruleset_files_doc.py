"""docs/ruleset-files.md: every command runs exactly as printed and prints what the page shows, the
Python examples run (doctest), and the club file shown is examples/club.toml."""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "ruleset-files.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)


def _commands() -> list[tuple[str, str]]:
    """Each ``$ command`` of the console blocks and the output printed under it."""
    found = []
    for kind, body in BLOCK.findall(TEXT):
        if kind != "console":
            continue
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


def test_the_page_has_commands() -> None:
    assert len(_commands()) == 3


@pytest.mark.parametrize(("command", "printed"), _commands())
def test_each_command_prints_what_the_page_shows(command: str, printed: str) -> None:
    args = shlex.split(command)
    assert args[0] == "mjscore"
    env = {**os.environ, "COLUMNS": "100", "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run([sys.executable, "-m", "mjscore", *args[1:]], cwd=ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8", check=False)
    shown = done.stdout + done.stderr
    # The sheet pads its table to the terminal's width: compare lines without their trailing spaces.
    assert [line.rstrip() for line in shown.splitlines()] == [line.rstrip() for line in printed.splitlines()]
    assert done.returncode == (2 if "error:" in printed else 0)


def test_the_python_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 6 and result.failed == 0


def test_the_club_file_shown_is_the_example() -> None:
    blocks = [body for kind, body in BLOCK.findall(TEXT) if kind == "toml"]
    assert blocks == [(ROOT / "examples" / "club.toml").read_text(encoding="utf-8")]
