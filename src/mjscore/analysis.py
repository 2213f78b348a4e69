"""Hand analysis: how far a held hand is from ready (shanten), which tiles bring it closer (useful
tiles), and, for a hand after a draw, what each discard leaves (the discard table).

Every measure here is a *distance*: the fewest tiles a complete hand of an allowed shape has that the
held tiles lack. A hand of 13 (16) tiles is ready when one tile completes it (distance 1), and a hand
of 14 (17) tiles is complete at distance 0; so ``shanten = distance - 1`` in both sizes (0 = ready,
-1 = complete). Each shape of :data:`mjscore.arrangements.SHAPES` has a distance function in
:data:`DISTANCES`, registered under the same name, so a ruleset's list of shapes is the one source of
which shapes count:

- the regular shape (sets and one pair) by a search per suit block of the cheapest sets and pair, its
  tables cached: adding or taking away a tile changes one block, so a discard table is mostly
  look-ups;
- the irregular shapes in closed form (seven pairs: 7 - pairs, four of a kind making two; the orphan
  hands: the kinds missing plus the eyes; the knitted hands: the knitted tiles missing, plus, for the
  knitted straight, the regular distance of what is left).

The count treats every kind as drawable, as the standard count (and pymahjonggb) does, with one
correction where it matters to a player: a hand is ready only when it has a wait it can draw
(:func:`mjscore.arrangements.waits`, which passes over a kind the hand holds all four of). A hand
whose only "wait" is a fifth copy is one tile from ready. Useful tiles leave out kinds the player
holds all four of (concealed and declared): they cannot be drawn.

Scores are not worked out here (this layer sits below the scoring engine): the caller passes a
:data:`WaitScorer` that scores the waits of a ready held hand, and :func:`mjscore.analyse` passes the
engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Final

from mjscore.arrangements import BLOCKS, KNITTED_STRAIGHTS, SHAPES, held_waits, packed_counts, tally_of
from mjscore.errors import HandError, Refusal, RulesetError
from mjscore.hand import Hand, Meld, WinKind
from mjscore.tiles import HAND_TILES, KINDS, ORPHANS, Tile, counts_of

Counts = tuple[int, ...]

# ---------------------------------------------------------------------------------------------
# The regular shape: the cheapest sets and pair, one suit block at a time.

#: The most sets any block is asked for (16-tile rules: five sets and a pair).
MAX_SETS: Final = 5
_SLOTS: Final = (MAX_SETS + 1) * 2  # a block table: index sets * 2 + pair
_FAR: Final = 99
#: A block holding nothing: every set (3 tiles) and the pair (2) from tiles still to draw.
_EMPTY_TABLE: Final[Counts] = tuple(3 * s + 2 * p for s in range(MAX_SETS + 1) for p in range(2))


class _KeptTables:
    """Tables kept by an integer key, at most :attr:`most` at once, none ever freed in bulk.

    Two generations: tables are kept in the recent one; when it holds :attr:`most`, it becomes the
    older one and a new recent one begins. A table found in the older generation moves back to the
    recent one, and each table kept forgets one older table, so the older generation is empty by
    the time the recent one is full again: memory stays bounded and a table is freed at a time (a
    dictionary of 262,144 tables cleared at once held up the one hand that filled it for 16 ms)."""

    __slots__ = ("most", "recent", "older")

    def __init__(self, most: int) -> None:
        self.most = most
        self.recent: dict[int, Counts] = {}
        self.older: dict[int, Counts] = {}

    def __len__(self) -> int:
        return len(self.recent) + len(self.older)

    def get(self, key: int) -> Counts | None:
        found = self.recent.get(key)
        if found is None:
            found = self.older.pop(key, None)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: int, table: Counts) -> None:
        if len(self.recent) >= self.most:
            self.older = self.recent  # the older generation it replaces is empty by now
            self.recent = {}
        self.recent[key] = table
        if self.older:
            self.older.popitem()

    def clear(self) -> None:
        self.recent = {}
        self.older = {}


#: The most block tables kept: 5,000 dense LRC hands meet some 290,000, a server answering analyses
#: for days more; 262,144 keep a discard table mostly look-ups in about 60 MB.
MOST_BLOCK_TABLES: Final = 1 << 18

#: The block tables worked out, by :func:`_slot` (the block's packed counts, its length and whether
#: chows are allowed): most of a discard table is look-ups here. Keys and tables are integers and
#: tuples of integers, which the garbage collector stops tracking once it has seen them.
_BLOCK_TABLES: Final = _KeptTables(MOST_BLOCK_TABLES)


def _slot(key: int, length: int, chows: bool) -> int:
    """The :data:`_BLOCK_TABLES` key of a block of ``length`` kinds holding the counts packed in ``key``."""
    return (key << 4 | length) << 1 | chows


def block_table(key: int, length: int, chows: bool) -> Counts:
    """For a block of ``length`` kinds holding the counts packed in ``key``
    (:func:`mjscore.arrangements.packed_counts`), the fewest tiles to draw to make ``s`` sets and
    ``p`` pairs (p 0 or 1) of it, at index ``s * 2 + p``; tiles left over are discarded (kept:
    :data:`_BLOCK_TABLES`).

    The lowest held tile is either discarded or used in a group (a pung, the pair, or a chow through
    it), whose other tiles are taken from the block where held and counted as draws where not.
    Groups of tiles not held at all cost 3 (a set) or 2 (the pair), as in :data:`_EMPTY_TABLE`."""
    slot = _slot(key, length, chows)
    found = _BLOCK_TABLES.get(slot)
    if found is None:
        found = _block_table(key, length, chows)
        _BLOCK_TABLES.put(slot, found)
    return found


def _block_table(key: int, length: int, chows: bool) -> Counts:
    if not key:
        return _EMPTY_TABLE
    shift = 0  # three bits a kind: the lowest held kind's
    while not key >> shift & 7:
        shift += 3
    held = key >> shift & 7
    unit = 1 << shift
    best = list(block_table(key - unit, length, chows))  # discard it
    _improve(best, block_table(key - min(3, held) * unit, length, chows), 3 - min(3, held), 1, 0)
    _improve(best, block_table(key - min(2, held) * unit, length, chows), 2 - min(2, held), 0, 1)
    if chows:
        low = shift // 3
        for start in range(max(0, low - 2), min(low, length - 3) + 1):
            rest = key
            taken = 0
            for offset in range(start, start + 3):
                if key >> 3 * offset & 7:
                    rest -= 1 << 3 * offset
                    taken += 1
            _improve(best, block_table(rest, length, chows), 3 - taken, 1, 0)
    return tuple(best)


def _minus(counts: Counts, taken: Iterable[tuple[int, int]]) -> Counts:
    rest = list(counts)
    for index, number in taken:
        rest[index] -= number
    return tuple(rest)


def _improve(best: list[int], table: Counts, cost: int, sets: int, pairs: int) -> None:
    """Lower ``best`` where ``table``'s entries plus a group of ``cost`` draws do better."""
    for s in range(MAX_SETS + 1 - sets):
        for p in range(2 - pairs):
            value = table[s * 2 + p] + cost
            slot = (s + sets) * 2 + p + pairs
            if value < best[slot]:
                best[slot] = value


@cache
def _combine(first: Counts, second: Counts, sets: int) -> Counts:
    """The table of two blocks together, up to ``sets`` sets: the sets and the pair split between them
    at least cost (cached: most hands share most pairs of block tables)."""
    found = [_FAR] * _SLOTS
    for s1 in range(sets + 1):
        for p1 in range(2):
            a = first[s1 * 2 + p1]
            for s2 in range(sets + 1 - s1):
                for p2 in range(2 - p1):
                    slot = (s1 + s2) * 2 + p1 + p2
                    value = a + second[s2 * 2 + p2]
                    if value < found[slot]:
                        found[slot] = value
    return tuple(found)


def _tables(counts: Sequence[int]) -> list[Counts]:
    return [block_table(packed_counts(counts, start, end), end - start, chows) for start, end, chows in BLOCKS]


def _read(first: Counts, second: Counts, sets: int) -> int:
    """The cost of ``sets`` sets and the pair, split between two tables: ``s`` sets and ``p`` pairs
    from the first, the other ``sets - s`` and ``1 - p`` from the second, at least cost."""
    best = _FAR
    for s in range(sets + 1):
        for p in range(2):
            value = first[s * 2 + p] + second[(sets - s) * 2 + 1 - p]
            if value < best:
                best = value
    return best


def regular_distance(counts: Sequence[int], sets: int) -> int:
    """The fewest tiles to draw for ``sets`` sets and a pair from the concealed ``counts``."""
    tables = _tables(counts)
    return _read(_combine(tables[0], tables[1], sets), _combine(tables[2], tables[3], sets), sets)


def regular_distances_after_draw(counts: Sequence[int], sets: int) -> list[int]:
    """:func:`regular_distance` of ``counts`` with one more tile of each kind, for all 34 kinds:
    the other three blocks are combined once per block, so each kind costs a table look-up."""
    tables = _tables(counts)
    found = []
    for number, (start, end, chows) in enumerate(BLOCKS):
        others = [t for n, t in enumerate(tables) if n != number]
        rest = _combine(_combine(others[0], others[1], sets), others[2], sets)
        key = packed_counts(counts, start, end)
        for offset in range(end - start):
            found.append(_read(block_table(key + (1 << 3 * offset), end - start, chows), rest, sets))
    return found


# ---------------------------------------------------------------------------------------------
# The irregular shapes, in closed form. Each distance function takes the concealed counts, the
# number of declared sets, the sets the hand needs (e.g. 4 in MCR with nothing declared) and a
# limit: it answers the distance, or any number above ``limit`` once it knows the distance is above
# it (so a shape far from the hand costs little), or None where the shape cannot apply (declared
# sets, the wrong number of tiles).

Distance = Callable[[Counts, int, int, int], int | None]
DISTANCES: Final[dict[str, Distance]] = {}


def distance(name: str) -> Callable[[Distance], Distance]:
    """Register the distance function of the shape ``name`` of :data:`SHAPES`."""

    def register(function: Distance) -> Distance:
        DISTANCES[name] = function
        return function

    return register


def _concealed_size_fits(name: str, counts: Counts, melds: int, sets: int) -> bool:
    """A concealed shape applies to a hand with nothing declared, whose complete size it is."""
    return not melds and SHAPES[name].concealed_tiles == 3 * sets + 2


@distance("regular")
def _regular(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    return regular_distance(counts, sets)


_PAIRS_IN: Final = (0, 0, 1, 1, 2, 2)  # by count (a fifth copy, tried and passed over, makes no third pair)
_ODD: Final = (0, 1, 0, 1, 0, 1)


def _pairs_distance(counts: Counts, units: int) -> int:
    """Draws to make ``units`` pairs, four of a kind being two: each kind held an odd number of times
    needs one tile for another pair, a pair of a new kind two."""
    pairs, odd = _pairs_and_odd(counts)
    missing = max(0, units - pairs)
    return min(missing, odd) + 2 * max(0, missing - odd)


def _pairs_and_odd(counts: Counts) -> tuple[int, int]:
    """The pairs the counts make (four of a kind being two) and the kinds held an odd number of times."""
    pairs = odd = 0
    for held in counts:
        pairs += _PAIRS_IN[held]
        odd += _ODD[held]
    return pairs, odd


@distance("seven_pairs")
def _seven_pairs(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    if not _concealed_size_fits("seven_pairs", counts, melds, sets):
        return None
    return _pairs_distance(counts, 7)


@distance("distinct_seven_pairs")
def _distinct_seven_pairs(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    """Riichi's chiitoitsu: seven pairs of seven different kinds (a third or fourth copy is of no
    use). Each kind held once needs one draw to pair, each kind not held two."""
    if not _concealed_size_fits("distinct_seven_pairs", counts, melds, sets):
        return None
    pairs = sum(1 for held in counts if held >= 2)
    singles = sum(1 for held in counts if held == 1)
    missing = max(0, 7 - pairs)
    return min(missing, singles) + 2 * max(0, missing - singles)


@distance("seven_shifted_pairs")
def _seven_shifted_pairs(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    if not _concealed_size_fits("seven_shifted_pairs", counts, melds, sets):
        return None
    if _pairs_distance(counts, 7) > limit:  # seven shifted pairs are seven pairs
        return limit + 1
    return min(sum(max(0, 2 - counts[i]) for i in range(start, start + 7))
               for suit in (0, 9, 18) for start in range(suit, suit + 3))


@distance("seven_pairs_and_pung")
def _seven_pairs_and_pung(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    """Nico Nico: the pung on one kind (its other tiles unused), seven pairs of the rest (as in
    :func:`_pairs_distance`, with that kind's pairs and odd tile taken out)."""
    if not _concealed_size_fits("seven_pairs_and_pung", counts, melds, sets):
        return None
    pairs, odd = _pairs_and_odd(counts)
    best = _FAR
    tried = 0  # the counts tried, one bit each: kinds held as often give the same
    for held in counts:
        if not tried >> held & 1:
            tried |= 1 << held
            best = min(best, _pung_and_pairs(held, pairs, odd))
    return best


def _pung_and_pairs(held: int, pairs: int, odd: int) -> int:
    """Nico Nico's draws with its pung on a kind held ``held`` times, the hand making ``pairs``
    pairs and holding ``odd`` kinds an odd number of times."""
    missing = max(0, 7 - pairs + _PAIRS_IN[held])
    singles = odd - _ODD[held]
    return max(0, 3 - held) + min(missing, singles) + 2 * max(0, missing - singles)


def seven_pairs_and_pung_after_draw(counts: Counts, sets: int) -> list[int]:
    """:func:`_seven_pairs_and_pung` with one more tile of each kind, for all 34 kinds (of a hand
    the shape applies to): a draw changes one kind's count, so the pairs, the odd kinds and the
    counts a pung may be on are updated, not counted again. A draw's distance depends only on how
    many the hand held of the kind drawn: it is worked out once for each such count."""
    pairs, odd = _pairs_and_odd(counts)
    having = [0] * 6  # kinds held 0 to 5 times
    for held in counts:
        having[held] += 1
    after = [-1] * 6  # by the count of the kind drawn: the distance after the draw, once known
    found = []
    for held in counts:
        if after[held] < 0:
            after_pairs = pairs + _PAIRS_IN[held + 1] - _PAIRS_IN[held]
            after_odd = odd + _ODD[held + 1] - _ODD[held]
            best = _pung_and_pairs(held + 1, after_pairs, after_odd)  # the pung on the kind drawn
            for value in range(6):  # or on a kind held ``value`` times, other than the one drawn
                if having[value] > (1 if value == held else 0):
                    best = min(best, _pung_and_pairs(value, after_pairs, after_odd))
            after[held] = best
        found.append(after[held])
    return found


_ORPHAN_INDICES: Final = tuple(t.index for t in ORPHANS)
_ORPHAN_SET: Final = frozenset(_ORPHAN_INDICES)


def _orphans_and_eyes(counts: Sequence[int]) -> int:
    """Draws for one of each of the 13 orphans and one of them again."""
    missing = sum(1 for i in _ORPHAN_INDICES if not counts[i])
    return missing + (0 if any(counts[i] >= 2 for i in _ORPHAN_INDICES) else 1)


@distance("thirteen_orphans")
def _thirteen_orphans(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    if not _concealed_size_fits("thirteen_orphans", counts, melds, sets):
        return None
    return _orphans_and_eyes(counts)


_SETS: Final[tuple[tuple[int, ...], ...]] = tuple((i, i, i) for i in range(KINDS)) + tuple(
    (i, i + 1, i + 2) for suit in (0, 9, 18) for i in range(suit, suit + 7))
#: The sets of :data:`_SETS` that take an orphan, as (kind, copies it takes) per kind, worked out once:
#: the orphans distance below reads them for every hand a discard table tries. The other sets, of
#: middle tiles (a pung of 2 to 8, a chow from 234 to 678), spoil no orphan.
_ORPHAN_TAKES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((i, tiles.count(i)) for i in sorted(set(tiles))) for tiles in _SETS if set(tiles) & _ORPHAN_SET)
_MIDDLE: Final = tuple(i for i in range(27) if i not in _ORPHAN_SET)
_MIDDLE_CHOWS: Final = tuple(i for suit in (0, 9, 18) for i in range(suit + 1, suit + 6))  # the lowest tile of 234 ... 678


def _middle_set_held(counts: Counts) -> int:
    """The most tiles of one set of middle tiles held (3: a whole pung or chow of them is held)."""
    best = min(3, max(counts[i] for i in _MIDDLE))
    for i in _MIDDLE_CHOWS:
        if best == 3:
            break
        best = max(best, (counts[i] > 0) + (counts[i + 1] > 0) + (counts[i + 2] > 0))
    return best


@distance("thirteen_orphans_and_set")
def _thirteen_orphans_and_set(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    """LRC 13 Orphans: the orphans and their eyes, and one more set (any pung or chow). The set takes
    held tiles first; an orphan it leaves with no copy (or the eyes with one) is drawn again."""
    if not _concealed_size_fits("thirteen_orphans_and_set", counts, melds, sets):
        return None
    missing = sum(1 for i in _ORPHAN_INDICES if not counts[i])
    if missing > limit:
        return limit + 1
    eyes = {i for i in _ORPHAN_INDICES if counts[i] >= 2}
    # A set of middle tiles costs the tiles of it not held, and leaves the orphans as they are.
    best = 3 - _middle_set_held(counts) + (0 if eyes else 1)
    if not best:
        return missing
    for takes in _ORPHAN_TAKES:
        cost = lost = 0
        spoilt = set()
        for i, taken in takes:
            left = counts[i] - taken
            if left < 0:
                cost -= left
            if i in _ORPHAN_SET:
                lost += counts[i] > 0 and left <= 0
                if left < 2:
                    spoilt.add(i)
        best = min(best, cost + lost + (0 if eyes - spoilt else 1))
    return missing + best


#: The rank triples of a suit in 16 Orphans: three ranks, each at least 3 above the one before.
_SPREAD_RANKS: Final = tuple((a, b, c) for a in range(9) for b in range(a + 3, 9) for c in range(b + 3, 9))


@cache
def _spread(block: Counts) -> tuple[int, bool]:
    """For one suit in 16 Orphans: the most of a spread triple held, and whether a triple holding
    that many holds one of them twice (the eyes)."""
    held = [(sum(1 for r in ranks if block[r]), any(block[r] >= 2 for r in ranks)) for ranks in _SPREAD_RANKS]
    most = max(h for h, _ in held)
    return most, any(pair for h, pair in held if h == most)


@distance("sixteen_orphans")
def _sixteen_orphans(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    """16 Orphans: the seven honours, three spread ranks per suit, and one of the sixteen again."""
    if not _concealed_size_fits("sixteen_orphans", counts, melds, sets):
        return None
    missing = sum(1 for i in range(27, KINDS) if not counts[i])
    if missing > limit:
        return limit + 1
    eyes = any(counts[i] >= 2 for i in range(27, KINDS))
    for suit in (0, 9, 18):
        most, pair = _spread(counts[suit:suit + 9])
        missing += 3 - most
        eyes = eyes or pair
    return missing + (0 if eyes else 1)


@distance("knitted_straight")
def _knitted_straight(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    """A knitted straight (counting as three sets), the remaining sets and the pair."""
    if sets < 3:
        return None
    if 9 - sum(1 for c in counts[:27] if c) > limit:
        return limit + 1
    best = _FAR
    for straight in KNITTED_STRAIGHTS:
        kinds = [i for part in straight for i in part]
        missing = sum(1 for i in kinds if not counts[i])
        if missing >= best or missing > limit:
            continue
        rest = list(counts)
        for i in kinds:
            if rest[i]:
                rest[i] -= 1
        best = min(best, missing + regular_distance(rest, sets - 3))
    return best


def knitted_distances_after_draw(counts: Counts, sets: int) -> list[int]:
    """The knitted straight's distance with one more tile of each kind, for all 34 kinds: a drawn
    tile either fills a gap in one straight (the rest unchanged) or joins what is left of it, whose
    regular distances after a draw come from :func:`regular_distances_after_draw` in one call."""
    found = [_FAR] * KINDS
    for straight in KNITTED_STRAIGHTS:
        kinds = [i for part in straight for i in part]
        missing = sum(1 for i in kinds if not counts[i])
        rest = list(counts)
        for i in kinds:
            if rest[i]:
                rest[i] -= 1
        same = regular_distance(rest, sets - 3)
        joined = regular_distances_after_draw(rest, sets - 3)
        for index in range(KINDS):
            gap = index in kinds and not counts[index]
            value = missing - 1 + same if gap else missing + joined[index]
            if value < found[index]:
                found[index] = value
    return found


#: The shapes whose distances after each of the 34 draws are found at once (any other shape's, one
#: draw at a time): each function takes the concealed counts of a hand the shape applies to and the
#: sets it needs.
DISTANCES_AFTER_DRAW: Final[dict[str, Callable[[Counts, int], list[int]]]] = {
    "regular": regular_distances_after_draw,
    "knitted_straight": knitted_distances_after_draw,
    "seven_pairs_and_pung": seven_pairs_and_pung_after_draw,
}


def _honours_and_knitted(counts: Counts, honours_cap: int, knitted_cap: int, limit: int) -> int:
    """Draws for 14 different tiles: honours (at most ``honours_cap``) and tiles of one knitted
    straight (at most ``knitted_cap``)."""
    if 14 - sum(1 for c in counts if c) > limit:
        return limit + 1
    honours = min(honours_cap, sum(1 for i in range(27, KINDS) if counts[i]))
    knitted = max(sum(1 for part in straight for i in part if counts[i]) for straight in KNITTED_STRAIGHTS)
    return 14 - min(14, honours + min(knitted_cap, knitted))


@distance("lesser_honours_and_knitted_tiles")
def _lesser_honours_and_knitted(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    if not _concealed_size_fits("lesser_honours_and_knitted_tiles", counts, melds, sets):
        return None
    return _honours_and_knitted(counts, 6, 9, limit)


@distance("greater_honours_and_knitted_tiles")
def _greater_honours_and_knitted(counts: Counts, melds: int, sets: int, limit: int) -> int | None:
    if not _concealed_size_fits("greater_honours_and_knitted_tiles", counts, melds, sets):
        return None
    return _honours_and_knitted(counts, 7, 7, limit)


# ---------------------------------------------------------------------------------------------
# Shanten and useful tiles of held tiles.


@dataclass(frozen=True, slots=True)
class Useful:
    """A tile kind that lowers the shanten, and how many copies the player has not seen."""

    tile: Tile
    unseen: int

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.code, "unseen": self.unseen}


@dataclass(frozen=True, slots=True)
class WinScore:
    """The score of a win on one tile in one way (on a discard, or self-drawn): ``total`` points, and
    whether it meets the ruleset's minimum (``legal``)."""

    total: int
    legal: bool

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "legal": self.legal}


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile a ready hand waits on: the copies unseen and the score a win on it makes, on a discard
    and self-drawn (None where that win cannot be made)."""

    tile: Tile
    unseen: int
    discard: WinScore | None
    self_draw: WinScore | None

    @property
    def value(self) -> float:
        """The mean of its two scores, a win below the minimum (or impossible) counting 0."""
        scores = [s.total if s is not None and s.legal else 0 for s in (self.discard, self.self_draw)]
        return sum(scores) / len(scores)

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.code, "unseen": self.unseen,
                "score": {"discard": self.discard.to_dict() if self.discard else None,
                          "self_draw": self.self_draw.to_dict() if self.self_draw else None}}


@dataclass(frozen=True, slots=True)
class Discard:
    """One row of the discard table: the tile discarded, and the shanten, useful tiles and (when the
    hand is left ready) waits of what is left."""

    tile: Tile
    shanten: int
    useful: tuple[Useful, ...]
    waits: tuple[Wait, ...] = ()

    @property
    def unseen(self) -> int:
        """Copies of the useful tiles still unseen: how many draws would bring the hand closer."""
        return sum(u.unseen for u in self.useful)

    @property
    def expected_score(self) -> float:
        """For a ready hand, the score a win makes on average over the unseen copies of its waits
        (each wait's :attr:`Wait.value`); 0 when not ready or nothing is left to win on."""
        copies = sum(w.unseen for w in self.waits)
        return sum(w.unseen * w.value for w in self.waits) / copies if copies else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.code, "shanten": self.shanten, "useful": [u.to_dict() for u in self.useful],
                "unseen": self.unseen, "waits": [w.to_dict() for w in self.waits],
                "expected_score": round(self.expected_score, 2)}


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of a hand. ``shanten``: 0 ready, -1 complete. For held tiles (13 or 16):
    ``useful`` and, when ready, ``waits``. For a hand after a draw (14 or 17): ``discards``, the
    discard table in :func:`discard_order`; ``useful`` and ``waits`` are then the first row's."""

    shanten: int
    useful: tuple[Useful, ...]
    waits: tuple[Wait, ...] = ()
    discards: tuple[Discard, ...] = ()
    drawn: bool = False

    @property
    def unseen(self) -> int:
        return sum(u.unseen for u in self.useful)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"shanten": self.shanten, "useful": [u.to_dict() for u in self.useful],
                                "unseen": self.unseen, "waits": [w.to_dict() for w in self.waits]}
        if self.drawn:
            data["discards"] = [d.to_dict() for d in self.discards]
        return data


def discard_order(row: Discard) -> tuple[int, int, float, int]:
    """The order of the discard table: lowest shanten, then most unseen useful tiles, then the highest
    expected score, then the tile order."""
    return (row.shanten, -row.unseen, -row.expected_score, row.tile.index)


#: Scores the waits of a ready held hand (concealed tiles and melds, win context from the hand):
#: wait tile -> (score on a discard, score self-drawn), None where that win cannot be made.
WaitScorer = Callable[[Hand], dict[Tile, tuple[WinScore | None, WinScore | None]]]


@dataclass(slots=True)
class _Analyser:
    """The fixed part of one analysis: the shapes, the sets needed, the melds and what is seen."""

    shapes: tuple[str, ...]
    sets: int
    hand: Hand  # the context: melds, seat, round, flowers (its concealed tiles are replaced)
    seen: tuple[int, ...]  # per kind: the player's own tiles (all of them) plus the visible ones
    score: WaitScorer | None
    declared: tuple[int, ...] = ()  # per kind: tiles in the player's declared sets

    def __post_init__(self) -> None:
        self.declared = tuple(counts_of(t for m in self.hand.melds for t in m.tiles))

    def distances(self, counts: Counts) -> dict[str, int]:
        """The distance of each shape that applies and comes closest (shapes further off are left out)."""
        melds = len(self.hand.melds)
        found = {}
        best = _FAR
        for name in self.shapes:
            value = DISTANCES[name](counts, melds, self.sets, best)
            if value is not None and value <= best:
                found[name] = best = value
        return {name: value for name, value in found.items() if value == best}

    def shape_distance(self, name: str, counts: Counts, limit: int) -> int:
        """The distance of a shape that applies to the hand (it applies whatever the tiles)."""
        value = DISTANCES[name](counts, len(self.hand.melds), self.sets, limit)
        assert value is not None
        return value

    def unseen(self, index: int) -> int:
        return max(0, 4 - self.seen[index])

    def own(self, counts: Counts, index: int) -> int:
        """The player's tiles of a kind: concealed and declared."""
        return counts[index] + self.declared[index]

    def may_end_on_a_fifth(self, counts: Counts) -> bool:
        """The player holds all four of a kind that a wait could need: one among the concealed
        tiles, or a numbered one beside them (or anywhere, where a knitted straight is allowed). Only
        then can the count, which takes every kind as drawable, end on a fifth copy."""
        knitted = "knitted_straight" in self.shapes
        for index in range(KINDS):
            if counts[index] + self.declared[index] < 4:
                continue
            if counts[index] or (index < 27 and knitted):
                return True
            suit = index - index % 9
            if index < 27 and any(counts[i] for i in range(max(suit, index - 2), min(suit + 9, index + 3))):
                return True
        return False

    def held_hand(self, counts: Counts) -> Hand:
        tiles = tuple(HAND_TILES[i] for i in range(KINDS) for _ in range(counts[i]))
        return replace(self.hand, concealed=tiles)

    def real_waits(self, counts: Counts) -> tuple[Tile, ...]:
        """The wait set of held tiles (:func:`mjscore.arrangements.waits`), from their counts: no
        hand is made (and checked) for each of the hundreds a discard table tries."""
        return held_waits(tally_of(list(counts)), self.hand.melds, self.shapes)

    def ready(self, counts: Counts) -> bool:
        """Held tiles (13 or 16) are ready: one tile the player can still draw completes them."""
        best = min(self.distances(counts).values())
        return best == 1 and (not self.may_end_on_a_fifth(counts) or bool(self.real_waits(counts)))

    def ready_after_discard(self, counts: Counts) -> bool:
        """A hand after a draw (14 or 17) is complete or one discard from ready."""
        best = min(self.distances(counts).values())
        if best <= 1 and not self.may_end_on_a_fifth(counts):
            return True
        return best == 0 or (best == 1 and any(self.ready(_minus(counts, ((i, 1),))) for i in range(KINDS) if counts[i]))

    def held(self, counts: Counts) -> tuple[int, tuple[Useful, ...], tuple[Tile, ...]]:
        """(shanten, useful tiles, waits) of held tiles (13 or 16)."""
        found = self.distances(counts)
        best = min(found.values())
        if best == 1:
            ready = self.real_waits(counts)
            if ready:
                return 0, tuple(Useful(t, self.unseen(t.index)) for t in ready), ready
            # "Ready" only on a fifth copy: one tile from ready, and any draw may be the one.
            leads = [i for i in range(KINDS) if self.own(counts, i) < 4 and self.ready_after_discard(_plus(counts, i))]
            return 1, tuple(Useful(HAND_TILES[i], self.unseen(i)) for i in leads), ()
        after = [_FAR] * KINDS
        for name in found:  # a draw lowers a shape's distance by one at most: only the closest shapes count
            after_draw = DISTANCES_AFTER_DRAW.get(name)
            if after_draw is not None:
                drawn = after_draw(counts, self.sets)
            else:
                drawn = [self.shape_distance(name, _plus(counts, i), best - 1) for i in range(KINDS)]
            after = [min(a, d) for a, d in zip(after, drawn, strict=True)]
        useful = []
        for index in range(KINDS):
            if self.own(counts, index) >= 4 or after[index] >= best:
                continue
            # Drawn, it leaves a hand one discard from ready (distance 1 or less): ready_after_discard
            # is true at once unless the count may end on a fifth copy, so only then is it asked.
            if best == 2 and self.may_end_on_a_fifth(drawn_counts := _plus(counts, index)) \
                    and not self.ready_after_discard(drawn_counts):
                continue  # it only leads to a wait on a fifth copy
            useful.append(Useful(HAND_TILES[index], self.unseen(index)))
        return best - 1, tuple(useful), ()

    def scored_waits(self, counts: Counts, ready: tuple[Tile, ...]) -> tuple[Wait, ...]:
        scores = self.score(self.held_hand(counts)) if self.score is not None and ready else {}
        return tuple(Wait(t, self.unseen(t.index), *scores.get(t, (None, None))) for t in ready)


def _plus(counts: Counts, index: int) -> Counts:
    return counts[:index] + (counts[index] + 1,) + counts[index + 1:]


def analyse_hand(hand: Hand, shapes: Sequence[str], hand_size: int, visible: Sequence[Tile] = (),
                 score: WaitScorer | None = None) -> Analysis:
    """Analyse the held tiles of ``hand`` (its concealed tiles and melds; its winning tile, if any, is
    taken as the tile just drawn) under ``shapes`` for a ruleset of ``hand_size`` tiles.
    ``visible``: tiles seen on the table (discards, other players' sets), for the unseen counts.
    ``score``: scores the waits of each ready hand (see :data:`WaitScorer`); without it waits carry
    no score. Raises :class:`HandError` for a hand of the wrong size or more than four of a kind in
    sight, :class:`RulesetError` for a shape with no distance function."""
    unknown = [name for name in shapes if name not in DISTANCES]
    if unknown:
        raise RulesetError(f"no shanten is known for the shape {unknown[0]!r}")
    if hand.win_tile is not None:
        hand = replace(hand, concealed=hand.concealed + (hand.win_tile,), win_tile=None)
    held = len(hand.concealed) + 3 * len(hand.melds)
    if held not in (hand_size, hand_size + 1):
        raise HandError(Refusal("analyse_size", held=held, concealed=len(hand.concealed), melds=len(hand.melds),
                                size=hand_size, drawn=hand_size + 1))
    own = counts_of(hand.concealed + tuple(t for m in hand.melds for t in m.tiles))
    seen = list(own)
    for tile in visible:
        if tile.is_bonus:
            raise HandError(Refusal("visible_bonus", tile=tile.code))
        seen[tile.index] += 1
        if seen[tile.index] > 4:
            raise HandError(Refusal("visible_copies", count=seen[tile.index], tile=tile.code, own=own[tile.index]))
    analyser = _Analyser(tuple(shapes), hand_size // 3 - len(hand.melds), hand, tuple(seen), score)
    counts = tuple(counts_of(hand.concealed))
    if held == hand_size:
        shanten, useful, ready = analyser.held(counts)
        return Analysis(shanten, useful, analyser.scored_waits(counts, ready))
    rows = []
    for index in range(KINDS):
        if counts[index]:
            left = _minus(counts, ((index, 1),))
            shanten, useful, ready = analyser.held(left)
            rows.append(Discard(HAND_TILES[index], shanten, useful, analyser.scored_waits(left, ready)))
    rows.sort(key=discard_order)
    complete = min(analyser.distances(counts).values()) == 0
    first = rows[0]
    return Analysis(-1 if complete else first.shanten, first.useful, first.waits, tuple(rows), drawn=True)


def describe(analysis: Analysis) -> str:
    """The analysis as lines of text: the shanten, then the useful tiles or the discard table."""
    lines = [f"shanten {analysis.shanten}" + {0: " (ready)", -1: " (complete)"}.get(analysis.shanten, "")]
    if not analysis.drawn:
        lines.append(_row_text(analysis.useful, analysis.waits))
        return "\n".join(lines)
    for row in analysis.discards:
        lines.append(f"discard {row.tile.code}: shanten {row.shanten}, " + _row_text(row.useful, row.waits))
    return "\n".join(lines)


def _row_text(useful: Sequence[Useful], ready: Sequence[Wait]) -> str:
    if ready:
        return "waits " + ", ".join(_wait_text(w) for w in ready)
    if not useful:
        return "useful none"
    total = sum(u.unseen for u in useful)
    return "useful " + ", ".join(f"{u.tile.code} {u.unseen}" for u in useful) + f" ({total} left)"


def _wait_text(wait: Wait) -> str:
    scores = (wait.discard, wait.self_draw)
    if all(score is None for score in scores):
        return f"{wait.tile.code} ({wait.unseen} left)"
    short = [score is not None and not score.legal for score in scores]
    both = all(short)

    def points(score: WinScore | None, mark: bool) -> str:
        if score is None:
            return "no win"
        return f"{score.total}" + (" (below the minimum)" if mark and not both else "")

    text = f"{points(scores[0], short[0])} / {points(scores[1], short[1])} self-drawn"
    return f"{wait.tile.code} ({wait.unseen} left, {text}" + (", below the minimum)" if both else ")")


def held_hand(concealed: Sequence[Tile], melds: Sequence[Meld] = (), seat: str = "E", round_wind: str = "E",
              flowers: Sequence[Tile] = ()) -> Hand:
    """The :class:`Hand` of held tiles for :func:`analyse_hand` (checked like any hand: copies, melds,
    bonus tiles), with no winning tile and the seat and round that its waits are scored under."""
    return Hand(concealed=tuple(concealed), win=WinKind.SELF_DRAW, melds=tuple(melds), flowers=tuple(flowers),
                seat=seat, round=round_wind)
