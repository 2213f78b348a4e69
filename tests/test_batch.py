"""mjscore batch: every line answered in input order; bad lines reported with their number."""

from __future__ import annotations

import json
import os
import random
import stat
from pathlib import Path

from click.testing import CliRunner

import mjscore
from mjscore.interfaces.cli import app
from mjscore.sampling import random_winning_hand


def test_batch_keeps_order_and_reports_bad_lines(tmp_path: Path) -> None:
    rng = random.Random(11)
    hands = [random_winning_hand(rng) for _ in range(600)]
    lines = [json.dumps(h.to_dict()) for h in hands]
    lines.insert(100, "{not json")
    lines.insert(200, json.dumps({"concealed": "123m", "win_tile": "4m", "win": "self_draw"}))
    lines.insert(300, "")  # a blank line is skipped, not an error
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(app, ["batch", str(source), "-o", str(target), "--workers", "2", "--quiet"])
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in target.read_text().splitlines()]
    assert [a["line"] for a in answers] == [n for n, text in enumerate(lines, 1) if text]
    errors = {a["line"]: a["error"] for a in answers if "error" in a}
    assert set(errors) == {101, 201}
    assert errors[101].startswith("column 2: not valid JSON")
    assert "before the winning tile" in errors[201]
    scored = [a for a in answers if "error" not in a]
    expected = [mjscore.score(h).total for h in hands]
    assert [a["total"] for a in scored] == expected
    # the answers file is the user's, readable as any file they make (the umask's mode), not the
    # temporary file's owner-only mode
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask


def test_batch_refuses_a_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["batch", str(tmp_path / "none.jsonl"), "-o", str(tmp_path / "o.jsonl")])
    assert result.exit_code == 2 and "cannot open" in result.stderr


def test_batch_refuses_to_write_over_a_folder(tmp_path: Path) -> None:
    """``-o`` naming a folder is one line and status 2 from the ``mjscore`` command itself, and
    nothing is written beside it."""
    import subprocess
    import sys
    source = Path(__file__).resolve().parents[1] / "examples" / "hands.jsonl"
    folder = tmp_path / "out"
    folder.mkdir()
    done = subprocess.run([str(Path(sys.executable).parent / "mjscore"), "batch", str(source), "-o", str(folder)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout + done.stderr == (f"error: Invalid value for '-o' / '--output': File '{folder}' is a directory. "
                                         "(see `mjscore batch --help`)\n")
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and not any(folder.iterdir())
