"""The facts of one arrangement of a hand, computed once and shared by every award's pattern.

A :class:`Facts` is made per arrangement while a hand is scored and read by the pattern functions;
each fact is computed on first use and kept (``cached_property``), so an award that asks for the
pungs does not make them again for the next award.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property

from mjscore.arrangements import Arrangement, Group, GroupKind
from mjscore.hand import Hand, WinKind
from mjscore.tiles import NUMBERED_SUITS, SEATS, Suit, Tile


class Facts:
    """What the patterns read: the hand, one of its arrangements (None for an instant flower win)
    and the wait set of the tiles held before the win."""

    def __init__(self, hand: Hand, arrangement: Arrangement | None, waits: tuple[Tile, ...]) -> None:
        self.hand = hand
        self.arrangement = arrangement
        self.waits = waits

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

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand.all_tiles

    @cached_property
    def suits(self) -> frozenset[Suit]:
        """Every family present among the hand's tiles (bonus tiles excluded)."""
        return frozenset(t.suit for t in self.tiles)

    @cached_property
    def numbered_suits(self) -> frozenset[Suit]:
        return self.suits & frozenset(NUMBERED_SUITS)

    @property
    def has_honours(self) -> bool:
        return Suit.WINDS in self.suits or Suit.DRAGONS in self.suits

    @property
    def has_flowers(self) -> bool:
        return bool(self.hand.flowers)

    # ----- the arrangement

    @cached_property
    def groups(self) -> tuple[Group, ...]:
        return self.arrangement.groups if self.arrangement else ()

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs (a kong counts as a pung, ruling 2)."""
        return tuple(g for g in self.sets if g.is_pung_like)

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        return tuple(g for g in self.sets if g.kind is GroupKind.CHOW)

    @cached_property
    def kongs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.sets if g.kind is GroupKind.KONG)

    @property
    def pair(self) -> Group | None:
        return self.arrangement.pair if self.arrangement else None

    @property
    def shape(self) -> str | None:
        return self.arrangement.shape if self.arrangement else None

    @cached_property
    def is_regular(self) -> bool:
        return self.shape == "regular"

    @cached_property
    def pung_tiles(self) -> Counter[Tile]:
        """How many pungs (or kongs) of each tile."""
        return Counter(g.first for g in self.pungs)

    @cached_property
    def chow_starts(self) -> Counter[Tile]:
        """How many chows start at each tile."""
        return Counter(g.first for g in self.chows)

    @cached_property
    def all_declared_exposed(self) -> bool:
        """Every set declared and exposed, the concealed tiles only the pair (Fully Exposed Hand)."""
        sets = self.sets
        return bool(sets) and all(g.declared and not g.concealed for g in sets) and len(self.hand.concealed) == 1

    @cached_property
    def concealed_hand(self) -> bool:
        """No declared sets but kongs of either kind (ruling 12)."""
        return all(m.kind.value == "kong" for m in self.hand.melds)
