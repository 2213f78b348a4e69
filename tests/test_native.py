"""The native core (``src/mjscore/_native.c``): the same answers as pure Python, and safe.

- The wait set and the arrangements of random hands of every ruleset, of hands of every shape and of
  random concealed tiles under every shape at once are the pure-Python search's, object for object
  and in order.
- Whole answers (the score with its sheet and payments, the waits with their scores, the analysis)
  of the golden cases and random hands of every ruleset and preset are the same, byte for byte, in a
  process with the native core and one with ``MJSCORE_CORE=python`` (``tools/native_differential.py``,
  whose long run is 100,000 hands a ruleset).
- Hostile arguments given to the extension itself never crash the process (run in a child process,
  whose death would show): each is answered, refused with an exception, or passed back to Python
  (NotImplemented).
- A build with AddressSanitizer and UndefinedBehaviorSanitizer runs a sample of hands and the hostile
  arguments with no report.

The native core is built by ``pip install .`` and ``pip install -e .`` where a C compiler exists; on
CI (``CI`` set) these tests fail without it, elsewhere they are skipped, saying why.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import sysconfig
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from quick_start import ROOT, Install, c_compiler

import mjscore
from mjscore.arrangements import SHAPES, arrangements, python_arrangements, python_waits, waits
from mjscore.hand import Hand, WinKind
from mjscore.native import CORE, CORE_DETAIL, NATIVE
from mjscore.sampling import random_winning_hand
from mjscore.tiles import HAND_TILES

needs_native = pytest.mark.skipif(NATIVE is None and not os.environ.get("CI"),
                                  reason=f"no native core in this environment ({CORE_DETAIL})")


def test_the_core_is_named_by_the_library_and_the_command_line() -> None:
    assert mjscore.CORE == CORE in ("native", "python")
    shown = subprocess.run([sys.executable, "-m", "mjscore", "--version"], capture_output=True, text=True, check=True)
    assert shown.stdout.startswith("mjscore ") and CORE_DETAIL in shown.stdout
    forced = subprocess.run([sys.executable, "-m", "mjscore", "--version"], capture_output=True, text=True, check=True,
                            env={**os.environ, "MJSCORE_CORE": "python"})
    assert "pure-Python core (MJSCORE_CORE=python)" in forced.stdout


@needs_native
def test_the_fields_the_engine_sets_natively_are_the_dataclasses() -> None:
    """The engine makes a Score and a lazy Award by setting their slots at once (mjscore._native.make):
    the names it sets are the classes' fields (and an award's detail slots)."""
    import dataclasses

    from mjscore.scoring import awards, engine

    assert list(engine._SCORE_FIELDS) == [f.name for f in dataclasses.fields(engine.Score)]
    assert set(awards._LAZY_AWARD) == set(awards.Award.__slots__)


def test_the_native_core_is_built_where_a_compiler_is() -> None:
    assert NATIVE is not None, f"a C compiler is here ({c_compiler()}) but {CORE_DETAIL}: pip install -e . again"
    assert mjscore.CORE == "native"


def _same(hand: Hand, shapes: tuple[str, ...]) -> None:
    found, expected = arrangements(hand, shapes), python_arrangements(hand, shapes)
    assert found == expected, hand.to_dict()
    assert [(a.shape, a.win_group, a.win_role) for a in found] == [(a.shape, a.win_group, a.win_role) for a in expected]
    assert waits(hand, shapes) == python_waits(hand, shapes), hand.to_dict()


@needs_native
@pytest.mark.parametrize("ruleset", ["lrc", "hefen", "fourwinds", "mcr", "taiwan", "riichi"])
def test_random_hands_arrange_and_wait_as_in_python(ruleset: str) -> None:
    """riichi plays a shape the native core does not know (distinct seven pairs): it finds the others'
    arrangements and waits, Python that shape's, merged in the order of the shapes."""
    rules = mjscore.get_ruleset(ruleset)
    rng = random.Random(39)
    for _ in range(1500):
        _same(random_winning_hand(rng, hand_size=rules.hand_size, ruleset=ruleset, one_suit_chance=0.4),
              rules.played_shapes)


@needs_native
def test_riichi_hands_of_every_shape_arrange_and_wait_as_in_python() -> None:
    """The riichi scoring oracle's hands (tools/riichi_oracle.py: seven pairs and thirteen orphans
    too, open and closed): the native core's shapes and Python's distinct seven pairs, merged."""
    from tool_modules import load_tool

    rules = mjscore.get_ruleset("riichi")
    made: Counter[str] = Counter()
    for hand in load_tool("riichi_oracle").hands(seed=39, count=2000, name="riichi-tenhou"):
        _same(hand, rules.played_shapes)
        made.update(a.shape for a in python_arrangements(hand, rules.played_shapes))
    assert set(made) == {"regular", "distinct_seven_pairs", "thirteen_orphans"}, made


def _concealed(rng: random.Random, kinds: list[int], size: int) -> list[int]:
    """``size`` + 1 tiles of ``kinds`` (at most four of each), sorted."""
    counts = [0] * 34
    found: list[int] = []
    while len(found) < size + 1:
        index = rng.choice(kinds)
        if counts[index] < 4:
            counts[index] += 1
            found.append(index)
    return found


def _orphan_hands(rng: random.Random) -> Iterator[list[int]]:
    """Tiles near LRC's 13 Orphans (and a set) and 16 Orphans, and MCR's orphans and knitted hands."""
    orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    for _ in range(400):
        extra = rng.sample(range(34), 4)
        yield orphans + extra[:4]  # 17: 13 Orphans, a pair and a set, or not
        yield orphans + extra[:1]  # 14: MCR's
        ranks = [rng.choice(((0, 3, 6), (0, 4, 8), (1, 5, 8), (0, 3, 7), (1, 4, 8), (2, 5, 8))) for _ in range(3)]
        sixteen = [9 * suit + rank for suit in range(3) for rank in ranks[suit]] + list(range(27, 34))
        yield sixteen + [rng.choice(sixteen)]  # 17: 16 Orphans
        knitted = [suit * 9 + offset + 3 * k for suit, offset in enumerate(rng.sample((0, 1, 2), 3)) for k in range(3)]
        yield knitted + rng.sample(range(27, 34), 5)  # 14: honours and knitted tiles, or a knitted straight's part
        yield knitted + _concealed(rng, list(range(34)), 4)
        yield rng.sample(knitted, 7) + list(range(27, 34))  # 14: greater honours and knitted tiles
        low = 9 * rng.randrange(3) + rng.randrange(3)
        shifted = [low + k for k in range(7) for _ in range(2)]
        yield shifted[1:] + shifted[:1]  # 14: seven shifted pairs, won on its lowest tile


@needs_native
def test_every_shape_arranges_and_waits_as_in_python() -> None:
    """Every shape at once (the plan of no one ruleset), on tiles built near the irregular shapes and
    on random tiles of a few kinds: wins found both ways, waits on every held count."""
    shapes = tuple(SHAPES)
    rng = random.Random(7)
    tried: list[list[int]] = list(_orphan_hands(rng))
    for _ in range(3000):
        size = rng.choice((13, 16))
        tried.append(_concealed(rng, rng.sample(range(34), rng.choice((5, 7, 9, 14, 20, 34))), size))
    made = {name: 0 for name in shapes}
    for indices in tried:
        if max(indices.count(i) for i in indices) > 4:
            continue
        win = indices[-1]
        for kind in (WinKind.DISCARD, WinKind.SELF_DRAW):
            hand = Hand(concealed=tuple(HAND_TILES[i] for i in sorted(indices[:-1])), win=kind, win_tile=HAND_TILES[win],
                        discarder="N" if kind is WinKind.DISCARD else None, ruleset="mcr" if len(indices) == 14 else "lrc")
            _same(hand, shapes)
            for found in python_arrangements(hand, shapes):
                made[found.shape] += 1
    assert all(made.values()), made  # every shape was made somewhere: each was compared


@needs_native
def test_declared_melds_and_claimed_tiles_as_in_python() -> None:
    for record in ({"concealed": "123m 456m 78p 99s", "melds": [{"kind": "pung", "tiles": "EEE"},
                    {"kind": "chow", "tiles": "789s"}, {"kind": "kong", "tiles": "2222p", "concealed": True}],
                    "win_tile": "9p", "win": "discard", "discarder": "W"},
                   {"concealed": "24m 99s", "melds": [{"kind": "chow", "tiles": "456s"}, {"kind": "pung", "tiles": "111p"},
                    {"kind": "chow", "tiles": "345p"}, {"kind": "pung", "tiles": "777m"}], "win_tile": "3m",
                    "win": "robbing_gong", "discarder": "N"},
                   {"concealed": "1112345678999m", "win_tile": "5m", "win": "discard", "discarder": "S", "ruleset": "mcr"}):
        hand = Hand.from_dict(record)
        _same(hand, mjscore.get_ruleset(hand.ruleset).played_shapes)


def test_a_hand_the_native_core_does_not_take_is_answered_in_python() -> None:
    """A fifth copy (refused by the record's checks, but asked of the search by a library caller) is
    passed back (NotImplemented) and answered by the pure search."""
    five = Hand.__new__(Hand)
    real = Hand.from_dict({"concealed": "1111m 234m 567p 78s 9p", "win_tile": "9s", "win": "self_draw", "ruleset": "mcr"})
    for name in Hand.__slots__:
        object.__setattr__(five, name, getattr(real, name))
    object.__setattr__(five, "win_tile", HAND_TILES[0])  # a fifth 1m
    assert NATIVE is None or NATIVE.arrangements(five.concealed, 0, (), False, b"\x00") is NotImplemented
    assert arrangements(five, ("regular",)) == python_arrangements(five, ("regular",))
    assert waits(five, ("regular",)) == python_waits(five, ("regular",))


@needs_native
def test_whole_answers_are_the_same_byte_for_byte() -> None:
    """The golden cases and 150 random hands of every ruleset and preset: score sheets, payments,
    waits with their scores and one analysis in 15, from a native process and a pure one."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "native_differential.py"), "--hands", "150",
                           "--analysed", "15"], capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    labels = [*mjscore.rulesets(), *__import__("mjscore.rulesets", fromlist=["presets"]).presets()]
    assert [line.split(":")[0] for line in lines] == labels
    assert all("native and pure Python identical" in line for line in lines)


#: Hostile arguments for the extension's functions, made in a child process: (function, arguments).
_HOSTILE = r"""
import random, sys
import mjscore.arrangements as arrangements
from mjscore import _native
from mjscore.tiles import HAND_TILES

class Index:
    def __init__(self, value): self.index = value
class Raises:
    @property
    def index(self): raise KeyError("no")
class Meld:
    def __init__(self, tiles): self.tiles = tiles

rng = random.Random(int(sys.argv[1]))
values = [0, 1, 33, 34, 41, -1, -2**63, 2**64, 2**200, 3.5, None, "1m", True]
def tile():
    kind = rng.randrange(6)
    if kind == 0: return rng.choice(HAND_TILES)
    if kind == 1: return Index(rng.choice(values))
    if kind == 2: return Raises()
    if kind == 3: return rng.choice(values)
    if kind == 4: return object()
    return HAND_TILES[rng.randrange(34)]
def tiles():
    n = rng.choice((0, 1, 5, 13, 14, 16, 17, 18, 20, 21, 40, 1000))
    if rng.random() < 0.7:
        return tuple(rng.choice(HAND_TILES[:9] if rng.random() < 0.5 else HAND_TILES) for _ in range(n))
    return tuple(tile() for _ in range(n)) if rng.random() < 0.9 else [tile() for _ in range(n)]
def plan():
    return rng.choice((b"", b"\x00", bytes(range(10)), bytes([rng.randrange(256) for _ in range(rng.randrange(12))]),
                       "regular", None, b"\x00" * 11))
def melds():
    return rng.choice(((), (Meld(tiles()),), tuple(Meld(tiles()) for _ in range(rng.randrange(10))), (object(),), None, [1]))
answered = refused = passed = 0
for _ in range(int(sys.argv[2])):
    try:
        if rng.random() < 0.5:
            found = _native.waits(tiles(), melds(), plan())
        else:
            declared = rng.choice(((), (None,), tuple(range(rng.randrange(10))), None))
            found = _native.arrangements(tiles(), rng.choice((0, 5, 33, 34, -1, 2**40)) if rng.random() < 0.9 else 1,
                                         declared, rng.random() < 0.5, plan())
    except (TypeError, ValueError, OverflowError, AttributeError, KeyError, MemoryError) as error:
        refused += 1
        continue
    if found is NotImplemented:
        passed += 1
    else:
        assert isinstance(found, (tuple, list)), found
        answered += 1
print(answered, refused, passed)
"""


def _hostile(python_environment: dict[str, str] | None = None, cases: int = 20000) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _HOSTILE, "39", str(cases)], capture_output=True, text=True,
                          timeout=600, check=False, env=python_environment)


@needs_native
def test_hostile_arguments_never_crash_the_extension() -> None:
    done = _hostile()
    assert done.returncode == 0, f"status {done.returncode}: {done.stderr[-3000:]}"
    answered, refused, passed = map(int, done.stdout.split())
    assert answered and refused and passed  # each way of answering was exercised


#: Random hands scored in the sanitizer build's process (every ruleset, waits and the analysis).
_SAMPLE = r"""
import random, sys
from dataclasses import replace
import mjscore
from mjscore.native import CORE
from mjscore.sampling import random_winning_hand
assert CORE == "native", CORE
from mjscore import _native
assert _native.__file__.startswith(sys.argv[1]), _native.__file__
for name in mjscore.rulesets():
    rules = mjscore.get_ruleset(name)
    rng = random.Random(5)
    for number in range(int(sys.argv[2])):
        hand = random_winning_hand(rng, hand_size=rules.hand_size, ruleset=name, one_suit_chance=0.4)
        mjscore.score(hand, rules).to_dict()
        mjscore.score_waits(replace(hand, win_tile=None), rules)
        if number % 40 == 0:
            mjscore.analyse(hand, rules)
print("ok")
"""


def _sanitizer_runtime() -> str | None:
    """The AddressSanitizer runtime the compiler links against (to preload into Python), if any."""
    compiler = c_compiler()
    if compiler is None:
        return None
    found = subprocess.run([compiler, "-print-file-name=libasan.so"], capture_output=True, text=True, check=False)
    path = found.stdout.strip()
    return path if found.returncode == 0 and os.path.isabs(path) and os.path.exists(path) else None


@needs_native
def test_a_sanitizer_build_runs_hands_and_hostile_arguments_clean(tmp_path: Path) -> None:
    """The extension built with -fsanitize=address,undefined (every report fatal) into a folder put
    first on mjscore's package path, then random hands of every ruleset and the hostile arguments,
    with the AddressSanitizer runtime preloaded into the interpreter (which is not built with it)."""
    runtime = _sanitizer_runtime()
    if runtime is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the sanitizer build: the compiler ({c_compiler()}) has no libasan")
        pytest.skip("the C compiler has no AddressSanitizer runtime (libasan)")
    compiler = c_compiler()
    assert compiler is not None
    target = tmp_path / f"_native{sysconfig.get_config_var('EXT_SUFFIX')}"
    built = subprocess.run([compiler, "-shared", "-fPIC", "-g", "-O1", "-fno-omit-frame-pointer",
                            "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-Wall", "-Wextra", "-Werror",
                            f"-I{sysconfig.get_paths()['include']}", str(ROOT / "src" / "mjscore" / "_native.c"), "-o",
                            str(target)], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr[-3000:]
    environment = {**os.environ, "LD_PRELOAD": runtime, "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
                   "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}
    environment.pop("MJSCORE_CORE", None)
    first = f"import mjscore; mjscore.__path__.insert(0, {str(tmp_path)!r})\n"
    for script, arguments in ((_SAMPLE, [str(tmp_path), "150"]), (_HOSTILE, ["7", "4000"])):
        done = subprocess.run([sys.executable, "-c", first + script, *arguments], capture_output=True, text=True,
                              timeout=900, check=False, env=environment)
        assert done.returncode == 0, f"status {done.returncode}: {done.stderr[-4000:]}"
        assert "AddressSanitizer" not in done.stderr and "runtime error" not in done.stderr, done.stderr[-4000:]


def test_the_extension_compiles_without_warnings(tmp_path: Path) -> None:
    """-Wall -Wextra -Werror: the C source stays clean (on the compiler the build uses)."""
    compiler = c_compiler()
    if compiler is None or shutil.which(compiler) is None:
        if os.environ.get("CI"):
            pytest.fail("CI must check the C source with its compiler, and there is none: install gcc")
        pytest.skip("no C compiler")
    done = subprocess.run([compiler, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-std=c11",
                           f"-I{sysconfig.get_paths()['include']}", str(ROOT / "src" / "mjscore" / "_native.c")],
                          capture_output=True, text=True, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]


def test_an_install_without_a_compiler_is_pure_python_and_says_so(no_compiler_install: Install, tmp_path: Path) -> None:
    """``CC=/bin/false pip install -v .`` (the README's command): the build says in one line that it
    installs pure Python; the install scores a hand, and says which core it runs."""
    log = (no_compiler_install.copy.parent / "install.log").read_text(errors="replace")
    said = [line.strip() for line in log.splitlines() if line.strip().startswith("mjscore:")]
    assert len(said) == 1 and said[0].startswith("mjscore: no native core (") and "pure Python" in said[0], said
    installed = no_compiler_install.copy / ".venv" / "lib"
    assert not list(installed.rglob("mjscore/_native*.so")), "a native core was installed all the same"
    version = subprocess.run([str(no_compiler_install.scripts / "mjscore"), "--version"], capture_output=True, text=True,
                             check=True, cwd=tmp_path)
    assert "pure-Python core (no native core was built at install: no C compiler)" in version.stdout
    record = tmp_path / "hand.json"
    record.write_text('{"concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p", "win": "self_draw"}', encoding="utf-8")
    scored = subprocess.run([str(no_compiler_install.scripts / "mjscore"), "score", str(record), "--format", "json"],
                            capture_output=True, text=True, check=True, cwd=tmp_path)
    here = subprocess.run([sys.executable, "-m", "mjscore", "score", str(record), "--format", "json"], capture_output=True,
                          text=True, check=True, cwd=tmp_path)
    assert scored.stdout == here.stdout  # the same answer as this environment's core


@needs_native
def test_python_m_build_makes_a_wheel_with_the_native_core(tmp_path: Path) -> None:
    """``python -m build --wheel`` in a fresh copy (as a club ships mjscore to machines without a
    compiler): one wheel for this platform, holding the compiled core."""
    from quick_start import _fresh_copy

    copy = _fresh_copy(tmp_path)
    done = subprocess.run([sys.executable, "-m", "build", "--wheel"], cwd=copy, capture_output=True, text=True,
                          timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "mjscore: built the native core (mjscore._native)" in done.stdout + done.stderr
    wheels = list((copy / "dist").glob("mjscore-*.whl"))
    assert len(wheels) == 1 and sysconfig.get_platform().replace("-", "_").replace(".", "_") in wheels[0].name
    import zipfile

    with zipfile.ZipFile(wheels[0]) as wheel:
        assert any(name.startswith("mjscore/_native.") and name.endswith(".so") for name in wheel.namelist())


def _native_and_python_agree(rules: mjscore.Ruleset, hands: int, seed: int) -> int:
    """Score random hands of ``rules`` with the native evaluator and with the Python one (the native
    call left out), in this process; their score sheets as JSON must be the same. The number scored."""
    from mjscore.scoring import engine
    from mjscore.scoring.sheet import score_json

    rng = random.Random(seed)
    scored = 0
    for _ in range(hands):
        hand = random_winning_hand(rng, hand_size=rules.hand_size, ruleset=rules.id, one_suit_chance=0.4)
        try:
            native = score_json(mjscore.score(hand, rules), "zh-Hant")
        except mjscore.MjscoreError as error:
            native = {"refused": str(error)}
        natively = engine._natively
        engine._natively = lambda *arguments: None  # type: ignore[assignment]
        try:
            python = score_json(mjscore.score(hand, rules), "zh-Hant")
        except mjscore.MjscoreError as error:
            python = {"refused": str(error)}
        finally:
            engine._natively = natively
        assert native == python, hand.to_dict()
        scored += 1
    return scored


@needs_native
def test_a_house_ruled_table_runs_its_program_on_the_machine_as_in_python() -> None:
    """A table whose rows differ from every shipped one (a row switched off, another's points changed)
    has a program of its own, not compiled into the core: the machine of _native.c runs it, with the
    Python evaluator's answers."""
    from mjscore.scoring.compiled import evaluator
    from mjscore.scoring.native_program import program_for, why_not_native

    rules = mjscore.apply_house_rules(mjscore.get_ruleset("lrc"), {"awards": {"no_flowers": False, "all_pong_hand": 40}})
    rows = evaluator(rules).ordinary.rules
    program = program_for(rules, rows)
    assert program is not None and why_not_native(rules, rows) is None
    assert program.compiled == -1  # not one of the compiled programs: the machine runs it
    assert _native_and_python_agree(rules, 600, 11) == 600


@needs_native
def test_threads_scoring_a_new_table_at_once_make_its_program_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight threads (dask's workers, a server's requests) score under a house-ruled table nobody has
    scored yet: its program is made once, and every thread's score is the one thread's (CI met Python
    3.11's ast.parse failing in two threads at once: "AST constructor recursion depth mismatch")."""
    import threading
    import time

    from mjscore.scoring import native_program

    rules = mjscore.apply_house_rules(mjscore.get_ruleset("mcr"), {"awards": {"all_simples": 3}})
    hand = random_winning_hand(random.Random(5), hand_size=13, ruleset="mcr")
    made: list[int] = []
    real = native_program.compile_program

    def slow(*args: object) -> native_program.Program:
        made.append(1)
        time.sleep(0.05)  # a slow first make: the others arrive meanwhile
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(native_program, "compile_program", slow)
    start = threading.Barrier(8)
    totals: list[int] = []

    def score() -> None:
        start.wait()
        totals.append(mjscore.score(hand, rules).total)

    threads = [threading.Thread(target=score) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert made == [1]
    assert totals == [mjscore.score(hand, rules).total] * 8


@needs_native
@pytest.mark.parametrize("ruleset", ["lrc", "mcr", "taiwan"])
def test_the_machine_and_the_compiled_program_and_python_agree(ruleset: str) -> None:
    """A shipped ruleset's program runs compiled to C; made to run on the machine instead (its number
    among the compiled ones taken away), it answers the same, and so does the Python evaluator."""
    from mjscore.scoring import engine
    from mjscore.scoring.compiled import evaluator
    from mjscore.scoring.native_program import program_for

    rules = mjscore.get_ruleset(ruleset)
    program = program_for(rules, evaluator(rules).ordinary.rules)
    assert program is not None and program.compiled >= 0
    assert _native_and_python_agree(rules, 400, 12) == 400
    prepared = engine._prepared(rules)
    kept, number = prepared.native, program.compiled
    try:
        program.compiled = -1
        prepared.native = None  # packed again, without the compiled program
        assert _native_and_python_agree(rules, 400, 12) == 400
    finally:
        program.compiled = number
        prepared.native = kept


def test_the_compiled_programs_are_what_the_rows_make() -> None:
    """src/mjscore/_native_programs.h is what tools/generate_evaluators.py makes from the shipped rulesets
    and presets today (a table changed without regenerating it runs on the machine, the same answers)."""
    from mjscore.scoring.native_program import shipped_programs_header

    found = (ROOT / "src" / "mjscore" / "_native_programs.h").read_text(encoding="utf-8")
    assert found == shipped_programs_header(), \
        "src/mjscore/_native_programs.h is stale: run .venv/bin/python tools/generate_evaluators.py, then pip install -e ."


def test_mjscore_rulesets_says_which_core_scores_the_table() -> None:
    shown = subprocess.run([sys.executable, "-m", "mjscore", "rulesets", "mcr"], capture_output=True, text=True, check=True)
    expected = "Scored by the native core (C)." if NATIVE is not None else "Scored in Python: no native core"
    assert expected in shown.stdout
    pure = subprocess.run([sys.executable, "-m", "mjscore", "rulesets", "lrc", "--lang", "zh-Hant"], capture_output=True,
                          text=True, check=True, env={**os.environ, "MJSCORE_CORE": "python"})
    assert "以 Python 計分：no native core was built at install (no C compiler)。" in pure.stdout


@needs_native
def test_a_row_the_program_cannot_express_runs_the_table_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table with a row the native program cannot express (here a pattern whose fast form is taken
    away, as a club's new pattern would have none) has no program: it is scored by its Python
    evaluator, never refused, and the reason is the one ``mjscore rulesets`` prints."""
    from mjscore.interfaces.cli.scoring import _why_in_python
    from mjscore.scoring import fast_forms

    monkeypatch.delitem(fast_forms.FAST_FORMS, "no_honours")
    rules = mjscore.apply_house_rules(mjscore.get_ruleset("lrc"), {"awards": {"no_flowers": 3}})  # a table of its own
    assert _why_in_python(rules) == "the row no_honours has no fast form (pattern 'no_honours')"
    hand = Hand.from_dict({"concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p", "win": "self_draw"})
    from mjscore.scoring.engine import reference_score

    scored = mjscore.score(hand, rules)
    assert scored == reference_score(hand, rules) and scored.award("no_flowers_or_honours") is not None


@needs_native
def test_the_native_chow_pairs_are_the_patterns_on_every_key() -> None:
    """MCR's one-fan chow pairs worked out natively are patterns_mcr.chow_pair_fans' on every sorted
    key of two to four chows (12,628 keys)."""
    from itertools import combinations_with_replacement

    from mjscore.scoring.patterns_mcr import CHOW_PAIRS, chow_pair_fans

    assert NATIVE is not None
    starts = [i for i in range(27) if i % 9 <= 6]
    keys = [key for size in (2, 3, 4) for key in combinations_with_replacement(starts, size)]
    assert len(keys) == 12628
    different = [key for key in keys
                 if NATIVE.chow_pair_fans(key) != tuple(chow_pair_fans(key).get(kind, 0) for kind in CHOW_PAIRS)]
    assert not different, different[:5]


@needs_native
def test_the_native_helpers_count_as_the_fast_forms_do() -> None:
    """Each fast form's helper the native core computes itself (native_program.NATIVE_HELPERS) gives its
    Python function's count on random lists of first tiles and parameters (those it leaves to Python,
    answered None, are skipped: Python answers them)."""
    from mjscore.scoring.native_program import NATIVE_HELPERS
    from mjscore.scoring.summary import NAMES

    assert NATIVE is not None
    rng = random.Random(39)
    chow_firsts = [i for i in range(27) if i % 9 <= 6]
    answered = 0
    for name, number in NATIVE_HELPERS.items():
        for _ in range(4000):
            kinds = chow_firsts if name in ("SHIFTED", "SISTER_CHOWS", "TERMINAL_CHOW_SETS") else list(range(34))
            items = tuple(rng.choice(kinds) for _ in range(rng.randrange(0, 7)))
            arguments = {"SHIFTED": 1, "MIXED_SHIFTED": 0, "SAME_RANK_PUNG_PAIRS": 0}.get(name, 2)
            ints = tuple(rng.choice((0, 1, 2, 3, 4, rng.randrange(-3, 12))) for _ in range(arguments))
            found = NATIVE.helper(number, items, ints)
            if found is not None:
                answered += 1
                assert found == NAMES[name](list(items), *ints), (name, items, ints)
    assert answered > 20000
