"""Differential test of mjscore's hand analysis for riichi (shanten, useful tiles, the discard table)
against the riichi ``mahjong`` package's ``Shanten`` (PyPI ``mahjong``, a test-only dependency).

The package counts the shanten of the concealed tiles (``calculate_shanten``: the regular shape, seven
pairs and thirteen orphans for a closed hand; the regular shape alone beside declared sets). It lists no
useful tiles, so they are counted with it the way players count them: the kinds whose draw lowers the
shanten of the 13 held tiles (a 14-tile count: the shanten after the best discard). A 14-tile hand is
compared on its shanten (-1 complete) and on every row of the discard table (the shanten left).

A seeded generator makes hands of three kinds: tiles dealt from a shuffled wall; tiles dealt beside one
to three declared sets; and hands a few exchanges from a winning hand of any riichi shape (the scoring
oracle's generator, ``tools/riichi_oracle.py``), so ready and one-from-ready hands of every shape are
common. Each is compared held (13 tiles) and, with one more tile from the wall, drawn (14 tiles).

Where the two differ for a reason the analysis gives (docs/analysis.md, "Riichi"), :func:`compare` names
the reason (:data:`EXCEPTIONS`); any other difference is a disagreement. ``tests/test_riichi_shanten_oracle.py``
runs a sample; the full run is this script::

    PYTHONPATH=src python tools/riichi_shanten_oracle.py --hands 1000000 --workers 2
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

from mahjong.shanten import Shanten  # type: ignore[import-not-found,unused-ignore]

sys.path.insert(0, str(Path(__file__).resolve().parent))
import riichi_oracle  # noqa: E402  (the scoring oracle's winning-hand generator)

import mjscore  # noqa: E402
from mjscore.analysis import DISTANCES, analyse_hand, held_hand  # noqa: E402
from mjscore.hand import Hand, Meld, MeldKind  # noqa: E402
from mjscore.tiles import HAND_TILES, Tile, counts_of  # noqa: E402

RIICHI = mjscore.get_ruleset("riichi")
SHANTEN = Shanten()

#: The documented differences (docs/analysis.md, "Riichi: where mjscore and the mahjong package differ").
EXCEPTIONS = (
    # the package: ready (0); mjscore: 1, every wait is a kind the player holds all four of (no tile to draw)
    "ready only on a fifth copy",
    # the package: a kind the player holds all four of lowers the shanten; mjscore lists no tile that cannot be drawn
    "useful tile held four times",
    # every ready hand the tile leads to waits only on a kind held four times (no tile to draw)
    "useful tile leads only to a fifth copy",
)


def their_shanten(hand: Hand, extra: Tile | None = None) -> int:
    """The package's shanten of the concealed tiles of ``hand`` (and ``extra``): seven pairs and
    thirteen orphans count only for a hand with no declared set."""
    counts = counts_of(hand.concealed + ((extra,) if extra is not None else ()))
    closed = not hand.melds
    return int(SHANTEN.calculate_shanten(counts, use_chiitoitsu=closed, use_kokushi=closed))


def their_useful(hand: Hand) -> frozenset[Tile]:
    """The kinds whose draw lowers the package's shanten of the 13 held tiles."""
    now = their_shanten(hand)
    return frozenset(t for t in HAND_TILES if their_shanten(hand, t) < now)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One hand compared: each side's shanten and useful tiles (held), or shanten and discard table
    (drawn: the shanten left by each discard), and the reason they differ ("" when they agree, an
    item of :data:`EXCEPTIONS`, or "disagreement")."""

    hand: Hand
    ours: tuple[object, ...]
    theirs: tuple[object, ...]
    reason: str

    @property
    def agrees(self) -> bool:
        return self.reason != "disagreement"


def _own(hand: Hand) -> list[int]:
    return counts_of(hand.concealed + tuple(t for m in hand.melds for t in m.tiles))


def _uncapped_distance(hand: Hand, extra: Tile | None = None) -> int:
    """mjscore's distance counted as if a fifth copy could be drawn (the count the package makes)."""
    counts = tuple(counts_of(hand.concealed + ((extra,) if extra else ())))
    values = [DISTANCES[name](counts, len(hand.melds), 4 - len(hand.melds), 99) for name in RIICHI.shapes]
    return min(v for v in values if v is not None)


def _fifth_copy_only(hand: Hand) -> bool:
    """The held 13 tiles are one tile from complete only with a fifth copy: no wait can be drawn."""
    return _uncapped_distance(hand) == 1 and not mjscore.waits(hand, RIICHI)


def compare_held(hand: Hand) -> Outcome:
    """The 13 held tiles of ``hand``: shanten and useful tiles."""
    analysis = analyse_hand(hand, RIICHI.shapes, RIICHI.hand_size)
    ours = (analysis.shanten, frozenset(u.tile for u in analysis.useful))
    theirs = (their_shanten(hand), their_useful(hand))
    if ours == theirs:
        return Outcome(hand, ours, theirs, "")
    if theirs[0] == 0 and ours[0] == 1 and _fifth_copy_only(hand):
        return Outcome(hand, ours, theirs, EXCEPTIONS[0])
    if ours[0] != theirs[0] or ours[1] - theirs[1]:
        return Outcome(hand, ours, theirs, "disagreement")
    own = _own(hand)
    extra = theirs[1] - ours[1]
    if all(own[t.index] == 4 for t in extra):
        return Outcome(hand, ours, theirs, EXCEPTIONS[1])
    if ours[0] == 1 and all(own[t.index] == 4 or _fifth_copy_only(_with(hand, t)) for t in extra):
        return Outcome(hand, ours, theirs, EXCEPTIONS[2])
    return Outcome(hand, ours, theirs, "disagreement")


def _with(hand: Hand, tile: Tile) -> Hand:
    """The 13 tiles of ``hand`` with ``tile`` drawn and the discard that keeps it closest thrown:
    the ready hand the package counts ``tile`` as leading to (one of them)."""
    concealed = [*hand.concealed, tile]
    best = min(range(len(concealed)), key=lambda i: _uncapped_distance(
        replace(hand, concealed=tuple(concealed[:i] + concealed[i + 1:]))))
    return held_hand(tuple(concealed[:best] + concealed[best + 1:]), hand.melds)


def compare_drawn(hand: Hand, drawn: Tile) -> Outcome:
    """``hand`` with ``drawn`` (14 tiles): the shanten and the shanten each discard leaves."""
    analysis = analyse_hand(replace(hand, concealed=hand.concealed + (drawn,)), RIICHI.shapes, RIICHI.hand_size)
    ours = (analysis.shanten, tuple(sorted((row.tile.code, row.shanten) for row in analysis.discards)))
    after = [(t, held_hand(tuple(c for n, c in enumerate((*hand.concealed, drawn)) if n != at), hand.melds))
             for at, t in enumerate((*hand.concealed, drawn))]
    rows = {t.code: their_shanten(left) for t, left in after}
    theirs = (their_shanten(hand, drawn), tuple(sorted(rows.items())))
    if ours == theirs:
        return Outcome(hand, ours, theirs, "")
    # each row that differs must leave 13 tiles ready only on a fifth copy; the whole hand's shanten is
    # its best row's (or -1, complete), so it may differ only through such a row
    left = {t.code: h for t, h in after}
    odd = [code for (code, mine), (_, package) in zip(ours[1], theirs[1], strict=True) if mine != package]
    if all(dict(ours[1])[c] == 1 and rows[c] == 0 and _fifth_copy_only(left[c]) for c in odd) \
            and (ours[0] == theirs[0] or (ours[0], theirs[0]) == (1, 0)):
        return Outcome(hand, ours, theirs, EXCEPTIONS[0])
    return Outcome(hand, ours, theirs, "disagreement")


# ---------------------------------------------------------------------------------------------
# Random hands

_WALL = tuple(HAND_TILES[i] for i in range(34) for _ in range(4))
_SETS = tuple([(MeldKind.PUNG, (i,) * 3) for i in range(34)] + [(MeldKind.KONG, (i,) * 4) for i in range(34)]
              + [(MeldKind.CHOW, (i, i + 1, i + 2)) for s in (0, 9, 18) for i in range(s, s + 7)])


def _left(own: list[int]) -> list[Tile]:
    return [t for t in HAND_TILES for _ in range(4 - own[t.index])]


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
    return held_hand(tuple(rng.sample(_left(counts), 13 - 3 * len(melds))), melds)


def _near_win(rng: random.Random) -> Hand:
    win = riichi_oracle.random_hand(rng, "riichi-wrc")
    concealed = list(win.concealed)
    own = _own(win)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        out = concealed.pop(rng.randrange(len(concealed)))
        own[out.index] -= 1
        tile = rng.choice([t for t in HAND_TILES if own[t.index] < 4])
        concealed.append(tile)
        own[tile.index] += 1
    return held_hand(tuple(concealed), win.melds)


def hands(seed: int, count: int) -> Iterator[tuple[Hand, Tile]]:
    """``count`` random held riichi hands from ``seed``, each with a tile it could draw next."""
    rng = random.Random(f"riichi-shanten:{seed}")
    made = 0
    while made < count:
        maker = rng.choice((_dealt, _dealt_with_melds, _near_win, _near_win))
        hand = maker(rng)
        if hand is not None:
            made += 1
            yield hand, rng.choice(_left(_own(hand)))


# ---------------------------------------------------------------------------------------------
# The full run


def _run(seed: int, count: int) -> tuple[int, Counter[str], Counter[int], list[str]]:
    reasons: Counter[str] = Counter()
    shantens: Counter[int] = Counter()
    problems: list[str] = []
    for hand, drawn in hands(seed, count):
        for outcome in (compare_held(hand), compare_drawn(hand, drawn)):
            reasons[outcome.reason] += 1
            if not outcome.agrees:
                problems.append(describe(outcome))
        shantens[their_shanten(hand)] += 1
    return count, reasons, shantens, problems


def describe(outcome: Outcome) -> str:
    melds = " ".join(f"[{m.notation()}]" for m in outcome.hand.melds)
    return (f"{mjscore.format_tiles(outcome.hand.concealed)} {melds}\n  mjscore {outcome.ours}"
            f"\n  mahjong {outcome.theirs}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
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
    print(f"{total} hands (held and drawn) in {time.perf_counter() - began:.0f} s; shanten of the held: "
          f"{dict(sorted(shantens.items()))}; outcomes: {dict(reasons)}; disagreements: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
