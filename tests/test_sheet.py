"""The score sheet model (mjscore.scoring.sheet) on golden hands: the rows with the sets behind
them, the awards replaced by a bigger one and by which, the minimum and shortfall sentence, the
payments with seats; and the text sheet of ``mjscore score`` printing that same model.

Expected rows and replaced awards are worked out from the ruleset tables (the row cited beside each);
the sets are the hand's own tiles."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjscore
from mjscore.interfaces.cli import app
from mjscore.labels import catalogue, unit_name
from mjscore.rulesets import preset
from mjscore.scoring.ruleset import AwardRule, Names
from mjscore.scoring.sheet import How, Row, Scope, Sheet, sheet

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden"

# LRC golden case 1: South, concealed, all sheung, on West's discard of 8s.
ALL_SHEUNG: dict[str, Any] = {"ruleset": "lrc", "seat": "S", "round": "E", "concealed": "123m 456m 789p 234s 67s 99p",
                              "win_tile": "8s", "win": "discard", "discarder": "W"}
# LRC golden "3 Sister Sheungs": 456m (declared) 456p 456s, NNN, 789m, 99p; 9m from West.
SISTERS: dict[str, Any] = {"ruleset": "lrc", "seat": "S", "round": "E", "melds": [{"kind": "chow", "tiles": "456m"}],
                           "concealed": "456p 456s NNN 78m 99p", "win_tile": "9m", "win": "discard", "discarder": "W"}
# The web's hand with flowers: South holds the Orchid (2f) and Summer (6f), both South's (ruling 11).
FLOWERS: dict[str, Any] = {"ruleset": "lrc", "seat": "S", "round": "E", "concealed": "123m 456m 789p 67s 99p",
                           "melds": [{"kind": "pung", "tiles": "CCC"}], "flowers": "2f 6f", "win_tile": "8s",
                           "win": "discard", "discarder": "W"}
# MCR below the minimum once its flowers are set aside (tests/test_hostile_input.py; ruling 26).
MCR_FLOWERS: dict[str, Any] = {"ruleset": "mcr", "seat": "E", "round": "E", "concealed": "123m 789m 456p 345s 5p",
                               "win_tile": "5p", "win": "discard", "discarder": "S", "flowers": "1f 2f 3f"}
MCR_FLOWERS_ARGS = ["score", "--ruleset", "mcr", "--win-tile", "5p", "--discarder", "S", "--flowers", "1f 2f 3f",
                    "123m 789m 456p 345s 5p"]


def _sheet(record: dict[str, Any]) -> Sheet:
    return sheet(mjscore.score(mjscore.Hand.from_dict(record)))


def _rows(shown: Sheet) -> list[tuple[str, int, str, list[str]]]:
    """Each row's id, value, scope and sets (those of a whole-hand row in tile order)."""
    def sets(row: Row) -> list[str]:
        written = [mjscore.format_tiles(s, sort=False) for s in row.sets]
        return sorted(written, key=lambda text: mjscore.parse_tiles(text)[0].index) if row.scope is Scope.HAND else written
    return [(r.id, r.value, r.scope.value, sets(r)) for r in shown.rows]


def test_the_all_sheung_hand_lists_the_awards_its_bigger_ones_replaced() -> None:
    shown = _sheet(ALL_SHEUNG)
    # seed 000: No Flowers, Winds or Dragons 5, All Sheung with no Flowers, Winds or Dragons 15,
    # Concealed Hand 5: awards on the whole hand.
    assert [(r.id, r.value, r.scope) for r in shown.rows] == [
        ("no_flowers_or_honours", 5, Scope.HAND), ("all_sheung_no_flowers_or_honours", 15, Scope.HAND),
        ("concealed_hand", 5, Scope.HAND)]
    assert {mjscore.format_tiles(s) for s in shown.rows[0].sets} == {"99p", "123m", "456m", "789p", "234s", "678s"}
    # The table's groups: "absence" keeps No Flowers, Winds or Dragons 5 over No Flower tiles 1 and
    # No Wind and Dragon tiles 1; "all_sheung" keeps the 15 over All Sheung Hand 5.
    assert [(r.id, r.points * r.count, r.how, r.by) for r in shown.replaced] == [
        ("no_flowers", 1, How.GROUP, "no_flowers_or_honours"), ("no_honours", 1, How.GROUP, "no_flowers_or_honours"),
        ("all_sheung_hand", 5, How.GROUP, "all_sheung_no_flowers_or_honours")]
    assert shown.replaced[2].text("en") == "replaced by All Sheung with no Flowers, Winds or Dragons"
    assert shown.replaced[2].text("zh-Hant") == "被無花無字全順子取代"
    assert (shown.total, shown.base) == (30, 5)
    assert shown.payments_text("en") == "West pays South 30"
    assert shown.payments_text("zh-Hant") == "西 付給 南 30"


def test_sister_sheungs_name_the_three_chows() -> None:
    shown = _sheet(SISTERS)
    # seed 000: No Flower tiles 1, Pong of Winds 1 (NNN), 3 Sister Sheungs 10 (456m 456p 456s).
    assert _rows(shown) == [("no_flowers", 1, "hand", ["456m", "789m", "456p", "99p", "456s", "NNN"]),
                            ("wind_pong", 1, "sets", ["NNN"]),
                            ("three_sister_sheungs", 10, "sets", ["456m", "456p", "456s"])]


def test_flowers_are_tiles_and_each_row_names_its_own() -> None:
    shown = _sheet(FLOWERS)
    # seed 000: Flower 1 each (2f 6f), Flower of player seat 1 each (South's: 2f and 6f), Pong of Dragons 2.
    assert _rows(shown) == [("flower", 2, "flowers", ["26f"]), ("seat_flower", 2, "flowers", ["26f"]),
                            ("dragon_pong", 2, "sets", ["CCC"])]
    assert [t.code for t in shown.flowers] == ["2f", "6f"]
    data = shown.to_dict("zh-Hant")
    assert data["flowers"] == ["2f", "6f"] and data["rows"][0]["sets"] == [["2f", "6f"]]


def test_an_east_flower_row_names_only_the_winners_flowers() -> None:
    # East holds 1f (East's), 3f (West's) and 5f (East's): Flower x3, Flower of player seat x2 (1f 5f).
    shown = _sheet({**FLOWERS, "seat": "E", "flowers": "1f 3f 5f", "discarder": "S"})
    rows = {r.id: r for r in shown.rows}
    assert [t.code for s in rows["flower"].sets for t in s] == ["1f", "3f", "5f"]
    assert [t.code for s in rows["seat_flower"].sets for t in s] == ["1f", "5f"]


def test_the_mcr_shortfall_is_said_once_and_the_same_in_every_language() -> None:
    shown = _sheet(MCR_FLOWERS)
    # seed 001: Concealed Hand 2, All Chows 2 (replaces No Honors), Two Terminal Chows 1 (123m 789m),
    # Closed Wait 1 (5p), Flower Tiles 1 x3 = 9; the 8 minimum is counted without flowers: 6, 2 short.
    assert _rows(shown) == [
        ("concealed_hand", 2, "hand", ["123m", "789m", "456p", "55p", "345s"]),
        ("all_chows", 2, "hand", ["123m", "789m", "456p", "55p", "345s"]),
        ("two_terminal_chows", 1, "sets", ["123m", "789m"]), ("closed_wait", 1, "sets", ["5p"]),
        ("flower_tiles", 3, "flowers", ["123f"])]
    assert [(r.id, r.how, r.by) for r in shown.replaced] == [("no_honors", How.REPLACES, "all_chows")]
    assert shown.minimum is not None
    assert (shown.minimum.minimum, shown.minimum.counted, shown.minimum.shortfall) == (8, 6, 2)
    assert shown.minimum.text("en") == "Not a legal win: 6 is 2 short of the minimum of 8 (counted without Flower Tiles)"
    assert shown.minimum.text("zh-Hant") == "未達起胡分：6 比起胡分 8 少 2（不計花牌）"
    assert shown.payments_text("zh-Hans") == "无：未达起胡，不是合法的胡牌"


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant", "ja"])
def test_the_text_sheet_prints_the_models_sentences(lang: str) -> None:
    printed = runner.invoke(app, [*MCR_FLOWERS_ARGS, "--lang", lang])
    assert printed.exit_code == 1
    shown = _sheet(MCR_FLOWERS)
    lines = printed.stdout.splitlines()
    assert shown.minimum is not None and shown.minimum.text(lang) in lines
    assert sum(shown.minimum.text(lang) in line for line in lines) == 1  # said once
    for row in shown.rows:
        assert any(row.names.get(lang) in line and f" {row.value} " in line for line in lines)
    for gone in shown.replaced:
        assert any(gone.names.get(lang) in line and gone.text(lang) in line for line in lines)
    answer = json.loads(runner.invoke(app, [*MCR_FLOWERS_ARGS, "--lang", lang, "--format", "json"]).stdout)
    assert answer["sheet"] == shown.to_dict(lang)
    assert answer["shortfall"] == 2 and answer["legal"] is False  # the fields scripts already read


def _golden() -> list[Any]:
    found = []
    for path in sorted(GOLDEN.glob("*.toml")):
        with path.open("rb") as handle:
            for number, case in enumerate(tomllib.load(handle)["case"], 1):
                found.append(pytest.param({"ruleset": path.stem, **case["hand"]}, case.get("preset"),
                                          case.get("house_rules"), id=f"{path.stem}-{number}"))
    return found


@pytest.mark.parametrize(("record", "named", "house_rules"), _golden())
def test_every_golden_award_names_tiles_and_every_uncounted_one_says_why(record: dict[str, Any], named: str | None,
                                                                        house_rules: dict[str, Any] | None) -> None:
    rules = mjscore.get_ruleset(record["ruleset"])
    if named is not None:  # a case under a shipped preset (tests/test_golden.py)
        rules = mjscore.apply_house_rules(rules, mjscore.read_house_rules(preset(named)))
    if house_rules is not None:  # a case under house rules of its own
        rules = mjscore.apply_house_rules(rules, house_rules)
    result = mjscore.score(mjscore.Hand.from_dict(record), rules)
    shown = sheet(result)
    # Every award is on the sheet once: in the total's rows, or apart as a tai of the dealer's payments
    # (ruling 55), which the total does not hold.
    assert sorted((r.id, r.value) for r in shown.rows + shown.per_payment) == sorted((a.id, a.value) for a in result.awards)
    assert sum(r.value for r in shown.rows) + shown.base == shown.uncapped
    assert all(r.sets and all(r.sets) for r in shown.rows + shown.per_payment), "an award that names no tiles"
    counted = {a.id for a in result.awards}
    replaced = {r.id for r in shown.replaced}
    for gone in shown.replaced:
        # By a counted award, or by one that is itself listed as replaced (Four Winds: Early winning
        # by Early winning 2 of its group, which Heavenly Hand replaces).
        assert gone.by != gone.id and (gone.by in counted or gone.by in replaced)
        rule = result.ruleset.award(gone.id)
        if gone.how is How.GROUP:
            assert rule.group is not None
        elif gone.how is How.REPLACES:
            assert gone.id in result.ruleset.award(gone.by).replaces


def test_chicken_hand_lists_the_small_score_it_replaces() -> None:
    # LRC golden "Chicken Hand": only No Flower tiles 1 before the base, so Chicken Hand 20 replaces
    # it (seed 000, Hand patterns; ruling 18).
    shown = _sheet({"ruleset": "lrc", "seat": "S", "round": "E", "melds": [{"kind": "chow", "tiles": "234m"}],
                    "concealed": "678m 567p 78p 111s EE", "win_tile": "9p", "win": "discard", "discarder": "W"})
    assert [(r.id, r.value, r.scope) for r in shown.rows] == [("chicken_hand", 20, Scope.HAND)]
    assert [(r.id, r.points, r.how, r.by) for r in shown.replaced] == [
        ("no_flowers", 1, How.CONSOLATION, "chicken_hand")]
    assert shown.replaced[0].text("zh-Hans") == "被鸡和取代"  # 鸡和: lrc.toml, chicken_hand


def test_nine_gates_replaces_four_awards_and_takes_one_pung_of_terminals_off() -> None:
    # MCR golden "Nine Gates won on a 5" (seed 001): Nine Gates 88 replaces Full Flush, No Honors,
    # Concealed Hand and Fully Concealed Hand (not shown: won on a discard) and reduces Pung of
    # Terminals or Honors by one: 111m and 999m count once; Two Concealed Pungs 2.
    shown = _sheet({"ruleset": "mcr", "concealed": "1112345678999m", "win_tile": "5m", "win": "discard"})
    assert _rows(shown) == [("nine_gates", 88, "sets", ["1112345678999m"]),
                            ("two_concealed_pungs", 2, "sets", ["111m", "999m"]),
                            ("pung_of_terminals_or_honors", 1, "sets", ["111m", "999m"])]
    assert sorted((r.id, r.value, r.how, r.by) for r in shown.replaced) == [
        ("concealed_hand", 2, How.REPLACES, "nine_gates"), ("full_flush", 24, How.REPLACES, "nine_gates"),
        ("no_honors", 1, How.REPLACES, "nine_gates"), ("pung_of_terminals_or_honors", 1, How.REDUCES, "nine_gates")]
    reduced = next(r for r in shown.replaced if r.how is How.REDUCES)
    assert reduced.text("en") == "1 of it taken off by Nine Gates"


# Ruling 55's own example (golden taiwan "Ruling 55: ..."): South has claimed 123m and self-draws its
# single 9s, the dealer on a streak of 1. 自摸 1 + 獨聽 1 = 2 tai of the hand; 莊家 1 + 連莊 2 = 3 on
# East's payment only (atawmj.md, The rows: 1 莊家, 2 per streak 連莊 拉莊).
STREAK: dict[str, Any] = {"ruleset": "taiwan", "seat": "S", "round": "E", "melds": [{"kind": "chow", "tiles": "123m"}],
                          "concealed": "456m 789p 234s 567s 9s", "win_tile": "9s", "win": "self_draw",
                          "dealer_streak": 1}
STREAK_ARGS = ["score", "--ruleset", "taiwan", "--seat", "S", "--win-tile", "9s", "--win", "self_draw", "--dealer-streak", "1",
               "--meld", "chow 123m", "456m 789p 234s 567s 9s"]
DEALER_SENTENCES = {"en": "The dealer pays 3 tai more: Dealer 1, Dealer streak 2",
                    "zh-Hans": "庄家多付 3 台：庄家 1、连庄拉庄 2", "zh-Hant": "莊家多付 3 台：莊家 1、連莊拉莊 2",
                    # Japanese: the sheet's words, the Taiwanese awards by their Traditional Chinese names.
                    "ja": "親はさらに 3 台 支払う：莊家 1、連莊拉莊 2"}


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant", "ja"])
def test_the_dealers_tai_are_shown_apart_from_the_total(lang: str) -> None:
    shown = _sheet(STREAK)
    assert shown.total == 2
    assert [(r.id, r.value) for r in shown.rows] == [("self_drawn", 1), ("single_wait", 1)]
    assert [(r.id, r.value) for r in shown.per_payment] == [("dealer", 1), ("dealer_streak", 2)]
    assert shown.dealer_text(lang) == DEALER_SENTENCES[lang]
    assert [(p.payer, p.amount) for p in shown.payments] == [("E", 5), ("W", 2), ("N", 2)]
    data = shown.to_dict(lang)
    assert data["total"] == 2 and [r["id"] for r in data["rows"]] == ["self_drawn", "single_wait"]
    assert data["per_payment"]["tai"] == 3 and data["per_payment"]["text"] == DEALER_SENTENCES[lang]
    assert [r["id"] for r in data["per_payment"]["rows"]] == ["dealer", "dealer_streak"]
    assert all(r["per_payment"] for r in data["per_payment"]["rows"])


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant", "ja"])
def test_the_text_sheet_prints_the_total_without_the_dealers_tai(lang: str) -> None:
    printed = runner.invoke(app, [*STREAK_ARGS, "--lang", lang])
    assert printed.exit_code == 0, printed.output
    lines = printed.stdout.splitlines()
    total = catalogue()[lang]["total"]
    assert [line.split() for line in lines if line.split()[:1] == [total]] == [[total, "2", unit_name("tai", lang)]]
    assert DEALER_SENTENCES[lang] in lines
    answer = json.loads(runner.invoke(app, [*STREAK_ARGS, "--lang", lang, "--format", "json"]).stdout)
    assert (answer["total"], answer["dealer_tai"]) == (2, 3)
    assert answer["sheet"] == _sheet(STREAK).to_dict(lang)


def test_the_dealer_collects_the_dealers_tai_on_each_payment_when_the_dealer_wins() -> None:
    # Golden taiwan "The dealer self-draws on a streak of one": 門清 1, 自摸 1, 不求 1 = 3; 莊家 1, 連莊 2.
    shown = _sheet({"ruleset": "taiwan", "seat": "E", "round": "E", "concealed": "123m 456m 789p 234s 67s EE",
                    "win_tile": "8s", "win": "self_draw", "dealer_streak": 1})
    assert shown.total == 3
    assert shown.dealer_text("en") == "The dealer collects 3 tai more on each payment: Dealer 1, Dealer streak 2"
    assert shown.dealer_text("zh-Hant") == "莊家每筆多收 3 台：莊家 1、連莊拉莊 2"


def test_a_cap_on_the_dealers_payment_is_said_beside_it() -> None:
    # Ruling 56 with a house cap of 4 tai: the hand's 2 is under it, East's 2 + 3 = 5 is cut to 4.
    rules = mjscore.apply_house_rules(mjscore.get_ruleset("taiwan"), {"limit": 4})
    shown = sheet(mjscore.score(mjscore.Hand.from_dict(STREAK), rules))
    assert (shown.total, shown.limit, shown.dealer_limit) == (2, None, 4)
    assert [(p.payer, p.amount) for p in shown.payments] == [("E", 4), ("W", 2), ("N", 2)]
    assert shown.dealer_text("en") == "The dealer pays 3 tai more: Dealer 1, Dealer streak 2 (a payment is at most 4)"
    assert shown.dealer_text("zh-Hans") == "庄家多付 3 台：庄家 1、连庄拉庄 2（每笔至多 4）"


def test_a_sheet_without_the_dealers_tai_has_no_sentence_for_them() -> None:
    shown = _sheet({**STREAK, "win": "discard", "discarder": "W"})  # two non-dealers: no 莊家, no 連莊
    assert shown.per_payment == () and shown.dealer_text("en") == "" and shown.to_dict()["per_payment"] is None


def test_the_awards_a_counted_award_could_replace_follow_groups_replaces_and_reduces() -> None:
    """``Ruleset.replaceable``, which the sheet asks of every counted award: its exclusive group's
    awards, those it replaces or reduces, and theirs in turn; an award related to none is alone."""
    def row(award_id: str, **kinds: Any) -> AwardRule:
        return AwardRule(award_id, 1, Names(award_id, award_id, award_id), Names("", "", ""), "test", **kinds)

    rules = replace(mjscore.get_ruleset("lrc"), awards=(
        row("a", group="g", replaces=("c",)), row("b", group="g"), row("c", group="h"),
        row("d", group="h", reduces={"e": 1}), row("e"), row("f")))
    assert rules.replaceable("a") == {"a", "b", "c", "d", "e"}
    assert rules.replaceable("b") == {"a", "b", "c", "d", "e"}  # through its group rival a
    assert rules.replaceable("d") == {"c", "d", "e"}
    assert rules.replaceable("e") == {"e"} and rules.replaceable("f") == {"f"}


# Ruling 59 (golden taiwan "Platform: 嚦咕嚦咕, seven pairs and a pung"): under taiwan-platform 嚦咕嚦咕 8
# replaces 門清 (atawmj.md: 必然並存者取高), so every sheet lists 門清 1 under the replaced awards, "replaced by
# 嚦咕嚦咕", beside 無花 1 replaced by 無字無花 2 (group `absence`): 8 + 2 = 10.
LIGULIGU: dict[str, Any] = {"ruleset": "taiwan", "seat": "S", "round": "E", "concealed": "11m 22m 33p 44p 55s 66s 77s 99m",
                            "win_tile": "9m", "win": "discard", "discarder": "W"}
LIGULIGU_ARGS = ["score", "--ruleset", "taiwan", "--rules", "platform", "--seat", "S", "--discarder", "W",
                 "--win-tile", "9m", "11m 22m 33p 44p 55s 66s 77s 99m"]
LIGULIGU_REPLACED = {"en": "replaced by Seven pairs and a pung", "zh-Hans": "被呖咕呖咕取代", "zh-Hant": "被嚦咕嚦咕取代",
                     "ja": "嚦咕嚦咕があるため計上しない"}


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant", "ja"])
def test_seven_pairs_and_a_pung_replaces_concealed_hand_on_every_sheet(lang: str) -> None:
    rules = mjscore.apply_house_rules(mjscore.get_ruleset("taiwan"), mjscore.read_house_rules(preset("taiwan-platform")))
    shown = sheet(mjscore.score(mjscore.Hand.from_dict(LIGULIGU), rules))
    assert shown.total == 10
    assert [(r.id, r.value) for r in shown.rows] == [("no_flowers_or_honours", 2), ("seven_pairs_and_pung", 8)]
    assert [(r.id, r.points * r.count, r.how, r.by) for r in shown.replaced] == [
        ("concealed_hand", 1, How.REPLACES, "seven_pairs_and_pung"), ("no_flowers", 1, How.GROUP, "no_flowers_or_honours")]
    assert shown.replaced[0].text(lang) == LIGULIGU_REPLACED[lang]
    printed = runner.invoke(app, [*LIGULIGU_ARGS, "--lang", lang])
    assert printed.exit_code == 0, printed.output
    assert any(LIGULIGU_REPLACED[lang] in line for line in printed.stdout.splitlines())
    answer = json.loads(runner.invoke(app, [*LIGULIGU_ARGS, "--lang", lang, "--format", "json"]).stdout)
    assert answer["total"] == 10 and "concealed_hand" not in [a["id"] for a in answer["awards"]]
    assert answer["sheet"] == shown.to_dict(lang)
