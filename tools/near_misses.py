"""One-step near misses searched from the rows' own definitions (issue 26 item 2, issue 42 item 2).

A *near miss* of a row is a winning hand one step from a hand that earns the row, that does not earn
it: one tile replaced, added or removed and at most one fact of the win changed (how it was won, the
seat, the round, the declared sets, which tile won, a flag, a count), as ``tools/coverage.py`` counts
steps (:func:`coverage.one_step`). A golden case may declare a near miss *far* ("no one-tile change keeps
a one-suit hand a win"); this tool checks such a claim instead of trusting it.

:func:`neighbours` yields every one-step neighbour of a hand record: every tile kind in place of each
held tile, of the winning tile or of a flower; a tile added or taken away; the winning tile swapped with
a held one; a set declared, undeclared, made a kong or a pung, a declared chow moved along its suit, a
kong's concealment or promotion turned over; each fact of the win set to each other value (every other
way of winning and discarder, seat, round, flag, replacement, ready declaration, and counts of discards,
declared tiles and dealer streak from 0 to 12, past every count a row reads); and every tile change with every
fact change beside it.
:class:`Search` keeps a neighbour that is

- **still a win**: a record the hand record and the ruleset accept (no fifth copy, the tile count, the
  flowers, the contexts of ruling 6) whose tiles form a whole hand in one of the ruleset's shapes
  (:func:`mjscore.arrangements.arrangements` with the table's ``played_shapes``), or an instant flower
  win; and
- **loses the row**: the row's own pattern, with its parameters, finds nothing on any arrangement of
  the neighbour (a row restricted to shapes finds nothing on the others). No award is totalled and no
  engine score compared: a neighbour where the row is only outscored by a bigger one is no near miss.

Whoever writes the near miss as a golden case still works it out by hand from the source table; the
search only says which one-step hands there are. ``tests/test_coverage.py`` runs it on every row a golden
case calls far, on the committed cases: a far note stands only where it finds no neighbour. Usage::

    PYTHONPATH=src python tools/near_misses.py                                # every row listed as lacking one
    PYTHONPATH=src python tools/near_misses.py taiwan:little_three_dragons    # neighbours that lose the row
    PYTHONPATH=src python tools/near_misses.py --far                          # check every far note (exit 1)
    PYTHONPATH=src python tools/near_misses.py --earn lrc:false_single_wait   # cases one step from earning it
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any

import mjscore
from mjscore.arrangements import SHAPES, Arrangement, arrangements, waits
from mjscore.errors import MjscoreError
from mjscore.hand import Hand, Meld, MeldKind, ReadyOn, Replacement, WinKind
from mjscore.scoring.contexts import check_context, check_flowers, check_tile_count
from mjscore.scoring.facts import Facts
from mjscore.scoring.ruleset import Ruleset
from mjscore.tiles import KINDS, Tile, next_seat


def _sibling(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module (the tools folder is not a package), under a name of its own so
    that it cannot be mistaken for an installed package of the same name."""
    spec = importlib.util.spec_from_file_location(f"mjscore_tools_{name}", Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


coverage = _sibling("coverage")

SEATS = ("E", "S", "W", "N")
FLAGS = ("last_tile", "ready_declared", "heavenly", "earthly", "last_of_kind")  # the record's true/false facts
SUITED = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
HONOURS = list("ESWNCFP")
TILES = SUITED + HONOURS
FLOWERS = [f"{n}f" for n in range(1, 9)]
#: The counts of the record tried for each count fact: every value from 0 to this (and none): past
#: every count a row reads (LRC's early wins within 10 tiles, Four Winds' 10 discards).
COUNTS = 12
WINS = ("self_draw", "discard", "robbing_gong", "flowers")
REPLACEMENTS: tuple[str | bool, ...] = (False, "flower", "gong", "double_gong")
#: The flowers an instant flower win holds at least (the hand record refuses fewer).
FLOWER_WIN = 7
_TILE = {code: Tile.parse(code) for code in TILES + FLOWERS}
_INDEX = {code: tile.index for code, tile in _TILE.items() if code in TILES}


def _codes(text: Any) -> list[str]:
    return coverage._tiles(text)  # noqa: SLF001  (the tools share one reading of a record's tiles)


_RANKS = {code: rank for rank, code in enumerate(TILES + FLOWERS)}


def _written(tiles: list[str]) -> str:
    return " ".join(sorted(tiles, key=_RANKS.__getitem__))


# ----- the neighbours of a hand


@dataclass(frozen=True)
class _Shape:
    """A change of a hand's tiles (held, winning, flowers, declared sets): the words, the changed keys,
    and whether it spends the one fact of a step (which tile won, or the declared sets)."""

    words: str
    changes: dict[str, Any]
    fact: bool


def _held_changes(tiles: list[str]) -> Iterator[tuple[str, list[str]]]:
    """``tiles`` with at most one tile replaced, added or taken away (each result once)."""
    yield "", tiles
    for tile in dict.fromkeys(tiles):
        rest = list(tiles)
        rest.remove(tile)
        yield f"without a {tile}", rest
        for other in TILES:
            if other != tile:
                yield f"a {other} for a {tile}", [*rest, other]
    for other in TILES:
        yield f"a {other} more", [*tiles, other]


def _and(*words: str) -> str:
    return ", ".join(word for word in words if word)


def _meld(kind: str, tiles: list[str], concealed: bool = False, added: bool = False) -> dict[str, Any]:
    meld: dict[str, Any] = {"kind": kind, "tiles": mjscore.format_tiles(mjscore.parse_tiles(" ".join(tiles)))}
    if concealed:
        meld["concealed"] = True
    if added:
        meld["added"] = True
    return meld


def _sets_in(tiles: list[str]) -> Iterator[tuple[str, list[str], bool]]:
    """Every set that can be declared from ``tiles``: (kind, its tiles, concealed), a kong either way."""
    counts = Counter(tiles)
    for tile, count in counts.items():
        if count >= 3:
            yield "pung", [tile] * 3, False
        if count == 4:
            yield "kong", [tile] * 4, True
            yield "kong", [tile] * 4, False
        if tile in SUITED and int(tile[0]) <= 7:
            run = [f"{int(tile[0]) + step}{tile[1]}" for step in range(3)]
            if all(counts[t] for t in run):
                yield "chow", run, False


def _take(tiles: list[str], taken: list[str]) -> list[str]:
    rest = list(tiles)
    for tile in taken:
        rest.remove(tile)
    return rest


def _shapes(hand: Mapping[str, Any], size: int | None = None,
            whole: Callable[[list[str], int], bool] | None = None) -> Iterator[_Shape]:
    """Every change of the hand's tiles one step allows, with whether it spends the step's fact. With
    ``size`` (the ruleset's tiles held before the win) only those that hold that many (or one more, at an
    instant flower win), and with ``whole`` (whether held and winning tiles beside so many declared sets
    form a hand) a change that spends the fact only where the tiles form a hand (no flower win can
    follow it): the others are no win whatever else is changed."""
    held = _codes(hand.get("concealed"))
    win = _codes(hand.get("win_tile"))
    flowers = _codes(hand.get("flowers"))
    melds: list[dict[str, Any]] = [dict(m) for m in hand.get("melds", ())]

    def fits(tiles: list[str], declared: int, winning: list[str] = win) -> bool:
        if size is not None and len(tiles) + 3 * declared != size:
            return False
        return whole is None or whole([*tiles, *winning], declared)

    # tiles alone: a held tile, a flower (the fact stays free)
    for words, tiles in _held_changes(held):
        count = len(tiles) + 3 * len(melds)
        if size is None or count == size or (count == size + 1 and hand.get("win") == "flowers"):
            yield _Shape(words, {"concealed": _written(tiles)} if words else {}, False)
    for flower in flowers:
        rest = [f for f in flowers if f != flower]
        yield _Shape(f"without the flower {flower}", {"flowers": rest}, False)
        for other in FLOWERS:
            if other not in flowers:
                yield _Shape(f"the flower {other} for {flower}", {"flowers": sorted([*rest, other])}, False)
    for other in FLOWERS:
        if other not in flowers:
            yield _Shape(f"with the flower {other}", {"flowers": sorted([*flowers, other])}, False)
    # which tile won (the fact), with the held tiles and the winning one changed by a tile at most
    if win:
        for words, pool in _held_changes([*held, *win]):
            if not fits(pool[:-1], len(melds), pool[-1:]):
                continue
            for tile in dict.fromkeys(pool):
                if tile != win[0]:
                    yield _Shape(_and(words, f"the {tile} wins, not the {win[0]}"),
                                 {"concealed": _written(_take(pool, [tile])), "win_tile": tile}, True)
    # the declared sets (the fact): undeclared, declared, made a kong or a pung, moved, turned over
    for index, meld in enumerate(melds):
        rest = melds[:index] + melds[index + 1:]
        tiles = _codes(meld["tiles"])
        for words, pool in _held_changes([*held, *tiles]):
            if fits(pool, len(rest)):
                yield _Shape(_and(f"the {meld['tiles']} {meld['kind']} held, not declared", words),
                             {"melds": rest, "concealed": _written(pool)}, True)
        if meld["kind"] == "kong":
            for words, pool in _held_changes(held):
                if not fits(pool, len(melds)):
                    continue
                yield _Shape(_and(f"the {meld['tiles']} kong {'exposed' if meld.get('concealed') else 'concealed'}", words),
                             {"melds": [*rest, {**meld, "concealed": not meld.get("concealed", False), "added": False}],
                              "concealed": _written(pool)}, True)
                if not meld.get("concealed"):
                    yield _Shape(_and(f"the {meld['tiles']} kong {'not ' if meld.get('added') else ''}added to a pung",
                                      words),
                                 {"melds": [*rest, {**meld, "added": not meld.get("added", False)}],
                                  "concealed": _written(pool)}, True)
            if fits(held, len(melds)):
                yield _Shape(f"the {meld['tiles']} kong a pung", {"melds": [*rest, _meld("pung", tiles[1:])]}, True)
        elif meld["kind"] == "pung":
            if fits(held, len(melds)):
                for concealed in (False, True):
                    yield _Shape(f"the {meld['tiles']} pung a {'concealed ' if concealed else ''}kong",
                                 {"melds": [*rest, _meld("kong", [*tiles, tiles[0]], concealed)]}, True)
        elif fits(held, len(melds)):
            low, suit = int(tiles[0][0]), tiles[0][1]
            for start in (low - 1, low + 1):
                if 1 <= start <= 7:
                    run = [f"{start + step}{suit}" for step in range(3)]
                    yield _Shape(f"the declared chow is {''.join(t[0] for t in run)}{suit}",
                                 {"melds": melds[:index] + [_meld("chow", run)] + melds[index + 1:]}, True)
        if len(melds) > 1 and index < len(melds) - 1:  # the order of declaring (ruling 49): no fact of the step
            yield _Shape(f"the {meld['tiles']} {meld['kind']} declared last", {"melds": [*rest, meld]}, False)
    for words, pool in _held_changes(held):
        for kind, tiles, concealed in _sets_in(pool):
            left = _take(pool, tiles)
            if not fits(left, len(melds) + 1):
                continue
            what = f"{'a concealed' if concealed else 'a'} {kind} of {mjscore.format_tiles(mjscore.parse_tiles(' '.join(tiles)))}"
            yield _Shape(_and(words, f"{what} declared"),
                         {"melds": [*melds, _meld(kind, tiles, concealed)], "concealed": _written(left)}, True)


@dataclass(frozen=True)
class _Fact:
    """A change of one fact of the win that is not about the tiles: the words, the record's keys changed
    and removed, and the hand's fields as the hand record reads them."""

    words: str
    changes: dict[str, Any]
    removed: tuple[str, ...]
    fields: dict[str, Any]

    def applied(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in {**record, **self.changes}.items() if key not in self.removed}


def _facts(hand: Mapping[str, Any]) -> Iterator[_Fact]:
    """Every change of one fact of the win that is not about the tiles."""
    seat = hand.get("seat", "E")
    now = (hand.get("win"), hand.get("discarder"))
    for win in WINS:
        for discarder in (None, *SEATS):
            claimed = win in ("discard", "robbing_gong")
            if (win, discarder) == now or discarder == seat or (win == "self_draw" and discarder) \
                    or (claimed and discarder is None):
                continue
            words = f"won by {win.replace('_', ' ')}" + (f" from {discarder}" if discarder else "")
            yield _Fact(words, {"win": win, **({"discarder": discarder} if discarder else {})},
                        () if discarder else ("discarder",), {"win": WinKind(win), "discarder": discarder})
    kind = WinKind(hand["win"]) if hand.get("win") else None
    for other in SEATS:
        if other != seat and other != hand.get("discarder"):
            fields: dict[str, Any] = {"seat": other}
            if kind is not None and kind.claimed and not hand.get("discarder"):
                fields["discarder"] = next_seat(other, -1)  # as the hand record reads a claimed win without one
            yield _Fact(f"the winner sits {other}", {"seat": other}, (), fields)
    for other in SEATS:
        if other != hand.get("round", "E"):
            yield _Fact(f"the {other} round", {"round": other}, (), {"round": other})
    for flag in FLAGS:
        value = not hand.get(flag, False)
        yield _Fact(f"{flag} {str(value).lower()}", {flag: value}, (), {flag: value})
    for source in REPLACEMENTS:
        if source != hand.get("replacement", False):
            yield _Fact(f"replacement {source}", {"replacement": source}, (),
                        {"replacement": Replacement(source) if source else None})
    for ready in (None, "deal", "first_discard"):
        if ready != hand.get("ready_on"):
            yield _Fact(f"ready on {ready}", {"ready_on": ready} if ready else {}, () if ready else ("ready_on",),
                        {"ready_on": ReadyOn(ready) if ready else None})
    for key in ("discards", "declared_tiles", "dealer_streak"):
        for number in (None, *range(COUNTS + 1)):
            if number != hand.get(key, 0 if key == "dealer_streak" else None) and not (number is None and key not in hand):
                read = number if number is not None or key != "dealer_streak" else 0
                yield _Fact(f"{key} {number}", {key: number} if number is not None else {},
                            () if number is not None else (key,), {key: read})


def neighbours(hand: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any], bool]]:
    """Every one-step neighbour of the hand record ``hand``: (what changed, the record, whether its
    tiles changed). A change of the tiles alone is combined with every change of one fact."""
    facts = list(_facts(hand))
    for shape in _shapes(hand):
        changed = {**hand, **shape.changes}
        if shape.words:
            yield shape.words, changed, True
        if not shape.fact:
            for fact in facts:
                yield _and(shape.words, fact.words), fact.applied(changed), bool(shape.words)


# ----- wins that lose a row


Win = tuple[Hand, list[Arrangement | None], tuple[Tile, ...]]


class Search:
    """One table's search: which hands are wins, and which rows their arrangements show. The wins are
    decided by the ruleset's shapes (``played_shapes``) and its refusals alone; the rows by their patterns."""

    def __init__(self, rules: Ruleset, ruleset: str) -> None:
        self.rules = rules
        self.ruleset = ruleset
        self.shapes = rules.played_shapes
        self._shapes = [SHAPES[name] for name in self.shapes]
        self._whole: dict[tuple[Any, ...], bool] = {}
        self._arrangements: dict[tuple[Any, ...], list[Arrangement]] = {}
        self._waits: dict[tuple[Any, ...], tuple[Tile, ...]] = {}
        self._evaluated: dict[tuple[bool, str | None], frozenset[str]] = {}

    def whole(self, record: Mapping[str, Any]) -> bool:
        """Whether the record's tiles (held, winning and declared) form a whole hand in one of the
        table's shapes: which tile won and how do not matter for that, so it is asked once per tiles."""
        win = record.get("win_tile")
        return self.whole_tiles(record.get("concealed", "").split() + ([win] if win else []), len(record.get("melds", ())))

    def whole_tiles(self, tiles: list[str], melds: int) -> bool:
        """Whether ``tiles`` (held and winning) beside ``melds`` declared sets form a whole hand."""
        counts = [0] * KINDS
        for code in tiles:
            counts[_INDEX[code]] += 1
        key = (tuple(counts), melds)
        found = self._whole.get(key)
        if found is None:
            found = self._whole[key] = any(shape.may_hold(len(tiles), melds) and bool(shape(counts, melds))
                                           for shape in self._shapes)
        return found

    def hand(self, record: Mapping[str, Any]) -> Hand | None:
        """The hand of the record, or None where the hand record refuses it."""
        try:
            return Hand.from_dict({"ruleset": self.ruleset, **record})
        except (MjscoreError, ValueError):
            return None

    @staticmethod
    def retiled(like: Hand, changes: Mapping[str, Any]) -> Hand | None:
        """``like`` with the tiles of a shape's ``changes``, checked as the hand record checks them (the
        record's reading of tiles and sets without its schema: the changes are made of tile codes)."""
        fields: dict[str, Any] = {}
        if "concealed" in changes:
            fields["concealed"] = tuple(_TILE[code] for code in changes["concealed"].split())
        if "win_tile" in changes:
            fields["win_tile"] = _TILE[changes["win_tile"]]
        if "flowers" in changes:
            fields["flowers"] = tuple(_TILE[code] for code in changes["flowers"])
        try:
            if "melds" in changes:
                fields["melds"] = tuple(Meld(MeldKind(m["kind"]), tuple(mjscore.parse_tiles(m["tiles"])),
                                             m.get("concealed", False), m.get("added", False)) for m in changes["melds"])
            return replace(like, **fields)
        except (MjscoreError, ValueError):
            return None

    @staticmethod
    def changed(like: Hand, fact: _Fact) -> Hand | None:
        """``like`` with one fact changed, checked as the hand record checks it; None if refused."""
        try:
            return replace(like, **fact.fields)
        except (MjscoreError, ValueError):
            return None

    def win(self, hand: Hand | None) -> Win | None:
        """The hand, its arrangements and its waits, if it is a win the ruleset accepts."""
        if hand is None:
            return None
        try:
            check_tile_count(hand, self.rules.hand_size)
            check_flowers(hand, self.rules.instant_flower_win)
            check_context(hand, self.rules)
        except (MjscoreError, ValueError):
            return None
        if hand.win is WinKind.FLOWERS:
            return hand, [None], ()
        melds = tuple((m.notation(), m.concealed, m.added) for m in hand.melds)
        held = tuple(t.code for t in hand.concealed)
        key = (held, melds, hand.win_tile, hand.win.claimed)
        found = self._arrangements.get(key)
        if found is None:
            found = self._arrangements[key] = arrangements(hand, self.shapes)
        wait_key = (held, melds)
        wait_set = self._waits.get(wait_key)
        if wait_set is None:
            wait_set = self._waits[wait_key] = waits(hand, self.shapes)
        return (hand, list(found), wait_set) if found else None

    def _rows_of(self, flower_win: bool, shape: str | None) -> frozenset[str]:
        found = self._evaluated.get((flower_win, shape))
        if found is None:
            found = self._evaluated[(flower_win, shape)] = frozenset(r.id for r in self.rules.evaluated_for(flower_win, shape))
        return found

    def shows(self, row_id: str, found: Win) -> bool:
        """Whether the row's own pattern finds something on some arrangement of the win ``found``."""
        hand, candidates, wait_set = found
        award = next((a for a in self.rules.awards if a.id == row_id), None)
        for arrangement in candidates:
            facts = Facts(hand, arrangement, wait_set)
            if award is not None:
                shape = arrangement.shape if arrangement is not None else None
                if row_id in self._rows_of(arrangement is None, shape) and award.test(facts) is not None:
                    return True
            elif self.rules.table_payment(row_id).test(facts) is not None:
                return True
        return False


@dataclass(frozen=True)
class Miss:
    """A one-step neighbour of a positive case that is a win and loses the row."""

    case: coverage.Case
    change: str
    record: dict[str, Any]


def searchable(rules: Ruleset, row_id: str) -> bool:
    """Whether the row has a pattern to ask: a consolation (Chicken Hand) is given by the hand's total."""
    award = next((a for a in rules.awards if a.id == row_id), None)
    return award is None or award.consolation is None


def one_step_misses(table: str, row_id: str, limit: int | None = None,
                    cases: list[coverage.Case] | None = None) -> list[Miss]:
    """The one-step neighbours of the row's positive cases (of ``table``) that are a win and lose the
    row, at most ``limit`` (None: all)."""
    found: list[Miss] = []
    searches: dict[str, Search] = {}
    for case in cases if cases is not None else coverage.golden_cases(table.partition("/")[0]):
        if case.table != table or row_id not in case.earns or not searchable(case.rules, row_id):
            continue
        search = searches.setdefault(case.table, Search(case.rules, case.ruleset))
        found += _misses_of(case, row_id, search, None if limit is None else limit - len(found))
        if limit is not None and len(found) >= limit:
            break
    return found


def _misses_of(case: coverage.Case, row_id: str, search: Search, limit: int | None) -> list[Miss]:
    """The one-step neighbours of one positive case that are a win and lose the row."""
    found: list[Miss] = []
    hand = {**case.hand, "concealed": _written(_codes(case.hand.get("concealed")))}  # tile by tile
    base = search.hand(hand)
    facts = list(_facts(hand))
    seen: set[str] = set()
    for shape in _shapes(hand, case.rules.hand_size, search.whole_tiles):
        written = repr(sorted(shape.changes.items()))
        if written in seen:
            continue
        seen.add(written)
        changed = {**hand, **shape.changes}
        whole = search.whole(changed)
        like = (search.retiled(base, shape.changes) if base is not None else search.hand(changed)) if whole else None
        tried: list[tuple[str, dict[str, Any], Hand | None]] = []
        if shape.words and like is not None:
            tried.append((shape.words, changed, like))
        if not shape.fact:
            for fact in facts:
                if like is not None:
                    tried.append((_and(shape.words, fact.words), fact.applied(changed), search.changed(like, fact)))
                elif whole or (fact.changes.get("win") == "flowers" and len(changed.get("flowers", ())) >= FLOWER_WIN):
                    record = fact.applied(changed)  # tiles refused with the case's facts, or no hand: read whole
                    tried.append((_and(shape.words, fact.words), record, search.hand(record)))
        for change, record, variant in tried:
            result = search.win(variant)
            if result is None or search.shows(row_id, result) or not coverage.one_step(case.hand, record):
                continue
            if search.win(search.hand(record)) is None:  # the record itself, read as a record is read
                continue
            found.append(Miss(case, change, record))
            if limit is not None and len(found) >= limit:
                return found
    return found


def far_rows(ruleset: str) -> list[tuple[str, str]]:
    """(table, row) of each row a golden case of ``ruleset`` declares a far near miss of."""
    cases = coverage.golden_cases(ruleset)
    return sorted({(case.table, miss.id) for case in cases for miss in case.near_misses if miss.far})


def far_problems(rulesets: list[str] | None = None) -> list[str]:
    """One line for each far note that does not stand: its row has a one-step neighbour that is a win
    and loses it (the first one found)."""
    problems = []
    for ruleset in rulesets or list(mjscore.rulesets()):
        cases = coverage.golden_cases(ruleset)
        for table, row_id in far_rows(ruleset):
            found = one_step_misses(table, row_id, limit=1, cases=cases)
            if found:
                miss = found[0]
                problems.append(f"{table}:{row_id}: far, but {miss.case.name!r} {miss.change}: {miss.record}")
    return problems


def _awards(record: Mapping[str, Any], rules: Ruleset, ruleset: str) -> dict[str, int] | None:
    """The engine's awards of a record (an aid to writing the case, not a test of it)."""
    try:
        result = mjscore.score(mjscore.Hand.from_dict({"ruleset": ruleset, **record}), rules)
    except (MjscoreError, ValueError):
        return None
    return {a.id: a.value for a in result.awards} | {f"table:{p.id}": p.value for p in result.table_payments}


def _difference(before: Mapping[str, int], after: Mapping[str, int]) -> tuple[int, str]:
    """How many awards differ, and how (``-id 4 +id 2``)."""
    lost = [f"-{k} {v}" for k, v in before.items() if after.get(k) != v]
    gained = [f"+{k} {v}" for k, v in after.items() if before.get(k) != v]
    return len(lost) + len(gained), " ".join(lost + gained)


def proposals(table: str, row_id: str, limit: int = 3) -> list[tuple[int, coverage.Case, str, dict[str, Any], str]]:
    """The ``limit`` near misses of the row (:func:`one_step_misses`) whose scores change the fewest other
    awards, each with the difference in awards (``-id 4 +id 2``): the easiest to work out by hand."""
    found = []
    for miss in one_step_misses(table, row_id):
        rules = miss.case.rules
        stated = _awards(miss.case.hand, rules, miss.case.ruleset)
        earned = _awards(miss.record, rules, miss.case.ruleset)
        if stated is None or earned is None:
            continue
        changed, difference = _difference(stated, earned)
        found.append((changed, miss.case, miss.change, miss.record, difference))
    found.sort(key=lambda item: item[0])
    return found[:limit]


def earning(table: str, row_id: str, limit: int = 3) -> list[tuple[int, coverage.Case, str, dict[str, Any], str]]:
    """The other way round: the ``limit`` one-step neighbours of the cases that do *not* earn the row
    after which it is earned (by the engine), fewest other awards changed first. Written as a positive
    case, such a change makes the case it came from a near miss."""
    found = []
    ruleset = table.partition("/")[0]
    for case in coverage.golden_cases(ruleset):
        if case.table != table or row_id in case.earns:
            continue
        stated = _awards(case.hand, case.rules, ruleset)
        if stated is None:
            continue
        seen: set[str] = set()
        for change, record, _ in neighbours(case.hand):
            key = repr(sorted(record.items()))
            if key in seen:
                continue
            seen.add(key)
            earned = _awards(record, case.rules, ruleset)
            if earned is None or (row_id not in earned and f"table:{row_id}" not in earned):
                continue
            if not coverage.one_step(case.hand, record):
                continue
            changed, difference = _difference(stated, earned)
            found.append((changed, case, change, record, difference))
            break
    found.sort(key=lambda item: item[0])
    return found[:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("rows", nargs="*", help="table:row ids (table: lrc, taiwan/taiwan-platform, lrc/calling on); "
                                                "default: every row listed as lacking a near miss")
    parser.add_argument("--limit", type=int, default=3, help="near misses a row (default 3)")
    parser.add_argument("--earn", action="store_true",
                        help="propose changes of cases that miss the row after which they earn it")
    parser.add_argument("--far", action="store_true", help="check every far note of the golden cases; exit 1 if one fails")
    args = parser.parse_args()
    if args.far:
        problems = far_problems()
        print("\n".join(problems) or "every far note stands: no one-step neighbour of its row is a win that loses it")
        sys.exit(1 if problems else 0)
    wanted = args.rows or [key.rsplit(":", 1)[0] for key in coverage.listed_gaps() if key.endswith(":near_miss")]
    for key in wanted:
        table, _, row_id = key.rpartition(":")
        print(f"== {key}")
        search = earning if args.earn else proposals
        for _, case, change, record, difference in search(table, row_id, args.limit):
            print(f"   of {case.name!r}: {change}: {difference}\n      hand = {record}")


if __name__ == "__main__":
    main()
