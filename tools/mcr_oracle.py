"""Differential test of mjscore's Chinese Official (MCR) table against pymahjonggb, an independent
C++ MCR fan calculator (PyPI ``pymahjonggb``, module ``MahjongGB``; a test-only dependency).

A seeded generator makes random legal winning hands of every MCR shape (regular hands with melded
chows, pungs and kongs and concealed kongs, seven pairs, seven shifted pairs, thirteen orphans,
knitted straights, lesser and greater honours and knitted tiles, nine gates) and every win context
(self-draw, discard, robbing the kong, replacement after a kong, last tile of the wall, last of its
kind, seat and prevalent wind, flowers). Each hand is scored by both and compared fan by fan.

Disagreements where the official rules side with mjscore are listed in :data:`EXCEPTIONS` (and in
``docs/rulesets/mcr.md`` with the rule text); :func:`compare` folds them before comparing.

``tests/test_mcr_oracle.py`` runs 20,000 hands in CI; the full run is this script::

    python tools/mcr_oracle.py --hands 1000000 --workers 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import MahjongGB  # type: ignore[import-not-found]  # pymahjonggb ships no type stubs

import mjscore
from mjscore.arrangements import KNITTED_STRAIGHTS, SHAPES, GroupKind, arrangements, concealed_counts
from mjscore.hand import Hand, Meld, MeldKind, Replacement, WinKind
from mjscore.scoring.engine import Award, arrangement_awards
from mjscore.scoring.facts import Facts
from mjscore.tiles import HAND_TILES, SEATS, Tile, next_seat

MCR = mjscore.get_ruleset("mcr")

#: Fans pymahjonggb gives that mjscore names otherwise. Issue 5 item 6 and seed 001 (under Two
#: Melded Kongs): one melded plus one concealed kong scores 6, Two Melded Kongs 4 plus Concealed
#: Kong 2; pymahjonggb has a 5-fan "Concealed Kong and Melded Kong".
RENAMED = {"Concealed Kong and Melded Kong": Counter({"Two Melded Kongs": 1, "Concealed Kong": 1})}

#: The documented disagreements (docs/rulesets/mcr.md, "Where mjscore and pymahjonggb differ").
EXCEPTIONS = (
    "melded and concealed kong",  # RENAMED above: 6 fans, not 5
    "tile held four times is not waited on",  # edge, closed and single wait count it out
    "winning tile in the knitted straight",  # no edge, closed or single wait (rulebook examples)
)
WAIT_FANS = frozenset({"Edge Wait", "Closed Wait", "Single Wait"})


# ---------------------------------------------------------------------------------------------
# Calling pymahjonggb

_SUIT_CODES = {"m": "W", "p": "B", "s": "T"}
_HONOUR_CODES = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}


def oracle_code(tile: Tile) -> str:
    """pymahjonggb's code of a tile: W characters, B circles, T bamboo, F winds, J dragons."""
    if tile.is_numbered:
        return f"{_SUIT_CODES[tile.suit.value]}{tile.rank}"
    return _HONOUR_CODES[tile.code]


def oracle_arguments(hand: Hand) -> tuple[object, ...]:
    """The positional arguments of ``MahjongGB.MahjongFanCalculator`` for the hand."""
    assert hand.win_tile is not None
    packs = []
    for number, meld in enumerate(hand.melds):
        offer = 1 + number % 3
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", oracle_code(sorted(meld.tiles)[1]), offer))
        else:
            packs.append(("PENG" if meld.kind is MeldKind.PUNG else "GANG", oracle_code(meld.tiles[0]),
                          0 if meld.concealed else offer))
    about_kong = hand.win is WinKind.ROBBING_GONG or hand.replacement in (Replacement.GONG, Replacement.DOUBLE_GONG)
    return (tuple(packs), tuple(oracle_code(t) for t in hand.concealed), oracle_code(hand.win_tile), len(hand.flowers),
            hand.win is WinKind.SELF_DRAW, hand.last_of_kind, about_kong, hand.last_tile,
            SEATS.index(hand.seat), SEATS.index(hand.round))


def oracle_fans(hand: Hand) -> Counter[str]:
    """The fans pymahjonggb gives the hand, by English name, with their counts."""
    fans = MahjongGB.MahjongFanCalculator(*oracle_arguments(hand), verbose=True)
    return Counter({name: count for _, count, _, name in fans})


def _fans(awards: tuple[Award, ...]) -> Counter[str]:
    return Counter({a.name.en: a.count for a in awards})


def arrangement_fans(hand: Hand, waits: tuple[Tile, ...]) -> list[tuple[int, Counter[str]]]:
    """Each arrangement's (total, fans) under mjscore's table, given the wait set ``waits`` (the
    engine's own per-arrangement evaluation; the engine keeps the first of the highest)."""
    found = []
    for arrangement in arrangements(hand, MCR.shapes):
        awards = arrangement_awards(MCR, Facts(hand, arrangement, waits))
        found.append((sum(a.value for a in awards), _fans(awards)))
    return found


def counted_waits(hand: Hand) -> tuple[Tile, ...]:
    """The wait set as pymahjonggb counts it: a kind the winner holds all four of still counts."""
    counts = concealed_counts(hand, with_win_tile=False)
    found = []
    for index in range(34):
        counts[index] += 1
        if any(SHAPES[name](tuple(counts), len(hand.melds)) for name in MCR.shapes):
            found.append(HAND_TILES[index])
        counts[index] -= 1
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One hand compared: mjscore's fans, pymahjonggb's (names folded by :data:`RENAMED`), and the
    reason they may differ: "" when they agree, "tie" when pymahjonggb picked another arrangement
    of equal total, an item of :data:`EXCEPTIONS`, or "disagreement"."""

    hand: Hand
    ours: Counter[str]
    theirs: Counter[str]
    reason: str

    @property
    def agrees(self) -> bool:
        return self.reason != "disagreement"


def compare(hand: Hand) -> Outcome:
    """Score ``hand`` with both calculators and explain any difference."""
    result = mjscore.score(hand, MCR)
    ours = _fans(result.awards)
    raw = oracle_fans(hand)
    theirs = Counter({name: n for name, n in raw.items() if name not in RENAMED})
    for name, fans in RENAMED.items():
        for _ in range(raw[name]):
            theirs += fans
    renamed = theirs != raw
    if ours == theirs:
        return Outcome(hand, ours, theirs, EXCEPTIONS[0] if renamed else "")
    if (result.total, theirs) in arrangement_fans(hand, result.waits):
        return Outcome(hand, ours, theirs, "tie")
    wider = counted_waits(hand)
    if wider != result.waits:
        best = max(total for total, _ in arrangement_fans(hand, wider))
        if (best, theirs) in arrangement_fans(hand, wider):
            return Outcome(hand, ours, theirs, EXCEPTIONS[1])
    groups = result.arrangement.groups if result.arrangement and result.arrangement.shape == "knitted_straight" else ()
    in_straight = any(g.kind is GroupKind.KNITTED and hand.win_tile in g.tiles for g in groups)
    extra = theirs - ours
    if in_straight and not ours - theirs and len(extra) == 1 and set(extra) <= WAIT_FANS:
        return Outcome(hand, ours, theirs, EXCEPTIONS[2])
    return Outcome(hand, ours, theirs, "disagreement")


# ---------------------------------------------------------------------------------------------
# Random legal winning hands

_NUMBERED = tuple(range(27))
#: Tile pools that make the rarer fans likely: one suit, one suit and honours, terminals and
#: honours, greens, evens, low, middle and high ranks, reversible tiles, winds and dragons.
_POOLS: tuple[tuple[int, ...], ...] = (
    tuple(range(34)), tuple(range(34)), tuple(range(34)),
    tuple(range(0, 9)), tuple(range(9, 18)), tuple(range(18, 27)),
    tuple(range(0, 9)) + tuple(range(27, 34)), tuple(range(18, 27)) + tuple(range(27, 34)),
    (0, 8, 9, 17, 18, 26) + tuple(range(27, 34)), (0, 8, 9, 17, 18, 26),
    (19, 20, 21, 23, 25, 32), tuple(i for i in _NUMBERED if i % 9 in (1, 3, 5, 7)),
    tuple(i for i in _NUMBERED if i % 9 < 4), tuple(i for i in _NUMBERED if i % 9 > 4),
    tuple(i for i in _NUMBERED if 2 <= i % 9 <= 6), (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31),
    tuple(range(27, 34)) + tuple(range(0, 27, 4)),
)


def _set_options(pool: tuple[int, ...]) -> list[tuple[MeldKind, tuple[int, ...]]]:
    options: list[tuple[MeldKind, tuple[int, ...]]] = []
    for i in pool:
        options.append((MeldKind.PUNG, (i,) * 3))
        options.append((MeldKind.KONG, (i,) * 4))
        if i < 27 and i % 9 <= 6 and i + 1 in pool and i + 2 in pool:
            options += [(MeldKind.CHOW, (i, i + 1, i + 2))] * 3
    return options


def _regular(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    """Four sets (some declared) and a pair from a random pool; None when the tiles ran out."""
    pool = rng.choice(_POOLS)
    options = _set_options(pool)
    if rng.random() < 0.3:  # repeat or shift a chow: the chow fans
        chows = [o for o in options if o[0] is MeldKind.CHOW]
        if chows:
            options += chows * 4
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    declare = rng.choice((0.0, 0.2, 0.5, 0.9))
    kong_weight = rng.choice((0.0, 0.1, 0.4))
    for _ in range(4):
        for _ in range(30):
            kind, tiles = rng.choice(options)
            if kind is MeldKind.KONG and rng.random() > kong_weight:
                continue
            if all(counts[i] + tiles.count(i) <= 4 for i in tiles):
                break
        else:
            return None
        for i in tiles:
            counts[i] += 1
        as_tiles = tuple(HAND_TILES[i] for i in tiles)
        if kind is MeldKind.KONG:
            hidden = rng.random() < 0.5
            melds.append(Meld(kind, as_tiles, concealed=hidden, added=not hidden and rng.random() < 0.3))
        elif rng.random() < declare:
            melds.append(Meld(kind, as_tiles))
        else:
            concealed.extend(tiles)
    pairs = [i for i in pool if counts[i] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    return concealed + [pair, pair], melds


def _seven_pairs(rng: random.Random) -> list[int]:
    if rng.random() < 0.2:  # seven shifted pairs
        start = rng.choice((0, 9, 18)) + rng.randrange(3)
        return [i for i in range(start, start + 7) for _ in range(2)]
    pool = list(rng.choice(_POOLS))
    kinds = [rng.choice(pool) for _ in range(7)]
    counts = Counter(kinds)
    if any(n > 2 for n in counts.values()):
        return _seven_pairs(rng)
    return [i for i in kinds for _ in range(2)]


def _thirteen_orphans(rng: random.Random) -> list[int]:
    orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    return orphans + [rng.choice(orphans)]


def _knitted(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    straight = [i for part in rng.choice(KNITTED_STRAIGHTS) for i in part]
    counts = Counter(straight)
    kind, tiles = rng.choice(_set_options(tuple(range(34))))
    pair = rng.randrange(34)
    counts.update(tiles)
    counts.update((pair, pair))
    if any(n > 4 for n in counts.values()):
        return None
    if rng.random() < 0.3 or kind is MeldKind.KONG:
        hidden = kind is MeldKind.KONG and rng.random() < 0.5
        return straight + [pair, pair], [Meld(kind, tuple(HAND_TILES[i] for i in tiles), concealed=hidden)]
    return straight + list(tiles) + [pair, pair], []


def _honours_and_knitted(rng: random.Random) -> list[int]:
    straight = [i for part in rng.choice(KNITTED_STRAIGHTS) for i in part]
    honours = rng.randrange(5, 8)
    return rng.sample(straight, 14 - honours) + rng.sample(range(27, 34), honours)


def _nine_gates(rng: random.Random) -> list[int]:
    start = rng.choice((0, 9, 18))
    return [start] * 3 + list(range(start + 1, start + 8)) + [start + 8] * 3 + [start + rng.randrange(9)]


def random_hand(rng: random.Random) -> Hand | None:
    """One random legal winning MCR hand with a random possible context (None: try again)."""
    roll = rng.random()
    melds: list[Meld] = []
    if roll < 0.62:
        built = _regular(rng)
        if built is None:
            return None
        tiles, melds = built
    elif roll < 0.74:
        tiles = _seven_pairs(rng)
    elif roll < 0.78:
        tiles = _thirteen_orphans(rng)
    elif roll < 0.88:
        built = _knitted(rng)
        if built is None:
            return None
        tiles, melds = built
    elif roll < 0.96:
        tiles = _honours_and_knitted(rng)
    else:
        tiles = _nine_gates(rng)
    win = tiles.pop(rng.randrange(len(tiles)))
    concealed = tuple(HAND_TILES[i] for i in tiles)
    win_tile = HAND_TILES[win]
    all_tiles = list(concealed) + [t for m in melds for t in m.tiles] + [win_tile]
    seen = all_tiles.count(win_tile)
    how = rng.choice((WinKind.SELF_DRAW, WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.DISCARD, WinKind.ROBBING_GONG))
    if how is WinKind.ROBBING_GONG and seen > 1:
        how = WinKind.DISCARD
    has_kong = any(m.kind is MeldKind.KONG for m in melds)
    replacement = Replacement.GONG if how is WinKind.SELF_DRAW and has_kong and rng.random() < 0.3 else None
    in_melds = sum(1 for m in melds for t in m.tiles if t == win_tile)
    last_of_kind = in_melds == 3 or (win_tile not in concealed and rng.random() < 0.15)
    seat = rng.choice(SEATS)
    return Hand(
        concealed=concealed, win=how, win_tile=win_tile, melds=tuple(melds),
        flowers=tuple(Tile.from_index(34 + i) for i in rng.sample(range(8), rng.choice((0, 0, 0, 1, 2, 8)))),
        seat=seat, round=rng.choice(SEATS), discarder=next_seat(seat, rng.randrange(1, 4)) if how.claimed else None,
        replacement=replacement, last_tile=how is not WinKind.ROBBING_GONG and rng.random() < 0.08,
        last_of_kind=last_of_kind, ruleset="mcr")


def hands(seed: int, count: int) -> Iterator[Hand]:
    """``count`` random legal winning hands from ``seed`` (the same seed, the same hands)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        hand = random_hand(rng)
        if hand is not None:
            made += 1
            yield hand


# ---------------------------------------------------------------------------------------------
# The full run


def _run(seed: int, count: int) -> tuple[int, Counter[str], list[str]]:
    """Compare ``count`` hands of ``seed``: (hands compared, reasons for differences, disagreements)."""
    reasons: Counter[str] = Counter()
    problems: list[str] = []
    for hand in hands(seed, count):
        outcome = compare(hand)
        reasons[outcome.reason] += 1
        if not outcome.agrees:
            problems.append(f"{hand.to_dict()}\n  mjscore     {dict(outcome.ours)}\n  pymahjonggb {dict(outcome.theirs)}")
    return count, reasons, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=10_000)
    args = parser.parse_args(argv)
    chunks = [(args.seed * 1_000_003 + n, min(args.chunk, args.hands - start))
              for n, start in enumerate(range(0, args.hands, args.chunk))]
    began = time.perf_counter()
    total, reasons, problems = 0, Counter[str](), []
    with ProcessPoolExecutor(args.workers) as pool:
        for done, used, found in pool.map(_run, *zip(*chunks, strict=True)):
            total += done
            reasons.update(used)
            problems += found
            print(f"\r{total} hands, {len(problems)} disagreements", end="", file=sys.stderr)
    print(file=sys.stderr)
    for problem in problems[:50]:
        print(problem)
    print(f"{total} hands in {time.perf_counter() - began:.0f} s; outcomes: {dict(reasons)}; "
          f"disagreements: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
