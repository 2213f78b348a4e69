"""The patterns of the Chinese Official (MCR) fans that the shared library does not already have.

They register into the same :data:`~mjscore.scoring.patterns.PATTERNS` registry; the MCR table
(``rulesets/mcr.toml``) names them with their parameters, and the fan values, the non-repeat
principle (``replaces``) and the exclusive groups stay in the table.

Two of the official combination principles need combinatorics and are computed here:

* **Account-once** for the one-fan chow pairs (Pure Double Chow, Mixed Double Chow, Short Straight,
  Two Terminal Chows): :func:`chow_pair_fans` combines each chow at most once with a chow already
  combined, and never inside a three- or four-chow fan (non-separation).
* **Non-identical** for the same pairs: when the chows could make more pairs than account-once
  allows, a second fan of the same kind is given up before a first fan of another kind.

The pung fans need no such rule: two pungs make a Double Pung at most once per pair of suits, and
the pungs of a Triple Pung are dropped with it (``replaces``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

from mjscore.arrangements import Group, GroupKind
from mjscore.scoring.facts import Facts
from mjscore.scoring.patterns import Hit, hit, pattern
from mjscore.tiles import NUMBERED_SUITS, Tile, format_tiles, parse_tiles


@cache
def _tile_set(tiles: str) -> frozenset[Tile]:
    """The tiles of a pattern parameter such as ``"23468s F"``, parsed once."""
    return frozenset(parse_tiles(tiles))


def _text(groups: list[Group]) -> str:
    return " ".join(g.notation() for g in groups)


# ---------------------------------------------------------------------------------------------
# Tiles of the whole hand


@pattern
def only_tiles(f: Facts, tiles: str) -> Hit | None:
    """Every tile of the hand is one of ``tiles`` (All Green, Reversible Tiles, All Terminals,
    All Simples, Upper/Middle/Lower Tiles, Upper/Lower Four...)."""
    allowed = _tile_set(tiles)
    return Hit() if all(t in allowed for t in f.tiles) else None


@pattern
def numbered_suit_count(f: Facts, count: int) -> Hit | None:
    """Exactly ``count`` of the three numbered suits are present (One Voided Suit: 2)."""
    return Hit() if len(f.numbered_suits) == count else None


@pattern
def tile_hog(f: Facts) -> Hit | None:
    """All four copies of a tile in the hand, not as a kong: one per such tile."""
    kongs = {g.first for g in f.kongs}
    found = [Tile.from_index(i) for i, n in enumerate(f.hand.counts) if n == 4 and Tile.from_index(i) not in kongs]
    return hit(len(found), format_tiles(found))


@pattern
def held_suit_counts(f: Facts, counts: list[int]) -> Hit | None:
    """No declared sets, and the tiles held before the win are one numbered suit with ``counts``
    copies of ranks 1 to 9 (Nine Gates: 3 1 1 1 1 1 1 1 3)."""
    held = f.hand.concealed
    if f.hand.melds or not held or not held[0].is_numbered or any(t.suit is not held[0].suit for t in held):
        return None
    ranks = Counter(t.rank for t in held)
    return Hit(1, format_tiles(held)) if [ranks[r] for r in range(1, 10)] == counts else None


# ---------------------------------------------------------------------------------------------
# Groups of the arrangement


@pattern
def every_group_holds(f: Facts, tiles: str) -> Hit | None:
    """Every set and the pair hold one of ``tiles`` (Outside Hand: terminals and honours; All
    Five: the fives)."""
    wanted = _tile_set(tiles)
    groups = f.groups
    return Hit() if groups and all(any(t in wanted for t in g.tiles) for g in groups) else None


@pattern
def all_pungs_of(f: Facts, tiles: str) -> Hit | None:
    """Every set a pung or kong and the pair, all of ``tiles`` (All Even Pungs)."""
    allowed = _tile_set(tiles)
    if not f.sets or len(f.pungs) != len(f.sets) or f.pair is None:
        return None
    return Hit() if all(t in allowed for t in f.tiles) else None


@pattern
def all_chows_numbered_eyes(f: Facts) -> Hit | None:
    """Every set a chow and the pair of a numbered suit (All Chows; with a knitted straight, its
    fourth set a chow)."""
    if not f.sets or len(f.chows) != len(f.sets) or f.pair is None or not f.pair.first.is_numbered:
        return None
    return Hit()


@pattern
def complete_knitted_straight(f: Facts) -> Hit | None:
    """All nine tiles of a knitted straight: three knitted groups of three."""
    knitted = [g for g in f.groups if g.kind is GroupKind.KNITTED and len(g.tiles) == 3]
    return Hit(1, _text(knitted)) if len(knitted) == 3 else None


@pattern
def kong_count(f: Facts, total: list[int], concealed: list[int] | None = None) -> Hit | None:
    """A number of declared kongs in ``total``, of which a number in ``concealed`` are concealed."""
    kongs = list(f.kongs)
    hidden = sum(1 for g in kongs if g.concealed)
    if len(kongs) not in total or (concealed is not None and hidden not in concealed):
        return None
    return Hit(1, _text(kongs))


@pattern
def terminal_honour_pungs(f: Facts) -> Hit | None:
    """Pung of Terminals or Honors, one per pung of 1s, 9s or winds. A wind pung that scores as
    the seat or prevalent wind does not count again, nor do the wind pungs of a hand with three
    or four of them (Big Three Winds and the wind hands hold them); dragon pungs score Dragon Pung."""
    winds = [g for g in f.pungs if g.first.is_wind]
    found = [g for g in f.pungs if g.first.is_terminal]
    if len(winds) < 3:
        found += [g for g in winds if g.first not in (f.seat_wind, f.round_wind)]
    return hit(len(found), _text(found))


@pattern
def same_rank_pung_pairs(f: Facts) -> Hit | None:
    """Double Pung: one per two pungs of one rank in two numbered suits."""
    by_rank = Counter(g.first.rank for g in f.pungs if g.first.is_numbered)
    shown = [g for g in f.pungs if g.first.is_numbered and by_rank[g.first.rank] > 1]
    return hit(sum(n * (n - 1) // 2 for n in by_rank.values()), _text(shown))


@pattern
def mixed_shifted_pungs(f: Facts) -> Hit | None:
    """Three pungs in the three numbered suits, of three consecutive ranks."""
    ranks = {(g.first.suit, g.first.rank) for g in f.pungs if g.first.is_numbered}
    for a, b, c in ((a, b, c) for a in NUMBERED_SUITS for b in NUMBERED_SUITS for c in NUMBERED_SUITS
                    if len({a, b, c}) == 3):
        for low in range(1, 8):
            if (a, low) in ranks and (b, low + 1) in ranks and (c, low + 2) in ranks:
                wanted = ((a, low), (b, low + 1), (c, low + 2))
                return Hit(1, _text([next(g for g in f.pungs if (g.first.suit, g.first.rank) == w) for w in wanted]))
    return None


@pattern
def shifted_chows(f: Facts, count: int) -> Hit | None:
    """``count`` chows in one suit, each one or each two ranks above the last (Pure Shifted Chows,
    Four Pure Shifted Chows)."""
    starts = {g.first.index for g in f.chows}
    for step in (1, 2):
        for first in sorted(starts):
            run = [first + k * step for k in range(count)]
            if all(i in starts and i // 9 == first // 9 for i in run):
                return Hit(1, " ".join(format_tiles(Tile.from_index(i + k) for k in range(3)) for i in run))
    return None


@pattern
def terminal_chows_with_fives(f: Facts, same_suit: bool) -> Hit | None:
    """123 and 789 chows around a pair of 5s: two of each in the pair's suit (Pure Terminal Chows),
    or one of each in both other suits (Three-Suited Terminal Chows)."""
    eyes = f.pair.first if f.pair else None
    if eyes is None or not eyes.is_numbered or eyes.rank != 5 or len(f.chows) != 4 or len(f.sets) != 4:
        return None
    suits = [eyes.suit] * 2 if same_suit else [s for s in NUMBERED_SUITS if s is not eyes.suit]
    wanted = sorted((s.value, rank) for s in suits for rank in (1, 7))
    if sorted((g.first.suit.value, g.first.rank) for g in f.chows) != wanted:
        return None
    return Hit(1, _text([*f.chows, f.pair] if f.pair else list(f.chows)))


# ---------------------------------------------------------------------------------------------
# The one-fan chow pairs under the account-once principle

#: The one-fan chow pairs in the order they are kept when the principles force a choice.
CHOW_PAIRS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def _pair_fan(a: int, b: int) -> str | None:
    """The one-fan pair two chows make, the chows given by their first tile's index."""
    if a // 9 != b // 9:
        return "mixed_double_chow" if a % 9 == b % 9 else None
    if a == b:
        return "pure_double_chow"
    if abs(a - b) == 3:
        return "short_straight"
    return "two_terminal_chows" if {a % 9, b % 9} == {0, 6} else None


def _triple_fan(a: int, b: int, c: int) -> bool:
    """Whether three chows (first tiles sorted) make a three-chow fan: Pure Straight, Pure Shifted
    Chows, Pure Triple Chow, Mixed Straight, Mixed Triple Chow or Mixed Shifted Chows."""
    suits = {a // 9, b // 9, c // 9}
    if len(suits) == 1:
        return (b - a == c - b and b - a in (0, 1, 2)) or (a % 9, b % 9, c % 9) == (0, 3, 6)
    if len(suits) == 3:
        ranks = sorted((a % 9, b % 9, c % 9))
        return ranks[0] == ranks[2] or ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2] or ranks == [0, 3, 6]
    return False


def _four_fan(starts: tuple[int, ...]) -> bool:
    """Whether four chows make Quadruple Chow or Four Pure Shifted Chows."""
    steps = {b - a for a, b in zip(starts, starts[1:], strict=False)}
    return starts[0] // 9 == starts[-1] // 9 and len(steps) == 1 and steps <= {0, 1, 2}


@cache
def chow_pair_fans(starts: tuple[int, ...]) -> Counter[str]:
    """The one-fan chow pairs the chows (first tile indices, sorted) score.

    Chows in a four-chow fan combine no further. Three chows in a three-chow fan do not pair among
    themselves; the fourth pairs once with one of them. Otherwise each pair of chows counts, but
    account-once allows one fewer than the chows that pair at all, and a repeated kind is given up
    first (``234s 223344p 567p``: one each of Pure Double, Mixed Double and Short Straight)."""
    if len(starts) == 4 and _four_fan(starts):
        return Counter()
    for triple in combinations(range(len(starts)), 3):
        if _triple_fan(*(starts[i] for i in triple)):
            rest = [s for i, s in enumerate(starts) if i not in triple]
            made = {_pair_fan(rest[0], starts[i]) for i in triple} if rest else set()
            return Counter(next(([kind] for kind in CHOW_PAIRS if kind in made), []))
    pairs = {(i, j): _pair_fan(starts[i], starts[j]) for i, j in combinations(range(len(starts)), 2)}
    found = Counter(kind for kind in pairs.values() if kind)
    related = {chow for pair, kind in pairs.items() if kind for chow in pair}
    allowed = len(related) - 1
    total = sum(found.values())
    for keep in (1, 0):
        for kind in reversed(CHOW_PAIRS):
            while found[kind] > keep and total > allowed:
                found[kind] -= 1
                total -= 1
    return +found


@pattern
def chow_pairs(f: Facts, kind: str) -> Hit | None:
    """How many times the chows make the one-fan pair ``kind`` (one of :data:`CHOW_PAIRS`) under
    the account-once and non-identical principles (:func:`chow_pair_fans`)."""
    found = chow_pair_fans(tuple(sorted(g.first.index for g in f.chows)))[kind]
    if not found:
        return None
    shown = [g for g in f.chows if any(h is not g and _pair_fan(g.first.index, h.first.index) == kind for h in f.chows)]
    return Hit(found, _text(shown))


# ---------------------------------------------------------------------------------------------
# How the hand was won


@pattern
def no_exposed_melds(f: Facts, self_drawn: bool) -> Hit | None:
    """No declared set but concealed kongs; won by self-draw (Fully Concealed Hand) or on a
    claimed tile (Concealed Hand)."""
    return Hit() if not f.hand.has_exposed_melds and f.self_drawn == self_drawn else None


_WAIT_ORDER = ("edge", "closed", "pair")


def _wait_role(group: Group, win: Tile) -> str | None:
    """Where the winning tile sits in a concealed group: edge, closed, pair, or None."""
    if group.kind is GroupKind.PAIR:
        return "pair"
    if group.kind is not GroupKind.CHOW:
        return None
    position = group.tiles.index(win)
    if position == 1:
        return "closed"
    if (position == 2 and group.first.rank == 1) or (position == 0 and group.first.rank == 7):
        return "edge"
    return None


@pattern
def single_tile_wait(f: Facts, role: str) -> Hit | None:
    """Edge Wait, Closed Wait or Single Wait (``role`` edge, closed or pair): the hand waited on one
    tile kind only, and the winning tile sits in that place in a concealed group. Where it can sit
    in two places, edge counts before closed before single. A winning tile that belongs to a
    knitted straight or to singles scores no wait (the rulebook examples)."""
    win = f.hand.win_tile
    if len(f.waits) != 1 or win is None:
        return None
    roles = set()
    for group in f.groups:
        if group.declared or win not in group.tiles:
            continue
        if group.kind in (GroupKind.KNITTED, GroupKind.SINGLES):
            return None
        roles.add(_wait_role(group, win))
    best = next((r for r in _WAIT_ORDER if r in roles), None)
    return Hit(1, win.code) if best == role else None


@pattern
def last_of_its_kind(f: Facts) -> Hit | None:
    """Last Tile: the winning tile is the last of its kind, as the record says or because the other
    three are in the winner's own declared sets."""
    win = f.hand.win_tile
    if win is None:
        return None
    melded = sum(1 for meld in f.hand.melds for t in meld.tiles if t == win)
    return Hit(1, win.code) if f.hand.last_of_kind or melded == 3 else None
