"""docs/club.md as printed: its commands run in order on a fresh database (tests/test_docs_commands.py
runs them too, and checks its refusals), and the standings file they write is the one the page shows,
worked out there by hand."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "club.md"
BIN = Path(sys.executable).parent


def test_the_standings_the_page_prints_are_the_ones_its_commands_write(tmp_path: Path) -> None:
    text = DOCUMENT.read_text(encoding="utf-8")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    environment = {"PATH": f"{BIN}:/usr/bin:/bin", "MJSCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'club.db'}",
                   "COLUMNS": "120", "HOME": str(tmp_path)}
    first = re.search(r"```sh\n(.*?)```", text, re.S)
    assert first is not None
    for line in first.group(1).splitlines():
        arguments = shlex.split(line, comments=True)
        done = subprocess.run(arguments, cwd=tmp_path, env=environment, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{line}: {done.stderr}"
        if arguments[:3] == ["mjscore", "table", "new"] and "Annie" in arguments:
            assert "new on the roster: Annie (did you mean Ann?), Eve, Fay, Gus" in done.stdout
    shown = re.search(r"```csv\n(.*?)```", text, re.S)
    assert shown is not None
    assert (tmp_path / "standings.csv").read_text(encoding="utf-8") == shown.group(1)
