"""The compiled evaluator: a ruleset's award table turned into one generated function.

:func:`evaluator` compiles a :class:`~mjscore.scoring.ruleset.Ruleset` once (cached per ruleset
object) into typed Python source that, for a hand and its arrangements, computes each
arrangement's integer summary once (:data:`~mjscore.scoring.summary.SUMMARY`: counts, sets by kind,
the eyes, kongs, the wait role, the context flags), evaluates every award row over it inline, and
totals the arrangement with the ruleset's groups, replacements and consolation, all on integers.
It returns the winning arrangement, the rows it fired and the rows counted (resolved once, where
the arrangement became the best); the engine then builds Award objects, names and details for
that arrangement only, by calling those rows' pattern functions.

A row is evaluated in one of three ways (:mod:`mjscore.scoring.fast_forms`): its pattern's exact
fast form (an expression giving the count), its guard (an expression; where it is true the
pattern function is called), or, for a pattern with no fast form, a plain call of the pattern
function. Rules stay data: the generated code is made from the table's rows and parameters, and
its correctness never depends on every pattern having a fast form.

Rows whose exact form reads only the hand (flowers, the win context, the wait set) are evaluated
once per hand rather than once per arrangement.

The source made for the built-in rulesets is also kept, generated, in
:mod:`mjscore.scoring.evaluators` (``tools/generate_evaluators.py``), which the compiled build
compiles with mypyc to native code. A ruleset whose source is found there (by its digest) runs
that function; any other (a house rule, a club's ruleset file) runs the same kind of source,
interpreted. Either way the function is the one made from the table: a built-in table changed
without regenerating the module simply runs interpreted, and ``tests/test_compiled.py`` says the
module is stale.
"""

from __future__ import annotations
import __future__

import hashlib
import re
import sys
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mjscore.arrangements import Arrangement
from mjscore.hand import Hand
from mjscore.scoring.evaluators import PREBUILT
from mjscore.scoring.fast_forms import FAST_FORMS, Form
from mjscore.scoring.patterns import PATTERNS, Pattern
from mjscore.scoring.ruleset import AwardRule, Ruleset, TablePaymentRule
from mjscore.scoring.summary import NAMES, SUMMARY, Evaluate, Found, Value
from mjscore.scoring.totals import Totaller
from mjscore.tiles import Tile

_PROVIDER = {name: value for value in SUMMARY for name in value.provides}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

@dataclass(frozen=True)
class Evaluator:
    """A ruleset's rows compiled for one kind of win (ordinary, or an instant flower win)."""

    rules: tuple[AwardRule, ...]
    #: The generated source of :attr:`function` (``def evaluate(...)``), and its digest.
    source: str
    digest: str
    function: Evaluate
    patterns: tuple[Pattern, ...]
    arguments: tuple[tuple[Any, ...], ...]
    #: The values the totalling code reads (:attr:`~mjscore.scoring.totals.Totaller.values`), and
    #: the consolation rows it may count.
    values: list[int]
    consolations: tuple[AwardRule, ...]

    @property
    def prebuilt(self) -> bool:
        """Whether :attr:`function` is the one kept in :mod:`mjscore.scoring.evaluators`."""
        return self.digest in PREBUILT

    def best(self, hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...]) -> Found:
        """The first arrangement of highest total; the rows (index into :attr:`rules`, count) it
        fired; and the rows counted from them (groups, replacements, reductions and consolation
        applied), with their counts, in the order of the awards the engine makes from them (the
        consolation row last)."""
        return self.function(hand, candidates, waits, self.patterns, self.arguments, self.values, self.rules,
                             self.consolations)


@dataclass(frozen=True)
class Compiled:
    """A ruleset's two evaluators: ordinary wins and instant flower wins; and the table payments a
    scored hand can imply (those with a pattern, enabled), so that a hand under a ruleset with none
    makes no facts for them."""

    ordinary: Evaluator
    flower_win: Evaluator
    implied_payments: tuple[TablePaymentRule, ...]

    def kept(self) -> dict[str, list[str]]:
        """The evaluators as JSON data for :mod:`mjscore.rulesets.keep`: each one's digest and
        source (:func:`kept_evaluators` takes them back, the function found by digest)."""
        return {"ordinary": [self.ordinary.digest, self.ordinary.source],
                "flower_win": [self.flower_win.digest, self.flower_win.source]}


_CACHE: dict[int, Compiled] = {}


def evaluator(rules: Ruleset) -> Compiled:
    """The compiled evaluator of ``rules``, made on first use and kept while the ruleset lives."""
    found = _CACHE.get(id(rules))
    if found is None:
        found = Compiled(_compile(rules, flower_win=False), _compile(rules, flower_win=True), _implied(rules))
        _remember(rules, found)
    return found


def portable(rules: Ruleset) -> Compiled | None:
    """The compiled evaluator of ``rules`` where it can be kept in a file with the ruleset
    (:mod:`mjscore.rulesets.keep`): where both functions are the prebuilt ones, found again by
    digest. An interpreted function (a stale :mod:`~mjscore.scoring.evaluators`) is made afresh."""
    found = evaluator(rules)
    return found if found.ordinary.prebuilt and found.flower_win.prebuilt else None


def kept_evaluators(rules: Ruleset, data: object) -> Compiled | None:
    """The evaluators of :meth:`Compiled.kept` data, kept with ``rules``: each function the one
    prebuilt into :mod:`mjscore.scoring.evaluators` under the kept digest, which is the digest of the
    kept source; None (a miss: the evaluators are made afresh) for anything else. Nothing kept is
    executed: a kept entry is data (issue 28)."""
    if not isinstance(data, dict):
        return None
    made: list[Evaluator] = []
    for kind, flower_win in (("ordinary", False), ("flower_win", True)):
        kept = data.get(kind)
        if not (isinstance(kept, list) and len(kept) == 2 and all(isinstance(part, str) for part in kept)):
            return None
        key, source = kept
        function = PREBUILT.get(key)
        if function is None or digest(source) != key:
            return None
        rows = _rows(rules, flower_win)
        totals = Totaller(rules, rows, flower_win)
        made.append(Evaluator(rows, source, key, function, tuple(rule.function for rule in rows),
                              tuple(rule.arguments for rule in rows), totals.values, totals.consolations))
    return Compiled(made[0], made[1], _implied(rules))


def adopt(rules: Ruleset, found: object) -> None:
    """Take ``found``, kept in a file with ``rules`` (:mod:`mjscore.rulesets.keep`, read back
    in one piece with them), as the compiled evaluator of ``rules``: the first score of a process
    then makes no source and no digest (issue 13: start-up). Ignored unless it is a
    :class:`Compiled` of these very rows (the kept entry's key already says the ruleset file and
    mjscore's code are the ones it was made with)."""
    if isinstance(found, Compiled) and id(rules) not in _CACHE and _same(found.implied_payments, _implied(rules)) \
            and _same(found.ordinary.rules, _rows(rules, flower_win=False)) \
            and _same(found.flower_win.rules, _rows(rules, flower_win=True)):
        _remember(rules, found)


def _remember(rules: Ruleset, found: Compiled) -> None:
    _CACHE[id(rules)] = found
    weakref.finalize(rules, _CACHE.pop, id(rules), None)


def _rows(rules: Ruleset, flower_win: bool) -> tuple[AwardRule, ...]:
    """The rows an evaluator of ``rules`` evaluates, in table order: all of them, or those that
    count on an instant flower win."""
    return tuple(rule for rule in rules.evaluated if rule.on_flower_win or not flower_win)


def _implied(rules: Ruleset) -> tuple[TablePaymentRule, ...]:
    return tuple(rule for rule in rules.table_payments if rule.enabled and rule.pattern is not None)


def _same(found: Sequence[object], wanted: Sequence[object]) -> bool:
    """The same rows, object for object (a row's equality leaves out its bound function)."""
    return len(found) == len(wanted) and all(a is b for a, b in zip(found, wanted, strict=True))


def _form(rule: AwardRule) -> Form | None:
    """The row's fast form, or None where its pattern has none (or the row binds another function)."""
    make = FAST_FORMS.get(rule.pattern)
    if make is None or PATTERNS.get(rule.pattern) is not rule.function:
        return None
    return make(*rule.arguments)


def _needed(expressions: Sequence[str]) -> list[Value]:
    """The summary values the expressions read, with what they need, in :data:`SUMMARY` order."""
    wanted: set[Value] = set()
    stack = [name for text in expressions for name in _NAME.findall(text)]
    while stack:
        value = _PROVIDER.get(stack.pop())
        if value is not None and value not in wanted:
            wanted.add(value)
            stack.extend(value.needs)
    return [value for value in SUMMARY if value in wanted]


def _reads_arrangement(expression: str) -> bool:
    return any(not value.per_hand for value in _needed([expression]))


def _indent(code: str, depth: int) -> list[str]:
    return ["    " * depth + line for line in code.splitlines()]


#: The generated function's signature (:data:`~mjscore.scoring.summary.Evaluate`): the hand, its
#: arrangements, its wait set, the rows' pattern functions and their bound arguments, the
#: totaller's values (:attr:`~mjscore.scoring.totals.Totaller.values`), the rows and the
#: consolation rows (:attr:`~mjscore.scoring.totals.Totaller.consolations`) it lists as counted.
SIGNATURE = ("(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],\n"
             "        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],\n"
             "        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]\n"
             "        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:")


def evaluator_source(rows: Sequence[AwardRule], totals: Totaller) -> str:
    """The source of ``def evaluate...`` for these rows (in table order): the rows' fast forms over
    the summary values they read, the others calling their pattern functions, each row's count
    kept as ``r0``, ``r1``, ...; the arrangement totalled by ``totals`` (of the same rows); the
    rows fired by the best arrangement and the rows counted listed
    (:meth:`~mjscore.scoring.totals.Totaller.listed`) each time an arrangement becomes the best,
    from the counts its resolution left in locals."""
    hand_rows: list[str] = []
    arrangement_rows: list[str] = []
    expressions = []
    #: Each set of shapes rows name, and the flag the arrangement loop sets where it has one of them.
    shapes: dict[tuple[str, ...], str] = {}
    for index, rule in enumerate(rows):
        form = _form(rule)
        call = ["if facts is None:", "    facts = Facts(hand, arrangement, waits)",
                f"h = patterns[{index}](facts, *arguments[{index}])", "if h is not None:",
                f"    r{index} = h.count"]
        if form is None:
            lines = [f"r{index} = 0", *call]
        elif form.exact:
            expressions.append(form.expression)
            lines = [f"r{index} = {form.expression}"]
        else:
            expressions.append(form.expression)
            lines = [f"r{index} = 0", f"if {form.expression}:", *("    " + line for line in call)]
        per_hand = form is not None and form.exact and not _reads_arrangement(form.expression)
        if rule.shapes:
            condition = shapes.setdefault(tuple(rule.shapes), f"in_shapes{len(shapes)}")
            expressions.append("shape")
            if per_hand:  # the count once per hand, kept where the arrangement has one of the shapes
                assert form is not None
                hand_rows.append(f"x{index} = {form.expression}")
                lines = [f"r{index} = x{index} if {condition} else 0"]
                per_hand = False
            else:
                body = lines if form is not None and form.exact else lines[1:]
                lines = [f"r{index} = 0", f"if {condition}:", *("    " + line for line in body)]
        (hand_rows if per_hand else arrangement_rows).extend(lines)
    needed = _needed(expressions)
    source = ["def evaluate" + SIGNATURE, "    h: Hit | None"]
    for value in needed:
        if value.per_hand:
            source += _indent(value.code, 1)
    source += [*_indent("\n".join(hand_rows), 1),
               "    best = -1", "    best_total = 0", "    best_fired: list[tuple[int, int]] = []",
               "    best_counted: list[tuple[AwardRule, int]] = []",
               "    for number, arrangement in enumerate(candidates):",
               "        facts: Facts | None = None"]
    for value in needed:
        if not value.per_hand:
            source += _indent(value.code, 2)
    source += [f"        {name} = shape in {names!r}" for names, name in shapes.items()]
    source += _indent("\n".join(arrangement_rows), 2)
    source += _indent("\n".join(totals.resolution()), 2)
    source += ["        if best < 0 or total > best_total:",
               "            best, best_total = number, total",
               *_indent("\n".join(totals.listed("best_fired", "best_counted")), 3),
               "    return best, best_fired, best_counted"]
    return "\n".join(line for text in source for line in text.splitlines() if line.strip()) + "\n"


def digest(source: str) -> str:
    """The short digest a generated evaluator is kept under in :mod:`mjscore.scoring.evaluators`."""
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def prebuilt_module(rulesets: Sequence[Ruleset]) -> str:
    """The source of :mod:`mjscore.scoring.evaluators`: the evaluators of ``rulesets`` (ordinary
    and instant flower wins), each once, named after the first ruleset and win that made it, and
    :data:`~mjscore.scoring.evaluators.PREBUILT` keeping them by digest."""
    functions: dict[str, str] = {}
    for rules in rulesets:
        for flower_win in (False, True):
            rows = tuple(a for a in rules.evaluated if a.on_flower_win or not flower_win)
            source = evaluator_source(rows, Totaller(rules, rows, flower_win))
            name = f"{rules.id}_{'flower_win' if flower_win else 'ordinary'}"
            functions.setdefault(digest(source), source.replace("def evaluate(", f"def {name}(", 1))
    names = {key: text[4:text.index("(")] for key, text in functions.items()}
    used = sorted(name for name in NAMES if any(re.search(rf"\b{name}\b", text) for text in functions.values()))
    # A helper function is imported from its own module, under its summary name, so that the
    # compiled build calls it directly rather than through a Python-level call of a value.
    helpers = {name: _defined(NAMES[name]) for name in used}
    imports = sorted((where, f"{function} as {name}") for name, (where, function) in helpers.items() if where)
    header = [
        '"""The built-in rulesets\' evaluators, generated from their award tables by',
        "``tools/generate_evaluators.py`` (:func:`mjscore.scoring.compiled.prebuilt_module`): do not edit.",
        "",
        "Kept as a module so that the compiled build compiles them with mypyc; :mod:`mjscore.scoring.compiled`",
        "runs one where a ruleset's generated source has its digest. ``tests/test_compiled.py`` checks",
        'that this file is what the tables make today."""',
        "",
        "# ruff: noqa",  # generated code: its unused summary values and long expressions are the table's
        "from __future__ import annotations",
        "",
        "from collections.abc import Callable, Sequence",
        "from typing import Any",
        "",
        "from mjscore.arrangements import Arrangement, Group, WinRole",
        "from mjscore.hand import Hand",
        "from mjscore.scoring.patterns import Hit, Pattern",
        "from mjscore.scoring.ruleset import AwardRule",
        *(f"from {where} import {what}" for where, what in imports),
        "from mjscore.scoring.summary import (",
        *(f"    {name}," for name in used if not helpers[name][0]),
        "    Evaluate,",
        ")",
        "from mjscore.tiles import Tile",
        "",
    ]
    body = [f"\n\n{text}" for text in functions.values()]
    table = ["\n\n#: The functions above by the digest of their source (named ``evaluate``).",
             "PREBUILT: dict[str, Evaluate] = {",
             *(f'    "{key}": {name},' for key, name in names.items()), "}"]
    return "\n".join(header) + "".join(body) + "\n".join(table) + "\n"


def _defined(value: Any) -> tuple[str, str]:
    """(module, name) of a function defined at the top of one of mjscore's modules, else ("", "")."""
    where, name = getattr(value, "__module__", None), getattr(value, "__name__", None)
    if (callable(value) and not isinstance(value, type) and isinstance(where, str) and isinstance(name, str)
            and where.startswith("mjscore.") and getattr(sys.modules.get(where), name, None) is value):
        return where, name
    return "", ""


#: What the interpreted evaluator's source reads: the summary's names and its annotations' types.
_NAMESPACE: dict[str, Any] = {**NAMES, "Hand": Hand, "Arrangement": Arrangement, "Tile": Tile}


def _compile(rules: Ruleset, flower_win: bool) -> Evaluator:
    rows = _rows(rules, flower_win)
    totals = Totaller(rules, rows, flower_win)
    source = evaluator_source(rows, totals)
    key = digest(source)
    function = PREBUILT.get(key)
    if function is None:
        namespace = dict(_NAMESPACE)
        code = compile(source, f"<mjscore evaluator {rules.id}>", "exec",
                       flags=__future__.annotations.compiler_flag, dont_inherit=True)
        exec(code, namespace)  # source made from the table above
        function = namespace["evaluate"]
    return Evaluator(rows, source, key, function, tuple(rule.function for rule in rows),
                     tuple(rule.arguments for rule in rows), totals.values, totals.consolations)
