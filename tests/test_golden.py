"""Golden cases: hands with the awards and total worked out by hand from the source tables.

Each ``tests/golden/<ruleset>.toml`` holds ``[[case]]`` tables::

    [[case]]
    name = "All Sheung, concealed, won on a discard"
    hand = { seat = "S", concealed = "123m 456m 789p 234s 67s 99p", win_tile = "8s", win = "discard", discarder = "W" }
    total = 30
    awards = [
      { id = "no_flowers_or_honours", value = 5, row = "No Flowers or Honours: No Flowers, Winds or Dragons 5" },
      ...
    ]

``row`` names the source row each award comes from (it must contain the award's English name, so a
row that names the wrong award fails). The hand's ruleset is the file's name unless the hand says
otherwise; ``preset`` scores it under one of the ruleset's shipped presets (``taiwan-cap24``), and
``house_rules`` under house rules written as a house-rules file writes them (``{ awards = { calling =
true } }``: a row a table can switch on, off in the shipped table, proven under the rule that enables it).
``total`` is the hand's total; the awards a payment carries only where it involves the dealer (the
Taiwan table's 莊家 and 連莊) are listed with the others but are not in it: a case with any states
their sum as ``dealer_tai`` (ruling 55), 0 otherwise. A case may also state ``arrangement``,
``waits`` (tile codes), ``legal``, ``table_payments`` (``{ id = value-each }``) and ``payments``
(``[{ payer = "E", amount = 4, money = "130" }]``: every payment of the hand to the winner, in seat
order, with its money at the ruleset's stake and base money).

A case may declare the rows it just misses (issue 26: every row has a case that earns it and a near
miss, ``docs/coverage.md``)::

    near_misses = [
      { id = "concealed_hand", of = "All Sheung, concealed, won on a discard", change = "the 123m chow declared",
        row = "Hand patterns: Concealed Hand 5" },
    ]

``of`` names a case of the same file (and preset) that earns ``id``; the two hands are one step apart:
at most one tile replaced, added or removed, and at most one fact of the win changed (how it was won,
the seat, the round, the declared sets, the winning tile, a flag). A near miss that cannot be one step
(a one-suit hand: a tile of another suit fits no set on its own) says why in ``far = "..."``; the note
stands only where no one-step neighbour of the row's positive cases is a win that loses the row
(``tools/near_misses.py`` searches them; ``tests/test_coverage.py`` fails on a far note that has one).
A case one step from a case earning a row is found as its near miss without being declared.
``tests/test_coverage.py`` checks every declaration; ``PYTHONPATH=src python tools/near_misses.py
TABLE:ROW`` lists the one-step neighbours of the row's cases that are a win and lose it (or, with
``--earn``, of other cases that gain it), as a start for writing one: the case is still worked out by
hand from the source.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import mjscore
from mjscore.rulesets import preset

GOLDEN = Path(__file__).parent / "golden"


def _cases() -> list[Any]:
    found = []
    for path in sorted(GOLDEN.glob("*.toml")):
        with path.open("rb") as handle:
            for number, case in enumerate(tomllib.load(handle)["case"], 1):
                found.append(pytest.param(path.stem, case, id=f"{path.stem}-{number}-{case['name']}"))
    return found


@pytest.mark.parametrize(("ruleset", "case"), _cases())
def test_golden(ruleset: str, case: dict[str, Any]) -> None:
    record = {"ruleset": ruleset, **case["hand"]}
    hand = mjscore.Hand.from_dict(record)
    rules = mjscore.get_ruleset(hand.ruleset)
    if "preset" in case:
        rules = mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(case["preset"])))
    if "house_rules" in case:
        rules = mjscore.apply_house_rules(rules, case["house_rules"])
    result = mjscore.score(hand, rules)
    got = sorted((a.id, a.value) for a in result.awards)
    expected = sorted((a["id"], a["value"]) for a in case["awards"])
    assert got == expected, f"awards differ: {result.arrangement.notation() if result.arrangement else ''}"
    assert result.total == case["total"]
    assert result.dealer_tai == case.get("dealer_tai", 0)
    for award in case["awards"]:
        name = result.ruleset.award(award["id"]).name.en
        assert name.lower() in award["row"].lower(), f"row {award['row']!r} is not the row of {name!r}"
    if "arrangement" in case:
        assert result.arrangement is not None and result.arrangement.notation() == case["arrangement"]
    if "waits" in case:
        assert [t.code for t in result.waits] == case["waits"]
    if "legal" in case:
        assert result.is_legal == case["legal"]
    if "fu" in case:
        assert result.value is not None
        assert (result.value.fu, result.value.limit.id if result.value.limit else None, result.value.limit_hands) == (
            case["fu"], case.get("limit"), case.get("limit_hands", 0))
    if "table_payments" in case:
        assert {p.id: p.value for p in result.table_payments} == case["table_payments"]
    if "payments" in case:
        rules = result.ruleset
        assert [{"payer": p.payer, "amount": p.amount, "money": str(p.money(rules.stake, rules.base_money))}
                for p in result.payments] == case["payments"]
        assert all(p.payee == result.hand.seat for p in result.payments)
