"""A ruleset file: its schema, and its loading into a :class:`~mjscore.scoring.ruleset.Ruleset`.

The file is validated data: its declared schema is the strict pydantic models below
(:class:`RulesetFile`, :class:`ClubRulesetFile`, published as ``docs/ruleset.schema.json``), and each
row's ``params`` are checked when the file loads against its pattern's signature and annotations.
A file that does not hold is refused in one line naming the file, the line and the key
(:mod:`mjscore.scoring.rulefiles`).

The models are a module of their own, imported when a file is loaded: a shipped ruleset kept by
:mod:`mjscore.rulesets.keep` is scored without them (issue 13: start-up). House rules
(:mod:`mjscore.scoring.house_rules`) share their settings (:class:`Settings`).
"""

from __future__ import annotations

import difflib
import inspect
import json
import re
import sys
import threading
import types
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, get_type_hints

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainValidator,
    Strict,
    StringConstraints,
    Tag,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from mjscore.arrangements import SHAPES
from mjscore.errors import RulesetError
from mjscore.hand import Replacement, WinKind
from mjscore.scoring import patterns_mcr, patterns_riichi, patterns_taiwan  # noqa: F401  (register their patterns)
from mjscore.scoring.han_fu import PAIR_KINDS, SET_KINDS, WAIT_KINDS, FuTable, PointsTable
from mjscore.scoring.han_fu import Limit as PointsLimit
from mjscore.scoring.pattern_types import ANNOTATIONS
from mjscore.scoring.patterns import PATTERNS, Pattern, bind
from mjscore.scoring.payments import Direction
from mjscore.scoring.rulefiles import Loc, Source, StrictModel, fail, first_error, read_rule_file
from mjscore.scoring.ruleset import (
    MAX_STAKE,
    AwardRule,
    Consolation,
    ContextRule,
    Names,
    PointsGame,
    Ruleset,
    TablePaymentRule,
    read_stake,
)

#: Held while rule data is validated and bound: the models' validators and the patterns' parameter
#: checks are built on first use, and a server's first concurrent requests must not build them in
#: two threads at once (issue 28: a cold start under 8 concurrent requests answered a 500).
LOCK = threading.RLock()

# ---------------------------------------------------------------------------------------------
# The schema of a ruleset file (strict: see mjscore.scoring.rulefiles)

#: The most points (tai, fan) an award, a base, a limit or a minimum can be worth at a table.
MAX_POINTS = 10_000
#: Tiles in a set: no count of tiles on the table can pass it.
MAX_TABLE_TILES = 144

ID_PATTERN = r"^[a-z][a-z0-9_]*$"
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=60)]
Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]
Limit = Annotated[int, Field(ge=1, le=MAX_POINTS)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=200)]
LongText = Annotated[str, StringConstraints(min_length=1, max_length=1000)]
ContextName = Literal["heavenly", "earthly", "ready_declared"]
ROUND_WINDS = ("E", "S", "W", "N")


def _custom(kind: str, problem: str) -> PydanticCustomError:
    return PydanticCustomError(kind, "{problem}", {"problem": problem})


def _known_shape(value: str) -> str:
    if value not in SHAPES:
        raise _custom("shape", f"must be a shape: {', '.join(SHAPES)}; not {value!r}")
    return value


def _known_pattern(value: str) -> str:
    if value not in PATTERNS:
        near = difflib.get_close_matches(value, sorted(PATTERNS), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise _custom("pattern", f"must be a pattern of the library (mjscore.scoring.patterns), not {value!r}{hint}")
    return value


def _round_wind(value: str) -> str:
    if value not in ROUND_WINDS:
        raise _custom("round_wind", f"{value!r} is not a round wind (E, S, W, N)")
    return value


Shape = Annotated[str, AfterValidator(_known_shape), WithJsonSchema({"type": "string", "enum": list(SHAPES)})]
PatternName = Annotated[str, AfterValidator(_known_pattern), WithJsonSchema(
    {"type": "string", "description": "A pattern of the library (mjscore.scoring.patterns, patterns_mcr)."})]
RoundWind = Annotated[str, AfterValidator(_round_wind), WithJsonSchema({"type": "string", "enum": list(ROUND_WINDS)})]


def _stake(value: Any) -> Decimal:
    stake, problem = read_stake(value)
    if problem:
        raise _custom("stake", problem)
    return stake


Stake = Annotated[Decimal, PlainValidator(_stake), WithJsonSchema({
    "anyOf": [{"type": "number", "minimum": 0, "maximum": int(MAX_STAKE)},
              {"type": "string", "pattern": r"^[0-9]+(\.[0-9]{1,6})?$"}],
    "description": "The money one point is worth: a number, or a decimal number as text ('0.5')."})]


def _by_type(value: Any) -> str | None:
    """The branch of a setting that is a number, true/false, or a table (None: neither)."""
    if isinstance(value, bool):
        return "switch"
    if isinstance(value, int):
        return "number"
    if isinstance(value, dict):
        return "table"
    return None


def setting_kinds(message: str) -> Discriminator:
    """The branch picker of a setting that is a number, true/false or a table, by the value's type."""
    return Discriminator(_by_type, custom_error_type="setting", custom_error_message=message)


#: ``limit``: the most a hand scores, or ``false`` for none.
LimitSetting = Annotated[
    Annotated[Limit, Tag("number")] | Annotated[Literal[False], Tag("switch")],
    setting_kinds("must be a number, or false for no limit")]
#: ``minimum``: one number for every round, a table of round winds, or ``false`` for none.
MinimumSetting = Annotated[
    Annotated[Points, Tag("number")] | Annotated[Literal[False], Tag("switch")]
    | Annotated[dict[RoundWind, Points], Tag("table")],
    setting_kinds("must be a number, a table of round winds, or false for none")]


class NamesRow(StrictModel):
    """A name in English, Simplified and Traditional Chinese, and Japanese where the ruleset gives it
    (riichi's yaku; without it, Japanese readers see the Traditional Chinese)."""

    en: Text
    zh_hans: Text = Field(alias="zh-Hans")
    zh_hant: Text = Field(alias="zh-Hant")
    ja: Text | None = None

    def names(self) -> Names:
        return Names(self.en, self.zh_hans, self.zh_hant, self.ja)


class HelpRow(NamesRow):
    """A sentence or two in English, Simplified and Traditional Chinese (and Japanese)."""

    en: LongText
    zh_hans: LongText = Field(alias="zh-Hans")
    zh_hant: LongText = Field(alias="zh-Hant")
    ja: LongText | None = None


class ChineseRow(StrictModel):
    """A text's Simplified and Traditional Chinese (and Japanese, where the ruleset gives it; else a
    Japanese reader sees the Traditional Chinese): its English is the key it is written under."""

    zh_hans: LongText = Field(alias="zh-Hans")
    zh_hant: LongText = Field(alias="zh-Hant")
    ja: LongText | None = None


#: ``[groups]``: each exclusive group's name, by id; ``[source_notes]``: the Chinese of a source note
#: or of the version, by its English text (issue 29: the award table in the reader's language).
GroupNames = Annotated[dict[Id, NamesRow], Field(
    description="Each exclusive group's name in English, Simplified and Traditional Chinese, by the group's id.")]
SourceNotes = Annotated[dict[LongText, ChineseRow], Field(
    description="The Chinese of a row's source note, or of the version, under the note's English text.")]


class ConsolationRow(StrictModel):
    """Chicken Hand: replaces a pre-base total of exactly ``when_total`` (``ignore``: awards kept)."""

    when_total: Points
    ignore: list[Id] = []


class ContextRow(StrictModel):
    """What a record's ``heavenly``, ``earthly`` or ``ready_declared`` means in this ruleset: the
    conditions a record that claims it must meet (docs/hand-format.md, Contexts that cannot happen)."""

    name: Text = Field(description="The row's English name, e.g. 'Earthly Hand'.")
    means: LongText = Field(description="What the claim is, for the refusal: 'a win on the dealer's first discard'.")
    seat: Literal["dealer", "non_dealer"] | None = Field(None, description="Who can make the claim.")
    win: list[Annotated[WinKind, Strict(False)]] | None = Field(None, description="The win kinds it allows.")
    discarder: Literal["dealer"] | None = Field(None, description="Who gave the winning tile.")
    max_discards: Annotated[int, Field(ge=0, le=MAX_TABLE_TILES)] | None = Field(
        None, description="The most tiles discarded before the winning tile (the record's discards).")
    declared_sets: Literal["none", "concealed_kongs", "any"] = Field(
        "any", description="Declared sets allowed: none, only concealed kongs (no claimed set), or any.")
    replacements: list[Annotated[Replacement, Strict(False)]] | None = Field(
        None, description="The replacement draws it allows ([] for none).")

    def rule(self) -> ContextRule:
        return ContextRule(
            self.name, self.means, self.seat, tuple(w.value for w in self.win) if self.win is not None else None,
            self.discarder, self.max_discards, self.declared_sets,
            tuple(r.value for r in self.replacements) if self.replacements is not None else None)


class AwardRow(StrictModel):
    """One ``[[award]]`` row: the award, its value and the pattern that detects it."""

    id: Id
    points: Points
    name: NamesRow
    help: HelpRow
    source: LongText = Field(description="The source row it comes from.")
    pattern: PatternName = "never"
    params: dict[str, Any] = Field({}, description="The pattern's parameters, checked against its signature.")
    group: Id | None = Field(None, description="An exclusive group: only its highest award counts.")
    replaces: list[Id] = []
    reduces: dict[Id, Annotated[int, Field(ge=1, le=16)]] = {}
    shapes: list[Shape] = []
    on_flower_win: bool = False
    enabled: bool = True
    consolation: ConsolationRow | None = None
    dealer_payments_only: bool = Field(
        False, description="A tai of a payment involving the dealer only (rulings 35, 55: 莊家, 連莊), not of the "
                           "hand: left out of the total, carried by each payment the dealer makes or receives.")
    open_points: Points | None = Field(
        None, description="The row's value in an open hand (a declared set other than a concealed kong); 0: closed only.")
    limit_hand: bool = Field(
        False, description="A limit hand (riichi's yakuman): its points count limits; where one counts, only limit hands do.")


class TablePaymentRow(StrictModel):
    """One ``[[table_payment]]`` row: a payment settled at the table when it happens (ruling 5)."""

    id: Id
    amount: Points
    name: NamesRow
    help: HelpRow
    source: LongText
    pattern: PatternName | None = Field(None, description="Omitted: an event recorded when it happens.")
    params: dict[str, Any] = {}
    group: Id | None = None
    direction: Annotated[Direction, Strict(False)] = Direction.COLLECT
    enabled: bool = True
    ends_hand: bool = Field(False, description="The event ends the hand being played, as a drawn hand does (ruling 43).")
    dealer_only: bool = Field(False, description="Only the dealer can make this event happen (ruling 44).")


FuValue = Annotated[int, Field(ge=0, le=1000)]


class FuRow(StrictModel):
    """``[ruleset.fu]``: how the fu (minipoints) of an arrangement are counted (mjscore.scoring.han_fu)."""

    base: FuValue = Field(description="Fu of every hand.")
    shapes: dict[Shape, FuValue] = Field({}, description="A fixed count for a shape (seven pairs: 25), nothing added.")
    concealed_claimed: FuValue = Field(0, description="A concealed hand won on a claimed tile.")
    self_drawn: FuValue = Field(0, description="A self-draw.")
    self_drawn_except: list[Id] = Field([], description="Awards with which a self-draw earns no fu (pinfu).")
    sets: dict[Literal[SET_KINDS], FuValue] = Field({}, description="Each pung or kong: open/closed, pung/kong, _terminal.")  # type: ignore[valid-type]
    pair: dict[Literal[PAIR_KINDS], FuValue] = Field({}, description="The pair: dragon, seat_wind, round_wind (added up).")  # type: ignore[valid-type]
    pair_most: FuValue | None = Field(None, description="The most fu a pair earns (a pair of the seat and round wind).")
    wait: dict[Literal[WAIT_KINDS], FuValue] = Field({}, description="The winning tile's role: edge, closed, pair.")  # type: ignore[valid-type]
    open_minimum: FuValue = Field(0, description="The least fu of an open hand (30: an open hand with no fu).")
    round_to: Annotated[int, Field(ge=1, le=100)] = Field(10, description="The sum is rounded up to this.")

    def table(self) -> FuTable:
        return FuTable(base=self.base, shapes=dict(self.shapes), concealed_claimed=self.concealed_claimed,
                       self_drawn=self.self_drawn, self_drawn_except=tuple(self.self_drawn_except), sets=dict(self.sets),
                       pair=dict(self.pair), pair_most=self.pair_most, wait=dict(self.wait),
                       open_minimum=self.open_minimum, round_to=self.round_to)


BasePoints = Annotated[int, Field(ge=1, le=1_000_000)]


class LimitRow(StrictModel):
    """A named limit of the points table: from ``han`` han, or from a base of ``from_base``, paid ``base``."""

    id: Id
    name: NamesRow
    han: Annotated[int, Field(ge=1, le=100)]
    base: BasePoints
    from_base: BasePoints | None = None
    enabled: bool = True


class PointsRow(StrictModel):
    """``[ruleset.points]``: han and fu to points, its limits and who pays what (mjscore.scoring.han_fu)."""

    limits: Annotated[list[LimitRow], Field(min_length=1)]
    limit_hand_base: BasePoints = Field(description="The base points of one limit hand (yakuman).")
    limit_hand_name: NamesRow
    doublings: Annotated[int, Field(ge=0, le=10)] = Field(2, description="Base = fu × 2^(han + doublings).")
    round_to: Annotated[int, Field(ge=1, le=10_000)] = Field(100, description="Each payment is rounded up to this.")
    limit_hands_cumulative: bool = Field(True, description="Several limit hands add up (else the highest counts).")
    share: Annotated[int, Field(ge=1, le=100)] = Field(1, description="A loser's share of the base.")
    dealer_share: Annotated[int, Field(ge=1, le=100)] = Field(2, description="The share where the loser or winner is East.")

    def table(self) -> PointsTable:
        return PointsTable(
            limits=tuple(PointsLimit(row.id, row.name.names(), row.han, row.base, row.from_base, row.enabled)
                         for row in self.limits),
            limit_hand_base=self.limit_hand_base, limit_hand_name=self.limit_hand_name.names(), doublings=self.doublings,
            round_to=self.round_to, limit_hands_cumulative=self.limit_hands_cumulative, share=self.share,
            dealer_share=self.dealer_share)


GamePoints = Annotated[int, Field(ge=0, le=1_000_000)]
Uma = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]


class GameRow(StrictModel):
    """``[ruleset.game]``: a table that keeps points through a game (riichi's sticks, honba, uma:
    :class:`~mjscore.scoring.ruleset.PointsGame`)."""

    start: Annotated[int, Field(ge=1, le=1_000_000)] = Field(description="Each player's points at the start.")
    target: Annotated[int, Field(ge=1, le=1_000_000)] = Field(
        description="The return: final scores are measured from it; first place collects 4 × (target - start).")
    deposit: GamePoints = Field(1000, description="A ready declaration's stick, taken by the next winner.")
    counter_discard: GamePoints = Field(300, description="Each continuance counter (honba) on a win on a discard.")
    counter_self_draw: GamePoints = Field(100, description="Each continuance counter, from each payer of a self-draw.")
    noten_pool: GamePoints = Field(3000, description="What the players not ready pay those ready at an exhaustive draw.")
    rounds: Annotated[int, Field(ge=1, le=4)] = Field(2, description="Round winds in a game: 2 a hanchan, 1 East only.")
    uma: Annotated[list[Uma], Field(min_length=4, max_length=4)] = Field(
        [15000, 5000, -5000, -15000], description="Points added to the final scores by place, first to fourth (sum 0).")
    uma_ties: Literal["split", "seat"] = Field(
        "split", description="Tied players share their places' uma, or rank by seat order from the first dealer.")
    abortive_draws: bool = Field(False, description="The game has abortive draws (no payment, a counter more).")
    bust_ends: bool = Field(False, description="A player below zero points ends the game.")
    leftover: Literal["first", "lost"] = Field(
        "first", description="Riichi sticks left on the table at the game's end: first place's, or lost.")
    riichi_needs_points: bool = Field(False, description="A riichi needs a stick's worth of points in play.")

    def game(self) -> PointsGame:
        if sum(self.uma) != 0:
            raise RulesetError(f"game: the uma {self.uma} add up to {sum(self.uma)}, not 0")
        return PointsGame(self.start, self.target, self.deposit, self.counter_discard, self.counter_self_draw,
                          self.noten_pool, self.rounds, (self.uma[0], self.uma[1], self.uma[2], self.uma[3]),
                          self.uma_ties, self.abortive_draws, self.bust_ends, self.leftover, self.riichi_needs_points)


class GameChange(StrictModel):
    """A table's changes to its points game (absent: kept): the same keys as ``[ruleset.game]``."""

    start: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    target: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    deposit: GamePoints | None = None
    counter_discard: GamePoints | None = None
    counter_self_draw: GamePoints | None = None
    noten_pool: GamePoints | None = None
    rounds: Annotated[int, Field(ge=1, le=4)] | None = None
    uma: Annotated[list[Uma], Field(min_length=4, max_length=4)] | None = None
    uma_ties: Literal["split", "seat"] | None = None
    abortive_draws: bool | None = None
    bust_ends: bool | None = None
    leftover: Literal["first", "lost"] | None = None
    riichi_needs_points: bool | None = None

    def applied(self, game: PointsGame) -> PointsGame:
        """``game`` with these changes."""
        given = self.model_dump(exclude_none=True)
        if "uma" in given:
            if sum(given["uma"]) != 0:
                raise RulesetError(f"game: the uma {given['uma']} add up to {sum(given['uma'])}, not 0")
            given["uma"] = tuple(given["uma"])
        return replace(game, **given)

    def notes(self) -> list[str]:
        return [f"game {name} = {json.dumps(value)}" for name, value in self.model_dump(exclude_none=True).items()]


class RulesetHeader(StrictModel):
    """The ``[ruleset]`` table of a complete ruleset."""

    id: Id
    name: NamesRow
    version: Text
    unit: Annotated[str, StringConstraints(min_length=1, max_length=20)] = "points"
    hand_size: Literal[13, 16]
    shapes: Annotated[list[Shape], Field(min_length=1)]
    base: Points = 0
    base_name: NamesRow
    settlement_bonus: Points = 0
    minimum: dict[RoundWind, Points] | None = None
    minimum_excludes: list[Id] = []
    limit: Limit | None = None
    instant_flower_win: Literal[7, 8] | None = None
    stake: Stake = Decimal(1)
    base_money: Stake = Field(Decimal(0), description="Money each payment of a hand carries besides its points (底).")
    optional_shapes: list[Shape] = Field(
        [], description="Shapes that win only while an enabled award is restricted to them (a house rule's).")
    dealer_keeps_deal_on_win: bool = True
    dealer_keeps_deal_on_draw: bool = False
    streak_counts_draws: bool = Field(False, description="A drawn hand that keeps the deal adds one to the streak.")
    context: dict[ContextName, ContextRow] = {}
    fu: FuRow | None = Field(None, description="Hands valued by han and fu: the fu table.")
    points: PointsRow | None = Field(None, description="Hands valued by han and fu: the points table.")
    game: GameRow | None = Field(None, description="A table that keeps points through a game (riichi's).")


class RulesetFile(StrictModel):
    """A complete ruleset file (``src/mjscore/rulesets/*.toml``)."""

    model_config = ConfigDict(title="complete ruleset")
    ruleset: RulesetHeader
    award: Annotated[list[AwardRow], Field(min_length=1)]
    table_payment: list[TablePaymentRow] = []
    groups: GroupNames = {}
    source_notes: SourceNotes = {}


class FuChange(StrictModel):
    """A table's changes to the fu table (absent: kept; a map changes the keys it gives)."""

    base: FuValue | None = None
    shapes: dict[Shape, FuValue] | None = None
    concealed_claimed: FuValue | None = None
    self_drawn: FuValue | None = None
    self_drawn_except: list[Id] | None = None
    sets: dict[Literal[SET_KINDS], FuValue] | None = None  # type: ignore[valid-type]
    pair: dict[Literal[PAIR_KINDS], FuValue] | None = None  # type: ignore[valid-type]
    pair_most: FuValue | None = None
    wait: dict[Literal[WAIT_KINDS], FuValue] | None = None  # type: ignore[valid-type]
    open_minimum: FuValue | None = None
    round_to: Annotated[int, Field(ge=1, le=100)] | None = None

    def applied(self, table: FuTable) -> FuTable:
        """``table`` with these changes."""
        changes: dict[str, Any] = {}
        for name in ("base", "concealed_claimed", "self_drawn", "pair_most", "open_minimum", "round_to"):
            if getattr(self, name) is not None:
                changes[name] = getattr(self, name)
        if self.self_drawn_except is not None:
            changes["self_drawn_except"] = tuple(self.self_drawn_except)
        for name in ("shapes", "sets", "pair", "wait"):
            given = getattr(self, name)
            if given is not None:
                changes[name] = {**getattr(table, name), **given}
        return replace(table, **changes)

    def notes(self) -> list[str]:
        return [f"fu {name} = {value}" for name, value in self.model_dump(exclude_none=True).items()]


class LimitChange(StrictModel):
    """A table's change to a limit of the points table: on or off, reached from another base or han."""

    enabled: bool | None = None
    from_base: BasePoints | Literal[False] | None = Field(None, description="false: reached by han only.")
    han: Annotated[int, Field(ge=1, le=100)] | None = None


class Settings(StrictModel):
    """The settings a club's ruleset file or a house-rules file can change (absent: kept)."""

    base: Points | None = Field(None, description="The base added to every winning hand.")
    limit: LimitSetting | None = Field(None, description="The most a hand can score; false: no limit.")
    stake: Stake | None = Field(None, description="The money one point (tai) is worth at this table.")
    base_money: Stake | None = Field(None, description="The money each payment of a hand carries besides its points (底).")
    minimum: MinimumSetting | None = Field(
        None, description="The minimum to win: one number, a table of round winds (the others kept), or false: none.")
    dealer_keeps_deal_on_win: bool | None = None
    dealer_keeps_deal_on_draw: bool | None = None
    streak_counts_draws: bool | None = None
    fu: FuChange | None = Field(None, description="Changes to the fu table (a ruleset valued by han and fu).")
    limits: dict[Id, LimitChange] = Field({}, description="Changes to the points table's limits, by id.")
    limit_hands_cumulative: bool | None = Field(None, description="Several limit hands (yakuman) add up.")
    game: GameChange | None = Field(None, description="Changes to the points game (a table that keeps points).")

    def changes(self, rules: Ruleset) -> tuple[dict[str, Any], list[str]]:
        """The changes to ``rules`` (keyword arguments of :func:`dataclasses.replace`) and a note of each."""
        changes: dict[str, Any] = {}
        notes: list[str] = []
        if self.fu is not None:
            if rules.fu is None:
                raise RulesetError(f"fu: ruleset {rules.id} is not valued by han and fu")
            changes["fu"] = self.fu.applied(rules.fu)
            notes += self.fu.notes()
        if self.limits or self.limit_hands_cumulative is not None:
            table = rules.points_table
            if table is None:
                raise RulesetError(f"limits: ruleset {rules.id} has no points table")
            known = {limit.id: limit for limit in table.limits}
            for key in self.limits:
                if key not in known:
                    raise RulesetError(f"limits: ruleset {rules.id} has no limit {key!r} ({', '.join(known)})")
            limits = []
            for limit in table.limits:
                change = self.limits.get(limit.id)
                if change is not None:
                    given = change.model_dump(exclude_none=True)
                    if given.get("from_base") is False:
                        given["from_base"] = None
                    limit = replace(limit, **given)
                    notes += [f"limit {limit.id} {name} = {value}"
                              for name, value in change.model_dump(exclude_none=True).items()]
                limits.append(limit)
            cumulative = table.limit_hands_cumulative if self.limit_hands_cumulative is None else self.limit_hands_cumulative
            if self.limit_hands_cumulative is not None:
                notes.append(f"limit_hands_cumulative = {'true' if cumulative else 'false'}")
            changes["points_table"] = replace(table, limits=tuple(limits), limit_hands_cumulative=cumulative)
        if self.game is not None:
            if rules.points_game is None:
                raise RulesetError(f"game: ruleset {rules.id} keeps no points game")
            changes["points_game"] = self.game.applied(rules.points_game)
            notes += self.game.notes()
        if self.base is not None:
            changes["base"] = self.base
            notes.append(f"base = {self.base}")
        if self.limit is not None:
            changes["limit"] = None if self.limit is False else self.limit
            notes.append(f"limit = {'none' if self.limit is False else self.limit}")
        if self.stake is not None:
            changes["stake"] = self.stake
            notes.append(f"stake = {self.stake}")
        if self.base_money is not None:
            changes["base_money"] = self.base_money
            notes.append(f"base_money = {self.base_money}")
        for switch in ("dealer_keeps_deal_on_win", "dealer_keeps_deal_on_draw", "streak_counts_draws"):
            value = getattr(self, switch)
            if value is not None:
                changes[switch] = value
                notes.append(f"{switch} = {'true' if value else 'false'}")
        if self.minimum is not None:
            changes["minimum"] = minimum = _minimum(self.minimum, rules.minimum)
            notes.append("minimum = " + (", ".join(f"{s} {p}" for s, p in minimum.items()) if minimum else "none"))
        return changes, notes


def _minimum(value: int | Literal[False] | Mapping[str, int], current: Mapping[str, int] | None) -> dict[str, int] | None:
    """The new minimum to win: one number for every round, ``false`` for none, or a table of round
    winds that changes the rounds it names and keeps the ``current`` ladder for the others."""
    if value is False:
        return None
    if isinstance(value, int):
        return {seat: value for seat in ROUND_WINDS}
    kept = dict(current or {})
    return {seat: value[seat] if seat in value else kept[seat] for seat in ROUND_WINDS if seat in value or seat in kept}


class ClubHeader(Settings):
    """The ``[ruleset]`` table of a club's file that ``extends`` a shipped ruleset: its own id, and
    the settings it changes (absent: the extended ruleset's)."""

    id: Id = Field(description="The club ruleset's own id (not a shipped ruleset's).")
    extends: Id = Field(description="The shipped ruleset it changes, e.g. 'lrc'.")
    name: NamesRow | None = None
    version: Text | None = Field(None, description="The club's version; the result's version adds the extended one's.")
    base_name: NamesRow | None = None
    settlement_bonus: Points | None = None
    minimum_excludes: list[Id] | None = None
    instant_flower_win: Literal[7, 8, False] | None = None
    context: dict[ContextName, ContextRow] | None = Field(None, description="Replaces the contexts it names.")


class AwardChange(StrictModel):
    """An ``[[award]]`` row of a club's file: a change to the row of that id (the keys given), or
    a new award (then ``points``, ``name``, ``help`` and ``source`` are needed)."""

    id: Id
    points: Points | None = None
    name: NamesRow | None = None
    help: HelpRow | None = None
    source: LongText | None = None
    pattern: PatternName | None = Field(None, description="A new pattern; its params are then the row's own (or none).")
    params: dict[str, Any] | None = None
    group: Id | None = None
    replaces: list[Id] | None = None
    reduces: dict[Id, Annotated[int, Field(ge=1, le=16)]] | None = None
    shapes: list[Shape] | None = None
    on_flower_win: bool | None = None
    enabled: bool | None = None
    consolation: ConsolationRow | None = None
    open_points: Points | None = None
    limit_hand: bool | None = None


class TablePaymentChange(StrictModel):
    """A ``[[table_payment]]`` row of a club's file: a change to the row of that id, or a new one."""

    id: Id
    amount: Points | None = None
    name: NamesRow | None = None
    help: HelpRow | None = None
    source: LongText | None = None
    pattern: PatternName | None = None
    params: dict[str, Any] | None = None
    group: Id | None = None
    direction: Annotated[Direction, Strict(False)] | None = None
    enabled: bool | None = None


class ClubRulesetFile(StrictModel):
    """A club's ruleset file: ``extends`` a shipped ruleset and changes or adds rows by id."""

    model_config = ConfigDict(title="club ruleset (extends a shipped one)")
    ruleset: ClubHeader
    award: list[AwardChange] = []
    table_payment: list[TablePaymentChange] = []
    groups: GroupNames = {}
    source_notes: SourceNotes = {}


def ruleset_file_schema() -> dict[str, Any]:
    """The JSON Schema of ruleset files (``docs/ruleset.schema.json``): complete, or extending."""
    schema = TypeAdapter(RulesetFile | ClubRulesetFile).json_schema()
    return {**schema, "title": "mjscore ruleset file",
            "description": "A ruleset's TOML table: complete (src/mjscore/rulesets/*.toml), or a club's file that extends "
                           "a shipped ruleset (docs/ruleset-files.md)."}


# ---------------------------------------------------------------------------------------------
# Loading: the validated rows become the ruleset's values


def load_ruleset(path: Path) -> Ruleset:
    """Read a complete ruleset's TOML table; raise :class:`RulesetError` naming the file, the line
    and the key that are wrong. (A club's file that ``extends`` a shipped ruleset is read by the
    catalogue's :func:`mjscore.rulesets.load_ruleset_file`.)"""
    data, source = read_rule_file(path, "ruleset")
    return ruleset_from_data(data, source)


def ruleset_from_data(data: Mapping[str, Any], source: Source, base: Ruleset | None = None) -> Ruleset:
    """The ruleset of a file's table: a complete one, or one that extends ``base`` (the file's
    ``extends``; its rows change ``base``'s by id or add new ones). One file at a time
    (:data:`LOCK`)."""
    with LOCK:
        if base is None:
            header = data.get("ruleset")
            if isinstance(header, Mapping) and "extends" in header:
                fail(source, ("ruleset", "extends"), "a shipped ruleset cannot extend another", "ruleset", 1)
            return _complete(_validated(RulesetFile, data, source), data, source)
        return _extended(_validated(ClubRulesetFile, data, source), data, source, base)


@cache
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def _subject(data: Any, loc: Loc) -> tuple[str, int]:
    """How an error names the part of the file it is in ("award calling", "ruleset"), and how
    many parts of ``loc`` that covers."""
    if len(loc) >= 2 and loc[0] in ("award", "table_payment") and isinstance(loc[1], int):
        rows = data.get(loc[0]) if isinstance(data, Mapping) else None
        row = rows[loc[1]] if isinstance(rows, list) and loc[1] < len(rows) else None
        name = row.get("id") if isinstance(row, Mapping) else None
        kind = "award" if loc[0] == "award" else "table payment"
        named = isinstance(name, str) and re.fullmatch(ID_PATTERN, name) is not None
        return f"{kind} {name if named else '#' + str(loc[1] + 1)}", 2
    if len(loc) >= 2 and loc[0] == "ruleset":
        return "ruleset", 1
    return "", 0


Model = TypeVar("Model", bound=BaseModel)


def _validated(model: type[Model], data: Any, source: Source, at: Loc = (), file_data: Any = None) -> Model:
    """``data`` validated by ``model``, or the one-line error of its first problem. ``at`` is where
    ``data`` sits in the file (a merged row of a club's file), ``file_data`` the file's table."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        loc, problem = first_error(error, data, _schema(model))
        full = (*at, *loc)
        subject, covered = _subject(data if file_data is None else file_data, full)
        fail(source, full, problem, subject, covered)


def _complete(file: RulesetFile, data: Mapping[str, Any], source: Source) -> Ruleset:
    meta = file.ruleset
    awards = tuple(_award(row, ("award", index), source, data) for index, row in enumerate(file.award))
    payments = tuple(_table_payment(row, ("table_payment", index), source, data)
                     for index, row in enumerate(file.table_payment))
    rules = Ruleset(
        id=meta.id, name=meta.name.names(), version=meta.version, unit=meta.unit, hand_size=meta.hand_size,
        shapes=tuple(meta.shapes), base=meta.base, base_name=meta.base_name.names(), awards=awards,
        table_payments=payments, settlement_bonus=meta.settlement_bonus, minimum=meta.minimum,
        minimum_excludes=tuple(meta.minimum_excludes), limit=meta.limit, instant_flower_win=meta.instant_flower_win,
        stake=meta.stake, base_money=meta.base_money, optional_shapes=tuple(meta.optional_shapes),
        dealer_keeps_deal_on_win=meta.dealer_keeps_deal_on_win, dealer_keeps_deal_on_draw=meta.dealer_keeps_deal_on_draw,
        streak_counts_draws=meta.streak_counts_draws, contexts={name: row.rule() for name, row in meta.context.items()},
        group_names={group: row.names() for group, row in file.groups.items()},
        source_notes={text: Names(text, row.zh_hans, row.zh_hant, row.ja) for text, row in file.source_notes.items()},
        fu=meta.fu.table() if meta.fu else None, points_table=meta.points.table() if meta.points else None,
        points_game=meta.game.game() if meta.game else None,
    )
    if (rules.fu is None) != (rules.points_table is None):
        fail(source, ("ruleset", "fu" if rules.fu is None else "points"),
             "a ruleset valued by han and fu needs both [ruleset.fu] and [ruleset.points]", "ruleset", 1)
    _check_references(rules, source, data, None)
    _check_translations(rules, file.groups, file.source_notes, source)
    return rules


def _extended(club: ClubRulesetFile, data: Mapping[str, Any], source: Source, base: Ruleset) -> Ruleset:
    """``base`` with the club file's changes: rows changed by id or added (at the end, in the
    file's order), settings changed; its own id, and a version that says what it extends."""
    meta = club.ruleset
    awards: dict[str, AwardRule] = {a.id: a for a in base.awards}
    payments: dict[str, TablePaymentRule] = {p.id: p for p in base.table_payments}
    locs: dict[str, Loc] = {}
    for index, given in enumerate(data.get("award", [])):
        loc: Loc = ("award", index)
        merged = _merged(given, _award_row(awards[given["id"]]) if given["id"] in awards else None, loc, locs, source, data)
        row = _validated(AwardRow, merged, source, loc, data)
        awards[row.id] = _award(row, loc, source, data)
    for index, given in enumerate(data.get("table_payment", [])):
        loc = ("table_payment", index)
        old = _payment_row(payments[given["id"]]) if given["id"] in payments else None
        payment = _validated(TablePaymentRow, _merged(given, old, loc, locs, source, data), source, loc, data)
        payments[payment.id] = _table_payment(payment, loc, source, data)
    changes, _ = meta.changes(base)
    for name in ("settlement_bonus", "minimum_excludes", "instant_flower_win"):
        value = getattr(meta, name)
        if value is not None:
            changes[name] = tuple(value) if isinstance(value, list) else (None if value is False else value)
    if meta.base_name is not None:
        changes["base_name"] = meta.base_name.names()
    if meta.context is not None:
        changes["contexts"] = {**base.contexts, **{name: row.rule() for name, row in meta.context.items()}}
    version = f"{meta.version} (extends {base.id}: {base.version})" if meta.version else f"extends {base.id}: {base.version}"
    rules = replace(base, id=meta.id, name=meta.name.names() if meta.name else base.name, version=version,
                    awards=tuple(awards.values()), table_payments=tuple(payments.values()), overrides=(),
                    group_names={**base.group_names, **{group: row.names() for group, row in club.groups.items()}},
                    source_notes={**base.source_notes, **{text: Names(text, row.zh_hans, row.zh_hant, row.ja)
                                                          for text, row in club.source_notes.items()}}, **changes)
    _check_references(rules, source, data, {k.split(":", 1)[1]: v for k, v in locs.items() if k.startswith("award:")})
    _check_translations(rules, club.groups, club.source_notes, source, meta.version)
    return rules


def _check_translations(rules: Ruleset, groups: Mapping[str, Any], notes: Mapping[str, Any], source: Source,
                        version: str | None = None) -> None:
    """Every group the file names is a group of some row, and every note it translates is a row's
    source or the version: a misspelt key would otherwise leave its text untranslated, silently."""
    rows: tuple[AwardRule | TablePaymentRule, ...] = (*rules.awards, *rules.table_payments)
    used = {row.group for row in rows if row.group}
    for group in groups:
        if group not in used:
            fail(source, ("groups", group), "no award or table payment is in this group")
    written = {row.source for row in rows} | {rules.version, version}
    for text in notes:
        if text not in written:
            fail(source, ("source_notes", text), "is neither a row's source nor the version")


def _merged(given: Mapping[str, Any], old: Mapping[str, Any] | None, loc: Loc, locs: dict[str, Loc], source: Source,
            data: Any) -> dict[str, Any]:
    """A club file's row ``given`` at ``loc`` merged onto the ``old`` row of its id (None: a new
    row); a new pattern takes the row's own params (or none), not the old pattern's."""
    key = f"{loc[0]}:{given['id']}"
    if key in locs:
        fail(source, (*loc, "id"), "is changed by an earlier row of this file too", *_subject(data, loc))
    locs[key] = loc
    merged = {**old, **given} if old is not None else dict(given)
    if "pattern" in given and "params" not in given:
        merged.pop("params", None)
    return merged


def _award_row(rule: AwardRule) -> dict[str, Any]:
    """The row of a ruleset's award, as its file would write it (a club's change is merged on it)."""
    row: dict[str, Any] = {
        "id": rule.id, "points": rule.points, "name": rule.name.to_dict(), "help": rule.help.to_dict(),
        "source": rule.source, "pattern": rule.pattern, "params": dict(rule.params), "replaces": list(rule.replaces),
        "reduces": dict(rule.reduces), "shapes": list(rule.shapes), "on_flower_win": rule.on_flower_win,
        "enabled": rule.enabled, "dealer_payments_only": rule.dealer_payments_only, "limit_hand": rule.limit_hand}
    if rule.open_points is not None:
        row["open_points"] = rule.open_points
    if rule.group is not None:
        row["group"] = rule.group
    if rule.consolation is not None:
        row["consolation"] = {"when_total": rule.consolation.when_total, "ignore": list(rule.consolation.ignore)}
    return row


def _payment_row(rule: TablePaymentRule) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": rule.id, "amount": rule.amount, "name": rule.name.to_dict(), "help": rule.help.to_dict(),
        "source": rule.source, "params": dict(rule.params), "direction": rule.direction.value, "enabled": rule.enabled,
        "ends_hand": rule.ends_hand, "dealer_only": rule.dealer_only}
    for key in ("pattern", "group"):
        if getattr(rule, key) is not None:
            row[key] = getattr(rule, key)
    return row


def _award(row: AwardRow, loc: Loc, source: Source, data: Any) -> AwardRule:
    function, arguments, params = _bind(row.pattern, row.params, loc, source, data)
    consolation = Consolation(row.consolation.when_total, tuple(row.consolation.ignore)) if row.consolation else None
    return AwardRule(
        id=row.id, points=row.points, name=row.name.names(), help=row.help.names(), source=row.source,
        pattern=row.pattern, params=params, group=row.group, replaces=tuple(row.replaces), reduces=dict(row.reduces),
        shapes=tuple(row.shapes), on_flower_win=row.on_flower_win, enabled=row.enabled, consolation=consolation,
        dealer_payments_only=row.dealer_payments_only, open_points=row.open_points, limit_hand=row.limit_hand,
        function=function, arguments=arguments)


def _table_payment(row: TablePaymentRow, loc: Loc, source: Source, data: Any) -> TablePaymentRule:
    function, arguments, params = _bind(row.pattern or "never", row.params, loc, source, data)
    return TablePaymentRule(
        id=row.id, amount=row.amount, name=row.name.names(), help=row.help.names(), source=row.source,
        pattern=row.pattern, params=params, group=row.group, direction=row.direction, enabled=row.enabled,
        ends_hand=row.ends_hand, dealer_only=row.dealer_only, function=function, arguments=arguments)


_STRICT = ConfigDict(strict=True)


@cache
def _adapter(annotation: Any) -> TypeAdapter[Any]:
    """A strict validator of ``annotation``, one per annotation: the patterns' parameters share a few
    types (``int``, ``list[str]``...; 7 for LRC's 50 parameters), and building a validator is what
    costs when a ruleset loads (issue 13: start-up)."""
    return TypeAdapter(annotation, config=_STRICT)


#: The names a pattern's annotation may use for a checked value (read before the pattern module's own):
#: ``Rank`` is a plain int to the pattern library, a number from 1 to 9 in a ruleset file.
PARAMETER_TYPES: dict[str, Any] = {"Rank": Annotated[int, Field(ge=1, le=9)]}


def _hints(pattern: str) -> dict[str, Any]:
    """The parameter annotations of ``pattern``, kept as text in :mod:`mjscore.scoring.pattern_types`
    (generated from the source) and resolved in the pattern's module: the same in a build compiled by
    mypyc, whose functions keep no annotations, as in the pure one, and with no source file read at
    run time (parsing the source raced under concurrent first loads: issue 28)."""
    written = ANNOTATIONS.get(pattern, {})
    module = vars(sys.modules[PATTERNS[pattern].__module__])
    return get_type_hints(types.SimpleNamespace(__annotations__=written), globalns=module, localns=PARAMETER_TYPES,
                          include_extras=True)


@cache
def _parameters(pattern: str) -> dict[str, tuple[TypeAdapter[Any], bool]]:
    """Each parameter of ``pattern`` after the facts: a strict validator of its annotation, and
    whether it is required (it has no default)."""
    function = PATTERNS[pattern]
    hints = _hints(pattern)
    found: dict[str, tuple[TypeAdapter[Any], bool]] = {}
    for parameter in list(inspect.signature(function).parameters.values())[1:]:
        found[parameter.name] = (_adapter(hints.get(parameter.name, Any)), parameter.default is inspect.Parameter.empty)
    return found


def _bind(pattern: str, params: Mapping[str, Any], loc: Loc, source: Source,
          data: Any) -> tuple[Pattern, tuple[Any, ...], dict[str, Any]]:
    """The pattern's function, its arguments and the checked ``params``: every key a parameter of
    the function, every required parameter given, every value of the parameter's annotated type."""
    expected = _parameters(pattern)
    subject, covered = _subject(data, loc)
    checked: dict[str, Any] = {}
    for key, value in params.items():
        if key not in expected:
            near = difflib.get_close_matches(key, list(expected), n=1)
            takes = f"pattern {pattern} takes {', '.join(expected) or 'no parameters'}"
            fail(source, (*loc, "params", key),
                 f"unknown key {key!r} ({takes}{'; did you mean ' + repr(near[0]) + '?' if near else ''})", subject, covered)
        adapter, _ = expected[key]
        try:
            checked[key] = adapter.validate_python(value)
        except ValidationError as error:
            inner, problem = first_error(error, value, adapter.json_schema())
            fail(source, (*loc, "params", key, *inner), problem, subject, covered)
    for key, (_, required) in expected.items():
        if required and key not in params:
            fail(source, (*loc, "params", key), f"missing key {key!r} (pattern {pattern} needs it)", subject, covered)
    function, arguments = bind(pattern, checked)
    return function, arguments, checked


def _check_references(rules: Ruleset, source: Source, data: Any, locs: Mapping[str, Loc] | None) -> None:
    """Every award id used once; every id an award refers to (replaces, reduces, a consolation's
    ignore, the minimum's excludes) an award of the ruleset. ``locs``: where a club's file wrote
    its rows (None: a complete file, whose rows are the ruleset's, in order)."""
    seen: set[str] = set()
    ids = {a.id for a in rules.awards}
    for index, award in enumerate(rules.awards):
        loc = ("award", index) if locs is None else locs.get(award.id, ("ruleset",))
        subject, covered = _subject(data, loc)
        if award.id in seen:
            fail(source, (*loc, "id"), "is used by an earlier award too", subject, covered)
        seen.add(award.id)
        if award.id in award.replaces:
            fail(source, (*loc, "replaces"), f"cannot name the award itself ({award.id!r})", subject, covered)
        for key, others in (("replaces", award.replaces), ("reduces", tuple(award.reduces)),
                            ("consolation", award.consolation.ignore if award.consolation else ())):
            for other in others:
                if other not in ids:
                    fail(source, (*loc, key), f"is not an award of this ruleset: {other!r}", subject, covered)
    _check_replaces_cycle(rules, source, data, locs)
    for other in rules.minimum_excludes:
        if other not in ids:
            fail(source, ("ruleset", "minimum_excludes"), f"is not an award of this ruleset: {other!r}", "ruleset", 1)
    payment_ids = [p.id for p in rules.table_payments]
    for index, payment in enumerate(rules.table_payments):
        if payment_ids.count(payment.id) > 1:
            fail(source, ("table_payment", index, "id"), "is used by another table payment too",
                 *_subject(data, ("table_payment", index)))


def _replaces_cycle(replaces: Mapping[str, tuple[str, ...]]) -> list[str] | None:
    """The first cycle of the ``replaces`` graph (award id -> the ids it replaces), as the ids
    around it with the first repeated at the end (``a -> b -> a``); None if there is none."""
    done: set[str] = set()
    for start in replaces:
        if start in done:
            continue
        path = [start]
        pending = [iter(replaces.get(start, ()))]
        while pending:
            node = next(pending[-1], None)
            if node is None:
                done.add(path.pop())
                pending.pop()
            elif node in path:
                return [*path[path.index(node):], node]
            elif node not in done:
                path.append(node)
                pending.append(iter(replaces.get(node, ())))
    return None


def _check_replaces_cycle(rules: Ruleset, source: Source, data: Any, locs: Mapping[str, Loc] | None) -> None:
    """No award replaces itself through others (a -> b -> a): which of them would count is
    undefined, so the file is refused at the cycle's first award, and the error spells the cycle out."""
    cycle = _replaces_cycle({a.id: a.replaces for a in rules.awards})
    if cycle is None:
        return
    index = next(i for i, a in enumerate(rules.awards) if a.id == cycle[0])
    loc = ("award", index) if locs is None else locs.get(cycle[0], ("ruleset",))
    fail(source, (*loc, "replaces"), f"cannot make a cycle: {' -> '.join(cycle)}", *_subject(data, loc))
