"""Fast forms of the library's patterns: expressions over an arrangement's integer summary.

The pattern functions (:mod:`mjscore.scoring.patterns`, :mod:`mjscore.scoring.patterns_mcr`) are the
reference semantics; this module only lets the compiled evaluator (:mod:`mjscore.scoring.compiled`)
skip calling them where it can. A pattern may offer one of two fast forms, built from the row's
bound parameters:

* :func:`exact` — a Python expression whose value is the pattern's hit count (0 where the pattern
  finds nothing). The evaluator adds it to the arrangement's total without calling the pattern.
* :func:`guard` — a Python expression that is false only where the pattern surely finds nothing.
  Where it is true the evaluator calls the pattern itself.

A pattern without a fast form is simply called (new patterns start that way). Either way the
winning arrangement's awards, counts and details come from the pattern functions: a fast form
only ever decides which arrangement wins and which rows need a look. The differential test
(``tests/test_compiled.py``, ``tools/compiled_differential.py``) holds every fast form to its
pattern on the golden cases and on random hands.

The names an expression may use are the summary's, defined in :data:`SUMMARY` of the compiled
module: per hand ``win``, ``counts``, ``nflowers``, ``self_drawn``, ``claimed``, ``has_honours``,
``has_terminals``, ``nnumbered`` (numbered suits present), ``nfamilies``, ``present`` (a bit per
kind held), ``has4``, ``spread4`` (a kind held four times, not as one kong), ``nwaits``,
``held_pairs_waited`` (waiting kinds held twice before the win), ``pair_wait_held`` (two waits,
each pungs a held pair), ``exposed``, ``all_kongs``, ``own_flowers``, ``seat_wind``,
``round_wind``; per arrangement ``shape``, ``role``, ``role_value``, ``regular``, ``nsets``,
``nchows``, ``npungs``, ``nkongs``, ``ckongs``/``okongs`` (declared kongs concealed/exposed),
``cpungs`` (concealed pungs), ``open_gongs`` (exposed kongs not promoted from a pung),
``wind_pungs``, ``dragon_pungs``, ``pung_firsts``/``chow_firsts`` (first tile indices), ``pair``
(the eyes' index, -1 for none), ``npairs``, ``pair_firsts`` (every pair's index), ``spreads``
(for each kind held four times, in index order, how many groups hold it), ``chow_dups``, ``sister_ranks``, ``pung_same_rank``,
``terminal_pungs``, ``end_chows``, ``chow_key``, ``chow_ranks``, ``adjacent_pungs`` (two
numbered pungs of consecutive ranks in one suit), ``step3`` (chows of three consecutive ranks),
``outside`` (the eyes and every set hold a terminal or an honour), ``wait_place`` (where the
winning tile sits in the concealed groups, as MCR's waits count it: ``edge``, ``closed``, ``pair``
or ``''``), ``win_index`` (the winning tile's index, -1 for none); and the constants
``SELF_DRAW``, ``DISCARD``, ``ROBBING_GONG``, ``FLOWERS`` (win kinds), ``PUNG_ROLE``,
``PAIR_ROLE`` (win roles), ``DRAGON_RANKS`` (the rank offsets 0, 3, 6); and the helpers
``SHIFTED`` (:func:`shifted`) and ``MIXED_SHIFTED`` (:func:`mixed_shifted`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from mjscore.tiles import parse_tiles


@dataclass(frozen=True, slots=True)
class Form:
    """A fast form: ``exact`` (the expression is the hit count) or a guard (the expression is a
    necessary condition for a hit)."""

    expression: str
    exact: bool


def exact(expression: str) -> Form:
    return Form(expression, True)


def guard(expression: str) -> Form:
    return Form(expression, False)


FastForm = Callable[..., Form]
#: Fast forms by pattern name; each takes the row's bound parameters, as the pattern does.
FAST_FORMS: dict[str, FastForm] = {}


def fast(name: str) -> Callable[[FastForm], FastForm]:
    """Register the fast form of the pattern ``name``."""

    def register(function: FastForm) -> FastForm:
        FAST_FORMS[name] = function
        return function

    return register


def _mask(tiles: str) -> int:
    """The bit mask (bit ``index``) of the tiles of a pattern parameter such as ``"23468s F"``."""
    mask = 0
    for tile in parse_tiles(tiles):
        mask |= 1 << tile.index
    return mask


#: Tile index ranges of the honour families.
_FAMILY = {"wind": (27, 31), "dragon": (31, 34)}
_DRAGON_INDEX = {"P": 31, "F": 32, "C": 33}
_SUIT_INDEX = {"m": 0, "p": 1, "s": 2}


def _flag(value: Any) -> str:
    return "1" if value else "0"


# ----- flowers and absence


@fast("no_flowers")
def _no_flowers() -> Form:
    return exact("0 if nflowers else 1")


@fast("no_honours")
def _no_honours() -> Form:
    return exact("0 if has_honours else 1")


@fast("no_flowers_or_honours")
def _no_flowers_or_honours() -> Form:
    return exact("0 if nflowers or has_honours else 1")


@fast("flowers")
def _flowers() -> Form:
    return exact("nflowers")


@fast("seat_flowers")
def _seat_flowers() -> Form:
    return exact("own_flowers")


@fast("flower_set")
def _flower_set(pure: bool, bouquet: int = 0) -> Form:
    return guard("nflowers >= 4")


@fast("flower_win")
def _flower_win(count: int) -> Form:
    return exact(f"1 if win is FLOWERS and nflowers == {count!r} else 0")


# ----- honour pungs


@fast("honour_pungs")
def _honour_pungs(family: str) -> Form:
    return exact(f"{family}_pungs")


@fast("honour_family")
def _honour_family(family: str, pungs: int, pair: bool) -> Form:
    low, high = _FAMILY[family]
    eyes = f" and {low} <= pair < {high}" if pair else ""
    return exact(f"1 if {family}_pungs >= {pungs!r}{eyes} else 0")


@fast("seat_wind_pung")
def _seat_wind_pung() -> Form:
    return exact("pung_firsts.count(seat_wind)")


@fast("round_wind_pung")
def _round_wind_pung() -> Form:
    return exact("pung_firsts.count(round_wind)")


@fast("kongs")
def _kongs(concealed: bool) -> Form:
    return exact("ckongs" if concealed else "okongs")


@fast("kong_count")
def _kong_count(total: list[int], concealed: list[int] | None = None) -> Form:
    hidden = f" and ckongs in {tuple(concealed)!r}" if concealed is not None else ""
    return exact(f"1 if nkongs in {tuple(total)!r}{hidden} else 0")


# ----- set patterns


@fast("dragon_sequence")
def _dragon_sequence(pure: bool, concealed: bool) -> Form:
    return guard("nchows >= 3 and DRAGON_RANKS <= chow_ranks")


@fast("sequential_pungs")
def _sequential_pungs(count: int, independent: bool = False) -> Form:
    return guard(f"npungs >= {count!r} and adjacent_pungs") if count > 1 else guard(f"npungs >= {count!r}")


@fast("identical_chows")
def _identical_chows(count: int, independent: bool = False) -> Form:
    return guard(f"chow_dups >= {count - 1!r}")


@fast("sister_chows")
def _sister_chows(count: int, repeats: bool = False) -> Form:
    return guard("sister_ranks")


@fast("sister_pungs")
def _sister_pungs(count: int, independent: bool = False) -> Form:
    return guard(f"npungs >= {count!r} and pung_same_rank") if count > 1 else guard(f"npungs >= {count!r}")


@fast("same_rank_pung_pairs")
def _same_rank_pung_pairs() -> Form:
    return guard("pung_same_rank")


@fast("concealed_pungs")
def _concealed_pungs(count: int, open_gongs: bool = True, fully_concealed: bool = False) -> Form:
    if fully_concealed:
        return exact(f"1 if not exposed and cpungs >= {count!r} else 0")
    if open_gongs:
        return exact(f"1 if cpungs + open_gongs >= {count!r} else 0")
    return exact(f"1 if cpungs >= {count!r} else 0")


@fast("no_terminals_or_honours")
def _no_terminals_or_honours() -> Form:
    return exact("0 if has_terminals or has_honours else 1")


@fast("terminal_pung_sets")
def _terminal_pung_sets(count: int) -> Form:
    return guard(f"terminal_pungs >= {2 * count!r}")


@fast("terminal_chow_sets")
def _terminal_chow_sets(count: int, same_suit: bool = False) -> Form:
    return guard(f"nchows >= {2 * count!r} and end_chows >= 2")


@fast("step_up_chows")
def _step_up_chows(count: int = 3, three_suits: bool = True) -> Form:
    return guard(f"nchows >= {count!r} and step3") if count == 3 else guard(f"nchows >= {count!r}")


@fast("shifted_chows")
def _shifted_chows(count: int) -> Form:
    return exact(f"SHIFTED(chow_firsts, {count!r}) if nchows >= {count!r} else 0")


def shifted(chow_firsts: list[int], count: int) -> int:
    """1 where ``count`` chows of one suit start one rank or two ranks apart (the pattern
    ``shifted_chows``), else 0."""
    starts = set(chow_firsts)
    for step in (1, 2):
        for first in starts:
            if all(first + k * step in starts and (first + k * step) // 9 == first // 9 for k in range(count)):
                return 1
    return 0


@fast("four_in_ways")
def _four_in_ways(ways: int, independent: bool = False) -> Form:
    if independent:
        return exact(f"spreads.count({ways!r})")
    return exact(f"1 if {ways!r} in spreads else 0")


@fast("tile_hog")
def _tile_hog() -> Form:
    return guard("spread4")


@fast("chow_pairs")
def _chow_pairs(kind: str) -> Form:
    return exact(f"CHOW_PAIR_FANS(chow_key)[{kind!r}] if nchows >= 2 else 0")


@fast("mixed_shifted_pungs")
def _mixed_shifted_pungs() -> Form:
    return exact("MIXED_SHIFTED(pung_firsts) if npungs >= 3 else 0")


def mixed_shifted(pung_firsts: list[int]) -> int:
    """1 where three numbered pungs of three consecutive ranks lie in the three suits (the pattern
    ``mixed_shifted_pungs``), else 0."""
    held = {(p // 9, p % 9) for p in pung_firsts if p < 27}
    for a, b, c in permutations((0, 1, 2)):
        for low in range(7):
            if (a, low) in held and (b, low + 1) in held and (c, low + 2) in held:
                return 1
    return 0


@fast("terminal_honour_pungs")
def _terminal_honour_pungs() -> Form:
    return guard("terminal_pungs or wind_pungs")


@fast("terminal_chows_with_fives")
def _terminal_chows_with_fives(same_suit: bool) -> Form:
    return guard("nchows == 4 and 0 <= pair < 27 and pair % 9 == 4")


# ----- hand patterns


@fast("all_chows")
def _all_chows(no_flowers_or_honours: bool = False) -> Form:
    extra = " and not (nflowers or has_honours)" if no_flowers_or_honours else ""
    return exact(f"1 if regular and nchows == nsets{extra} else 0")


@fast("all_pungs")
def _all_pungs() -> Form:
    return exact("1 if regular and npungs == nsets else 0")


@fast("concealed_hand")
def _concealed_hand(self_drawn: bool, open_kongs: bool = True) -> Form:
    kongs = "" if open_kongs else " and not exposed"
    return exact(f"1 if all_kongs and self_drawn == {_flag(self_drawn)}{kongs} else 0")


@fast("no_exposed_melds")
def _no_exposed_melds(self_drawn: bool) -> Form:
    return exact(f"1 if not exposed and self_drawn == {_flag(self_drawn)} else 0")


@fast("fully_exposed")
def _fully_exposed(self_drawn: bool | None = None) -> Form:
    return guard("role is PAIR_ROLE and len(hand.concealed) == 1")


@fast("one_suit")
def _one_suit(honours: bool) -> Form:
    return exact(f"1 if nnumbered == 1 and has_honours == {_flag(honours)} else 0")


@fast("two_suits")
def _two_suits(no_flowers: bool = False) -> Form:
    flowers = " and not nflowers" if no_flowers else ""
    return exact(f"1 if nnumbered == 2 and not has_honours{flowers} else 0")


@fast("numbered_suit_count")
def _numbered_suit_count(count: int) -> Form:
    return exact(f"1 if nnumbered == {count!r} else 0")


@fast("five_families")
def _five_families() -> Form:
    return exact("1 if nfamilies == 5 else 0")


@fast("sequential_pung_hand")
def _sequential_pung_hand() -> Form:
    return guard("npungs == 5 and pair >= 0")


@fast("all_honours")
def _all_honours() -> Form:
    return exact("0 if nnumbered else 1")


@fast("arranged_as")
def _arranged_as(shape: str) -> Form:
    return exact(f"1 if shape == {shape!r} else 0")


@fast("jewel")
def _jewel(suit: str, dragon: str) -> Form:
    return guard(f"counts[{_DRAGON_INDEX[dragon]}] and nnumbered <= 1")


@fast("all_step_up")
def _all_step_up(sequential_pair: bool = False, same_suit: bool = False) -> Form:
    return guard("regular and pair >= 0 and nchows == nsets")


@fast("terminals_only")
def _terminals_only(honours: bool) -> Form:
    return guard(f"regular and outside and has_terminals and has_honours == {_flag(honours)}")


@fast("eyes_of_rank")
def _eyes_of_rank(ranks: list[int]) -> Form:
    return exact(f"1 if 0 <= pair < 27 and pair % 9 + 1 in {tuple(ranks)!r} else 0")


@fast("any_pair_of_rank")
def _any_pair_of_rank(ranks: list[int]) -> Form:
    return exact(f"1 if any(p < 27 and p % 9 + 1 in {tuple(ranks)!r} for p in pair_firsts) else 0")


@fast("pair_gongs")
def _pair_gongs(count: int, or_more: bool = False) -> Form:
    return guard("npairs >= 2") if count > 0 else guard("1")


@fast("sequential_pairs")
def _sequential_pairs(count: int) -> Form:
    return guard("npairs >= 2")


@fast("every_suit_holds")
def _every_suit_holds(ranks: list[int]) -> Form:
    return guard("nnumbered == 3") if ranks else guard("1")


@fast("only_tiles")
def _only_tiles(tiles: str) -> Form:
    return exact(f"0 if present & {~_mask(tiles) & ((1 << 34) - 1)!r} else 1")


@fast("held_suit_counts")
def _held_suit_counts(counts: list[int]) -> Form:
    # The held tiles one numbered suit: with the winning tile, a hand of that suit alone.
    return guard("not hand.melds and nnumbered == 1 and not has_honours")


@fast("every_group_holds")
def _every_group_holds(tiles: str) -> Form:
    # Each chow (its three tiles), pung and the eyes of the summary hold one of the tiles.
    mask = _mask(tiles)
    return guard(f"present & {mask!r} and all((7 << c) & {mask!r} for c in chow_firsts)"
                 f" and all((1 << p) & {mask!r} for p in pung_firsts) and (pair < 0 or (1 << pair) & {mask!r})")


@fast("all_pungs_of")
def _all_pungs_of(tiles: str) -> Form:
    outside = ~_mask(tiles) & ((1 << 34) - 1)
    return exact(f"1 if nsets and npungs == nsets and pair >= 0 and not present & {outside!r} else 0")


@fast("all_chows_numbered_eyes")
def _all_chows_numbered_eyes() -> Form:
    return exact("1 if nsets and nchows == nsets and 0 <= pair < 27 else 0")


@fast("complete_knitted_straight")
def _complete_knitted_straight() -> Form:
    return guard("nsets < len(groups) - 1")


# ----- waits


@fast("single_wait")
def _single_wait(roles: list[str] | None = None) -> Form:
    if roles is None:
        return exact("1 if nwaits == 1 else 0")
    return exact(f"1 if nwaits == 1 and role_value in {tuple(roles)!r} else 0")


@fast("pair_wait")
def _pair_wait() -> Form:
    return exact("1 if role is PUNG_ROLE and pair_wait_held else 0")


@fast("single_tile_wait")
def _single_tile_wait(role: str) -> Form:
    return exact(f"1 if nwaits == 1 and wait_place == {role!r} else 0")


@fast("never")
def _never() -> Form:
    return exact("0")


@fast("last_of_its_kind")
def _last_of_its_kind() -> Form:
    return exact("1 if hand.win_tile is not None and (hand.last_of_kind or sum(1 for m in hand.melds for t in m.tiles"
                 " if t.index == hand.win_tile.index) == 3) else 0")


# ----- how the hand was won


@fast("dealer_involved")
def _dealer_involved() -> Form:
    return exact("1 if hand.seat == 'E' or (claimed and hand.discarder == 'E') else 0")


@fast("self_drawn")
def _self_drawn() -> Form:
    return exact("1 if win is SELF_DRAW else 0")


@fast("replacement_draw")
def _replacement_draw(kinds: list[str]) -> Form:
    return exact(f"1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in {tuple(kinds)!r} else 0")


@fast("robbing_gong")
def _robbing_gong() -> Form:
    return exact("1 if win is ROBBING_GONG else 0")


@fast("last_tile")
def _last_tile(self_drawn: bool) -> Form:
    won = "win is SELF_DRAW" if self_drawn else "win is not SELF_DRAW"
    return exact(f"1 if hand.last_tile and win is not ROBBING_GONG and {won} else 0")


@fast("early_win")
def _early_win(within: int, count_declared: bool = True) -> Form:
    on_table = "hand.table_tiles" if count_declared else "hand.discards"
    return exact(f"1 if {on_table} is not None and {on_table} <= {within!r} else 0")


@fast("heavenly")
def _heavenly() -> Form:
    return exact("1 if hand.heavenly else 0")


@fast("earthly")
def _earthly() -> Form:
    return exact("1 if hand.earthly else 0")


@fast("ready_declared")
def _ready_declared() -> Form:
    return exact("1 if hand.ready_declared else 0")


@fast("dealer_streak")
def _dealer_streak(cap: int = 0, paid_by_dealer: bool = False) -> Form:
    earned = "claimed and hand.discarder == 'E'" if paid_by_dealer else "hand.seat == 'E'"
    streak = f"min(hand.dealer_streak, {cap!r})" if cap else "hand.dealer_streak"
    return exact(f"2 * {streak} + 1 if hand.dealer_streak >= 1 and ({earned}) else 0")


@fast("winning")
def _winning() -> Form:
    return exact("1")
