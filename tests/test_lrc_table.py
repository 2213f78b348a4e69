"""The LRC table: every award has a golden case (tests/golden/lrc.toml), and the two rows no default
LRC hand can show: Calling (off unless the table switches it on, ruling 20) and the dealer streak
left out of Chicken Hand's "exactly 1" (ruling 10). Its points and names against the source texts
themselves: checks/test_lrc_against_seeds.py (run by .ci/run where the sources are)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import mjscore

GOLDEN = Path(__file__).parent / "golden" / "lrc.toml"
# Awards no golden case can show, and why.
NOT_IN_GOLDEN = {
    "false_single_wait": "never awarded automatically (seed 000, Waits; ruling 4)",
}
# South, concealed all-sheung hand on West's discard: No Flowers, Winds or Dragons 5 + All Sheung
# with no Flowers, Winds or Dragons 15 + Concealed Hand 5 + base 5 (golden case 1).
ALL_SHEUNG: dict[str, Any] = {
    "ruleset": "lrc", "seat": "S", "round": "E", "concealed": "123m 456m 789p 234s 67s 99p",
    "win_tile": "8s", "win": "discard", "discarder": "W"}
# East's smallest hand on North's discard: No Flower tiles 1 + East Seat 1 (+ the streak).
EAST_SMALL: dict[str, Any] = {
    "ruleset": "lrc", "seat": "E", "round": "E", "melds": [{"kind": "chow", "tiles": "234m"}],
    "concealed": "678m 567p 78p 111s EE", "win_tile": "9p", "win": "discard", "discarder": "N"}


def _rules() -> mjscore.Ruleset:
    return mjscore.get_ruleset("lrc")


def test_every_award_and_table_payment_has_a_golden_case() -> None:
    with GOLDEN.open("rb") as handle:
        cases = tomllib.load(handle)["case"]
    rules = _rules()
    awarded = {award["id"] for case in cases for award in case["awards"]}
    paid = {key for case in cases for key in case.get("table_payments", {})}
    assert set(NOT_IN_GOLDEN) <= {a.id for a in rules.awards}
    assert [a.id for a in rules.awards if a.id not in awarded | set(NOT_IN_GOLDEN)] == []
    assert [t.id for t in rules.table_payments if t.id not in paid] == []
    assert awarded.isdisjoint(NOT_IN_GOLDEN)


def test_calling_scores_only_when_the_table_switches_it_on() -> None:
    called = mjscore.Hand.from_dict({**ALL_SHEUNG, "ready_declared": True})
    uncalled = mjscore.Hand.from_dict(ALL_SHEUNG)
    calling_table = mjscore.apply_house_rules(_rules(), {"awards": {"calling": True}})
    by_default = mjscore.score(called)
    assert by_default.award("calling") is None and by_default.total == 30
    switched_on = mjscore.score(called, calling_table)
    award = switched_on.award("calling")
    assert award is not None and award.value == 5 and switched_on.total == 35
    assert mjscore.score(uncalled, calling_table).total == 30


def test_the_dealer_streak_does_not_count_toward_chicken_hands_exactly_1() -> None:
    # An East win always holds East Seat 1 and a flower or No Flower tiles 1, so only a table without
    # the East Seat row can show ruling 10: No Flower tiles 1 + streak 3 is a Chicken Hand (20),
    # and the streak is kept: 20 + 3 + base 5.
    no_east_seat = mjscore.apply_house_rules(_rules(), {"awards": {"east_seat": False}})
    result = mjscore.score(mjscore.Hand.from_dict({**EAST_SMALL, "dealer_streak": 1}), no_east_seat)
    assert sorted((a.id, a.value) for a in result.awards) == [("chicken_hand", 20), ("dealer_streak", 3)]
    assert result.total == 28


def test_calling_by_pairs_is_broken_by_a_kind_that_pongs_a_pair_only_in_nico_nico() -> None:
    # Held 1111m 22m 3333m 4444m 55m waits on 2m and 5m. 5m pongs 55m in a regular hand (33m eyes,
    # 111m 123m 234m 444m 555m), but 2m completes the hand only as Nico Nico (222m with six pairs):
    # ruling 27 asks each waiting kind to pong a held pair in a regular hand, so no Calling by Pairs.
    # Nico Nico would outscore the regular hand, so the table here has no Nico Nico rows; the regular
    # arrangement then wins: No Flowers, Winds or Dragons 5, Pure Suit 90, 2 Concealed Pongs 5 (555m is
    # claimed), Concealed Hand 5, Four in 3 ways 10 (3m in the eyes, 123m, 234m), 2 Neighbour Pongs 5
    # (444m 555m), base 5.
    no_nico = mjscore.apply_house_rules(_rules(), {"awards": {
        "nico_nico": False, "nico_nico_one_gong": False, "nico_nico_two_gongs": False}})
    hand = mjscore.Hand.from_dict({"ruleset": "lrc", "seat": "S", "round": "E", "concealed": "1111m 22m 3333m 4444m 55m",
                                   "win_tile": "5m", "win": "discard", "discarder": "W"})
    result = mjscore.score(hand, no_nico)
    assert [t.code for t in result.waits] == ["2m", "5m"]
    assert result.arrangement is not None and result.arrangement.shape == "regular"
    assert sorted((a.id, a.value) for a in result.awards) == [
        ("concealed_hand", 5), ("four_in_three_ways", 10), ("no_flowers_or_honours", 5),
        ("pure_suit_hand", 90), ("two_concealed_pongs", 5), ("two_neighbour_pongs", 5)]
    assert result.total == 125
