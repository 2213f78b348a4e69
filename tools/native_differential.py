"""The native core against pure Python: the same answers, byte for byte, on many hands.

mjscore's native core (``mjscore._native``, built at install where a C compiler exists) must answer
exactly as the pure-Python modules do (issue 39). This tool runs the same work in two processes of
one interpreter, one with the native core and one with ``MJSCORE_CORE=python``, and compares what
they print: for every golden case, and for ``--hands`` random hands of every ruleset and every
shipped preset (``mjscore.sampling.random_winning_hand``, seeded), the score as ``mjscore score
--format json`` prints it (``Score.to_dict`` with the score sheet, payments included), the wait set
of the held hand with the total of a win on each wait (``score_waits``), and for one hand in
``--analysed`` the analysis of the hand with its winning tile drawn (shanten, useful tiles, the
discard table), or the one-line refusal of a hand. Each side sends a SHA-256 of every block of
1,000 answers; where two blocks differ, the block is run again line by line and the first
differing answer printed::

    .venv/bin/python tools/native_differential.py --hands 100000

prints one line per ruleset and preset (hands compared, identical or not) and exits 1 if any
differ. ``--lines`` prints every answer of one side instead (``--core python`` or ``native``), for
tests and for a look.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Answers hashed together: a differing block is run again to find its first differing answer.
BLOCK = 1000


def _rulesets() -> list[tuple[str, str, str | None]]:
    """(label, ruleset id, preset name or None) for every ruleset and every shipped preset."""
    import mjscore
    from mjscore.rulesets import presets

    found: list[tuple[str, str, str | None]] = [(name, name, None) for name in mjscore.rulesets()]
    for name in presets():
        found.append((name, name.split("-")[0], name))
    return found


def _answers(label: str, hands: int, analysed: int, golden: Path | None) -> Iterator[str]:
    """Every answer of one ruleset or preset (``label``), one line each, in order."""
    import mjscore
    from mjscore.rulesets import preset
    from mjscore.sampling import random_winning_hand
    from mjscore.scoring.sheet import score_json

    def show(work: Callable[..., object], *arguments: object) -> str:
        try:
            return json.dumps(work(*arguments), ensure_ascii=False, sort_keys=True)
        except mjscore.MjscoreError as error:
            return f"{type(error).__name__}: {error}"

    ruleset, preset_name = dict((a, (b, c)) for a, b, c in _rulesets())[label]
    rules = mjscore.get_ruleset(ruleset)
    if preset_name is not None:
        rules = mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(preset_name)))
    if golden is not None and preset_name is None and (golden / f"{ruleset}.toml").exists():
        for case in tomllib.loads((golden / f"{ruleset}.toml").read_text(encoding="utf-8"))["case"]:
            case_rules = rules
            if "preset" in case:
                case_rules = mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(case["preset"])))
            hand = mjscore.Hand.from_dict({"ruleset": ruleset, **case["hand"]})
            yield show(lambda h, r: score_json(mjscore.score(h, r), "zh-Hant"), hand, case_rules)
    rng = random.Random(int.from_bytes(hashlib.sha256(label.encode()).digest()[:4], 'big'))  # a seed per label
    for number in range(hands):
        hand = random_winning_hand(rng, hand_size=rules.hand_size, ruleset=ruleset, one_suit_chance=0.3)
        yield show(lambda h: score_json(mjscore.score(h, rules)), hand)
        yield show(lambda h: [[t.code, s.total if s else None] for t, s in mjscore.score_waits(h, rules)],
                   replace(hand, win_tile=None))
        if analysed and number % analysed == 0:
            yield show(lambda h: mjscore.analyse(h, rules).to_dict(), hand)


def _emit(labels: list[str], hands: int, analysed: int, golden: Path | None, lines: bool) -> None:
    """One side's output: every answer (``lines``), or a digest per block of answers."""
    for label in labels:
        sha = hashlib.sha256()
        count = 0
        for answer in _answers(label, hands, analysed, golden):
            if lines:
                print(f"{label} {count} {answer}")
            else:
                sha.update(answer.encode() + b"\n")
            count += 1
            if not lines and count % BLOCK == 0:
                print(f"{label} {count} {sha.hexdigest()}", flush=True)
                sha = hashlib.sha256()
        if not lines and count % BLOCK:
            print(f"{label} {count} {sha.hexdigest()}", flush=True)
        print(f"{label} done {count}", flush=True)


def _side(core: str, arguments: list[str]) -> subprocess.Popen[str]:
    environment = {key: value for key, value in os.environ.items() if key != "MJSCORE_CORE"}
    if core == "python":
        environment["MJSCORE_CORE"] = "python"
    return subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--emit", *arguments],
                            stdout=subprocess.PIPE, text=True, env=environment)


def _first_difference(label: str, block_end: int, arguments: list[str]) -> str:
    """The first answer of the block ending at ``block_end`` that the two cores give differently."""
    sides = [_side(core, [*arguments, "--only", label, "--lines"]) for core in ("native", "python")]
    outputs = [side.communicate()[0].splitlines() for side in sides]
    for native, python in zip(*outputs, strict=False):
        if native != python:
            return f"native: {native[:600]}\npython: {python[:600]}"
    return f"block ending at answer {block_end}: the lines agree when printed (a difference of state between runs?)"


def compare(hands: int, analysed: int, golden: Path | None, only: list[str]) -> int:
    """Run both cores, compare block by block; print one line per ruleset and preset. 0 if all agree."""
    from mjscore.native import CORE

    if CORE != "native":
        print("the native core is not built here: nothing to compare (pip install . with a C compiler)")
        return 2
    arguments = ["--hands", str(hands), "--analysed", str(analysed)]
    if golden is not None:
        arguments += ["--golden", str(golden)]
    for label in only:
        arguments += ["--only", label]
    sides = [_side(core, arguments) for core in ("native", "python")]
    differing = 0
    assert sides[0].stdout is not None and sides[1].stdout is not None
    reported: set[str] = set()
    for native, python in zip(sides[0].stdout, sides[1].stdout, strict=False):
        label, count, value = native.split()
        if native != python and label not in reported:
            reported.add(label)
            differing += 1
            print(f"{label}: DIFFERS in the block of answers ending at {count}")
            print(_first_difference(label, int(count), arguments))
        elif count == "done" and label not in reported:
            print(f"{label}: {value} answers, native and pure Python identical", flush=True)
    codes = [side.wait() for side in sides]
    if any(codes):
        print(f"a side failed (exit statuses {codes})")
        return 1
    return 1 if differing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per ruleset and preset")
    parser.add_argument("--analysed", type=int, default=50, help="analyse one hand in this many (0: none)")
    parser.add_argument("--golden", type=Path, default=ROOT / "tests" / "golden", help="golden cases' folder")
    parser.add_argument("--only", action="append", default=[], help="only this ruleset or preset (repeatable)")
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--lines", action="store_true", help="print every answer of this process's core")
    args = parser.parse_args(argv)
    golden = args.golden if args.golden and args.golden.is_dir() else None
    labels = args.only or [label for label, _, _ in _rulesets()]
    if args.emit or args.lines:
        _emit(labels, args.hands, args.analysed, golden, args.lines)
        return 0
    return compare(args.hands, args.analysed, golden, args.only)


if __name__ == "__main__":
    raise SystemExit(main())
