"""The coverage matrix (issue 26, item 2): which rows of every shipped table the golden cases prove.

For every award and table-payment row that a shipped table plays (each ruleset, each preset's rows
that differ from its ruleset's, and each row off in the shipped table that no preset switches on, under
the house rule that switches it on: LRC's Calling), the matrix counts:

- **positive cases**: golden cases (``tests/golden/<ruleset>.toml``) whose expected awards or table
  payments contain the row;
- **near misses**: golden cases that do *not* earn the row, one step away from a case that does.
  A near miss is found in two ways. *Found*: any two cases of the same table one step apart
  (:func:`one_step`) where one earns the row and the other does not. *Declared*: a case's
  ``near_misses = [{ id, of, change, row }]`` names the row, the case that earns it and the step in
  words; a declared near miss that is further than one step says ``far = "why"`` instead and is
  counted apart (a far note stands only where ``tools/near_misses.py`` finds no one-step neighbour of
  the row's positive cases that is a win and loses the row). Both come from the expected awards
  written by hand in the golden files, never from the engine (``tests/test_golden.py`` holds the
  engine to them);
- **firing**: how many of N seeded random winning hands (:func:`mjscore.sampling.random_winning_hand`,
  as ``tools/build_digest.py`` draws them) earn the row under the engine: how often a table meets it.

It writes ``docs/coverage.md``; ``tests/test_coverage.py`` regenerates the page and fails when it is
stale, checks every declared near miss, and fails on a row with no case of either kind unless the row
is listed in ``tests/data/coverage-gaps.txt`` (and on a listed row that is covered: the list only
shrinks)::

    PYTHONPATH=src .venv/bin/python tools/coverage.py            # writes docs/coverage.md
    PYTHONPATH=src .venv/bin/python tools/coverage.py --check    # exit 1 if the page is stale
    PYTHONPATH=src .venv/bin/python tools/coverage.py --gaps     # the rows still lacking a case
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import mjscore
from mjscore.rulesets import preset, presets_of
from mjscore.sampling import random_winning_hand
from mjscore.scoring.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
GAPS = ROOT / "tests" / "data" / "coverage-gaps.txt"
PAGE = ROOT / "docs" / "coverage.md"

#: Random hands drawn for each table's firing counts, and their seed (stated on the page).
HANDS = 2_000
SEED = 26

#: The record's keys that hold tiles; every other key is a fact of the win.
TILE_KEYS = ("concealed", "melds", "flowers", "win_tile")


@dataclass(frozen=True, slots=True)
class Row:
    """One row a table plays: an award or a table payment, in a ruleset or under one of its presets."""

    ruleset: str
    preset: str | None
    id: str
    kind: str  # "award" or "table payment"
    points: int
    name: str
    source: str
    switched_on: bool = False  # off in the shipped table and in every preset: played under a house rule

    @property
    def house_rules(self) -> dict[str, Any] | None:
        """The house rules the row is played under: the one that switches it on, for a row that is off."""
        return {"awards": {self.id: True}} if self.switched_on else None

    @property
    def table(self) -> str:
        """The table the row belongs to: ``lrc``, ``taiwan/taiwan-platform`` under a preset, or
        ``lrc/calling on`` under the house rule that switches the row on."""
        return table_name(self.ruleset, self.preset, self.house_rules)

    @property
    def key(self) -> str:
        return f"{self.table}:{self.id}"


@dataclass(frozen=True, slots=True)
class NearMiss:
    """A declared near miss: the row ``id`` that this case misses, the case ``of`` that earns it."""

    id: str
    of: str
    change: str
    row: str
    far: str | None


@dataclass(frozen=True, slots=True)
class Case:
    """A golden case as its file states it: the hand record and what it earns, worked out by hand."""

    ruleset: str  # the file's
    number: int
    name: str
    preset: str | None
    hand: Mapping[str, Any]
    earns: frozenset[str]
    near_misses: tuple[NearMiss, ...]
    house_rules: Mapping[str, Any] | None = None  # the case's own house rules (``house_rules = {...}``)

    @property
    def table(self) -> str:
        return table_name(self.ruleset, self.preset, self.house_rules)

    @property
    def rules(self) -> Ruleset:
        """The table the case is scored under: its ruleset, under its preset and house rules."""
        return table_rules(self.ruleset, self.preset, self.house_rules)


def golden_cases(ruleset: str) -> list[Case]:
    """The cases of ``tests/golden/<ruleset>.toml``, in file order."""
    with (GOLDEN / f"{ruleset}.toml").open("rb") as handle:
        found = tomllib.load(handle)["case"]
    return [Case(ruleset, number, case["name"], case.get("preset"), case["hand"],
                 frozenset(a["id"] for a in case["awards"]) | frozenset(case.get("table_payments", {})),
                 tuple(NearMiss(m["id"], m["of"], m.get("change", ""), m.get("row", ""), m.get("far"))
                       for m in case.get("near_misses", ())), case.get("house_rules"))
            for number, case in enumerate(found, 1)]

NEVER = "never"  # the pattern of an award no hand earns (ruling 4)


# ----- the step between two hands


def _tiles(value: Any) -> list[str]:
    if not value:
        return []
    text = value if isinstance(value, str) else " ".join(value)
    return [tile.code for tile in mjscore.parse_tiles(text)]


def _tiles_and_facts(hand: Mapping[str, Any]) -> tuple[Counter[str], dict[str, Any]]:
    """The multiset of every tile of the record, and its facts: every other key, with ``win`` and
    ``discarder`` as one fact (how it was won), the declared sets as one (their kinds and tiles, as a
    player would lay them out) and which tile won as one."""
    tiles = Counter(_tiles(hand.get("concealed")) + _tiles(hand.get("flowers")) + _tiles(hand.get("win_tile")))
    for meld in hand.get("melds", ()):
        tiles.update(_tiles(meld["tiles"]))
    facts = {key: value for key, value in hand.items() if key not in (*TILE_KEYS, "win", "discarder")}
    facts["how it was won"] = (hand.get("win"), hand.get("discarder"))
    facts["declared sets"] = sorted((meld["kind"], sorted(_tiles(meld["tiles"])), meld.get("concealed", False),
                                     meld.get("added", False)) for meld in hand.get("melds", ()))
    facts["winning tile"] = _tiles(hand.get("win_tile"))
    return tiles, facts


def steps_apart(one: Mapping[str, Any], other: Mapping[str, Any]) -> tuple[int, list[str]]:
    """(tiles replaced, facts changed) between two hand records: a tile removed and another added
    is one tile replaced; a tile only added or removed counts one."""
    tiles_one, facts_one = _tiles_and_facts(one)
    tiles_other, facts_other = _tiles_and_facts(other)
    replaced = max((tiles_one - tiles_other).total(), (tiles_other - tiles_one).total())
    changed = sorted(key for key in facts_one.keys() | facts_other.keys() if facts_one.get(key) != facts_other.get(key))
    return replaced, changed


def one_step(one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether two hand records are one step apart: at most one tile replaced (added or removed) and
    at most one fact of the win changed (the seat, the round, how it was won, the declared sets, a
    flag). Declaring a set of tiles already held changes a fact, not a tile."""
    replaced, changed = steps_apart(one, other)
    return replaced <= 1 and len(changed) <= 1


# ----- the rows and the matrix


def _row(rules: Ruleset, rule: Any, kind: str, preset_name: str | None) -> Row:
    points = rule.points if kind == "award" else rule.amount
    return Row(rules.id, preset_name, rule.id, kind, points, rule.name.en, rule.source or "")


def _played(rules: Ruleset) -> dict[tuple[str, str], Any]:
    """The rows a hand can earn: enabled awards a pattern finds and table payments found in a hand (an
    award whose pattern is ``never`` is on the sheet only: :func:`never_awarded`). A table payment
    with no pattern is an event recorded when it happens (triple dice, a penalty): no hand earns it,
    so it has no golden case; :func:`events` lists those."""
    awards = {("award", a.id): a for a in rules.awards if a.enabled and not _never(a)}
    payments = {("table payment", t.id): t for t in rules.table_payments if t.enabled and t.pattern is not None}
    return awards | payments


def _never(award: Any) -> bool:
    """Whether no hand earns the award: its pattern is ``never`` and it is no consolation (a Chicken
    Hand has no pattern of its own: it is given when the hand's total is the consolation's)."""
    return award.pattern == NEVER and award.consolation is None


def never_awarded(ruleset: str) -> list[str]:
    """The ids of the ruleset's awards whose pattern is ``never``: on the sheet, but given by no hand
    (False Single Wait, ruling 4), so no golden case can earn them."""
    return [a.id for a in mjscore.get_ruleset(ruleset).awards if a.enabled and _never(a)]


def events(ruleset: str) -> list[str]:
    """The ids of the ruleset's table payments recorded as events, not earned by a hand."""
    return [t.id for t in mjscore.get_ruleset(ruleset).table_payments if t.enabled and t.pattern is None]


@cache
def preset_rules(ruleset: str, preset_name: str) -> Ruleset:
    rules = mjscore.get_ruleset(ruleset)
    return mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(preset_name)))


@cache
def _house_ruled(ruleset: str, preset_name: str | None, written: str) -> Ruleset:
    return mjscore.apply_house_rules(table_rules(ruleset, preset_name), json.loads(written))


def table_rules(ruleset: str, preset_name: str | None, house_rules: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset, under a preset (by name) and house rules (as a house-rules file writes them)."""
    if house_rules:
        return _house_ruled(ruleset, preset_name, json.dumps(house_rules, sort_keys=True))
    return preset_rules(ruleset, preset_name) if preset_name else mjscore.get_ruleset(ruleset)


def table_name(ruleset: str, preset_name: str | None, house_rules: Mapping[str, Any] | None = None) -> str:
    """``lrc``, ``taiwan/taiwan-platform``, or with house rules what they change: ``lrc/calling on``."""
    parts = [ruleset] + ([preset_name] if preset_name else [])
    if house_rules:
        parts.append("; ".join(mjscore.apply_house_rules(mjscore.get_ruleset(ruleset), house_rules).overrides))
    return "/".join(parts)


def rows(ruleset: str) -> list[Row]:
    """Every row the ruleset plays, then each preset's rows that differ from it (a row a preset turns
    on, or whose points or parameters it changes; a preset that only caps the hand adds no row), then
    each award off in the shipped table that no preset turns on, under the house rule that switches it
    on (a table can: LRC's Calling, ruling 20)."""
    base = mjscore.get_ruleset(ruleset)
    played = _played(base)
    found = [_row(base, rule, kind, None) for (kind, _), rule in played.items()]
    turned_on = set()
    for name in presets_of(ruleset):
        for (kind, row_id), rule in _played(preset_rules(ruleset, name)).items():
            before = played.get((kind, row_id))
            if before is None or before != rule:
                found.append(_row(base, rule, kind, name))
            turned_on.add(row_id)
    for rule in base.awards:
        if not rule.enabled and rule.id not in turned_on:
            switched = table_rules(ruleset, None, {"awards": {rule.id: True}}).award(rule.id)
            found.append(replace(_row(base, switched, "award", None), switched_on=True))
    return found


@dataclass(frozen=True, slots=True)
class Coverage:
    """What the golden cases show of one row."""

    row: Row
    positive: tuple[str, ...]  # names of the cases that earn it
    found: tuple[str, ...]  # names of near misses found one step from a positive case
    declared: tuple[str, ...]  # names of declared near misses (one step)
    far: tuple[str, ...]  # names of declared near misses further than one step, with why
    firing: int

    @property
    def near_misses(self) -> int:
        return len(set(self.found) | set(self.declared) | set(self.far))

    @property
    def one_step(self) -> int:
        """The near misses one step from a case that earns the row (found or declared)."""
        return len(set(self.found) | set(self.declared))

    @property
    def only_far(self) -> bool:
        """The row's only near misses are far ones: their notes say no one step can miss it, and
        ``tools/near_misses.py`` checks that no one-step neighbour of its positive cases does."""
        return bool(self.far) and not self.one_step


def coverage(ruleset: str, hands: int = HANDS, seed: int = SEED) -> list[Coverage]:
    """The coverage of every row of ``ruleset`` (and its presets) by its golden cases."""
    cases = golden_cases(ruleset)
    by_table: dict[str, list[Case]] = {}
    for case in cases:
        by_table.setdefault(case.table, []).append(case)
    firing: dict[str, Counter[str]] = {}
    found: list[Coverage] = []
    for row in rows(ruleset):
        table = by_table.get(row.table, [])
        positive = [case for case in table if row.id in case.earns]
        near = sorted({miss.name for miss in table if row.id not in miss.earns
                       for hit in positive if one_step(miss.hand, hit.hand)})
        declared = [(case, m) for case in table for m in case.near_misses if m.id == row.id]
        if row.table not in firing:
            firing[row.table] = fired(table_rules(ruleset, row.preset, row.house_rules), ruleset, hands, seed)
        found.append(Coverage(row, tuple(case.name for case in positive), tuple(near),
                              tuple(case.name for case, m in declared if m.far is None),
                              tuple(case.name for case, m in declared if m.far is not None),
                              firing[row.table][row.id]))
    return found


def fired(rules: Ruleset, ruleset: str, hands: int, seed: int) -> Counter[str]:
    """How many of ``hands`` seeded random winning hands of ``ruleset`` earn each row of the table ``rules``."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    for _ in range(hands):
        hand = random_winning_hand(rng, hand_size=rules.hand_size, ruleset=ruleset, one_suit_chance=0.3)
        try:
            result = mjscore.score(hand, rules)
        except mjscore.MjscoreError:
            continue
        counts.update({award.id for award in result.awards} | {payment.id for payment in result.table_payments})
    return counts


def declared_problems(ruleset: str) -> list[str]:
    """What is wrong with the declared near misses of a golden file, one line each: a near miss of a
    row the case earns, an ``of`` case that does not exist or does not earn it (or plays another
    table), a case more than one step away that does not say ``far``."""
    cases = golden_cases(ruleset)
    by_name = {case.name: case for case in cases}
    problems = []
    for case in cases:
        for miss in case.near_misses:
            where = f"{ruleset} case {case.number} ({case.name}), near miss of {miss.id}"
            of = by_name.get(miss.of)
            if miss.id in case.earns:
                problems.append(f"{where}: the case earns it")
            if of is None:
                problems.append(f"{where}: no case named {miss.of!r}")
                continue
            if of.table != case.table:
                problems.append(f"{where}: {miss.of!r} is scored under {of.table}, this case under {case.table}")
            if miss.id not in of.earns:
                problems.append(f"{where}: {miss.of!r} does not earn it")
            replaced, changed = steps_apart(case.hand, of.hand)
            if (replaced > 1 or len(changed) > 1) and not miss.far:
                problems.append(f"{where}: {replaced} tile(s) and {len(changed)} fact(s) ({', '.join(changed)}) "
                                f"from {miss.of!r}; one step is one tile and one fact, or say far = \"why\"")
    return problems


# ----- gaps and the page


def gaps(covered: Iterable[Coverage]) -> list[str]:
    """``table:id:positive`` / ``table:id:near_miss`` for each kind of case a row still lacks."""
    missing = []
    for entry in covered:
        if not entry.positive:
            missing.append(f"{entry.row.key}:positive")
        if not entry.near_misses:
            missing.append(f"{entry.row.key}:near_miss")
    return missing


def listed_gaps() -> dict[str, str]:
    """The gaps of :data:`GAPS`: each line a gap, then ``  # `` and why it is still open."""
    listed = {}
    for line in GAPS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, why = line.partition("#")
            listed[key.strip()] = why.strip()
    return listed


def _cell(names: tuple[str, ...]) -> str:
    if not names:
        return "—"
    first = names[0].replace("|", "\\|")
    return f"{len(names)}: {first}" + (" …" if len(names) > 1 else "")


def page(matrix: Mapping[str, list[Coverage]], hands: int = HANDS, seed: int = SEED) -> str:
    """``docs/coverage.md``: the matrix of every table, with totals."""
    every = [e for entries in matrix.values() for e in entries]
    rows_total = len(every)
    one_step = sum(1 for e in every if e.positive and e.one_step)
    far = sum(1 for e in every if e.positive and e.only_far)
    far_notes = sum(len(e.far) for e in every)
    lines = [
        "# Coverage: which rows the golden cases prove",
        "",
        "Generated by `tools/coverage.py` from the shipped rulesets and the golden cases "
        "(`tests/golden/<ruleset>.toml`, each worked out by hand from the source table and "
        "the rulings their notes pages quote, `docs/rulesets/`); `tests/test_coverage.py` fails when this page is stale. "
        "Do not edit it by hand.",
        "",
        "For every row a shipped table plays (each ruleset, each preset's rows that differ from its "
        "ruleset's, and each row off in the shipped table and in every preset, under the house rule that switches "
        "it on, as a table can): the **positive** cases that earn it, the **one-step near misses** that just do "
        "not (one tile replaced and at most one fact of the win changed, from a case that earns it: found among "
        "the cases, or declared with the step in words), the **far** near misses (declared further than one step, "
        "with why), and "
        f"how often the row **fires** in {hands:,} seeded random winning hands of the table (seed {seed}, "
        "drawn as `tools/build_digest.py` draws them, one suit in three hands). A cell shows how many cases "
        "and the first one's name.",
        "",
        f"**{one_step} of {rows_total} rows** have a positive case and a one-step near miss. **{far} rows** have a "
        "positive case and only far near misses (below, an empty one-step cell beside a far one): hands made of "
        "whole sets of a kind, suit or family (one suit, honours, terminals, all five suits, the jewel hands), the "
        "orphans, Nico Nico's gongs, a bouquet of flowers, Four Winds' Winning. A far note is not taken on trust: "
        "`tools/near_misses.py` searches every one-tile, "
        "one-fact neighbour of the row's positive cases for a hand that is still a win (by the ruleset's shapes) "
        "and loses the row (by the row's own pattern), and `tests/test_coverage.py` fails on a far note whose "
        f"row has one ({far_notes} far notes, all of them checked). The rows still lacking a case "
        "are listed, with why, in `tests/data/coverage-gaps.txt`; a test fails on a row that lacks one and is "
        "not listed. Regenerate with `PYTHONPATH=src python tools/coverage.py`.",
        "",
        "The cases are also held to catch mistakes in the tables: `tools/mutate.py` changes each row in turn "
        "(its points, a parameter, its group, what it replaces, a table payment's amount) and scores every golden "
        "case under the changed table; a change no case notices is listed with why in "
        "`tests/data/mutation-survivors.txt` (equivalent: no hand can tell; or an event no hand earns, held by "
        "its own test), and `tests/test_mutate.py` fails on one left open.",
        "",
        "| table | rows | with a positive case | with a one-step near miss | with only far near misses | "
        "with a positive case and a near miss |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for ruleset, entries in matrix.items():
        for table in sorted({e.row.table for e in entries}, key=lambda t: (t != ruleset, t)):
            mine = [e for e in entries if e.row.table == table]
            lines.append(f"| {table} | {len(mine)} | {sum(1 for e in mine if e.positive)} | "
                         f"{sum(1 for e in mine if e.one_step)} | {sum(1 for e in mine if e.only_far)} | "
                         f"{sum(1 for e in mine if e.positive and e.near_misses)} |")
    recorded = {ruleset: events(ruleset) for ruleset in matrix if events(ruleset)}
    if recorded:
        lines += ["", "Table payments recorded as events when they happen are not in the matrix: no hand earns "
                  "them, so no golden case can (" + "; ".join(f"{ruleset}: " + ", ".join(f"`{e}`" for e in ids)
                                                              for ruleset, ids in recorded.items())
                  + "). They are tested as recorded events, in `tests/test_hefen.py` and `tests/scorekeeper/`."]
    unearned = {ruleset: never_awarded(ruleset) for ruleset in matrix if never_awarded(ruleset)}
    if unearned:
        lines += ["", "Awards the sheet lists but the engine gives to no hand (pattern `never`, ruling 4: the "
                  "sheet's illustration is the only definition) are not in the matrix either ("
                  + "; ".join(f"{ruleset}: " + ", ".join(f"`{a}`" for a in ids) for ruleset, ids in unearned.items())
                  + "); `tests/test_lrc_table.py` and `tests/test_hefen.py` list them as never awarded."]
    for ruleset, entries in matrix.items():
        for table in sorted({e.row.table for e in entries}, key=lambda t: (t != ruleset, t)):
            lines += ["", f"## {table}", "",
                      "| row | points | source | positive | one-step near misses | far | fires |",
                      "|---|---:|---|---|---|---|---:|"]
            for e in (e for e in entries if e.row.table == table):
                kind = "" if e.row.kind == "award" else " (table payment)"
                near = tuple(dict.fromkeys(e.declared + e.found))
                lines.append(f"| `{e.row.id}` {e.row.name}{kind} | {e.row.points} | {e.row.source} | "
                             f"{_cell(e.positive)} | {_cell(near)} | {_cell(e.far)} | {e.firing} |")
    return "\n".join(lines) + "\n"


def matrix(hands: int = HANDS, seed: int = SEED) -> dict[str, list[Coverage]]:
    return {ruleset: coverage(ruleset, hands, seed) for ruleset in mjscore.rulesets()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/coverage.md is stale")
    parser.add_argument("--gaps", action="store_true", help="print the rows still lacking a case, one a line")
    arguments = parser.parse_args()
    found = matrix()
    if arguments.gaps:
        print("\n".join(gap for entries in found.values() for gap in gaps(entries)))
        return
    text = page(found)
    if arguments.check:
        stale = PAGE.read_text(encoding="utf-8") != text
        print("docs/coverage.md is stale: run tools/coverage.py" if stale else "docs/coverage.md is up to date")
        sys.exit(1 if stale else 0)
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
