"""Arrangements and waits: every way the tiles of a hand divide into the shapes a ruleset allows.

A *shape* (:class:`Shape`) divides the concealed tiles (winning tile included), counted once into a
:class:`Tally`, into groupings: the regular shape is sets and one pair; irregular shapes (Nico Nico,
the orphan hands, MCR's seven pairs and knitted hands) are registered beside it (:data:`SHAPES`) and
named by the rulesets that allow them. An :class:`Arrangement` is one grouping of the whole hand,
declared melds included, together with the group the winning tile completed and its role there
(edge, closed, two-sided, pair, pung). A hand with two ways to place its winning tile has one
arrangement for each (ruling 1).

The regular shape is worked out per block (a suit, or the honours) and kept (:class:`Block`), so the
many questions asked while finding waits cost a dictionary look-up each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import permutations
from operator import attrgetter
from typing import Final

from mjscore.hand import Hand, Meld, MeldKind, WinKind
from mjscore.native import NATIVE
from mjscore.tiles import HAND_TILES, KINDS, ORPHANS, Tile, format_tiles


class GroupKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    SINGLES = "singles"  # the unrelated tiles of an orphans or knitted hand
    KNITTED = "knitted"  # one suit's part of a knitted straight (147, 258 or 369)


class WinRole(StrEnum):
    """What the winning tile did in its group."""

    EDGE = "edge"  # 12 waiting on 3, or 89 waiting on 7
    CLOSED = "closed"  # 13 waiting on 2
    TWO_SIDED = "two_sided"  # 23 waiting on 1 or 4
    PAIR = "pair"  # a single tile waiting for its pair
    PUNG = "pung"  # a pair waiting to become a pung
    SINGLE = "single"  # completing an irregular group of unrelated tiles


# Group and Arrangement spell out their __init__ (``init=False``), as the scored hand's values do
# (:mod:`mjscore.scoring.engine`): the one dataclasses generates for a frozen class runs interpreted
# even in the compiled build. Fields, order, defaults, equality, repr and ``replace`` are the dataclass's.


@dataclass(frozen=True, slots=True, init=False)
class Group:
    """One set, pair or irregular group of an arrangement.

    ``concealed`` follows rulings 2 and 3: a declared set is exposed unless it is a concealed kong;
    a concealed set is concealed unless the winning tile was claimed into it.
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]
    concealed: bool
    declared: bool
    added: bool
    #: Derived from ``kind`` and ``tiles`` once: the patterns and the compiled evaluator ask for them
    #: constantly, and reading an enum member off its class is slow in Python 3.11.
    first: Tile = field(init=False, repr=False, compare=False)
    #: The first tile's index (``first.index``).
    index: int = field(init=False, repr=False, compare=False)
    is_chow: bool = field(init=False, repr=False, compare=False)
    is_pung_like: bool = field(init=False, repr=False, compare=False)
    is_kong: bool = field(init=False, repr=False, compare=False)
    is_pair: bool = field(init=False, repr=False, compare=False)
    is_set: bool = field(init=False, repr=False, compare=False)

    def __init__(self, kind: GroupKind, tiles: tuple[Tile, ...], concealed: bool, declared: bool = False,
                 added: bool = False) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "declared", declared)
        object.__setattr__(self, "added", added)
        first = tiles[0]
        is_chow = kind == "chow"
        is_kong = kind == "kong"
        is_pung_like = is_kong or kind == "pung"
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "index", first.index)
        object.__setattr__(self, "is_chow", is_chow)
        object.__setattr__(self, "is_pung_like", is_pung_like)
        object.__setattr__(self, "is_kong", is_kong)
        object.__setattr__(self, "is_pair", kind == "pair")
        object.__setattr__(self, "is_set", is_chow or is_pung_like)

    def notation(self) -> str:
        return format_tiles(self.tiles, sort=False)


@dataclass(frozen=True, slots=True, init=False)
class Arrangement:
    """One division of the whole hand, with the winning tile's place in it.

    ``groups`` lists the declared melds first, in the order given, then the concealed groups.
    ``win_group`` is the index of the group the winning tile completed (None for a hand with no
    winning tile, such as an instant flower win).
    """

    shape: str
    groups: tuple[Group, ...]
    win_group: int | None
    win_role: WinRole | None

    def __init__(self, shape: str, groups: tuple[Group, ...], win_group: int | None = None,
                 win_role: WinRole | None = None) -> None:
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "groups", groups)
        object.__setattr__(self, "win_group", win_group)
        object.__setattr__(self, "win_role", win_role)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pair(self) -> Group | None:
        """The eyes: the one pair of a regular or orphans hand (None where a shape has no eyes)."""
        pairs = [g for g in self.groups if g.kind is GroupKind.PAIR]
        return pairs[0] if len(pairs) == 1 else None

    def notation(self) -> str:
        """The groups written out, the winning group marked with ``*``."""
        parts = []
        for index, group in enumerate(self.groups):
            text = group.notation()
            if group.declared:
                text = f"[{text}]" if not group.concealed else f"[{text} concealed]"
            if index == self.win_group:
                text += "*"
            parts.append(text)
        return " ".join(parts)


# A grouping of concealed tiles: (kind code, tile indices) per group. The kind is a small integer
# (:data:`_RAW_KINDS` names it), so that a raw group and every tuple of them hold integers only:
# Python's collector stops tracking such tuples, where a tuple holding a GroupKind member stays
# tracked. The kept blocks' divisions of a long analysis are tens of thousands of tuples (after
# 5,000 dense discard tables: 122,000 tracked tuples with the members, 28,000 without).
RawGroup = tuple[int, tuple[int, ...]]
Grouping = tuple[RawGroup, ...]

_RAW_CHOW: Final = 0
_RAW_PUNG: Final = 1
_RAW_PAIR: Final = 2
_RAW_SINGLES: Final = 3
_RAW_KNITTED: Final = 4
#: The kind of each raw group's code.
_RAW_KINDS: Final[tuple[GroupKind, ...]] = (GroupKind.CHOW, GroupKind.PUNG, GroupKind.PAIR, GroupKind.SINGLES,
                                            GroupKind.KNITTED)


#: The kinds of the numbered tiles, one bit each (bit ``i`` for kind ``i``).
_NUMBERED: Final = (1 << 27) - 1


class Tally:
    """Concealed tile counts, with what the shapes ask of them counted once (:func:`tally_of`):
    the number of tiles, the largest count, how many kinds are held an odd number of times, the
    kinds held (``mask``, one bit each), the honour tiles, and each block's counts packed into one
    integer (``key0`` to ``key3``, three bits a kind, see :func:`block`). The counts themselves are
    read from the keys (:meth:`count`, :meth:`counts`): a tally is all integers, so counting a hand
    and adding a wait candidate (:meth:`plus`) make no list. Every shape of a hand reads the same
    tally."""

    __slots__ = ("total", "most", "odd", "mask", "honours", "key0", "key1", "key2", "key3")

    total: int
    most: int
    odd: int
    mask: int
    honours: int
    key0: int
    key1: int
    key2: int
    key3: int

    def __init__(self, total: int, most: int, odd: int, mask: int, honours: int, key0: int, key1: int,
                 key2: int, key3: int) -> None:
        self.total = total
        self.most = most
        self.odd = odd
        self.mask = mask
        self.honours = honours
        self.key0 = key0
        self.key1 = key1
        self.key2 = key2
        self.key3 = key3

    def count(self, index: int) -> int:
        """How many tiles of kind ``index`` are counted."""
        if index >= 27:
            return self.key3 >> 3 * (index - 27) & 7
        if index >= 18:
            return self.key2 >> 3 * (index - 18) & 7
        if index >= 9:
            return self.key1 >> 3 * (index - 9) & 7
        return self.key0 >> 3 * index & 7

    def counts(self) -> list[int]:
        """The count of every kind, in order."""
        found = [0] * KINDS
        for number in range(4):
            key = self.key3 if number == 3 else self.key2 if number == 2 else self.key1 if number == 1 else self.key0
            i = 9 * number
            while key:
                found[i] = key & 7
                key >>= 3
                i += 1
        return found

    def plus(self, index: int) -> Tally:
        """The tally with one more tile of kind ``index``: updated, not counted again."""
        count = self.count(index) + 1
        key0, key1, key2, key3 = self.key0, self.key1, self.key2, self.key3
        if index >= 27:
            key3 += 1 << 3 * (index - 27)
        elif index >= 18:
            key2 += 1 << 3 * (index - 18)
        elif index >= 9:
            key1 += 1 << 3 * (index - 9)
        else:
            key0 += 1 << 3 * index
        return Tally(self.total + 1, count if count > self.most else self.most,
                     self.odd + 1 if count & 1 else self.odd - 1, self.mask | 1 << index,
                     self.honours + 1 if index >= 27 else self.honours, key0, key1, key2, key3)

    def blocks(self) -> list[Block]:
        """The four blocks' :class:`Block`: characters, circles, bamboo, honours."""
        return [block(0, self.key0), block(1, self.key1), block(2, self.key2), block(3, self.key3)]


def tally_of(counts: list[int]) -> Tally:
    """The :class:`Tally` of ``counts``, one count per kind. (A list, not any sequence: the compiled
    build reads a list's items natively.)"""
    total = most = odd = mask = honours = 0
    for i in range(KINDS):
        count = counts[i]
        if count:
            total += count
            if i >= 27:
                honours += count
            if count > most:
                most = count
            odd += count & 1
            mask |= 1 << i
    return Tally(total, most, odd, mask, honours, packed_counts(counts, 0, 9), packed_counts(counts, 9, 18),
                 packed_counts(counts, 18, 27), packed_counts(counts, 27, 34))


def packed_counts(counts: Sequence[int], start: int, end: int) -> int:
    """The counts of kinds ``start`` to ``end`` packed into one integer, three bits a kind (the
    lowest kind in the lowest bits; a count is at most 7): a block's key here and in
    :mod:`mjscore.analysis`."""
    key = 0
    for i in range(end - 1, start - 1, -1):
        key = key << 3 | counts[i]
    return key


def _tally_tiles(tiles: tuple[Tile, ...], extra: Tile | None = None) -> Tally:
    """The :class:`Tally` of ``tiles`` and ``extra``, counted tile by tile (fewer steps than the
    34 kinds)."""
    if extra is not None:
        tiles = tiles + (extra,)
    most = odd = mask = honours = key0 = key1 = key2 = key3 = 0
    for tile in tiles:
        i = tile.index
        if i >= 27:
            shift = 3 * (i - 27)
            key3 += 1 << shift
            count = key3 >> shift & 7
            honours += 1
        elif i >= 18:
            shift = 3 * (i - 18)
            key2 += 1 << shift
            count = key2 >> shift & 7
        elif i >= 9:
            shift = 3 * (i - 9)
            key1 += 1 << shift
            count = key1 >> shift & 7
        else:
            shift = 3 * i
            key0 += 1 << shift
            count = key0 >> shift & 7
        if count > most:
            most = count
        odd += 1 if count & 1 else -1
        mask |= 1 << i
    return Tally(len(tiles), most, odd, mask, honours, key0, key1, key2, key3)


class Shape:
    """A way the concealed tiles of a hand may divide into groups. The regular shape is sets and
    one pair; the irregular ones (Nico Nico, the orphan hands, MCR's seven pairs and knitted hands)
    are registered beside it (:data:`SHAPES`) and named by the rulesets that allow them.

    :meth:`divide` is the one definition: every grouping of a tally beside ``melds`` declared sets.
    ``concealed_tiles``: for a shape with no declared sets and an exact number of tiles, that number
    (-1 otherwise). :meth:`candidates` only speeds up the search for waits: a few kinds among which
    are all the kinds that complete the held tiles; the base class names all 34. A shape is called
    with counts as a function: ``SHAPES["regular"](counts, melds)``."""

    __slots__ = ("name", "concealed_tiles")

    name: str
    concealed_tiles: int

    def __init__(self, name: str, concealed_tiles: int = -1) -> None:
        self.name = name
        self.concealed_tiles = concealed_tiles

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        """Every grouping of the tiles counted in ``tally`` into this shape."""
        raise NotImplementedError

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """Kinds that may complete the ``held`` tiles into this shape: all 34, unless a shape knows fewer."""
        return list(range(KINDS))

    def completing(self, held: Tally, melds: int, known: list[bool]) -> list[int]:
        """The kinds not ``known`` already (found, or held four times) that complete the held tiles:
        each candidate is checked with :meth:`divide` itself."""
        found: list[int] = []
        for index in self.candidates(held, melds):
            if not known[index] and index not in found and self.divide(held.plus(index), melds):
                found.append(index)
        return found

    def may_hold(self, tiles: int, melds: int) -> bool:
        """Whether the shape can be made of ``tiles`` concealed tiles beside ``melds`` declared
        sets: an all-concealed shape takes no melds and exactly its number of tiles."""
        return self.concealed_tiles < 0 or (not melds and self.concealed_tiles == tiles)

    def __call__(self, counts: Sequence[int], melds: int) -> list[Grouping]:
        return self.divide(tally_of(list(counts)), melds)


SHAPES: Final[dict[str, Shape]] = {}


def _register(shape: Shape) -> None:
    SHAPES[shape.name] = shape


# ---------------------------------------------------------------------------------------------
# The regular shape: sets and one pair.


#: The divisions of packed counts into sets (:func:`_divisions`), kept for each packed counts and
#: whether chows are allowed. Kept as strings: the collector never visits a dictionary of integers and
#: strings, where it read every entry of the tuples kept before on each full collection (70,000
#: entries after 5,000 dense discard tables, most of the collections' time).
_DIVISIONS: Final[dict[int, str]] = {}
#: A set of a division as one character: its kind (a chow or a pung) and its lowest kind's offset in
#: the block, ``chr(_SET_CHARACTER + 16 * kind + offset)``: "A" to "I" are chows, "Q" to "Y" pungs.
_SET_CHARACTER: Final = 65


def _divisions(key: int, chows: bool) -> str:
    """Every way to divide the counts packed in ``key`` into pungs and (if ``chows``) chows, by lowest
    kind (the pung first): each division a character a set (:data:`_SET_CHARACTER`) and a closing
    "|"; "" where there is none, "|" for the one division of no tiles."""
    if not key:
        return "|"
    slot = key << 1 | (1 if chows else 0)
    found = _DIVISIONS.get(slot)
    if found is None:
        shift = _lowest(key)
        offset = shift // 3
        parts: list[str] = []
        if key >> shift & 7 >= 3:
            pung = chr(_SET_CHARACTER + 16 * _RAW_PUNG + offset)
            parts.extend(pung + rest for rest in _divisions(key - (3 << shift), chows).split("|")[:-1])
        if chows and _chow_at(key, shift):
            chow = chr(_SET_CHARACTER + 16 * _RAW_CHOW + offset)
            parts.extend(chow + rest for rest in _divisions(key - (_CHOW << shift), chows).split("|")[:-1])
        found = _DIVISIONS[slot] = "".join(part + "|" for part in parts)
    return found


#: One of each of three kinds in a row, packed: a chow on the lowest of them, shifted there.
_CHOW: Final = 1 | 1 << 3 | 1 << 6


def _lowest(key: int) -> int:
    """The shift of the lowest kind held in the (non-zero) packed counts ``key``."""
    shift = 0
    while not key >> shift & 7:
        shift += 3
    return shift


def _chow_at(key: int, shift: int) -> bool:
    """Whether the packed counts ``key`` hold the two kinds above the one at ``shift`` (a chow there)."""
    return key >> (shift + 3) & 7 != 0 and key >> (shift + 6) & 7 != 0


#: (first kind, end, chows allowed) of the four blocks: characters, circles, bamboo, honours.
#: (A variable-length tuple: the compiled build keeps a fixed-length one unboxed and boxes it again
#: at every index.)
BLOCKS: Final[tuple[tuple[int, int, bool], ...]] = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


class Block:
    """What the regular shape asks of one block's counts (one suit's, or the honours'), worked out
    for each block and counts once and kept (:func:`block`): a hand costs one look-up a block.

    ``fits``: whether the block can take its part of a regular hand: sets only for a multiple of
    three tiles, sets and the pair for two over one; a block of one over fits never (:func:`_fits`,
    on the packed counts). :meth:`sets`: every division of the block into sets, as groups of the
    hand. :meth:`pairs`: for each kind of it held twice or more, in order, that pair and the
    divisions of the rest into sets (only those with a division). The divisions are made when first
    asked for: the wait set asks only whether blocks fit."""

    __slots__ = ("number", "key", "size", "fits", "_sets", "_pairs", "_completions")

    number: int
    key: int
    size: int
    fits: bool
    _sets: tuple[tuple[RawGroup, ...], ...] | None
    _pairs: tuple[tuple[RawGroup, tuple[tuple[RawGroup, ...], ...]], ...] | None
    _completions: tuple[int, ...] | None

    def __init__(self, number: int, key: int) -> None:
        self.number = number
        self.key = key
        self.size = _size(key)
        self.fits = _fits(number, key)
        self._sets = None
        self._pairs = None
        self._completions = None

    def sets(self) -> tuple[tuple[RawGroup, ...], ...]:
        found = self._sets
        if found is None:
            start, _, chows = BLOCKS[self.number]
            found = self._sets = _block_sets(self.key, start, chows)
        return found

    def pairs(self) -> tuple[tuple[RawGroup, tuple[tuple[RawGroup, ...], ...]], ...]:
        found = self._pairs
        if found is None:
            start, end, chows = BLOCKS[self.number]
            key = self.key
            pairs = []
            for offset in range(end - start):
                if key >> (3 * offset) & 7 >= 2:
                    divisions = _block_sets(key - (2 << (3 * offset)), start, chows)
                    if divisions:
                        # A pair made here, not one of _PAIRS: those are made at import, and the
                        # command line freezes what it imported (gc.freeze) perhaps while they are
                        # still tracked; a kept division holding one would then be tracked for ever.
                        pairs.append(((_RAW_PAIR, (start + offset, start + offset)), divisions))
            found = self._pairs = tuple(pairs)
        return found

    def completions(self) -> tuple[int, ...]:
        """The kinds (of the hand) one more of which makes this block fit."""
        found = self._completions
        if found is None:
            start, end, _ = BLOCKS[self.number]
            found = tuple(start + offset for offset in range(end - start)
                          if self.key >> (3 * offset) & 7 < 4 and _fits(self.number, self.key + (1 << 3 * offset)))
            self._completions = found
        return found


def _fits(number: int, key: int) -> bool:
    """Whether block ``number`` holding the counts packed in ``key`` can take its part of a regular
    hand (see :class:`Block`), found on the packed counts without listing the divisions."""
    chows = number < 3
    remainder = _size(key) % 3
    if remainder == 0:
        return _sets_fit(key, chows)
    if remainder == 1:
        return False
    shift = 0
    rest = key
    while rest:
        if rest & 7 >= 2 and _sets_fit(key - (2 << shift), chows):
            return True
        rest >>= 3
        shift += 3
    return False


def _size(key: int) -> int:
    """The number of tiles counted in a packed key."""
    size = 0
    while key:
        size += key & 7
        key >>= 3
    return size


_SETS_FIT: Final[dict[int, bool]] = {}


def _sets_fit(key: int, chows: bool) -> bool:
    """Whether the counts packed in ``key`` divide into pungs (and chows, if ``chows``): the lowest
    kind held must begin a pung or a chow. Kept for each key."""
    if not key:
        return True
    slot = key << 1 | (1 if chows else 0)
    found = _SETS_FIT.get(slot)
    if found is None:
        shift = _lowest(key)
        found = key >> shift & 7 >= 3 and _sets_fit(key - (3 << shift), chows)
        if not found and chows and _chow_at(key, shift):
            found = _sets_fit(key - (_CHOW << shift), chows)
        _SETS_FIT[slot] = found
    return found


_KEPT_BLOCKS: Final[dict[int, Block]] = {}

#: The most blocks kept at once. A process that scores millions of varied hands (a batch of logged
#: games) keeps meeting counts it has not seen: 200,000 random LRC hands met 78,000 blocks, and the
#: process had grown to 125 MiB, still growing. When this many are kept, the blocks and every
#: division and fit made for them are forgotten (:func:`forget_blocks`) and made again as met.
MOST_KEPT_BLOCKS: Final = 1 << 16


def block(number: int, key: int) -> Block:
    """The :class:`Block` of block ``number`` holding the counts packed in ``key``."""
    found = _KEPT_BLOCKS.get(key << 2 | number)
    if found is None:
        if len(_KEPT_BLOCKS) >= MOST_KEPT_BLOCKS:
            forget_blocks()
        found = _KEPT_BLOCKS[key << 2 | number] = Block(number, key)
    return found


def forget_blocks() -> None:
    """Forget the kept blocks, the fits of packed counts and the divisions of suits and blocks:
    they are made again as they are met (the memory they held is bounded by :data:`MOST_KEPT_BLOCKS`)."""
    _KEPT_BLOCKS.clear()
    _SETS_FIT.clear()
    _DIVISIONS.clear()


def _blocks(counts: list[int]) -> list[Block]:
    return tally_of(counts).blocks()


def _block_sets(key: int, start: int, chows: bool) -> tuple[tuple[RawGroup, ...], ...]:
    """The divisions of one block's counts (packed in ``key``, its first kind ``start``) into sets, as
    groups of the hand: made once for each kept block (:meth:`Block.sets`, :meth:`Block.pairs`)."""
    found = []
    for division in _divisions(key, chows).split("|")[:-1]:
        groups = []
        for character in division:
            code = ord(character) - _SET_CHARACTER
            groups.append(_raw(code >> 4, start + (code & 15)))
        found.append(tuple(groups))
    return tuple(found)


def _joined(per_block: list[tuple[tuple[RawGroup, ...], ...]], head: Grouping = ()) -> list[Grouping]:
    """``head`` followed by one division of each block, for every choice, the first block's outermost."""
    found = []
    for first in per_block[0]:
        for second in per_block[1]:
            for third in per_block[2]:
                for fourth in per_block[3]:
                    found.append(head + first + second + third + fourth)
    return found


def _sets_of(counts: list[int]) -> list[Grouping]:
    """Every division of ``counts`` into sets only (no pair)."""
    per_block = [b.sets() for b in _blocks(counts)]
    return _joined(per_block) if all(per_block) else []


def _raw(kind: int, index: int) -> RawGroup:
    if kind == _RAW_CHOW:
        return (kind, (index, index + 1, index + 2))
    return (kind, (index, index, index))


_PAIRS: Final[tuple[RawGroup, ...]] = tuple((_RAW_PAIR, (i, i)) for i in range(KINDS))


class Regular(Shape):
    """Sets and exactly one pair (5 sets + pair in 16-tile rules, 4 + pair in 13-tile rules).

    Every block but one must divide into sets and that one, two tiles over a multiple of three,
    into sets and the pair; only its pairs are tried. Pairs in the kinds' order, then each block's
    divisions: the order the arrangements keep (ruling 1). The waits are found one block at a
    time (:func:`_regular_waits`), not by trying candidates."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        return _regular(tally.blocks())

    def completing(self, held: Tally, melds: int, known: list[bool]) -> list[int]:
        return [i for i in _regular_waits(held.blocks()) if not known[i]]


def _regular(blocks: list[Block]) -> list[Grouping]:
    pair_block = -1
    for b in blocks:
        remainder = b.size % 3
        if remainder == 2 and pair_block < 0:
            pair_block = b.number
        elif remainder or not b.fits:
            return []
    if pair_block < 0:
        return []
    per_block = [b.sets() for b in blocks]
    found: list[Grouping] = []
    for pair, divisions in blocks[pair_block].pairs():
        per_block[pair_block] = divisions
        found.extend(_joined(per_block, (pair,)))
    return found


def _regular_waits(blocks: list[Block]) -> list[int]:
    """The kinds that complete ``blocks`` into sets and one pair, one block at a time: adding a tile
    changes only its own block, which must then fit, every other fit as it is, and one of them hold
    the pair. Each block's fit and completing kinds are kept (:class:`Block`; the latter asked only
    of a block the others leave room for), so a hand costs a few look-ups."""
    found: list[int] = []
    for b in blocks:
        pairs = 1 if b.size % 3 == 1 else 0  # one tile more makes this block the pair's
        others_fit = True
        for other in blocks:
            if other is not b:
                others_fit = others_fit and other.fits
                pairs += other.size % 3 == 2
        if others_fit and pairs == 1:
            found.extend(b.completions())
    return found


# ---------------------------------------------------------------------------------------------
# Irregular shapes of the 16-tile rulesets.


def _odd_kinds(held: Tally) -> list[int]:
    return [i for i in _bits(held.mask) if held.count(i) & 1]


class SevenPairsAndPung(Shape):
    """Nico Nico: seven pairs and one pung, all concealed (17 tiles). Four of a kind is two pairs."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        if melds or tally.total != 17 or tally.odd != 1:
            return []
        counts = tally.counts()
        pung = _odd_kinds(tally)[0]
        if counts[pung] != 3:
            return []
        groups: list[RawGroup] = [(_RAW_PUNG, (pung, pung, pung))]
        for i in range(KINDS):
            groups.extend([(_RAW_PAIR, (i, i))] * ((counts[i] - (3 if i == pung else 0)) // 2))
        return [tuple(groups)]

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """The winning tile flips one kind's parity and must leave one odd kind, a pung: with no
        odd kind held it makes a pung of a pair; with two, it evens one and the other is the pung."""
        if not held.odd:
            counts = held.counts()
            return [i for i in range(KINDS) if counts[i] == 2]
        return _odd_kinds(held) if held.odd == 2 else []


_ORPHAN_INDICES: Final = tuple(t.index for t in ORPHANS)
#: The terminals and honours, one bit each.
_ORPHAN_MASK: Final = sum(1 << i for i in _ORPHAN_INDICES)


def _bits(mask: int) -> list[int]:
    """The kinds of a mask's bits, in order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _missing_orphan(held: Tally) -> list[int] | None:
    """The one terminal or honour not held ([] if more are missing), or None when all are held."""
    missing = _ORPHAN_MASK & ~held.mask
    if not missing:
        return None
    return [missing.bit_length() - 1] if not missing & (missing - 1) else []


def _set_neighbours(held: Tally) -> list[int]:
    """Every kind that can make a set with held tiles: a held kind itself, or a numbered kind
    within two ranks of a held one in its suit."""
    near = [False] * KINDS
    for i in _bits(held.mask):
        if i >= 27:
            near[i] = True
        else:
            start = i - i % 9
            for j in range(max(start, i - 2), min(start + 9, i + 3)):
                near[j] = True
    return [i for i in range(KINDS) if near[i]]


class ThirteenOrphansAndSet(Shape):
    """LRC 13 Orphans: one of each terminal and honour, one of them again as the eyes, and any
    further pung or chow (17 tiles, concealed)."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        if melds or tally.total != 17 or _ORPHAN_MASK & ~tally.mask:
            return []
        rest = tally.counts()
        for i in _ORPHAN_INDICES:
            rest[i] -= 1
        found: list[Grouping] = []
        for pair in _ORPHAN_INDICES:
            if rest[pair] >= 1:  # one copy already in the singles: the pair is the single plus one more
                left = list(rest)
                left[pair] -= 1
                for sets in _sets_of(left):
                    if len(sets) == 1:
                        singles_without = tuple(i for i in _ORPHAN_INDICES if i != pair)
                        found.append(((_RAW_SINGLES, singles_without), (_RAW_PAIR, (pair, pair))) + sets)
        return found

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """The missing one, or with all held, an orphan for the pair or a tile that makes the
        further set with held tiles."""
        missing = _missing_orphan(held)
        if missing is not None:
            return missing
        return sorted(set(_ORPHAN_INDICES).union(_set_neighbours(held)))


class SixteenOrphans(Shape):
    """16 Orphans: three ranks of each suit at least 3 apart (1-4-7, 1-5-9, 2-6-9 ...), one of each
    wind and dragon, and one of those sixteen again as the eyes (17 tiles, concealed)."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        if melds or tally.total != 17 or tally.most > 2 or tally.honours < 7:
            return []
        counts = tally.counts()
        kinds = _bits(tally.mask)
        if len(kinds) != 16 or any(not counts[i] for i in range(27, 34)):
            return []
        for start in (0, 9, 18):
            ranks = [i - start for i in kinds if start <= i < start + 9]
            if len(ranks) != 3 or ranks[1] - ranks[0] < 3 or ranks[2] - ranks[1] < 3:
                return []
        pair = next(i for i in kinds if counts[i] == 2)
        return [((_RAW_SINGLES, tuple(i for i in kinds if i != pair)), (_RAW_PAIR, (pair, pair)))]

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """Sixteen different kinds held once each (any of them pairs), or fifteen with a pair (the
        sixteenth: the one missing honour, else a rank of a suit short of its three)."""
        if held.most > 2:
            return []
        counts = held.counts()
        kinds = _bits(held.mask)
        if len(kinds) == 16:
            return kinds
        if len(kinds) != 15:
            return []
        honours = [i for i in range(27, KINDS) if not counts[i]]
        if honours:
            return honours if len(honours) == 1 else []
        return [i for start in (0, 9, 18) if sum(1 for i in range(start, start + 9) if counts[i]) < 3
                for i in range(start, start + 9) if not counts[i]]


# ---------------------------------------------------------------------------------------------
# Irregular shapes of the 13-tile Chinese Official (MCR) rules. All are concealed except the
# knitted straight, whose fourth set may be declared.


def _seven_pairs(counted: Tally, melds: int) -> list[Grouping]:
    # Both pair shapes call this natively (a method called through its class is not).
    if melds or counted.total != 14 or counted.odd:
        return []
    pairs: list[RawGroup] = []
    for i in _bits(counted.mask):
        pair = _PAIRS[i]
        pairs.append(pair)
        if counted.count(i) == 4:
            pairs.append(pair)
    return [tuple(pairs)]


class SevenPairs(Shape):
    """Seven pairs, all concealed (14 tiles). Four of a kind is two pairs (MCR Tile Hog)."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        return _seven_pairs(tally, melds)

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """All pairs but one kind, which the winning tile pairs."""
        return _odd_kinds(held) if held.odd == 1 else []


class DistinctSevenPairs(SevenPairs):
    """Seven pairs of seven different kinds (riichi's chiitoitsu: four of a kind is not two pairs)."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        return _seven_pairs(tally, melds) if tally.most == 2 else []


class SevenShiftedPairs(SevenPairs):
    """Seven pairs of seven consecutive ranks in one suit (``22334455667788m``)."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        found = _seven_pairs(tally, melds)
        if not found:
            return []
        kinds = _bits(tally.mask)
        if len(kinds) != 7 or kinds[-1] >= 27 or kinds[-1] - kinds[0] != 6 or kinds[0] // 9 != kinds[-1] // 9:
            return []
        return found


class ThirteenOrphans(Shape):
    """MCR Thirteen Orphans: one of each terminal and honour and one of them again (14 tiles)."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        if melds or tally.total != 14 or _ORPHAN_MASK & ~tally.mask:
            return []
        pair = next((i for i in _ORPHAN_INDICES if tally.count(i) == 2), None)
        if pair is None:
            return []
        return [((_RAW_SINGLES, tuple(i for i in _ORPHAN_INDICES if i != pair)), (_RAW_PAIR, (pair, pair)))]

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """The missing one, or with all held, any of them as the pair."""
        missing = _missing_orphan(held)
        return list(_ORPHAN_INDICES) if missing is None else missing


#: The six knitted straights: 147, 258 and 369, each in a different suit, as tile indices per suit.
KNITTED_STRAIGHTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(suit * 9 + rank - 1 for rank in ranks) for suit, ranks in enumerate(order))
    for order in permutations(((1, 4, 7), (2, 5, 8), (3, 6, 9))))
#: Each knitted straight's nine kinds, one bit each.
_KNITTED_MASKS: Final = tuple(sum(1 << i for part in straight for i in part) for straight in KNITTED_STRAIGHTS)
#: Each knitted straight's three knitted groups.
_KNITTED_GROUPS: Final[tuple[Grouping, ...]] = tuple(
    tuple((_RAW_KNITTED, part) for part in straight) for straight in KNITTED_STRAIGHTS)


def _without_straight(counted: Tally, number: int) -> Tally:
    """The tally less one of each tile of knitted straight ``number``."""
    rest = counted.counts()
    for part in KNITTED_STRAIGHTS[number]:
        for i in part:
            rest[i] -= 1
    return tally_of(rest)


class KnittedStraight(Shape):
    """A knitted straight (147, 258, 369 in three different suits: three knitted groups) with one
    more set, concealed or declared, and a pair."""

    __slots__ = ()

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        found: list[Grouping] = []
        mask = tally.mask
        for number in range(len(KNITTED_STRAIGHTS)):  # not zip: it makes a tuple per step, even compiled
            if _KNITTED_MASKS[number] & ~mask:
                continue
            knitted = _KNITTED_GROUPS[number]
            for grouping in _regular(_without_straight(tally, number).blocks()):
                if len(grouping) + melds == 2:
                    found.append(knitted + grouping)
        return found

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """For each knitted straight: its one missing tile; with none missing, the kinds that
        complete the rest into sets and a pair (the shape then counts the sets with the melds)."""
        mask = held.mask
        found: list[int] = []
        for number in range(len(KNITTED_STRAIGHTS)):
            missing = _KNITTED_MASKS[number] & ~mask
            if missing and not missing & (missing - 1):  # one bit: one tile missing
                found.append(missing.bit_length() - 1)
            elif not missing:
                found.extend(_regular_waits(_without_straight(held, number).blocks()))
        return found


class HonoursAndKnittedTiles(Shape):
    """Fourteen different tiles: numbered ones all from one knitted straight (one knitted group per
    suit) and honours (one singles group). The greater hand holds all seven honours, the lesser
    fewer."""

    __slots__ = ("greater",)

    greater: bool

    def __init__(self, name: str, greater: bool) -> None:
        super().__init__(name, concealed_tiles=14)
        self.greater = greater

    def divide(self, tally: Tally, melds: int) -> list[Grouping]:
        if melds or tally.most > 1 or tally.total != 14 or (tally.honours == 7) != self.greater:
            return []
        counts = tally.counts()
        numbered = tally.mask & _NUMBERED
        for number in range(len(KNITTED_STRAIGHTS)):  # not zip: it makes a tuple per step, even compiled
            if not numbered & ~_KNITTED_MASKS[number]:
                parts = tuple((_RAW_KNITTED, tuple(i for i in part if counts[i]))
                              for part in KNITTED_STRAIGHTS[number])
                return [parts + ((_RAW_SINGLES, tuple(i for i in range(27, KINDS) if counts[i])),)]
        return []

    def candidates(self, held: Tally, melds: int) -> list[int]:
        """Different kinds only; the winning tile is a kind not held, an honour or a tile of a
        knitted straight that holds every numbered tile held."""
        if held.most > 1:
            return []
        counts = held.counts()
        numbered = held.mask & _NUMBERED
        found = [i for i in range(27, KINDS) if not counts[i]]
        for tiles in _KNITTED_MASKS:
            if not numbered & ~tiles:
                found.extend(_bits(tiles & ~numbered))
        return found


for _shape in (Regular("regular"), SevenPairsAndPung("seven_pairs_and_pung", 17),
               ThirteenOrphansAndSet("thirteen_orphans_and_set", 17), SixteenOrphans("sixteen_orphans", 17),
               SevenPairs("seven_pairs", 14), SevenShiftedPairs("seven_shifted_pairs", 14),
               ThirteenOrphans("thirteen_orphans", 14), KnittedStraight("knitted_straight"),
               HonoursAndKnittedTiles("lesser_honours_and_knitted_tiles", greater=False),
               HonoursAndKnittedTiles("greater_honours_and_knitted_tiles", greater=True),
               # Registered last: the native core numbers the shapes it knows in this order.
               DistinctSevenPairs("distinct_seven_pairs", 14)):
    _register(_shape)


# ---------------------------------------------------------------------------------------------
# Building arrangements and waits for a hand.


def concealed_counts(hand: Hand, with_win_tile: bool = True) -> list[int]:
    """Counts of the concealed tiles (and the winning tile), melds excluded."""
    counts = [0] * KINDS
    for tile in hand.concealed:
        counts[tile.index] += 1
    if with_win_tile and hand.win_tile is not None:
        counts[hand.win_tile.index] += 1
    return counts


_PLANS: Final[dict[tuple[str, ...], tuple[Shape, ...]]] = {}


def _plan(shapes: Sequence[str]) -> tuple[Shape, ...]:
    """The shapes of a ruleset's list, looked up once for each list."""
    key = tuple(shapes)
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS[key] = tuple(SHAPES[name] for name in key)
    return found


def arrangements(hand: Hand, shapes: Sequence[str]) -> list[Arrangement]:
    """Every arrangement of a winning hand under ``shapes``, in a stable order; empty if the winning
    tile does not complete the hand. The native core finds them where it runs and knows the shapes
    (:func:`python_arrangements` is the reference it is held to); where it knows some of them, it
    finds theirs and Python the others', in the order of ``shapes``."""
    if hand.win_tile is None:
        return []
    split = _native_split(shapes)
    if split is not None:
        assert NATIVE is not None
        plan, others = split
        declared = tuple([meld_group(m) for m in hand.melds])
        found = NATIVE.arrangements(hand.concealed, hand.win_tile.index, declared,
                                    hand.win is _DISCARD or hand.win is _ROBBING_GONG, plan)
        if found is not NotImplemented:  # else a hand it does not take (a fifth copy): the reference answers
            others = _possible(others, len(hand.concealed) + 1, len(hand.melds))
            if not others:
                return found  # type: ignore[no-any-return]
            more = python_arrangements(hand, others)
            if not more:
                return found  # type: ignore[no-any-return]
            order = _shape_order(shapes)
            return sorted([*found, *more], key=lambda a: order[a.shape])
    return python_arrangements(hand, shapes)


def python_arrangements(hand: Hand, shapes: Sequence[str]) -> list[Arrangement]:
    """:func:`arrangements`, found in Python: the reference, and the pure-Python core."""
    if hand.win_tile is None:
        return []
    counted = _tally_tiles(hand.concealed, hand.win_tile)
    declared = tuple([meld_group(m) for m in hand.melds])
    before = len(declared)
    win = hand.win_tile.index
    claimed = hand.win is _DISCARD or hand.win is _ROBBING_GONG
    found: list[Arrangement] = []
    for planned in _plan(shapes):
        if not planned.may_hold(counted.total, before):
            continue
        for grouping in planned.divide(counted, before):
            seen: list[RawGroup] = []
            groups: tuple[Group, ...] = ()
            for position, raw in enumerate(grouping):
                if win not in raw[1] or raw in seen:
                    continue
                seen.append(raw)
                if not groups:
                    groups = declared + tuple([_concealed_group(other) for other in grouping])
                placed = groups
                if claimed:  # the claimed tile leaves its group exposed (ruling 3)
                    at = before + position
                    placed = groups[:at] + (_claimed_group(raw),) + groups[at + 1:]
                found.append(Arrangement(planned.name, placed, before + position, _role(raw[0], raw[1], win)))
    return found


#: Each list of shapes as the native core reads it (a byte a shape, its number in
#: ``mjscore._native.SHAPES``), or None where the native core does not run or does not know a shape.
_NATIVE_PLANS: Final[dict[tuple[str, ...], bytes | None]] = {}


def native_plan(shapes: Sequence[str]) -> bytes | None:
    """``shapes`` as the native core reads them (a byte a shape), or None where it does not run or know one."""
    key = tuple(shapes)
    if key not in _NATIVE_PLANS:
        known = NATIVE.SHAPES if NATIVE is not None else ()
        _NATIVE_PLANS[key] = bytes(known.index(name) for name in key) if all(name in known for name in key) else None
    return _NATIVE_PLANS[key]


#: Each list of shapes split for the native core: the plan of the shapes it knows (a byte a shape)
#: and the names of the others, in order; None where it does not run or knows none of them.
_NATIVE_SPLITS: Final[dict[tuple[str, ...], tuple[bytes, tuple[str, ...]] | None]] = {}
_SHAPE_ORDERS: Final[dict[tuple[str, ...], dict[str, int]]] = {}


def _native_split(shapes: Sequence[str]) -> tuple[bytes, tuple[str, ...]] | None:
    """The native plan of the shapes of ``shapes`` the native core knows, and the others (for Python)."""
    key = tuple(shapes)
    if key not in _NATIVE_SPLITS:
        known = NATIVE.SHAPES if NATIVE is not None else ()
        plan = bytes(known.index(name) for name in key if name in known)
        _NATIVE_SPLITS[key] = (plan, tuple(name for name in key if name not in known)) if plan else None
    return _NATIVE_SPLITS[key]


def _possible(shapes: tuple[str, ...], tiles: int, melds: int) -> tuple[str, ...]:
    """The shapes of ``shapes`` that ``tiles`` concealed tiles (the winning one included) beside ``melds`` may make."""
    return tuple(name for name in shapes if SHAPES[name].may_hold(tiles, melds)) if shapes else shapes


def _shape_order(shapes: Sequence[str]) -> dict[str, int]:
    key = tuple(shapes)
    found = _SHAPE_ORDERS.get(key)
    if found is None:
        found = _SHAPE_ORDERS[key] = {name: place for place, name in enumerate(key)}
    return found


_DISCARD: Final = WinKind.DISCARD
_ROBBING_GONG: Final = WinKind.ROBBING_GONG
_BY_INDEX: Final = attrgetter("index")

#: Groups are values: each concealed group (by its raw group), claimed group, and declared meld is
#: made once and shared by every arrangement that holds it (a few hundred in all). A chow, pung or
#: pair is kept in a list by its first kind (no tuple hashed), the irregular groups in a dictionary.
_CONCEALED_SETS: Final[list[Group | None]] = [None] * (3 * KINDS)
_CLAIMED_SETS: Final[list[Group | None]] = [None] * (3 * KINDS)
_CONCEALED_GROUPS: Final[dict[RawGroup, Group]] = {}
_CLAIMED_GROUPS: Final[dict[RawGroup, Group]] = {}
#: A declared meld's Group by its slot, made on first use (:func:`meld_group`; the native core reads it too).
MELD_GROUPS: Final[list[Group | None]] = [None] * (12 * KINDS)
_MELD_CHOW: Final = MeldKind.CHOW
_MELD_PUNG: Final = MeldKind.PUNG
_MELD_KINDS: Final = {MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG, MeldKind.KONG: GroupKind.KONG}


def _concealed_group(raw: RawGroup) -> Group:
    return _group(raw, _CONCEALED_SETS, _CONCEALED_GROUPS, True)


def _claimed_group(raw: RawGroup) -> Group:
    return _group(raw, _CLAIMED_SETS, _CLAIMED_GROUPS, False)


def _group(raw: RawGroup, sets: list[Group | None], others: dict[RawGroup, Group], concealed: bool) -> Group:
    code = raw[0]
    if code <= _RAW_PAIR:  # a chow, pung or pair: kept by its first kind
        slot = 3 * raw[1][0] + code
        found = sets[slot]
        if found is None:
            found = sets[slot] = Group(_RAW_KINDS[code], tuple([HAND_TILES[i] for i in raw[1]]), concealed=concealed)
        return found
    other = others.get(raw)
    if other is None:
        other = others[raw] = Group(_RAW_KINDS[code], tuple([HAND_TILES[i] for i in raw[1]]), concealed=concealed)
    return other


def meld_group(meld: Meld) -> Group:
    """The group of a declared meld. A meld is checked when made (:class:`~mjscore.hand.Meld`): its
    kind and lowest kind, concealed and added, decide its tiles, and number its place in the list."""
    kind = meld.kind
    code = 0 if kind is _MELD_CHOW else 1 if kind is _MELD_PUNG else 2
    tiles = meld.tiles
    first = tiles[0].index
    for tile in tiles:
        if tile.index < first:
            first = tile.index
    concealed = meld.concealed
    added = meld.added
    slot = (3 * first + code) * 4 + (2 if concealed else 0) + (1 if added else 0)
    found = MELD_GROUPS[slot]
    if found is None:
        indices = sorted([t.index for t in tiles])
        found = MELD_GROUPS[slot] = Group(_MELD_KINDS[kind], tuple([HAND_TILES[i] for i in indices]),
                                           concealed=concealed, declared=True, added=added)
    return found


_CLOSED_ROLE: Final = WinRole.CLOSED
_EDGE_ROLE: Final = WinRole.EDGE
_TWO_SIDED_ROLE: Final = WinRole.TWO_SIDED
_PUNG_ROLE: Final = WinRole.PUNG
_PAIR_ROLE: Final = WinRole.PAIR
_SINGLE_ROLE: Final = WinRole.SINGLE


def _role(kind: int, indices: tuple[int, ...], win: int) -> WinRole:
    if kind == _RAW_CHOW:
        position = indices.index(win)
        rank = indices[0] % 9 + 1
        if position == 1:
            return _CLOSED_ROLE
        if (position == 2 and rank == 1) or (position == 0 and rank == 7):
            return _EDGE_ROLE
        return _TWO_SIDED_ROLE
    if kind == _RAW_PUNG:
        return _PUNG_ROLE
    if kind == _RAW_PAIR:
        return _PAIR_ROLE
    return _SINGLE_ROLE


def waits(hand: Hand, shapes: Sequence[str]) -> tuple[Tile, ...]:
    """The wait set (ruling 4): the tile kinds that complete the tiles held before the win, in any
    allowed shape. A kind the hand already holds all four of cannot be waited on.

    The native core finds it where it runs and knows the shapes (where it knows some, their waits,
    and Python the others'); in Python (:func:`held_waits`) the
    regular shape is searched one block at a time, and each other shape checks the few candidates
    its :meth:`Shape.candidates` names (all 34 kinds for a shape that names none)."""
    split = _native_split(shapes)
    if split is not None:
        assert NATIVE is not None
        plan, others = split
        found = NATIVE.waits(hand.concealed, hand.melds, plan)
        if found is not NotImplemented:
            others = _possible(others, len(hand.concealed) + 1, len(hand.melds))
            if not others:
                return found  # type: ignore[no-any-return]
            more = python_waits(hand, others)
            if not more:
                return found  # type: ignore[no-any-return]
            return tuple(sorted({*found, *more}, key=_BY_INDEX))
    return python_waits(hand, shapes)


def python_waits(hand: Hand, shapes: Sequence[str]) -> tuple[Tile, ...]:
    """:func:`waits`, found in Python: the reference, and the pure-Python core."""
    return held_waits(_tally_tiles(hand.concealed), hand.melds, shapes)


def held_waits(counted: Tally, melds: Sequence[Meld], shapes: Sequence[str]) -> tuple[Tile, ...]:
    """:func:`waits` of concealed tiles given by their :class:`Tally` (:func:`tally_of`) beside
    ``melds``: for a caller that has the counts and no hand (the discard table tries hundreds)."""
    known = [False] * KINDS  # found already, or held four times
    if counted.most >= 4:
        for i in range(KINDS):
            known[i] = counted.count(i) >= 4
    if melds:
        held = counted.counts()
        for meld in melds:
            for tile in meld.tiles:
                held[tile.index] += 1
                if held[tile.index] >= 4:
                    known[tile.index] = True
    unavailable = list(known)
    size = counted.total + 1
    declared = len(melds)
    for planned in _plan(shapes):
        if planned.may_hold(size, declared):
            for index in planned.completing(counted, declared, known):
                known[index] = True
    return tuple([HAND_TILES[i] for i in range(KINDS) if known[i] and not unavailable[i]])


def pungs_a_held_pair(hand: Hand, tile: Tile) -> bool:
    """Whether ``tile``, added to the tiles held before the win, completes a regular hand (sets and
    one pair) by turning two held copies of it into a pung: Calling by Pairs asks this of each of
    its two waiting kinds (ruling 27). The pung taken out, the rest must be sets and the eyes."""
    counts = concealed_counts(hand, with_win_tile=False)
    if counts[tile.index] < 2:
        return False
    counts[tile.index] -= 2
    return bool(_regular(_blocks(counts)))


#: The win roles in the order the native core names them.
_NATIVE_ROLES: Final = (WinRole.EDGE, WinRole.CLOSED, WinRole.TWO_SIDED, WinRole.PAIR, WinRole.PUNG, WinRole.SINGLE)

if NATIVE is not None:  # the native core answers with the objects this module keeps
    NATIVE.setup(HAND_TILES, tuple(SHAPES[name].name for name in NATIVE.SHAPES), _NATIVE_ROLES, _CONCEALED_SETS,
                 _CLAIMED_SETS, _concealed_group, _claimed_group, Arrangement)
