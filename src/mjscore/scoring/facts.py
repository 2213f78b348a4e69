"""The facts of one arrangement of a hand, computed once and shared by every award's pattern.

A :class:`Facts` is made per arrangement while a hand is scored and read by the pattern functions;
each fact is computed on first use and kept (:class:`_once`), so an award that asks for the pungs does
not make them again for the next award.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar, overload

from mjscore.arrangements import Arrangement, Group
from mjscore.hand import Hand, WinKind
from mjscore.tiles import NUMBERED_SUITS, SEATS, Suit, Tile

T = TypeVar("T")


class _once(Generic[T]):  # noqa: N801 (used as a decorator, like cached_property)
    """A fact computed on first use and stored on the instance. ``functools.cached_property`` does
    the same but takes a lock on every first access in Python 3.11, which the scoring loop feels."""

    def __init__(self, function: Callable[[Any], T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, instance: None, owner: type) -> _once[T]: ...

    @overload
    def __get__(self, instance: object, owner: type) -> T: ...

    def __get__(self, instance: object | None, owner: type) -> T | _once[T]:
        if instance is None:
            return self
        value = self.function(instance)
        instance.__dict__[self.name] = value
        return value


_FAMILY_SPANS = ((Suit.CHARACTERS, (0, 9)), (Suit.CIRCLES, (9, 18)), (Suit.BAMBOO, (18, 27)),
                 (Suit.WINDS, (27, 31)), (Suit.DRAGONS, (31, 34)))


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

    @_once
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand.all_tiles

    @_once
    def suits(self) -> frozenset[Suit]:
        """Every family present among the hand's tiles (bonus tiles excluded)."""
        counts = self.hand.counts
        return frozenset(suit for suit, (start, end) in _FAMILY_SPANS if any(counts[start:end]))

    @_once
    def numbered_suits(self) -> frozenset[Suit]:
        return self.suits & frozenset(NUMBERED_SUITS)

    @_once
    def has_honours(self) -> bool:
        counts = self.hand.counts
        return any(counts[27:34])

    @_once
    def has_terminals(self) -> bool:
        """A 1 or a 9 of a numbered suit anywhere in the hand."""
        counts = self.hand.counts
        return any(counts[i] for i in (0, 8, 9, 17, 18, 26))

    @property
    def has_flowers(self) -> bool:
        return bool(self.hand.flowers)

    # ----- the arrangement

    @_once
    def groups(self) -> tuple[Group, ...]:
        return self.arrangement.groups if self.arrangement else ()

    @_once
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @_once
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs (a kong counts as a pung, ruling 2)."""
        return tuple(g for g in self.sets if g.is_pung_like)

    @_once
    def chows(self) -> tuple[Group, ...]:
        return tuple(g for g in self.sets if g.is_chow)

    @_once
    def kongs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.sets if g.kind == "kong")

    @_once
    def pair(self) -> Group | None:
        return self.arrangement.pair if self.arrangement else None

    @property
    def shape(self) -> str | None:
        return self.arrangement.shape if self.arrangement else None

    @_once
    def is_regular(self) -> bool:
        return self.shape == "regular"

    @_once
    def pung_tiles(self) -> dict[Tile, int]:
        """How many pungs (or kongs) of each tile."""
        return _tally(g.first for g in self.pungs)

    @_once
    def chow_starts(self) -> dict[Tile, int]:
        """How many chows start at each tile."""
        return _tally(g.first for g in self.chows)

    @_once
    def concealed_chow_starts(self) -> dict[Tile, int]:
        """How many concealed chows start at each tile (ruling 3: a chow the claimed winning tile
        completed is exposed)."""
        return _tally(g.first for g in self.chows if g.concealed)

    @_once
    def all_declared_exposed(self) -> bool:
        """Every set declared and exposed, the concealed tiles only the pair (Fully Exposed Hand)."""
        sets = self.sets
        return bool(sets) and all(g.declared and not g.concealed for g in sets) and len(self.hand.concealed) == 1

    @_once
    def concealed_hand(self) -> bool:
        """No declared sets but kongs of either kind (ruling 12)."""
        return all(m.kind.value == "kong" for m in self.hand.melds)
