"""mjscore benchmarks: prints figures, asserts nothing.

    python benchmarks/run.py            # every figure
    python benchmarks/run.py --quick    # fewer hands, for a smoke run

Figures: LRC scoring per hand (median and p99 microseconds) for typical mixed hands, one-suit hands with
many arrangements, and the worst case constructed; the wait set with the score of every waiting tile for a
16-tile held hand (typical and worst); MCR scoring against pymahjonggb on the same hands, when the MCR
ruleset and pymahjonggb are installed; batch throughput; peak memory.
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


def timings_us(function: Callable[[mjscore.Hand], object], hands: Sequence[mjscore.Hand]) -> list[float]:
    """Microseconds for each call, after one warm-up pass (caches filled as in a long-running process)."""
    for hand in hands[: min(len(hands), 200)]:
        function(hand)
    found = []
    for hand in hands:
        start = time.perf_counter_ns()
        function(hand)
        found.append((time.perf_counter_ns() - start) / 1000)
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
    batch_figure(2000 if args.quick else 20000)
    memory_figure(count // 5)
    if args.instructions:
        instructions_figure()


if __name__ == "__main__":
    main()
