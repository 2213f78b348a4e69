"""The code style the project holds itself to (pyproject.toml): ruff's checks and mypy --strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def test_ruff_finds_nothing() -> None:
    done = subprocess.run([str(BIN / "ruff"), "check", "src", "tests", "checks", "tools", "benchmarks"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing() -> None:
    done = subprocess.run([str(BIN / "mypy"), "--strict", "src"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
