"""Random legal winning hands, for property tests, benchmarks and bots' self-play.

:func:`random_winning_hand` builds a regular hand (sets and a pair) of the ruleset's size from a
seeded :class:`random.Random`, with random melds (chows, pungs, exposed, added and concealed kongs),
bonus tiles and a random but possible win context. The same seed gives the same hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mjscore.hand import Hand, Meld, MeldKind, Replacement, WinKind
from mjscore.rulesets import DEFAULT_RULESET
from mjscore.tiles import HAND_TILES, KINDS, SEATS, Tile, next_seat

_BONUS = tuple(Tile.from_index(i) for i in range(34, 42))
# Sets drawn roughly as winning hands hold them: mostly chows and pungs, now and then a kong.
_KINDS = (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)
_KIND_WEIGHTS = (0.55, 0.37, 0.08)


@dataclass(frozen=True, slots=True)
class _Set:
    kind: MeldKind
    tiles: tuple[Tile, ...]


def _random_set(rng: random.Random, counts: list[int], one_suit: int | None) -> _Set | None:
    for _ in range(50):
        kind = rng.choices(_KINDS, _KIND_WEIGHTS)[0]
        if one_suit is not None:
            start = one_suit * 9 + rng.randrange(9)
        else:
            start = rng.randrange(KINDS)
        if kind is MeldKind.CHOW:
            if start >= 27 or start % 9 > 6:
                continue
            indices = [start, start + 1, start + 2]
        else:
            indices = [start] * (3 if kind is MeldKind.PUNG else 4)
        if all(counts[i] + indices.count(i) <= 4 for i in set(indices)):
            for i in indices:
                counts[i] += 1
            return _Set(kind, tuple(HAND_TILES[i] for i in indices))
    return None


def random_winning_hand(rng: random.Random, hand_size: int = 16, ruleset: str = DEFAULT_RULESET,
                        one_suit_chance: float = 0.1) -> Hand:
    """A random legal winning hand of ``hand_size`` held tiles (16 or 13) and a regular shape."""
    while True:
        hand = _attempt(rng, hand_size, ruleset, one_suit_chance)
        if hand is not None:
            return hand


def _attempt(rng: random.Random, hand_size: int, ruleset: str, one_suit_chance: float) -> Hand | None:
    counts = [0] * KINDS
    one_suit = rng.randrange(3) if rng.random() < one_suit_chance else None
    sets = []
    for _ in range((hand_size - 1) // 3):
        found = _random_set(rng, counts, one_suit)
        if found is None:
            return None
        sets.append(found)
    pairs = [i for i in range(KINDS) if counts[i] <= 2 and (one_suit is None or i // 9 == one_suit)]
    pair = rng.choice(pairs)
    counts[pair] += 2
    melds: list[Meld] = []
    concealed: list[Tile] = [HAND_TILES[pair]] * 2
    for found in sets:
        if found.kind is MeldKind.KONG:
            concealed_kong = rng.random() < 0.4
            melds.append(Meld(MeldKind.KONG, found.tiles, concealed=concealed_kong,
                              added=not concealed_kong and rng.random() < 0.5))
        elif rng.random() < 0.3:
            melds.append(Meld(found.kind, found.tiles))
        else:
            concealed.extend(found.tiles)
    win_tile = rng.choice(concealed)
    concealed.remove(win_tile)
    seat = rng.choice(SEATS)
    win = rng.choice((WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.DISCARD, WinKind.ROBBING_GONG))
    if win is WinKind.ROBBING_GONG and counts[win_tile.index] > 1:
        win = WinKind.DISCARD
    flowers = tuple(rng.sample(_BONUS, rng.choice((0, 0, 1, 2, 3, 4, 5))))
    replacement = None
    kongs = sum(m.kind is MeldKind.KONG for m in melds)
    possible = [kind for kind, needs in ((Replacement.FLOWER, bool(flowers)), (Replacement.GONG, kongs >= 1),
                                         (Replacement.DOUBLE_GONG, kongs >= 2)) if needs]  # ruling 28
    if win is WinKind.SELF_DRAW and possible and rng.random() < 0.15:
        replacement = rng.choice(possible)
    round_wind = rng.choice(SEATS)
    discarder = next_seat(seat, rng.randrange(1, 4)) if win.claimed else None
    last_tile = win is not WinKind.ROBBING_GONG and rng.random() < 0.05
    discards = rng.choice((None, rng.randrange(0, 12), rng.randrange(0, 70)))
    if win is WinKind.DISCARD and discards == 0 and discarder != "E":
        discards = 1  # the first discard is the dealer's (ruling 58); the draws stay as they were
    return Hand(
        concealed=tuple(concealed),
        win=win,
        win_tile=win_tile,
        melds=tuple(melds),
        flowers=flowers,
        seat=seat,
        round=round_wind,
        discarder=discarder,
        replacement=replacement,
        last_tile=last_tile,
        discards=discards,
        dealer_streak=rng.choice((0, 0, 0, 1, 2)),
        ready_declared=not any(not m.concealed for m in melds) and rng.random() < 0.05,  # possible at every table
        ruleset=ruleset,
    )
