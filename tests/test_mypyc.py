"""The compiled build (setup.py, mypyc): the hot modules are compiled, and they score exactly as the
pure-Python source does.

The build tested is the one bot authors get: the README's compiled install (``MJSCORE_COMPILE=1 pip
install .`` in a fresh copy, the ``compiled_install`` fixture of tests/conftest.py), built once per session. Its interpreter runs
every golden case and :data:`HANDS` random hands of every ruleset (the score sheet, the waits with
the total each would score, and for one in :data:`ANALYSED` the discard table), and so does this test
environment's editable install, which is pure Python; the two outputs must be the same, byte for byte.
Without a C compiler there is no compiled build: the tests fail on CI (``CI`` set) and are skipped
elsewhere.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
from pathlib import Path

from quick_start import ROOT, Install

#: Random hands per ruleset.
HANDS = 2000

#: One random hand in this many is analysed too (a discard table costs some twenty scores).
ANALYSED = 10

#: Print, one line each, the score of every golden case in the folder ``argv[1]`` and of ``argv[2]``
#: random hands of every ruleset with their waits, and the analysis of one in ``argv[3]`` of them
#: (or the one-line refusal of a hand).
_SCORES = """
import json, random, sys, tempfile, tomllib
from dataclasses import replace
from pathlib import Path
import mjscore
from mjscore.rulesets import load_ruleset_file, preset
from mjscore.sampling import random_winning_hand

def show(work):
    try:
        return json.dumps(work(), ensure_ascii=False, sort_keys=True)
    except mjscore.MjscoreError as error:
        return f"{type(error).__name__}: {error}"

golden, hands, ANALYSED = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
for path in sorted(golden.glob("*.toml")):
    for case in tomllib.loads(path.read_text(encoding="utf-8"))["case"]:
        rules = mjscore.get_ruleset(path.stem)
        if "preset" in case:  # a shipped preset (tests/test_golden.py)
            rules = mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(case["preset"])))
        if "house_rules" in case:  # house rules written in the case
            rules = mjscore.apply_house_rules(rules, case["house_rules"])
        print(show(lambda: mjscore.score(mjscore.Hand.from_dict({"ruleset": path.stem, **case["hand"]}), rules).to_dict()))
# A club's file giving a pattern a parameter of the wrong type: both builds refuse it alike (a
# compiled function keeps no annotations; the check reads them from the source).
club = Path(tempfile.mkdtemp()) / "club.toml"
club.write_text('[ruleset]\\nid = "club"\\nextends = "lrc"\\n\\n[[award]]\\nid = "seven_flowers"\\n'
                'params = { count = "seven" }\\n', encoding="utf-8")
print(show(lambda: load_ruleset_file(club).id).replace(str(club), "club.toml"))
for name in mjscore.rulesets():
    rules = mjscore.get_ruleset(name)
    rng = random.Random(99)
    for number in range(hands):
        hand = random_winning_hand(rng, hand_size=rules.hand_size, ruleset=name, one_suit_chance=0.3)
        print(show(lambda: mjscore.score(hand, rules).to_dict()))
        held = replace(hand, win_tile=None)
        print(show(lambda: [[t.code, s.total if s else None] for t, s in mjscore.score_waits(held, rules)]))
        if number % ANALYSED == 0:  # the discard table of the hand, its winning tile taken as drawn
            print(show(lambda: mjscore.analyse(hand, rules).to_dict()))
"""

#: Print, as JSON, the file each module named in ``argv[1:]`` is loaded from.
_FILES = "import importlib, json, sys\nprint(json.dumps({n: importlib.import_module(n).__file__ for n in sys.argv[1:]}))"


def compiled_modules() -> list[str]:
    """The modules setup.py compiles (its ``COMPILED`` list), as module names."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            return [path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in ast.literal_eval(node.value)]
    raise AssertionError("setup.py has no COMPILED list")


def _run(python: Path | str, script: str, *arguments: str, folder: Path) -> str:
    """The standard output of ``python -c script arguments``, run in ``folder`` (away from the source)."""
    done = subprocess.run([str(python), "-c", script, *arguments], capture_output=True, text=True, cwd=folder, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_setup_compiles_the_hot_modules() -> None:
    assert {"mjscore.arrangements", "mjscore.scoring.engine", "mjscore.scoring.patterns",
            "mjscore.scoring.evaluators", "mjscore.scoring.totals"} <= set(compiled_modules())


def test_the_installed_modules_are_compiled(compiled_install: Install, tmp_path: Path) -> None:
    """Each module of COMPILED is loaded from a C extension of the quick start's install: the build
    compiled them all (setup.py installs all or none), and the install is what the interpreter runs."""
    names = compiled_modules()
    files = json.loads(_run(compiled_install.python, _FILES, *names, folder=tmp_path))
    site = compiled_install.copy / ".venv"
    for name in names:
        found = Path(files[name])
        assert found.suffix == ".so", f"{name} is not compiled: {found}"
        assert found.is_relative_to(site), f"{name} is not the install's: {found}"


def test_compiled_and_pure_score_the_same(compiled_install: Install, tmp_path: Path) -> None:
    """Golden cases and random hands of every ruleset: the compiled build's score sheets and waits
    are the pure build's, line for line and byte for byte."""
    names = compiled_modules()
    compiled_files = json.loads(_run(compiled_install.python, _FILES, *names, folder=tmp_path))
    pure_files = json.loads(_run(sys.executable, _FILES, *names, folder=tmp_path))
    assert all(path.endswith(".so") for path in compiled_files.values()), compiled_files  # two builds compared,
    assert all(path.endswith(".py") for path in pure_files.values()), pure_files  # not one twice
    golden = str(ROOT / "tests" / "golden")
    compiled = _run(compiled_install.python, _SCORES, golden, str(HANDS), str(ANALYSED), folder=tmp_path).splitlines()
    pure = _run(sys.executable, _SCORES, golden, str(HANDS), str(ANALYSED), folder=tmp_path).splitlines()
    cases = sum(len(tomllib.loads(path.read_text(encoding="utf-8"))["case"]) for path in Path(golden).glob("*.toml"))
    rulesets = len(list((ROOT / "src" / "mjscore" / "rulesets").glob("*.toml")))
    assert len(compiled) == len(pure) == cases + 1 + rulesets * (HANDS * 2 + HANDS // ANALYSED)
    assert sum(line.startswith("{") for line in pure[:cases]) == cases  # every golden case scores
    assert pure[cases].startswith("RulesetError: club.toml") and "count" in pure[cases]  # the mistyped count
    different = [n for n, (a, b) in enumerate(zip(compiled, pure, strict=True)) if a != b]
    assert not different, f"{len(different)} lines differ, first: {compiled[different[0]]} / {pure[different[0]]}"


def test_the_build_digest_tool_compares_the_builds(compiled_install: Install, tmp_path: Path) -> None:
    """``tools/build_digest.py``, the long run's comparison (its docstring's commands), gives the two
    builds' digests on a few hands: every ruleset's line the same, the build line not."""
    tool = str(ROOT / "tools" / "build_digest.py")
    script = f"import runpy, sys; sys.argv = [{tool!r}, '--hands', '200']; runpy.run_path({tool!r}, run_name='__main__')"
    compiled = _run(compiled_install.python, script, folder=tmp_path).splitlines()
    pure = _run(sys.executable, script, folder=tmp_path).splitlines()
    rulesets = sorted(path.stem for path in (ROOT / "src" / "mjscore" / "rulesets").glob("*.toml"))
    assert [line.split(":")[0] for line in pure[1:]] == rulesets
    assert compiled[0] != pure[0] and ".so" in compiled[0] and ".py" in pure[0]
    assert compiled[1:] == pure[1:]
