"""Differential test of mjscore's hand analysis (shanten and useful tiles) for MCR against
pymahjonggb, whose C++ calculator gives the shanten of a 13-tile hand (``MahjongShanten``) and, per
shape, the shanten and the tiles that lower it (``RegularShanten``, ``SevenPairsShanten``,
``ThirteenOrphansShanten``, ``HonorsAndKnittedTilesShanten``, ``KnittedStraightShanten``).

A seeded generator makes held 13-tile hands of three kinds: tiles dealt from a shuffled wall; tiles
dealt beside one to three declared sets; and hands a few exchanges from a winning hand of any MCR
shape (the fan oracle's generator, ``tools/mcr_oracle.py``, minus its winning tile, then up to three
tiles swapped), so ready and one-from-ready hands of every shape are common. pymahjonggb's useful
tiles are the union of its per-shape useful tiles over the shapes at the lowest shanten.

Where the two differ for a reason the MCR notes give (``docs/rulesets/mcr.md``, "Hand analysis"),
:func:`compare` names the reason (:data:`EXCEPTIONS`); any other difference is a disagreement.
``tests/test_mcr_shanten_oracle.py`` runs 20,000 hands in CI; the full run is this script::

    python tools/mcr_shanten_oracle.py --hands 1000000 --workers 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import MahjongGB  # type: ignore[import-not-found]  # pymahjonggb ships no type stubs

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mcr_oracle  # noqa: E402  (the fan oracle's tile codes and winning-hand generator)

import mjscore  # noqa: E402
from mjscore.analysis import DISTANCES, analyse_hand, held_hand  # noqa: E402
from mjscore.hand import Hand, Meld, MeldKind  # noqa: E402
from mjscore.tiles import HAND_TILES, Tile, counts_of  # noqa: E402

MCR = mjscore.get_ruleset("mcr")
CODES = {mcr_oracle.oracle_code(t): t for t in HAND_TILES}

#: The documented differences (docs/rulesets/mcr.md, "Hand analysis: where mjscore and pymahjonggb differ").
EXCEPTIONS = (
    "ready only on a fifth copy",  # pymahjonggb: ready (0); mjscore: 1, the only wait cannot be drawn
    "useful tile held four times",  # pymahjonggb lists a kind whose four copies are all the player's
    "useful tile leads only to a fifth copy",  # every ready hand it leads to waits on a tile that cannot be drawn
)

_SHAPE_FUNCTIONS = (
    (MahjongGB.RegularShanten, None),
    (MahjongGB.KnittedStraightShanten, (13, 10)),
    (MahjongGB.SevenPairsShanten, (13,)),
    (MahjongGB.ThirteenOrphansShanten, (13,)),
    (MahjongGB.HonorsAndKnittedTilesShanten, (13,)),
)


def oracle_packs(hand: Hand) -> tuple[tuple[str, str, int], ...]:
    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", mcr_oracle.oracle_code(sorted(meld.tiles)[1]), 1))
        else:
            kind = "PENG" if meld.kind is MeldKind.PUNG else "GANG"
            packs.append((kind, mcr_oracle.oracle_code(meld.tiles[0]), 0 if meld.concealed else 1))
    return tuple(packs)


def oracle_analysis(hand: Hand) -> tuple[int, frozenset[Tile]]:
    """pymahjonggb's shanten of the held hand and its useful tiles (over the shapes at that shanten)."""
    standing = tuple(mcr_oracle.oracle_code(t) for t in hand.concealed)
    shanten = MahjongGB.MahjongShanten(oracle_packs(hand), standing)
    useful: set[Tile] = set()
    for function, sizes in _SHAPE_FUNCTIONS:
        if sizes is not None and len(standing) not in sizes:
            continue
        value, tiles = function(standing)
        if value == shanten:
            useful.update(CODES[code] for code in tiles)
    return shanten, frozenset(useful)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One held hand compared: each side's shanten and useful tiles, and the reason they differ ("" when
    they agree, an item of :data:`EXCEPTIONS`, or "disagreement")."""

    hand: Hand
    ours: tuple[int, frozenset[Tile]]
    theirs: tuple[int, frozenset[Tile]]
    reason: str

    @property
    def agrees(self) -> bool:
        return self.reason != "disagreement"


def _own(hand: Hand) -> list[int]:
    return counts_of(hand.concealed + tuple(t for m in hand.melds for t in m.tiles))


def _uncapped_distance(hand: Hand, extra: Tile | None = None) -> int:
    """The distance counted as if a fifth copy could be drawn (the count pymahjonggb makes), over
    the shapes of MCR, for the held tiles (and ``extra``)."""
    counts = counts_of(hand.concealed + ((extra,) if extra else ()))
    values = [DISTANCES[name](tuple(counts), len(hand.melds), 4 - len(hand.melds), 99) for name in MCR.shapes]
    return min(v for v in values if v is not None)


def compare(hand: Hand) -> Outcome:
    """Analyse ``hand`` with both and explain any difference."""
    analysis = analyse_hand(hand, MCR.shapes, MCR.hand_size)
    ours = (analysis.shanten, frozenset(u.tile for u in analysis.useful))
    theirs = oracle_analysis(hand)
    if ours == theirs:
        return Outcome(hand, ours, theirs, "")
    own = _own(hand)
    if theirs[0] == 0 and ours[0] == 1 and _uncapped_distance(hand) == 1 and not mjscore.waits(hand, MCR):
        return Outcome(hand, ours, theirs, EXCEPTIONS[0])
    if ours[0] != theirs[0] or ours[1] - theirs[1]:
        return Outcome(hand, ours, theirs, "disagreement")
    extra = theirs[1] - ours[1]
    if all(own[t.index] == 4 for t in extra):
        return Outcome(hand, ours, theirs, EXCEPTIONS[1])
    distance = _uncapped_distance(hand)
    if ours[0] == 1 and all(own[t.index] == 4 or _uncapped_distance(hand, t) < distance for t in extra):
        return Outcome(hand, ours, theirs, EXCEPTIONS[2])
    return Outcome(hand, ours, theirs, "disagreement")


# ---------------------------------------------------------------------------------------------
# Random held hands

_WALL = tuple(HAND_TILES[i] for i in range(34) for _ in range(4))
_SETS = tuple([(MeldKind.PUNG, (i,) * 3) for i in range(34)] + [(MeldKind.KONG, (i,) * 4) for i in range(34)]
              + [(MeldKind.CHOW, (i, i + 1, i + 2)) for s in (0, 9, 18) for i in range(s, s + 7)])


def _dealt(rng: random.Random) -> Hand:
    return held_hand(tuple(rng.sample(_WALL, 13)))


def _dealt_with_melds(rng: random.Random) -> Hand | None:
    melds = []
    counts = [0] * 34
    for _ in range(rng.randint(1, 3)):
        kind, tiles = rng.choice(_SETS)
        for i in tiles:
            counts[i] += 1
        melds.append(Meld(kind, tuple(HAND_TILES[i] for i in tiles), concealed=kind is MeldKind.KONG and rng.random() < 0.5))
    if max(counts) > 4:
        return None
    wall = [t for t in _WALL]
    for i, n in enumerate(counts):
        for _ in range(n):
            wall.remove(HAND_TILES[i])
    return held_hand(tuple(rng.sample(wall, 13 - 3 * len(melds))), melds)


def _near_win(rng: random.Random) -> Hand | None:
    win = mcr_oracle.random_hand(rng)
    if win is None:
        return None
    concealed = list(win.concealed)
    own = _own(win)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        out = concealed.pop(rng.randrange(len(concealed)))
        own[out.index] -= 1
        drawable = [t for t in HAND_TILES if own[t.index] < 4]
        tile = rng.choice(drawable)
        concealed.append(tile)
        own[tile.index] += 1
    return replace(held_hand(tuple(concealed), win.melds), ruleset="mcr")


def hands(seed: int, count: int) -> Iterator[Hand]:
    """``count`` random held MCR hands from ``seed`` (the same seed, the same hands)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        maker = rng.choice((_dealt, _dealt_with_melds, _near_win, _near_win))
        hand = maker(rng)
        if hand is not None:
            made += 1
            yield hand


# ---------------------------------------------------------------------------------------------
# The full run


def _run(seed: int, count: int) -> tuple[int, Counter[str], Counter[int], list[str]]:
    reasons: Counter[str] = Counter()
    shantens: Counter[int] = Counter()
    problems: list[str] = []
    for hand in hands(seed, count):
        outcome = compare(hand)
        reasons[outcome.reason] += 1
        shantens[outcome.ours[0]] += 1
        if not outcome.agrees:
            problems.append(describe(outcome))
    return count, reasons, shantens, problems


def describe(outcome: Outcome) -> str:
    def side(value: tuple[int, frozenset[Tile]]) -> str:
        return f"shanten {value[0]}, useful {' '.join(t.code for t in sorted(value[1]))}"

    melds = " ".join(f"[{m.notation()}]" for m in outcome.hand.melds)
    return (f"{mjscore.format_tiles(outcome.hand.concealed)} {melds}\n  mjscore     {side(outcome.ours)}"
            f"\n  pymahjonggb {side(outcome.theirs)}")


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
    total, reasons, shantens, problems = 0, Counter[str](), Counter[int](), []
    with ProcessPoolExecutor(args.workers) as pool:
        for done, used, levels, found in pool.map(_run, *zip(*chunks, strict=True)):
            total += done
            reasons.update(used)
            shantens.update(levels)
            problems += found
            print(f"\r{total} hands, {len(problems)} disagreements", end="", file=sys.stderr)
    print(file=sys.stderr)
    for problem in problems[:50]:
        print(problem)
    print(f"{total} hands in {time.perf_counter() - began:.0f} s; shanten: {dict(sorted(shantens.items()))}; "
          f"outcomes: {dict(reasons)}; disagreements: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
