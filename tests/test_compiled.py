"""The compiled evaluator against the reference path: identical scores on every golden case, on
20,000 random hands of each ruleset, on MCR hands of every shape, with and without fast forms.

``mjscore.score`` finds the winning arrangement with the ruleset's compiled evaluator
(``mjscore.scoring.compiled``); ``reference_score`` calls every pattern on every arrangement. A
:class:`~mjscore.scoring.engine.Score` compares awards (ids, counts, details), total, arrangement,
waits and payments, so equal scores mean the same sheet; the random hands' sheets also list the
same replaced awards (from the rows the evaluator found fired, against the patterns asked again).
The long run is ``tools/compiled_differential.py``.
"""

from __future__ import annotations
import __future__

import importlib.util
import random
import sys
import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mjscore
from mjscore.arrangements import Arrangement, arrangements, waits
from mjscore.errors import MjscoreError
from mjscore.hand import WinKind
from mjscore.rulesets import available, preset
from mjscore.sampling import random_winning_hand
from mjscore.scoring import compiled, fast_forms
from mjscore.scoring.engine import reference_score, score
from mjscore.scoring.facts import Facts
from mjscore.scoring.patterns import PATTERNS, Hit, pattern
from mjscore.scoring.ruleset import AwardRule
from mjscore.scoring.summary import NAMES
from mjscore.scoring.totals import Totaller

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
                found.append(pytest.param({"ruleset": path.stem, **case["hand"]}, case.get("preset"),
                                          case.get("house_rules"), id=f"{path.stem}-{number}"))
    return found


@pytest.mark.parametrize(("record", "preset_name", "house_rules"), _golden())
def test_golden_cases_score_the_same(record: dict[str, Any], preset_name: str | None,
                                     house_rules: dict[str, Any] | None) -> None:
    """Each golden case, under the ruleset, the shipped preset or the house rules it names (tests/test_golden.py)."""
    hand = mjscore.Hand.from_dict(record)
    rules = mjscore.get_ruleset(hand.ruleset)
    if preset_name is not None:
        rules = mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(preset_name)))
    if house_rules is not None:
        rules = mjscore.apply_house_rules(rules, house_rules)
    assert score(hand, rules) == reference_score(hand, rules)


@pytest.mark.parametrize("ruleset", tool.RULESETS)
def test_random_hands_score_the_same(ruleset: str) -> None:
    compared, problems = tool.differences(tool.random_hands(ruleset, 2026, HANDS), ruleset)
    assert compared == HANDS
    assert not problems, "\n".join(problems[:5])


def test_random_taiwan_hands_score_the_same() -> None:
    """The Taiwan table too (every one of its rows is an exact form), though the long run's
    ``RULESETS`` do not name it."""
    compared, problems = tool.differences(tool.random_hands("taiwan", 2026, HANDS), "taiwan")
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


# ----- each exact fast form against its pattern, row by row, on every arrangement

def _row_evaluator(rule: AwardRule) -> Callable[..., Any]:
    """The generated evaluator of the one row (its shapes left out: the form is compared, not the
    row's shape condition), run interpreted over the summary's names (totalled as an instant
    flower win's rows are, without a consolation: the row's count is what is compared)."""
    rows = (replace(rule, shapes=()),)
    source = compiled.evaluator_source(rows, Totaller(mjscore.get_ruleset("lrc"), rows, flower_win=True))
    namespace = dict(NAMES)
    exec(compile(source, f"<row {rule.id}>", "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True),
         namespace)
    return namespace["evaluate"]  # type: ignore[no-any-return]


def _not_called(*_: Any) -> Hit | None:
    raise AssertionError("an exact fast form called its pattern")


def _counts(rule: AwardRule, evaluate: Callable[..., Any], hand: mjscore.Hand,
            shapes: tuple[str, ...]) -> list[tuple[int, int]]:
    """(the exact form's count, the pattern's count) on each arrangement of the hand; ``evaluate``
    is the row's :func:`_row_evaluator`."""
    wait_set = waits(hand, shapes)
    candidates: list[Arrangement | None] = list(arrangements(hand, shapes)) if hand.win is not WinKind.FLOWERS else [None]
    found = []
    for arrangement in candidates:
        _, fired, _ = evaluate(hand, [arrangement], wait_set, (_not_called,), (rule.arguments,), [rule.points, 0],
                               (rule,), ())
        hit = rule.function(Facts(hand, arrangement, wait_set), *rule.arguments)
        found.append((sum(count for _, count in fired), hit.count if hit is not None else 0))
    return found


def _exact_rows(rules: mjscore.Ruleset) -> list[AwardRule]:
    return [rule for rule in rules.evaluated if (form := compiled._form(rule)) is not None and form.exact]


@pytest.mark.parametrize("ruleset", available())
def test_every_exact_form_counts_as_its_pattern_on_every_arrangement(ruleset: str) -> None:
    """Not only the winning arrangement: every row's exact form gives its pattern's count on every
    arrangement of random hands (a third in one suit, with many arrangements; for MCR also hands of
    every shape)."""
    rules = mjscore.get_ruleset(ruleset)
    hands = list(tool.random_hands(ruleset, 13, 150))
    if ruleset == "mcr":
        hands += list(tool.mcr_shape_hands(13, 150))
    rows = _exact_rows(rules)
    assert len(rows) == len(rules.evaluated) or ruleset != "taiwan"  # every Taiwan row has an exact form now
    for rule in rows:
        evaluate = _row_evaluator(rule)
        for hand in hands:
            for form, reference in _counts(rule, evaluate, hand, rules.played_shapes):
                assert form == reference, (rule.id, hand.to_dict())


def test_riichi_hands_of_every_shape_and_preset_score_the_same() -> None:
    """The riichi scoring oracle's hands (tools/riichi_oracle.py: closed and open, seven pairs, thirteen
    orphans, every context, dora, ura dora, red fives), under each preset: the compiled evaluator with
    riichi's fast forms and the reference agree on the score, and each exact form counts as its
    pattern on every arrangement."""
    from tool_modules import load_tool

    oracle = load_tool("riichi_oracle")
    shapes: set[str] = set()
    for name in oracle.PRESETS:
        rules = oracle.ruleset(name)
        hands = list(oracle.hands(77, 600, name))
        for hand in hands:
            assert score(hand, rules) == reference_score(hand, rules), (name, hand.to_dict())
            shapes.update(a.shape for a in arrangements(hand, rules.played_shapes))
        for rule in _exact_rows(rules):
            evaluate = _row_evaluator(rule)
            for hand in hands[:200]:
                for form, reference in _counts(rule, evaluate, hand, rules.played_shapes):
                    assert form == reference, (name, rule.id, hand.to_dict())
    assert shapes == {"regular", "distinct_seven_pairs", "thirteen_orphans"}


#: Hands at the edges of the newer exact forms: (ruleset, hand record, row, the row's count on the
#: best arrangement for it). The counts are worked out from the pattern's rule (its docstring and
#: the table's row), not read from the engine.
EDGE_CASES = [
    # Tile Hog: 1m four times over a pung and a chow counts; the kong of 5p does not.
    ("mcr", {"concealed": "111m 123m 789s 9p", "melds": [{"kind": "kong", "tiles": "5555p"}],
             "win_tile": "9p", "win": "self_draw"}, "tile_hog", 1),
    ("mcr", {"concealed": "123p 456p 789s 9p", "melds": [{"kind": "kong", "tiles": "1111m"}],
             "win_tile": "9p", "win": "self_draw"}, "tile_hog", 0),
    # Two kinds held four times, neither as a kong: two Tile Hogs.
    ("mcr", {"concealed": "111m 123m 222p 234p 9s", "win_tile": "9s", "win": "self_draw"}, "tile_hog", 2),
    # Knitted Straight with a declared pung beside it, and in Lesser Honors and Knitted Tiles with all
    # nine knitted tiles; with eight of them there is none.
    ("mcr", {"concealed": "147m 258p 369s 5m", "melds": [{"kind": "pung", "tiles": "EEE"}],
             "win_tile": "5m", "win": "discard"}, "knitted_straight", 1),
    ("mcr", {"concealed": "147m 258p 369s ESWN", "win_tile": "P", "win": "self_draw"}, "knitted_straight", 1),
    ("mcr", {"concealed": "147m 258p 36s ESWNF", "win_tile": "P", "win": "self_draw"}, "knitted_straight", 0),
    # Pung of Terminals or Honors: 9m and the North pung (neither seat nor prevalent wind, East round,
    # South seat); the South pung scores as the seat wind instead.
    ("mcr", {"concealed": "999m NNN SSS 234p 5s", "win_tile": "5s", "win": "self_draw", "seat": "S"},
     "pung_of_terminals_or_honors", 2),
    # Three wind pungs: the winds count no more (Big Three Winds holds them), the 1p pung still does.
    ("mcr", {"concealed": "SSS WWW NNN 111p 5s", "win_tile": "5s", "win": "self_draw"},
     "pung_of_terminals_or_honors", 1),
    # Nine Gates: held 1112345678999m; with a declared set there is none.
    ("mcr", {"concealed": "1112345678999m", "win_tile": "5m", "win": "self_draw"}, "nine_gates", 1),
    ("mcr", {"concealed": "1112345678999p", "win_tile": "9p", "win": "discard"}, "nine_gates", 1),
    ("mcr", {"concealed": "1112345699m", "melds": [{"kind": "chow", "tiles": "789m"}], "win_tile": "9m",
             "win": "discard"}, "nine_gates", 0),
    # Melded Hand: four declared sets, won on a discard on the pair; a concealed kong spoils it.
    ("mcr", {"concealed": "5p", "melds": [{"kind": "chow", "tiles": "123m"}, {"kind": "pung", "tiles": "777s"},
             {"kind": "chow", "tiles": "345p"}, {"kind": "pung", "tiles": "EEE"}], "win_tile": "5p",
             "win": "discard"}, "melded_hand", 1),
    ("mcr", {"concealed": "5p", "melds": [{"kind": "chow", "tiles": "123m"}, {"kind": "pung", "tiles": "777s"},
             {"kind": "chow", "tiles": "345p"}, {"kind": "kong", "tiles": "EEEE", "concealed": True}],
             "win_tile": "5p", "win": "discard"}, "melded_hand", 0),
    # Pure Triple Chow and Quadruple Chow: 234s three times; four times is a Quadruple Chow, which
    # holds a Pure Triple Chow too (the pattern asks for three or more).
    ("mcr", {"concealed": "234s 234s 234s 567m 9p", "win_tile": "9p", "win": "self_draw"}, "pure_triple_chow", 1),
    ("mcr", {"concealed": "234s 234s 234s 234s 9p", "win_tile": "9p", "win": "self_draw"}, "quadruple_chow", 1),
    # Mixed Triple Chow across the three suits; two suits only make none.
    ("mcr", {"concealed": "345m 345p 345s 789m 1p", "win_tile": "1p", "win": "self_draw"}, "mixed_triple_chow", 1),
    ("mcr", {"concealed": "345m 345p 345p 789m 1p", "win_tile": "1p", "win": "self_draw"}, "mixed_triple_chow", 0),
    # Pure Shifted Pungs 777m 888m 999m; 888m 999m 111p run across the suits' edge and make none.
    ("mcr", {"concealed": "777m 888m 999m 234p 5s", "win_tile": "5s", "win": "self_draw"}, "pure_shifted_pungs", 1),
    ("mcr", {"concealed": "888m 999m 111p 234p 5s", "win_tile": "5s", "win": "self_draw"}, "pure_shifted_pungs", 0),
    # Triple Pung and Double Pung.
    ("mcr", {"concealed": "444m 444p 444s 678s 9m", "win_tile": "9m", "win": "self_draw"}, "triple_pung", 1),
    ("mcr", {"concealed": "444m 444p 666s 678s 9m", "win_tile": "9m", "win": "self_draw"}, "double_pung", 1),
    # Pure and Three-Suited Terminal Chows around the pair of fives.
    ("mcr", {"concealed": "123m 123m 789m 789m 5m", "win_tile": "5m", "win": "self_draw"}, "pure_terminal_chows", 1),
    ("mcr", {"concealed": "123m 789m 123p 789p 5s", "win_tile": "5s", "win": "self_draw"},
     "three_suited_terminal_chows", 1),
    ("mcr", {"concealed": "123m 789m 123p 789s 5s", "win_tile": "5s", "win": "self_draw"},
     "three_suited_terminal_chows", 0),
    # Mixed Shifted Chows in three suits, and Pure / Mixed Straight.
    ("mcr", {"concealed": "234m 345p 456s 777m 9p", "win_tile": "9p", "win": "self_draw"}, "mixed_shifted_chows", 1),
    ("mcr", {"concealed": "123p 456p 789p 777m 9s", "win_tile": "9s", "win": "self_draw"}, "pure_straight", 1),
    ("mcr", {"concealed": "123p 456s 789m 777m 9s", "win_tile": "9s", "win": "self_draw"}, "mixed_straight", 1),
    # Outside Hand: every group, the pair too, holds a terminal or an honour.
    ("mcr", {"concealed": "123m 789p 999s EEE 1p", "win_tile": "1p", "win": "self_draw"}, "outside_hand", 1),
    ("mcr", {"concealed": "123m 789p 999s EEE 2p", "win_tile": "2p", "win": "self_draw"}, "outside_hand", 0),
    # LRC Sister Sheungs, rank by rank: 234 in three suits and a fourth 234m is one group of three;
    # 234m 234m 234p 234p is two groups of two (ruling 16).
    ("lrc", {"concealed": "234m 234p 234s 234m 567p 9s", "win_tile": "9s", "win": "self_draw"},
     "three_sister_sheungs", 1),
    ("lrc", {"concealed": "234m 234p 234s 234m 567p 9s", "win_tile": "9s", "win": "self_draw"},
     "two_sister_sheungs", 0),
    ("lrc", {"concealed": "234m 234m 234p 234p 567s 9s", "win_tile": "9s", "win": "self_draw"},
     "two_sister_sheungs", 2),
    # Hé Fēn counts a rank held in all three suits as one group with its repeats (4 Sister Sheungs).
    ("hefen", {"concealed": "234m 234m 234p 234s 567p 9s", "win_tile": "9s", "win": "self_draw"},
     "four_sister_sheungs", 1),
    ("hefen", {"concealed": "234m 234m 234p 234s 567p 9s", "win_tile": "9s", "win": "self_draw"},
     "three_sister_sheungs", 0),
    # Four of a kind spread: 2m over a pung and a chow (two ways); 2m and 3m over four chows (one
    # award: LRC scores the first).
    ("lrc", {"concealed": "222m 234m 567p 789s EEE 9p", "win_tile": "9p", "win": "self_draw"}, "four_in_two_ways", 1),
    ("lrc", {"concealed": "123m 234m 234m 234m 567p 9p", "win_tile": "9p", "win": "self_draw"}, "four_in_four_ways", 1),
    # Neighbour Pongs stop at a suit's end; Hé Fēn counts each separate run of exactly two.
    ("lrc", {"concealed": "888m 999m 111p 234s 567s 9p", "win_tile": "9p", "win": "self_draw"},
     "two_neighbour_pongs", 1),
    ("lrc", {"concealed": "888m 999m 111p 234s 567s 9p", "win_tile": "9p", "win": "self_draw"},
     "three_neighbour_pongs", 0),
    ("hefen", {"concealed": "111m 222m 444m 555m 789s 9p", "win_tile": "9p", "win": "self_draw"},
     "two_sequential_pongs", 2),
    # Sister Pongs; Hé Fēn's independent count: the rank in two suits and the rank in three each score.
    ("hefen", {"concealed": "555m 555p 777m 777p 777s 9p", "win_tile": "9p", "win": "self_draw"},
     "two_sister_pongs", 1),
    ("hefen", {"concealed": "555m 555p 777m 777p 777s 9p", "win_tile": "9p", "win": "self_draw"},
     "three_sister_pongs", 1),
    # Terminal sets: 123m 789m twice over is two pure sheung sets; 111p 999p a terminal pong set.
    ("lrc", {"concealed": "123m 789m 123m 789m 555s 9p", "win_tile": "9p", "win": "self_draw"},
     "two_terminal_pure_sheung_sets", 1),
    ("lrc", {"concealed": "111p 999p 234m 567m EEE 9s", "win_tile": "9s", "win": "self_draw"},
     "one_terminal_pong_set", 1),
    # Concealed dragon sequence: not with one of its chows declared.
    ("lrc", {"concealed": "456p 789s 234m 555s 9p", "melds": [{"kind": "chow", "tiles": "123m"}],
             "win_tile": "9p", "win": "self_draw"}, "mixed_dragon_exposed", 1),
    ("lrc", {"concealed": "456p 789s 234m 555s 9p", "melds": [{"kind": "chow", "tiles": "123m"}],
             "win_tile": "9p", "win": "self_draw"}, "mixed_dragon_concealed", 0),
    # All Step Up with the pair continuing the run (chows from 1 to 5, eyes of 6), in one suit.
    ("hefen", {"concealed": "123m 234m 345m 456m 567m 6m", "win_tile": "6m", "win": "self_draw"},
     "all_step_up_same_suit", 1),
    # Nico Nico with four of a kind as two pairs: one gong.
    ("lrc", {"concealed": "11m 11m 33p 55p 77s 99s EE CC", "win_tile": "C", "win": "self_draw"},
     "nico_nico_one_gong", 1),
    # Taiwan's Flower set (flower_set, pure): all eight flowers are both sets, counted twice; 1f-4f is
    # one; 1f 2f 7f 8f covers 1-4 only mixed, which this row does not count.
    ("taiwan", {"seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "flowers": "1f 2f 3f 4f 5f 6f 7f 8f",
                "win_tile": "8s", "win": "self_draw"}, "flower_set", 2),
    ("taiwan", {"seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "flowers": "1f 2f 3f 4f 7f",
                "win_tile": "8s", "win": "self_draw"}, "flower_set", 1),
    ("taiwan", {"seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "flowers": "1f 2f 7f 8f",
                "win_tile": "8s", "win": "self_draw"}, "flower_set", 0),
    # Taiwan: the replacement after a concealed kong counts, after a kong claimed from a discard not.
    ("taiwan", {"seat": "S", "concealed": "123m 456m 234s 67s EE", "win_tile": "8s", "win": "self_draw",
                "replacement": "gong", "melds": [{"kind": "kong", "tiles": "9999p", "concealed": True}]},
     "replacement_win", 1),
    ("taiwan", {"seat": "S", "concealed": "123m 456m 234s 67s EE", "win_tile": "8s", "win": "self_draw",
                "replacement": "gong", "melds": [{"kind": "kong", "tiles": "9999p"}]}, "replacement_win", 0),
    # Plain win: all chows, no honour, won on a discard into a two-sided wait.
    ("taiwan", {"seat": "S", "concealed": "123m 456m 789p 234s 567s 67p 99s", "win_tile": "8p", "win": "discard",
                "discarder": "W"}, "plain_hand", 1),
    ("taiwan", {"seat": "S", "concealed": "123m 456m 789p 234s 567s 79p 99s", "win_tile": "8p", "win": "discard",
                "discarder": "W"}, "plain_hand", 0),
    # The dealer's streak is paid where the dealer pays: North's discard is not the dealer's.
    ("taiwan", {"seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard",
                "discarder": "E", "dealer_streak": 2}, "dealer_streak", 2),
    ("taiwan", {"seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard",
                "discarder": "N", "dealer_streak": 2}, "dealer_streak", 0),
]


@pytest.mark.parametrize(("ruleset", "record", "row", "expected"), EDGE_CASES,
                         ids=[f"{case[0]}-{case[2]}-{n}" for n, case in enumerate(EDGE_CASES)])
def test_exact_forms_at_their_edges(ruleset: str, record: dict[str, Any], row: str, expected: int) -> None:
    rules = mjscore.get_ruleset(ruleset)
    hand = mjscore.Hand.from_dict({"ruleset": ruleset, **record})
    rule = next(rule for rule in rules.evaluated if rule.id == row)
    form = compiled._form(rule)
    assert form is not None and form.exact, row
    found = _counts(rule, _row_evaluator(rule), hand, rules.played_shapes)
    assert found, "no arrangement"
    assert all(form_count == reference for form_count, reference in found), found
    assert max(reference for _, reference in found) == expected
