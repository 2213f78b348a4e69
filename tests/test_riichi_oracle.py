"""mjscore's riichi table against the riichi ``mahjong`` package, an independent hand calculator, on
seeded random hands of every preset (tools/riichi_oracle.py holds the generator and the comparison; it
also runs the 100,000-hand check per preset).

Every hand must agree on the yaku with their han, the han, the fu and every payment, or differ only
for a class listed in ``EXCEPTIONS`` (each documented in docs/rulesets/riichi.md with the rule that
decides it). Measured on the 2-core CI machine: about 20 seconds.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest
from tool_modules import load_tool

import mjscore

oracle = load_tool("riichi_oracle")
HANDS = 3_000


@pytest.mark.parametrize("name", oracle.PRESETS)
def test_random_hands_agree_with_the_mahjong_package(name: str) -> None:
    reasons: Counter[str] = Counter()
    problems = []
    seen: Counter[str] = Counter()
    for hand in oracle.hands(seed=2026, count=HANDS, name=name):
        outcome = oracle.compare(hand, name)
        reasons[outcome.reason] += 1
        if isinstance(outcome.ours[0], dict):
            seen.update(outcome.ours[0])
        if not outcome.agrees:
            problems.append(f"{hand.to_dict()}: mjscore {outcome.ours}, mahjong {outcome.theirs}")
    assert not problems, "\n".join(problems[:10])
    assert reasons[""] > 0.95 * HANDS
    assert set(reasons) <= {"", *oracle.EXCEPTIONS}
    # The generator reaches the yaku of every kind of hand: closed and open, waits, contexts, dora.
    assert {"pinfu", "riichi", "ippatsu", "tanyao", "chiitoitsu", "toitoi", "sanankou", "honitsu", "chinitsu",
            "dora", "ura_dora", "rinshan", "chankan", "haitei", "houtei", "kokushi"} <= set(seen)


def test_each_exception_is_recognised_on_the_hand_that_shows_it() -> None:
    both = mjscore.Hand.from_dict({"ruleset": "riichi", "seat": "S", "win": "discard", "concealed": "CCC E SSS",
                                   "win_tile": "E", "melds": [{"kind": "pung", "tiles": "PPP"},
                                                              {"kind": "pung", "tiles": "FFF"}]})
    assert [oracle.compare(both, "riichi-ema").reason, oracle.compare(both, "riichi-wrc").reason] == [
        oracle.EXCEPTIONS[0], ""]


def test_a_real_difference_is_reported_as_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = mjscore.Hand.from_dict({"ruleset": "riichi", "seat": "S", "win": "discard", "concealed": "123m 456p 789s 23s 55m",
                                   "win_tile": "4s", "ready_declared": True})
    assert oracle.compare(hand, "riichi-wrc").reason == ""
    monkeypatch.setattr(oracle, "their_side", lambda hand, response, name: ({"riichi": 1}, 1, 30, (("W", 1000),)))
    assert oracle.compare(hand, "riichi-wrc").reason == "disagreement"


def test_the_generator_is_seeded_and_makes_legal_13_tile_hands() -> None:
    first = list(oracle.hands(seed=5, count=50, name="riichi-tenhou"))
    assert first == list(oracle.hands(seed=5, count=50, name="riichi-tenhou"))
    for hand in first:
        assert len(hand.concealed) + 3 * len(hand.melds) == 13


def test_every_riichi_golden_case_agrees_with_the_mahjong_package() -> None:
    """The riichi golden cases, worked out by hand (tests/golden/riichi.toml), scored by the package as
    well under their preset (the WRC's where they name none): each agrees or differs for a documented
    class, so a hand-worked case and the independent calculator hold each other."""
    with (Path(__file__).parent / "golden" / "riichi.toml").open("rb") as handle:
        cases = tomllib.load(handle)["case"]
    problems = []
    for case in cases:
        hand = mjscore.Hand.from_dict({"ruleset": "riichi", **case["hand"]})
        outcome = oracle.compare(hand, case.get("preset", "riichi-wrc"))
        if not outcome.agrees:
            problems.append(f"{case['name']}: mjscore {outcome.ours}, mahjong {outcome.theirs}")
    assert not problems, "\n".join(problems)
    assert len(cases) > 50
