"""Mutation checks of the shipped rulesets against the golden cases (issue 26, item 3).

Each mutation changes one thing of one row of a shipped ruleset's table, as a mistake in the table
would: an award's points (one more), one of its pattern's parameters (an integer one more, a flag
turned over, a list one item shorter), its exclusive group (taken away), one of the awards it
replaces or reduces (taken away), a table payment's amount (one more). The changed table is read by
the ruleset loader, as a file would be, and every golden case of the ruleset
(``tests/golden/<ruleset>.toml``, each under its ``preset`` and ``house_rules`` if it names them) is scored under it and
checked as ``tests/test_golden.py`` checks it: the awards and their values, the total, the dealer's
tai, the waits, the legality, the table payments and the payments. A mutation is *caught* when some
case no longer holds, and *survives* when every case still does: then no golden case pins that part
of the row, and one should. Every survivor is listed, with why, in ``tests/data/mutation-survivors.txt``
(:data:`SURVIVORS`): ``equivalent`` (the change cannot alter any score) or ``open`` (a golden case is
still to be written). A change the loader refuses (a parameter out of range) is *refused*: it cannot
ship.

The full run takes minutes (each changed table compiles its evaluator); CI runs a seeded sample
(``tests/test_mutate.py``)::

    PYTHONPATH=src .venv/bin/python tools/mutate.py                          # every mutation
    PYTHONPATH=src .venv/bin/python tools/mutate.py --ruleset taiwan
    PYTHONPATH=src .venv/bin/python tools/mutate.py --sample 20 --seed 1     # a seeded sample

It prints one line per mutation and a summary; the exit status is 1 when a mutation survives that is
not listed.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mjscore
from mjscore.errors import MjscoreError
from mjscore.rulesets import preset
from mjscore.scoring.engine import Score
from mjscore.scoring.loading import ruleset_from_data
from mjscore.scoring.rulefiles import read_rule_file
from mjscore.scoring.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ROOT / "src" / "mjscore" / "rulesets"
GOLDEN = ROOT / "tests" / "golden"

#: The listed survivors: each line a :attr:`Mutation.key`, then ``  # `` and why.
SURVIVORS = ROOT / "tests" / "data" / "mutation-survivors.txt"


def listed_survivors() -> dict[str, str]:
    """The survivors of :data:`SURVIVORS`, by key: why each survives."""
    found: dict[str, str] = {}
    for line in SURVIVORS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, why = line.partition("  # ")
            found[key.strip()] = why.strip()
    return found


@dataclass(frozen=True)
class Mutation:
    """One change to one row of ``ruleset``: ``kind`` (points, param, group, replaces, reduces,
    amount) and what it changed (``change``: "2 -> 3", "pungs: 3 -> 4", "-seat_wind")."""

    ruleset: str
    table: str  # "award" or "table_payment"
    row: str
    kind: str
    change: str

    @property
    def key(self) -> str:
        return f"{self.ruleset}:{self.row}:{self.kind}:{self.change}"


@dataclass(frozen=True)
class Outcome:
    """What became of a mutation: ``caught`` by the case named in ``by``, ``survived``, or
    ``refused`` by the loader (``by``: its message)."""

    mutation: Mutation
    status: str
    by: str = ""


def rulesets() -> list[str]:
    """The shipped rulesets that have golden cases."""
    return sorted(path.stem for path in GOLDEN.glob("*.toml") if (RULESETS / f"{path.stem}.toml").exists())


def golden_cases(ruleset: str) -> list[dict[str, Any]]:
    with (GOLDEN / f"{ruleset}.toml").open("rb") as handle:
        return list(tomllib.load(handle)["case"])


def _changed_params(params: dict[str, Any]) -> Iterator[tuple[str, Any, str]]:
    """Each parameter changed as a mistake would: (name, new value, what changed)."""
    for name, value in sorted(params.items()):
        if isinstance(value, bool):
            yield name, not value, f"{name}: {value} -> {not value}"
        elif isinstance(value, int):
            yield name, value + 1, f"{name}: {value} -> {value + 1}"
        elif isinstance(value, list) and len(value) > 1:
            yield name, value[:-1], f"{name}: without {value[-1]!r}"


def mutations(ruleset: str) -> list[tuple[Mutation, dict[str, Any]]]:
    """Every mutation of ``ruleset``'s table, each with the changed table (the file's data)."""
    data, _ = read_rule_file(RULESETS / f"{ruleset}.toml", "ruleset")
    found: list[tuple[Mutation, dict[str, Any]]] = []

    def add(table: str, index: int, kind: str, change: str, key: str, value: Any) -> None:
        changed = copy.deepcopy(data)
        row = changed[table][index]
        if value is _DELETE:
            del row[key]
        else:
            row[key] = value
        found.append((Mutation(ruleset, table, row["id"], kind, change), changed))

    for index, row in enumerate(data.get("award", [])):
        points = row.get("points", 0)
        add("award", index, "points", f"{points} -> {points + 1}", "points", points + 1)
        for name, value, change in _changed_params(dict(row.get("params", {}))):
            add("award", index, "param", change, "params", {**row["params"], name: value})
        if row.get("group") is not None:
            add("award", index, "group", f"-{row['group']}", "group", _DELETE)
        for other in row.get("replaces", []):
            add("award", index, "replaces", f"-{other}", "replaces", [r for r in row["replaces"] if r != other])
        for other in row.get("reduces", {}):
            add("award", index, "reduces", f"-{other}",
                "reduces", {k: v for k, v in row["reduces"].items() if k != other})
    for index, row in enumerate(data.get("table_payment", [])):
        amount = row.get("amount", 0)
        add("table_payment", index, "amount", f"{amount} -> {amount + 1}", "amount", amount + 1)
    return found


_DELETE = object()


def case_failure(case: dict[str, Any], rules: Ruleset, ruleset: str) -> str:
    """What no longer holds of a golden case scored under ``rules`` ("" if it all does): the checks
    of ``tests/test_golden.py`` on the score, in the same order."""
    hand = mjscore.Hand.from_dict({"ruleset": ruleset, **case["hand"]})
    if "preset" in case:
        rules = mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(case["preset"])))
    if "house_rules" in case:
        rules = mjscore.apply_house_rules(rules, case["house_rules"])
    try:
        result = mjscore.score(hand, rules)
    except MjscoreError as error:
        return f"refused: {error}"
    return _differences(case, result)


def _differences(case: dict[str, Any], result: Score) -> str:
    if sorted((a.id, a.value) for a in result.awards) != sorted((a["id"], a["value"]) for a in case["awards"]):
        return "awards"
    if result.total != case["total"]:
        return "total"
    if result.dealer_tai != case.get("dealer_tai", 0):
        return "dealer_tai"
    if "arrangement" in case and (result.arrangement is None or result.arrangement.notation() != case["arrangement"]):
        return "arrangement"
    if "waits" in case and [t.code for t in result.waits] != case["waits"]:
        return "waits"
    if "legal" in case and result.is_legal != case["legal"]:
        return "legal"
    if "table_payments" in case and {p.id: p.value for p in result.table_payments} != case["table_payments"]:
        return "table_payments"
    if "payments" in case:
        rules = result.ruleset
        paid = [{"payer": p.payer, "amount": p.amount, "money": str(p.money(rules.stake, rules.base_money))}
                for p in result.payments]
        if paid != case["payments"]:
            return "payments"
    return ""


def run(mutation: Mutation, changed: dict[str, Any], cases: list[dict[str, Any]],
        listed: dict[str, str] | None = None) -> Outcome:
    """The outcome of one mutation against the ruleset's golden cases; a survivor carries why it is
    listed (``listed``: :func:`listed_survivors`), if it is."""
    _, source = read_rule_file(RULESETS / f"{mutation.ruleset}.toml", "ruleset")
    try:
        rules = ruleset_from_data(changed, source)
    except MjscoreError as error:
        return Outcome(mutation, "refused", str(error).splitlines()[0])
    for case in cases:
        failed = case_failure(case, rules, mutation.ruleset)
        if failed:
            return Outcome(mutation, "caught", f"{case['name']} ({failed})")
    return Outcome(mutation, "survived", (listed or {}).get(mutation.key, ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable); default: every one")
    parser.add_argument("--sample", type=int, help="this many mutations, drawn with --seed")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    chosen = args.ruleset or rulesets()
    every = [(m, changed) for ruleset in chosen for m, changed in mutations(ruleset)]
    if args.sample is not None:
        every = random.Random(args.seed).sample(every, min(args.sample, len(every)))
    cases = {ruleset: golden_cases(ruleset) for ruleset in chosen}
    listed = listed_survivors()
    counts = {"caught": 0, "survived": 0, "refused": 0}
    unexplained = 0
    for mutation, changed in every:
        outcome = run(mutation, changed, cases[mutation.ruleset], listed)
        counts[outcome.status] += 1
        note = f": {outcome.by}" if outcome.by else ""
        if outcome.status == "survived" and not outcome.by:
            unexplained += 1
            note = ": SURVIVED, not listed (no golden case pins it)"
        print(f"{outcome.status:8} {mutation.key}{note}", flush=True)
    print(f"{len(every)} mutations: {counts['caught']} caught, {counts['survived']} survived "
          f"({unexplained} not listed), {counts['refused']} refused by the loader")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
