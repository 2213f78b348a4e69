"""House rules: a table's changes to a ruleset, from a small TOML file or the same keys in JSON.

::

    base = 10                               # the base added to every winning hand
    limit = 300                             # the most a hand can score (omit: no limit)
    stake = 0.5                             # the money one point (tai) is worth at this table
    minimum = { E = 20, S = 22, W = 24, N = 26 }   # or one number for every round; false: none
    dealer_keeps_deal_on_draw = false       # the deal passes after a drawn hand (also: ..._on_win)
    [awards]
    dealer_streak = 2                       # a new value
    calling = true                          # switch an award on (or false: off)
    seabed = { points = 20, enabled = true }
    [table_payments]
    full_flower_set = false                 # switch a table payment off
    concealed_gong_collection = 10          # a new amount from each other player

The result is a new :class:`~mjscore.scoring.ruleset.Ruleset` whose ``overrides`` lists every change
in force, so two tables can tell whether they score alike. Nothing is changed in place.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from mjscore.errors import RulesetError
from mjscore.scoring.ruleset import AwardRule, Ruleset, TablePaymentRule, parse_stake
from mjscore.tiles import SEATS

_SWITCHES = ("dealer_keeps_deal_on_win", "dealer_keeps_deal_on_draw")
_TOP_KEYS = ("base", "limit", "stake", "minimum", *_SWITCHES, "awards", "table_payments")


def read_house_rules(path: Path) -> dict[str, Any]:
    """The override mapping of a ``.toml`` or ``.json`` file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulesetError(f"cannot read house rules {path}: {error.strerror}") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise RulesetError(f"house rules {path.name}: {error}") from None
    if not isinstance(data, dict):
        raise RulesetError(f"house rules {path.name}: expected a table of settings")
    return data


def apply_house_rules(rules: Ruleset, overrides: Mapping[str, Any]) -> Ruleset:
    """``rules`` with ``overrides`` applied; raises :class:`RulesetError` naming the bad key."""
    unknown = [key for key in overrides if key not in _TOP_KEYS]
    if unknown:
        raise RulesetError(f"house rules: unknown setting {unknown[0]!r} (use {', '.join(_TOP_KEYS)})")
    changes: dict[str, Any] = {}
    notes: list[str] = []
    if "base" in overrides:
        changes["base"] = _amount(overrides["base"], "base")
        notes.append(f"base = {changes['base']}")
    if "limit" in overrides:
        limit = overrides["limit"]
        changes["limit"] = None if limit is False else _amount(limit, "limit")
        notes.append(f"limit = {changes['limit'] if changes['limit'] is not None else 'none'}")
    if "stake" in overrides:
        changes["stake"] = parse_stake(overrides["stake"], "house rules")
        notes.append(f"stake = {changes['stake']}")
    for switch in _SWITCHES:
        if switch in overrides:
            if not isinstance(overrides[switch], bool):
                raise RulesetError(f"house rules: {switch} must be true or false, not {overrides[switch]!r}")
            changes[switch] = overrides[switch]
            notes.append(f"{switch} = {'true' if overrides[switch] else 'false'}")
    if "minimum" in overrides:
        changes["minimum"] = _minimum(overrides["minimum"], rules.minimum)
        notes.append(f"minimum = {_minimum_text(changes['minimum'])}")
    awards = overrides.get("awards", {})
    if awards:
        _check_table(awards, "awards")
        changes["awards"] = tuple(_override(rule, awards.get(rule.id), notes, "awards", "points")
                                  for rule in rules.awards)
        _check_ids(awards, {r.id for r in rules.awards}, "award", rules.id)
    payments = overrides.get("table_payments", {})
    if payments:
        _check_table(payments, "table_payments")
        changes["table_payments"] = tuple(
            _override(rule, payments.get(rule.id), notes, "table_payments", "amount", " each")
            for rule in rules.table_payments)
        _check_ids(payments, {r.id for r in rules.table_payments}, "table payment", rules.id)
    return replace(rules, overrides=rules.overrides + tuple(notes), **changes)


def _amount(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesetError(f"house rules: {where} must be a whole number, not {value!r}")
    if value < 0:
        raise RulesetError(f"house rules: {where} cannot be negative ({value})")
    return value


def _minimum(value: Any, current: Mapping[str, int] | None) -> dict[str, int] | None:
    """The new minimum to win: one number for every round, ``false`` for none, or a table of round
    winds that changes the rounds it names and keeps the ``current`` ladder for the others."""
    if value is False:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return {seat: _amount(value, "minimum") for seat in SEATS}
    if isinstance(value, Mapping):
        bad = [k for k in value if k not in SEATS]
        if bad:
            raise RulesetError(f"house rules: minimum: {bad[0]!r} is not a round wind (E, S, W, N)")
        kept = dict(current or {})
        return {seat: _amount(value[seat], f"minimum.{seat}") if seat in value else kept[seat]
                for seat in SEATS if seat in value or seat in kept}
    raise RulesetError(f"house rules: minimum must be a number, a table of round winds, or false, not {value!r}")


def _minimum_text(minimum: Mapping[str, int] | None) -> str:
    if minimum is None:
        return "none"
    return ", ".join(f"{seat} {points}" for seat, points in minimum.items())


def _check_table(value: Any, where: str) -> None:
    if not isinstance(value, Mapping):
        raise RulesetError(f"house rules: {where} must be a table of ids")


def _check_ids(given: Mapping[str, Any], known: set[str], kind: str, ruleset: str) -> None:
    for key in given:
        if key not in known:
            raise RulesetError(f"house rules: ruleset {ruleset} has no {kind} {key!r}")


def _change(value: Any, where: str, amount_key: str) -> tuple[int | None, bool | None]:
    """(new points/amount, new enabled) from ``42``, ``true``/``false`` or ``{points=..., enabled=...}``."""
    if isinstance(value, bool):
        return None, value
    if isinstance(value, int):
        return _amount(value, where), None
    if isinstance(value, Mapping):
        extra = [k for k in value if k not in (amount_key, "enabled")]
        if extra:
            raise RulesetError(f"house rules: {where}: unknown key {extra[0]!r} (use {amount_key}, enabled)")
        points = _amount(value[amount_key], f"{where}.{amount_key}") if amount_key in value else None
        enabled = value.get("enabled")
        if enabled is not None and not isinstance(enabled, bool):
            raise RulesetError(f"house rules: {where}.enabled must be true or false")
        return points, enabled
    raise RulesetError(f"house rules: {where} must be a number, true/false, or a table, not {value!r}")


Rule = TypeVar("Rule", AwardRule, TablePaymentRule)


def _override(rule: Rule, value: Any, notes: list[str], table: str, amount: str, unit: str = "") -> Rule:
    """``rule`` with the house rule ``value`` applied: a new ``amount`` (an award's ``points``, a
    table payment's ``amount``), switched on or off, or both; each change noted."""
    if value is None:
        return rule
    new_amount, enabled = _change(value, f"{table}.{rule.id}", amount)
    if new_amount is not None:
        notes.append(f"{rule.id} = {new_amount}{unit} (was {getattr(rule, amount)})")
        change: dict[str, Any] = {amount: new_amount}
        rule = replace(rule, **change)
    if enabled is not None:
        notes.append(f"{rule.id} {'on' if enabled else 'off'}")
        rule = replace(rule, enabled=enabled)
    return rule
