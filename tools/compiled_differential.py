"""Differential test of the compiled evaluator: :func:`mjscore.scoring.engine.score` (the ruleset's
compiled evaluator) against :func:`mjscore.scoring.engine.reference_score` (every pattern called on
every arrangement). The two must give identical scores: awards, counts, details, total, arrangement,
waits, payments and table payments, since :class:`~mjscore.scoring.engine.Score` compares them all;
and the same replaced awards on the score sheet (:func:`mjscore.scoring.sheet.replaced_awards`: from
the rows the compiled evaluator found fired, against the patterns asked again).

Hands: random legal winning hands of every ruleset (``mjscore.sampling.random_winning_hand``, a third
of them in one suit so that they have many arrangements), and for MCR also the MCR differential
test's generator, which makes every MCR shape (``tools/mcr_oracle.py``, when pymahjonggb is installed).
``tests/test_compiled.py`` runs 20,000 hands of each ruleset in CI; a longer run is this script::

    python tools/compiled_differential.py --hands 100000
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import mjscore
from mjscore.hand import Hand
from mjscore.sampling import random_winning_hand
from mjscore.scoring.engine import Score, reference_score, score
from mjscore.scoring.sheet import replaced_awards

RULESETS = tuple(mjscore.rulesets())


def random_hands(ruleset: str, seed: int, count: int) -> Iterator[Hand]:
    """``count`` random winning hands of ``ruleset`` (the same seed, the same hands)."""
    size = mjscore.get_ruleset(ruleset).hand_size
    rng = random.Random(seed)
    for _ in range(count):
        yield random_winning_hand(rng, hand_size=size, ruleset=ruleset, one_suit_chance=0.3)


def mcr_shape_hands(seed: int, count: int) -> Iterator[Hand]:
    """MCR hands of every shape, from the MCR differential test's generator (none without pymahjonggb)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    try:
        from tools.mcr_oracle import hands
    except ImportError:
        return
    yield from hands(seed, count)


def _awards(result: Score) -> list[tuple[str, int, str]]:
    return [(a.id, a.count, a.detail) for a in result.awards]


def differences(hands: Iterator[Hand], ruleset: str) -> tuple[int, list[str]]:
    """(hands compared, a line for each hand whose two scores, or their replaced awards, differ)."""
    rules = mjscore.get_ruleset(ruleset)
    compared = 0
    problems = []
    for hand in hands:
        compared += 1
        fast, reference = score(hand, rules), reference_score(hand, rules)
        if fast != reference:
            problems.append(f"{ruleset} {hand.to_dict()}\n  compiled  {fast.total} {_awards(fast)}"
                            f"\n  reference {reference.total} {_awards(reference)}")
        elif (replaced := replaced_awards(fast)) != (expected := replaced_awards(reference)):
            problems.append(f"{ruleset} {hand.to_dict()}\n  compiled replaced  {replaced}\n  reference replaced {expected}")
    return compared, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    failed = 0
    for ruleset in RULESETS:
        compared, problems = differences(random_hands(ruleset, args.seed, args.hands), ruleset)
        if ruleset == "mcr":
            more, extra = differences(mcr_shape_hands(args.seed, args.hands), ruleset)
            compared, problems = compared + more, problems + extra
        print(f"{ruleset}: {compared} hands, {len(problems)} differ")
        for problem in problems[:20]:
            print(problem)
        failed += len(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
