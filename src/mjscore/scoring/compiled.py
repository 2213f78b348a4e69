"""The compiled evaluator: a ruleset's award table turned into one generated function.

:func:`evaluator` compiles a :class:`~mjscore.scoring.ruleset.Ruleset` once (cached per ruleset
object) into Python source that, for a hand and its arrangements, computes each arrangement's
integer summary once (:data:`SUMMARY`: counts, sets by kind, the eyes, kongs, the wait role, the
context flags), evaluates every award row over it inline, and totals the arrangement with the
ruleset's groups, replacements and consolation, all on integers. It returns the winning
arrangement and the rows it fired; the engine then builds Award objects, names and details for that
arrangement only, by calling those rows' pattern functions.

A row is evaluated in one of three ways (:mod:`mjscore.scoring.fast_forms`): its pattern's exact
fast form (an expression giving the count), its guard (an expression; where it is true the
pattern function is called), or, for a pattern with no fast form, a plain call of the pattern
function. Rules stay data: the generated code is made from the table's rows and parameters, and
its correctness never depends on every pattern having a fast form.

Rows whose exact form reads only the hand (flowers, the win context, the wait set) are evaluated
once per hand rather than once per arrangement.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mjscore.arrangements import Arrangement, GroupKind, WinRole, pungs_a_held_pair
from mjscore.hand import Hand, MeldKind, WinKind
from mjscore.scoring.facts import Facts
from mjscore.scoring.fast_forms import FAST_FORMS, Form, mixed_shifted, shifted
from mjscore.scoring.patterns import PATTERNS
from mjscore.scoring.patterns_mcr import chow_pair_fans
from mjscore.scoring.ruleset import AwardRule, Ruleset, TablePaymentRule
from mjscore.tiles import SEATS, Tile


@dataclass(frozen=True, slots=True)
class _Var:
    """Summary values computed by ``code`` (statements, indented as the body of the arrangement
    loop or of the hand), after the values in ``needs``."""

    provides: tuple[str, ...]
    code: str
    needs: tuple[str, ...] = ()
    per_hand: bool = False


_TERMINAL_INDICES = (0, 8, 9, 17, 18, 26)

#: The summary: every value an expression may use, how it is computed, and whether it is the
#: hand's (computed once) or the arrangement's. Only the values a ruleset's rows use are computed.
SUMMARY: tuple[_Var, ...] = (
    _Var(("win",), "win = hand.win", per_hand=True),
    _Var(("counts",), "counts = hand.counts", per_hand=True),
    _Var(("nflowers",), "nflowers = len(hand.flowers)", per_hand=True),
    _Var(("self_drawn",), "self_drawn = win is SELF_DRAW or win is FLOWERS", ("win",), per_hand=True),
    _Var(("claimed",), "claimed = win is DISCARD or win is ROBBING_GONG", ("win",), per_hand=True),
    _Var(("has_honours",), "has_honours = any(counts[27:34])", ("counts",), per_hand=True),
    _Var(("has_terminals",), "has_terminals = any(counts[i] for i in TERMINAL_INDICES)", ("counts",), per_hand=True),
    _Var(("nnumbered",), "nnumbered = (1 if any(counts[0:9]) else 0) + (1 if any(counts[9:18]) else 0)"
         " + (1 if any(counts[18:27]) else 0)", ("counts",), per_hand=True),
    _Var(("nfamilies",), "nfamilies = nnumbered + (1 if any(counts[27:31]) else 0) + (1 if any(counts[31:34]) else 0)",
         ("nnumbered", "counts"), per_hand=True),
    _Var(("present",), "present = 0\nfor i in range(34):\n    if counts[i]:\n        present |= 1 << i",
         ("counts",), per_hand=True),
    _Var(("has4",), "has4 = 4 in counts", ("counts",), per_hand=True),
    _Var(("spread4",), "spread4 = has4 and counts.count(4) > sum(1 for m in hand.melds if m.kind is KONG_MELD)",
         ("has4", "counts"), per_hand=True),
    _Var(("nwaits",), "nwaits = len(waits)", per_hand=True),
    _Var(("held_pairs_waited",), "held = [t.index for t in hand.concealed]\n"
         "held_pairs_waited = sum(1 for t in waits if held.count(t.index) >= 2)", per_hand=True),
    _Var(("pair_wait_held",), "pair_wait_held = nwaits == 2 and held_pairs_waited == 2"
         " and PUNGS_A_HELD_PAIR(hand, waits[0]) and PUNGS_A_HELD_PAIR(hand, waits[1])",
         ("nwaits", "held_pairs_waited"), per_hand=True),
    _Var(("exposed",), "exposed = hand.has_exposed_melds", per_hand=True),
    _Var(("all_kongs",), "all_kongs = all(m.kind is KONG_MELD for m in hand.melds)", per_hand=True),
    _Var(("seat_wind",), "seat_wind = 27 + SEATS.index(hand.seat)", per_hand=True),
    _Var(("round_wind",), "round_wind = 27 + SEATS.index(hand.round)", per_hand=True),
    _Var(("own_flowers",), "own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)",
         ("seat_wind",), per_hand=True),
    # ----- the arrangement's
    _Var(("shape", "groups", "role"), "if arrangement is None:\n    shape = None\n    groups = ()\n    role = None\n"
         "else:\n    shape = arrangement.shape\n    groups = arrangement.groups\n    role = arrangement.win_role"),
    _Var(("role_value",), "role_value = role.value if role is not None else None", ("role",)),
    _Var(("regular",), "regular = shape == 'regular'", ("shape",)),
    _Var(("chow_firsts", "pung_firsts", "npairs", "pair", "cpungs", "open_gongs", "nkongs", "ckongs", "okongs",
          "wind_pungs", "dragon_pungs", "nchows", "npungs", "nsets"),
         "chow_firsts = []\npung_firsts = []\nnpairs = pair = cpungs = open_gongs = nkongs = ckongs = 0\n"
         "wind_pungs = dragon_pungs = 0\n"
         "for g in groups:\n"
         "    if g.is_chow:\n"
         "        chow_firsts.append(g.first.index)\n"
         "    elif g.is_pung_like:\n"
         "        first = g.first.index\n"
         "        pung_firsts.append(first)\n"
         "        if first >= 27:\n"
         "            if first < 31:\n"
         "                wind_pungs += 1\n"
         "            else:\n"
         "                dragon_pungs += 1\n"
         "        kong = g.kind is KONG\n"
         "        if g.concealed:\n"
         "            cpungs += 1\n"
         "            if kong:\n"
         "                ckongs += 1\n"
         "        elif kong and not g.added:\n"
         "            open_gongs += 1\n"
         "        if kong:\n"
         "            nkongs += 1\n"
         "    elif g.kind is PAIR:\n"
         "        npairs += 1\n"
         "        pair = g.first.index\n"
         "if npairs != 1:\n"
         "    pair = -1\n"
         "nchows = len(chow_firsts)\nnpungs = len(pung_firsts)\nnsets = nchows + npungs\nokongs = nkongs - ckongs",
         ("groups",)),
    _Var(("pair_firsts",), "pair_firsts = [g.first.index for g in groups if g.kind is PAIR]", ("groups",)),
    _Var(("spreads",), "spreads = []\nif has4:\n    holding = {}\n    for g in groups:\n"
         "        for i in {t.index for t in g.tiles}:\n            holding[i] = holding.get(i, 0) + 1\n"
         "    spreads = [holding.get(i, 0) for i in range(34) if counts[i] == 4]", ("groups", "has4", "counts")),
    _Var(("chow_dups",), "chow_dups = nchows - len(set(chow_firsts))", ("chow_firsts", "nchows")),
    _Var(("sister_ranks",), "sister_ranks = len({c % 9 for c in chow_firsts}) < len(set(chow_firsts))", ("chow_firsts",)),
    _Var(("pung_same_rank",), "numbered_pungs = [p for p in pung_firsts if p < 27]\n"
         "pung_same_rank = len({p % 9 for p in numbered_pungs}) < len(numbered_pungs)", ("pung_firsts",)),
    _Var(("terminal_pungs",), "terminal_pungs = len(TERMINALS.intersection(pung_firsts))", ("pung_firsts",)),
    _Var(("end_chows",), "end_chows = len(END_CHOWS.intersection(chow_firsts))", ("chow_firsts",)),
    _Var(("chow_key",), "chow_key = tuple(sorted(chow_firsts))", ("chow_firsts",)),
    _Var(("chow_ranks",), "chow_ranks = {c % 9 for c in chow_firsts}", ("chow_firsts",)),
    _Var(("adjacent_pungs",), "adjacent_pungs = any(p + 1 in pung_firsts and p % 9 != 8 for p in pung_firsts if p < 26)",
         ("pung_firsts",)),
    _Var(("step3",), "step3 = any(r + 1 in chow_ranks and r + 2 in chow_ranks for r in chow_ranks)", ("chow_ranks",)),
    _Var(("outside",), "outside = pair >= 0 and (pair >= 27 or pair % 9 in (0, 8))"
         " and all(c % 9 in (0, 6) for c in chow_firsts) and all(p >= 27 or p % 9 in (0, 8) for p in pung_firsts)",
         ("pair", "chow_firsts", "pung_firsts")),
)

_PROVIDER = {name: var for var in SUMMARY for name in var.provides}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: What the generated code may read besides the summary.
_GLOBALS: dict[str, Any] = {
    "SELF_DRAW": WinKind.SELF_DRAW, "DISCARD": WinKind.DISCARD, "ROBBING_GONG": WinKind.ROBBING_GONG,
    "FLOWERS": WinKind.FLOWERS, "KONG_MELD": MeldKind.KONG, "KONG": GroupKind.KONG, "PAIR": GroupKind.PAIR,
    "PUNG_ROLE": WinRole.PUNG, "PAIR_ROLE": WinRole.PAIR, "SEATS": SEATS, "TERMINAL_INDICES": _TERMINAL_INDICES,
    "TERMINALS": frozenset(_TERMINAL_INDICES), "END_CHOWS": frozenset((0, 6, 9, 15, 18, 24)),
    "DRAGON_RANKS": frozenset((0, 3, 6)),
    "CHOW_PAIR_FANS": chow_pair_fans, "SHIFTED": shifted, "MIXED_SHIFTED": mixed_shifted,
    "PUNGS_A_HELD_PAIR": pungs_a_held_pair, "Facts": Facts,
}

#: (index of the winning arrangement, the rows it fired with their counts).
Found = tuple[int, list[tuple[int, int]]]


@dataclass(frozen=True)
class Evaluator:
    """A ruleset's rows compiled for one kind of win (ordinary, or an instant flower win)."""

    rules: tuple[AwardRule, ...]
    source: str
    function: Callable[[Hand, Sequence[Arrangement | None], tuple[Tile, ...]], Found]
    #: The rows counted from an arrangement's fired rows (groups, replacements, consolation applied).
    counted: Callable[[list[tuple[int, int]]], list[tuple[AwardRule, int]]]

    def best(self, hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...]) -> Found:
        """The first arrangement of highest total, and the rows (index into :attr:`rules`) it fired."""
        return self.function(hand, candidates, waits)


@dataclass(frozen=True)
class Compiled:
    """A ruleset's two evaluators: ordinary wins and instant flower wins; and the table payments a
    scored hand can imply (those with a pattern, enabled), so that a hand under a ruleset with none
    makes no facts for them."""

    ordinary: Evaluator
    flower_win: Evaluator
    implied_payments: tuple[TablePaymentRule, ...]


_CACHE: dict[int, Compiled] = {}


def evaluator(rules: Ruleset) -> Compiled:
    """The compiled evaluator of ``rules``, made on first use and kept while the ruleset lives."""
    found = _CACHE.get(id(rules))
    if found is None:
        found = Compiled(_compile(rules, flower_win=False), _compile(rules, flower_win=True),
                         tuple(rule for rule in rules.table_payments if rule.enabled and rule.pattern is not None))
        _CACHE[id(rules)] = found
        weakref.finalize(rules, _CACHE.pop, id(rules), None)
    return found


def _form(rule: AwardRule) -> Form | None:
    """The row's fast form, or None where its pattern has none (or the row binds another function)."""
    make = FAST_FORMS.get(rule.pattern)
    if make is None or PATTERNS.get(rule.pattern) is not rule.function:
        return None
    return make(*rule.arguments)


def _needed(expressions: Sequence[str]) -> list[_Var]:
    """The summary values the expressions read, with what they need, in :data:`SUMMARY` order."""
    wanted: set[_Var] = set()
    stack = [name for text in expressions for name in _NAME.findall(text)]
    while stack:
        var = _PROVIDER.get(stack.pop())
        if var is not None and var not in wanted:
            wanted.add(var)
            stack.extend(var.needs)
    return [var for var in SUMMARY if var in wanted]


def _reads_arrangement(expression: str) -> bool:
    return any(not var.per_hand for var in _needed([expression]))


def _indent(code: str, depth: int) -> list[str]:
    return ["    " * depth + line for line in code.splitlines()]


def _compile(rules: Ruleset, flower_win: bool) -> Evaluator:
    rows = tuple(a for a in rules.evaluated if a.on_flower_win or not flower_win)
    forms = [_form(rule) for rule in rows]
    namespace: dict[str, Any] = dict(_GLOBALS)
    hand_rows: list[str] = []
    arrangement_rows: list[str] = []
    expressions = []
    for index, (rule, form) in enumerate(zip(rows, forms, strict=True)):
        namespace[f"F{index}"] = rule.function
        namespace[f"A{index}"] = rule.arguments
        call = ["if facts is None:", "    facts = Facts(hand, arrangement, waits)",
                f"h = F{index}(facts, *A{index})", "if h is not None:", f"    found.append(({index}, h.count))"]
        if form is None:
            lines = call
        elif form.exact:
            expressions.append(form.expression)
            lines = [f"c = {form.expression}", "if c:", f"    found.append(({index}, c))"]
        else:
            expressions.append(form.expression)
            lines = [f"if {form.expression}:", *("    " + line for line in call)]
        if rule.shapes:
            lines = [f"if shape in {tuple(rule.shapes)!r}:", *("    " + line for line in lines)]
            expressions.append("shape")
        per_hand = form is not None and form.exact and not rule.shapes and not _reads_arrangement(form.expression)
        (hand_rows if per_hand else arrangement_rows).extend(lines)
    needed = _needed(expressions)
    source = ["def evaluate(hand, candidates, waits):"]
    for var in needed:
        if var.per_hand:
            source += _indent(var.code, 1)
    source += ["    found = []", *_indent("\n".join(hand_rows), 1), "    hand_found = found",
               "    best = -1", "    best_total = 0", "    best_found = hand_found",
               "    for number, arrangement in enumerate(candidates):",
               "        facts = None", "        found = list(hand_found)"]
    for var in needed:
        if not var.per_hand:
            source += _indent(var.code, 2)
    source += _indent("\n".join(arrangement_rows), 2)
    source += ["        if hand_found and len(found) > len(hand_found):", "            found.sort()",
               "        total = TOTAL(found)",
               "        if best < 0 or total > best_total:",
               "            best, best_total, best_found = number, total, found",
               "    return best, best_found"]
    totaller = _Totaller(rules, rows, flower_win)
    namespace["TOTAL"] = totaller.total
    text = "\n".join(line for line in source if line.strip()) + "\n"
    exec(compile(text, f"<mjscore evaluator {rules.id}>", "exec"), namespace)  # source made from the table above
    return Evaluator(rows, text, namespace["evaluate"], totaller.counted)


class _Totaller:
    """An arrangement's total from its fired rows, on integers: the engine's groups, replacements,
    reductions, consolation and base (``engine._resolve`` and ``engine._console``)."""

    def __init__(self, rules: Ruleset, rows: tuple[AwardRule, ...], flower_win: bool) -> None:
        position = {rule.id: index for index, rule in enumerate(rows)}
        self.rows = rows
        self.points = tuple(rule.points for rule in rows)
        self.groups = tuple(rule.group for rule in rows)
        self.replaces = tuple(tuple(position[i] for i in rule.replaces if i in position) for rule in rows)
        self.reduces = tuple(tuple((position[i], by) for i, by in rule.reduces.items() if i in position)
                             for rule in rows)
        self.plain = tuple(g is None and not r and not c
                           for g, r, c in zip(self.groups, self.replaces, self.reduces, strict=True))
        self.consolations = [] if flower_win else [
            (rule, rule.consolation.when_total,
             frozenset(position[i] for i in rule.consolation.ignore if i in position))
            for rule in rules.awards if rule.consolation is not None and rule.enabled]
        self.base = rules.base

    def total(self, found: list[tuple[int, int]]) -> int:
        """The arrangement's total, the base included."""
        points = self.points
        counted = found if all(self.plain[i] for i, _ in found) else self._resolved(found)
        for rule, when_total, ignore in self.consolations:
            if sum(points[i] * c for i, c in counted if i not in ignore) == when_total:
                return sum(points[i] * c for i, c in counted if i in ignore) + rule.points + self.base
        return sum(points[i] * c for i, c in counted) + self.base

    def counted(self, found: list[tuple[int, int]]) -> list[tuple[AwardRule, int]]:
        """The rows counted, with their counts, in the order of the awards the engine makes from
        them (the consolation row last): what the score's total, payments and minimum are made of."""
        points = self.points
        counted = found if all(self.plain[i] for i, _ in found) else self._resolved(found)
        for rule, when_total, ignore in self.consolations:
            if sum(points[i] * c for i, c in counted if i not in ignore) == when_total:
                return [(self.rows[i], c) for i, c in counted if i in ignore] + [(rule, 1)]
        return [(self.rows[i], c) for i, c in counted]

    def _resolved(self, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
        points, groups = self.points, self.groups
        best: dict[str, tuple[int, int]] = {}
        for number, (i, c) in enumerate(found):
            group = groups[i]
            if group is not None and (group not in best or points[i] * c > best[group][0]):
                best[group] = (points[i] * c, number)
        kept = [(i, c) for number, (i, c) in enumerate(found) if _kept(groups[i], best, number)]
        dropped: set[int] = set()
        cut: dict[int, int] = {}
        for i, _ in sorted(kept, key=lambda item: -points[item[0]] * item[1]):
            if i not in dropped:
                dropped.update(self.replaces[i])
                for other, by in self.reduces[i]:
                    cut[other] = cut.get(other, 0) + by
        counted = [(i, c - cut.get(i, 0)) for i, c in kept if i not in dropped]
        return [(i, c) for i, c in counted if c > 0]


def _kept(group: str | None, best: dict[str, tuple[int, int]], number: int) -> bool:
    return group is None or best[group][1] == number
