"""mjscore benchmarks: prints figures, asserts nothing.

    python benchmarks/run.py            # every figure
    python benchmarks/run.py --quick    # fewer hands, for a smoke run

Figures: LRC scoring per hand (median and p99 microseconds) for typical mixed hands, one-suit hands with
many arrangements, and the worst case constructed; the wait set with the score of every waiting tile for a
16-tile held hand (typical and worst); MCR scoring against pymahjonggb on the same hands, when the MCR
ruleset and pymahjonggb are installed; hand analysis (shanten, useful tiles and the scored discard table)
of 17-tile LRC and 14-tile MCR hands, and MCR shanten and useful tiles beside pymahjonggb's; batch
throughput; peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import mjscore
from mjscore.sampling import random_winning_hand


def timings_us(function: Callable[[mjscore.Hand], object], hands: Sequence[mjscore.Hand],
               clock: Callable[[], int] = time.perf_counter_ns) -> list[float]:
    """Microseconds for each call, after one warm-up pass (caches filled as in a long-running process).
    ``clock=time.process_time_ns`` counts this process's CPU time only, for a machine others share."""
    for hand in hands[: min(len(hands), 200)]:
        function(hand)
    found = []
    for hand in hands:
        start = clock()
        function(hand)
        found.append((clock() - start) / 1000)
    return found


def report(label: str, values: list[float], unit: str = "us") -> None:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{label:58} median {statistics.median(ordered):9.1f} {unit}   p99 {p99:9.1f} {unit}   n={len(ordered)}")


def worst_lrc_hands() -> list[mjscore.Hand]:
    """Hands built to have many arrangements and many waits: one suit, nine-gates-like."""
    records = [
        {"concealed": "1112223334445556m", "win_tile": "6m", "win": "self_draw"},
        {"concealed": "1112345678999m 555p", "win_tile": "5m", "win": "self_draw"},
        {"concealed": "2223334445556667m", "win_tile": "7m", "win": "self_draw"},
        {"concealed": "1122334455667788m", "win_tile": "8m", "win": "discard"},
        {"concealed": "1112233445566777m", "win_tile": "4m", "win": "self_draw"},
    ]
    return [mjscore.Hand.from_dict(r) for r in records]


def held(hand: mjscore.Hand) -> mjscore.Hand:
    return replace(hand, win_tile=None)


def lrc_figures(count: int) -> None:
    rules = mjscore.get_ruleset("lrc")
    rng = random.Random(2024)
    typical = [random_winning_hand(rng, one_suit_chance=0.0) for _ in range(count)]
    one_suit = [random_winning_hand(rng, one_suit_chance=1.0) for _ in range(count // 2)]
    worst = worst_lrc_hands() * max(1, count // 50)

    def score(hand: mjscore.Hand) -> object:
        return mjscore.score(hand, rules)

    def score_waits(hand: mjscore.Hand) -> object:
        return mjscore.score_waits(hand, rules)

    report("LRC score, typical mixed hands", timings_us(score, typical))
    report("LRC score, one-suit hands", timings_us(score, one_suit))
    report("LRC score, worst case (one suit, many arrangements)", timings_us(score, worst))
    report("LRC waits + score per waiting tile, typical", [
        t / 1000 for t in timings_us(score_waits, [held(h) for h in typical[: count // 4]])], "ms")
    report("LRC waits + score per waiting tile, worst (nine-gates-like)", [
        t / 1000 for t in timings_us(score_waits, [held(h) for h in worst])], "ms")


def mcr_figures(count: int) -> None:
    """mjscore and pymahjonggb scoring the same generated MCR hands (pymahjonggb's input tuples are
    built beforehand, so only its calculation is timed)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    try:
        import MahjongGB  # type: ignore[import-not-found]
        from tools.mcr_oracle import hands, oracle_arguments
    except ImportError:
        print("MCR: pymahjonggb is not installed (pip install -e '.[test]'); no comparison")
        return
    rules = mjscore.get_ruleset("mcr")
    sample = list(hands(2026, count))
    arguments = [oracle_arguments(hand) for hand in sample]
    ours = timings_us(lambda hand: mjscore.score(hand, rules), sample)
    start = time.perf_counter_ns()
    for args in arguments:
        MahjongGB.MahjongFanCalculator(*args)
    theirs_us = (time.perf_counter_ns() - start) / 1000 / len(arguments)
    report("MCR score (mjscore)", ours)
    ratio = statistics.mean(ours) / theirs_us
    print(f"{'MCR score (pymahjonggb, C++), mean':58} {theirs_us:9.1f} us   mjscore/pymahjonggb = {ratio:.1f}x")


def _drawn(rng: random.Random, held_tiles: mjscore.Hand) -> mjscore.Hand:
    """``held_tiles`` with one more tile drawn (any kind the player does not hold all four of)."""
    own = [0] * 34
    for tile in held_tiles.concealed + tuple(t for m in held_tiles.melds for t in m.tiles):
        own[tile.index] += 1
    drawn = rng.choice([mjscore.Tile.from_index(i) for i in range(34) if own[i] < 4])
    return replace(held_tiles, concealed=held_tiles.concealed + (drawn,), win_tile=None, win=mjscore.WinKind.SELF_DRAW,
                   discarder=None, replacement=None, last_tile=False, last_of_kind=False, heavenly=False,
                   earthly=False)


def analysis_figures(count: int) -> None:
    """The analysis of a hand after a draw, with its full discard table and every ready row's waits
    scored (on a discard and self-drawn): hands dealt from a shuffled wall, and hands near a win (a
    winning hand's held tiles and a random draw, so many rows are ready and scored)."""
    rng = random.Random(14)
    wall = [mjscore.Tile.from_index(i) for i in range(34) for _ in range(4)]
    for ruleset, size in (("lrc", 16), ("mcr", 13)):
        rules = mjscore.get_ruleset(ruleset)
        dealt = [mjscore.Hand(concealed=tuple(rng.sample(wall, size + 1)), win=mjscore.WinKind.SELF_DRAW)
                 for _ in range(count)]
        near = [_drawn(rng, held(random_winning_hand(rng, size, ruleset))) for _ in range(count)]

        def analyse(hand: mjscore.Hand, rules: mjscore.Ruleset = rules) -> object:
            return mjscore.analyse(hand, rules)

        for label, sample in (("dealt, full discard table", dealt), ("near a win, scored table", near)):
            report(f"{ruleset.upper()} analysis, {size + 1} tiles {label} (CPU)", [
                t / 1000 for t in timings_us(analyse, sample, time.process_time_ns)], "ms")


def mcr_shanten_figures(count: int) -> None:
    """Shanten and useful tiles of held 13-tile MCR hands (no scores), mjscore and pymahjonggb on the
    same hands (the differential test's generator): pymahjonggb's MahjongShanten plus its per-shape
    functions for the useful tiles, its input built beforehand."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    try:
        import MahjongGB
        from mcr_shanten_oracle import hands, oracle_analysis
    except ImportError:
        print("MCR shanten: pymahjonggb is not installed (pip install -e '.[test]'); no comparison")
        return
    from mjscore.analysis import analyse_hand

    rules = mjscore.get_ruleset("mcr")
    sample = list(hands(2026, count))
    ours = timings_us(lambda hand: analyse_hand(hand, rules.shapes, rules.hand_size), sample, time.process_time_ns)
    theirs = timings_us(oracle_analysis, sample, time.process_time_ns)
    report("MCR shanten + useful tiles, 13 tiles (mjscore, CPU)", ours)
    report("MCR shanten + useful tiles, 13 tiles (pymahjonggb, C++, CPU)", theirs)
    codes = [(tuple(), tuple(_code(t) for t in hand.concealed)) for hand in sample if not hand.melds]
    start = time.perf_counter_ns()
    for packs, standing in codes:
        MahjongGB.MahjongShanten(packs, standing)
    alone = (time.perf_counter_ns() - start) / 1000 / max(1, len(codes))
    print(f"{'MCR shanten alone (pymahjonggb MahjongShanten), mean':58} {alone:9.1f} us   "
          f"mjscore/pymahjonggb (medians, with useful tiles) = {statistics.median(ours) / statistics.median(theirs):.1f}x")


def _code(tile: mjscore.Tile) -> str:
    from mcr_oracle import oracle_code  # tools/, on the path from mcr_shanten_figures

    return str(oracle_code(tile))


def batch_figure(count: int) -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.jsonl"
        target = Path(folder) / "out.jsonl"
        with source.open("w", encoding="utf-8") as handle:
            for _ in range(count):
                handle.write(json.dumps(random_winning_hand(rng).to_dict()) + "\n")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "mjscore", "batch", str(source), "-o", str(target), "--quiet"],
                       check=True)
        seconds = time.perf_counter() - start
    print(f"{'batch scoring (all cores, incl. start-up)':58} {count / seconds:9.0f} hands/s   n={count}")


def memory_figure(count: int) -> None:
    rules = mjscore.get_ruleset("lrc")
    rng = random.Random(3)
    hands = [random_winning_hand(rng) for _ in range(count)]
    tracemalloc.start()
    for hand in hands:
        mjscore.score(hand, rules)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{'peak traced memory while scoring':58} {peak / 2**20:9.1f} MiB   n={count}")


_SCORE_HANDS = """
import random, sys
import mjscore
from mjscore.sampling import random_winning_hand
rules = mjscore.get_ruleset("lrc")
hands = [random_winning_hand(random.Random(2024 + n)) for n in range(400)]
for hand in hands[: int(sys.argv[1])]:
    mjscore.score(hand, rules)
"""


def instructions_figure() -> None:
    """Instructions per LRC hand under callgrind: unlike wall-clock time, repeatable on a busy or
    virtual machine, so two versions of the code can be compared."""
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed; skipped")
        return

    def collected(hands: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", _SCORE_HANDS, str(hands)], capture_output=True, text=True, check=True)
        return int(done.stderr.split("Collected : ")[1].split()[0])

    per_hand = (collected(400) - collected(0)) / 400
    print(f"{'LRC score, instructions per hand (callgrind, 400 hands)':58} {per_hand / 1e6:9.2f} M")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    parser.add_argument("--instructions", action="store_true", help="also count instructions under valgrind")
    args = parser.parse_args()
    count = 500 if args.quick else 5000
    print(f"mjscore benchmarks on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    lrc_figures(count)
    mcr_figures(1000 if args.quick else 10000)
    analysis_figures(100 if args.quick else 500)
    mcr_shanten_figures(1000 if args.quick else 5000)
    batch_figure(2000 if args.quick else 20000)
    memory_figure(count // 5)
    if args.instructions:
        instructions_figure()


if __name__ == "__main__":
    main()
