"""The LRC table against its sources: every award has a golden case (tests/golden/lrc.toml), every
award's points are seed 000's and its Chinese name seed 004's, the three languages agree, and the two
rows no default LRC hand can show: Calling (off unless the table switches it on, ruling 20) and the
dealer streak left out of Chicken Hand's "exactly 1" (ruling 10)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import mjscore

GOLDEN = Path(__file__).parent / "golden" / "lrc.toml"
# CI checks the repository out with shared/ beside it: ../shared from the repository root.
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_EN = SEEDS / "000_2a52c79b4380b5c9.txt"
SEED_ZH = SEEDS / "004_6dd10902fce281fa.txt"

# Awards no golden case can show, and why.
NOT_IN_GOLDEN = {
    "false_single_wait": "never awarded automatically (seed 000, Waits; ruling 4)",
    "calling": "off by default (ruling 20); test_calling_scores_only_when_the_table_switches_it_on",
}
# Awards and table payments from seed 000's notes rather than its tables: (id, pattern in seed 000
# whose first group is the value).
FROM_NOTES = {
    "nico_nico_one_gong": r"one concealed Gong adds (\d+) points",
    "nico_nico_two_gongs": r"one concealed Gong adds \d+ points and two add (\d+)",
    "calling": r"A called hand that wins adds (\d+) points",
    "concealed_gong_collection": r"The player immediately collects 1 Base Point / (\d+) points from every other player",
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


def _rows(path: Path) -> list[tuple[str, int]]:
    """The ``| name | points | when |`` rows of a seed's tables, in order (headers left out)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 3 and cells[1].isdigit():
            rows.append((cells[0], int(cells[1])))
    return rows


def _seed_note(pattern: str) -> int:
    found = re.search(pattern, SEED_EN.read_text(encoding="utf-8"))
    assert found, f"seed 000 has no line matching {pattern!r}"
    return int(found.group(1))


def _rules() -> mjscore.Ruleset:
    return mjscore.get_ruleset("lrc")


def _table() -> dict[str, tuple[str, int]]:
    """Each LRC award and table payment by English name: (id, points or amount each)."""
    rules = _rules()
    table = {a.name.en: (a.id, a.points) for a in rules.awards}
    table.update({t.name.en: (t.id, t.amount) for t in rules.table_payments})
    return table


def test_the_two_seeds_list_the_same_rows() -> None:
    english, chinese = _rows(SEED_EN), _rows(SEED_ZH)
    assert len(english) == len(chinese) > 80
    assert [points for _, points in english] == [points for _, points in chinese]


def test_every_seed_row_is_an_award_with_the_seed_points() -> None:
    table = _table()
    rules = _rules()
    missing = []
    for name, points in _rows(SEED_EN):
        if name == rules.base_name.en:
            assert rules.base == points
        elif name not in table:
            missing.append(name)
        else:
            assert table[name][1] == points, f"{table[name][0]}: {table[name][1]} points, seed 000 says {points}"
    assert missing == []


def test_awards_from_the_seed_notes_have_the_noted_points() -> None:
    rules = _rules()
    values = {a.id: a.points for a in rules.awards} | {t.id: t.amount for t in rules.table_payments}
    assert {key: values[key] for key in FROM_NOTES} == {key: _seed_note(p) for key, p in FROM_NOTES.items()}
    in_tables = {name for name, _ in _rows(SEED_EN)}
    not_in_tables = {award_id for name, (award_id, _) in _table().items() if name not in in_tables}
    assert not_in_tables == set(FROM_NOTES) | {"dealer_streak"}


def test_the_dealer_streak_adds_the_noted_3_5_7() -> None:
    noted = r"Dealer streak: consecutive dealer wins add (\d+), (\d+), (\d+) points"
    found = re.search(noted, SEED_EN.read_text(encoding="utf-8"))
    assert found
    got = []
    for streak in (1, 2, 3):
        award = mjscore.score(mjscore.Hand.from_dict({**EAST_SMALL, "dealer_streak": streak})).award("dealer_streak")
        got.append(award.value if award else 0)
    assert got == [int(n) for n in found.groups()]


def test_zh_hans_names_are_seed_004s() -> None:
    table = _table()
    rules = _rules()
    names = {a.id: a.name.zh_hans for a in rules.awards} | {t.id: t.name.zh_hans for t in rules.table_payments}
    pairs = [(english, chinese) for (english, _), (chinese, _) in zip(_rows(SEED_EN), _rows(SEED_ZH), strict=True)]
    expected = {table[english][0]: chinese for english, chinese in pairs if english in table}
    assert {key: names[key] for key in expected} == expected
    base = dict(pairs)[rules.base_name.en]
    assert rules.base_name.zh_hans == base


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
