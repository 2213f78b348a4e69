"""Rulesets as data: a table of awards (id, points, group, names, pattern) and a few settings.

A ruleset is read from a TOML file (``src/mjscore/rulesets/*.toml``, or a club's own file that
``extends`` one of them). Each ``[[award]]`` row names the pattern that detects it; the engine never
knows a ruleset by name. A :class:`Ruleset` is immutable: house rules make a new one
(:mod:`mjscore.scoring.house_rules`).

This module holds the values a loaded ruleset is made of. The file's schema (the strict pydantic
models, published as ``docs/ruleset.schema.json``) and its loading are :mod:`mjscore.scoring.loading`,
imported only when a file is loaded: scoring under a shipped ruleset kept by
:mod:`mjscore.rulesets.keep` builds none of those models (issue 13: start-up).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from itertools import chain
from typing import TYPE_CHECKING, Any

from mjscore.errors import RulesetError
from mjscore.scoring.facts import Facts
from mjscore.scoring.patterns import PATTERNS, Hit, Pattern
from mjscore.scoring.payments import Direction

if TYPE_CHECKING:
    from mjscore.scoring.han_fu import FuTable, PointsTable

LANGUAGES = ("en", "zh-Hans", "zh-Hant", "ja")


@dataclass(frozen=True, slots=True)
class Names:
    """A text in English, Simplified and Traditional Chinese, and in Japanese where the ruleset
    gives it (riichi's yaku, as Japanese players write them). A text without Japanese is said in
    Japanese by its Traditional Chinese, the script of the Chinese rulesets' own tables
    (docs/rulesets/riichi.md, "Languages")."""

    en: str
    zh_hans: str
    zh_hant: str
    ja: str | None = None

    def get(self, lang: str) -> str:
        if lang == "en":
            return self.en
        if lang == "zh-Hans":
            return self.zh_hans
        if lang == "zh-Hant":
            return self.zh_hant
        if lang == "ja":
            return self.ja if self.ja is not None else self.zh_hant
        raise ValueError(f"unknown language {lang!r}: use en, zh-Hans, zh-Hant or ja")

    def to_dict(self) -> dict[str, str]:
        found = {"en": self.en, "zh-Hans": self.zh_hans, "zh-Hant": self.zh_hant}
        if self.ja is not None:
            found["ja"] = self.ja
        return found


@dataclass(frozen=True, slots=True)
class Consolation:
    """An award that replaces a whole small score: Chicken Hand replaces a pre-base total of
    exactly ``when_total`` (the awards in ``ignore`` left out of that total and kept)."""

    when_total: int
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ContextRule:
    """What a hand record's claim (``heavenly``, ``earthly``, ``ready_declared``) means in a ruleset,
    as conditions the record must meet (:func:`mjscore.scoring.contexts.check_context`): ``name``
    and ``means`` say it in English for the refusal; ``seat`` ("dealer", "non_dealer"), ``win``
    (the win kinds it allows), ``discarder`` ("dealer"), ``max_discards`` (tiles discarded before
    the winning tile), ``declared_sets`` ("none", "concealed_kongs": no claimed set, or "any") and
    ``replacements`` (the replacement draws it allows) are None or "any" where the claim says nothing."""

    name: str
    means: str
    seat: str | None = None
    win: tuple[str, ...] | None = None
    discarder: str | None = None
    max_discards: int | None = None
    declared_sets: str = "any"
    replacements: tuple[str, ...] | None = None


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
    #: A tai of a payment, not of the hand (rulings 35, 55: 莊家, 連莊): shown on the winner's sheet
    #: apart from the total, which leaves it out, and carried by each payment the dealer makes or receives.
    dealer_payments_only: bool = False
    #: The row's value in an open hand (a declared set other than a concealed kong): None, the same as
    #: ``points``; 0, the row is played closed only (riichi's pinfu, iipeikou; sanshoku is 1 open, 2 closed).
    open_points: int | None = None
    #: A limit hand (riichi's yakuman): its ``points`` count limits, not han. Where a limit hand counts,
    #: only limit hands count (:meth:`Ruleset.limit_hands_only`), and the hand is paid as that many limits.
    limit_hand: bool = False
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
class PointsGame:
    """A table that keeps points through a game (riichi's): each player starts with ``start`` points;
    the final score is measured from ``target`` (the return), and first place collects the oka,
    ``4 × (target - start)``; a ready declaration puts a ``deposit`` stick on the table, which the next
    winner takes (left over at the game's end, ``leftover`` says: "first" place's, or "lost"); each
    continuance counter (honba) adds
    ``counter_discard`` to a win on a discard, ``counter_self_draw`` from each payer to a self-draw;
    at an exhaustive draw the players not ready pay ``noten_pool`` between them to those ready; the game
    is ``rounds`` round winds long (2: East and South, a hanchan; 1: East only, a tonpuusen); ``uma``
    is added to the final scores by place (first to fourth), tied players sharing theirs (``uma_ties``
    "split") or ranked by seat order from the first dealer ("seat"); ``abortive_draws`` says whether
    the game has them; ``bust_ends`` that a player below zero points ends the game; ``riichi_needs_points``
    that a player needs a stick's worth of points in play to declare riichi."""

    start: int
    target: int
    deposit: int = 1000
    counter_discard: int = 300
    counter_self_draw: int = 100
    noten_pool: int = 3000
    rounds: int = 2
    uma: tuple[int, int, int, int] = (15000, 5000, -5000, -15000)
    uma_ties: str = "split"
    abortive_draws: bool = False
    bust_ends: bool = False
    leftover: str = "first"
    riichi_needs_points: bool = False

    @property
    def oka(self) -> int:
        """What first place collects besides its points: every player's ``target - start``."""
        return 4 * (self.target - self.start)

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "target": self.target, "deposit": self.deposit,
                "counter_discard": self.counter_discard, "counter_self_draw": self.counter_self_draw,
                "noten_pool": self.noten_pool, "rounds": self.rounds, "uma": list(self.uma),
                "uma_ties": self.uma_ties, "abortive_draws": self.abortive_draws, "bust_ends": self.bust_ends,
                "leftover": self.leftover, "riichi_needs_points": self.riichi_needs_points}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> PointsGame:
        """The game of :meth:`to_dict` (raises KeyError, TypeError or ValueError otherwise)."""
        uma = tuple(int(u) for u in data["uma"])
        if len(uma) != 4:
            raise ValueError("four uma wanted")
        return PointsGame(int(data["start"]), int(data["target"]), int(data["deposit"]), int(data["counter_discard"]),
                          int(data["counter_self_draw"]), int(data["noten_pool"]), int(data["rounds"]),
                          (uma[0], uma[1], uma[2], uma[3]), str(data["uma_ties"]), bool(data["abortive_draws"]),
                          bool(data["bust_ends"]), str(data["leftover"]), bool(data["riichi_needs_points"]))


@dataclass(frozen=True)
class Ruleset:
    """A scoring table and its settings. ``hand_size`` is 16 or 13 tiles held; ``base`` is added to
    every winning hand; ``settlement_bonus`` is paid by every loser on top of the hand's value
    (MCR's 8); ``minimum`` is the minimum to win per round wind (None: no minimum), counted without
    the awards in ``minimum_excludes``; ``limit`` caps a hand's total (None: no limit);
    ``instant_flower_win`` is the number of bonus tiles that ends the hand at once (None: flowers
    never win by themselves); ``stake``
    is the money one point (or tai) is worth at the table, agreed before play (:meth:`Payment.money`);
    ``base_money`` the money each payment of a hand carries besides (the Taiwan table's 底: a payment
    is 底 + 台 × 每台). ``optional_shapes`` are irregular shapes that win only while an enabled award
    is restricted to them (``shapes``): a house rule that switches on the Taiwan platform's 嚦咕嚦咕
    makes seven pairs and a pung a win; ``played_shapes`` are the shapes a hand may take.
    ``dealer_keeps_deal_on_win`` / ``dealer_keeps_deal_on_draw`` say whether the dealer deals again
    after winning / after a drawn hand (the scorekeeper's dealer rotation); ``streak_counts_draws``
    that a drawn hand that keeps the deal adds one to the dealer streak too (連莊, ruling 35). ``contexts`` says what
    the record's ``heavenly``, ``earthly`` and ``ready_declared`` mean here (:class:`ContextRule`).
    ``overrides`` lists the house rules applied (:mod:`mjscore.scoring.house_rules`). ``group_names``
    names the exclusive groups in the three languages, and ``source_notes`` gives the Chinese of each
    source note and of the version, by their English text: the award table a reader sees is then in
    their language; a group or note without them is shown as written (:meth:`group_name`, :meth:`note`)."""

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
    base_money: Decimal = Decimal(0)
    optional_shapes: tuple[str, ...] = ()
    dealer_keeps_deal_on_win: bool = True
    dealer_keeps_deal_on_draw: bool = False
    streak_counts_draws: bool = False
    contexts: Mapping[str, ContextRule] = field(default_factory=dict)
    overrides: tuple[str, ...] = ()
    group_names: Mapping[str, Names] = field(default_factory=dict)
    source_notes: Mapping[str, Names] = field(default_factory=dict)
    #: A ruleset whose hands are valued by han and fu (riichi, :mod:`mjscore.scoring.han_fu`): the fu
    #: table and the points table; None for a ruleset whose total is what each loser pays.
    fu: FuTable | None = None
    points_table: PointsTable | None = None
    #: A table that keeps points through a game (riichi's sticks, honba, uma: :class:`PointsGame`);
    #: None for a table whose balances are the sums of its hands' payments alone.
    points_game: PointsGame | None = None
    played_shapes: tuple[str, ...] = field(init=False, repr=False, compare=False)

    #: The awards the engine evaluates on a hand (enabled, not a consolation), and every award by
    #: id: derived from ``awards`` once, since the scoring loop reads them for every arrangement.
    evaluated: tuple[AwardRule, ...] = field(init=False, repr=False, compare=False)
    _by_id: Mapping[str, AwardRule] = field(init=False, repr=False, compare=False)
    _replaceable: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    _for_arrangement: dict[tuple[bool, str | None], tuple[AwardRule, ...]] = field(
        init=False, repr=False, compare=False)
    _opened: list[Ruleset] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "evaluated", tuple(a for a in self.awards if a.enabled and a.consolation is None))
        object.__setattr__(self, "_by_id", {a.id: a for a in self.awards})
        object.__setattr__(self, "_replaceable", {})
        object.__setattr__(self, "_for_arrangement", {})
        object.__setattr__(self, "_opened", [])
        priced = {shape for a in self.evaluated for shape in a.shapes}
        object.__setattr__(self, "played_shapes", self.shapes + tuple(s for s in self.optional_shapes if s in priced))

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

    @property
    def has_open_values(self) -> bool:
        """Whether a row is worth otherwise in an open hand (``open_points``)."""
        return any(a.open_points is not None for a in self.awards)

    def opened(self) -> Ruleset:
        """The table an open hand (a declared set other than a concealed kong) is scored by: each
        row with ``open_points`` worth them, a row with ``open_points`` 0 (closed only) switched
        off; the ruleset itself where no row says otherwise. Made once, and kept with the ruleset."""
        if not self.has_open_values:
            return self
        if not self._opened:
            awards = tuple(a if a.open_points is None else replace(a, points=a.open_points, open_points=None)
                           if a.open_points else replace(a, enabled=False, open_points=None) for a in self.awards)
            self._opened.append(replace(self, awards=awards))
        return self._opened[0]

    def award(self, award_id: str) -> AwardRule:
        rule = self._by_id.get(award_id)
        if rule is None:
            raise RulesetError(f"ruleset {self.id} has no award {award_id!r}")
        return rule

    def replaceable(self, award_id: str) -> frozenset[str]:
        """The awards that award ``award_id`` could take the place of, itself included: its exclusive
        group's, those it ``replaces`` or ``reduces``, and theirs in turn (a group rival of an award
        it replaces). Computed once per award: every score sheet asks it of each counted award."""
        found = self._replaceable.get(award_id)
        if found is None:
            members: dict[str, list[str]] = {}
            for rule in self.awards:
                if rule.group is not None:
                    members.setdefault(rule.group, []).append(rule.id)
            reached = {award_id}
            pending = [self.award(award_id)]
            while pending:
                rule = pending.pop()
                for other in chain(members[rule.group] if rule.group else (), rule.replaces, rule.reduces):
                    if other not in reached:
                        reached.add(other)
                        pending.append(self.award(other))
            found = self._replaceable[award_id] = frozenset(reached)
        return found

    def group_name(self, group: str, lang: str) -> str:
        """The name of the exclusive group ``group`` in ``lang`` (its id where the file names none)."""
        names = self.group_names.get(group)
        return names.get(lang) if names is not None else group

    def note(self, text: str, lang: str) -> str:
        """A source note (or the version) in ``lang``: as written, where the file gives no Chinese."""
        names = self.source_notes.get(text)
        return names.get(lang) if names is not None else text

    def table_payment(self, payment_id: str) -> TablePaymentRule:
        for rule in self.table_payments:
            if rule.id == payment_id:
                return rule
        raise RulesetError(f"ruleset {self.id} has no table payment {payment_id!r}")

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The award table as JSON (the CLI's ``rulesets ID --format json`` and the HTTP API)."""
        return {
            "id": self.id, "name": self.name.get(lang), "version": self.version,
            "version_name": self.note(self.version, lang), "unit": self.unit,
            "hand_size": self.hand_size, "base": self.base, "base_name": self.base_name.get(lang),
            "limit": self.limit, "stake": str(self.stake), "base_money": str(self.base_money),
            "minimum": dict(self.minimum) if self.minimum is not None else None,
            "overrides": list(self.overrides),
            "limit_hand_name": self.points_table.limit_hand_name.get(lang) if self.points_table is not None else None,
            "awards": [{"id": a.id, "points": a.points, "group": a.group,
                        "group_name": self.group_name(a.group, lang) if a.group else None, "name": a.name.get(lang),
                        "names": a.name.to_dict(), "help": a.help.get(lang), "enabled": a.enabled, "source": a.source,
                        "source_note": self.note(a.source, lang),
                        "dealer_payments_only": a.dealer_payments_only, "open_points": a.open_points,
                        "limit_hand": a.limit_hand}
                       for a in self.awards],
            "table_payments": [{"id": p.id, "amount_each": p.amount, "group": p.group,
                                "group_name": self.group_name(p.group, lang) if p.group else None, "name": p.name.get(lang),
                                "names": p.name.to_dict(), "help": p.help.get(lang), "enabled": p.enabled,
                                "direction": p.direction.value, "event": p.pattern is None, "source": p.source,
                                "source_note": self.note(p.source, lang)}
                               for p in self.table_payments],
        }


# ---------------------------------------------------------------------------------------------
# The money a point is worth

#: The most money one point can be worth, and the finest fraction of it.
MAX_STAKE = Decimal(1_000_000)
STAKE_PLACES = 6


def read_stake(value: Any) -> tuple[Decimal, str]:
    """The stake of ``value`` and "", or a problem phrase ("must be ..."): for :func:`parse_stake`
    and the ``stake`` of rule files (:mod:`mjscore.scoring.loading`)."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        return Decimal(0), f"must be a number (money per point), not {value!r}"
    if isinstance(value, str) and not re.fullmatch(r"[0-9]+(\.[0-9]+)?", value):
        return Decimal(0), f"must be a number (money per point), not {value!r}"
    try:
        stake = Decimal(str(value))
    except InvalidOperation:
        return Decimal(0), f"must be a number (money per point), not {value!r}"
    if not stake.is_finite() or stake < 0:
        return Decimal(0), f"must be a number of at least 0, not {value!r}"
    if stake > MAX_STAKE:
        return Decimal(0), f"must be at most {MAX_STAKE} (money per point), not {value!r}"
    if stake != stake.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
        return Decimal(0), f"must have at most {STAKE_PLACES} decimal places, not {value!r}"
    return stake, ""


def parse_stake(value: Any, where: str) -> Decimal:
    """The money one point is worth, from a whole or decimal number (``10``, ``0.5``, ``"0.5"``),
    at least 0 and at most :data:`MAX_STAKE`; raises :class:`RulesetError` naming ``where`` for
    anything else."""
    stake, problem = read_stake(value)
    if problem:
        raise RulesetError(f"{where}: stake {problem}")
    return stake
