"""The shipped rulesets kept between processes (``mjscore.rulesets.keep``, issue 13: start-up): a
kept ruleset is the one its file loads to, and it is used only while the file and the code are the
ones it was made from; a damaged or unwritable cache is a miss, never an error."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mjscore
from mjscore.rulesets import available, keep
from mjscore.scoring import compiled
from mjscore.scoring.loading import load_ruleset
from mjscore.scoring.ruleset import Ruleset

SHIPPED = Path(keep.__file__).parent


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of this test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(keep, "folder", lambda: folder)
    return folder


def _not_loaded(path: Path) -> Ruleset:
    raise AssertionError(f"{path} was loaded, not taken from the cache")


def _same(found: Ruleset, loaded: Ruleset) -> None:
    """Equal, and every row bound to the same pattern function with the same arguments (which a
    Ruleset's equality leaves out)."""
    assert found == loaded
    assert [(a.function, a.arguments) for a in found.awards] == [(a.function, a.arguments) for a in loaded.awards]
    assert [(p.function, p.arguments) for p in found.table_payments] == [
        (p.function, p.arguments) for p in loaded.table_payments]


@pytest.mark.parametrize("ruleset_id", available())
def test_a_kept_ruleset_is_the_one_its_file_loads_to(ruleset_id: str, kept: Path) -> None:
    path = SHIPPED / f"{ruleset_id}.toml"
    first = keep.cached(ruleset_id, path, load_ruleset)
    assert keep.entry_path(ruleset_id).is_file()
    again = keep.cached(ruleset_id, path, _not_loaded)
    assert again is not first
    _same(again, load_ruleset(path))


def test_a_changed_file_is_loaded_afresh(kept: Path, tmp_path: Path) -> None:
    path = tmp_path / "lrc.toml"
    text = (SHIPPED / "lrc.toml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    assert keep.cached("lrc", path, load_ruleset).base == 5  # LRC's Base Point (seed 000)
    path.write_text(text.replace("base = 5\n", "base = 6\n", 1), encoding="utf-8")
    assert keep.cached("lrc", path, load_ruleset).base == 6
    assert keep.cached("lrc", path, _not_loaded).base == 6


def test_a_changed_module_changes_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key holds each module's size and time: an edited or reinstalled module is a new key."""
    code = tmp_path / "code"
    code.mkdir()
    module = code / "patterns.py"
    module.write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(keep, "_CODE", (code,))
    before = keep.key(b"same file")
    assert keep.key(b"same file") == before
    assert keep.key(b"another file") != before
    os.utime(module, ns=(module.stat().st_atime_ns, module.stat().st_mtime_ns + 1_000_000))
    assert keep.key(b"same file") != before


def test_a_damaged_entry_is_a_miss_and_is_replaced(kept: Path) -> None:
    path = SHIPPED / "lrc.toml"
    entry = keep.entry_path("lrc")
    entry.parent.mkdir(parents=True)
    entry.write_bytes(b"{not json")
    _same(keep.cached("lrc", path, load_ruleset), load_ruleset(path))
    _same(keep.cached("lrc", path, _not_loaded), load_ruleset(path))


def test_an_unwritable_cache_only_costs_the_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setattr(keep, "folder", lambda: blocked / "rulesets")
    path = SHIPPED / "mcr.toml"
    _same(keep.cached("mcr", path, load_ruleset), load_ruleset(path))
    assert [p.name for p in tmp_path.iterdir()] == [blocked.name]


def test_the_second_score_reads_no_toml(tmp_path: Path) -> None:
    """``mjscore score`` twice with an empty cache: the same sheet, and the second process takes the
    ruleset from the cache (it never imports tomllib, so no file was read or validated)."""
    listing = tmp_path / "modules.txt"
    run = ("import sys\nlisting, sys.argv = sys.argv[1], ['mjscore', *sys.argv[2:]]\ntry:\n"
           "    from mjscore.interfaces.cli import main\n    main()\nfinally:\n"
           "    open(listing, 'w', encoding='utf-8').write('\\n'.join(sorted(sys.modules)))\n")
    arguments = ["score", "123m 456m 789p 234s 777s 9p", "--win-tile", "9p", "--win", "self_draw"]
    environment = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    sheets = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", run, str(listing), *arguments], capture_output=True, text=True,
                              check=False, env=environment)
        assert done.returncode == 0, done.stderr[-2000:]
        sheets.append(done.stdout)
    assert sheets[0] == sheets[1] and "Total" in sheets[0]
    assert "tomllib" not in listing.read_text(encoding="utf-8").split()
    assert list((tmp_path / "cache" / "mjscore" / "rulesets").glob("lrc-*.json"))


def test_an_entry_left_for_a_month_is_deleted_when_another_is_written(kept: Path) -> None:
    """The entry of an install since removed does not stay for ever; a recent one stays."""
    kept.mkdir(parents=True)
    month_old, recent = kept / "lrc-0000000000000000.json", kept / "mcr-0000000000000000.json"
    for old in (month_old, recent):
        old.write_bytes(b"")
    days = (keep.STALE_DAYS + 1) * 86400
    os.utime(month_old, (time.time() - days, time.time() - days))
    keep.cached("fourwinds", SHIPPED / "fourwinds.toml", load_ruleset)
    assert sorted(p.name for p in kept.iterdir()) == sorted([recent.name, keep.entry_path("fourwinds").name])


@pytest.mark.parametrize("ruleset_id", available())
def test_a_kept_ruleset_brings_its_compiled_evaluators(ruleset_id: str, kept: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry keeps the ruleset's prebuilt evaluators with it: read back, they are the evaluators
    of the ruleset read, and no source is generated for them (the first score's digest lookup)."""
    path = SHIPPED / f"{ruleset_id}.toml"
    first = compiled.evaluator(keep.cached(ruleset_id, path, load_ruleset))
    assert first.ordinary.prebuilt and first.flower_win.prebuilt  # else the entry keeps none
    monkeypatch.setattr(compiled, "evaluator_source", _no_source)
    again = keep.cached(ruleset_id, path, _not_loaded)
    found = compiled.evaluator(again)
    assert (found.ordinary.function, found.flower_win.function) == (first.ordinary.function, first.flower_win.function)
    assert found.ordinary.rules == tuple(rule for rule in again.evaluated)
    assert all(a is b for a, b in zip(found.ordinary.rules, again.evaluated, strict=True))
    assert found.flower_win.rules == tuple(rule for rule in again.evaluated if rule.on_flower_win)


def test_kept_evaluators_of_other_rows_are_not_taken(kept: Path) -> None:
    """An evaluator is taken only for the very rows it was made from: one of LRC offered for MCR
    is ignored, and MCR's own is made."""
    lrc = keep.cached("lrc", SHIPPED / "lrc.toml", load_ruleset)
    mcr = load_ruleset(SHIPPED / "mcr.toml")
    compiled.adopt(mcr, compiled.evaluator(lrc))
    assert compiled.evaluator(mcr).ordinary.rules == tuple(mcr.evaluated)


def _no_source(*_: object) -> str:
    raise AssertionError("the evaluator's source was generated, not kept")


class _RunsCode:
    """A pickle that, when loaded, writes a file: what a crafted cache entry could do (issue 28)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (Path.write_text, (str(self.marker), "ran"))  # type: ignore[return-value]


def test_a_crafted_entry_runs_no_code(kept: Path, tmp_path: Path) -> None:
    """A pickle put where the entry is (or where an earlier version kept it) is never loaded: the
    entry is JSON data, and the ruleset is loaded from its file."""
    marker = tmp_path / "ran"
    kept.mkdir(parents=True)
    entry = keep.entry_path("lrc")
    crafted = pickle.dumps(_RunsCode(marker))
    entry.write_bytes(crafted)
    entry.with_suffix(".pickle").write_bytes(crafted)
    path = SHIPPED / "lrc.toml"
    _same(keep.cached("lrc", path, load_ruleset), load_ruleset(path))
    assert not marker.exists()
    assert json.loads(entry.read_bytes())["ruleset"]["id"] == "lrc"
    assert not entry.with_suffix(".pickle").exists()  # an old pickle is removed, never read


def test_an_entry_naming_an_unknown_pattern_or_evaluator_is_a_miss(kept: Path) -> None:
    """Kept data binds only patterns of the library and prebuilt evaluators found by digest:
    anything else is loaded afresh from the file."""
    path = SHIPPED / "lrc.toml"
    keep.cached("lrc", path, load_ruleset)
    entry = keep.entry_path("lrc")
    data = json.loads(entry.read_bytes())
    data["ruleset"]["awards"][0]["pattern"] = "__import__"
    entry.write_text(json.dumps(data), encoding="utf-8")
    _same(keep.cached("lrc", path, load_ruleset), load_ruleset(path))
    data = json.loads(entry.read_bytes())
    data["evaluators"]["ordinary"][1] += "\nimport os"
    entry.write_text(json.dumps(data), encoding="utf-8")
    rules = keep.cached("lrc", path, _not_loaded)
    assert compiled.evaluator(rules).ordinary.source != data["evaluators"]["ordinary"][1]


# ----- a cold start under concurrent requests (issue 28)


def test_concurrent_first_loads_load_each_ruleset_once(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight threads asking for every shipped ruleset on a fresh cache: each ruleset is loaded (and
    validated) once, and every thread gets that one ruleset."""
    import importlib
    import threading

    catalogue = importlib.import_module("mjscore.rulesets")  # mjscore.rulesets is also available()
    monkeypatch.setattr(catalogue, "_LOADED", {}, raising=False)
    if hasattr(catalogue.get_ruleset, "cache_clear"):  # an earlier version's functools.cache
        catalogue.get_ruleset.cache_clear()
    loads: list[str] = []
    real = catalogue._load

    def counted(path: Path) -> Ruleset:
        loads.append(path.stem)
        time.sleep(0.05)  # a slow first load: the others arrive meanwhile
        return real(path)

    monkeypatch.setattr(catalogue, "_load", counted)
    start = threading.Barrier(8)
    got: list[list[Ruleset]] = []
    errors: list[BaseException] = []

    def request() -> None:
        start.wait()
        try:
            got.append([catalogue.get_ruleset(ruleset_id) for ruleset_id in available()])
        except BaseException as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)

    threads = [threading.Thread(target=request) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(loads) == sorted(available())
    assert all(all(a is b for a, b in zip(each, got[0], strict=True)) for each in got)


def test_loading_a_ruleset_file_reads_no_source_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset file's params are checked against the patterns' annotations without opening the
    patterns' source (a build compiled by mypyc keeps no annotations on its functions; parsing the
    source at run time raced): with the functions' annotations gone, as compiled, a wrong type is
    still refused, and no .py file of mjscore is opened."""
    from mjscore.rulesets import load_ruleset_file
    from mjscore.scoring import loading
    from mjscore.scoring.patterns import PATTERNS

    for name in ("_parameters", "_written_annotations"):
        cached = getattr(loading, name, None)
        if cached is not None:
            cached.cache_clear()
    for function in {id(f): f for f in PATTERNS.values()}.values():
        monkeypatch.setattr(function, "__annotations__", {})
    package = str(Path(loading.__file__).parents[1])
    opened: list[str] = []
    watching = [True]

    def hook(event: str, arguments: tuple[object, ...]) -> None:
        if watching[0] and event == "open" and str(arguments[0]).startswith(package) and \
                str(arguments[0]).endswith(".py"):
            opened.append(str(arguments[0]))

    sys.addaudithook(hook)
    club = tmp_path / "club.toml"
    club.write_text('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "good_eyes"\nparams = { ranks = ["2"] }\n',
                    encoding="utf-8")
    try:
        with pytest.raises(mjscore.RulesetError, match=r"params\.ranks\[1\] must be a whole number"):
            load_ruleset_file(club)
    finally:
        watching[0] = False
        loading._parameters.cache_clear()
    assert opened == []


def test_the_pattern_annotations_are_the_sources() -> None:
    """src/mjscore/scoring/pattern_types.py is what the pattern modules' source says."""
    import importlib.util

    tool = Path(__file__).resolve().parents[1] / "tools" / "generate_pattern_types.py"
    spec = importlib.util.spec_from_file_location("generate_pattern_types", tool)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from mjscore.scoring.pattern_types import ANNOTATIONS

    assert module.written_annotations() == ANNOTATIONS, "stale: run .venv/bin/python tools/generate_pattern_types.py"
