"""A ruleset's evaluator as a program for the native core (issue 39): rules stay data.

The compiled evaluator (:mod:`mjscore.scoring.compiled`) turns a ruleset's rows into Python source: each
row's fast form (an expression over the arrangement's integer summary), the totaller's resolution
(:mod:`mjscore.scoring.totals`). :func:`native_program` compiles the same expressions and statements,
read with :mod:`ast`, into a small program the native core runs over every arrangement in C
(``mjscore._native.evaluate``): a stack machine's code over 64-bit integers, the summary of an
arrangement computed natively (:data:`SUMMARY_SLOTS`), a fast form's helpers (``SHIFTED``...) called
back in Python and their answers kept. A subexpression that reads only the hand (flowers, the win
context, the seat) is worked out once per hand in Python (:attr:`Program.per_hand`) and handed in.
So a house rule, a preset or a club's own ruleset file runs natively as the shipped ones do; a
ruleset with anything the program cannot express (a row without an exact fast form, a name it does
not know) has no program, runs its Python evaluator, and ``mjscore rulesets NAME`` says so
(:func:`why_not_native`).

The native and Python evaluators are held to the same answers by ``tests/test_native.py`` and
``tools/native_differential.py``.
"""

from __future__ import annotations
import __future__

import ast
import struct
import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mjscore.arrangements import SHAPES, Group, GroupKind, WinRole
from mjscore.hand import Hand, WinKind
from mjscore.native import NATIVE
from mjscore.scoring.fast_forms import FAST_FORMS
from mjscore.scoring.patterns import PATTERNS
from mjscore.scoring.patterns_mcr import CHOW_PAIRS
from mjscore.scoring.ruleset import AwardRule, Ruleset
from mjscore.scoring.summary import NAMES, SUMMARY
from mjscore.scoring.totals import Totaller
from mjscore.tiles import Tile

# ----- the machine's instruction set (the same numbers as src/mjscore/_native.c)

OP_CONST, OP_LOAD, OP_STORE, OP_VALUE, OP_BIN, OP_NOT, OP_NEG, OP_INVERT, OP_POP = range(9)
OP_JUMP, OP_JIF, OP_JIF_KEEP, OP_JIT_KEEP, OP_IN_CONST, OP_LIST_LEN, OP_LIST_COUNT, OP_LIST_CONTAINS = range(9, 17)
OP_AGG, OP_GATTR, OP_CALL, OP_CHOW_PAIR, OP_HALT, OP_EVERY_GROUP_HOLDS = range(17, 23)

BINARY: Final = {ast.Add: 0, ast.Sub: 1, ast.Mult: 2, ast.FloorDiv: 3, ast.Mod: 4, ast.LShift: 5, ast.RShift: 6,
                 ast.BitAnd: 7, ast.BitOr: 8, ast.BitXor: 9}
COMPARE: Final = {ast.Eq: 10, ast.NotEq: 11, ast.Lt: 12, ast.LtE: 13, ast.Gt: 14, ast.GtE: 15, ast.Is: 10,
                  ast.IsNot: 11}
AGG_ALL, AGG_ANY, AGG_SUM = 0, 1, 2

#: The lists the machine keeps for an arrangement (their numbers), and the const list marker.
LISTS: Final = {"chow_firsts": 0, "pung_firsts": 1, "concealed_chow_firsts": 2, "pair_firsts": 3, "spreads": 4,
                "chow_key": 5, "groups": 6}
CONST_LIST: Final = 7

#: A group's attributes the machine reads (``g.declared``...), by number.
GROUP_ATTRIBUTES: Final = {"index": 0, "is_chow": 1, "is_pung_like": 2, "is_kong": 3, "is_pair": 4, "is_set": 5,
                           "concealed": 6, "declared": 7, "added": 8, "kind": 9}
#: The group kinds as the machine numbers them (``g.kind is KNITTED``).
GROUP_KINDS: Final = {GroupKind.CHOW: 0, GroupKind.PUNG: 1, GroupKind.PAIR: 2, GroupKind.SINGLES: 3,
                      GroupKind.KNITTED: 4, GroupKind.KONG: 5}

#: The hand's values the machine holds (its first slots): the winning tile's index, the seat's and the
#: round's wind, whether a kind is held four times, the hand's 34 counts, then how it was won (a
#: number, :data:`WIN_KINDS`), its flowers, its waits, and what the machine works out from the
#: counts and the melds (the summary's values of the same names).
FIXED: Final = ("win_index", "seat_wind", "round_wind", "has4", *(f"count{i}" for i in range(34)), "win", "nflowers",
                "nwaits", "exposed", "all_kongs", "present", "nfours", "has_honours", "has_terminals", "nnumbered",
                "nfamilies", "self_drawn", "claimed", "held_pairs_waited", "pair_wait_held")
#: How a hand was won, as the machine numbers it.
WIN_KINDS: Final = {WinKind.SELF_DRAW: 0, WinKind.DISCARD: 1, WinKind.ROBBING_GONG: 2, WinKind.FLOWERS: 3}
_WIN_NAMES: Final = {"SELF_DRAW": WinKind.SELF_DRAW, "DISCARD": WinKind.DISCARD, "ROBBING_GONG": WinKind.ROBBING_GONG,
                     "FLOWERS": WinKind.FLOWERS}
#: The hand's values the machine knows (an expression of these alone is worked out natively, once a hand).
_MACHINE_HAND: Final = {name for name in FIXED if not name.startswith("count")}

#: The arrangement's summary values the machine computes (after :data:`FIXED`), in its order.
SUMMARY_SLOTS: Final = ("shape", "role", "regular", "npairs", "pair", "cpungs", "open_gongs", "nkongs", "ckongs",
                        "okongs", "wind_pungs", "dragon_pungs", "nchows", "npungs", "nsets", "chow_bits", "pung_bits",
                        "chow_dups", "wait_place", "other_wind_pungs", "knitted_straight", "sister_ranks",
                        "pung_same_rank", "terminal_pungs", "end_chows", "chow_ranks", "adjacent_pungs", "step3",
                        "outside")
#: Names that stand for another's slot.
ALIASES: Final = {"role_value": "role"}

#: The string values of the summary's string-valued names, by name: compared as numbers.
STRINGS: Final = {
    "shape": {name: number for number, name in enumerate(SHAPES)},  # the native core's order (its setup checks)
    "role_value": {"edge": 0, "closed": 1, "two_sided": 2, "pair": 3, "pung": 4, "single": 5},
    "wait_place": {"": 0, "edge": 1, "closed": 2, "pair": 3},
}
#: The win roles by number (the native core's order).
ROLES: Final = {WinRole.EDGE: 0, WinRole.CLOSED: 1, WinRole.TWO_SIDED: 2, WinRole.PAIR: 3, WinRole.PUNG: 4,
                WinRole.SINGLE: 5}
_ROLE_NAMES: Final = {"PAIR_ROLE": WinRole.PAIR, "PUNG_ROLE": WinRole.PUNG, "TWO_SIDED_ROLE": WinRole.TWO_SIDED}

#: The summary's values worked out per hand (hoisted), and the arrangement's (computed natively).
_PER_HAND: Final = {name for value in SUMMARY if value.per_hand for name in value.provides}
_ARRANGEMENT: Final = {*SUMMARY_SLOTS, *ALIASES, *LISTS, "chow_pairs"}
#: The helpers a fast form calls over the arrangement's lists, called back in Python (their answers kept).
_HELPERS: Final = ("SHIFTED", "MIXED_SHIFTED", "IDENTICAL", "PUNG_RUNS", "SISTER_CHOWS", "SISTER_PUNGS",
                   "SAME_RANK_PUNG_PAIRS", "STEP_UP", "ALL_STEP_UP", "DRAGON_SEQUENCE", "TERMINAL_CHOW_SETS",
                   "TERMINAL_CHOWS_WITH_FIVES", "SEQUENTIAL_PUNG_HAND", "PAIR_GONGS", "SEQUENTIAL_PAIRS", "CHOW_PAIR_FANS")


#: The fast forms' helpers the native core also computes itself, by its number for each (the same
#: counts: tests/test_native.py); the others are called back in Python, their answers kept.
NATIVE_HELPERS: Final = {"SHIFTED": 1, "MIXED_SHIFTED": 2, "PUNG_RUNS": 3, "SISTER_PUNGS": 4, "SISTER_CHOWS": 5,
                         "TERMINAL_CHOW_SETS": 6, "SAME_RANK_PUNG_PAIRS": 7}


class NotNative(Exception):
    """Something the native program cannot express: the ruleset runs its Python evaluator."""


@dataclass
class Program:
    """A ruleset's evaluator (ordinary wins) as the native core's program.

    ``code`` (run for each arrangement), ``hand_code`` (once a hand, first) and ``consts`` are the
    machine's (32-bit words, 64-bit constants); ``helpers`` the
    functions its calls name; ``per_hand`` works out :data:`FIXED` and the hoisted values of a hand;
    ``listed`` turns the best arrangement's variables into the rows fired and counted (as the
    Python evaluator's ``listed`` code does); ``nvars`` the machine's variables."""

    code: bytes
    hand_code: bytes
    consts: bytes
    helpers: tuple[Callable[..., Any], ...]
    chow_pair_kinds: tuple[str, ...]
    nvars: int
    total_slot: int
    per_hand: Callable[[Hand, tuple[Tile, ...]], list[int]]
    listing: bytes
    consoled_slot: int
    ignores: tuple[bytes, ...]
    memo: dict[bytes, object] = field(default_factory=dict)
    #: Its number among the programs compiled to C into the native core (by :func:`digest`), or -1.
    compiled: int = -1
    #: For each helper, the number of the native core's own version of it (:data:`NATIVE_HELPERS`), or 0.
    native_helpers: bytes = b""

    def packed(self) -> tuple[object, ...]:
        """What ``mjscore._native.evaluate`` reads of the program."""
        return (self.code, self.hand_code, self.consts, self.helpers, self.memo, self.nvars, len(FIXED), self.chow_pair_kinds,
                self.total_slot, self.listing, self.consoled_slot, self.ignores, self.compiled, self.native_helpers)


class _Compiler:
    """Compiles the rows' expressions and the totaller's statements to the machine's code."""

    def __init__(self) -> None:
        self.code: list[int] = []
        self.consts: list[int] = []
        self.const_index: dict[int, int] = {}
        self.locals: dict[str, int] = {}
        self.hoisted: list[str] = []  # per-hand expressions' source, in slot order
        self.hoisted_index: dict[str, int] = {}
        self.helpers: list[str] = []
        self.chow_pair_kinds: list[str] = []
        self.bound_slots: dict[str, int] = {}  # comprehension variables in scope, by name
        self.hand_code: list[int] = []  # run once a hand, before the arrangements
        self.hand_slots: dict[str, int] = {}  # each expression worked out there, by its source

    # ----- slots

    @property
    def base_hoisted(self) -> int:
        return len(FIXED) + len(SUMMARY_SLOTS)

    def local(self, name: str) -> int:
        if name not in self.locals:
            self.locals[name] = len(self.locals)
        return -1 - self.locals[name]  # resolved to a slot once the hoisted values are counted

    def const(self, value: int) -> int:
        if not -(1 << 63) <= value < (1 << 63):
            raise NotNative(f"the constant {value} does not fit 64 bits")
        if value not in self.const_index:
            self.const_index[value] = len(self.consts)
            self.consts.append(value)
        return self.const_index[value]

    def const_list(self, values: Sequence[int]) -> tuple[int, int]:
        start = len(self.consts)
        for value in values:
            if not -(1 << 63) <= value < (1 << 63):
                raise NotNative(f"the constant {value} does not fit 64 bits")
            self.consts.append(value)
        return start, len(values)

    def emit(self, *words: int) -> int:
        self.code.extend(words)
        return len(self.code) - 1

    # ----- what a node reads

    def _free_names(self, node: ast.AST) -> set[str]:
        bound = {n.id for c in ast.walk(node) if isinstance(c, ast.comprehension) for n in ast.walk(c.target)
                 if isinstance(n, ast.Name)}
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} - bound

    def _per_hand(self, node: ast.AST) -> bool:
        """Whether ``node`` reads the hand, something of it only Python knows, and nothing of the
        arrangement or the totaller's locals: worked out in Python once a hand (hoisted)."""
        names = self._free_names(node)
        if not names & ((_PER_HAND - _MACHINE_HAND) | {"hand", "waits"}):
            return False
        return not names & (_ARRANGEMENT | set(self.locals) | set(self.bound_slots)) and not any(
            n.startswith(("r", "g", "k", "v", "a", "x")) and n[1:].isdigit() for n in names)

    # ----- expressions

    def _machine_hand(self, node: ast.AST) -> bool:
        """Whether ``node`` reads only the hand's values the machine knows (and constants)."""
        names = self._free_names(node)
        return bool(names & (_MACHINE_HAND | {"counts"})) and names <= (_MACHINE_HAND | {"counts"} | set(_WIN_NAMES) | {
            name for name, value in NAMES.items() if isinstance(value, int) and not isinstance(value, bool)}) \
            and not any(isinstance(n, (ast.Attribute, ast.Call)) or (isinstance(n, ast.Subscript) and not _count_of(n))
                        for n in ast.walk(node)) \
            and not any(isinstance(n, ast.Name) and n.id == "counts" and not _counted(node, n) for n in ast.walk(node))

    def expr(self, node: ast.expr) -> None:
        if self.code is not self.hand_code and self._machine_hand(node) and not isinstance(node, ast.Name):
            source = ast.unparse(node)
            if source not in self.hand_slots:
                slot = self.local(f"<hand{len(self.hand_slots)}>")
                self.hand_slots[source] = slot
                arrangement_code, self.code = self.code, self.hand_code
                self.expr(node)
                self.emit(OP_STORE, slot)
                self.hand_code, self.code = self.code, arrangement_code
            self.emit(OP_LOAD, self.hand_slots[source])
            return
        if self._per_hand(node):
            source = ast.unparse(node)
            if source not in self.hoisted_index:
                self.hoisted_index[source] = len(self.hoisted)
                self.hoisted.append(source)
            self.emit(OP_LOAD, self.base_hoisted + self.hoisted_index[source])
            return
        method = getattr(self, f"_{type(node).__name__}", None)
        if method is None:
            raise NotNative(f"cannot express {ast.unparse(node)!r}")
        method(node)

    def _Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool) or isinstance(value, int):
            self.emit(OP_CONST, self.const(int(value)))
        else:
            raise NotNative(f"the constant {value!r}")

    def _Name(self, node: ast.Name) -> None:
        name = ALIASES.get(node.id, node.id)
        if name in self.bound_slots:
            self.emit(OP_LOAD, self.bound_slots[name])
        elif name in SUMMARY_SLOTS:
            self.emit(OP_LOAD, len(FIXED) + SUMMARY_SLOTS.index(name))
        elif name in FIXED:
            self.emit(OP_LOAD, FIXED.index(name))
        elif name in self.locals or (name[:1] in "rgkvax" and name[1:].isdigit()) or name in (
                "gb", "gv", "total", "consoled", "kept"):
            if name not in self.locals:
                raise NotNative(f"{name} is read before it is set")
            self.emit(OP_LOAD, self.local(name))
        elif name in _WIN_NAMES:
            self.emit(OP_CONST, self.const(WIN_KINDS[_WIN_NAMES[name]]))
        elif name in _ROLE_NAMES:
            self.emit(OP_CONST, self.const(ROLES[_ROLE_NAMES[name]]))
        elif name == "KNITTED":
            self.emit(OP_CONST, self.const(GROUP_KINDS[GroupKind.KNITTED]))
        elif name in NAMES and isinstance(NAMES[name], int) and not isinstance(NAMES[name], bool):
            self.emit(OP_CONST, self.const(NAMES[name]))
        else:
            raise NotNative(f"the name {node.id!r}")

    def _BinOp(self, node: ast.BinOp) -> None:
        if type(node.op) not in BINARY:
            raise NotNative(f"the operator of {ast.unparse(node)!r}")
        self.expr(node.left)
        self.expr(node.right)
        self.emit(OP_BIN, BINARY[type(node.op)])

    def _UnaryOp(self, node: ast.UnaryOp) -> None:
        self.expr(node.operand)
        if isinstance(node.op, ast.Not):
            self.emit(OP_NOT)
        elif isinstance(node.op, ast.USub):
            self.emit(OP_NEG)
        elif isinstance(node.op, ast.Invert):
            self.emit(OP_INVERT)
        elif not isinstance(node.op, ast.UAdd):
            raise NotNative(f"the operator of {ast.unparse(node)!r}")

    def _BoolOp(self, node: ast.BoolOp) -> None:
        # Python's value semantics: ``a and b`` is a if a is false, else b.
        jumps = []
        for index, value in enumerate(node.values):
            self.expr(value)
            if index < len(node.values) - 1:
                jumps.append(self.emit(OP_JIF_KEEP if isinstance(node.op, ast.And) else OP_JIT_KEEP, 0))
        for at in jumps:
            self.code[at] = len(self.code)

    def _IfExp(self, node: ast.IfExp) -> None:
        self.expr(node.test)
        to_else = self.emit(OP_JIF, 0)
        self.expr(node.body)
        to_end = self.emit(OP_JUMP, 0)
        self.code[to_else] = len(self.code)
        self.expr(node.orelse)
        self.code[to_end] = len(self.code)

    def _strings(self, node: ast.expr) -> dict[str, int] | None:
        return STRINGS.get(node.id) if isinstance(node, ast.Name) else None

    def _literal(self, node: ast.expr, strings: dict[str, int] | None) -> list[int] | None:
        """A constant, or a tuple of constants, as numbers (strings by ``strings``); None if not one."""
        items = node.elts if isinstance(node, ast.Tuple) else [node]
        found = []
        for item in items:
            if not isinstance(item, ast.Constant):
                return None
            if isinstance(item.value, str):
                if strings is None or item.value not in strings:
                    raise NotNative(f"the string {item.value!r}")
                found.append(strings[item.value])
            elif isinstance(item.value, int):
                found.append(int(item.value))
            else:
                return None
        return found

    def _Compare(self, node: ast.Compare) -> None:
        # a < b < c: each comparison on the values once, joined as ``and`` (no side effects here).
        jumps = []
        left = node.left
        for index, (op, right) in enumerate(zip(node.ops, node.comparators, strict=True)):
            strings = self._strings(left)
            if isinstance(op, (ast.In, ast.NotIn)):
                self._membership(left, right, strings)
                if isinstance(op, ast.NotIn):
                    self.emit(OP_NOT)
            else:
                if type(op) not in COMPARE:
                    raise NotNative(f"the comparison {ast.unparse(node)!r}")
                self.expr(left)
                literal = self._literal(right, strings) if strings is not None else None
                if literal is not None and len(literal) == 1 and not isinstance(right, ast.Tuple):
                    self.emit(OP_CONST, self.const(literal[0]))
                else:
                    self.expr(right)
                self.emit(OP_BIN, COMPARE[type(op)])
            if index < len(node.ops) - 1:
                jumps.append(self.emit(OP_JIF_KEEP, 0))
            left = right
        for at in jumps:
            self.code[at] = len(self.code)

    def _membership(self, item: ast.expr, container: ast.expr, strings: dict[str, int] | None) -> None:
        literal = self._literal(container, strings)
        if literal is not None and isinstance(container, ast.Tuple):
            self.expr(item)
            start, size = self.const_list(literal)
            self.emit(OP_IN_CONST, start, size)
        elif isinstance(container, ast.Name) and container.id in LISTS and container.id != "groups":
            self.expr(item)
            self.emit(OP_LIST_CONTAINS, LISTS[container.id])
        else:
            raise NotNative(f"membership in {ast.unparse(container)!r}")

    def _Call(self, node: ast.Call) -> None:
        function = node.func
        if node.keywords:
            raise NotNative(f"keywords in {ast.unparse(node)!r}")
        if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name):
            owner, method = function.value.id, function.attr
            if owner in LISTS and owner != "groups" and method == "count" and len(node.args) == 1:
                self.expr(node.args[0])
                self.emit(OP_LIST_COUNT, LISTS[owner])
                return
            if owner == "chow_pairs" and method == "get" and len(node.args) == 2:
                kind, default = node.args
                if not (isinstance(kind, ast.Constant) and kind.value in CHOW_PAIRS and isinstance(default, ast.Constant)
                        and default.value == 0):
                    raise NotNative(f"{ast.unparse(node)!r}")
                if kind.value not in self.chow_pair_kinds:
                    self.chow_pair_kinds.append(str(kind.value))
                self.emit(OP_CHOW_PAIR, self.chow_pair_kinds.index(str(kind.value)))
                return
            raise NotNative(f"the call {ast.unparse(node)!r}")
        if not isinstance(function, ast.Name):
            raise NotNative(f"the call {ast.unparse(node)!r}")
        name = function.id
        if name in ("all", "any", "sum") and len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
            self._aggregate(name, node.args[0])
        elif name == "len" and len(node.args) == 1 and isinstance(node.args[0], ast.Name) and node.args[0].id in LISTS:
            self.emit(OP_LIST_LEN, LISTS[node.args[0].id])
        elif name == "EVERY_GROUP_HOLDS" and len(node.args) == 2 and isinstance(node.args[0], ast.Name) \
                and node.args[0].id == "groups":
            self.expr(node.args[1])
            self.emit(OP_EVERY_GROUP_HOLDS)
        elif name in _HELPERS and name != "CHOW_PAIR_FANS":
            specs = []
            for argument in node.args:
                if isinstance(argument, ast.Name) and argument.id in LISTS and argument.id != "groups":
                    specs.append(LISTS[argument.id])
                else:
                    self.expr(argument)
                    specs.append(-1)
            if name not in self.helpers:
                self.helpers.append(name)
            self.emit(OP_CALL, self.helpers.index(name), len(specs), *specs)
        else:
            raise NotNative(f"the call {ast.unparse(node)!r}")

    def _aggregate(self, kind: str, node: ast.GeneratorExp) -> None:
        if len(node.generators) != 1:
            raise NotNative(f"{ast.unparse(node)!r}")
        loop = node.generators[0]
        if loop.is_async or not isinstance(loop.target, ast.Name):
            raise NotNative(f"{ast.unparse(node)!r}")
        source = loop.iter
        if isinstance(source, ast.Name) and source.id in LISTS:
            list_words = (LISTS[source.id], 0, 0)
        else:
            literal = self._literal(source, None) if isinstance(source, ast.Tuple) else None
            if literal is None:
                raise NotNative(f"iterating {ast.unparse(source)!r}")
            start, size = self.const_list(literal)
            list_words = (CONST_LIST, start, size)
        variable = loop.target.id
        slot_name = f"<{variable}{len(self.bound_slots)}>"
        slot = self.local(slot_name)
        saved = self.bound_slots.get(variable)
        self.bound_slots[variable] = slot
        at = self.emit(OP_AGG, {"all": AGG_ALL, "any": AGG_ANY, "sum": AGG_SUM}[kind], *list_words, slot, 0)
        start_body = len(self.code)
        # the element's value, or (with a condition) the neutral value where the condition fails
        element: ast.expr = node.elt
        for condition in loop.ifs:
            neutral = ast.Constant(True if kind == "all" else False if kind == "any" else 0)
            element = ast.IfExp(condition, element, neutral)
        self._in_group_scope(element, variable, source)
        self.emit(OP_HALT)
        self.code[at] = len(self.code) - start_body
        if saved is None:
            del self.bound_slots[variable]
        else:
            self.bound_slots[variable] = saved

    def _in_group_scope(self, element: ast.expr, variable: str, source: ast.expr) -> None:
        """The element of an aggregate; over ``groups``, ``g.attr`` reads the group's attribute."""
        if isinstance(source, ast.Name) and source.id == "groups":
            element = _GroupAttributes(variable).visit(element)
            ast.fix_missing_locations(element)
        self.expr(element)

    def _Subscript(self, node: ast.Subscript) -> None:
        index = _count_of(node)
        if index is not None:
            self.emit(OP_LOAD, FIXED.index(f"count{index}"))
        elif isinstance(node.value, ast.Name) and node.value.id == "values" and isinstance(node.slice, ast.Constant) \
                and isinstance(node.slice.value, int):
            self.emit(OP_VALUE, node.slice.value)
        else:
            raise NotNative(f"the subscript {ast.unparse(node)!r}")

    def _Attribute(self, node: ast.Attribute) -> None:
        raise NotNative(f"the attribute {ast.unparse(node)!r}")

    def _GroupAttr(self, node: GroupAttr) -> None:
        self.emit(OP_GATTR, self.bound_slots[node.variable], GROUP_ATTRIBUTES[node.attribute])

    # ----- statements (the totaller's resolution)

    def statements(self, body: Sequence[ast.stmt]) -> None:
        for statement in body:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
                self.expr(statement.value)
                self.emit(OP_STORE, self.local(statement.targets[0].id))
            elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name) \
                    and type(statement.op) in BINARY:
                self._Name(ast.Name(statement.target.id))
                self.expr(statement.value)
                self.emit(OP_BIN, BINARY[type(statement.op)])
                self.emit(OP_STORE, self.local(statement.target.id))
            elif isinstance(statement, ast.If):
                self.expr(statement.test)
                to_else = self.emit(OP_JIF, 0)
                self.statements(statement.body)
                if statement.orelse:
                    to_end = self.emit(OP_JUMP, 0)
                    self.code[to_else] = len(self.code)
                    self.statements(statement.orelse)
                    self.code[to_end] = len(self.code)
                else:
                    self.code[to_else] = len(self.code)
            else:
                raise NotNative(f"the statement {ast.unparse(statement)!r}")


def _count_of(node: ast.AST) -> int | None:
    """The kind of ``counts[kind]`` (a constant kind), else None."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "counts" \
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int) \
            and not isinstance(node.slice.value, bool) and 0 <= node.slice.value < 34:
        return node.slice.value
    return None


def _counted(tree: ast.AST, name: ast.Name) -> bool:
    """Whether the name ``counts`` is read only as ``counts[kind]`` in ``tree``."""
    return any(isinstance(n, ast.Subscript) and n.value is name and _count_of(n) is not None for n in ast.walk(tree))


class _ChowPairs:
    """``CHOW_PAIR_FANS`` of a chow key as the counts of the kinds a program reads, in its order."""

    __name__ = "CHOW_PAIR_FANS"

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self.kinds = kinds

    def __call__(self, key: tuple[int, ...]) -> tuple[int, ...]:
        found = NAMES["CHOW_PAIR_FANS"](key)
        return tuple(found.get(kind, 0) for kind in self.kinds)


class GroupAttr(ast.expr):
    """``g.attr`` of a group bound by an aggregate over ``groups``."""

    _fields = ()

    def __init__(self, variable: str, attribute: str) -> None:
        super().__init__()
        self.variable = variable
        self.attribute = attribute


class _GroupAttributes(ast.NodeTransformer):
    def __init__(self, variable: str) -> None:
        self.variable = variable

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id == self.variable:
            if node.attr not in GROUP_ATTRIBUTES:
                raise NotNative(f"the group attribute {node.attr!r}")
            return GroupAttr(self.variable, node.attr)
        return self.generic_visit(node)


def _form_expression(rule: AwardRule) -> str:
    """The row's exact fast form, or NotNative."""
    make = FAST_FORMS.get(rule.pattern)
    if make is None or PATTERNS.get(rule.pattern) is not rule.function:
        raise NotNative(f"the row {rule.id} has no fast form (pattern {rule.pattern!r})")
    form = make(*rule.arguments)
    if not form.exact:
        raise NotNative(f"the row {rule.id}'s fast form is a guard, not exact")
    return form.expression


def compile_program(rows: tuple[AwardRule, ...], totals: Totaller) -> Program:
    """The native program of these rows (an ordinary win's), or NotNative."""
    compiler = _Compiler()
    known_shapes = STRINGS["shape"]
    for index, rule in enumerate(rows):
        expression = ast.parse(_form_expression(rule), mode="eval").body
        if rule.shapes:
            unknown = [name for name in rule.shapes if name not in known_shapes]
            if unknown:
                raise NotNative(f"the shape {unknown[0]!r}")
            expression = ast.IfExp(ast.Compare(ast.Name("shape"), [ast.In()], [ast.Tuple(
                [ast.Constant(name) for name in rule.shapes])]), expression, ast.Constant(0))
        compiler.expr(expression)
        compiler.emit(OP_STORE, compiler.local(f"r{index}"))
    module = ast.parse("\n".join(totals.resolution()))
    compiler.statements(module.body)
    compiler.emit(OP_HALT)
    base_locals = compiler.base_hoisted + len(compiler.hoisted)
    code = list(compiler.code)
    _resolve_locals(code, base_locals)
    hand_code = [*compiler.hand_code, OP_HALT]
    _resolve_locals(hand_code, base_locals)
    slots = {name: base_locals + number for name, number in compiler.locals.items()}
    per_hand = _per_hand_function(compiler.hoisted)
    listing = [slot for row in range(totals.size) for slot in (slots[f"r{row}"], slots[totals.final(row)])]
    helpers = tuple(NAMES[name] for name in compiler.helpers)
    native_helpers = bytes(NATIVE_HELPERS.get(name, 0) for name in compiler.helpers)
    if compiler.chow_pair_kinds:
        native_helpers += b"\x00"
        helpers += (_ChowPairs(tuple(compiler.chow_pair_kinds)),)
    return Program(struct.pack(f"<{len(code)}i", *code), struct.pack(f"<{len(hand_code)}i", *hand_code),
                   struct.pack(f"<{len(compiler.consts)}q", *compiler.consts),
                   helpers, tuple(compiler.chow_pair_kinds), base_locals + len(compiler.locals), slots["total"], per_hand,
                   struct.pack(f"<{len(listing)}i", *listing), slots["consoled"],
                   tuple(struct.pack(f"<{len(rows)}i", *rows) for rows in totals.ignores), native_helpers=native_helpers)


#: How many words each instruction takes after its opcode (OP_CALL: 2 + its argument count).
_ARITY: Final = {OP_CONST: 1, OP_LOAD: 1, OP_STORE: 1, OP_VALUE: 1, OP_BIN: 1, OP_NOT: 0, OP_NEG: 0, OP_INVERT: 0,
                 OP_POP: 0, OP_JUMP: 1, OP_JIF: 1, OP_JIF_KEEP: 1, OP_JIT_KEEP: 1, OP_IN_CONST: 2, OP_LIST_LEN: 1,
                 OP_LIST_COUNT: 1, OP_LIST_CONTAINS: 1, OP_AGG: 6, OP_GATTR: 2, OP_CHOW_PAIR: 1, OP_HALT: 0,
                 OP_EVERY_GROUP_HOLDS: 0}


def _resolve_locals(code: list[int], base: int) -> None:
    """Give the locals (numbered -1, -2... while compiling) their slots after the hoisted values."""
    at = 0
    while at < len(code):
        op = code[at]
        if op in (OP_LOAD, OP_STORE) and code[at + 1] < 0:
            code[at + 1] = base - 1 - code[at + 1]
        elif op == OP_AGG and code[at + 5] < 0:
            code[at + 5] = base - 1 - code[at + 5]
        elif op == OP_GATTR and code[at + 1] < 0:
            code[at + 1] = base - 1 - code[at + 1]
        if op == OP_CALL:
            at += 3 + code[at + 2]
        else:
            at += 1 + _ARITY[op]


#: What the per-hand function reads besides the summary's names.
_NAMESPACE: Final[dict[str, Any]] = {**NAMES, "Hand": Hand, "Tile": Tile, "Group": Group, "WinRole": WinRole,
                                     "WIN_KINDS": WIN_KINDS}


def _per_hand_function(hoisted: list[str]) -> Callable[[Hand, tuple[Tile, ...]], list[int]]:
    """A function of the hand and its waits giving the seat's and the round's wind, how it was won,
    its flowers and waits, and the hoisted values, as ints (the native core reads the winning tile,
    the counts and the melds of the hand itself)."""
    needed: set[str] = {"seat_wind", "round_wind", "nflowers", "nwaits"}
    for source in hoisted:
        needed |= {n.id for n in ast.walk(ast.parse(source, mode="eval")) if isinstance(n, ast.Name)}
    wanted: set[str] = set()
    stack = [name for name in needed]
    providers = {name: value for value in SUMMARY for name in value.provides}
    while stack:
        value = providers.get(stack.pop())
        if value is not None and value.per_hand and value.provides[0] not in wanted:
            wanted.update(value.provides)
            stack.extend(value.needs)
    lines = ["def per_hand(hand, waits):"]
    done: set[int] = set()
    for value in SUMMARY:
        if value.per_hand and wanted & set(value.provides) and id(value) not in done:
            done.add(id(value))
            lines += ["    " + line for line in value.code.splitlines()]
    lines.append("    return [seat_wind, round_wind, WIN_KINDS[hand.win], nflowers, nwaits, "
                 + "".join(f"int({source}), " for source in hoisted) + "]")
    namespace = dict(_NAMESPACE)
    exec(compile("\n".join(lines), "<mjscore native per-hand values>", "exec",  # source made from the rows
                 flags=__future__.annotations.compiler_flag, dont_inherit=True), namespace)
    return namespace["per_hand"]  # type: ignore[no-any-return]


_PROGRAMS: dict[int, Program | str] = {}
#: Held while a program is made: made once, in one thread (Python 3.11's ast.parse is not safe in two
#: threads at once: "AST constructor recursion depth mismatch").
_MAKING = threading.Lock()


def program_for(rules: Ruleset, rows: tuple[AwardRule, ...]) -> Program | None:
    """The native program of the ordinary-win evaluator of ``rules`` (its ``rows``), made on first use
    and kept while the ruleset lives; None where it cannot be made (:func:`why_not_native` says why)."""
    found = _PROGRAMS.get(id(rules))
    if found is None:
        with _MAKING:
            found = _PROGRAMS.get(id(rules)) or _made(rules, rows)
    return found if isinstance(found, Program) else None


def _made(rules: Ruleset, rows: tuple[AwardRule, ...]) -> Program | str:
    """The program of ``rules`` (or why there is none), kept while the ruleset lives."""
    found: Program | str
    try:
        if NATIVE is None:
            raise NotNative("no native core was built at install (no C compiler)")
        found = compile_program(rows, Totaller(rules, rows, flower_win=False))
        found.compiled = NATIVE.compiled(digest(found))
    except NotNative as reason:
        found = str(reason)
    _PROGRAMS[id(rules)] = found
    weakref.finalize(rules, _PROGRAMS.pop, id(rules), None)
    return found


def why_not_native(rules: Ruleset, rows: tuple[AwardRule, ...]) -> str | None:
    """Why the ruleset's evaluator runs in Python (None where it runs natively)."""
    program_for(rules, rows)
    found = _PROGRAMS[id(rules)]
    return None if isinstance(found, Program) else found


# ----- the programs of the shipped rulesets and presets, as C (tools/generate_evaluators.py)


def digest(program: Program) -> str:
    """What a program is kept under in ``src/mjscore/_native_programs.h``: the SHA-256 (first 16 hex
    digits) of its code, hand code, constants, variables and the helpers it names."""
    import hashlib

    names = ",".join(getattr(helper, "__name__", "?") for helper in program.helpers)
    text = b"|".join((program.code, program.hand_code, program.consts, str(program.nvars).encode(), names.encode(),
                      ",".join(program.chow_pair_kinds).encode()))
    return hashlib.sha256(text).hexdigest()[:16]


def _words(code: bytes) -> list[int]:
    return list(struct.unpack(f"<{len(code) // 4}i", code))


def _consts(consts: bytes) -> list[int]:
    return list(struct.unpack(f"<{len(consts) // 8}q", consts))


#: C of each binary operation: compared plainly, computed by the checked functions of _native.c.
_C_BINARY: Final = {0: "py_add", 1: "py_sub", 2: "py_mul", 3: "py_floordiv", 4: "py_mod", 5: "py_lshift",
                    6: "py_rshift", 7: "&", 8: "|", 9: "^", 10: "==", 11: "!=", 12: "<", 13: "<=", 14: ">", 15: ">="}


def _c_function(name: str, code: list[int], consts: list[int]) -> list[str]:
    """The C of one machine code: each instruction a statement on locals named by the stack depth
    (known at every instruction: the code is structured, its jumps forward), jumps as gotos. The
    same semantics as ``run`` in _native.c, which the differential tests hold it to."""
    lines: list[str] = []
    declared: set[str] = set()

    def var(level: int, depth: int) -> str:
        name = f"s{level}_{depth}"
        declared.add(name)
        return name

    def body(start: int, end: int, level: int, halt: str) -> None:
        depth = 0
        at_label: dict[int, int] = {}
        pc = start
        reachable = True
        while pc < end:
            if pc in at_label:
                if not reachable:
                    depth = at_label[pc]
                lines.append(f"L{pc}:;")
                reachable = True
            op = code[pc]

            def top(k: int = 1) -> str:
                return var(level, depth - k)  # noqa: B023 (the depth now, on purpose: called at once)

            if op == OP_CONST:
                lines.append(f"{var(level, depth)} = {consts[code[pc + 1]]}LL;")
                depth += 1
                pc += 2
            elif op == OP_LOAD:
                lines.append(f"{var(level, depth)} = v[{code[pc + 1]}];")
                depth += 1
                pc += 2
            elif op == OP_STORE:
                lines.append(f"v[{code[pc + 1]}] = {top()};")
                depth -= 1
                pc += 2
            elif op == OP_VALUE:
                lines.append(f"{var(level, depth)} = values[{code[pc + 1]}];")
                depth += 1
                pc += 2
            elif op == OP_BIN:
                c = _C_BINARY[code[pc + 1]]
                a, b = top(2), top(1)
                if c.startswith("py_"):
                    lines.append(f"{a} = {c}(m, {a}, {b}); if (m->failed) return 0;")
                else:
                    lines.append(f"{a} = {a} {c} {b};")
                depth -= 1
                pc += 2
            elif op == OP_NOT:
                lines.append(f"{top()} = !{top()};")
                pc += 1
            elif op == OP_NEG:
                lines.append(f"if ({top()} == INT64_MIN) {{ m->failed = 1; return 0; }} {top()} = -{top()};")
                pc += 1
            elif op == OP_INVERT:
                lines.append(f"{top()} = ~{top()};")
                pc += 1
            elif op == OP_POP:
                depth -= 1
                pc += 1
            elif op in (OP_JUMP, OP_JIF, OP_JIF_KEEP, OP_JIT_KEEP):
                target = code[pc + 1]
                if op == OP_JUMP:
                    lines.append(f"goto L{target};")
                    at_label[target] = depth
                    reachable = False
                elif op == OP_JIF:
                    lines.append(f"if (!{top()}) goto L{target};")
                    depth -= 1
                    at_label[target] = depth
                else:
                    test = f"!{top()}" if op == OP_JIF_KEEP else top()
                    lines.append(f"if ({test}) goto L{target};")
                    at_label[target] = depth
                    depth -= 1
                pc += 2
            elif op == OP_IN_CONST:
                first, size = code[pc + 1], code[pc + 2]
                tests = " || ".join(f"{top()} == {value}LL" for value in consts[first:first + size]) or "0"
                lines.append(f"{top()} = ({tests});")
                pc += 3
            elif op == OP_LIST_LEN:
                which = code[pc + 1]
                items = "m->ngroups" if which == LISTS["groups"] else f"m->lists[{which}].n"
                lines.append(f"{var(level, depth)} = {items};")
                depth += 1
                pc += 2
            elif op in (OP_LIST_COUNT, OP_LIST_CONTAINS):
                function = "list_count" if op == OP_LIST_COUNT else "list_contains"
                lines.append(f"{top()} = {function}(&m->lists[{code[pc + 1]}], {top()});")
                pc += 2
            elif op == OP_AGG:
                kind, which, first, size, slot, length = code[pc + 1:pc + 7]
                total = f"a{level}_{pc}"
                inner = level + 1
                result = var(inner, 0)
                if which == CONST_LIST:
                    count, element = str(size), f"consts_{name}[{first} + k{pc}]"
                elif which == LISTS["groups"]:
                    count, element = "m->ngroups", f"k{pc}"
                else:
                    count, element = f"m->lists[{which}].n", f"m->lists[{which}].items[k{pc}]"
                start_value = 1 if kind == AGG_ALL else 0
                lines.append(f"{{ int64_t {total} = {start_value}; for (int k{pc} = 0; k{pc} < {count}; k{pc}++) {{")
                lines.append(f"v[{slot}] = {element};")
                body(pc + 7, pc + 7 + length, inner, f"E{pc}")
                lines.append(f"E{pc}:;")
                if kind == AGG_ALL:
                    lines.append(f"if (!{result}) {{ {total} = 0; break; }}")
                elif kind == AGG_ANY:
                    lines.append(f"if ({result}) {{ {total} = 1; break; }}")
                else:
                    lines.append(f"{total} = py_add(m, {total}, {result}); if (m->failed) return 0;")
                lines.append(f"}} {var(level, depth)} = {total}; }}")
                depth += 1
                pc += 7 + length
            elif op == OP_GATTR:
                lines.append(f"{var(level, depth)} = group_attr(m, v[{code[pc + 1]}], {code[pc + 2]}); "
                             "if (m->failed) return 0;")
                depth += 1
                pc += 3
            elif op == OP_CALL:
                helper, nargs = code[pc + 1], code[pc + 2]
                specs = code[pc + 3:pc + 3 + nargs]
                nints = sum(1 for spec in specs if spec < 0)
                ints = ", ".join(top(nints - k) for k in range(nints)) or "0"
                answer = var(level, depth - nints)
                lines.append(f"{{ const int32_t specs[] = {{{', '.join(map(str, specs))}}}; "
                             f"const int64_t ints[] = {{{ints}}}; "
                             f"if (!call_int(m, {helper}, specs, {nargs}, ints, &{answer})) return 0; }}")
                depth = depth - nints + 1
                pc += 3 + nargs
            elif op == OP_CHOW_PAIR:
                lines.append(f"if (!chow_pairs(m) || {code[pc + 1]} >= PyTuple_GET_SIZE(m->chow_kinds)) "
                             f"{{ m->failed = 1; return 0; }} {var(level, depth)} = m->chow_pairs[{code[pc + 1]}];")
                depth += 1
                pc += 2
            elif op == OP_EVERY_GROUP_HOLDS:
                lines.append(f"{top()} = every_group_holds(m, {top()});")
                pc += 1
            elif op == OP_HALT:
                if level == 0:
                    lines.append("return 1;")
                else:
                    lines.append(f"{var(level, 0)} = {top() if depth else '0'}; goto {halt};")
                reachable = False
                pc += 1
            else:
                raise NotNative(f"no C for the instruction {op}")
        if pc in at_label:
            lines.append(f"L{pc}:;")

    body(0, len(code), 0, "")
    head = [f"static int {name}(Machine *m) {{", "    int64_t *v = m->v;", "    const int64_t *values = m->values;",
            "    (void)values;"]
    if declared:
        head.append("    int64_t " + ", ".join(sorted(declared)) + ";")
    return head + ["    " + line for line in lines] + ["    return 1;", "}"]


def programs_header(programs: Sequence[Program]) -> str:
    """The source of ``src/mjscore/_native_programs.h``: each program (once) as two C functions (its
    hand code, its arrangement code), and the table ``_native.c`` finds them in by digest."""
    done: dict[str, Program] = {}
    for program in programs:
        done.setdefault(digest(program), program)
    lines = ["/* The shipped rulesets' and presets' native programs as C, generated from their rows by",
             " * tools/generate_evaluators.py (mjscore.scoring.native_program.programs_header): do not edit.",
             " * A program found here by its digest runs as compiled C; any other (a house rule, a club's ruleset",
             " * file, a table changed since) runs on the machine of _native.c, with the same answers.",
             " * tests/test_native.py checks that this file is what the rows make today. */", ""]
    entries = []
    for key, program in sorted(done.items()):
        consts = _consts(program.consts)
        lines.append(f"static const int64_t consts_p{key}_arrangement[] = {{{', '.join(f'{c}LL' for c in consts) or '0'}}};")
        lines.append(f"static const int64_t consts_p{key}_hand[] = {{{', '.join(f'{c}LL' for c in consts) or '0'}}};")
        max_value = max([_words(program.code)[pc + 1] for pc in _instructions(_words(program.code))
                         if _words(program.code)[pc] == OP_VALUE] or [-1])
        for part, code in (("hand", _words(program.hand_code)), ("arrangement", _words(program.code))):
            lines += _c_function(f"p{key}_{part}", code, consts)
            lines.append("")
        entries.append(f'    {{"{key}", {program.nvars}, {max_value}, p{key}_hand, p{key}_arrangement}},')
    lines += ["static const CompiledProgram COMPILED_PROGRAMS[] = {", *entries, "};", ""]
    return "\n".join(lines)


def _instructions(code: list[int]) -> list[int]:
    found = []
    at = 0
    while at < len(code):
        found.append(at)
        at += 3 + code[at + 2] if code[at] == OP_CALL else 1 + _ARITY[code[at]]
    return found


def shipped_programs_header() -> str:
    """:func:`programs_header` of every shipped ruleset and preset (the ordinary wins' programs)."""
    from mjscore.rulesets import available, get_ruleset, preset, presets
    from mjscore.scoring.compiled import evaluator
    from mjscore.scoring.house_rules import apply_house_rules, read_house_rules

    tables = [get_ruleset(name) for name in available()]
    tables += [apply_house_rules(get_ruleset(name.split("-")[0]), read_house_rules(preset(name))) for name in presets()]
    found = []
    for rules in tables:
        rows = evaluator(rules).ordinary.rules
        try:
            found.append(compile_program(rows, Totaller(rules, rows, flower_win=False)))
        except NotNative:
            continue
    return programs_header(found)
