"""The mypyc build (setup.py): the hot modules compile, the compiled modules are the ones loaded,
and they score exactly as the pure-Python source does.

The test compiles :data:`COMPILED` (read from setup.py) from a copy of ``src`` into a temporary
folder, then scores the same random hands of every ruleset there and here (the pure source) and
compares the score sheets' JSON line by line. Without a C compiler or mypyc it is skipped, as the
build falls back to pure Python. ``MJSCORE_EXPECT_COMPILED=1`` also asserts that the installed
package is the compiled one (for a CI job that ran ``pip install .``).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HANDS = 3000

_SCORES = """
import json, random, sys
from dataclasses import replace
import mjscore
from mjscore.sampling import random_winning_hand
for name in ("lrc", "hefen", "fourwinds", "mcr"):
    rules = mjscore.get_ruleset(name)
    rng = random.Random(99)
    for _ in range(int(sys.argv[1])):
        hand = random_winning_hand(rng, hand_size=rules.hand_size, ruleset=name, one_suit_chance=0.3)
        print(json.dumps(mjscore.score(hand, rules).to_dict(), ensure_ascii=False, sort_keys=True))
        print(json.dumps([[t.code, s.total if s else None] for t, s in mjscore.score_waits(
            replace(hand, win_tile=None), rules)]))
import importlib
names = [path[4:-3].replace("/", ".") for path in sys.argv[2:]]
print("compiled" if all(importlib.import_module(n).__file__.endswith((".so", ".pyd")) for n in names) else "pure")
"""


def compiled_modules() -> list[str]:
    """The modules setup.py compiles (its ``COMPILED`` list)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no COMPILED list")


def _scores(source: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _SCORES, str(HANDS), *compiled_modules()], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": str(source)}, cwd=source)
    return done.stdout.splitlines()


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("mypyc") is None or shutil.which(sysconfig.get_config_var("CC").split()[0] or "cc") is None:
        if os.environ.get("CI"):  # CI has both (gcc, and mypy in the test extra): never skip there
            pytest.fail("CI must build the compiled modules: mypyc or a C compiler is missing")
        pytest.skip("no mypyc or no C compiler: the build installs the pure-Python modules")
    folder = tmp_path_factory.mktemp("compiled")
    shutil.copytree(ROOT / "src", folder / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    script = ("from setuptools import setup\nfrom mypyc.build import mypycify\n"
              f"setup(name='mjscore-test', package_dir={{'': 'src'}},"
              f" ext_modules=mypycify({compiled_modules()!r}, opt_level='3'), script_args=['build_ext', '--inplace'])\n")
    subprocess.run([sys.executable, "-c", script], cwd=folder, check=True, capture_output=True)
    return folder / "src"


def test_the_compiled_modules_are_loaded(compiled_tree: Path) -> None:
    for module in compiled_modules():
        path = Path(module).relative_to("src")
        assert list((compiled_tree / path.parent).glob(f"{path.stem}.*.so")), f"{module} was not compiled"
    assert _scores_tail(compiled_tree) == "compiled"


def _scores_tail(source: Path) -> str:
    done = subprocess.run([sys.executable, "-c", _SCORES, "0", *compiled_modules()], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(source)}, cwd=source)
    return done.stdout.strip()


def test_compiled_and_pure_score_the_same(compiled_tree: Path) -> None:
    compiled = _scores(compiled_tree)
    pure = _scores(ROOT / "src")
    assert compiled[-1] == "compiled" and pure[-1] == "pure"
    assert len(compiled) == len(pure) == 4 * 2 * HANDS + 1
    different = [n for n, (a, b) in enumerate(zip(compiled[:-1], pure[:-1], strict=True)) if a != b]
    assert not different, f"{len(different)} lines differ, first: {compiled[different[0]]} / {pure[different[0]]}"


@pytest.mark.skipif(os.environ.get("MJSCORE_EXPECT_COMPILED") != "1", reason="only where CI installed the compiled build")
def test_the_installed_package_is_compiled() -> None:
    for module in compiled_modules():
        assert importlib.import_module(module[4:-3].replace("/", ".")).__file__.endswith(".so"), module
