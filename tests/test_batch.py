"""mjscore batch: every line answered in input order; bad lines reported with their number."""

from __future__ import annotations

import errno
import io
import json
import os
import random
import stat
from pathlib import Path
from typing import Any

import pytest
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


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "ja"])
def test_a_line_is_the_scores_json_as_utf8_text(tmp_path: Path, lang: str) -> None:
    """Each default line is ``{"line": n}`` and the JSON ``mjscore score --format json`` prints, with
    Chinese written as it is (not escaped) in UTF-8, whichever ruleset and language."""
    from mjscore.scoring.sheet import score_json

    hands = [random_winning_hand(random.Random(n), hand_size=mjscore.get_ruleset(r).hand_size, ruleset=r)
             for n, r in enumerate(["lrc", "mcr", "taiwan", "hefen", "fourwinds"] * 4)]
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text("".join(json.dumps(h.to_dict()) + "\n" for h in hands))
    result = CliRunner().invoke(app, ["batch", str(source), "-o", str(target), "--workers", "2", "--quiet",
                                      "--lang", lang])
    assert result.exit_code == 0, result.output
    expected = [json.dumps({"line": n, **score_json(mjscore.score(h), lang)}, ensure_ascii=False)
                for n, h in enumerate(hands, 1)]
    assert target.read_bytes().decode("utf-8").splitlines() == expected


def test_batch_refuses_a_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["batch", str(tmp_path / "none.jsonl"), "-o", str(tmp_path / "o.jsonl")])
    assert result.exit_code == 2 and "cannot open" in result.stderr


class _FailingFile(io.BufferedReader):
    """A file whose reads fail (EIO, a disk's error) once ``good`` lines have been read."""

    def __init__(self, path: Path, good: int) -> None:
        super().__init__(io.FileIO(path, "rb"))
        self.good = good

    def readline(self, size: int | None = -1, /) -> bytes:
        if self.good == 0:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        self.good -= 1
        return super().readline(size)


@pytest.mark.parametrize("options", [["--quiet"], []], ids=["quiet", "counting the lines first"])
def test_a_read_that_fails_mid_file_is_one_line_and_nothing_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str]) -> None:
    """The input stops reading at line 4 (a disk's error, a share gone): one line naming the file
    and the line, status 2, no answers file and no partial file left, not a traceback. Without
    ``--quiet`` the lines are counted first, and the count meets the error."""
    rng = random.Random(5)
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text("".join(json.dumps(random_winning_hand(rng).to_dict()) + "\n" for _ in range(10)))
    opened = Path.open

    def failing_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        return _FailingFile(self, 3) if self == source else opened(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", failing_open)
    result = CliRunner().invoke(app, ["batch", str(source), "-o", str(target), "--workers", "1", *options])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.strip().splitlines() == [f"error: cannot read {source} at line 4: Input/output error"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_a_write_that_fails_is_one_line_and_nothing_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills while the answers are written: one line naming the output, status 2, and the
    partial file removed."""
    import tempfile

    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(random_winning_hand(random.Random(6)).to_dict()) + "\n")
    made = tempfile.NamedTemporaryFile

    def full_disk(*args: Any, **kwargs: Any) -> Any:
        handle = made(*args, **kwargs)

        def write(_: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        handle.write = write
        return handle

    monkeypatch.setattr(tempfile, "NamedTemporaryFile", full_disk)
    result = CliRunner().invoke(app, ["batch", str(source), "-o", str(target), "--workers", "1", "--quiet"])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines() == [f"error: cannot write {target}: No space left on device"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


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
