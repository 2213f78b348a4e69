"""Hé Fēn (seed 002, rulings 1-10 and 21-22): each difference from LRC shown by one hand scored under
both rulesets, the table payments (implied by a hand, or events recorded when they happen), the
minimum to win, house rules from the library and the command line, and the golden file's coverage.

Every expected value is worked out by hand from seed 000 (LRC) and seed 002 (Hé Fēn); the hands are
described beside them."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjscore
from mjscore.interfaces.cli import app
from mjscore.scoring.engine import record_event

GOLDEN = Path(__file__).parent / "golden" / "hefen.toml"
runner = CliRunner()

ALL_SHEUNG = "123m 456m 789p 234s 67s 99p"
# One point before the base (No Flower tiles: 1): an exposed pung and chows, wind eyes, a two-sided wait.
ONE_POINT: dict[str, Any] = {
    "seat": "S", "round": "E", "concealed": "234s EE 67m", "win_tile": "8m", "win": "discard", "discarder": "W",
    "melds": [{"kind": "chow", "tiles": "123m"}, {"kind": "pung", "tiles": "777s"}, {"kind": "chow", "tiles": "456p"}]}


def _score(record: dict[str, Any], ruleset: str = "hefen", overrides: dict[str, Any] | None = None) -> mjscore.Score:
    rules = mjscore.get_ruleset(ruleset)
    if overrides:
        rules = mjscore.apply_house_rules(rules, overrides)
    return mjscore.score(mjscore.Hand.from_dict({**record, "ruleset": ruleset}), rules)


def _values(result: mjscore.Score, ids: set[str]) -> dict[str, int | None]:
    """The value of each award in ``ids`` (None where the hand does not earn it)."""
    earned = {a.id: a.value for a in result.awards}
    return {award_id: earned.get(award_id) for award_id in ids}


def _payments(payment: mjscore.TablePayment) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.amount) for p in payment.payments]


# ----- each difference from LRC, by one hand scored under both rulesets
# (hand, LRC awards, Hé Fēn awards); an award absent from a ruleset's expectation is None there.

DIFFERENCES: dict[str, tuple[dict[str, Any], dict[str, int | None], dict[str, int | None]]] = {
    "a second group of Sister Pongs scores again (and Sister Pongs are 5, not 3)": (
        {"seat": "S", "round": "E", "concealed": "EE 11s", "win_tile": "1s", "win": "self_draw",
         "melds": [{"kind": "pung", "tiles": t} for t in ("333m", "333p", "777s", "777p")]},
        {"two_sister_pongs": 3}, {"two_sister_pongs": 10}),
    "a second group of Brother Sheungs scores again": (
        {"seat": "S", "round": "E", "concealed": "123m 123m 456p 456p 789s 5s", "win_tile": "5s", "win": "discard",
         "discarder": "W"},
        {"two_brother_sheungs": 5}, {"two_brother_sheungs": 10}),
    "a second run of Sequential Pongs scores again": (
        {"seat": "S", "round": "E", "concealed": "777p 888p 345s 9s", "win_tile": "9s", "win": "discard",
         "discarder": "W", "melds": [{"kind": "pung", "tiles": "111m"}, {"kind": "pung", "tiles": "222m"}]},
        {"two_neighbour_pongs": 5}, {"two_sequential_pongs": 10}),
    "a second Four-in-N-Ways rank scores again": (
        {"seat": "S", "round": "E", "concealed": "777p 789p 222s 234s 567m 9m", "win_tile": "9m", "win": "discard",
         "discarder": "W"},
        {"four_in_two_ways": 5}, {"four_in_two_ways": 10}),
    "4 Sister Sheungs (LRC: one group of 3)": (
        {"seat": "E", "round": "E", "concealed": "456s 456m 789p 1s", "win_tile": "1s", "win": "self_draw",
         "melds": [{"kind": "chow", "tiles": "456m"}, {"kind": "chow", "tiles": "456p"}]},
        {"three_sister_sheungs": 10}, {"four_sister_sheungs": 25, "three_sister_sheungs": None}),
    "5 Sister Sheungs (LRC: a group of 3 and a group of 2)": (
        {"seat": "W", "round": "E", "concealed": "345p 8s", "win_tile": "8s", "win": "discard", "discarder": "N",
         "melds": [{"kind": "chow", "tiles": t} for t in ("345m", "345p", "345s", "345m")]},
        {"three_sister_sheungs": 10, "two_sister_sheungs": 3},
        {"five_sister_sheungs": 40, "three_sister_sheungs": None, "two_sister_sheungs": None}),
    "3 Sister Pongs are 15 (LRC 10)": (
        {"seat": "S", "round": "E", "concealed": "234m 66p 78p", "win_tile": "9p", "win": "discard", "discarder": "W",
         "melds": [{"kind": "pung", "tiles": t} for t in ("555m", "555p", "555s")]},
        {"three_sister_pongs": 10}, {"three_sister_pongs": 15}),
    "4 Concealed Pongs are 30 (LRC 15) and a Terminal Pong Set 5 (LRC 3)": (
        {"seat": "E", "round": "N", "concealed": "CCC FFF 111p 999p 5m", "win_tile": "5m", "win": "self_draw",
         "melds": [{"kind": "pung", "tiles": "PPP"}]},
        {"four_concealed_pongs": 15, "one_terminal_pong_set": 3}, {"four_concealed_pongs": 30, "terminal_pong_set": 5}),
    "5 Concealed Pongs in a fully concealed hand are 100 (LRC 80)": (
        {"seat": "S", "round": "E", "concealed": "111m 333m 555p 777p 999s 2s", "win_tile": "2s", "win": "discard",
         "discarder": "W"},
        {"five_concealed_pongs": 80},
        {"five_concealed_pongs_fully_concealed": 100, "five_concealed_pongs": None}),
    "Pure Dragon is 15 (LRC 10)": (
        {"seat": "W", "round": "E", "concealed": "456s 789s 234p 567p 9m", "win_tile": "9m", "win": "discard",
         "discarder": "S", "melds": [{"kind": "chow", "tiles": "123s"}]},
        {"pure_dragon_exposed": 10}, {"pure_dragon": 15}),
    "the Sapphire Hand (White Dragons with Characters)": (
        {"seat": "W", "round": "E", "concealed": "567m 888m 99m 12m", "win_tile": "3m", "win": "discard",
         "discarder": "N", "melds": [{"kind": "pung", "tiles": "PPP"}, {"kind": "chow", "tiles": "234m"}]},
        {"semi_pure_hand": 30}, {"semi_pure_hand": 30, "sapphire_hand": 20}),
    "2-Suit Hand with no flowers or honours is 15 (LRC 5)": (
        {"seat": "S", "round": "E", "concealed": "123s 789s 234p 5p", "win_tile": "5p", "win": "discard",
         "discarder": "W", "melds": [{"kind": "chow", "tiles": "123s"}, {"kind": "chow", "tiles": "789s"}]},
        {"two_suit_hand": 5}, {"two_suit_no_flowers": 15, "two_suit_hand": None}),
    "Step Up in any suits (LRC: all three suits)": (
        {"seat": "S", "round": "E", "flowers": "2f", "concealed": "234m 456m 345p 678p 55p 67m", "win_tile": "8m",
         "win": "discard", "discarder": "W"},
        {"step_up_sheungs": None}, {"step_up": 5}),
    "All Step Up with a sequential pair is 30 (LRC 20)": (
        {"seat": "S", "round": "E", "concealed": "345s 456m 66s 56p", "win_tile": "7p", "win": "discard",
         "discarder": "W", "melds": [{"kind": "chow", "tiles": "123m"}, {"kind": "chow", "tiles": "234p"}]},
        {"all_step_up_hand": 20}, {"all_step_up_sequential_pair": 30, "all_step_up": None}),
    "Nico Nico with two gongs is 75 in all (LRC 40 + 25), and keeps Elephant Eyes": (
        {"seat": "W", "round": "S", "concealed": "11p 11p 99p 99p 55m NN PP 33s", "win_tile": "3s", "win": "discard",
         "discarder": "S"},
        {"nico_nico": 40, "nico_nico_two_gongs": 25, "good_eyes": None},
        {"nico_nico": None, "nico_nico_two_gongs": 75, "elephant_eyes": 2}),
    "Nico Nico + 3 Sequential Pairs adds 5": (
        {"seat": "N", "round": "E", "concealed": "22m 33m 44m 44m 77p SS FF 99s", "win_tile": "9s", "win": "self_draw"},
        {"nico_nico": 40, "nico_nico_one_gong": 10}, {"nico_nico_one_gong": 50, "nico_nico_sequential_pairs": 5}),
    "16 Orphans with the 1 and the 9 of every suit adds 10": (
        {"seat": "E", "round": "E", "concealed": "149m 159p 169s ESWN PFC", "win_tile": "5p", "win": "self_draw"},
        {"sixteen_orphans": 50}, {"sixteen_orphans": 50, "sixteen_orphans_terminals": 10}),
    "Seabed is 20 (LRC 10)": (
        {"seat": "W", "round": "S", "concealed": ALL_SHEUNG, "win_tile": "5s", "win": "self_draw", "last_tile": True},
        {"seabed": 10}, {"seabed": 20}),
    "early wins count discards only: 6 discards and 3 declared tiles is within 7 (LRC: 9 tiles, within 10)": (
        {"seat": "N", "round": "E", "concealed": ALL_SHEUNG, "win_tile": "5s", "win": "self_draw", "discards": 6,
         "declared_tiles": 3},
        {"within_ten": 10, "within_seven": None}, {"within_seven_discards": 50}),
    "Ding Ding (declared) is 5 and on (LRC's Calling is off unless the table agrees)": (
        {"seat": "S", "round": "E", "concealed": ALL_SHEUNG, "win_tile": "8s", "win": "discard", "discarder": "W",
         "ready_declared": True},
        {"calling": None}, {"ding_ding": 5}),
    "Calling by Pairs is not scored in an All Pong hand": (
        {"seat": "E", "round": "E", "concealed": "99s 11m", "win_tile": "1m", "win": "discard", "discarder": "N",
         "melds": [{"kind": "pung", "tiles": t} for t in ("222p", "333p", "444p", "555p")]},
        {"calling_by_pairs": 2, "all_pong_hand": 25}, {"calling_by_pairs": None, "all_pong_hand": 25}),
    "the dealer streak stops at 6 on the die: 13 (LRC: 2n + 1 with no cap, 15)": (
        {"seat": "E", "round": "E", "concealed": ALL_SHEUNG, "win_tile": "5s", "win": "self_draw", "dealer_streak": 7},
        {"dealer_streak": 15}, {"dealer_streak": 13}),
    "a win on the replacement after one gong is 30 (LRC: Self Draw from Flower Wall 5)": (
        {"seat": "W", "round": "E", "concealed": "123m 456m 789s 3s", "win_tile": "3s", "win": "self_draw",
         "replacement": "gong", "melds": [{"kind": "kong", "tiles": "5555p"}, {"kind": "kong", "tiles": "CCCC",
                                                                                "concealed": True}]},
        {"self_draw_flower_wall": 5}, {"self_drawing_gong": 30}),
}


@pytest.mark.parametrize("difference", list(DIFFERENCES))
def test_each_difference_from_lrc(difference: str) -> None:
    record, lrc, hefen = DIFFERENCES[difference]
    assert _values(_score(record, "lrc"), set(lrc)) == lrc
    assert _values(_score(record, "hefen"), set(hefen)) == hefen


def test_lrc_has_no_minimum_and_hefen_refuses_the_same_small_hand() -> None:
    # 2f is South's: Flower 1 + seat flower 1 (Hé Fēn) / Flower 1 + Flower of player seat 1 (LRC), + base 5.
    record = {**ONE_POINT, "round": "N", "flowers": "2f"}
    lrc, hefen = _score(record, "lrc"), _score(record, "hefen")
    assert (lrc.total, lrc.is_legal) == (7, True)
    assert (hefen.total, hefen.is_legal, hefen.minimum, hefen.shortfall) == (7, False, 26, 19)


def test_the_dealer_pays_the_streak_when_the_dealer_gives_the_winning_tile() -> None:
    # South wins on East's discard, the die on the wall at 3: East pays the hand (All Sheung 15, none of
    # either 5, concealed 5, dealer's tile 1, base 5 = 31) and the streak 2 x 3 + 1 = 7 on top.
    record = {"seat": "S", "round": "E", "concealed": ALL_SHEUNG, "win_tile": "8s", "win": "discard",
              "discarder": "E", "dealer_streak": 3}
    hefen = _score(record)
    assert [(p.payer, p.payee, p.amount) for p in hefen.payments] == [("E", "S", 31)]
    assert [(t.id, _payments(t)) for t in hefen.table_payments] == [("dealer_streak_paid", [("E", "S", 7)])]
    assert _score(record, "lrc").table_payments == ()
    # A robbed gong of the dealer's is a tile the dealer gave (ruling 12): the same 7.
    robbed = _score({**record, "win": "robbing_gong"})
    assert [(t.id, _payments(t)) for t in robbed.table_payments] == [("dealer_streak_paid", [("E", "S", 7)])]
    # The dealer pays only for a tile the dealer gave: West's discard, or a self-draw, implies nothing.
    assert _score({**record, "discarder": "W"}).table_payments == ()
    assert _score({**record, "win": "self_draw", "discarder": None, "win_tile": "5s"}).table_payments == ()


# ----- the minimum to win (ruling 22)


@pytest.mark.parametrize(("round_wind", "legal", "shortfall"), [("E", True, 0), ("S", False, 1), ("W", False, 3),
                                                                 ("N", False, 5)])
def test_the_minimum_ladder_by_round(round_wind: str, legal: bool, shortfall: int) -> None:
    # 4 flowers (6f is South's: 5), no honours 1, All Sheung 5, concealed 5, base 5 = 21.
    record = {"seat": "S", "round": round_wind, "flowers": "1f 6f 3f 8f", "concealed": ALL_SHEUNG, "win_tile": "8s",
              "win": "discard", "discarder": "W"}
    result = _score(record)
    assert (result.total, result.is_legal, result.shortfall) == (21, legal, shortfall)


def test_table_payments_never_count_toward_the_minimum() -> None:
    # A pure flower set (10 from each player) on a hand of flowers 4 + seat flower 1 + base 5 = 10.
    result = _score({**ONE_POINT, "flowers": "1f 2f 3f 4f"})
    assert [(t.id, t.value) for t in result.table_payments] == [("pure_flower_set", 10)]
    assert (result.total, result.is_legal, result.shortfall) == (10, False, 10)


def test_the_dealer_streak_counts_toward_the_minimum() -> None:
    # East: No Flowers 1 + dealer 1 + base 5 = 7; with 6 on the die + 13 = 20, the East-round minimum.
    record = {**ONE_POINT, "seat": "E", "concealed": "234s SS 67m"}
    assert (_score(record).total, _score(record).is_legal) == (7, False)
    streak = _score({**record, "dealer_streak": 6})
    assert (streak.total, streak.is_legal) == (20, True)


# ----- events no hand implies, recorded when they happen (ruling 5)


@pytest.mark.parametrize(("payment_id", "seat", "expected"), [
    ("triple_dice", "E", [("S", "E", 5), ("W", "E", 5), ("N", "E", 5)]),
    ("triple_dice_six", "E", [("S", "E", 10), ("W", "E", 10), ("N", "E", 10)]),
    ("false_mahjong", "W", [("W", "E", 25), ("W", "S", 25), ("W", "N", 25)]),
    ("chasing_honour", "N", [("N", "E", 5), ("N", "S", 5), ("N", "W", 5)]),
    ("chasing_suit", "S", [("S", "E", 10), ("S", "W", 10), ("S", "N", 10)]),
    ("concealed_gong_not_shown", "E", [("E", "S", 10), ("E", "W", 10), ("E", "N", 10)]),
    ("concealed_gong_collection", "S", [("E", "S", 5), ("W", "S", 5), ("N", "S", 5)]),
])
def test_an_event_records_who_pays_whom(payment_id: str, seat: str, expected: list[tuple[str, str, int]]) -> None:
    assert _payments(record_event(mjscore.get_ruleset("hefen"), payment_id, seat)) == expected


def test_an_event_that_happened_twice_pays_twice() -> None:
    gongs = record_event(mjscore.get_ruleset("hefen"), "concealed_gong_collection", "W", count=2)
    assert (gongs.value, _payments(gongs)) == (10, [("E", "W", 10), ("S", "W", 10), ("N", "W", 10)])


@pytest.mark.parametrize(("payment_id", "seat", "count", "message"), [
    ("double_dice", "E", 1, "ruleset hefen has no table payment 'double_dice'"),
    ("triple_dice", "E", 1, "table payment 'triple_dice' is switched off at this table"),
    ("false_mahjong", "X", 1, "seat 'X' is not a seat"),
    ("false_mahjong", "E", 0, "false_mahjong happened 0 times"),
    ("dealer_streak_paid", "S", 1, "a payment from the discarder needs a discarder"),
])
def test_a_bad_event_is_refused_with_the_reason(payment_id: str, seat: str, count: int, message: str) -> None:
    # This table has switched the triple dice off.
    rules = mjscore.apply_house_rules(mjscore.get_ruleset("hefen"), {"table_payments": {"triple_dice": False}})
    with pytest.raises(mjscore.MjscoreError, match=re.escape(message)):
        record_event(rules, payment_id, seat, count=count)


# ----- house rules on Hé Fēn


SEABED = {"seat": "W", "round": "S", "concealed": ALL_SHEUNG, "win_tile": "5s", "win": "self_draw", "last_tile": True}
SEVEN_FLOWERS = {"seat": "S", "round": "E", "flowers": "1f 2f 3f 4f 5f 6f 7f", "win": "flowers"}


def test_house_rules_change_scores_exactly_as_written() -> None:
    # Seabed 20 + self-draw concealed 15 + none of either 5 + All Sheung 15 + base 5 = 60.
    assert _score(SEABED).total == 60
    assert _score(SEABED, overrides={"awards": {"seabed": 30}}).total == 70
    assert _score(SEABED, overrides={"awards": {"seabed": False}}).total == 41  # Self Draw 1 takes its place
    assert _score(SEABED, overrides={"base": 10}).total == 65
    capped = _score(SEABED, overrides={"limit": 50})
    assert (capped.total, capped.limited) == (50, True)
    # The minimum: one number for every round, a table of rounds (the others keep the ladder), or none.
    assert _score(ONE_POINT).is_legal  # Chicken Hand 20 + base 5 = 25, East round 20
    assert not _score(ONE_POINT, overrides={"minimum": 30}).is_legal
    assert _score({**ONE_POINT, "round": "N"}, overrides={"minimum": False}).is_legal
    north_only = _score(ONE_POINT, overrides={"minimum": {"N": 30}})
    assert (north_only.minimum, north_only.is_legal, north_only.ruleset.minimum) == (
        20, True, {"E": 20, "S": 22, "W": 24, "N": 30})


def test_house_rules_switch_a_table_payment_off_or_change_it() -> None:
    assert {t.id: t.value for t in _score(SEVEN_FLOWERS).table_payments} == {"pure_flower_set": 10, "pure_bouquet": 10}
    off = _score(SEVEN_FLOWERS, overrides={"table_payments": {"pure_flower_set": False}})
    assert {t.id: t.value for t in off.table_payments} == {"pure_bouquet": 10}
    rules = mjscore.apply_house_rules(mjscore.get_ruleset("hefen"), {"table_payments": {"false_mahjong": 50}})
    assert record_event(rules, "false_mahjong", "N").value == 50
    assert rules.overrides == ("false_mahjong = 50 each (was 25)",)


def test_the_result_names_the_ruleset_and_every_override() -> None:
    overrides = {"base": 10, "awards": {"seabed": 30, "ding_ding": False}, "table_payments": {"triple_dice": False}}
    data = _score(SEABED, overrides=overrides).to_dict()
    assert data["ruleset"]["id"] == "hefen"
    # Listed in the table's order: Ding Ding's row comes before Seabed's.
    assert data["ruleset"]["overrides"] == ["base = 10", "ding_ding off", "seabed = 30 (was 20)", "triple_dice off"]


@pytest.mark.parametrize(("overrides", "message"), [
    ({"awards": {"sea_bed": 30}}, "house rules: ruleset hefen has no award 'sea_bed'"),
    ({"awards": {"seabed": -5}}, "house rules: awards.seabed cannot be negative (-5)"),
    ({"table_payments": {"chasing_suit": -10}}, "house rules: table_payments.chasing_suit cannot be negative (-10)"),
    ({"table_payments": {"chasing": 10}}, "house rules: ruleset hefen has no table payment 'chasing'"),
    ({"minimum": {"X": 20}}, "house rules: minimum: 'X' is not a round wind"),
])
def test_bad_house_rules_are_refused_with_the_reason(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(mjscore.RulesetError, match=re.escape(message)):
        mjscore.apply_house_rules(mjscore.get_ruleset("hefen"), overrides)


# ----- the command line


def _cli_hand(record: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({**record, "ruleset": "hefen"}), encoding="utf-8")
    return str(path)


def test_the_cli_says_a_hand_below_the_minimum_is_not_a_win_and_exits_1(tmp_path: Path) -> None:
    hand = _cli_hand({**ONE_POINT, "round": "N", "flowers": "2f"}, tmp_path)
    text = runner.invoke(app, ["score", hand])
    assert text.exit_code == 1
    assert "Not a legal win: 7 is 19 short of the minimum of 26" in text.stdout
    data = runner.invoke(app, ["score", hand, "--format", "json"])
    assert data.exit_code == 1
    assert {k: json.loads(data.stdout)[k] for k in ("total", "minimum", "legal", "shortfall")} == {
        "total": 7, "minimum": 26, "legal": False, "shortfall": 19}
    legal = runner.invoke(app, ["score", _cli_hand(ONE_POINT, tmp_path)])
    assert legal.exit_code == 0 and "Not a legal win" not in legal.stdout


def test_the_cli_shows_who_pays_each_table_payment(tmp_path: Path) -> None:
    hand = _cli_hand({"seat": "S", "round": "E", "concealed": ALL_SHEUNG, "win_tile": "8s", "win": "discard",
                      "discarder": "E", "dealer_streak": 3}, tmp_path)
    result = runner.invoke(app, ["score", hand])
    assert "Table payments: Dealer Streak paid by the dealer: East pays South 7" in result.stdout
    table = runner.invoke(app, ["rulesets", "hefen"]).stdout
    assert "False Mahjong: 25 to each other player (recorded when it happens)" in table


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_cli_house_rules_from_toml_or_json(tmp_path: Path, suffix: str) -> None:
    rules = tmp_path / f"house{suffix}"
    settings = {"base": 10, "awards": {"seabed": 30}}
    rules.write_text("base = 10\n[awards]\nseabed = 30\n" if suffix == ".toml" else json.dumps(settings))
    result = runner.invoke(app, ["score", _cli_hand(SEABED, tmp_path), "--rules", str(rules), "--format", "json"])
    data = json.loads(result.stdout)
    assert (data["total"], data["ruleset"]["overrides"]) == (75, ["base = 10", "seabed = 30 (was 20)"])


@pytest.mark.parametrize(("text", "message"), [
    ("[awards]\nsea_bed = 30\n", "error: house.toml line 2: ruleset hefen has no award 'sea_bed' (did you mean 'seabed'?)"),
    ("[awards]\nseabed = -5\n", "error: house.toml line 2: awards.seabed cannot be negative (-5)"),
])
def test_the_cli_refuses_a_bad_house_rules_file(tmp_path: Path, text: str, message: str) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text(text)
    result = runner.invoke(app, ["score", _cli_hand(SEABED, tmp_path), "--rules", str(rules)])
    assert result.exit_code == 2
    assert result.stderr == message + "\n"


# ----- the table itself


def test_every_award_and_implied_table_payment_has_a_golden_case() -> None:
    with GOLDEN.open("rb") as handle:
        cases = tomllib.load(handle)["case"]
    rules = mjscore.get_ruleset("hefen")
    covered = {award["id"] for case in cases for award in case["awards"]}
    paid = {payment for case in cases for payment in case.get("table_payments", {})}
    # False Single Wait is never awarded automatically (ruling 4).
    assert [a.id for a in rules.awards if a.id not in covered] == ["false_single_wait"]
    assert [t.id for t in rules.table_payments if t.pattern is not None and t.id not in paid] == []
