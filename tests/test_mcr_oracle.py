"""mjscore against pymahjonggb, an independent C++ MCR fan calculator, on 20,000 seeded random hands
(tools/mcr_oracle.py holds the generator and the comparison; it also runs the 1,000,000-hand check).

Every hand must agree fan by fan, or differ only for a reason listed in ``EXCEPTIONS`` (each one
documented in docs/rulesets/mcr.md with the rule that decides it) or as an equal-scoring tie between
two arrangements. Measured on the 2-core CI machine: about 35 seconds.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest
from tool_modules import load_tool

import mjscore

oracle = load_tool("mcr_oracle")
HANDS = 20_000


def test_twenty_thousand_random_hands_agree_with_pymahjonggb() -> None:
    reasons: Counter[str] = Counter()
    shapes: Counter[str] = Counter()
    problems = []
    for hand in oracle.hands(seed=2024, count=HANDS):
        outcome = oracle.compare(hand)
        reasons[outcome.reason] += 1
        shapes[mjscore.score(hand).arrangement.shape] += 1
        if not outcome.agrees:
            problems.append(f"{hand.to_dict()}: mjscore {dict(outcome.ours)}, pymahjonggb {dict(outcome.theirs)}")
    assert not problems, "\n".join(problems[:10])
    assert reasons[""] > 0.9 * HANDS
    assert set(reasons) <= {"", "tie", *oracle.EXCEPTIONS}
    assert set(shapes) == set(mjscore.get_ruleset("mcr").shapes), "the generator must reach every shape"


def _hand(**record: object) -> mjscore.Hand:
    return mjscore.Hand.from_dict({"ruleset": "mcr", "win": "discard", **record})


def test_each_exception_is_recognised_on_the_hand_that_shows_it() -> None:
    kongs = _hand(concealed="567p 12s 99s", win_tile="3s",
                  melds=[{"kind": "kong", "tiles": "1111m"}, {"kind": "kong", "tiles": "4444p", "concealed": True}])
    held_four = _hand(concealed="1123444p", win_tile="1p",
                      melds=[{"kind": "pung", "tiles": "888p"}, {"kind": "chow", "tiles": "456p"}])
    knitted = _hand(concealed="258m 23469p 14788s", win_tile="3p")
    reasons = [oracle.compare(hand).reason for hand in (kongs, held_four, knitted)]
    assert reasons == list(oracle.EXCEPTIONS)


def test_a_real_difference_is_reported_as_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _hand(concealed="234m 345p 67s 99s", win_tile="8s", melds=[{"kind": "chow", "tiles": "678m"}])
    assert oracle.compare(hand).reason == ""
    monkeypatch.setattr(oracle, "oracle_fans", lambda hand: Counter({"Chicken Hand": 1}))
    assert oracle.compare(hand).reason == "disagreement"


def test_the_generator_is_seeded_and_makes_legal_13_tile_hands() -> None:
    first = list(oracle.hands(seed=5, count=50))
    assert first == list(oracle.hands(seed=5, count=50))
    for hand in first:
        assert len(hand.concealed) + 3 * len(hand.melds) == 13
        mjscore.score(hand)


def test_every_mcr_golden_case_agrees_with_pymahjonggb() -> None:
    """The MCR golden cases, worked out by hand (tests/golden/mcr.toml: near misses and cases of every
    fan), scored by pymahjonggb as well: each agrees fan by fan or differs for a documented reason, so a
    hand-worked case and the independent calculator hold each other."""
    with (Path(__file__).parent / "golden" / "mcr.toml").open("rb") as handle:
        cases = tomllib.load(handle)["case"]
    problems = []
    for case in cases:
        hand = mjscore.Hand.from_dict({"ruleset": "mcr", **case["hand"]})
        outcome = oracle.compare(hand)
        if not outcome.agrees:
            problems.append(f"{case['name']}: mjscore {dict(outcome.ours)}, pymahjonggb {dict(outcome.theirs)}")
    assert not problems, "\n".join(problems)
    assert len(cases) > 100
