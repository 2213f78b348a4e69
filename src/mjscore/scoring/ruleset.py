"""Rulesets as data: a table of awards (id, points, group, names, pattern) and a few settings.

A ruleset is read from a TOML file (``src/mjscore/rulesets/*.toml``). Each ``[[award]]`` row names
the pattern that detects it; the engine never knows a ruleset by name. A :class:`Ruleset` is
immutable: house rules make a new one with :meth:`Ruleset.with_overrides`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from mjscore.arrangements import SHAPES
from mjscore.errors import RulesetError
from mjscore.scoring import patterns_mcr  # noqa: F401  (registers the MCR patterns)
from mjscore.scoring.facts import Facts
from mjscore.scoring.patterns import PATTERNS, Hit, Pattern, bind
from mjscore.scoring.payments import Direction

LANGUAGES = ("en", "zh-Hans", "zh-Hant")


@dataclass(frozen=True, slots=True)
class Names:
    """A text in English, Simplified and Traditional Chinese."""

    en: str
    zh_hans: str
    zh_hant: str

    def get(self, lang: str) -> str:
        if lang == "en":
            return self.en
        if lang == "zh-Hans":
            return self.zh_hans
        if lang == "zh-Hant":
            return self.zh_hant
        raise ValueError(f"unknown language {lang!r}: use en, zh-Hans or zh-Hant")

    def to_dict(self) -> dict[str, str]:
        return {"en": self.en, "zh-Hans": self.zh_hans, "zh-Hant": self.zh_hant}

    @staticmethod
    def from_table(table: Mapping[str, Any], where: str) -> Names:
        try:
            return Names(table["en"], table["zh-Hans"], table["zh-Hant"])
        except KeyError as missing:
            raise RulesetError(f"{where}: missing the {missing.args[0]} text") from None


@dataclass(frozen=True, slots=True)
class Consolation:
    """An award that replaces a whole small score: Chicken Hand replaces a pre-base total of
    exactly ``when_total`` (the awards in ``ignore`` left out of that total and kept)."""

    when_total: int
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True)
class AwardRule:
    """One row of a ruleset's award table."""

    id: str
    points: int
    name: Names
    help: Names
    source: str
    pattern: str = "never"
    params: Mapping[str, Any] = field(default_factory=dict)
    group: str | None = None
    replaces: tuple[str, ...] = ()
    reduces: Mapping[str, int] = field(default_factory=dict)
    shapes: tuple[str, ...] = ()
    on_flower_win: bool = False
    enabled: bool = True
    consolation: Consolation | None = None
    function: Pattern = field(default=PATTERNS["never"], repr=False, compare=False)
    arguments: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    def test(self, facts: Facts) -> Hit | None:
        """The row's pattern on an arrangement's facts."""
        return self.function(facts, *self.arguments)


@dataclass(frozen=True)
class TablePaymentRule:
    """A payment settled at the table when it happens (ruling 5): ``amount`` per instance, paid in
    ``direction`` (by default each other player pays the player who earned it). A rule with a
    ``pattern`` is implied by a scored hand that shows it; a rule without one is an event that no
    hand implies (triple dice, a penalty), recorded when it happens
    (:func:`mjscore.scoring.engine.record_event`). ``ends_hand``: the event ends the hand being
    played, as a drawn hand does (False Mahjong, ruling 43); ``dealer_only``: only the dealer can
    cause it (triple dice, ruling 44)."""

    id: str
    amount: int
    name: Names
    help: Names
    source: str
    pattern: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    group: str | None = None
    direction: Direction = Direction.COLLECT
    enabled: bool = True
    ends_hand: bool = False
    dealer_only: bool = False
    function: Pattern = field(default=PATTERNS["never"], repr=False, compare=False)
    arguments: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    def test(self, facts: Facts) -> Hit | None:
        """The row's pattern on a scored hand's facts (an event's is never found in a hand)."""
        return self.function(facts, *self.arguments)


@dataclass(frozen=True)
class Ruleset:
    """A scoring table and its settings. ``hand_size`` is 16 or 13 tiles held; ``base`` is added to
    every winning hand; ``settlement_bonus`` is paid by every loser on top of the hand's value
    (MCR's 8); ``minimum`` is the minimum to win per round wind (None: no minimum), counted without
    the awards in ``minimum_excludes``; ``limit`` caps a hand's total (None: no limit);
    ``instant_flower_win`` is the number of bonus tiles that ends the hand at once (None: flowers
    never win by themselves); ``stake``
    is the money one point (or tai) is worth at the table, agreed before play (:meth:`Payment.money`).
    ``dealer_keeps_deal_on_win`` / ``dealer_keeps_deal_on_draw`` say whether the dealer deals again
    after winning / after a drawn hand (the scorekeeper's dealer rotation). ``overrides`` lists the
    house rules applied (:mod:`mjscore.scoring.house_rules`)."""

    id: str
    name: Names
    version: str
    unit: str
    hand_size: int
    shapes: tuple[str, ...]
    base: int
    base_name: Names
    awards: tuple[AwardRule, ...]
    table_payments: tuple[TablePaymentRule, ...] = ()
    settlement_bonus: int = 0
    minimum: Mapping[str, int] | None = None
    minimum_excludes: tuple[str, ...] = ()
    limit: int | None = None
    instant_flower_win: int | None = None
    stake: Decimal = Decimal(1)
    dealer_keeps_deal_on_win: bool = True
    dealer_keeps_deal_on_draw: bool = False
    overrides: tuple[str, ...] = ()

    #: The awards the engine evaluates on a hand (enabled, not a consolation), and every award by
    #: id: derived from ``awards`` once, since the scoring loop reads them for every arrangement.
    evaluated: tuple[AwardRule, ...] = field(init=False, repr=False, compare=False)
    _by_id: Mapping[str, AwardRule] = field(init=False, repr=False, compare=False)
    _for_arrangement: dict[tuple[bool, str | None], tuple[AwardRule, ...]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "evaluated", tuple(a for a in self.awards if a.enabled and a.consolation is None))
        object.__setattr__(self, "_by_id", {a.id: a for a in self.awards})
        object.__setattr__(self, "_for_arrangement", {})

    def evaluated_for(self, flower_win: bool, shape: str | None) -> tuple[AwardRule, ...]:
        """The awards to evaluate on an arrangement of ``shape`` (None for an instant flower win):
        those that apply to that kind of win and allow that shape. Computed once per pair."""
        key = (flower_win, shape)
        found = self._for_arrangement.get(key)
        if found is None:
            found = tuple(a for a in self.evaluated if (a.on_flower_win or not flower_win)
                          and (not a.shapes or shape in a.shapes))
            self._for_arrangement[key] = found
        return found

    def award(self, award_id: str) -> AwardRule:
        rule = self._by_id.get(award_id)
        if rule is None:
            raise RulesetError(f"ruleset {self.id} has no award {award_id!r}")
        return rule

    def table_payment(self, payment_id: str) -> TablePaymentRule:
        for rule in self.table_payments:
            if rule.id == payment_id:
                return rule
        raise RulesetError(f"ruleset {self.id} has no table payment {payment_id!r}")

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The award table as JSON (the CLI's ``rulesets ID --format json`` and the HTTP API)."""
        return {
            "id": self.id, "name": self.name.get(lang), "version": self.version, "unit": self.unit,
            "hand_size": self.hand_size, "base": self.base, "base_name": self.base_name.get(lang),
            "limit": self.limit, "stake": str(self.stake), "minimum": dict(self.minimum) if self.minimum is not None else None,
            "overrides": list(self.overrides),
            "awards": [{"id": a.id, "points": a.points, "group": a.group, "name": a.name.get(lang),
                        "names": a.name.to_dict(), "help": a.help.get(lang), "enabled": a.enabled, "source": a.source}
                       for a in self.awards],
            "table_payments": [{"id": p.id, "amount_each": p.amount, "group": p.group, "name": p.name.get(lang),
                                "names": p.name.to_dict(), "help": p.help.get(lang), "enabled": p.enabled,
                                "direction": p.direction.value, "event": p.pattern is None}
                               for p in self.table_payments],
        }


def load_ruleset(path: Path) -> Ruleset:
    """Read a ruleset's TOML table; raise :class:`RulesetError` naming the row that is wrong."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    where = path.name
    try:
        meta = data["ruleset"]
        shapes = tuple(meta["shapes"])
        for shape in shapes:
            if shape not in SHAPES:
                raise RulesetError(f"{where}: unknown shape {shape!r}")
        awards = tuple(_award(row, where) for row in data.get("award", []))
        payments = tuple(_table_payment(row, where) for row in data.get("table_payment", []))
        _check_ids(awards, where)
        return Ruleset(
            id=meta["id"],
            name=Names.from_table(meta["name"], where),
            version=meta["version"],
            unit=meta.get("unit", "points"),
            hand_size=meta["hand_size"],
            shapes=shapes,
            base=meta.get("base", 0),
            base_name=Names.from_table(meta["base_name"], where),
            awards=awards,
            table_payments=payments,
            settlement_bonus=meta.get("settlement_bonus", 0),
            minimum=meta.get("minimum"),
            minimum_excludes=tuple(meta.get("minimum_excludes", ())),
            limit=meta.get("limit"),
            instant_flower_win=meta.get("instant_flower_win"),
            stake=parse_stake(meta.get("stake", 1), where),
            dealer_keeps_deal_on_win=meta.get("dealer_keeps_deal_on_win", True),
            dealer_keeps_deal_on_draw=meta.get("dealer_keeps_deal_on_draw", False),
        )
    except KeyError as missing:
        raise RulesetError(f"{where}: missing key {missing.args[0]!r}") from None


def _pattern_fields(row: Mapping[str, Any], where: str) -> dict[str, Any]:
    function, arguments = _bound(row, where)
    return {"function": function, "arguments": arguments}


def _bound(row: Mapping[str, Any], where: str) -> tuple[Pattern, tuple[Any, ...]]:
    name = row.get("pattern", "never")
    if name not in PATTERNS:
        raise RulesetError(f"{where}: {row['id']}: unknown pattern {name!r}")
    try:
        return bind(name, dict(row.get("params", {})))
    except TypeError as error:
        raise RulesetError(f"{where}: {row['id']}: pattern {name}: {error}") from None


def _award(row: Mapping[str, Any], where: str) -> AwardRule:
    label = f"{where}: award {row.get('id', '?')}"
    consolation = row.get("consolation")
    return AwardRule(
        id=row["id"],
        points=row["points"],
        name=Names.from_table(row["name"], label),
        help=Names.from_table(row["help"], label),
        source=row["source"],
        pattern=row.get("pattern", "never"),
        params=dict(row.get("params", {})),
        group=row.get("group"),
        replaces=tuple(row.get("replaces", ())),
        reduces=dict(row.get("reduces", {})),
        shapes=tuple(row.get("shapes", ())),
        on_flower_win=row.get("on_flower_win", False),
        enabled=row.get("enabled", True),
        consolation=Consolation(consolation["when_total"], tuple(consolation.get("ignore", ()))) if consolation else None,
        **_pattern_fields(row, label),
    )


def _table_payment(row: Mapping[str, Any], where: str) -> TablePaymentRule:
    label = f"{where}: table payment {row.get('id', '?')}"
    return TablePaymentRule(
        id=row["id"],
        amount=row["amount"],
        name=Names.from_table(row["name"], label),
        help=Names.from_table(row["help"], label),
        source=row["source"],
        pattern=row.get("pattern"),
        params=dict(row.get("params", {})),
        group=row.get("group"),
        direction=_direction(row.get("direction", "collect"), label),
        enabled=row.get("enabled", True),
        ends_hand=row.get("ends_hand", False),
        dealer_only=row.get("dealer_only", False),
        **_pattern_fields(row, label),
    )


def parse_stake(value: Any, where: str) -> Decimal:
    """The money one point is worth, from a whole or decimal number (``10``, ``0.5``, ``"0.5"``);
    raises :class:`RulesetError` naming ``where`` for anything else or a negative stake."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise RulesetError(f"{where}: stake must be a number (money per point), not {value!r}")
    try:
        stake = Decimal(str(value))
    except InvalidOperation:
        raise RulesetError(f"{where}: stake must be a number (money per point), not {value!r}") from None
    if not stake.is_finite() or stake < 0:
        raise RulesetError(f"{where}: stake must be a number of at least 0, not {value!r}")
    return stake


def _direction(value: str, where: str) -> Direction:
    try:
        return Direction(value)
    except ValueError:
        choices = ", ".join(d.value for d in Direction)
        raise RulesetError(f"{where}: unknown direction {value!r} (use {choices})") from None


def _check_ids(awards: tuple[AwardRule, ...], where: str) -> None:
    ids = [a.id for a in awards]
    for award in awards:
        if ids.count(award.id) > 1:
            raise RulesetError(f"{where}: award id {award.id!r} is used twice")
        for other in award.replaces + tuple(award.reduces) + (award.consolation.ignore if award.consolation else ()):
            if other not in ids:
                raise RulesetError(f"{where}: award {award.id} refers to unknown award {other!r}")
