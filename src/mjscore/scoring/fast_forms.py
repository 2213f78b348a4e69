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
kind held), ``has4``, ``nfours`` (kinds held four times), ``nwaits``, ``held`` (the indices of the
tiles held before the win), ``held_pairs_waited`` (waiting kinds held twice before the win),
``pair_wait_held`` (two waits, each pungs a held pair), ``table_tiles`` (the hand's), ``exposed``, ``all_kongs``, ``own_flowers``,
``seat_wind``, ``round_wind``; per arrangement ``shape``, ``role``, ``role_value``, ``regular``,
``nsets``, ``nchows``, ``npungs``, ``nkongs``, ``ckongs``/``okongs`` (declared kongs
concealed/exposed), ``cpungs`` (concealed pungs), ``open_gongs`` (exposed kongs not promoted from a
pung), ``wind_pungs``, ``dragon_pungs``, ``other_wind_pungs`` (of neither the seat's nor the round's
wind), ``pung_firsts``/``chow_firsts``/``concealed_chow_firsts`` (first tile indices), ``pair`` (the
eyes' index, -1 for none), ``npairs``, ``pair_firsts`` (every pair's index), ``spreads`` (for each
kind held four times, in index order, how many groups hold it), ``chow_dups``, ``sister_ranks``,
``pung_same_rank``, ``terminal_pungs``, ``end_chows``, ``chow_key``, ``chow_pairs`` (the one-fan
chow pairs, ``chow_pair_fans``), ``chow_bits``/``pung_bits`` (bit ``index`` for each chow's/pung's
first tile), ``chow_ranks`` (bit ``rank`` for each chow's first rank, 0 to 8), ``adjacent_pungs``
(two numbered pungs of consecutive ranks in one suit), ``step3`` (chows of three consecutive ranks),
``outside`` (the eyes and every set hold a terminal or an honour), ``knitted_straight`` (1 where
three knitted groups of three tiles make the nine of a knitted straight), ``wait_place`` (where the
winning tile sits in the concealed groups, as MCR's waits count it: ``edge``, ``closed``, ``pair``
or ``''``), ``win_index`` (the winning tile's index, -1 for none); and the constants ``SELF_DRAW``,
``DISCARD``, ``ROBBING_GONG``, ``FLOWERS`` (win kinds), ``PUNG_ROLE``, ``PAIR_ROLE``,
``TWO_SIDED_ROLE`` (win roles), ``DRAGON_RANKS`` (the bits of the ranks 0, 3, 6), ``SEATS``; and the
helpers defined here (each a pattern's count over the summary's integers), by the name
:data:`~mjscore.scoring.summary.NAMES` gives them: ``SHIFTED`` (:func:`shifted`), ``MIXED_SHIFTED``
(:func:`mixed_shifted`), ``IDENTICAL`` (:func:`identical`) and the rest.

An expression may also read the hand (``hand``), and the groups (``groups``: a helper given them,
like :func:`every_group_holds`, reads only what its pattern reads). Helpers take integers where
they can, so that the compiled evaluator stays on native ints; the pattern it stands for is named in its
docstring, and the differential test holds the two to the same count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from mjscore.arrangements import Group
from mjscore.hand import Hand, MeldKind, ReadyOn, Replacement, WinKind
from mjscore.scoring.patterns_taiwan import DEALER
from mjscore.tiles import Tile, parse_tiles


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
#: Every tile kind's bit.
_ALL = (1 << 34) - 1


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
    return exact(f"FLOWER_SET(hand.flowers, {_flag(pure)}, {bouquet!r}) if nflowers >= 4 else 0")


def flower_set(flowers: tuple[Tile, ...], pure: int, bouquet: int) -> int:
    """The count of the pattern ``flower_set``: the bonus tiles cover the numbers 1-4 in one
    colour (``pure``, once per colour) or mixed; ``bouquet`` that many with a pure set among them."""
    if len(flowers) < 4:
        return 0
    ranks = {t.rank for t in flowers}
    pure_sets = sum(1 for low in (1, 5) if all(r in ranks for r in range(low, low + 4)))
    if bouquet:
        return 1 if len(ranks) >= bouquet and pure_sets else 0
    if pure:
        return pure_sets
    mixed = all(r in ranks or r + 4 in ranks for r in range(1, 5))
    return 1 if mixed and not pure_sets else 0


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
    firsts = "concealed_chow_firsts" if concealed else "chow_firsts"
    return exact(f"DRAGON_SEQUENCE({firsts}, {_flag(pure)}) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0")


def dragon_sequence(firsts: list[int], pure: int) -> int:
    """1 where the chows starting at ``firsts`` hold 123, 456 and 789 in one suit (``pure``) or one
    in each suit (the pattern ``dragon_sequence``, given the concealed chows where it asks), else 0."""
    if pure:
        return 1 if any(s in firsts and s + 3 in firsts and s + 6 in firsts for s in (0, 9, 18)) else 0
    for a, b, c in permutations((0, 9, 18)):
        if a in firsts and b + 3 in firsts and c + 6 in firsts:
            return 1
    return 0


@fast("sequential_pungs")
def _sequential_pungs(count: int, independent: bool = False) -> Form:
    needed = f"npungs >= {count!r} and adjacent_pungs" if count > 1 else f"npungs >= {count!r}"
    return exact(f"PUNG_RUNS(pung_firsts, {count!r}, {_flag(independent)}) if {needed} else 0")


def pung_runs(pung_firsts: list[int], count: int, independent: int) -> int:
    """The count of the pattern ``sequential_pungs``: 1 where a run of pungs of consecutive ranks in
    one suit is ``count`` long or longer; with ``independent``, how many runs are exactly ``count``."""
    if len(pung_firsts) < count:
        return 0
    runs: list[int] = []
    last = -2
    for first in sorted({p for p in pung_firsts if p < 27}):
        if first == last + 1 and first % 9:  # the next rank, in the same suit
            runs[-1] += 1
        else:
            runs.append(1)
        last = first
    if independent:
        return runs.count(count)
    return 1 if any(run >= count for run in runs) else 0


@fast("identical_chows")
def _identical_chows(count: int, independent: bool = False) -> Form:
    return exact(f"IDENTICAL(chow_firsts, {count!r}, {_flag(independent)}) if chow_dups >= {count - 1!r} else 0")


def identical(chow_firsts: list[int], count: int, independent: int) -> int:
    """The count of the pattern ``identical_chows``: 1 where one chow is held ``count`` times or
    more; with ``independent``, how many chows are held exactly ``count`` times."""
    if len(chow_firsts) < count:
        return 0
    found = 0
    for n, first in enumerate(chow_firsts):
        if first in chow_firsts[:n]:
            continue
        held = chow_firsts.count(first)
        if independent:
            found += 1 if held == count else 0
        elif held >= count:
            return 1
    return found


@fast("sister_chows")
def _sister_chows(count: int, repeats: bool = False) -> Form:
    return exact(f"SISTER_CHOWS(chow_firsts, {count!r}, {_flag(repeats)}) if sister_ranks else 0")


def sister_chows(chow_firsts: list[int], count: int, repeats: int) -> int:
    """The count of the pattern ``sister_chows``: per rank, the chows of different suits are grouped
    in threes, then pairs (or with ``repeats``, a rank held in all three suits is one group of all
    its chows); the groups of ``count`` chows are counted."""
    if len(chow_firsts) < 2:
        return 0
    held = [0] * 27  # chows of each rank (first) in each suit (second)
    ranks = 0  # bit ``rank`` for each rank held
    for first in chow_firsts:
        held[first % 9 * 3 + first // 9] += 1
        ranks |= 1 << first % 9
    found = 0
    for rank in range(9):
        if not ranks >> rank & 1:
            continue
        at = rank * 3
        a, b, c = held[at], held[at + 1], held[at + 2]
        low = a if a < b else b
        low = low if low < c else c
        if repeats and low:
            found += 1 if a + b + c == count else 0
        elif count == 3:
            found += low
        elif count == 2:
            high = a if a > b else b
            high = high if high > c else c
            found += a + b + c - high - 2 * low  # the middle of the three, less the triples
    return found


@fast("sister_pungs")
def _sister_pungs(count: int, independent: bool = False) -> Form:
    needed = f"npungs >= {count!r} and pung_same_rank" if count > 1 else f"npungs >= {count!r}"
    return exact(f"SISTER_PUNGS(pung_firsts, {count!r}, {_flag(independent)}) if {needed} else 0")


def _pungs_by_rank(pung_firsts: list[int]) -> list[int]:
    """How many numbered pungs of each rank (one per suit: there are only four of a tile)."""
    ranks = [0] * 9
    for first in pung_firsts:
        if first < 27:
            ranks[first % 9] += 1
    return ranks


def sister_pungs(pung_firsts: list[int], count: int, independent: int) -> int:
    """The count of the pattern ``sister_pungs``: 1 where a rank has pungs in ``count`` suits or
    more; with ``independent``, how many ranks have pungs in exactly ``count`` suits."""
    if len(pung_firsts) < count:
        return 0
    found = 0
    for n in _pungs_by_rank(pung_firsts):
        if not n:
            continue
        if independent:
            found += 1 if n == count else 0
        elif n >= count:
            return 1
    return found


@fast("same_rank_pung_pairs")
def _same_rank_pung_pairs() -> Form:
    return exact("SAME_RANK_PUNG_PAIRS(pung_firsts) if pung_same_rank else 0")


def same_rank_pung_pairs(pung_firsts: list[int]) -> int:
    """The count of the pattern ``same_rank_pung_pairs``: each two pungs of one rank."""
    return sum(n * (n - 1) // 2 for n in _pungs_by_rank(pung_firsts))


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
    suits = "sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts)"
    return exact(f"(1 if {suits} >= {count!r} else 0) if terminal_pungs >= {2 * count!r} else 0")


@fast("terminal_chow_sets")
def _terminal_chow_sets(count: int, same_suit: bool = False) -> Form:
    needed = f"nchows >= {2 * count!r} and end_chows >= 2" if count > 0 else f"nchows >= {2 * count!r}"
    return exact(f"TERMINAL_CHOW_SETS(chow_firsts, {count!r}, {_flag(same_suit)}) if {needed} else 0")


def terminal_chow_sets(chow_firsts: list[int], count: int, same_suit: int) -> int:
    """The count of the pattern ``terminal_chow_sets``: 1 where the suits' pairs of a 123 and a 789
    chow number ``count`` or more (with ``same_suit``, in one suit)."""
    if len(chow_firsts) < 2 * count:
        return 0
    pairs = [min(chow_firsts.count(s), chow_firsts.count(s + 6)) for s in (0, 9, 18)]
    return 1 if (max(pairs) if same_suit else sum(pairs)) >= count else 0


@fast("step_up_chows")
def _step_up_chows(count: int = 3, three_suits: bool = True) -> Form:
    needed = f"nchows >= {count!r} and step3" if count == 3 else f"nchows >= {count!r}"
    return exact(f"STEP_UP(chow_firsts, {count!r}, {_flag(three_suits)}) if {needed} else 0")


def step_up(chow_firsts: list[int], count: int, three_suits: int) -> int:
    """1 where ``count`` of the chows start one rank above the last (with ``three_suits``, each in
    another suit): the pattern ``step_up_chows``."""
    if len(chow_firsts) < count:
        return 0
    for picked in combinations(chow_firsts, count):
        ranks = sorted(first % 9 for first in picked)
        if ranks != list(range(ranks[0], ranks[0] + count)):
            continue
        if three_suits and len({first // 9 for first in picked}) != count:
            continue
        return 1
    return 0


@fast("shifted_chows")
def _shifted_chows(count: int) -> Form:
    return exact(f"SHIFTED(chow_firsts, {count!r}) if nchows >= {count!r} else 0")


def shifted(chow_firsts: list[int], count: int) -> int:
    """1 where ``count`` chows of one suit start one rank or two ranks apart (the pattern
    ``shifted_chows``), else 0."""
    starts = 0  # bit ``first`` for each chow
    for first in chow_firsts:
        starts |= 1 << first
    for step in (1, 2):
        run = starts
        for k in range(1, count):
            run &= starts >> k * step
        span = step * (count - 1)
        if span <= 8 and run & _FIRSTS_OF_RUNS[span]:
            return 1
    return 0


#: By a run's span (its last first index less its first), the bits of the numbered indices a run
#: of that span can start at and stay in one suit.
_FIRSTS_OF_RUNS = [sum(1 << i for i in range(27) if i % 9 + span <= 8) for span in range(9)]


@fast("four_in_ways")
def _four_in_ways(ways: int, independent: bool = False) -> Form:
    if independent:
        return exact(f"spreads.count({ways!r})")
    return exact(f"1 if {ways!r} in spreads else 0")


@fast("tile_hog")
def _tile_hog() -> Form:
    # Each kong holds all four of its tile, and no other kind is held four times as a kong.
    return exact("nfours - nkongs if has4 else 0")


@fast("chow_pairs")
def _chow_pairs(kind: str) -> Form:
    return exact(f"chow_pairs.get({kind!r}, 0)")


@fast("mixed_shifted_pungs")
def _mixed_shifted_pungs() -> Form:
    return exact("MIXED_SHIFTED(pung_firsts) if npungs >= 3 else 0")


#: The orders of the three suits.
_SUIT_ORDERS = tuple(permutations((0, 1, 2)))


def mixed_shifted(pung_firsts: list[int]) -> int:
    """1 where three numbered pungs of three consecutive ranks lie in the three suits (the pattern
    ``mixed_shifted_pungs``), else 0."""
    ranks = [0, 0, 0]  # for each suit, bit ``rank`` for each pung
    for p in pung_firsts:
        if p < 27:
            ranks[p // 9] |= 1 << p % 9
    for a, b, c in _SUIT_ORDERS:
        if ranks[a] & ranks[b] >> 1 & ranks[c] >> 2:
            return 1
    return 0


@fast("terminal_honour_pungs")
def _terminal_honour_pungs() -> Form:
    return exact("terminal_pungs + (other_wind_pungs if wind_pungs < 3 else 0)")


@fast("other_wind_pungs")
def _other_wind_pungs() -> Form:
    return exact("other_wind_pungs")


@fast("terminal_chows_with_fives")
def _terminal_chows_with_fives(same_suit: bool) -> Form:
    return exact(f"TERMINAL_CHOWS_WITH_FIVES(chow_key, pair, {_flag(same_suit)})"
                 " if nchows == 4 and npungs == 0 and 0 <= pair < 27 and pair % 9 == 4 else 0")


def terminal_chows_with_fives(chow_key: tuple[int, ...], pair: int, same_suit: int) -> int:
    """1 where the chows (sorted first indices) are two 123 and two 789 of the eyes' suit
    (``same_suit``), or a 123 and a 789 of each other suit: the pattern ``terminal_chows_with_fives``
    for a hand of four chows and a numbered pair of 5s."""
    suit = pair // 9
    suits = (suit, suit) if same_suit else tuple(s for s in range(3) if s != suit)
    return 1 if chow_key == tuple(sorted(s * 9 + r for s in suits for r in (0, 6))) else 0


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
    drawn = "" if self_drawn is None else f" and self_drawn == {_flag(self_drawn)}"
    return exact(f"1 if role is PAIR_ROLE and len(hand.concealed) == 1{drawn} and nsets"
                 " and all(g.declared and not g.concealed for g in groups if g.is_set) else 0")


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
    return exact("SEQUENTIAL_PUNG_HAND(pung_firsts, pair) if npungs == 5 and pair >= 0 else 0")


def sequential_pung_hand(pung_firsts: list[int], pair: int) -> int:
    """1 where the five pungs are consecutive ranks of one suit and the eyes continue the run at
    either end: the pattern ``sequential_pung_hand`` for a hand of five pungs and eyes."""
    firsts = sorted(pung_firsts)
    low, high = firsts[0], firsts[-1]
    if high >= 27 or low // 9 != high // 9 or firsts != list(range(low, low + 5)):
        return 0
    return 1 if pair // 9 == low // 9 and pair in (low - 1, high + 1) else 0


@fast("all_honours")
def _all_honours() -> Form:
    return exact("0 if nnumbered else 1")


@fast("arranged_as")
def _arranged_as(shape: str) -> Form:
    return exact(f"1 if shape == {shape!r} else 0")


@fast("jewel")
def _jewel(suit: str, dragon: str) -> Form:
    index = _DRAGON_INDEX[dragon]
    allowed = 1 << index
    for kind in range(34):
        if Tile.from_index(kind).suit.value == suit:
            allowed |= 1 << kind
    return exact(f"1 if counts[{index}] and not present & {~allowed & _ALL!r} else 0")


@fast("all_step_up")
def _all_step_up(sequential_pair: bool = False, same_suit: bool = False) -> Form:
    return exact(f"ALL_STEP_UP(chow_firsts, pair, {_flag(sequential_pair)}, {_flag(same_suit)})"
                 " if regular and pair >= 0 and nchows == nsets else 0")


def all_step_up(chow_firsts: list[int], pair: int, sequential_pair: int, same_suit: int) -> int:
    """1 where the chows' first ranks are a run of consecutive numbers (``same_suit``: in one suit;
    ``sequential_pair``: the eyes continue the run): the pattern ``all_step_up`` for a regular hand
    of chows and eyes."""
    ranks = sorted(first % 9 for first in chow_firsts)
    if not ranks or ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        return 0
    suits = {first // 9 for first in chow_firsts}
    if same_suit and len(suits) != 1:
        return 0
    if sequential_pair:
        if pair >= 27 or pair % 9 not in (ranks[0] - 1, ranks[-1] + 1):
            return 0
        if same_suit and pair // 9 not in suits:
            return 0
    return 1


@fast("terminals_only")
def _terminals_only(honours: bool) -> Form:
    # ``outside``: the eyes and every set hold a terminal or an honour, chows being 123 or 789.
    return exact(f"1 if regular and outside and has_terminals and has_honours == {_flag(honours)} else 0")


@fast("eyes_of_rank")
def _eyes_of_rank(ranks: list[int]) -> Form:
    return exact(f"1 if 0 <= pair < 27 and pair % 9 + 1 in {tuple(ranks)!r} else 0")


@fast("any_pair_of_rank")
def _any_pair_of_rank(ranks: list[int]) -> Form:
    return exact(f"1 if any(p < 27 and p % 9 + 1 in {tuple(ranks)!r} for p in pair_firsts) else 0")


@fast("pair_gongs")
def _pair_gongs(count: int, or_more: bool = False) -> Form:
    call = f"PAIR_GONGS(pair_firsts, {count!r}, {_flag(or_more)})"
    return exact(f"{call} if npairs >= 2 else 0") if count > 0 else exact(call)


def pair_gongs(pair_firsts: list[int], count: int, or_more: int) -> int:
    """1 where ``count`` kinds (``or_more``: at least ``count``) are two pairs each: the pattern
    ``pair_gongs``."""
    gongs = 0
    for n, first in enumerate(pair_firsts):
        if first not in pair_firsts[:n] and pair_firsts.count(first) >= 2:
            gongs += 1
    return 1 if (gongs >= count if or_more else gongs == count) else 0


@fast("sequential_pairs")
def _sequential_pairs(count: int) -> Form:
    return exact(f"SEQUENTIAL_PAIRS(pair_firsts, {count!r}) if npairs >= 2 else 0")


def sequential_pairs(pair_firsts: list[int], count: int) -> int:
    """1 where ``count`` numbered pairs run in consecutive ranks of one suit (counted from two
    pairs on): the pattern ``sequential_pairs``."""
    ranks = sorted({first for first in pair_firsts if first < 27})
    run = 1
    for a, b in zip(ranks, ranks[1:], strict=False):
        run = run + 1 if b == a + 1 and a // 9 == b // 9 else 1
        if run >= count:
            return 1
    return 0


@fast("every_suit_holds")
def _every_suit_holds(ranks: list[int]) -> Form:
    if any(rank not in range(1, 10) for rank in ranks):
        return exact("0")  # no tile has that rank
    mask = 0
    for suit in range(3):
        for rank in ranks:
            mask |= 1 << (suit * 9 + rank - 1)
    return exact(f"1 if present & {mask!r} == {mask!r} else 0")


@fast("only_tiles")
def _only_tiles(tiles: str) -> Form:
    return exact(f"0 if present & {~_mask(tiles) & ((1 << 34) - 1)!r} else 1")


@fast("held_suit_counts")
def _held_suit_counts(counts: list[int]) -> Form:
    return exact(f"0 if hand.melds else HELD_SUIT_COUNTS(held, {tuple(counts)!r})")


def held_suit_counts(held: list[int], counts: tuple[int, ...]) -> int:
    """1 where the tiles held (indices) are one numbered suit with ``counts`` copies of ranks 1 to 9:
    the pattern ``held_suit_counts`` for a hand with no declared set."""
    if not held or held[0] >= 27:
        return 0
    suit = held[0] // 9
    ranks = [0] * 9
    for index in held:
        if index // 9 != suit:
            return 0
        ranks[index % 9] += 1
    return 1 if tuple(ranks) == counts else 0


@fast("every_group_holds")
def _every_group_holds(tiles: str) -> Form:
    # Each chow (its three tiles), pung and the eyes of the summary hold one of the tiles (the quick
    # test), and then every group, the irregular ones too.
    mask = _mask(tiles)
    return exact(f"EVERY_GROUP_HOLDS(groups, {mask!r}) if present & {mask!r}"
                 f" and all((7 << c) & {mask!r} for c in chow_firsts)"
                 f" and all((1 << p) & {mask!r} for p in pung_firsts) and (pair < 0 or (1 << pair) & {mask!r}) else 0")


def every_group_holds(groups: tuple[Group, ...], mask: int) -> int:
    """1 where there are groups and each holds a tile of ``mask`` (bit ``index``): the pattern
    ``every_group_holds``."""
    if not groups:
        return 0
    for group in groups:
        if not any((1 << t.index) & mask for t in group.tiles):
            return 0
    return 1


@fast("all_pungs_of")
def _all_pungs_of(tiles: str) -> Form:
    outside = ~_mask(tiles) & ((1 << 34) - 1)
    return exact(f"1 if nsets and npungs == nsets and pair >= 0 and not present & {outside!r} else 0")


@fast("all_chows_numbered_eyes")
def _all_chows_numbered_eyes() -> Form:
    return exact("1 if nsets and nchows == nsets and 0 <= pair < 27 else 0")


@fast("complete_knitted_straight")
def _complete_knitted_straight() -> Form:
    return exact("knitted_straight")


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
    return exact("1 if win_index >= 0 and (hand.last_of_kind or sum(1 for m in hand.melds for t in m.tiles"
                 " if t.index == win_index) == 3) else 0")


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
    on_table = "table_tiles" if count_declared else "hand.discards"
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


# ----- the Taiwan association's table


@fast("dealer_payment")
def _dealer_payment(streak: bool = False) -> Form:
    dealer = f"(hand.seat == {DEALER!r} or hand.discarder is None or hand.discarder == {DEALER!r})"
    if streak:
        return exact(f"hand.dealer_streak if hand.dealer_streak > 0 and {dealer} else 0")
    return exact(f"1 if {dealer} else 0")


@fast("no_claimed_sets")
def _no_claimed_sets() -> Form:
    return exact("0 if exposed else 1")


@fast("replacement_after_own_kong")
def _replacement_after_own_kong() -> Form:
    return exact("OWN_KONG_REPLACEMENT(hand) if win is SELF_DRAW and hand.replacement is not None else 0")


def own_kong_replacement(hand: Hand) -> int:
    """1 where the self-drawn winning tile replaced a flower, or the last kong, made from the
    winner's own draw (concealed, or added to a pung): the pattern ``replacement_after_own_kong``."""
    if hand.replacement is None or hand.win is not WinKind.SELF_DRAW:
        return 0
    if hand.replacement is Replacement.FLOWER:
        return 1
    last_kong = next(m for m in reversed(hand.melds) if m.kind is MeldKind.KONG)
    return 1 if last_kong.concealed or last_kong.added else 0


@fast("plain_win")
def _plain_win() -> Form:
    return exact("1 if claimed and not nflowers and not has_honours and regular and nchows == nsets"
                 " and role is TWO_SIDED_ROLE else 0")


@fast("ready_on")
def _ready_on(when: str) -> Form:
    return exact(f"1 if hand.ready_on is not None and hand.ready_on.value == {ReadyOn(when).value!r} else 0")


@fast("first_go_around_discard")
def _first_go_around_discard() -> Form:
    return exact(f"1 if hand.seat != {DEALER!r} and win is DISCARD and hand.discards is not None and not hand.earthly"
                 " and not hand.effective_declared_tiles and hand.discards < SEATS.index(hand.seat) else 0")


# ----- riichi's patterns (mjscore.scoring.patterns_riichi)


@fast("ippatsu")
def _ippatsu() -> Form:
    return exact("1 if hand.ippatsu else 0")


@fast("red_fives")
def _red_fives() -> Form:
    return exact("len(hand.red_fives)")


@fast("dora")
def _dora(indicators: str) -> Form:
    if indicators not in ("dora_indicators", "ura_dora_indicators"):
        raise ValueError(f"dora: {indicators!r} is not a field of dora indicators")
    return exact(f"DORA_COUNT(counts, hand.{indicators})")


#: For each tile index, the index of the dora it indicates (the next of its family, round again):
#: the suits 1-9, the winds East to North, the dragons white, green, red (patterns_riichi.dora_of).
DORA_OF: tuple[int, ...] = tuple(start + (index - start + 1) % (end - start)
                                 for start, end in ((0, 9), (9, 18), (18, 27), (27, 31), (31, 34))
                                 for index in range(start, end))


def dora_count(counts: Sequence[int], indicators: tuple[Tile, ...]) -> int:
    """The count of the pattern ``dora``: the hand's tiles each indicator names (twice if shown twice)."""
    return sum(counts[DORA_OF[t.index]] for t in indicators)


@fast("valueless_chows")
def _valueless_chows(two_sided: bool = True) -> Form:
    wait = " and role is TWO_SIDED_ROLE" if two_sided else ""
    return exact("1 if not hand.melds and regular and pair >= 0 and nchows == nsets and pair < 31"
                 f" and pair != seat_wind and pair != round_wind{wait} else 0")


@fast("identical_chow_pairs")
def _identical_chow_pairs(pairs: int) -> Form:
    # n pairs of identical chows repeat a chow at least n times (three identical repeat it twice and
    # make one pair: the pattern decides)
    return guard(f"chow_dups >= {pairs!r}")


@fast("three_suit_chows")
def _three_suit_chows() -> Form:
    return exact("1 if chow_bits & chow_bits >> 9 & chow_bits >> 18 & 511 else 0")


@fast("outside_hand")
def _outside_hand(honours: bool) -> Form:
    honoured = "has_honours" if honours else "not has_honours"
    return exact(f"1 if regular and outside and nchows and {honoured} else 0")


@fast("pung_of_tile")
def _pung_of_tile(tile: str) -> Form:
    (index,) = (t.index for t in parse_tiles(tile))
    return exact(f"pung_bits >> {index} & 1")


@fast("four_concealed_pungs")
def _four_concealed_pungs(single_wait: bool | None = None) -> Form:
    if single_wait is None:
        return exact("1 if cpungs >= 4 else 0")
    return exact(f"1 if cpungs >= 4 and (role is PAIR_ROLE) == {bool(single_wait)!r} else 0")


@fast("nine_gates")
def _nine_gates(nine_sided: bool | None = None) -> Form:
    return guard("not hand.melds and nnumbered == 1 and not has_honours")


@fast("waits_on")
def _waits_on(kinds: int, shape: str) -> Form:
    return exact(f"1 if shape == {shape!r} and nwaits >= {kinds!r} else 0")
