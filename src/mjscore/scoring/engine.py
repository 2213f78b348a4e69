"""The scoring engine: score a hand under a ruleset.

For each arrangement of the hand the engine evaluates every award's pattern on one shared
:class:`Facts`, keeps the highest award of each exclusive group, drops awards that a counted award
replaces, applies a consolation award (Chicken Hand) and adds the base. The arrangement with the
highest total wins; ties go to the first in the stable order (ruling 1).

:func:`score` does this through the ruleset's compiled evaluator (:mod:`mjscore.scoring.compiled`),
which totals every arrangement on integers and leaves the pattern calls, Award objects and details
to the winning arrangement; :func:`reference_score` calls every pattern of every arrangement. The
two give identical scores (``tests/test_compiled.py``).
"""

from __future__ import annotations

import struct
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol, TypeVar

from mjscore.arrangements import MELD_GROUPS, Arrangement, arrangements, meld_group, native_plan, waits
from mjscore.errors import HandError, MjscoreError, NotAWinError, Refusal, RulesetError, quoted
from mjscore.hand import Hand, Meld, MeldKind, WinKind
from mjscore.native import NATIVE
from mjscore.scoring.awards import Award as Award  # re-exported: the engine's values, as ever
from mjscore.scoring.compiled import Evaluator, evaluator
from mjscore.scoring.contexts import check_context, check_flowers, check_tile_count
from mjscore.scoring.facts import Facts
from mjscore.scoring.han_fu import FuTable, HandValue, PointsTable, count_fu, hand_value, limit_hands_only, settle_value
from mjscore.scoring.native_program import Program, program_for
from mjscore.scoring.patterns import PATTERNS, Hit, Pattern
from mjscore.scoring.payments import IMPLIED_ONLY_IF, Payment, settle, settled_by_seat, table_payments
from mjscore.scoring.ruleset import AwardRule, Names, Ruleset, TablePaymentRule
from mjscore.tiles import SEATS, Tile

# A constant, not ``WinKind.FLOWERS`` at each use: an enum member read off its class runs the enum
# metaclass's attribute hook, interpreted, even in the compiled build.
_FLOWERS: Final = WinKind.FLOWERS
_DISCARD: Final = WinKind.DISCARD
_ROBBING_GONG: Final = WinKind.ROBBING_GONG

# The values made for every scored hand (Award, TablePayment, Score; payments.Payment) spell out their
# __init__ (``init=False``): the one dataclasses generates for a frozen class runs interpreted even in
# the compiled build and sets each field through a Python-level call, dozens of times the cost of the
# compiled one. Fields, order, defaults, equality, repr and ``replace`` are the dataclass's.


#: The native core's maker of a slotted object without its __init__ (:func:`mjscore._native.make`), or None
#: (also where this module is compiled with mypyc: its classes are then native ones, made their own way).
_MAKE: Final = NATIVE.make if NATIVE is not None and not __file__.endswith((".so", ".pyd")) else None


@dataclass(frozen=True, slots=True, init=False)
class TablePayment:
    """A payment settled at the table, not added to the hand (ruling 5): one a scored hand implies,
    or an event recorded when it happens (:func:`record_event`)."""

    id: str
    name: Names
    count: int
    amount: int
    group: str | None
    payments: tuple[Payment, ...]
    detail: str

    def __init__(self, id: str, name: Names, count: int, amount: int, group: str | None,
                 payments: tuple[Payment, ...], detail: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "group", group)
        object.__setattr__(self, "payments", payments)
        object.__setattr__(self, "detail", detail)

    @property
    def value(self) -> int:
        """The amount of each of its payments (each other player's share, a penalty to each, or
        the discarder's payment)."""
        return self.amount * self.count

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name.get(lang),
            "names": self.name.to_dict(),
            "count": self.count,
            "amount_each": self.amount,
            "reason": self.detail or self.name.get(lang),
            "payments": [p.to_dict() for p in self.payments],
        }


class _Awards:
    """A scored hand's awards, made on first read: the evaluator has already counted the winning
    arrangement's rows on integers (the total, payments and minimum need no more), so the Award
    objects, with their names and details from the rows' patterns, are made only for a caller that
    reads them: ``_context`` is the call that makes them (:func:`_counted_awards` and its arguments,
    or the native core's ``awards`` and its). Made once; the same for every reader. ``fired``: the
    rows the winning arrangement shows (indices into ``rows``, counts), as the compiled evaluator
    found them (:func:`shown_rows`); None where the hand was scored without it. The native core makes
    these for the hands it scores, its slots set at once."""

    __slots__ = ("_awards", "_context", "rows", "fired")

    def __init__(self, awards: tuple[Award, ...] | None = (), context: tuple[Any, ...] | None = None,
                 rows: tuple[AwardRule, ...] = (), fired: list[tuple[int, int]] | None = None) -> None:
        self._awards = awards
        self._context = context
        self.rows = rows
        self.fired = fired

    def get(self) -> tuple[Award, ...]:
        found = self._awards
        if found is None:
            context = self._context
            assert context is not None
            found = self._awards = context[0](*context[1:])
            self._context = None
        return found


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Score:
    """The scored hand: the total, every award counted, the base, the arrangement used, the wait
    set, the payments and the table payments, and whether the total meets the minimum to win.
    ``limited`` says the ruleset's limit cut the total down. A hand below the minimum is not a
    legal win: it has no ``payments`` (the table payments it shows were settled when they happened).
    ``dealer_tai`` is what the awards a payment carries only where it involves the dealer (the
    Taiwan table's 莊家 and 連莊, ``dealer_payments_only``) add to each such payment: they are not
    in ``total`` (ruling 55). ``uncapped_total`` is the total before the limit (the awards but
    those, and the base: ``total`` unless ``limited``); ``counted_for_minimum`` the total that the
    minimum to win is compared with, without the awards the ruleset counts only after the minimum
    is met (MCR's flowers).
    ``awards`` are made on first read (:class:`_Awards`). Two scores are equal when every field
    and the awards are."""

    ruleset: Ruleset
    hand: Hand
    total: int
    base: int
    arrangement: Arrangement | None
    waits: tuple[Tile, ...]
    payments: tuple[Payment, ...]
    table_payments: tuple[TablePayment, ...]
    minimum: int | None
    uncapped_total: int
    counted_for_minimum: int
    limited: bool = False
    dealer_tai: int = 0
    _awards: _Awards = field(default_factory=_Awards, repr=False)
    #: Under a ruleset valued by han and fu (riichi): the han, the fu line by line, the limit reached
    #: and the base points the payments are made of (:mod:`mjscore.scoring.han_fu`); else None.
    value: HandValue | None = None

    def __init__(self, ruleset: Ruleset, hand: Hand, total: int, base: int, arrangement: Arrangement | None,
                 waits: tuple[Tile, ...], payments: tuple[Payment, ...], table_payments: tuple[TablePayment, ...],
                 minimum: int | None, uncapped_total: int, counted_for_minimum: int, limited: bool = False,
                 dealer_tai: int = 0, _awards: _Awards | None = None, value: HandValue | None = None) -> None:
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "arrangement", arrangement)
        object.__setattr__(self, "waits", waits)
        object.__setattr__(self, "payments", payments)
        object.__setattr__(self, "table_payments", table_payments)
        object.__setattr__(self, "minimum", minimum)
        object.__setattr__(self, "uncapped_total", uncapped_total)
        object.__setattr__(self, "counted_for_minimum", counted_for_minimum)
        object.__setattr__(self, "limited", limited)
        object.__setattr__(self, "dealer_tai", dealer_tai)
        object.__setattr__(self, "_awards", _Awards() if _awards is None else _awards)
        object.__setattr__(self, "value", value)

    @property
    def awards(self) -> tuple[Award, ...]:
        """Every award counted, in the order of the sheet."""
        return self._awards.get()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._compared() == other._compared()

    def _compared(self) -> tuple[object, ...]:
        return (self.ruleset, self.hand, self.total, self.base, self.awards, self.arrangement, self.waits,
                self.payments, self.table_payments, self.minimum, self.uncapped_total, self.counted_for_minimum,
                self.limited, self.dealer_tai, self.value)

    @property
    def is_legal(self) -> bool:
        """True when the hand meets the ruleset's minimum to win (always, without a minimum)."""
        return self.minimum is None or self.counted_for_minimum >= self.minimum

    @property
    def not_counted_for_minimum(self) -> tuple[Award, ...]:
        """The awards of this hand left out of the total the minimum is compared with."""
        return tuple(a for a in self.awards if a.id in self.ruleset.minimum_excludes)

    @property
    def shortfall(self) -> int:
        """How many points the hand lacks to reach the minimum to win (0 for a legal win)."""
        return 0 if self.minimum is None else max(0, self.minimum - self.counted_for_minimum)

    def award(self, award_id: str) -> Award | None:
        return next((a for a in self.awards if a.id == award_id), None)

    def summary(self) -> dict[str, Any]:
        """The compact JSON of batch scoring: ruleset, total, legality, awards (id, points, count,
        value) and payments, without names or explanations."""
        return {
            "ruleset": self.ruleset.id,
            "total": self.total,
            "legal": self.is_legal,
            "awards": [{"id": a.id, "points": a.points, "count": a.count, "value": a.value} for a in self.awards],
            "payments": [p.to_dict() for p in self.payments],
        }

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The scored hand as JSON; each payment also carries its ``money`` value when the table
        has set a stake other than 1 per point."""
        rules = self.ruleset
        return {
            "ruleset": {"id": rules.id, "name": rules.name.get(lang), "version": rules.version,
                        "unit": rules.unit, "stake": str(rules.stake), "base_money": str(rules.base_money),
                        "overrides": list(rules.overrides)},
            "total": self.total,
            "base": {"points": self.base, "name": rules.base_name.get(lang)},
            "awards": [a.to_dict(lang) for a in self.awards],
            "arrangement": self.arrangement.notation() if self.arrangement else None,
            "arrangement_shape": self.arrangement.shape if self.arrangement else None,
            "win_role": self.arrangement.win_role.value if self.arrangement and self.arrangement.win_role else None,
            "waits": [t.code for t in self.waits],
            "payments": [p.to_dict(rules.stake if rules.stake != 1 or rules.base_money else None, rules.base_money)
                         for p in self.payments],
            "table_payments": [t.to_dict(lang) for t in self.table_payments],
            "limit": self.ruleset.limit,
            "limited": self.limited,
            "uncapped_total": self.uncapped_total,
            "dealer_tai": self.dealer_tai,
            "minimum": self.minimum,
            "counted_for_minimum": self.counted_for_minimum,
            "not_counted_for_minimum": [a.name.get(lang) for a in self.not_counted_for_minimum],
            "legal": self.is_legal,
            "shortfall": self.shortfall,
            **({"value": self.value.to_dict(lang)} if self.value is not None else {}),
            "hand": self.hand.to_dict(),
        }


class _Row:
    """An award row as the scoring of every hand reads it: its fields read once. (A row is a frozen
    dataclass of the interpreted ruleset module, each field read a dictionary look-up in the compiled
    build; these are native attributes.) ``excluded``: the minimum to win leaves it out."""

    def __init__(self, rule: AwardRule, excluded: bool) -> None:
        self.id = rule.id
        self.name = rule.name
        self.points = rule.points
        self.group = rule.group
        self.help = rule.help
        self.source = rule.source
        self.dealer_payments_only = rule.dealer_payments_only
        self.excluded = excluded
        self.consolation = rule.consolation is not None
        self.function = rule.function
        self.arguments = rule.arguments


class _Prepared:
    """What scoring a hand reads of a ruleset besides its evaluator, read once per ruleset (the ruleset
    is frozen): its settings, its award rows by identity (:class:`_Row`), and the table payments a
    hand can imply, each with the test of the hand that must hold for its pattern to find anything
    (:data:`~mjscore.scoring.payments.IMPLIED_ONLY_IF`; None: always asked)."""

    def __init__(self, rules: Ruleset) -> None:
        self.hand_size = rules.hand_size
        self.instant_flower_win = rules.instant_flower_win
        self.played_shapes = rules.played_shapes
        self.base = rules.base
        self.limit = rules.limit
        self.minimum: dict[str, int] | None = dict(rules.minimum) if rules.minimum is not None else None
        self.settlement_bonus = rules.settlement_bonus
        excludes = rules.minimum_excludes
        self.rows: dict[int, _Row] = {id(rule): _Row(rule, rule.id in excludes) for rule in rules.awards}
        self.implied: list[tuple[TablePaymentRule, Callable[[Hand], bool] | None, Pattern, tuple[Any, ...]]] = [
            (rule, IMPLIED_ONLY_IF.get(rule.pattern) if rule.pattern and PATTERNS.get(rule.pattern) is rule.function
             else None, rule.function, rule.arguments)
            for rule in evaluator(rules).implied_payments]
        #: The native program of the ruleset's ordinary wins with what its call reads (the packed
        #: program, the shapes as bytes, the totaller's values as 64-bit integers), made on first use
        #: (:func:`_natively`); False: none.
        self.native: tuple[Program, tuple[object, ...], bytes, bytes] | bool | None = None
        #: What the native core's whole score reads of the ruleset (:func:`_whole`), made on first use;
        #: False: it does not score the ruleset's hands.
        self.whole: object = None


_PREPARED: dict[int, _Prepared] = {}


def _prepared(rules: Ruleset) -> _Prepared:
    """The :class:`_Prepared` of ``rules``, made on first use and kept while the ruleset lives."""
    found = _PREPARED.get(id(rules))
    if found is None:
        found = _PREPARED[id(rules)] = _Prepared(rules)
        weakref.finalize(rules, _PREPARED.pop, id(rules), None)
    return found


def score(hand: Hand, rules: Ruleset) -> Score:
    """Score ``hand`` under ``rules``. Raises :class:`HandError` for a hand of the wrong size and
    :class:`NotAWinError` when the winning tile does not complete it."""
    prepared = _PREPARED.get(id(rules)) or _prepared(rules)
    whole = prepared.whole
    if whole is None:
        whole = _whole(rules, prepared)
    if whole is not False:  # the native core scores the plain ordinary win whole, in one call
        assert NATIVE is not None
        found = NATIVE.score(whole, hand)
        if found is not NotImplemented:
            return found  # type: ignore[no-any-return]
    _check_for_ruleset(hand, rules, prepared)
    if hand.win_tile is None and hand.win is not _FLOWERS:
        raise HandError("win_tile is required to score a hand (only an instant flower win has none)")
    return _score(hand, rules, prepared, waits(hand, prepared.played_shapes) if hand.concealed or hand.melds else ())


def reference_score(hand: Hand, rules: Ruleset) -> Score:
    """:func:`score` without the compiled evaluator: every pattern called on every arrangement.
    The reference the compiled evaluator is tested against (``tests/test_compiled.py``)."""
    prepared = _prepared(rules)
    _check_for_ruleset(hand, rules, prepared)
    if hand.win_tile is None and hand.win is not _FLOWERS:
        raise HandError("win_tile is required to score a hand (only an instant flower win has none)")
    return _score(hand, rules, prepared, waits(hand, prepared.played_shapes) if hand.concealed or hand.melds else (),
                  compiled=False)


def score_waits(hand: Hand, rules: Ruleset) -> tuple[tuple[Tile, Score | None], ...]:
    """Each tile the held hand waits on, with the score winning on it would make (its win context
    taken from ``hand``; any winning tile of ``hand`` is set aside). The score is None where the
    context makes that win impossible (robbing a gong on a tile the hand holds)."""
    prepared = _prepared(rules)
    _check_for_ruleset(hand, rules, prepared)
    wait_set = waits(hand, prepared.played_shapes)  # the same held tiles, so the same waits, for every candidate
    found: list[tuple[Tile, Score | None]] = []
    for tile in wait_set:
        try:
            found.append((tile, _score(hand.winning_on(tile), rules, prepared, wait_set)))
        except MjscoreError:
            found.append((tile, None))
    return tuple(found)


def _check_for_ruleset(hand: Hand, rules: Ruleset, prepared: _Prepared) -> None:
    """Refuse what the ruleset cannot have: the wrong number of tiles, flowers it cannot hold, a
    claim (heavenly, earthly, ready) that breaks what it means in the ruleset."""
    check_tile_count(hand, prepared.hand_size)
    check_flowers(hand, prepared.instant_flower_win)
    check_context(hand, rules)


def _score(hand: Hand, rules: Ruleset, prepared: _Prepared, wait_set: tuple[Tile, ...], compiled: bool = True) -> Score:
    """Score a checked hand whose held tiles wait on ``wait_set``: the best arrangement wins.
    ``compiled``: find it with the ruleset's compiled evaluator, and call the patterns of the
    winning arrangement's fired rows only; else call every pattern of every arrangement."""
    flower_win = hand.win is _FLOWERS
    if rules.points_table is not None and rules.fu is not None and not flower_win:
        return _score_valued(hand, rules, rules.points_table, rules.fu, wait_set, compiled)
    if compiled:
        both = evaluator(rules)
        which = both.flower_win if flower_win else both.ordinary
        found = None if flower_win else _natively(rules, which, hand, wait_set, prepared)
        if found is None:
            candidates: Sequence[Arrangement | None] = (None,) if flower_win else arrangements(hand, prepared.played_shapes)
            if not candidates:
                raise NotAWinError(_not_a_win(hand, wait_set))
            number, fired, counted = which.best(hand, candidates, wait_set)
            arrangement = candidates[number]
        else:
            arrangement, fired, counted = found
        uncapped, for_dealer, excluded = _tally(prepared, counted)
        table, made = _implied_payments(prepared, hand, arrangement, wait_set) if prepared.implied else ((), None)
        lazy = _Awards(None, (_counted_awards, rules, prepared, hand, arrangement, wait_set, made, counted, which, fired),
                       which.rules, fired)
    else:
        candidates = (None,) if flower_win else arrangements(hand, prepared.played_shapes)
        if not candidates:
            raise NotAWinError(_not_a_win(hand, wait_set))
        best: tuple[int, tuple[Award, ...], Arrangement | None, Facts] | None = None
        for candidate in candidates:
            facts = Facts(hand, candidate, wait_set)
            awards = arrangement_awards(rules, facts)
            total = sum(a.value for a in awards) + rules.base
            if best is None or total > best[0]:
                best = (total, awards, candidate, facts)
        assert best is not None
        uncapped, awards, arrangement, facts = best
        for_dealer = sum(a.value for a in awards if rules.award(a.id).dealer_payments_only)
        excluded = sum(a.value for a in awards
                       if a.id in rules.minimum_excludes and not rules.award(a.id).dealer_payments_only)
        lazy = _Awards(awards)
        table = _table_payments(rules.table_payments, facts)
    # The rows a payment carries only where it involves the dealer (莊家, 連莊) are not the hand's:
    # the total is the rest, and each payment with the dealer carries them on top (ruling 55). A
    # limit bounds the total and every payment, those rows included (ruling 56).
    uncapped -= for_dealer
    limit = prepared.limit
    limited = limit is not None and uncapped > limit
    total = limit if limit is not None and limited else uncapped
    with_dealer: int | None = None
    if for_dealer:
        with_dealer = uncapped + for_dealer if limit is None else min(limit, uncapped + for_dealer)
    minima = prepared.minimum
    minimum = minima.get(hand.round) if minima else None
    counted_for_minimum = total - excluded
    legal = minimum is None or counted_for_minimum >= minimum
    payments = settle(hand, total, prepared.settlement_bonus, with_dealer) if legal else ()  # nothing for a false win
    if _MAKE is not None:  # Score's own __init__, its fields set at once by the native core
        return _MAKE(Score, _SCORE_FIELDS, (rules, hand, total, prepared.base, arrangement, wait_set, payments, table,  # type: ignore[no-any-return]
                                            minimum, uncapped, counted_for_minimum, limited, for_dealer, lazy, None))
    return Score(ruleset=rules, hand=hand, total=total, base=prepared.base, arrangement=arrangement, waits=wait_set,
                 payments=payments, table_payments=table, minimum=minimum, uncapped_total=uncapped,
                 counted_for_minimum=counted_for_minimum, limited=limited, dealer_tai=for_dealer, _awards=lazy)


def _score_valued(hand: Hand, rules: Ruleset, table: PointsTable, fu_table: FuTable, wait_set: tuple[Tile, ...],
                  compiled: bool) -> Score:
    """Score a checked hand under a ruleset valued by han and fu (:mod:`mjscore.scoring.han_fu`):
    each arrangement's awards (an open hand's by the open values, :meth:`Ruleset.opened`), the
    limit hands alone where one counts, its fu, the value and the payments; the arrangement that
    pays most wins (then a limit hand, more han, more fu; then the first, ruling 1). ``compiled``:
    each arrangement's rows counted by the compiled evaluator, else every pattern called."""
    used = rules.opened() if hand.has_exposed_melds else rules
    prepared = _prepared(used)
    candidates = arrangements(hand, prepared.played_shapes)
    if not candidates:
        raise NotAWinError(_not_a_win(hand, wait_set))
    which = evaluator(used).ordinary
    minimum = prepared.minimum.get(hand.round) if prepared.minimum else None
    discarder = hand.discarder if hand.win.claimed else None
    rows = prepared.rows
    best: tuple[tuple[int, ...], Arrangement, list[tuple[AwardRule, int]], list[tuple[int, int]] | None,
                HandValue, tuple[Payment, ...], int] | None = None
    for candidate in candidates:
        fired: list[tuple[int, int]] | None = None
        if compiled:
            _, fired, counted = which.best(hand, (candidate,), wait_set)
        else:
            counted = [(used.award(a.id), a.count) for a in arrangement_awards(used, Facts(hand, candidate, wait_set))]
        if any(rule.limit_hand for rule, _ in counted):
            kept = limit_hands_only([(rule.id, rule.points * count, rule.limit_hand) for rule, count in counted],
                                    table.limit_hands_cumulative)
            counted = [counted[index] for index in kept]
        limits = han = excluded = 0
        for rule, count in counted:  # one pass: the limit hands' value, the han, the han the minimum leaves out
            if rule.limit_hand:
                limits += rule.points * count
            else:
                han += rule.points * count
            row = rows[id(rule)]
            if row.excluded:
                excluded += row.points * count
        legal = minimum is None or limits + han - excluded >= minimum
        fu, lines = (0, ()) if limits else count_fu(fu_table, hand, candidate, [rule.id for rule, _ in counted])
        value = hand_value(table, han, fu, lines, limits)
        payments = settle_value(table, hand.seat, discarder, value.base) if legal else ()
        key = (int(legal), sum(p.amount for p in payments), int(limits > 0), han, fu)
        if best is None or key > best[0]:
            best = (key, candidate, counted, fired, value, payments, excluded)
    assert best is not None
    _, arrangement, counted, fired, value, payments, excluded = best
    total = value.limit_hands + value.han
    if fired is not None:
        lazy = _Awards(None, (_counted_awards, used, prepared, hand, arrangement, wait_set, None, counted, which, fired),
                       which.rules, fired)
    else:
        lazy = _Awards(tuple(Award(rule.id, rule.name, rule.points, count, rule.group,
                                         _reference_detail(used, hand, arrangement, wait_set, rule), rule.help, rule.source)
                                   for rule, count in counted))
    return Score(ruleset=rules, hand=hand, total=total, base=0, arrangement=arrangement, waits=wait_set, payments=payments,
                 table_payments=(), minimum=minimum, uncapped_total=total, counted_for_minimum=total - excluded,
                 _awards=lazy, value=value)


def _reference_detail(rules: Ruleset, hand: Hand, arrangement: Arrangement, wait_set: tuple[Tile, ...],
                      rule: AwardRule) -> str:
    """The detail of a counted row on the arrangement (its pattern asked again)."""
    hit = rule.function(Facts(hand, arrangement, wait_set), *rule.arguments)
    return hit.detail if hit is not None else ""


#: Score's fields in order, as :func:`_score` sets them.
_SCORE_FIELDS: Final = ("ruleset", "hand", "total", "base", "arrangement", "waits", "payments", "table_payments", "minimum",
                        "uncapped_total", "counted_for_minimum", "limited", "dealer_tai", "_awards", "value")


#: The tests of a hand that keep an implied table payment from being found, as the native core numbers
#: them (:func:`mjscore._native.prepare`): a payment with any other test, or none, is always looked for
#: in Python.
_NATIVE_GUARDS: Final[dict[object, int]] = {IMPLIED_ONLY_IF.get("flower_set"): 1, IMPLIED_ONLY_IF.get("kongs"): 2,
                                            IMPLIED_ONLY_IF.get("dealer_streak"): 3}


def _whole(rules: Ruleset, prepared: _Prepared) -> object:
    """What the native core reads to score the ruleset's ordinary wins whole (:func:`mjscore._native.score`:
    the checks, waits, evaluation, totals, payments and the Score in one call), kept in ``prepared``;
    False where it cannot (no native core, no native program of the ruleset, or a ruleset valued by han
    and fu): :func:`_score` then
    scores every hand. A hand the native core does not take whole (a flower win, a refusal, a table
    payment it may imply) is scored by :func:`_score`, the same."""
    which = evaluator(rules).ordinary
    valued = rules.points_table is not None and rules.fu is not None  # han and fu: :func:`_score_valued`
    native = _native_program(rules, which, prepared) if _WHOLE and not valued else False
    if native is False:
        prepared.whole = False
        return False
    assert NATIVE is not None and not isinstance(native, bool)
    program, packed, plan, values = native
    rows = (*which.rules, *which.consolations)
    flags = bytes((1 if rule.dealer_payments_only else 2 if rule.id in rules.minimum_excludes else 0) for rule in rows)
    guards = bytes(_NATIVE_GUARDS.get(holds, 0) if holds is not None else 0 for _, holds, _, _ in prepared.implied)
    prepared.whole = NATIVE.prepare(
        packed, plan, values, which.rules, which.consolations, program.per_hand, prepared.hand_size,
        prepared.instant_flower_win, struct.pack(f"<{len(rows)}q", *(rule.points for rule in rows)), flags, prepared.base,
        prepared.limit, prepared.minimum, prepared.settlement_bonus, guards, settled_by_seat, rules, prepared, which,
        check_context, _implied_payments, tuple(prepared.rows[id(rule)] for rule in rows),
        tuple((rule.id, rule.name, rule.points, rule.group, rule.help, rule.source) for rule in rows), NATIVE.awards)
    return prepared.whole


#: A meld's kind as the native core numbers a group's (mjscore.scoring.native_program.GROUP_KINDS).
_NATIVE_MELD_KINDS: Final = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 5}


def _natively(rules: Ruleset, which: Evaluator, hand: Hand, wait_set: tuple[Tile, ...], prepared: _Prepared
              ) -> tuple[Arrangement, list[tuple[int, int]], list[tuple[AwardRule, int]]] | None:
    """The winning arrangement of an ordinary win and its rows fired and counted, found by the native
    core running the ruleset's program (:mod:`mjscore.scoring.native_program`) over every
    arrangement; None where there is no program (no native core, or a row it cannot express) or the
    native core does not take the hand: the Python evaluator then answers, the same."""
    native = _native_program(rules, which, prepared)
    if native is False or hand.win_tile is None:
        return None
    assert NATIVE is not None and not isinstance(native, bool)
    program, packed, plan, values = native
    try:
        per_hand = program.per_hand(hand, wait_set)
    except (TypeError, ValueError, AttributeError):  # a value the machine cannot hold: Python answers
        return None
    melds = bytearray()
    for meld in hand.melds:
        melds += bytes((_NATIVE_MELD_KINDS[meld.kind], min(t.index for t in meld.tiles), meld.concealed, meld.added))
    found = NATIVE.evaluate(packed, hand.concealed, hand.win_tile.index, hand.counts, bytes(melds),
                            tuple([meld_group(m) for m in hand.melds]), hand.win is _DISCARD or hand.win is _ROBBING_GONG,
                            plan, per_hand, values, which.rules, which.consolations, wait_set)
    if found is NotImplemented:
        return None
    if found is None:
        raise NotAWinError(_not_a_win(hand, wait_set))
    return found  # type: ignore[no-any-return]


def _native_program(rules: Ruleset, which: Evaluator, prepared: _Prepared
                    ) -> tuple[Program, tuple[object, ...], bytes, bytes] | bool:
    """The native program of the ruleset's ordinary wins with what its call reads (the packed program,
    the shapes as bytes, the totaller's values as 64-bit integers), kept in ``prepared``; False: none."""
    native = prepared.native
    if native is None:
        program = program_for(rules, which.rules) if NATIVE is not None else None
        plan = native_plan(prepared.played_shapes) if program is not None else None
        native = prepared.native = (program, program.packed(), plan, struct.pack(f"<{len(which.values)}q", *which.values)) \
            if program is not None and plan is not None else False
    return native


def _tally(prepared: _Prepared, counted: list[tuple[AwardRule, int]]) -> tuple[int, int, int]:
    """The total of the counted rows with the base, the part of it only the dealer's payments
    carry (not the hand's, ruling 55), and the part of the hand's the minimum to win leaves out:
    one pass over the rows."""
    total = prepared.base
    for_dealer = 0
    excluded = 0
    rows = prepared.rows
    for rule, count in counted:
        row = rows[id(rule)]
        value = row.points * count
        total += value
        if row.dealer_payments_only:
            for_dealer += value
        elif row.excluded:
            excluded += value
    return total, for_dealer, excluded


class _Details:
    """The details of one scored hand's counted awards, worked out when an award's detail is first
    read (:class:`Award`'s ``detail``): each counted row's pattern asked on the winning arrangement,
    the facts made once for all of them. A consolation's detail names the awards it replaces,
    which ``counted`` no longer holds: it, and the detail of a row whose pattern finds nothing
    (which the evaluator's fast forms never let happen), come from :func:`arrangement_awards` of
    the ``fired`` rows (indices into ``which.rules``), made once."""

    __slots__ = ("rules", "rows", "hand", "arrangement", "wait_set", "facts", "which", "fired", "made")

    def __init__(self, rules: Ruleset, rows: list[_Row], hand: Hand, arrangement: Arrangement | None,
                 wait_set: tuple[Tile, ...], facts: Facts | None, which: Evaluator,
                 fired: list[tuple[int, int]]) -> None:
        self.rules = rules
        self.rows = rows
        self.hand = hand
        self.arrangement = arrangement
        self.wait_set = wait_set
        self.facts = facts
        self.which = which
        self.fired = fired
        self.made: tuple[Award, ...] | None = None

    def detail(self, index: int) -> str:
        """The detail of the ``index``-th counted award."""
        facts = self.facts
        if facts is None:
            facts = self.facts = Facts(self.hand, self.arrangement, self.wait_set)
        row = self.rows[index]
        hit = None if row.consolation else row.function(facts, *row.arguments)
        if hit is not None:
            return hit.detail
        made = self.made
        if made is None:
            made = self.made = arrangement_awards(self.rules, facts, tuple(self.which.rules[i] for i, _ in self.fired))
        return next(award.detail for award in made if award.id == row.id)


def _counted_awards(rules: Ruleset, prepared: _Prepared, hand: Hand, arrangement: Arrangement | None,
                    wait_set: tuple[Tile, ...], facts: Facts | None, counted: list[tuple[AwardRule, int]],
                    which: Evaluator, fired: list[tuple[int, int]]) -> tuple[Award, ...]:
    """The awards of the rows the compiled evaluator counted (groups, replacements and reductions
    already applied, in the order of the sheet), made from the rows and their counts: no pattern
    is called and no award is made to be dropped. Each award's detail is worked out when it is
    first read (:class:`_Details`)."""
    rows = prepared.rows
    counted_rows = [rows[id(rule)] for rule, _ in counted]
    details = _Details(rules, counted_rows, hand, arrangement, wait_set, facts, which, fired)
    return tuple(Award.lazy(row.id, row.name, row.points, count, row.group, details, index, row.help, row.source)
                 for index, (row, (_, count)) in enumerate(zip(counted_rows, counted, strict=True)))


def shown_rows(result: Score) -> list[tuple[AwardRule, int]]:
    """The rows the winning arrangement of ``result`` shows, each with its count, in table order:
    before its groups, replacements, reductions and consolation took some out (the awards a score
    sheet says were replaced are among them). The rows the compiled evaluator found fired, where it
    scored the hand; else each row's pattern asked again on that arrangement."""
    lazy = result._awards
    if lazy.fired is not None:
        rows = lazy.rows
        return [(rows[index], count) for index, count in lazy.fired]
    return [(rule, hit.count) for rule, hit in _hits(result.ruleset, Facts(result.hand, result.arrangement, result.waits))]


def _not_a_win(hand: Hand, wait_set: tuple[Tile, ...]) -> str:
    assert hand.win_tile is not None
    if wait_set:
        return f"{hand.win_tile.code} does not complete the hand: it waits on {' '.join(t.code for t in wait_set)}"
    return f"{hand.win_tile.code} does not complete the hand, and no tile would"


def arrangement_awards(rules: Ruleset, facts: Facts, rows: tuple[AwardRule, ...] | None = None) -> tuple[Award, ...]:
    """The awards one arrangement earns (its facts in ``facts``): every row's pattern, then the
    groups, replacements and consolation. :func:`score` keeps the arrangement whose awards total
    most; tools that compare arrangements (the MCR differential test) call this directly.
    ``rows``: only these rows' patterns (in table order), the rows the compiled evaluator found
    fired; the others are known to find nothing."""
    counted = _resolve(rules, [_award(rule, hit.count, hit.detail) for rule, hit in _hits(rules, facts, rows)])
    if facts.hand.win is not _FLOWERS:
        counted = _console(rules, counted)
    return tuple(counted)


def _hits(rules: Ruleset, facts: Facts, rows: tuple[AwardRule, ...] | None = None) -> list[tuple[AwardRule, Hit]]:
    """Each row whose pattern finds something on the arrangement of ``facts``, with what it found, in
    table order: of ``rows``, or of every row the ruleset evaluates on that kind of win and shape."""
    found: list[tuple[AwardRule, Hit]] = []
    for rule in rules.evaluated_for(facts.hand.win is _FLOWERS, facts.shape) if rows is None else rows:
        hit = rule.function(facts, *rule.arguments)
        if hit is not None:
            found.append((rule, hit))
    return found


def _award(rule: AwardRule, count: int, detail: str) -> Award:
    return Award(rule.id, rule.name, rule.points, count, rule.group, detail, rule.help, rule.source)


def _resolve(rules: Ruleset, found: list[Award]) -> list[Award]:
    """Keep the highest award of each group (the first on a tie); then, from the highest value
    down, each award still counted drops the awards it ``replaces`` and takes its ``reduces`` off
    the count of others. An award that is dropped drops nothing: MCR's Four Concealed Pungs drops
    Fully Concealed Hand, and the Self-Drawn that Fully Concealed Hand would drop is counted."""
    kept = _highest_per_group(found)
    dropped: set[str] = set()
    cut: dict[str, int] = {}
    for award in sorted(kept, key=lambda a: -a.value):
        if award.id not in dropped:
            rule = rules.award(award.id)
            dropped.update(rule.replaces)
            for other, by in rule.reduces.items():
                cut[other] = cut.get(other, 0) + by
    counted = [replace(a, count=a.count - cut[a.id]) if a.id in cut else a for a in kept if a.id not in dropped]
    return [a for a in counted if a.count > 0]


def _console(rules: Ruleset, counted: list[Award]) -> list[Award]:
    """Apply a consolation award (Chicken Hand): it replaces a pre-base total of exactly its
    ``when_total``, keeping the awards it ignores (ruling 18; dealer streak, ruling 10)."""
    for rule in rules.awards:
        if rule.consolation is None or not rule.enabled:
            continue
        ignored = [a for a in counted if a.id in rule.consolation.ignore]
        others = [a for a in counted if a.id not in rule.consolation.ignore]
        if sum(a.value for a in others) == rule.consolation.when_total:
            replaced = ", ".join(f"{a.name.en} {a.value}" for a in others)
            return ignored + [_award(rule, 1, f"replaces {replaced}")]
    return counted


def _implied_payments(prepared: _Prepared, hand: Hand, arrangement: Arrangement | None,
                      wait_set: tuple[Tile, ...]) -> tuple[tuple[TablePayment, ...], Facts | None]:
    """:func:`_table_payments` of the ruleset's implied payments, asked only of the rules whose test
    of the hand holds; and the facts made for them (None if none was asked), for the awards."""
    facts: Facts | None = None
    found: list[TablePayment] = []
    for rule, holds, function, arguments in prepared.implied:
        if holds is not None and not holds(hand):
            continue
        if facts is None:
            facts = Facts(hand, arrangement, wait_set)
        hit = function(facts, *arguments)
        if hit is not None:
            found.append(_table_payment(rule, hand.seat, hit.count, hit.detail, hand.discarder))
    return (tuple(_highest_per_group(found)) if found else ()), facts


def _table_payments(rules: Sequence[TablePaymentRule], facts: Facts) -> tuple[TablePayment, ...]:
    """The table payments of ``rules`` the scored hand implies (rules without a pattern are events:
    never)."""
    found: list[TablePayment] = []
    for rule in rules:
        hit = rule.function(facts, *rule.arguments) if rule.enabled else None  # rule.test, without its call
        if hit is not None:
            found.append(_table_payment(rule, facts.hand.seat, hit.count, hit.detail, facts.hand.discarder))
    return tuple(_highest_per_group(found)) if found else ()


def _table_payment(rule: TablePaymentRule, seat: str, count: int, detail: str,
                   discarder: str | None) -> TablePayment:
    payments = table_payments(seat, rule.amount * count, rule.direction, discarder)
    return TablePayment(rule.id, rule.name, count, rule.amount, rule.group, payments, detail)


def record_event(rules: Ruleset, payment_id: str, seat: str, count: int = 1,
                 discarder: str | None = None) -> TablePayment:
    """The payments of a table payment when it happens at the table (ruling 5): triple dice, a
    concealed gong declared, a flower set, a penalty. ``seat`` is the player it names (who collects,
    or who pays a penalty), ``count`` how many times it happened. Raises :class:`RulesetError` for
    an unknown id or a payment the table has switched off, :class:`HandError` for a bad seat."""
    rule = rules.table_payment(payment_id)
    if not rule.enabled:
        raise RulesetError(Refusal("payment_off", id=quoted(payment_id), payment=rule.name))
    if seat not in SEATS:
        raise HandError(Refusal("not_a_seat", seat=quoted(seat)))
    if count < 1:
        raise HandError(Refusal("payment_count", id=payment_id, payment=rule.name, count=count))
    return _table_payment(rule, seat, count, "", discarder)


class _Grouped(Protocol):
    @property
    def group(self) -> str | None: ...

    @property
    def value(self) -> int: ...


G = TypeVar("G", bound=_Grouped)


def _highest_per_group(items: list[G]) -> list[G]:
    """Keep only the highest-valued item of each exclusive group (the first on a tie)."""
    best: dict[str, G] = {}
    for item in items:
        if item.group is not None and (item.group not in best or item.value > best[item.group].value):
            best[item.group] = item
    return [i for i in items if i.group is None or best[i.group] is i]


def _setup_whole() -> bool:
    """Give the native core the classes whose slots its whole score reads and sets (where it runs, and the
    modules are not compiled with mypyc, whose classes are native ones): whether it scores whole."""
    if _MAKE is None:
        return False
    assert NATIVE is not None
    NATIVE.setup_score(Hand, Meld, Tile, Score, _Awards, Award, _Details, (WinKind.SELF_DRAW, _DISCARD, _ROBBING_GONG, _FLOWERS),
                       (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG), tuple(SEATS), MELD_GROUPS, meld_group)
    return True


#: Whether the native core scores plain ordinary wins whole (:func:`_whole`).
_WHOLE: Final = _setup_whole()
