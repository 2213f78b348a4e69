"""A digest of the score sheets of many random hands of every ruleset, to compare two builds.

Issue 13 asks that the compiled build (mypyc, ``pip install .`` with a C compiler) and the pure-Python
source give identical results on 100,000 random hands of every ruleset. ``tests/test_mypyc.py``
compares the two line by line on 2,000 hands a ruleset in CI; this script makes the long run
cheap to compare: it prints, for each ruleset, the number of hands and the SHA-256 of their score
sheets (``Score.to_dict()`` as sorted JSON, or the one-line refusal), so that the two builds' outputs
are compared as a few lines::

    .venv/bin/python tools/build_digest.py --hands 100000 > pure.txt
    /path/to/compiled/venv/bin/python tools/build_digest.py --hands 100000 > compiled.txt
    diff pure.txt compiled.txt

The first line names the files ``mjscore.arrangements`` and ``mjscore.scoring.evaluators`` were
loaded from, so that the two runs show which build each was; the diff shows that line and only it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

import mjscore
from mjscore.arrangements import __file__ as arrangements_file
from mjscore.sampling import random_winning_hand
from mjscore.scoring.evaluators import __file__ as evaluators_file


def digest(ruleset: str, seed: int, hands: int) -> str:
    """The SHA-256 of the score sheets of ``hands`` random winning hands of ``ruleset``."""
    rules = mjscore.get_ruleset(ruleset)
    rng = random.Random(seed)
    sha = hashlib.sha256()
    for _ in range(hands):
        hand = random_winning_hand(rng, hand_size=rules.hand_size, ruleset=ruleset, one_suit_chance=0.3)
        try:
            line = json.dumps(mjscore.score(hand, rules).to_dict(), ensure_ascii=False, sort_keys=True)
        except mjscore.MjscoreError as error:
            line = f"{type(error).__name__}: {error}"
        sha.update(line.encode() + b"\n")
    return sha.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"build: {arrangements_file} {evaluators_file}")
    for ruleset in mjscore.rulesets():
        print(f"{ruleset}: {args.hands} hands, sha256 {digest(ruleset, args.seed, args.hands)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
