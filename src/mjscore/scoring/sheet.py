"""The score sheet: one model of a scored hand that every interface renders (the command line as
text, the web app from its JSON), so that they cannot disagree.

A :class:`Sheet` is built from a :class:`~mjscore.scoring.engine.Score` by :func:`sheet`. It holds
every counted award with the sets or tiles behind it, the awards the hand also showed but that a
bigger one replaced (and by which), the arrangement, the minimum to win and the shortfall, the
limit, and who pays whom; under a ruleset valued by han and fu (riichi), the han, the fu line by line,
the limit reached and the base points the payments are made of. Names come in English, Simplified
and Traditional Chinese (and Japanese where the ruleset gives it); every other
word is a label of the catalogue (:mod:`mjscore.labels`), and :meth:`Sheet.to_dict` writes the
sentences of one language once, for every renderer to show as they are.

The replaced awards are found for the winning arrangement only, once the engine has chosen it: every
award it shows (the rows the compiled evaluator found fired there, :func:`~mjscore.scoring.engine.shown_rows`)
that the score does not count is explained from the table (the higher award of its group, a
``replaces`` or ``reduces`` of a counted award, or a consolation award such as Chicken Hand).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from mjscore.errors import NotationError
from mjscore.hand import WinKind
from mjscore.labels import glossary_label, label, unit_name
from mjscore.scoring.engine import Award, Score, shown_rows
from mjscore.scoring.han_fu import FuLine, HandValue
from mjscore.scoring.payments import Payment
from mjscore.scoring.ruleset import Names, Ruleset
from mjscore.tiles import Tile, parse_tiles


class Scope(StrEnum):
    """What the tiles of an award row are."""

    SETS = "sets"  # the sets or tiles that earn it
    HAND = "hand"  # the whole hand: an award on how all of it is made (All Chows, No Honours...)
    FLOWERS = "flowers"  # the bonus tiles
    WIN_TILE = "win_tile"  # the winning tile: an award on how or when the hand was won
    SEAT = "seat"  # the East wind: an award on the dealer's seat (East won, or gave the tile; a streak)


class How(StrEnum):
    """Why an award the hand shows is not counted (or not counted as often)."""

    GROUP = "group"  # a higher award of its exclusive group is counted
    REPLACES = "replaces"  # a counted award replaces it (the table's ``replaces``)
    REDUCES = "reduces"  # a counted award takes some of its count off (the table's ``reduces``)
    CONSOLATION = "consolation"  # a consolation award (Chicken Hand) replaces the small score


#: Patterns about the bonus tiles: their rows show the flowers.
_FLOWER_PATTERNS = frozenset({"flowers", "seat_flowers", "flower_set", "flower_win"})
#: Patterns about how or when the hand was won: their rows show the winning tile.
_WIN_PATTERNS = frozenset({
    "self_drawn", "robbing_gong", "last_tile", "last_of_its_kind", "replacement_draw",
    "replacement_after_own_kong", "single_wait", "single_tile_wait", "pair_wait", "winning", "early_win",
    "first_go_around_discard", "heavenly", "earthly", "ready_declared", "ready_on", "four_in_ways", "ippatsu"})
#: Patterns about the dealer's seat: their rows show the East wind, the dealer's seat (the winning
#: tile would read as the reason, as if an 8s earned "East Seat / Dealer Tile").
_SEAT_PATTERNS = frozenset({"dealer_involved", "dealer_streak", "dealer_payment"})


@dataclass(frozen=True, slots=True)
class SheetGroup:
    """One set, pair or irregular group of the winning arrangement."""

    kind: str
    tiles: tuple[Tile, ...]
    declared: bool
    concealed: bool
    winning: bool


@dataclass(frozen=True, slots=True)
class Row:
    """A counted award: ``points`` each, ``count`` times, and the tiles behind it (``sets``; what
    they are: ``scope``). ``per_payment``: the award is carried by each payment that involves the
    dealer, not counted in the hand's total (the Taiwan table's 莊家 and 連莊, ruling 55)."""

    id: str
    names: Names
    points: int
    count: int
    group: str | None
    scope: Scope
    sets: tuple[tuple[Tile, ...], ...]
    help: Names
    source: str
    per_payment: bool = False

    @property
    def value(self) -> int:
        return self.points * self.count

    def points_text(self) -> str:
        """The points as the sheet writes them: "2", or "1 × 3 = 3" for an award counted three times."""
        return f"{self.points} × {self.count} = {self.value}" if self.count > 1 else str(self.value)


@dataclass(frozen=True, slots=True)
class Replaced:
    """An award the winning arrangement shows that is not counted (``count`` of it), and the
    counted award that replaced it (``by``)."""

    id: str
    names: Names
    points: int
    count: int
    how: How
    by: str
    by_names: Names

    @property
    def value(self) -> int:
        return self.points * self.count

    def text(self, lang: str) -> str:
        """The reason in ``lang``: "replaced by All Pong Hand", or the count a counted award took off."""
        by = self.by_names.get(lang)
        if self.how is How.REDUCES:
            return label("reduced_by", lang, count=self.count, by=by)
        return label("replaced_by", lang, by=by)


@dataclass(frozen=True, slots=True)
class Minimum:
    """The minimum to win against the points that count toward it (without ``without``)."""

    minimum: int
    counted: int
    without: tuple[Names, ...]

    @property
    def shortfall(self) -> int:
        return max(0, self.minimum - self.counted)

    @property
    def legal(self) -> bool:
        return self.counted >= self.minimum

    def text(self, lang: str) -> str:
        """The shortfall sentence (empty for a legal win): "Not a legal win: 6 is 2 short of the
        minimum of 8 (counted without Flower Tiles)"."""
        if self.legal:
            return ""
        sentence = label("below", lang, score=self.counted, gap=self.shortfall, minimum=self.minimum)
        if self.without:
            without = label("without", lang, names=_join(lang, [n.get(lang) for n in self.without]))
            sentence += label("aside", lang, text=without)
        return sentence


@dataclass(frozen=True, slots=True)
class TablePaymentRow:
    """A payment settled at the table that the hand implies (ruling 5)."""

    id: str
    names: Names
    count: int
    amount: int
    payments: tuple[Payment, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet of one scored hand. ``payments`` is empty for a hand that is not a legal win;
    ``limit`` is set when the ruleset's limit cut ``uncapped`` down to ``total``. ``rows`` are the
    awards of the total; ``per_payment`` the awards each payment involving the dealer carries on top
    (ruling 55: 莊家, 連莊), ``dealer_limit`` set when the limit cut such a payment (ruling 56)."""

    ruleset: Ruleset
    total: int
    uncapped: int
    limit: int | None
    base: int
    rows: tuple[Row, ...]
    replaced: tuple[Replaced, ...]
    arrangement: tuple[SheetGroup, ...]
    win: WinKind
    win_tile: Tile | None
    discarder: str | None
    seat: str
    round: str
    flowers: tuple[Tile, ...]
    waits: tuple[Tile, ...]
    minimum: Minimum | None
    payments: tuple[Payment, ...]
    table_payments: tuple[TablePaymentRow, ...]
    per_payment: tuple[Row, ...] = ()
    dealer_limit: int | None = None
    #: Under a ruleset valued by han and fu (riichi): the han, the fu and their lines, the limit and
    #: the base points (:class:`~mjscore.scoring.han_fu.HandValue`); None under every other ruleset.
    value: HandValue | None = None

    @property
    def dealer_tai(self) -> int:
        """What a payment involving the dealer carries on top of the total (before any limit)."""
        return sum(r.value for r in self.per_payment)

    @property
    def legal(self) -> bool:
        return self.minimum is None or self.minimum.legal

    @property
    def money(self) -> bool:
        """Whether the table set a money value per point or a base money per payment."""
        return self.ruleset.stake != 1 or self.ruleset.base_money != 0

    def unit(self, lang: str) -> str:
        """The ruleset's unit in ``lang`` (points, 台, 番), as the ruleset names it."""
        return unit_name(self.ruleset.unit, lang)

    def total_unit(self, lang: str) -> str:
        """What the total counts in ``lang``: the ruleset's unit (points, 台, 翻), or, for a hand paid
        as limit hands (riichi's yakuman), the name of a limit hand (役満): "Total 2 Yakuman"."""
        table = self.ruleset.points_table
        if self.value is not None and self.value.limit_hands and table is not None:
            return table.limit_hand_name.get(lang)
        return self.unit(lang)

    def win_text(self, lang: str) -> str:
        """How the hand was won: "Discard 🀗 from East"."""
        how = glossary_label(f"win_{self.win.value}", lang, self.ruleset.unit)
        tile = self.win_tile.unicode if self.win_tile else ""
        if self.discarder and self.win is not WinKind.SELF_DRAW:
            return label("sheet_win_from", lang, how=how, tile=tile, discarder=seat_name(self.discarder, lang)).strip()
        return label("sheet_win", lang, how=how, tile=tile).strip()

    def win_line(self, lang: str) -> str:
        """How the hand was won and the winner's seat and round: "Discard 🀗 from West; seat South, round East"."""
        seats = label("sheet_seats", lang, seat=seat_name(self.seat, lang), round=seat_name(self.round, lang))
        return self.win_text(lang) + label("clause_separator", lang) + seats

    def payment_text(self, payment: Payment, lang: str) -> str:
        """One payment: "South pays East 95", and its money where the table set a stake."""
        text = label("pays", lang, payer=seat_name(payment.payer, lang), payee=seat_name(payment.payee, lang),
                     amount=payment.amount)
        if self.money:
            text += f" = {payment.money(self.ruleset.stake, self.ruleset.base_money)}"
        return text

    def payments_text(self, lang: str) -> str:
        """Who pays whom, or why nobody pays; with the stake where the table set one."""
        if not self.legal:
            return label("no_payments", lang)
        rules = self.ruleset
        text = _join(lang, [self.payment_text(p, lang) for p in self.payments]) or label("none", lang)
        if self.money:
            key = "base_money_line" if rules.base_money else "stake_line"
            stake = label(key, lang, base=rules.base_money, stake=rules.stake, unit=self.unit(lang))
            text += label("aside", lang, text=stake)
        return text

    def limit_text(self, lang: str) -> str:
        """The limit's sentence where it cut the total (else empty)."""
        if self.limit is None:
            return ""
        return label("limited", lang, total=self.uncapped, limit=self.limit)

    def dealer_text(self, lang: str) -> str:
        """The awards only the dealer's payments carry, apart from the total (ruling 55): "The dealer
        pays 3 tai more: Dealer 1, Dealer streak 2", or, the dealer winning, "collects ... on each
        payment"; with the limit where it cut such a payment. Empty where there are none."""
        if not self.per_payment:
            return ""
        rows = _join(lang, [f"{r.names.get(lang)} {r.value}" for r in self.per_payment])
        values = {"extra": self.dealer_tai, "unit": self.unit(lang), "rows": rows}
        text = label("dealer_collects", lang, **values) if self.seat == "E" else label("dealer_pays", lang, **values)
        if self.dealer_limit is not None:
            text += label("aside", lang, text=label("dealer_capped", lang, limit=self.dealer_limit))
        return text

    def fu_line_text(self, line: FuLine, lang: str) -> str:
        """One line of the fu as a referee says it: "Closed pung of terminals or honours", "Wait:
        closed (kanchan)", "Pair of value tiles: the seat wind, the round wind"."""
        if line.kind == "pair":
            reasons = _join(lang, [label(f"fu_pair_{reason}", lang) for reason in line.reasons])
            return label("fu_pair", lang, reasons=reasons)
        if line.kind == "wait":
            return label("fu_wait", lang, role=label(f"fu_wait_{line.reasons[0]}", lang))
        return label(f"fu_{line.kind}", lang)

    def value_text(self, lang: str) -> str:
        """The hand's value as the points table makes it: "2 han 30 fu: base points 480", "5 han 40 fu:
        Mangan, base points 2000", "Yakuman × 2: base points 16000" (empty under another ruleset)."""
        value = self.value
        if value is None:
            return ""
        if value.limit_hands:
            table = self.ruleset.points_table
            name = table.limit_hand_name.get(lang) if table is not None else ""
            return label("value_limit_hands", lang, limit=name, n=value.limit_hands, base=value.base)
        if value.limit is not None:
            return label("value_limit", lang, han=value.han, fu=value.fu, limit=value.limit.name.get(lang), base=value.base)
        return label("value_line", lang, han=value.han, fu=value.fu, base=value.base)

    def _value_dict(self, lang: str) -> dict[str, Any] | None:
        value = self.value
        if value is None:
            return None
        return {**value.to_dict(lang), "text": self.value_text(lang), "total_unit": self.total_unit(lang),
                "fu_text": label("han_fu", lang, han=value.han, fu=value.fu),
                "lines": [{"kind": line.kind, "fu": line.fu, "tiles": [t.code for t in line.tiles],
                           "text": self.fu_line_text(line, lang)} for line in value.fu_lines]}

    def table_payment_text(self, row: TablePaymentRow, lang: str) -> str:
        payments = _join(lang, [self.payment_text(p, lang) for p in row.payments])
        return label("table_payment_line", lang, name=row.names.get(lang), payments=payments)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The sheet as JSON: tiles as codes, names in every language, and the sentences of ``lang``
        written once (``text``), for a renderer to show as they are."""
        rules = self.ruleset
        return {
            "lang": lang,
            "ruleset": {"id": rules.id, "name": rules.name.get(lang), "version": rules.version,
                        "unit": rules.unit, "unit_name": self.unit(lang), "overrides": list(rules.overrides)},
            "total": self.total,
            "legal": self.legal,
            "rows": [_row_dict(r, lang) for r in self.rows],
            "per_payment": None if not self.per_payment else {
                "rows": [_row_dict(r, lang) for r in self.per_payment], "tai": self.dealer_tai,
                "limit": self.dealer_limit, "text": self.dealer_text(lang)},
            "base": {"points": self.base, "name": rules.base_name.get(lang), "names": rules.base_name.to_dict()},
            "replaced": [{"id": r.id, "name": r.names.get(lang), "names": r.names.to_dict(), "points": r.points,
                          "count": r.count, "value": r.value, "how": r.how.value, "by": r.by,
                          "by_name": r.by_names.get(lang), "text": r.text(lang)} for r in self.replaced],
            "arrangement": [{"kind": g.kind, "tiles": [t.code for t in g.tiles], "declared": g.declared,
                             "concealed": g.concealed, "winning": g.winning} for g in self.arrangement],
            "win": {"kind": self.win.value, "tile": self.win_tile.code if self.win_tile else None,
                    "glyph": self.win_tile.unicode if self.win_tile else None,
                    "discarder": self.discarder, "seat": self.seat, "round": self.round,
                    "line": self.win_line(lang)},
            "flowers": [t.code for t in self.flowers],
            "waits": [t.code for t in self.waits],
            "minimum": None if self.minimum is None else {
                "minimum": self.minimum.minimum, "counted": self.minimum.counted,
                "shortfall": self.minimum.shortfall, "legal": self.minimum.legal,
                "without": [n.get(lang) for n in self.minimum.without], "text": self.minimum.text(lang)},
            "limit": None if self.limit is None else {"limit": self.limit, "uncapped": self.uncapped,
                                                     "text": self.limit_text(lang)},
            "payments": [{"payer": p.payer, "payee": p.payee, "amount": p.amount,
                          "money": str(p.money(rules.stake, rules.base_money)) if self.money else None,
                          "text": self.payment_text(p, lang)} for p in self.payments],
            "payments_text": self.payments_text(lang),
            "table_payments": [{"id": t.id, "name": t.names.get(lang), "names": t.names.to_dict(), "count": t.count,
                                "amount": t.amount, "text": self.table_payment_text(t, lang),
                                "payments": [{"payer": p.payer, "payee": p.payee, "amount": p.amount}
                                             for p in t.payments]} for t in self.table_payments],
            "value": self._value_dict(lang),
        }


def _row_dict(row: Row, lang: str) -> dict[str, Any]:
    return {"id": row.id, "name": row.names.get(lang), "names": row.names.to_dict(), "points": row.points,
            "count": row.count, "value": row.value, "points_text": row.points_text(), "group": row.group,
            "scope": row.scope.value, "sets": [[t.code for t in s] for s in row.sets], "help": row.help.get(lang),
            "source": row.source, "per_payment": row.per_payment}


def seat_name(seat: str, lang: str) -> str:
    """A seat (E, S, W, N) in ``lang``: East, 东, 東."""
    return label(f"seat_{seat}", lang)


def _join(lang: str, parts: list[str]) -> str:
    return label("list_separator", lang).join(parts)


def sheet(result: Score) -> Sheet:
    """The score sheet of ``result``."""
    rules = result.ruleset
    hand = result.hand
    arrangement = result.arrangement
    groups = () if arrangement is None else tuple(
        SheetGroup(g.kind.value, g.tiles, g.declared, g.concealed, index == arrangement.win_group)
        for index, g in enumerate(arrangement.groups))
    minimum = None if result.minimum is None else Minimum(
        result.minimum, result.counted_for_minimum, tuple(a.name for a in result.not_counted_for_minimum))
    rows = tuple(_row(rules, a, result, groups) for a in result.awards)
    limit = rules.limit
    dealer_capped = limit is not None and result.dealer_tai > 0 and result.uncapped_total + result.dealer_tai > limit
    dealer_limit = limit if dealer_capped else None
    return Sheet(
        ruleset=rules, total=result.total, uncapped=result.uncapped_total,
        limit=rules.limit if result.limited else None, base=result.base,
        rows=tuple(r for r in rows if not r.per_payment), per_payment=tuple(r for r in rows if r.per_payment),
        dealer_limit=dealer_limit,
        replaced=replaced_awards(result),
        arrangement=groups, win=hand.win, win_tile=hand.win_tile, discarder=hand.discarder, seat=hand.seat,
        round=hand.round, flowers=hand.flowers, waits=result.waits, minimum=minimum, payments=result.payments,
        table_payments=tuple(TablePaymentRow(t.id, t.name, t.count, t.amount, t.payments)
                             for t in result.table_payments),
        value=result.value)


def _row(rules: Ruleset, award: Award, result: Score, groups: tuple[SheetGroup, ...]) -> Row:
    rule = rules.award(award.id)
    scope, sets = _evidence(rule.pattern, award.detail, result, groups)
    return Row(award.id, award.name, award.points, award.count, award.group, scope, sets, award.help, award.source,
               rule.dealer_payments_only)


def _evidence(pattern: str, detail: str, result: Score,
              groups: tuple[SheetGroup, ...]) -> tuple[Scope, tuple[tuple[Tile, ...], ...]]:
    """The tiles behind an award: those its pattern names (a detail written in tile notation), else
    the flowers, the winning tile, the East wind (the dealer's seat) or the whole hand, as its pattern is about."""
    hand = result.hand
    named = _tiles_named(detail)
    if pattern in _FLOWER_PATTERNS and hand.flowers:
        return Scope.FLOWERS, named or (hand.flowers,)
    if named:
        return Scope.SETS, named
    if pattern in _SEAT_PATTERNS:
        return Scope.SEAT, (parse_tiles("E"),)
    if pattern in _WIN_PATTERNS and hand.win_tile is not None:
        return Scope.WIN_TILE, ((hand.win_tile,),)
    if not groups:
        return Scope.FLOWERS, (hand.flowers,) if hand.flowers else ()
    return Scope.HAND, tuple(g.tiles for g in groups)


@lru_cache(maxsize=4096)
def _tiles_named(detail: str) -> tuple[tuple[Tile, ...], ...]:
    """The sets of a detail written in tile notation (``"123m 456m 789m"``), or none if it is not.
    Kept: awards write the same few details over and over."""
    try:
        return tuple(parse_tiles(word) for word in detail.split())
    except NotationError:
        return ()


def replaced_awards(result: Score) -> tuple[Replaced, ...]:
    """The awards the winning arrangement shows that ``result`` does not count (or counts fewer
    times), each with the award that replaced it: among the rows it shows (:func:`shown_rows`), those
    a counted award could have replaced (:func:`_related`)."""
    rules = result.ruleset
    if result.arrangement is None and result.hand.win is not WinKind.FLOWERS:
        return ()
    counted = {a.id: a for a in result.awards}
    related = _related(rules, counted)
    # (id, count, value) of the related awards the arrangement shows
    shown = [(rule.id, count, rule.points * count) for rule, count in shown_rows(result)
             if related is None or rule.id in related]
    found: list[Replaced] = []
    for award_id, count, _ in shown:
        kept = counted.get(award_id)
        missing = count - (kept.count if kept else 0)
        if missing <= 0:
            continue
        explained = _replaced_by(rules, award_id, shown, counted, whole=kept is None)
        if explained is not None:
            how, by = explained
            rule = rules.award(award_id)
            found.append(Replaced(award_id, rule.name, rule.points, missing, how, by, rules.award(by).name))
    return tuple(found)


def _related(rules: Ruleset, counted: Iterable[str]) -> set[str] | None:
    """The awards a counted award could have replaced (:meth:`Ruleset.replaceable`: its group's,
    those it ``replaces`` or ``reduces``, and theirs in turn); None (every award) when a consolation
    award, which replaces whatever the small score held, is counted."""
    if any(rules.award(i).consolation is not None for i in counted):
        return None
    found: set[str] = set()
    for award_id in counted:
        found |= rules.replaceable(award_id)
    return found


def _replaced_by(rules: Ruleset, award_id: str, shown: list[tuple[str, int, int]],
                 counted: dict[str, Award], whole: bool) -> tuple[How, str] | None:
    """Which award replaced ``award_id`` (``whole``: all of it, else some of its count), and how: the
    table's groups, ``replaces``, ``reduces`` and consolation awards, in the order the engine applies
    them. A group's rival may itself be replaced: it is listed too."""
    group = rules.award(award_id).group
    if whole and group is not None:
        rivals = [(i, v) for i, _, v in shown if rules.award(i).group == group]
        best = max(rivals, key=lambda r: r[1])  # the first of the highest, as the engine keeps it
        if best[0] != award_id:
            return How.GROUP, best[0]
    if whole:
        by = next((i for i in counted if award_id in rules.award(i).replaces), None)
        if by is not None:
            return How.REPLACES, by
    by = next((i for i in counted if award_id in rules.award(i).reduces), None)
    if by is not None:
        return How.REDUCES, by
    by = next((i for i in counted if rules.award(i).consolation is not None), None)
    if by is not None:
        return How.CONSOLATION, by
    return None


def score_json(result: Score, lang: str = "en") -> dict[str, Any]:
    """A scored hand as ``mjscore score --format json`` prints it (and ``mjscore batch`` writes each
    line): :meth:`Score.to_dict` and, under ``sheet``, its score sheet."""
    return {**result.to_dict(lang), "sheet": sheet(result).to_dict(lang)}
