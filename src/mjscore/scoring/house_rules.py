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

The keys are a declared schema (:class:`HouseRules`, strict: no unknown key, no ``"1"`` for 1, no
``true`` for a number; published as ``docs/house-rules.schema.json``). A file is read strictly (size
bound, UTF-8) and a bad key is refused in one line naming the file and its line (TOML) or its path
(JSON); the ids under ``[awards]`` and ``[table_payments]`` must be the ruleset's.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import Field, Tag, ValidationError

from mjscore.scoring.loading import LOCK, Points, Settings, setting_kinds
from mjscore.scoring.rulefiles import Loc, Source, StrictModel, fail, first_error, read_rule_file
from mjscore.scoring.ruleset import AwardRule, Ruleset, TablePaymentRule


class AwardSetting(StrictModel):
    """An award changed by a table: a new value, switched on or off, or both; and its value in an open
    hand (``open_points``: 0, closed only; riichi's open tanyao is ``open_points = 1``)."""

    points: Points | None = None
    enabled: bool | None = None
    open_points: Points | None = None


class PaymentSetting(StrictModel):
    """A table payment changed by a table: a new amount from each payer, switched on or off, or both."""

    amount: Points | None = None
    enabled: bool | None = None


AwardValue = Annotated[
    Annotated[Points, Tag("number")] | Annotated[bool, Tag("switch")] | Annotated[AwardSetting, Tag("table")],
    setting_kinds("must be a number, true/false, or a table")]
PaymentValue = Annotated[
    Annotated[Points, Tag("number")] | Annotated[bool, Tag("switch")] | Annotated[PaymentSetting, Tag("table")],
    setting_kinds("must be a number, true/false, or a table")]


class HouseRules(Settings):
    """A table's house rules: settings of the ruleset, and awards and table payments by id."""

    awards: dict[str, AwardValue] = Field({}, description="By award id: a new value, true/false (on/off), or both.")
    table_payments: dict[str, PaymentValue] = Field(
        {}, description="By table payment id: a new amount from each payer, true/false (on/off), or both.")


def house_rules_schema() -> dict[str, Any]:
    """The JSON Schema of house-rule files and mappings (``docs/house-rules.schema.json``)."""
    return {**HouseRules.model_json_schema(), "title": "mjscore house rules"}


def read_house_rules(path: Path) -> dict[str, Any]:
    """The override mapping of a ``.toml`` or ``.json`` file, its keys checked against the schema
    (:class:`HouseRules`); raises :class:`RulesetError` naming the file, the line or path and the key."""
    data, source = read_rule_file(path, "house rules")
    _validated(data, source)
    return data


def load_house_rules(rules: Ruleset, path: Path) -> Ruleset:
    """``rules`` with the house rules of the file ``path`` applied (errors name the file's line)."""
    data, source = read_rule_file(path, "house rules")
    return apply_house_rules(rules, data, source)


def apply_house_rules(rules: Ruleset, overrides: Mapping[str, Any], source: Source | None = None) -> Ruleset:
    """``rules`` with ``overrides`` applied; raises :class:`RulesetError` naming the bad key
    (``source``: the file they were read from, for its name and lines)."""
    source = source or Source("house rules")
    with LOCK:  # the model's validator is built on first use: one thread at a time
        settings = _validated(overrides, source)
    changes, notes = settings.changes(rules)
    _check_ids(settings.awards, {r.id for r in rules.awards}, "awards", rules.id, source)
    _check_ids(settings.table_payments, {r.id for r in rules.table_payments}, "table_payments", rules.id, source)
    if settings.awards:
        changes["awards"] = tuple(_override(rule, settings.awards.get(rule.id), notes, "points")
                                  for rule in rules.awards)
    if settings.table_payments:
        changes["table_payments"] = tuple(_override(rule, settings.table_payments.get(rule.id), notes, "amount", " each")
                                          for rule in rules.table_payments)
    return replace(rules, overrides=rules.overrides + tuple(notes), **changes)


def _validated(data: Any, source: Source) -> HouseRules:
    try:
        return HouseRules.model_validate(data)
    except ValidationError as error:
        loc, problem = first_error(error, data, HouseRules.model_json_schema())
        fail(source, loc, problem)


def _check_ids(given: Mapping[str, Any], known: set[str], table: str, ruleset: str, source: Source) -> None:
    kind = "award" if table == "awards" else "table payment"
    for key in given:
        if key not in known:
            near = difflib.get_close_matches(key, sorted(known), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            loc: Loc = (table, key)
            fail(source, loc, f"ruleset {ruleset} has no {kind} {key!r}{hint}", covered=2)


Rule = TypeVar("Rule", AwardRule, TablePaymentRule)


def _override(rule: Rule, value: int | bool | AwardSetting | PaymentSetting | None, notes: list[str], amount: str,
              unit: str = "") -> Rule:
    """``rule`` with the house rule ``value`` applied: a new ``amount`` (an award's ``points``, a
    table payment's ``amount``), switched on or off, or both; each change noted."""
    if value is None:
        return rule
    if isinstance(value, bool):
        new_amount, enabled = None, value
    elif isinstance(value, int):
        new_amount, enabled = value, None
    else:
        new_amount, enabled = getattr(value, amount), value.enabled
    if new_amount is not None:
        notes.append(f"{rule.id} = {new_amount}{unit} (was {getattr(rule, amount)})")
        change: dict[str, Any] = {amount: new_amount}
        rule = replace(rule, **change)
    if isinstance(value, AwardSetting) and value.open_points is not None and isinstance(rule, AwardRule):
        was = rule.open_points if rule.open_points is not None else rule.points
        notes.append(f"{rule.id} open = {value.open_points} (was {was})")
        rule = replace(rule, open_points=value.open_points)
    if enabled is not None:
        notes.append(f"{rule.id} {'on' if enabled else 'off'}")
        rule = replace(rule, enabled=enabled)
    return rule
