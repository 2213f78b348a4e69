"""Patterns the riichi table names that the other tables' libraries lack (``src/mjscore/rulesets/riichi.toml``).

Each is a small pure function of one arrangement's :class:`~mjscore.scoring.facts.Facts`, registered
by name like every pattern (:func:`mjscore.scoring.patterns.pattern`); the table gives the values.
Dora are counted from the indicators the hand record gives as tiles; the wait reads the computed
wait set (ruling 4) and the winning tile's role in the arrangement.
"""

from __future__ import annotations

from collections import Counter

from mjscore.arrangements import WinRole
from mjscore.scoring.facts import Facts
from mjscore.scoring.patterns import Hit, hit, pattern
from mjscore.tiles import Tile, format_tiles, parse_tiles

#: The order dora follow within each family: a suit's 1 to 9 and round, the winds East, South, West,
#: North and round, the dragons white, green, red and round (tile indices 31 P, 32 F, 33 C).
_FAMILIES = ((0, 9), (9, 18), (18, 27), (27, 31), (31, 34))


def dora_of(indicator: Tile) -> Tile:
    """The tile an indicator shows as dora: the next of its family, round again after the last."""
    for start, end in _FAMILIES:
        if start <= indicator.index < end:
            return Tile.from_index(start + (indicator.index - start + 1) % (end - start))
    raise ValueError(f"{indicator.code} is not a tile that indicates a dora")


@pattern
def dora(f: Facts, indicators: str) -> Hit | None:
    """One for each tile of the hand (declared kongs' four included) that an indicator of the
    record's field ``indicators`` (``dora_indicators`` or ``ura_dora_indicators``) names; an
    indicator shown twice counts twice. The detail is the dora in the hand, in tile notation, a tile
    once for each time it counts (``66s 6s``: two 6s, named by two indicators), for the sheet to draw."""
    shown: tuple[Tile, ...] = getattr(f.hand, indicators)
    if not shown:
        return None
    counts = f.hand.counts
    found = [dora_of(t) for t in shown]
    total = sum(counts[t.index] for t in found)
    return hit(total, " ".join(format_tiles((t,) * counts[t.index]) for t in found if counts[t.index]))


@pattern
def red_fives(f: Facts) -> Hit | None:
    """One for each red five the record lists."""
    return hit(len(f.hand.red_fives), format_tiles(f.hand.red_fives))


@pattern
def ippatsu(f: Facts) -> Hit | None:
    """Won within one go-around of the ready declaration, no call by anyone in between."""
    return Hit() if f.hand.ippatsu else None


@pattern
def valueless_chows(f: Facts, two_sided: bool = True) -> Hit | None:
    """Pinfu: a concealed regular hand of four chows whose pair earns no fu (not a dragon, not the
    seat or round wind), won (``two_sided``) with the winning tile completing a two-sided wait of a
    chow in this arrangement."""
    if f.hand.melds or not f.is_regular or f.pair is None or len(f.chows) != len(f.sets):
        return None
    pair = f.pair.first
    if pair.is_dragon or pair == f.seat_wind or pair == f.round_wind:
        return None
    if two_sided and (f.arrangement is None or f.arrangement.win_role is not WinRole.TWO_SIDED):
        return None
    return Hit()


@pattern
def identical_chow_pairs(f: Facts, pairs: int) -> Hit | None:
    """At least ``pairs`` pairs of identical chows (same suit and ranks; four identical chows are two
    pairs): iipeikou 1, ryanpeikou 2."""
    if len(f.chows) < 2:
        return None
    counts = Counter(g.first for g in f.chows)
    found = [t for t, n in counts.items() for _ in range(n // 2)]
    if len(found) < pairs:
        return None
    return Hit(1, " ".join(format_tiles(Tile.from_index(t.index + i) for i in range(3)) * 2 for t in found))


@pattern
def three_suit_chows(f: Facts) -> Hit | None:
    """Sanshoku doujun: chows of the same ranks in all three numbered suits."""
    if len(f.chows) < 3:
        return None
    by_rank: dict[int, set[int]] = {}
    for g in f.chows:
        by_rank.setdefault(g.first.rank, set()).add(g.first.index // 9)
    for rank, suits in sorted(by_rank.items()):
        if len(suits) == 3:
            return Hit(1, " ".join(g.notation() for g in f.chows if g.first.rank == rank))
    return None


@pattern
def outside_hand(f: Facts, honours: bool) -> Hit | None:
    """Chanta (``honours``) and junchan: every set and the pair of a regular hand hold a terminal
    (or, for chanta, an honour), with at least one chow (without one the hand is toitoi and
    honroutou); chanta needs an honour, junchan has none."""
    if not f.is_regular or f.pair is None or not f.chows:
        return None
    for g in f.groups:
        if g.is_chow:
            if g.first.rank not in (1, 7):
                return None
        elif not g.first.is_terminal_or_honour:
            return None
    if f.has_honours != honours:
        return None
    return Hit()


@pattern
def pung_of_tile(f: Facts, tile: str) -> Hit | None:
    """A pung or kong of ``tile`` (a dragon of yakuhai: ``P``, ``F``, ``C``)."""
    wanted = parse_tiles(tile)[0]
    found = [g for g in f.pungs if g.first == wanted]
    return Hit(1, found[0].notation()) if found else None


@pattern
def four_concealed_pungs(f: Facts, single_wait: bool | None = None) -> Hit | None:
    """Suuankou: four concealed pungs (concealed kongs count; a pung the claimed winning tile
    completed does not, ruling 3); ``single_wait`` True: won on the pair (tanki), the double
    yakuman; False: won otherwise; None: either."""
    concealed = [g for g in f.pungs if g.concealed]
    if len(concealed) < 4 or f.arrangement is None:
        return None
    if single_wait is not None and (f.arrangement.win_role is WinRole.PAIR) != single_wait:
        return None
    return Hit(1, " ".join(g.notation() for g in concealed))


@pattern
def nine_gates(f: Facts, nine_sided: bool | None = None) -> Hit | None:
    """Chuuren poutou: a concealed hand of one numbered suit holding 1112345678999 and one more
    tile of the suit; ``nine_sided`` True: the tiles held before the win were exactly
    1112345678999 (junsei, waiting on all nine); False: they were not; None: either."""
    hand = f.hand
    if hand.melds or hand.win_tile is None or not hand.win_tile.is_numbered:
        return None
    suit = hand.win_tile.suit
    tiles = (*hand.concealed, hand.win_tile)
    if any(t.suit is not suit for t in tiles):
        return None
    ranks = Counter(t.rank for t in tiles)
    if any(ranks[r] < need for r, need in zip(range(1, 10), (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True)):
        return None
    held = Counter(t.rank for t in hand.concealed)
    exact = all(held[r] == need for r, need in zip(range(1, 10), (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True))
    return Hit(1, format_tiles(tiles)) if nine_sided is None or exact == nine_sided else None


@pattern
def waits_on(f: Facts, kinds: int, shape: str) -> Hit | None:
    """An arrangement of ``shape`` whose held tiles waited on ``kinds`` kinds or more (kokushi's
    thirteen-sided wait)."""
    return Hit(1, format_tiles(f.waits)) if f.shape == shape and len(f.waits) >= kinds else None

