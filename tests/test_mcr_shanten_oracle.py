"""mjscore's hand analysis against pymahjonggb's shanten calculator on seeded random MCR hands
(tools/mcr_shanten_oracle.py holds the generator and the comparison; it also runs 1,000,000 hands).

Every hand must agree on the shanten and the useful tiles, or differ only for a reason listed in
``EXCEPTIONS`` (each one explained in docs/rulesets/mcr.md, "Hand analysis").
"""

from __future__ import annotations

from collections import Counter

import pytest
from tool_modules import load_tool

import mjscore
from mjscore.analysis import held_hand
from mjscore.hand import Meld, MeldKind
from mjscore.tiles import parse_tiles

oracle = load_tool("mcr_shanten_oracle")
#: 100,000 random hands in CI, as issue 14 asks (about 90 s of CPU: 30,000 took 26 s); the tool
#: compares 1,000,000 (see the MCR notes for its counts).
HANDS = 100_000


def test_random_hands_agree_with_pymahjonggb() -> None:
    reasons: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    problems = []
    for hand in oracle.hands(seed=14, count=HANDS):
        outcome = oracle.compare(hand)
        reasons[outcome.reason] += 1
        levels[outcome.ours[0]] += 1
        if not outcome.agrees:
            problems.append(oracle.describe(outcome))
    assert not problems, "\n".join(problems[:10])
    assert reasons[""] > 0.9 * HANDS
    assert set(reasons) <= {"", *oracle.EXCEPTIONS}
    assert {0, 1, 2, 3, 4} <= set(levels), "the generator must reach ready and far hands"


def _held(tiles: str, *melds: tuple[MeldKind, str]) -> mjscore.Hand:
    return held_hand(parse_tiles(tiles), tuple(Meld(kind, parse_tiles(t)) for kind, t in melds))


def test_each_exception_is_recognised_on_the_hand_that_shows_it() -> None:
    # 1111m beside three pungs: pymahjonggb calls it ready on 1m, a fifth copy.
    fifth = _held("1111m", (MeldKind.PUNG, "555p"), (MeldKind.PUNG, "666p"), (MeldKind.PUNG, "777p"))
    # pymahjonggb lists 5s, whose four copies are the player's declared kong.
    held_four = _held("6m 349s", (MeldKind.KONG, "5555s"), (MeldKind.PUNG, "666s"), (MeldKind.PUNG, "SSS"))
    # Drawing 8m and discarding 9p leaves 89m 88s, which waits only on 7m: a fifth copy beside the pung
    # of 7m and the chow 789m. (pymahjonggb also lists 7m itself, held four times.)
    leads = _held("9m 9p 88s", (MeldKind.PUNG, "777s"), (MeldKind.PUNG, "777m"), (MeldKind.CHOW, "789m"))
    reasons = [oracle.compare(hand).reason for hand in (fifth, held_four, leads)]
    assert reasons == list(oracle.EXCEPTIONS)


def test_a_real_difference_is_reported_as_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _held("123m 456p 789s EE CF")
    assert oracle.compare(hand).reason == ""
    monkeypatch.setattr(oracle, "oracle_analysis", lambda hand: (1, frozenset(parse_tiles("E"))))
    assert oracle.compare(hand).reason == "disagreement"
