"""The compiled evaluator against the reference path: identical scores on every golden case, on
20,000 random hands of each ruleset, on MCR hands of every shape, with and without fast forms.

``mjscore.score`` finds the winning arrangement with the ruleset's compiled evaluator
(``mjscore.scoring.compiled``); ``reference_score`` calls every pattern on every arrangement. A
:class:`~mjscore.scoring.engine.Score` compares awards (ids, counts, details), total, arrangement,
waits and payments, so equal scores mean the same sheet. The long run is
``tools/compiled_differential.py``.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import tomllib
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mjscore
from mjscore.arrangements import arrangements
from mjscore.errors import MjscoreError
from mjscore.rulesets import available
from mjscore.sampling import random_winning_hand
from mjscore.scoring import compiled, fast_forms
from mjscore.scoring.engine import reference_score, score
from mjscore.scoring.patterns import PATTERNS, Hit, pattern

ROOT = Path(__file__).resolve().parents[1]
HANDS = 20_000


def _load_tool() -> ModuleType:
    path = ROOT / "tools" / "compiled_differential.py"
    spec = importlib.util.spec_from_file_location("compiled_differential", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


def _golden() -> list[Any]:
    found = []
    for path in sorted((ROOT / "tests" / "golden").glob("*.toml")):
        with path.open("rb") as handle:
            for number, case in enumerate(tomllib.load(handle)["case"], 1):
                found.append(pytest.param({"ruleset": path.stem, **case["hand"]}, id=f"{path.stem}-{number}"))
    return found


@pytest.mark.parametrize("record", _golden())
def test_golden_cases_score_the_same(record: dict[str, Any]) -> None:
    hand = mjscore.Hand.from_dict(record)
    rules = mjscore.get_ruleset(hand.ruleset)
    assert score(hand, rules) == reference_score(hand, rules)


@pytest.mark.parametrize("ruleset", tool.RULESETS)
def test_random_hands_score_the_same(ruleset: str) -> None:
    compared, problems = tool.differences(tool.random_hands(ruleset, 2026, HANDS), ruleset)
    assert compared == HANDS
    assert not problems, "\n".join(problems[:5])


def test_mcr_hands_of_every_shape_score_the_same() -> None:
    hands = list(tool.mcr_shape_hands(2026, 5000))
    assert hands, "pymahjonggb (the MCR generator's oracle, in the test extra) is not installed"
    shapes = set()
    for hand in hands:
        shapes.update(a.shape for a in arrangements(hand, mjscore.get_ruleset("mcr").shapes))
    assert len(shapes) >= 6, shapes  # the generator reaches the irregular shapes
    compared, problems = tool.differences(iter(hands), "mcr")
    assert not problems, "\n".join(problems[:5])


def test_score_waits_agrees_with_the_reference() -> None:
    rules = mjscore.get_ruleset("hefen")
    rng = random.Random(4)
    for _ in range(300):
        hand = replace(random_winning_hand(rng, one_suit_chance=0.5, ruleset="hefen"), win_tile=None)
        for tile, got in mjscore.score_waits(hand, rules):
            try:
                expected = reference_score(replace(hand, win_tile=tile), rules)
            except MjscoreError:
                assert got is None
                continue
            assert got == expected


def _hands(count: int) -> list[tuple[mjscore.Hand, mjscore.Ruleset]]:
    found = []
    for ruleset in tool.RULESETS:
        rules = mjscore.get_ruleset(ruleset)
        found += [(hand, rules) for hand in tool.random_hands(ruleset, 7, count)]
    return found


def test_without_fast_forms_every_pattern_is_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern with no fast form (as a newly added one) is called as it is: the same scores."""
    monkeypatch.setattr(fast_forms, "FAST_FORMS", {})
    monkeypatch.setattr(compiled, "FAST_FORMS", {})
    monkeypatch.setattr(compiled, "_CACHE", {})
    for hand, rules in _hands(300):
        assert score(hand, rules) == reference_score(hand, rules)
    assert "facts = Facts(" in compiled.evaluator(mjscore.get_ruleset("lrc")).ordinary.source


def test_exact_forms_used_as_guards_give_the_same_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exact form is also a valid guard (its count is non-zero exactly where the pattern hits)."""
    def as_guard(make: fast_forms.FastForm) -> fast_forms.FastForm:
        return lambda *args: fast_forms.guard(make(*args).expression)

    guards = {name: as_guard(make) for name, make in fast_forms.FAST_FORMS.items()}
    monkeypatch.setattr(compiled, "FAST_FORMS", guards)
    monkeypatch.setattr(compiled, "_CACHE", {})
    for hand, rules in _hands(300):
        assert score(hand, rules) == reference_score(hand, rules)


def test_a_new_pattern_without_a_fast_form_is_evaluated(monkeypatch: pytest.MonkeyPatch) -> None:
    """A house rule naming a pattern the compiled evaluator knows nothing of still scores."""
    monkeypatch.setitem(PATTERNS, "test_all_sevens_held", PATTERNS["never"])

    @pattern
    def test_all_sevens_held(f: Any) -> Hit | None:
        return Hit(1, "7s") if f.hand.counts[24] >= 2 else None

    base = mjscore.get_ruleset("lrc")
    rule = replace(base.awards[0], id="sevens", pattern="test_all_sevens_held", group=None, replaces=(),
                   function=test_all_sevens_held, arguments=())
    rules = replace(base, awards=(*base.awards, rule))
    hand = mjscore.Hand.from_dict({"concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p", "win": "self_draw"})
    result = score(hand, rules)
    assert result == reference_score(hand, rules)
    assert result.award("sevens") is not None and result.award("sevens").detail == "7s"


def test_the_generated_evaluators_module_is_what_the_tables_make() -> None:
    """src/mjscore/scoring/evaluators.py is generated: a changed table, fast form or summary needs
    ``tools/generate_evaluators.py`` run again (until then those rulesets run interpreted)."""
    expected = compiled.prebuilt_module([mjscore.get_ruleset(r) for r in available()])
    found = (ROOT / "src" / "mjscore" / "scoring" / "evaluators.py").read_text(encoding="utf-8")
    assert found == expected, "src/mjscore/scoring/evaluators.py is stale: run .venv/bin/python tools/generate_evaluators.py"


def test_the_built_in_rulesets_run_their_generated_evaluators() -> None:
    for ruleset in available():
        both = compiled.evaluator(mjscore.get_ruleset(ruleset))
        assert both.ordinary.prebuilt and both.flower_win.prebuilt, ruleset
        assert both.ordinary.function is compiled.PREBUILT[compiled.digest(both.ordinary.source)]


def test_a_changed_table_runs_its_own_source_interpreted() -> None:
    """A house rule that switches a row off makes other source: it is not the built-in ruleset's
    function that runs, and it scores as the reference path does."""
    base = mjscore.get_ruleset("mcr")
    rules = replace(base, awards=tuple(replace(a, enabled=a.id != "single_wait") for a in base.awards))
    assert len(rules.evaluated) == len(base.evaluated) - 1
    found = compiled.evaluator(rules).ordinary
    assert not found.prebuilt and found.digest not in compiled.PREBUILT
    for hand, _ in _hands(100):
        if hand.ruleset == "mcr":
            assert score(hand, rules) == reference_score(hand, rules)


def test_the_evaluator_is_compiled_once_per_ruleset() -> None:
    rules = mjscore.get_ruleset("lrc")
    assert compiled.evaluator(rules) is compiled.evaluator(rules)
    assert compiled.evaluator(mjscore.get_ruleset("mcr")) is not compiled.evaluator(rules)
