"""The facts of one arrangement of a hand, computed once and shared by every award's pattern.

A :class:`Facts` is made per arrangement while a hand is scored and read by the pattern functions;
each fact is computed on first use and kept (in a private slot that is None until then), so an
award that asks for the pungs does not make them again for the next award. The class is plain
enough for mypyc to compile it to a native class (setup.py), whose facts the compiled patterns read
without a dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from mjscore.arrangements import Arrangement, Group
from mjscore.hand import Hand, WinKind
from mjscore.tiles import NUMBERED_SUITS, SEATS, Suit, Tile

T = TypeVar("T")


_FAMILY_SPANS = ((Suit.CHARACTERS, (0, 9)), (Suit.CIRCLES, (9, 18)), (Suit.BAMBOO, (18, 27)),
                 (Suit.WINDS, (27, 31)), (Suit.DRAGONS, (31, 34)))
_NUMBERED = frozenset(NUMBERED_SUITS)


def _tally(tiles: Iterable[Tile]) -> dict[Tile, int]:
    """How many of each tile (a plain dict: ``Counter`` costs more to build than these few save)."""
    found: dict[Tile, int] = {}
    for tile in tiles:
        found[tile] = found.get(tile, 0) + 1
    return found


class Facts:
    """What the patterns read: the hand, one of its arrangements (None for an instant flower win)
    and the wait set of the tiles held before the win."""

    def __init__(self, hand: Hand, arrangement: Arrangement | None, waits: tuple[Tile, ...]) -> None:
        self.hand = hand
        self.arrangement = arrangement
        self.waits = waits
        self._memo: dict[tuple[object, ...], Any] = {}
        self._suits: frozenset[Suit] | None = None
        self._numbered_suits: frozenset[Suit] | None = None
        self._groups: tuple[Group, ...] | None = None
        self._sets: tuple[Group, ...] | None = None
        self._pungs: tuple[Group, ...] | None = None
        self._chows: tuple[Group, ...] | None = None
        self._kongs: tuple[Group, ...] | None = None
        self._pung_tiles: dict[Tile, int] | None = None
        self._chow_starts: dict[Tile, int] | None = None
        self._concealed_chow_starts: dict[Tile, int] | None = None

    def memo(self, function: Callable[..., T], *args: object) -> T:
        """``function(self, *args)``, computed once for this arrangement: the tiers of one award
        family (2, 3, 4 Neighbour Pongs...) share the work of finding it."""
        key = (function, *args)
        if key not in self._memo:
            self._memo[key] = function(self, *args)
        return self._memo[key]  # type: ignore[no-any-return]

    # ----- the context of the win

    @property
    def self_drawn(self) -> bool:
        return self.hand.win in (WinKind.SELF_DRAW, WinKind.FLOWERS)

    @property
    def claimed(self) -> bool:
        return self.hand.win.claimed

    @property
    def seat_wind(self) -> Tile:
        return Tile.from_index(27 + SEATS.index(self.hand.seat))

    @property
    def round_wind(self) -> Tile:
        return Tile.from_index(27 + SEATS.index(self.hand.round))

    # ----- tiles of the whole hand

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand.all_tiles

    @property
    def suits(self) -> frozenset[Suit]:
        """Every family present among the hand's tiles (bonus tiles excluded)."""
        found = self._suits
        if found is None:
            counts = self.hand.counts
            found = self._suits = frozenset(suit for suit, (start, end) in _FAMILY_SPANS if any(counts[start:end]))
        return found

    @property
    def numbered_suits(self) -> frozenset[Suit]:
        found = self._numbered_suits
        if found is None:
            found = self._numbered_suits = self.suits & _NUMBERED
        return found

    @property
    def has_honours(self) -> bool:
        counts = self.hand.counts
        return any(counts[27:34])

    @property
    def has_terminals(self) -> bool:
        """A 1 or a 9 of a numbered suit anywhere in the hand."""
        counts = self.hand.counts
        return any(counts[i] for i in (0, 8, 9, 17, 18, 26))

    @property
    def has_flowers(self) -> bool:
        return bool(self.hand.flowers)

    # ----- the arrangement

    @property
    def groups(self) -> tuple[Group, ...]:
        found = self._groups
        if found is None:
            found = self._groups = self.arrangement.groups if self.arrangement else ()
        return found

    @property
    def sets(self) -> tuple[Group, ...]:
        found = self._sets
        if found is None:
            found = self._sets = tuple(g for g in self.groups if g.is_set)
        return found

    @property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs (a kong counts as a pung, ruling 2)."""
        found = self._pungs
        if found is None:
            found = self._pungs = tuple(g for g in self.sets if g.is_pung_like)
        return found

    @property
    def chows(self) -> tuple[Group, ...]:
        found = self._chows
        if found is None:
            found = self._chows = tuple(g for g in self.sets if g.is_chow)
        return found

    @property
    def kongs(self) -> tuple[Group, ...]:
        found = self._kongs
        if found is None:
            found = self._kongs = tuple(g for g in self.sets if g.kind == "kong")
        return found

    @property
    def pair(self) -> Group | None:
        return self.arrangement.pair if self.arrangement else None

    @property
    def shape(self) -> str | None:
        return self.arrangement.shape if self.arrangement else None

    @property
    def is_regular(self) -> bool:
        return self.arrangement is not None and self.arrangement.shape == "regular"

    @property
    def pung_tiles(self) -> dict[Tile, int]:
        """How many pungs (or kongs) of each tile."""
        found = self._pung_tiles
        if found is None:
            found = self._pung_tiles = _tally(g.first for g in self.pungs)
        return found

    @property
    def chow_starts(self) -> dict[Tile, int]:
        """How many chows start at each tile."""
        found = self._chow_starts
        if found is None:
            found = self._chow_starts = _tally(g.first for g in self.chows)
        return found

    @property
    def concealed_chow_starts(self) -> dict[Tile, int]:
        """How many concealed chows start at each tile (ruling 3: a chow the claimed winning tile
        completed is exposed)."""
        found = self._concealed_chow_starts
        if found is None:
            found = self._concealed_chow_starts = _tally(g.first for g in self.chows if g.concealed)
        return found

    @property
    def all_declared_exposed(self) -> bool:
        """Every set declared and exposed, the concealed tiles only the pair (Fully Exposed Hand)."""
        sets = self.sets
        return bool(sets) and all(g.declared and not g.concealed for g in sets) and len(self.hand.concealed) == 1

    @property
    def concealed_hand(self) -> bool:
        """No declared sets but kongs of either kind (ruling 12)."""
        return all(m.kind.value == "kong" for m in self.hand.melds)
