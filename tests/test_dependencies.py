"""Every third-party module that ``src/`` imports is declared in pyproject.toml for a user's install.

A plain ``pip install .`` brings the ``[project] dependencies`` and nothing else: a module that the code
imports but that came only with the test extra, or only through another package's requirements, works
in the development venv and crashes on the user's machine (``rich`` did, once Typer no longer brought
it). deptry reads the imports of ``src/`` and the declarations (its settings are ``[tool.deptry]``).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEPTRY = Path(sys.executable).parent / "deptry"


def _deptry(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(DEPTRY), "src", "--no-ansi"], cwd=project, capture_output=True, text=True)


def test_every_import_of_the_source_is_declared_directly() -> None:
    done = _deptry(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_an_import_that_comes_only_through_another_package_is_found(tmp_path: Path) -> None:
    """The check can fail: with ``rich`` no longer declared, every module importing it is named."""
    shutil.copytree(ROOT / "src", tmp_path / "src", ignore=shutil.ignore_patterns("*.egg-info", "__pycache__", "*.so"))
    declared = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    without = re.sub(r'^\s*"rich[<>=,\d.]*",.*\n', "", declared, flags=re.MULTILINE)
    assert without != declared
    (tmp_path / "pyproject.toml").write_text(without, encoding="utf-8")
    done = _deptry(tmp_path)
    assert done.returncode == 1
    assert re.search(r"src/mjscore/interfaces/cli/\w+\.py:\d+:\d+: DEP00[13] 'rich' imported", done.stdout + done.stderr)
