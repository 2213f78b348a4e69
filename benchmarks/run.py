"""mjscore benchmarks: prints figures, asserts nothing.

    python benchmarks/run.py                 # every figure
    python benchmarks/run.py --quick         # fewer hands, for a smoke run
    python benchmarks/run.py --instructions  # also instructions per hand (callgrind), per ruleset and stage

Figures: LRC scoring per hand (median and p99 microseconds) for typical mixed hands, one-suit hands with
many arrangements, and the worst case constructed; the wait set with the score of every waiting tile for a
16-tile held hand (typical and worst, per ruleset); MCR scoring against pymahjonggb on the same hands
(ratio of medians); LRC, Hé Fēn and Four Winds against the riichi ``mahjong`` package's
``HandCalculator.estimate_hand_value`` on typical closed hands (ratio of medians), and riichi under the
WRC preset against the same calculator with the WRC's options, like for like on the same hands; hand analysis
(shanten, useful tiles and the scored discard table) of 17-tile LRC and 14-tile MCR hands, and MCR shanten
and useful tiles beside pymahjonggb's; CLI start-up CPU; batch throughput on 1 and 2 workers; peak
memory. Peers that are not installed are skipped.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import resource
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
from typing import Any

import mjscore
from mjscore.sampling import random_winning_hand
from mjscore.scoring.sheet import score_json, sheet


def timings_us(function: Callable[[mjscore.Hand], object], hands: Sequence[mjscore.Hand],
               clock: Callable[[], int] = time.perf_counter_ns,
               warm_up: Sequence[mjscore.Hand] | None = None) -> list[float]:
    """Microseconds for each call, after one warm-up pass (caches filled as in a long-running process).
    ``warm_up``: other inputs of the same kind to run first (a process that has scored many hands
    like these, but not these); by default the first 200 of ``hands``. ``clock=time.process_time_ns``
    counts this process's CPU time only, for a machine others share."""
    for hand in warm_up if warm_up is not None else hands[: min(len(hands), 200)]:
        function(hand)
    found = []
    for hand in hands:
        start = clock()
        function(hand)
        found.append((clock() - start) / 1000)
    return found


def report(label: str, values: list[float], unit: str = "us") -> float:
    """Print the median and p99 of ``values``; return the median."""
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    median = statistics.median(ordered)
    print(f"{label:58} median {median:9.1f} {unit}   p99 {p99:9.1f} {unit}   n={len(ordered)}")
    return median


Side = tuple[Callable[[Any], object], Sequence[Any], Sequence[Any]]


def alternating(sides: dict[str, Side], blocks: int = 7, runs: int = 5) -> dict[str, tuple[float, float, float]]:
    """Time several sides (name -> function, inputs, warm-up inputs) in alternating blocks of calls.

    Each side is first warmed on its own warm-up inputs (other inputs of the same kind: caches
    filled as in a long-running process, not with the timed inputs). Then, ``runs`` times: every
    side's inputs are cut into ``blocks``, and block 1 of every side is timed, then block 2 of every
    side, and so on (the order of the sides reversed on every other block), so that a change of the
    machine's load falls on every side alike. A block is timed as a whole, by two reads of the
    process's CPU clock around all its calls: a clock read per call (about 0.8 us for the pair)
    would be part of what is timed, a bias toward the faster side. A run's figure of a side is its
    total CPU over all its inputs, per call; its ratio to another side's is taken within the run.
    Returns, per side, (median, lowest, highest) microseconds a call over the runs; printed."""
    for function, _, warm in sides.values():
        for item in warm:
            function(item)
    names = list(sides)
    per_run: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(runs):
        spent = dict.fromkeys(sides, 0)
        for block in range(blocks):
            for name in names if block % 2 == 0 else reversed(names):
                function, inputs, _ = sides[name]
                part = inputs[block::blocks]
                start = time.process_time_ns()
                for item in part:
                    function(item)
                spent[name] += time.process_time_ns() - start
        for name in names:
            per_run[name].append(spent[name] / 1000 / len(sides[name][1]))
    found = {}
    for name, values in per_run.items():
        found[name] = (statistics.median(values), min(values), max(values))
        print(f"{name:58} {found[name][0]:9.2f} us a call   runs {min(values):.2f}-{max(values):.2f} us   "
              f"n={len(sides[name][1])} x {runs} runs")
    _RUNS.update(per_run)
    return found


#: Each side's cost a call in every run of the last :func:`alternating` (for :func:`ratios`).
_RUNS: dict[str, list[float]] = {}


def ratios(label: str, ours: str, theirs: str) -> None:
    """The ratio of two sides' total cost, run by run (each within one run of alternating blocks),
    printed as the median and the range over the runs."""
    values = sorted(a / b for a, b in zip(_RUNS[ours], _RUNS[theirs], strict=True))
    print(f"{label:58} {statistics.median(values):9.2f} x   runs {values[0]:.2f}-{values[-1]:.2f} x")


def ratio(label: str, ours: float, theirs: float) -> None:
    print(f"{label:58} {ours / theirs:9.2f} x")


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
    for ruleset in ("lrc", "hefen", "fourwinds"):
        other = mjscore.get_ruleset(ruleset)
        worst_held = [held(replace(h, ruleset=ruleset)) for h in worst]
        report(f"{other.id} waits + score per waiting tile, worst (nine-gates-like)", [
            t / 1000 for t in timings_us(lambda hand, r=other: mjscore.score_waits(hand, r), worst_held)], "ms")


def sheet_figures(count: int) -> None:
    """The score sheet (mjscore.scoring.sheet) over a scored hand: built once per shown hand, outside
    the engine's loop; its cost beside the score's, and the JSON ``mjscore batch`` writes per line."""
    rules = mjscore.get_ruleset("lrc")
    rng = random.Random(2026)
    scored = [mjscore.score(random_winning_hand(rng, one_suit_chance=0.0), rules) for _ in range(count)]
    by_hand = {id(result.hand): result for result in scored}
    hands = [result.hand for result in scored]
    report("LRC score, typical mixed hands (the sheet's hands)", timings_us(lambda h: mjscore.score(h, rules), hands))
    report("LRC sheet of a scored hand (replaced awards included)", timings_us(lambda h: sheet(by_hand[id(h)]), hands))
    report("LRC score_json (Score.to_dict + sheet, zh-Hant)",
           timings_us(lambda h: score_json(by_hand[id(h)], "zh-Hant"), hands))


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
    # Both warmed on as many other hands of the generator: mjscore keeps what it works out per block
    # of counts (as a long-running process has), and with only 200 warmed the first sight of each
    # other hand's blocks was timed (the same hands read 25% faster the second time).
    warm = list(hands(2027, count))
    warm_arguments = [oracle_arguments(hand) for hand in warm]

    def theirs(args: tuple[object, ...]) -> object:
        return MahjongGB.MahjongFanCalculator(*args)

    # A Score makes its Award objects (names, details) when they are first read; pymahjonggb always
    # builds its fan list, so the like-for-like figure reads mjscore's awards (the headline), with
    # the score alone beside it. The same hands on every side, in alternating blocks.
    read, alone, other = ("MCR score and its awards read (mjscore)", "MCR score, awards not read (mjscore)",
                          "MCR score (pymahjonggb, C++, its input built beforehand)")
    alternating({
        read: (lambda hand: mjscore.score(hand, rules).awards, sample, warm),
        alone: (lambda hand: mjscore.score(hand, rules), sample, warm),
        other: (theirs, arguments, warm_arguments),
    })
    ratios("MCR, mjscore / pymahjonggb, awards read (headline)", read, other)
    ratios("MCR, mjscore / pymahjonggb, score only", alone, other)


def riichi_figures(count: int) -> None:
    """LRC, Hé Fēn and Four Winds against the riichi ``mahjong`` package's hand calculator (pure Python,
    the scorer Python bot authors use) on typical closed 13-tile hands of the same generator, each
    converted to its 136-tile input beforehand. The rulesets differ, so this compares the cost of
    scoring a hand, not the scores."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator  # type: ignore[import-not-found]
        from mahjong.hand_calculating.hand_config import HandConfig  # type: ignore[import-not-found]
    except ImportError:
        print("riichi: the mahjong package is not installed (pip install mahjong); no comparison")
        return
    def riichi_inputs(rng: random.Random) -> list[tuple[list[int], int, Any]]:
        inputs = []
        while len(inputs) < count:
            hand = random_winning_hand(rng, hand_size=13, one_suit_chance=0.0)
            tiles = [t.index for t in hand.all_tiles]
            if hand.melds or max(tiles.count(i) for i in tiles) > 4:
                continue
            seen: dict[int, int] = {}
            as_136 = []
            for index in tiles:  # the same 34 kinds in the same order; copies 0-3 of each
                as_136.append(index * 4 + seen.get(index, 0))
                seen[index] = seen.get(index, 0) + 1
            inputs.append((as_136, as_136[-1], HandConfig(is_tsumo=hand.win.value == "self_draw")))
        return inputs

    def typical(first_seed: int, ruleset: str) -> list[mjscore.Hand]:
        return [random_winning_hand(random.Random(first_seed + n), ruleset=ruleset, one_suit_chance=0.0)
                for n in range(count)]

    # Each side warms up on as many other hands of its generator (as mcr_figures does), not on the
    # hands it is timed on; the riichi calculator is timed in alternating blocks with each ruleset.
    calculator = HandCalculator()
    inputs, warm_inputs = riichi_inputs(random.Random(11)), riichi_inputs(random.Random(12))

    def riichi(args: tuple[list[int], int, Any]) -> object:
        return calculator.estimate_hand_value(args[0], args[1], config=args[2])

    for ruleset in ("lrc", "hefen", "fourwinds"):
        rules = mjscore.get_ruleset(ruleset)
        sample, warm = typical(2024, ruleset), typical(2024 + count, ruleset)
        read, alone, theirs = (f"{ruleset} score and its awards read (mjscore)",
                               f"{ruleset} score, awards not read (mjscore)",
                               "riichi mahjong HandCalculator.estimate_hand_value")
        alternating({
            read: (lambda hand, r=rules: mjscore.score(hand, r).awards, sample, warm),
            alone: (lambda hand, r=rules: mjscore.score(hand, r), sample, warm),
            theirs: (riichi, inputs, warm_inputs),
        })
        # 16 tiles held (and the winning one) against the riichi calculator's 13 (and one)
        ratios(f"{ruleset}, mjscore (16+1) / riichi (13+1), awards read", read, theirs)
        ratios(f"{ruleset}, mjscore (16+1) / riichi (13+1), score only", alone, theirs)


def riichi_wrc_figures(count: int) -> None:
    """Riichi like for like: mjscore's riichi table under the WRC preset and the riichi ``mahjong``
    package's ``HandCalculator.estimate_hand_value`` with its options set to the WRC's, on the same
    random winning hands (the scoring oracle's generator, ``tools/riichi_oracle.py``: closed and open,
    every wait and context, dora and ura dora), the package's 136-tile input built beforehand. The two
    agree on the yaku, han, fu and payments of these hands (tests/test_riichi_oracle.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    try:
        from mahjong.hand_calculating.hand import HandCalculator  # type: ignore[import-not-found]
        from tools.riichi_oracle import hands, oracle_arguments
        from tools.riichi_oracle import ruleset as riichi_ruleset
    except ImportError:
        print("riichi-wrc: the mahjong package is not installed (pip install -e '.[test]'); no comparison")
        return
    rules = riichi_ruleset("riichi-wrc")
    sample, warm = list(hands(2026, count, "riichi-wrc")), list(hands(2027, count, "riichi-wrc"))
    arguments = [oracle_arguments(hand, "riichi-wrc") for hand in sample]
    warm_arguments = [oracle_arguments(hand, "riichi-wrc") for hand in warm]

    def theirs(args: tuple[tuple[Any, ...], dict[str, Any]]) -> object:
        return HandCalculator.estimate_hand_value(*args[0], **args[1])

    # The package always builds its yaku list and cost: the headline reads mjscore's awards.
    read, alone, other = ("riichi-wrc score and its awards read (mjscore)", "riichi-wrc score, awards not read (mjscore)",
                          "riichi mahjong HandCalculator, WRC options (13+1)")
    alternating({
        read: (lambda hand: mjscore.score(hand, rules).awards, sample, warm),
        alone: (lambda hand: mjscore.score(hand, rules), sample, warm),
        other: (theirs, arguments, warm_arguments),
    })
    ratios("riichi-wrc, mjscore / mahjong, awards read (headline)", read, other)
    ratios("riichi-wrc, mjscore / mahjong, score only", alone, other)


#: The environment of a start-up figure's process: this one's, less PYTHONDONTWRITEBYTECODE (a
#: process that may not write its modules' bytecode compiles them again every time it starts).
_WRITES_BYTECODE = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def startup_figure() -> None:
    """CPU seconds (user + system, median of 5) of a whole ``mjscore`` process: the cost of start-up,
    with the load average while it was measured (on a shared machine the figure grows with it)."""
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "hand.json"
        record.write_text(json.dumps({"concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p",
                                      "win": "self_draw"}), encoding="utf-8")
        for arguments in (["--help"], ["score", str(record)], ["waits", "123m 456m 789p 234s 777s 9p"]):
            found = []
            for _ in range(5):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run([sys.executable, "-m", "mjscore", *arguments], check=True, capture_output=True,
                               env=_WRITES_BYTECODE)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                found.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            label = f"CLI start-up CPU, mjscore {arguments[0]}"
            load = os.getloadavg()[0]
            print(f"{label:58} median {statistics.median(found):9.2f} s  (min {min(found):.2f} s, load average {load:.1f})")


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


def dense_hand(rng: random.Random) -> mjscore.Hand:
    """A 17-tile LRC hand after a draw whose discard table is costly: tiles of one or two suits, often
    honours, sometimes a declared kong (the hands that keep many shapes in reach)."""
    suits = rng.sample((0, 9, 18), rng.choice((1, 2)))
    kinds = [i for suit in suits for i in range(suit, suit + 9)] + (list(range(27, 34)) if rng.random() < 0.6 else [])
    melds: tuple[mjscore.Meld, ...] = ()
    left = 17
    if rng.random() < 0.3:
        kong = rng.choice(kinds)
        melds = (mjscore.Meld(mjscore.MeldKind.KONG, (mjscore.Tile.from_index(kong),) * 4),)
        kinds.remove(kong)
        left -= 3
    counts = [0] * 34
    while sum(counts) < left:
        index = rng.choice(kinds)
        if counts[index] < 4:
            counts[index] += 1
    tiles = tuple(mjscore.Tile.from_index(i) for i in range(34) for _ in range(counts[i]))
    return mjscore.Hand(concealed=tiles, melds=melds, win=mjscore.WinKind.SELF_DRAW)


def dense_figures(count: int) -> None:
    """The LRC discard table (shanten, useful tiles and every ready row's waits scored) of ``count``
    seeded dense hands (:func:`dense_hand`), each timed alone: the distribution and the slowest hands
    (issue 27 asks at most 10 ms for every one on the compiled build). The garbage collector's full
    collections fall on some hands: their time is printed apart, and the slowest hands are also given
    without it (a collection's cost is the whole heap's, the analysis caches' included)."""
    rng = random.Random(27)
    rules = mjscore.get_ruleset("lrc")
    hands = [dense_hand(rng) for _ in range(count)]
    for hand in hands[:20]:
        mjscore.analyse(hand, rules)  # warm: the ruleset's waits and caches
    collections: list[float] = []
    began = [0]

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.process_time_ns()
        elif info["generation"] == 2:
            collections.append((time.process_time_ns() - began[0]) / 1e6)

    timed = []
    gc.callbacks.append(note)
    try:
        for hand in hands:
            seen = len(collections)
            start = time.process_time_ns()
            mjscore.analyse(hand, rules)
            spent = (time.process_time_ns() - start) / 1e6
            timed.append((spent, spent - sum(collections[seen:]), hand))
    finally:
        gc.callbacks.remove(note)
    times = sorted(t for t, _, _ in timed)
    own = sorted(timed, key=lambda item: item[1])
    quantiles = statistics.quantiles(times, n=100)
    print(f"{'LRC discard table, ' + format(count, ',') + ' dense hands (CPU)':58} median {statistics.median(times):9.2f} ms"
          f"  p99 {quantiles[98]:.2f} ms  worst {times[-1]:.2f} ms  (load average {os.getloadavg()[0]:.1f})")
    print(f"{'  ... full collections during the run':58} {len(collections):9d}      "
          f"longest {max(collections, default=0):.1f} ms; worst hand without them {own[-1][1]:.2f} ms")
    for _, spent, hand in own[-3:]:
        melds = "".join(f" [{m.notation()}]" for m in hand.melds)
        print(f"{'':58} {spent:9.2f} ms  {mjscore.format_tiles(hand.concealed)}{melds}")


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
    """``mjscore batch`` on ``count`` typical LRC hands beside the same hands scored in-process, like
    for like: each side is a fresh process that first answers ``count`` *other* hands (its caches
    warmed as a long run's are), then the timed hands once each. The batch's CPU (main process and
    workers) less that of a run of the warm-up alone (start-up and warm-up left out), per timed hand,
    against the in-process CPU of ``score`` + ``to_dict`` (the default line's data; ``summary()`` for
    ``--summary``) per timed hand, timed by that process itself; hands a second (wall clock) on one
    and two workers the same way. Runs alternate (1 worker, 2 workers, in-process), three rounds;
    each figure is the median of its rounds. (Scoring the same hands again in one process, as this
    figure did before, found them hotter than a batch ever does.)"""
    timed = [random_winning_hand(random.Random(7 + n), one_suit_chance=0.0) for n in range(count)]
    warm = [random_winning_hand(random.Random(900_007 + n), one_suit_chance=0.0) for n in range(count)]

    def children_cpu() -> float:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    with tempfile.TemporaryDirectory() as folder:
        warm_path, both_path = Path(folder) / "warm.jsonl", Path(folder) / "both.jsonl"
        warm_path.write_text("".join(json.dumps(h.to_dict()) + "\n" for h in warm), encoding="utf-8")
        both_path.write_text(warm_path.read_text(encoding="utf-8")
                             + "".join(json.dumps(h.to_dict()) + "\n" for h in timed), encoding="utf-8")

        def run(path: Path, workers: int, options: tuple[str, ...]) -> tuple[float, float]:
            cpu, wall = children_cpu(), time.perf_counter()
            subprocess.run([sys.executable, "-m", "mjscore", "batch", str(path), "-o", str(Path(folder) / "out.jsonl"),
                            "--quiet", "--workers", str(workers), *options], check=True)
            return children_cpu() - cpu, time.perf_counter() - wall

        def in_process(summary: bool) -> float:
            done = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import run; "
                                   "run.in_process_cpu_us(sys.argv[2] == 'summary', sys.argv[3], sys.argv[4])",
                                   str(Path(__file__).parent), "summary" if summary else "default",
                                   str(warm_path), str(both_path)], check=True, capture_output=True, text=True)
            return float(done.stdout)

        for options in ((), ("--summary",)):
            name = " ".join(("batch", *options))
            cpu: dict[int, list[float]] = {1: [], 2: []}
            rates: dict[int, list[float]] = {1: [], 2: []}
            alone: list[float] = []
            for _ in range(3):
                for workers in (1, 2):
                    both_cpu, both_wall = run(both_path, workers, options)
                    warm_cpu, warm_wall = run(warm_path, workers, options)
                    cpu[workers].append((both_cpu - warm_cpu) / count * 1e6)
                    rates[workers].append(count / (both_wall - warm_wall))
                alone.append(in_process(bool(options)))
            for workers in (1, 2):
                print(f"{name + f', {workers} worker(s), CPU per hand':58} {statistics.median(cpu[workers]):9.0f} us   "
                      f"{statistics.median(rates[workers]):7.0f} hands/s   n={count}, rounds {len(alone)}")
            print(f"{name + ', in-process CPU per hand':58} {statistics.median(alone):9.0f} us   "
                  f"({'summary()' if options else 'to_dict'}; rounds {', '.join(f'{a:.0f}' for a in alone)})")
            ratio(f"{name}, CPU per hand / in-process", statistics.median(cpu[1]), statistics.median(alone))
            ratio(f"{name}, 2 workers / 1 worker, hands a second", statistics.median(rates[2]), statistics.median(rates[1]))


def in_process_cpu_us(summary: bool, warm_path: str, both_path: str) -> None:
    """Print the CPU per hand of scoring the hands of ``both_path`` that follow those of
    ``warm_path`` (``score`` + ``summary()`` or ``to_dict``), in this process, after scoring the
    warm-up hands: the in-process side of :func:`batch_figure`, in a process of its own."""
    rules = mjscore.get_ruleset("lrc")
    read = [mjscore.Hand.from_json(line) for line in Path(both_path).read_text(encoding="utf-8").splitlines()]
    warm_count = len(Path(warm_path).read_text(encoding="utf-8").splitlines())

    def answer(hand: mjscore.Hand) -> object:
        scored = mjscore.score(hand, rules)
        return scored.summary() if summary else scored.to_dict()

    for hand in read[:warm_count]:
        answer(hand)
    start = time.process_time()
    for hand in read[warm_count:]:
        answer(hand)
    print((time.process_time() - start) / (len(read) - warm_count) * 1e6)


def dask_figure(count: int, workers: int = 2) -> None:
    """``mjscore batch --engine dask`` (a local cluster of ``workers`` processes) beside the default
    pool of as many workers, on the same ``count`` LRC hands: hands a second of wall time, less a run
    of one line of each (starting a cluster, or a pool, is left out), runs alternating, best of three.
    Skipped without Dask (the ``dask`` extra)."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        return
    hands = [random_winning_hand(random.Random(7 + n), one_suit_chance=0.0) for n in range(count)]
    with tempfile.TemporaryDirectory() as folder:
        source, one = Path(folder) / "in.jsonl", Path(folder) / "one.jsonl"
        source.write_text("".join(json.dumps(h.to_dict()) + "\n" for h in hands), encoding="utf-8")
        one.write_text(json.dumps(hands[0].to_dict()) + "\n", encoding="utf-8")

        def wall(path: Path, engine: str) -> float:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "mjscore", "batch", str(path), "-o", str(Path(folder) / "out.jsonl"),
                            "--quiet", "--workers", str(workers), "--engine", engine], check=True, capture_output=True)
            return time.perf_counter() - start

        found: dict[str, list[float]] = {"local": [], "dask": []}
        for _ in range(3):
            for engine in ("local", "dask"):
                found[engine].append(wall(source, engine) - wall(one, engine))
        rates = {engine: count / min(times) for engine, times in found.items()}
        for engine in ("local", "dask"):
            print(f"{f'batch --engine {engine}, {workers} workers, hands a second':58} {rates[engine]:9.0f}   n={count}")
        ratio(f"batch, Dask / the local pool, hands a second ({workers} workers)", rates["dask"], rates["local"])


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


_STAGE = """
import json, random, sys
sys.path.insert(0, sys.argv[4])
import mjscore
from mjscore.arrangements import arrangements, waits
from mjscore.interfaces.cli.batch import BatchOptions, answer_line
from mjscore.sampling import random_winning_hand
ruleset, stage, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
rules = mjscore.get_ruleset(ruleset)
if ruleset == "mcr":  # the differential test's hands, as the peer's count uses
    from tools.mcr_oracle import hands as mcr_hands
    hands, warm = list(mcr_hands(2026, 400)), list(mcr_hands(2027, 400))
else:
    def typical(seed):
        return [random_winning_hand(random.Random(seed + n), hand_size=rules.hand_size, ruleset=ruleset)
                for n in range(400)]
    hands, warm = typical(2024), typical(5024)
records, warm_records = [h.to_dict() for h in hands], [h.to_dict() for h in warm]
lines = [json.dumps(r).encode() for r in records]
warm_lines = [json.dumps(r).encode() for r in warm_records]
line_options = {"line": BatchOptions(), "line-summary": BatchOptions(summary=True)}
def run(hand, record, line):
    if stage == "parse":
        mjscore.Hand.from_dict(record)
    elif stage == "waits":
        waits(hand, rules.shapes)
    elif stage == "arrangements":
        arrangements(hand, rules.shapes)
    elif stage == "awards":
        mjscore.score(hand, rules).awards
    elif stage == "to_dict":
        mjscore.score(hand, rules).to_dict()
    elif stage == "summary":
        mjscore.score(hand, rules).summary()
    elif stage in line_options:
        answer_line(line_options[stage], (1, line))
    else:
        mjscore.score(hand, rules)
for hand, record, line in zip(warm, warm_records, warm_lines):  # warm: other hands of the same kind
    run(hand, record, line)
for hand, record, line in zip(hands[:count], records[:count], lines[:count]):
    run(hand, record, line)
"""


#: The same for pymahjonggb on the same MCR hands (its input tuples built outside the count), warmed
#: on the same other hands.
_PEER_STAGE = """
import sys
sys.path.insert(0, sys.argv[1])
import MahjongGB
from tools.mcr_oracle import hands, oracle_arguments
arguments = [oracle_arguments(hand) for hand in hands(2026, 400)]
for args in [oracle_arguments(hand) for hand in hands(2027, 400)]:
    MahjongGB.MahjongFanCalculator(*args)
for args in arguments[:int(sys.argv[2])]:
    MahjongGB.MahjongFanCalculator(*args)
"""


def instructions_figure(stages: bool) -> None:
    """Instructions per hand under callgrind for each ruleset (400 seeded hands; MCR's are the
    differential test's, the hands pymahjonggb's count uses): unlike wall-clock time, repeatable on a
    busy or virtual machine, so two versions of the code can be compared. Caches are warm: each count
    first runs the same stage on 400 other hands of the same kind, and the same run with no timed
    hand is taken off. ``score`` leaves the awards unread, ``awards`` reads them (the like-for-like
    figure beside pymahjonggb, which always builds its fan list). With ``stages``, also reading the
    record, the wait set and the arrangements alone (the score includes the last two), and a batch
    line (``mjscore batch``'s answer: reading, scoring, the score sheet, JSON) beside the score and
    ``to_dict`` it writes, with and without ``--summary``."""
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed; skipped")
        return
    root = str(Path(__file__).resolve().parents[1])

    def collected(ruleset: str, stage: str, hands: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", _STAGE, ruleset, stage, str(hands), root],
                              capture_output=True, text=True, check=True)
        return int(done.stderr.split("Collected : ")[1].split()[0])

    found: dict[tuple[str, str], float] = {}
    extra = ("parse", "waits", "arrangements", "to_dict", "line", "summary", "line-summary") if stages else ()
    for ruleset in ("lrc", "hefen", "fourwinds", "mcr"):
        for stage in ("score", "awards", *extra):
            per_hand = found[ruleset, stage] = (collected(ruleset, stage, 400) - collected(ruleset, stage, 0)) / 400
            label = f"{ruleset} {stage}, instructions per hand (callgrind, 400 hands)"
            print(f"{label:58} {per_hand / 1e6:9.2f} M")
        if stages:
            ratio(f"{ruleset} batch line / score + to_dict, instructions", found[ruleset, "line"],
                  found[ruleset, "to_dict"])
            ratio(f"{ruleset} batch --summary line / score + summary()", found[ruleset, "line-summary"],
                  found[ruleset, "summary"])
    try:
        import MahjongGB  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return

    def peer(hands: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", _PEER_STAGE, root, str(hands)], capture_output=True, text=True, check=True)
        return int(done.stderr.split("Collected : ")[1].split()[0])

    theirs = (peer(400) - peer(0)) / 400
    print(f"{'mcr score, pymahjonggb, instructions per hand (400 hands)':58} {theirs / 1e6:9.3f} M")
    ratio("MCR, mjscore / pymahjonggb, instructions, awards read", found["mcr", "awards"], theirs)
    ratio("MCR, mjscore / pymahjonggb, instructions, score only", found["mcr", "score"], theirs)


#: Riichi under callgrind: mjscore under riichi-wrc (``awards`` read or ``score`` alone) or the riichi
#: ``mahjong`` package (``mahjong``) on the scoring oracle's hands, warmed on 400 others.
_RIICHI_STAGE = """
import sys
sys.path.insert(0, sys.argv[1])
import mjscore
from mahjong.hand_calculating.hand import HandCalculator
from tools.riichi_oracle import hands, oracle_arguments, ruleset
side, count = sys.argv[2], int(sys.argv[3])
rules = ruleset("riichi-wrc")
sample, warm = list(hands(2026, 400, "riichi-wrc")), list(hands(2027, 400, "riichi-wrc"))
if side == "mahjong":
    arguments = [oracle_arguments(hand, "riichi-wrc") for hand in sample]
    for args, keywords in [oracle_arguments(hand, "riichi-wrc") for hand in warm]:
        HandCalculator.estimate_hand_value(*args, **keywords)
    for args, keywords in arguments[:count]:
        HandCalculator.estimate_hand_value(*args, **keywords)
else:
    for hand in warm:
        mjscore.score(hand, rules).awards
    for hand in sample[:count]:
        score = mjscore.score(hand, rules)
        if side == "awards":
            score.awards
"""


def riichi_instructions_figure() -> None:
    """Instructions a riichi hand under callgrind, mjscore (riichi-wrc) and the riichi ``mahjong``
    package on the same 400 hands (the scoring oracle's), each less the same run with none timed."""
    if shutil.which("valgrind") is None:
        return
    try:
        import mahjong  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return
    root = str(Path(__file__).resolve().parents[1])

    def collected(side: str, hands: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", _RIICHI_STAGE, root, side, str(hands)], capture_output=True, text=True, check=True)
        return int(done.stderr.split("Collected : ")[1].split()[0])

    found = {side: (collected(side, 400) - collected(side, 0)) / 400 for side in ("awards", "score", "mahjong")}
    for side, per_hand in found.items():
        print(f"{'riichi-wrc ' + side + ', instructions a hand (callgrind, 400)':58} {per_hand / 1e6:9.3f} M")
    ratio("riichi-wrc, mjscore / mahjong, instructions, awards read", found["awards"], found["mahjong"])
    ratio("riichi-wrc, mjscore / mahjong, instructions, score only", found["score"], found["mahjong"])


def startup_instructions_figure() -> None:
    """Instructions of a whole ``mjscore`` process under callgrind (the ruleset kept from a run
    before): start-up as a count that the machine's load and speed do not change, beside the CPU
    seconds of :func:`startup_figure`."""
    if shutil.which("valgrind") is None:
        return
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "hand.json"
        record.write_text(json.dumps({"concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p",
                                      "win": "self_draw"}), encoding="utf-8")
        for arguments in (["--help"], ["score", str(record)], ["waits", "123m 456m 789p 234s 777s 9p"]):
            command = [sys.executable, "-m", "mjscore", *arguments]
            subprocess.run(command, check=True, capture_output=True, env=_WRITES_BYTECODE)  # the ruleset kept, .pyc written
            done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                                  capture_output=True, text=True, check=True, env=_WRITES_BYTECODE)
            count = int(done.stderr.split("Collected : ")[1].split()[0])
            print(f"{'CLI start-up instructions, mjscore ' + arguments[0]:58} {count / 1e6:9.0f} M")


#: The figures by name, for ``--only``: each takes the count of inputs of a full run or of ``--quick``.
FIGURES: dict[str, tuple[Callable[[int], None], int, int]] = {
    "lrc": (lrc_figures, 5000, 500),
    "sheet": (sheet_figures, 1000, 100),
    "mcr": (mcr_figures, 10000, 1000),
    "riichi": (riichi_figures, 3000, 500),
    "riichi-wrc": (riichi_wrc_figures, 3000, 500),
    "analysis": (analysis_figures, 500, 100),
    "dense": (dense_figures, 5000, 500),
    "mcr-shanten": (mcr_shanten_figures, 5000, 1000),
    "startup": (lambda _: startup_figure(), 0, 0),
    "batch": (batch_figure, 5000, 1000),
    "dask": (dask_figure, 10000, 2000),
    "memory": (memory_figure, 1000, 100),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    parser.add_argument("--only", default="", help=f"only these figures, comma-separated: {', '.join(FIGURES)}")
    parser.add_argument("--instructions", action="store_true", help="also count instructions under valgrind")
    parser.add_argument("--stages", action="store_true", help="with --instructions: also each stage alone")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()] or list(FIGURES)
    unknown = [name for name in chosen if name not in FIGURES]
    if unknown:
        parser.error(f"no figure named {unknown[0]!r} (figures: {', '.join(FIGURES)})")
    print(f"mjscore benchmarks on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},"
          f" {build_name()}, load average {os.getloadavg()[0]:.1f}")
    for name in chosen:
        figure, full, quick = FIGURES[name]
        figure(quick if args.quick else full)
    if args.instructions:
        instructions_figure(args.stages)
        riichi_instructions_figure()
        startup_instructions_figure()


def build_name() -> str:
    """Which build runs: the core (native, or pure Python: :data:`mjscore.CORE`), and whether the Python
    modules are compiled with mypyc."""
    from mjscore.native import CORE_DETAIL

    compiled = mjscore.arrangements.__file__.endswith((".so", ".pyd"))
    return f"{CORE_DETAIL}, {'modules compiled with mypyc' if compiled else 'Python modules interpreted'}"

if __name__ == "__main__":
    main()
