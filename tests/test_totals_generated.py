"""The generated totalling code (:mod:`mjscore.scoring.totals`) against the engine's Award path
(``engine._resolve`` and ``engine._console``) on fired rows the evaluators never meet on real hands:
random sets of rows with random counts, drawn mostly from the rows that share a group, replace or
reduce others, for every built-in ruleset (the rows its evaluator lists as fired and counted for
the best arrangement, and the total it compares arrangements by: the statements of its own
source), and for tables whose rows replace one another in a cycle."""

from __future__ import annotations
import __future__

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import mjscore
from mjscore.rulesets import available
from mjscore.scoring import compiled
from mjscore.scoring.engine import _award, _console, _resolve
from mjscore.scoring.ruleset import AwardRule, Ruleset
from mjscore.scoring.totals import Totaller, _components

TRIALS = 3000


def _reference(rules: Ruleset, rows: tuple[AwardRule, ...], fired: list[tuple[int, int]],
               flower_win: bool) -> list[tuple[str, int]]:
    """The rows the engine counts from these fired rows (the consolation row last, count 1)."""
    counted = _resolve(rules, [_award(rows[i], c, "") for i, c in fired])
    if not flower_win:
        counted = _console(rules, counted)
    return [(a.id, a.count) for a in counted]


Resolved = Callable[[list[int], list[int], tuple[AwardRule, ...], tuple[AwardRule, ...]],
                    tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]]


def _resolved_function(totals: Totaller, source: str) -> Resolved:
    """The arrangement's total, fired rows and counted rows as the evaluator computes them, from
    every row's count: the totaller's resolution and listing, checked to be the statements of the
    evaluator's ``source`` (where it takes the best arrangement)."""
    resolution = "\n".join("        " + line for line in totals.resolution())
    listing = "\n".join("            " + line for line in totals.listed("best_fired", "best_counted"))
    assert resolution in source and listing in source
    lines = ["def resolved(r, values, rows, consolations):",
             *(f"    r{row} = r[{row}]" for row in range(totals.size)),
             *("    " + line for line in totals.resolution()),
             *("    " + line for line in totals.listed("fired", "counted")), "    return total, fired, counted"]
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines) + "\n", "<total>", "exec", flags=__future__.annotations.compiler_flag,
                 dont_inherit=True), namespace)
    return namespace["resolved"]  # type: ignore[no-any-return]


def _random_fired(rng: random.Random, totals: Totaller, focus: list[int]) -> list[tuple[int, int]]:
    interacting = sorted({row for group in totals.groups for row in group}
                         | {i for i in range(totals.size) if totals.replaces[i] or totals.reduces[i]}
                         | {j for i in range(totals.size) for j in totals.replaces[i]}
                         | {j for i in range(totals.size) for j, _ in totals.reduces[i]}
                         | {j for ignore in totals.ignores for j in ignore})
    rows: set[int] = set()
    for _ in range(rng.randint(0, 10) if totals.size else 0):
        draw = rng.random()
        pool = focus if focus and draw < 0.5 else interacting if interacting and draw < 0.8 else range(totals.size)
        rows.add(rng.choice(list(pool)))
    return [(row, rng.choice((1, 1, 1, 2, 3))) for row in sorted(rows)]


def _check(rules: Ruleset, seed: int, trials: int, focus: tuple[str, ...] = ()) -> None:
    """``trials`` random fired rows of each of the ruleset's evaluators (half their rows drawn from
    the rows ``focus`` where it names some)."""
    rng = random.Random(seed)
    for flower_win in (False, True):
        found = compiled.evaluator(rules)
        which = found.flower_win if flower_win else found.ordinary
        totals = Totaller(rules, which.rules, flower_win)
        resolved = _resolved_function(totals, which.source)
        chosen = [i for i, rule in enumerate(which.rules) if rule.id in focus]
        value = {rule.id: rule.points for rule in rules.awards}
        for _ in range(trials):
            fired = _random_fired(rng, totals, chosen)
            expected = _reference(rules, which.rules, fired, flower_win)
            counts = [0] * totals.size
            for i, c in fired:
                counts[i] = c
            total, listed, counted = resolved(counts, which.values, which.rules, which.consolations)
            assert [(rule.id, count) for rule, count in counted] == expected, (rules.id, flower_win, fired)
            assert listed == fired
            assert total == rules.base + sum(value[i] * c for i, c in expected), fired


@pytest.mark.parametrize("ruleset", available())
def test_counted_rows_and_totals_are_the_engines(ruleset: str) -> None:
    _check(mjscore.get_ruleset(ruleset), 2026, TRIALS)


def _with_cycle(base: Ruleset, ids: list[str]) -> Ruleset:
    """``base`` with each of the rows ``ids`` replacing the next (the last the first), in no group."""
    following = {a: b for a, b in zip(ids, ids[1:] + ids[:1], strict=True)}
    return replace(base, awards=tuple(
        replace(a, replaces=(*a.replaces, following[a.id]), group=None) if a.id in following else a
        for a in base.awards))


def test_rows_replacing_one_another_in_a_cycle() -> None:
    """No built-in table has one; a club's file may. The rows of a cycle are decided by value (the
    highest first, the earlier row on a tie), as the engine decides them."""
    base = mjscore.get_ruleset("mcr")
    # three rows of equal and unequal points: all_pungs 6, half_flush 6, dragon_pung 2
    cycle = ("all_pungs", "half_flush", "dragon_pung")
    rules = _with_cycle(base, list(cycle))
    found = compiled.evaluator(rules).ordinary
    assert not found.prebuilt
    _check(rules, 7, TRIALS, cycle)
    # rows of one value, whose order is decided by their counts; a row that replaces itself
    cycle = ("pure_double_chow", "mixed_double_chow", "short_straight")
    rules = _with_cycle(_with_cycle(base, ["seat_wind"]), list(cycle))
    _check(rules, 8, TRIALS, (*cycle, "seat_wind"))


def test_a_cycle_is_one_component_after_the_rows_that_replace_it() -> None:
    # 0 replaces 1, 1 and 2 replace each other, 3 replaces 2: [0], [3], then [1, 2] (in row order)
    before = {0: [], 1: [0, 2], 2: [1, 3], 3: []}
    assert _components([0, 1, 2, 3], before) == [[0], [3], [1, 2]]


def test_a_value_changed_keeps_the_compiled_code() -> None:
    """The totalling code reads the values it is given: a table whose values change (a house
    rule) runs the built-in ruleset's compiled evaluator, and totals by the new values."""
    base = mjscore.get_ruleset("mcr")
    rules = replace(base, awards=tuple(replace(a, points=a.points + 1) if a.id == "all_pungs" else a
                                       for a in base.awards))
    found = compiled.evaluator(rules).ordinary
    assert found.prebuilt and found.digest == compiled.evaluator(base).ordinary.digest
    _check(rules, 9, 500)
