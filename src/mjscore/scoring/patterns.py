"""The pattern library: small pure functions that say whether (and how often) a hand shows a pattern.

A ruleset's award table names a pattern and its parameters for each award (``pattern =
"concealed_pungs"``, ``params = {count = 3}``); the values and groups stay in the table. A pattern
reads a :class:`~mjscore.scoring.facts.Facts` and returns a :class:`Hit` (how many times, and the
tiles that earn it) or ``None``.

The patterns here serve the Taiwanese 16-tile tables (LRC, Hé Fēn, Four Winds); MCR's live in
:mod:`mjscore.scoring.patterns_mcr`.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from mjscore.arrangements import Group, GroupKind, WinRole, pungs_a_held_pair
from mjscore.hand import WinKind
from mjscore.scoring.facts import Facts
from mjscore.tiles import NUMBERED_SUITS, Suit, Tile, format_tiles


@dataclass(frozen=True, slots=True, init=False)
class Hit:
    """A pattern found: ``count`` instances, ``detail`` the tiles or facts that earn it. (Its
    ``__init__`` is spelled out, as the engine's values' are: the one dataclasses generates for a
    frozen class runs interpreted even in the compiled build, and every award made calls it.)"""

    count: int = 1
    detail: str = ""

    def __init__(self, count: int = 1, detail: str = "") -> None:
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "detail", detail)


Pattern = Callable[..., Hit | None]

#: A rank of a numbered suit (1 to 9), as a pattern's parameter: a ruleset file's ``ranks = [99]`` is
#: refused when it loads, where :mod:`mjscore.scoring.loading` reads the name as a number in that range
#: (:data:`~mjscore.scoring.loading.PARAMETER_TYPES`; here it is a plain int, costing no import).
Rank = int
PATTERNS: dict[str, Pattern] = {}


def pattern(function: Pattern) -> Pattern:
    """Register a pattern under its function name."""
    PATTERNS[function.__name__] = function
    return function


def hit(count: int, detail: str = "") -> Hit | None:
    return Hit(count, detail) if count > 0 else None


def _sets_text(groups: Iterable[Group]) -> str:
    return " ".join(g.notation() for g in groups)


# ---------------------------------------------------------------------------------------------
# Flowers and absence


@pattern
def no_flowers(f: Facts) -> Hit | None:
    return None if f.has_flowers else Hit()


@pattern
def no_honours(f: Facts) -> Hit | None:
    return None if f.has_honours else Hit()


@pattern
def no_flowers_or_honours(f: Facts) -> Hit | None:
    return None if f.has_flowers or f.has_honours else Hit()


@pattern
def flowers(f: Facts) -> Hit | None:
    """One per bonus tile."""
    if not f.hand.flowers:
        return None
    return Hit(len(f.hand.flowers), format_tiles(f.hand.flowers))


@pattern
def seat_flowers(f: Facts) -> Hit | None:
    """One per bonus tile of the winner's seat (1f and 5f are East's, ruling 11)."""
    own = [t for t in f.hand.flowers if t.bonus_seat == f.hand.seat]
    return Hit(len(own), format_tiles(own)) if own else None


@pattern
def flower_set(f: Facts, pure: bool, bouquet: int = 0) -> Hit | None:
    """Bonus tiles covering the numbers 1-4: of one colour (``pure``: 1f-4f or 5f-8f) or mixed.
    ``bouquet`` > 0 asks instead for that many bonus tiles with a pure set among them."""
    if len(f.hand.flowers) < 4:
        return None
    ranks = {t.rank for t in f.hand.flowers}
    pure_sets = sum(1 for low in (1, 5) if all(r in ranks for r in range(low, low + 4)))
    if bouquet:
        return Hit() if len(ranks) >= bouquet and pure_sets else None
    if pure:
        return hit(pure_sets)
    mixed = all(r in ranks or r + 4 in ranks for r in range(1, 5))
    return Hit() if mixed and not pure_sets else None


@pattern
def flower_win(f: Facts, count: int) -> Hit | None:
    """An instant win on ``count`` bonus tiles (7 Flowers, 8 Flowers)."""
    return Hit() if f.hand.win is WinKind.FLOWERS and len(f.hand.flowers) == count else None


# ---------------------------------------------------------------------------------------------
# Honour pungs


def _family(tile: Tile, family: str) -> bool:
    return tile.is_wind if family == "wind" else tile.is_dragon


def _family_pungs(f: Facts, family: str) -> list[Group]:
    return [g for g in f.pungs if _family(g.first, family)]


@pattern
def honour_pungs(f: Facts, family: str) -> Hit | None:
    """One per pung (or kong) of winds or of dragons."""
    found = f.memo(_family_pungs, family)
    return Hit(len(found), _sets_text(found)) if found else None


@pattern
def honour_family(f: Facts, family: str, pungs: int, pair: bool) -> Hit | None:
    """At least ``pungs`` pungs of the family, and (if ``pair``) the eyes of the family too:
    Little/Big Winds and Dragons."""
    found = f.memo(_family_pungs, family)
    if len(found) < pungs:
        return None
    if pair and not (f.pair and _family(f.pair.first, family)):
        return None
    shown = found + ([f.pair] if pair and f.pair else [])
    return Hit(1, _sets_text(shown))


@pattern
def seat_wind_pung(f: Facts) -> Hit | None:
    return hit(f.pung_tiles.get(f.seat_wind, 0), _sets_text(g for g in f.pungs if g.first == f.seat_wind))


@pattern
def round_wind_pung(f: Facts) -> Hit | None:
    return hit(f.pung_tiles.get(f.round_wind, 0), _sets_text(g for g in f.pungs if g.first == f.round_wind))


@pattern
def kongs(f: Facts, concealed: bool) -> Hit | None:
    """Declared kongs, concealed or exposed."""
    found = [g for g in f.kongs if g.concealed == concealed and g.declared] if f.kongs else None
    return Hit(len(found), _sets_text(found)) if found else None


# ---------------------------------------------------------------------------------------------
# Set patterns


# The first tiles (indices) of the three chows of each pure and each mixed dragon sequence.
_PURE_DRAGONS = tuple((suit * 9, suit * 9 + 3, suit * 9 + 6) for suit in range(3))
_MIXED_DRAGONS = tuple((a * 9, b * 9 + 3, c * 9 + 6) for a, b, c in permutations(range(3)))


def _chow_text(first: int) -> str:
    return format_tiles(Tile.from_index(first + i) for i in range(3))


@pattern
def dragon_sequence(f: Facts, pure: bool, concealed: bool) -> Hit | None:
    """Chows 123, 456 and 789: in one suit (``pure``) or one in each suit (mixed); ``concealed``
    asks for all three chows concealed (ruling 3)."""
    if len(f.chows) < 3:
        return None
    starts = f.concealed_chow_starts if concealed else f.chow_starts
    for firsts in _PURE_DRAGONS if pure else _MIXED_DRAGONS:
        if all(Tile.from_index(first) in starts for first in firsts):
            return Hit(1, " ".join(_chow_text(first) for first in firsts))
    return None


def _pung_runs(f: Facts) -> list[tuple[Suit, int, int]]:
    """Each longest run of pungs of consecutive ranks in one suit: (suit, first rank, length)."""
    runs: list[tuple[Suit, int, int]] = []
    for index in sorted({g.first.index for g in f.pungs if g.first.index < 27}):
        suit, rank = NUMBERED_SUITS[index // 9], index % 9 + 1
        if runs and runs[-1][0] is suit and runs[-1][1] + runs[-1][2] == rank:
            runs[-1] = (suit, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((suit, rank, 1))
    return runs


@pattern
def sequential_pungs(f: Facts, count: int, independent: bool = False) -> Hit | None:
    """``count`` pungs of consecutive ranks in one suit (Neighbour / Uncle Pongs). With
    ``independent`` each separate run of exactly ``count`` scores (ruling 21)."""
    if len(f.pungs) < count:
        return None
    runs = f.memo(_pung_runs)
    if independent:
        found = [r for r in runs if r[2] == count]
        return hit(len(found), _sets_text(g for run in found for g in _run_pungs(f, run)))
    longest = next((r for r in runs if r[2] >= count), None)
    return Hit(1, _sets_text(_run_pungs(f, longest))) if longest else None


def _run_pungs(f: Facts, run: tuple[Suit, int, int]) -> list[Group]:
    """The pungs of a run of consecutive ranks (suit, first rank, length), one per rank."""
    suit, first, length = run
    by_rank = {g.first.rank: g for g in f.pungs if g.first.suit is suit}
    return [by_rank[rank] for rank in range(first, first + length)]


@pattern
def identical_chows(f: Facts, count: int, independent: bool = False) -> Hit | None:
    """``count`` identical chows in one suit (Brother Sheungs). With ``independent`` each separate
    group of exactly ``count`` scores (ruling 21)."""
    if len(f.chows) < count:
        return None
    found = [t for t, n in f.chow_starts.items() if (n == count if independent else n >= count)]
    if not independent:
        found = found[:1]
    text = [format_tiles(Tile.from_index(t.index + i) for i in range(3)) for t in found for _ in range(count)]
    return hit(len(found), " ".join(text))


def _sister_groups(f: Facts, repeats: bool) -> list[int]:
    """For each chow rank, the sizes of the groups of different-suit chows formed without reusing a
    chow: as many groups of three suits as possible, then pairs (ruling 16). With ``repeats`` the
    chows of a rank that spans all three suits are one group, repeats included (Hé Fēn's 4 and 5
    Sister Sheungs)."""
    sizes: list[int] = []
    by_rank: dict[int, list[int]] = {}  # rank -> chows of that rank in each numbered suit
    for g in f.chows:
        by_rank.setdefault(g.first.index % 9, [0, 0, 0])[g.first.index // 9] += 1
    for rank in sorted(by_rank):
        counts = by_rank[rank]
        if repeats and min(counts):
            sizes.append(sum(counts))
            continue
        triples = min(counts)
        sizes += [3] * triples
        rest = sorted((c - triples for c in counts), reverse=True)
        sizes += [2] * rest[1]
    return sizes


@pattern
def sister_chows(f: Facts, count: int, repeats: bool = False) -> Hit | None:
    """Separate groups of ``count`` same-rank chows in different suits (Sister Sheungs): each group
    counts once, and no chow serves two groups; ``repeats``: see :func:`_sister_groups`."""
    if len(f.chows) < 2:
        return None
    found = f.memo(_sister_groups, repeats).count(count)
    if not found:
        return None
    # The chows behind it: those of the ranks that hold chows in at least two (or, for three, all three) suits.
    suits_of: dict[int, set[int]] = {}
    for g in f.chows:
        suits_of.setdefault(g.first.rank, set()).add(g.first.index // 9)
    ranks = {rank for rank, suits in suits_of.items() if len(suits) >= min(count, 3)}
    return Hit(found, _sets_text(g for g in f.chows if g.first.rank in ranks))


def _pung_suits_by_rank(f: Facts) -> list[tuple[int, int]]:
    """(rank, how many numbered suits have a pung of that rank), by rank."""
    by_rank: dict[int, set[int]] = {}
    for g in f.pungs:
        index = g.first.index
        if index < 27:
            by_rank.setdefault(index % 9 + 1, set()).add(index // 9)
    return sorted((rank, len(suits)) for rank, suits in by_rank.items())


@pattern
def sister_pungs(f: Facts, count: int, independent: bool = False) -> Hit | None:
    """``count`` same-rank pungs in different numbered suits (Sister Pongs). With ``independent``
    each rank with pungs in exactly ``count`` suits scores (ruling 21)."""
    if len(f.pungs) < count:
        return None
    sizes = f.memo(_pung_suits_by_rank)
    ranks = [rank for rank, n in sizes if (n == count if independent else n >= count)]
    if not independent:
        ranks = ranks[:1]
    return hit(len(ranks), _sets_text(g for g in f.pungs if g.first.is_numbered and g.first.rank in ranks))


def concealed_pung_count(f: Facts, open_gongs: bool) -> int:
    """Concealed pungs: pungs made from concealed tiles (not completed by a claimed winning tile),
    concealed kongs, and (``open_gongs``) exposed kongs that were not promoted from an exposed pung."""
    total = 0
    for g in f.pungs:
        if g.concealed:
            total += 1
        elif open_gongs and g.kind is GroupKind.KONG and not g.added:
            total += 1
    return total


def _concealed_pungs(f: Facts, open_gongs: bool) -> list[Group]:
    """The pungs :func:`concealed_pung_count` counts."""
    return [g for g in f.pungs if g.concealed or (open_gongs and g.kind is GroupKind.KONG and not g.added)]


@pattern
def concealed_pungs(f: Facts, count: int, open_gongs: bool = True, fully_concealed: bool = False) -> Hit | None:
    """At least ``count`` concealed pungs (ruling 9); ``fully_concealed`` asks for a hand with no
    exposed set at all and no open gong counted (Hé Fēn's 100-point tier)."""
    if fully_concealed:
        if f.hand.has_exposed_melds:
            return None
        open_gongs = False
    n = concealed_pung_count(f, open_gongs)
    return Hit(1, _sets_text(_concealed_pungs(f, open_gongs))) if n >= count else None


@pattern
def no_terminals_or_honours(f: Facts) -> Hit | None:
    return None if f.has_terminals or f.has_honours else Hit()


@pattern
def terminal_pung_sets(f: Facts, count: int) -> Hit | None:
    """Suits with both a pung of 1s and a pung of 9s; at least ``count`` of them."""
    if len(f.pungs) < 2 * count:
        return None
    pungs = f.pung_tiles
    suits = [s for n, s in enumerate(NUMBERED_SUITS)
             if Tile.from_index(n * 9) in pungs and Tile.from_index(n * 9 + 8) in pungs]
    if len(suits) < count:
        return None
    return Hit(1, _sets_text(g for g in f.pungs if g.first.suit in suits and g.first.rank in (1, 9)))


@pattern
def terminal_chow_sets(f: Facts, count: int, same_suit: bool = False) -> Hit | None:
    """Pairs of a 123 and a 789 chow in one suit (each pair same-suit); at least ``count`` pairs,
    and with ``same_suit`` all of them in one suit."""
    if len(f.chows) < 2 * count:
        return None
    starts = f.chow_starts
    per_suit = [min(starts.get(Tile.from_index(n * 9), 0), starts.get(Tile.from_index(n * 9 + 6), 0)) for n in range(3)]
    if (max(per_suit) if same_suit else sum(per_suit)) < count:
        return None
    suits = {NUMBERED_SUITS[n] for n, pairs in enumerate(per_suit) if pairs}
    return Hit(1, _sets_text(g for g in f.chows if g.first.suit in suits and g.first.rank in (1, 7)))


@pattern
def step_up_chows(f: Facts, count: int = 3, three_suits: bool = True) -> Hit | None:
    """``count`` chows each starting one rank above the last (Step Up); ``three_suits`` asks for
    the three chows to be in three different suits."""
    chows = f.chows
    if len(chows) < count:
        return None
    for picked in combinations(chows, count):
        ordered = sorted(picked, key=lambda g: g.first.rank)
        ranks = [g.first.rank for g in ordered]
        if ranks != list(range(ranks[0], ranks[0] + count)):
            continue
        if three_suits and len({g.first.suit for g in ordered}) != count:
            continue
        return Hit(1, _sets_text(ordered))
    return None


def _spreads(f: Facts) -> list[tuple[Tile, int]]:
    """Each tile held four times, with the number of groups of the arrangement its copies are in."""
    counts = f.hand.counts
    if 4 not in counts:
        return []
    groups_holding: dict[int, int] = {}
    for group in f.groups:
        for index in {t.index for t in group.tiles}:
            groups_holding[index] = groups_holding.get(index, 0) + 1
    return [(Tile.from_index(index), groups_holding[index]) for index, n in enumerate(counts) if n == 4]


@pattern
def four_in_ways(f: Facts, ways: int, independent: bool = False) -> Hit | None:
    """All four copies of one tile spread over ``ways`` groups of the arrangement (the eyes count as
    a group; a declared kong does not spread, ruling 16). With ``independent`` each such tile
    scores (ruling 21), else the first."""
    found = [tile for tile, spread in f.memo(_spreads) if spread == ways]
    if not independent:
        found = found[:1]
    return hit(len(found), format_tiles(found))


# ---------------------------------------------------------------------------------------------
# Hand patterns


@pattern
def all_chows(f: Facts, no_flowers_or_honours: bool = False) -> Hit | None:
    """Every set of a regular hand a chow (an orphans hand's one extra set is not "every set");
    with ``no_flowers_or_honours`` no flower, wind or dragon either."""
    if not f.is_regular or len(f.chows) != len(f.sets):
        return None
    if no_flowers_or_honours and (f.has_flowers or f.has_honours):
        return None
    return Hit()


@pattern
def all_pungs(f: Facts) -> Hit | None:
    """Every set of a regular hand a pung or kong."""
    return Hit() if f.is_regular and len(f.pungs) == len(f.sets) else None


@pattern
def concealed_hand(f: Facts, self_drawn: bool, open_kongs: bool = True) -> Hit | None:
    """No declared sets but kongs (ruling 12), won by self-draw or by a claimed tile; without
    ``open_kongs`` only concealed kongs are allowed (Four Winds: "Concealed Kongs are allowed as
    concealed sets")."""
    if not f.concealed_hand or f.self_drawn != self_drawn:
        return None
    if not open_kongs and f.hand.has_exposed_melds:
        return None
    return Hit()


@pattern
def fully_exposed(f: Facts, self_drawn: bool | None = None) -> Hit | None:
    """Every set declared and exposed, only the eyes completed at the win; won by self-draw or by a
    claimed tile as ``self_drawn`` says, or either way when it is left out (Four Winds' Exposed
    hand, ruling 31)."""
    if not f.all_declared_exposed or f.arrangement is None:
        return None
    if self_drawn is not None and f.self_drawn != self_drawn:
        return None
    return Hit() if f.arrangement.win_role is WinRole.PAIR else None


@pattern
def one_suit(f: Facts, honours: bool) -> Hit | None:
    """One numbered suit only, with honours (Semi Pure) or without (Pure Suit)."""
    if len(f.numbered_suits) != 1 or f.has_honours != honours:
        return None
    return Hit(1, next(iter(f.numbered_suits)).name.lower())


@pattern
def two_suits(f: Facts, no_flowers: bool = False) -> Hit | None:
    """Exactly two numbered suits and no honours; ``no_flowers`` asks for no bonus tiles too."""
    if len(f.numbered_suits) != 2 or f.has_honours or (no_flowers and f.has_flowers):
        return None
    return Hit()


@pattern
def five_families(f: Facts) -> Hit | None:
    """Characters, circles, bamboo, winds and dragons all present."""
    return Hit() if len(f.suits) == 5 else None


@pattern
def sequential_pung_hand(f: Facts) -> Hit | None:
    """Five pungs of consecutive ranks in one suit and eyes continuing the run at either end
    (Neighbours Hand, ruling 14)."""
    if len(f.pungs) != 5 or f.pair is None:
        return None
    firsts = sorted(g.first.index for g in f.pungs)
    if any(not t.is_numbered for t in (Tile.from_index(firsts[0]), Tile.from_index(firsts[-1]))):
        return None
    if Tile.from_index(firsts[0]).suit is not Tile.from_index(firsts[-1]).suit or firsts != list(range(firsts[0], firsts[0] + 5)):
        return None
    eyes = f.pair.first
    if eyes.suit is not Tile.from_index(firsts[0]).suit or eyes.index not in (firsts[0] - 1, firsts[-1] + 1):
        return None
    return Hit()


@pattern
def all_honours(f: Facts) -> Hit | None:
    return None if f.numbered_suits else Hit()


@pattern
def arranged_as(f: Facts, shape: str) -> Hit | None:
    """The hand is arranged in the named irregular shape (Nico Nico, 13 Orphans, 16 Orphans)."""
    return Hit() if f.shape == shape else None


_DRAGON_CODES = {"P": 31, "F": 32, "C": 33}


@pattern
def jewel(f: Facts, suit: str, dragon: str) -> Hit | None:
    """Only one numbered suit and its matching dragon, with at least one of the dragon (ruling 14)."""
    dragon_index = _DRAGON_CODES[dragon]
    if not f.hand.counts[dragon_index]:
        return None
    if all(t.index == dragon_index or t.suit.value == suit for t in f.tiles):
        return Hit()
    return None


@pattern
def all_step_up(f: Facts, sequential_pair: bool = False, same_suit: bool = False) -> Hit | None:
    """Every set of a regular hand a chow, their first ranks a run of consecutive numbers;
    ``sequential_pair`` asks for eyes continuing that run, ``same_suit`` for all chows in one suit
    (ruling 21)."""
    if not f.is_regular or f.pair is None or len(f.chows) != len(f.sets):
        return None
    ranks = sorted(g.first.rank for g in f.chows)
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        return None
    if same_suit and len({g.first.suit for g in f.chows}) != 1:
        return None
    if sequential_pair:
        eyes = f.pair.first
        if not eyes.is_numbered or eyes.rank not in (ranks[0] - 1, ranks[-1] + 1):
            return None
        if same_suit and eyes.suit is not f.chows[0].first.suit:
            return None
    return Hit()


@pattern
def terminals_only(f: Facts, honours: bool) -> Hit | None:
    """Every set and the eyes hold a terminal or an honour: 123/789 chows, pungs of 1s, 9s or
    honours; with ``honours`` at least one honour tile, without none. Needs a 1 or 9 (ruling 15),
    and a regular hand: the orphans hands' singles are not sets."""
    if not f.is_regular or f.pair is None or not f.pair.first.is_terminal_or_honour:
        return None
    for g in f.sets:
        if g.kind is GroupKind.CHOW:
            if g.first.rank not in (1, 7):
                return None
        elif not g.first.is_terminal_or_honour:
            return None
    if f.has_honours != honours or not any(t.is_terminal for t in f.tiles):
        return None
    return Hit()


@pattern
def eyes_of_rank(f: Facts, ranks: list[Rank]) -> Hit | None:
    """The eyes are a numbered pair of one of ``ranks`` (Good Eyes: 2, 5, 8)."""
    if f.pair is None or not f.pair.first.is_numbered or f.pair.first.rank not in ranks:
        return None
    return Hit(1, f.pair.notation())


@pattern
def any_pair_of_rank(f: Facts, ranks: list[Rank]) -> Hit | None:
    """Any pair of the arrangement is a numbered pair of one of ``ranks`` (Hé Fēn's Elephant Eyes
    in Nico Nico)."""
    for g in f.groups:
        if g.kind is GroupKind.PAIR and g.first.is_numbered and g.first.rank in ranks:
            return Hit(1, g.notation())
    return None


@pattern
def pair_gongs(f: Facts, count: int, or_more: bool = False) -> Hit | None:
    """``count`` kinds held four times as two pairs (Nico Nico's concealed gongs, ruling 19); with
    ``or_more`` at least ``count`` (the sheets price one and two gongs; three score as two, ruling 54)."""
    pairs = Counter(g.first for g in f.groups if g.kind is GroupKind.PAIR)
    gongs = [t for t, n in pairs.items() if n >= 2]
    found = len(gongs) >= count if or_more else len(gongs) == count
    return Hit(1, format_tiles(gongs)) if found else None


@pattern
def sequential_pairs(f: Facts, count: int) -> Hit | None:
    """``count`` pairs of consecutive ranks in one suit (Hé Fēn Nico Nico bonus)."""
    ranks = sorted({g.first.index for g in f.groups if g.kind is GroupKind.PAIR and g.first.is_numbered})
    run = 1
    for a, b in zip(ranks, ranks[1:], strict=False):
        run = run + 1 if b == a + 1 and Tile.from_index(a).suit is Tile.from_index(b).suit else 1
        if run >= count:
            return Hit()
    return None


# ---------------------------------------------------------------------------------------------
# Waits (ruling 4)


@pattern
def single_wait(f: Facts, roles: list[str] | None = None) -> Hit | None:
    """Exactly one tile kind completes the hand (True Single Wait); ``roles`` (win-role values)
    also asks the winning tile to play one of them: ``edge``/``closed`` for a one-chance chow,
    ``pair`` for out on a pair (ruling 4)."""
    if len(f.waits) != 1:
        return None
    if roles is not None:
        role = f.arrangement.win_role if f.arrangement else None
        if role is None or role.value not in roles:
            return None
        return Hit(1, f"{f.waits[0].code} ({role.value})")
    return Hit(1, f.waits[0].code)


@pattern
def pair_wait(f: Facts) -> Hit | None:
    """Calling by Pairs (rulings 4 and 27): exactly two tile kinds complete the hand (dead tiles are
    not in the wait), *each* of them by turning a held pair into a pung of a regular hand, and the
    winning tile turned one of them into a pung. A waiting kind that completes the hand only some
    other way (as a chow, or as the eyes) breaks it."""
    if len(f.waits) != 2 or f.arrangement is None or f.arrangement.win_role is not WinRole.PUNG:
        return None
    if not all(pungs_a_held_pair(f.hand, tile) for tile in f.waits):
        return None
    return Hit(1, format_tiles(f.waits))


@pattern
def never(f: Facts) -> Hit | None:
    """An award the engine never gives by itself (False Single Wait, ruling 4)."""
    return None


# ---------------------------------------------------------------------------------------------
# How the hand was won


@pattern
def dealer_involved(f: Facts) -> Hit | None:
    """The dealer (East) won, or discarded the winning tile, or had the gong robbed (ruling 12)."""
    if f.hand.seat == "E":
        return Hit(1, "East won")
    if f.claimed and f.hand.discarder == "E":
        return Hit(1, "East gave the winning tile")
    return None


@pattern
def self_drawn(f: Facts) -> Hit | None:
    return Hit() if f.hand.win is WinKind.SELF_DRAW else None


@pattern
def replacement_draw(f: Facts, kinds: list[str]) -> Hit | None:
    """The winning tile was a replacement draw of one of ``kinds`` (flower, gong, double_gong)."""
    r = f.hand.replacement
    return Hit(1, r.value) if r is not None and r.value in kinds and f.hand.win is WinKind.SELF_DRAW else None


@pattern
def robbing_gong(f: Facts) -> Hit | None:
    return Hit() if f.hand.win is WinKind.ROBBING_GONG else None


@pattern
def last_tile(f: Facts, self_drawn: bool) -> Hit | None:
    """The winning tile was the last of the wall (self-drawn), or the discard after it."""
    if not f.hand.last_tile or f.hand.win is WinKind.ROBBING_GONG:
        return None
    return Hit() if (f.hand.win is WinKind.SELF_DRAW) == self_drawn else None


@pattern
def early_win(f: Facts, within: int, count_declared: bool = True) -> Hit | None:
    """At most ``within`` tiles on the table at the win: discarded plus declared (ruling 7), or
    discarded only when ``count_declared`` is false."""
    if f.hand.discards is None:
        return None
    on_table = f.hand.table_tiles if count_declared else f.hand.discards
    assert on_table is not None
    return Hit(1, f"{on_table} on the table") if on_table <= within else None


@pattern
def heavenly(f: Facts) -> Hit | None:
    return Hit() if f.hand.heavenly else None


@pattern
def earthly(f: Facts) -> Hit | None:
    return Hit() if f.hand.earthly else None


@pattern
def ready_declared(f: Facts) -> Hit | None:
    return Hit() if f.hand.ready_declared else None


@pattern
def dealer_streak(f: Facts, cap: int = 0, paid_by_dealer: bool = False) -> Hit | None:
    """A dealer win after ``n`` consecutive dealer wins scores 2n + 1 (ruling 10); ``cap`` limits n
    (Hé Fēn's die shows 1 to 6). With ``paid_by_dealer`` it is instead a win by another player on
    a tile the dealer gave (discarded, or a robbed gong), for which the dealer pays the streak."""
    n = f.hand.dealer_streak
    earned = (f.claimed and f.hand.discarder == "E") if paid_by_dealer else f.hand.seat == "E"
    if n < 1 or not earned:
        return None
    if cap:
        n = min(n, cap)
    return Hit(2 * n + 1, f"streak of {f.hand.dealer_streak}")


def bind(name: str, params: dict[str, Any]) -> tuple[Pattern, tuple[Any, ...]]:
    """The pattern ``name`` and its parameters as the positional arguments that follow the facts
    (positional: cheaper than keywords, and the engine calls every pattern of every arrangement);
    raises TypeError for an unknown parameter or a required one not given."""
    function = PATTERNS[name]
    unknown = set(params) - {parameter for parameter, _ in _parameters(name)}
    if unknown:
        raise TypeError(f"pattern {name} takes no parameter {sorted(unknown)[0]!r}")
    arguments = []
    for parameter, default in _parameters(name):
        if parameter in params:
            arguments.append(params[parameter])
        elif default is inspect.Parameter.empty:
            raise TypeError(f"pattern {name} needs the parameter {parameter!r}")
        else:
            arguments.append(default)
    return function, tuple(arguments)


_SIGNATURES: dict[str, tuple[tuple[str, Any], ...]] = {}


def _parameters(name: str) -> tuple[tuple[str, Any], ...]:
    """The parameters of the pattern ``name`` after the facts, with their defaults, read once per
    pattern (a ruleset kept in the cache binds its 100 rows again at every start: issue 28)."""
    found = _SIGNATURES.get(name)
    if found is None:
        found = tuple((p.name, p.default) for p in list(inspect.signature(PATTERNS[name]).parameters.values())[1:])
        _SIGNATURES[name] = found
    return found


# ---------------------------------------------------------------------------------------------
# Four Winds


@pattern
def winning(f: Facts) -> Hit | None:
    """Every win: Four Winds has no base, its 2-tai "Winning" row is an award (ruling 23)."""
    return Hit()


# ---------------------------------------------------------------------------------------------
# Hé Fēn


@pattern
def every_suit_holds(f: Facts, ranks: list[Rank]) -> Hit | None:
    """Every numbered suit holds a tile of each of ``ranks`` (Hé Fēn's 16 Orphans with the 1 and the
    9 of every suit)."""
    held = {(t.suit, t.rank) for t in f.tiles if t.is_numbered}
    if all((suit, rank) in held for suit in NUMBERED_SUITS for rank in ranks):
        return Hit(1, " ".join(f"{rank}{suit.value}" for suit in NUMBERED_SUITS for rank in ranks))
    return None
