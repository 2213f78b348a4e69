"""Four Winds (seed 003, section 5): the optional limit (5.4), payments in tai and the table's stake per
tai (5.2), the 5.3 worked example, and the golden file covering every pattern of the table."""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjscore
from mjscore.interfaces.cli import app

GOLDEN = Path(__file__).parent / "golden" / "fourwinds.toml"
runner = CliRunner()

# 5.2.1: five concealed triplets 40 + pung hand 10 + fully concealed hand 3 + no flowers and no
# honours 3 + winning 2 = 58 tai, self-drawn by South.
FIVE_TRIPLETS: dict[str, Any] = {
    "ruleset": "fourwinds", "seat": "S", "round": "S", "concealed": "111m 222m 333p 444s 55s 66s",
    "win_tile": "5s", "win": "self_draw"}
# 5.3: North wins in the South round on East's discard of the East wind.
EXAMPLE_5_3: dict[str, Any] = {
    "ruleset": "fourwinds", "seat": "N", "round": "S", "concealed": "222s 111p E", "win_tile": "E",
    "win": "discard", "discarder": "E",
    "melds": [{"kind": "pung", "tiles": "WWW"}, {"kind": "pung", "tiles": "555m"}, {"kind": "kong", "tiles": "CCCC"}]}
FLOWER_ROWS_OFF = {"awards": {"flower": False, "no_flowers": False, "seven_flowers": False, "all_flowers": False}}


def _score(record: dict[str, Any], overrides: dict[str, Any] | None = None) -> mjscore.Score:
    rules = mjscore.get_ruleset("fourwinds")
    if overrides:
        rules = mjscore.apply_house_rules(rules, overrides)
    return mjscore.score(mjscore.Hand.from_dict(record), rules)


def _house_rules(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


# ----- the optional limit (5.4)


def test_the_limit_is_off_by_default() -> None:
    result = _score(FIVE_TRIPLETS)
    assert result.ruleset.limit is None
    assert (result.total, result.limited) == (58, False)


def test_a_house_limit_caps_the_total_and_says_so() -> None:
    result = _score(FIVE_TRIPLETS, {"limit": 40})
    assert (result.total, result.uncapped_total, result.limited) == (40, 58, True)
    assert "limit = 40" in result.ruleset.overrides
    assert sorted((p.payer, p.amount) for p in result.payments) == [("E", 40), ("N", 40), ("W", 40)]
    assert result.to_dict()["limited"] is True


def test_a_hand_below_the_limit_is_not_limited() -> None:
    result = _score(EXAMPLE_5_3, {"limit": 40})
    assert (result.total, result.limited) == (19, False)


def test_the_text_sheet_says_when_the_limit_applies(tmp_path: Path) -> None:
    rules = _house_rules(tmp_path, "limit = 40\n")
    args = ["score", "--ruleset", "fourwinds", "--seat", "S", "--round", "S", "--win-tile", "5s",
            "--win", "self_draw", "111m 222m 333p 444s 55s 66s", "--rules", rules]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Limit: the hand's 58 is capped at 40" in result.stdout
    unlimited = runner.invoke(app, args[:-2])
    assert "Limit:" not in unlimited.stdout and "58" in unlimited.stdout


# ----- payments in tai, and the stake per tai (5.2)


def test_the_discarder_alone_pays_the_tai_of_a_discard_win() -> None:
    result = _score(EXAMPLE_5_3)
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [("E", "N", 19)]


def test_a_robbed_kong_is_paid_by_the_player_declaring_the_kong() -> None:
    # 5.2.1 Out by robbing a Kong: "the player declaring the Kong is considered a discarder".
    record = {"ruleset": "fourwinds", "seat": "N", "concealed": "123m 456m 789m 22p 34s 567p", "flowers": "1f",
              "win_tile": "5s", "win": "robbing_gong", "discarder": "W"}
    assert [(p.payer, p.amount) for p in _score(record).payments] == [("W", 19)]


def test_an_instant_flower_win_is_paid_by_every_other_player() -> None:
    record = {"ruleset": "fourwinds", "seat": "S", "flowers": "1f 2f 3f 4f 5f 6f 7f", "win": "flowers"}
    result = _score(record)
    assert sorted((p.payer, p.payee, p.amount) for p in result.payments) == [
        ("E", "S", 20), ("N", "S", 20), ("W", "S", 20)]


def test_the_stake_is_one_unless_the_table_sets_it() -> None:
    result = _score(EXAMPLE_5_3)
    assert result.ruleset.stake == 1
    assert result.payments[0].money(result.ruleset.stake) == 19
    assert "money" not in result.to_dict()["payments"][0]


@pytest.mark.parametrize(("stake", "money"), [(10, Decimal(190)), (0.5, Decimal("9.5")), ("0.25", Decimal("4.75"))])
def test_a_house_stake_turns_tai_into_money(stake: object, money: Decimal) -> None:
    result = _score(EXAMPLE_5_3, {"stake": stake})
    payment = result.payments[0]
    assert payment.amount == 19 and payment.money(result.ruleset.stake) == money
    data = result.to_dict()
    assert data["payments"] == [{"payer": "E", "payee": "N", "amount": 19, "money": str(money)}]
    assert data["ruleset"]["stake"] == str(Decimal(str(stake)))
    assert f"stake = {Decimal(str(stake))}" in result.ruleset.overrides


def test_the_text_sheet_shows_the_money(tmp_path: Path) -> None:
    rules = _house_rules(tmp_path, "stake = 10\n")
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(EXAMPLE_5_3), encoding="utf-8")
    result = runner.invoke(app, ["score", str(hand), "--rules", rules])
    assert result.exit_code == 0, result.output
    assert "Payments: East pays North 19 = 190 (10 per tai)" in result.stdout


@pytest.mark.parametrize("stake", [-1, "ten", True, [1]])
def test_a_bad_stake_is_refused_in_one_line(stake: object) -> None:
    with pytest.raises(mjscore.RulesetError, match=r"^house rules: stake must be a number"):
        _score(EXAMPLE_5_3, {"stake": stake})


def test_the_cli_refuses_a_bad_stake(tmp_path: Path) -> None:
    rules = _house_rules(tmp_path, 'stake = "lots"\n')
    result = runner.invoke(app, ["score", "--ruleset", "fourwinds", "--win-tile", "8s", "--win", "self_draw",
                                 "123m 456m 789p 234s 67s 99p", "--rules", rules])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: house.toml line 1: stake must be a number (money per point), not 'lots'"


# ----- the 5.3 worked example and the flower rows


def test_5_3_without_flowers_in_play() -> None:
    # 5.2.1 opens "If Flowers and Seasons are used": with the flower rows off the 5.3 hand loses
    # No Flowers or Seasons, 19 - 1 = 18 tai (the example itself says 22: see the notes page).
    result = _score(EXAMPLE_5_3, FLOWER_ROWS_OFF)
    assert result.total == 18
    assert result.award("no_flowers") is None and result.award("pung_hand") is not None


def test_every_award_of_the_table_has_a_golden_case() -> None:
    with GOLDEN.open("rb") as handle:
        cases = tomllib.load(handle)["case"]
    covered = {award["id"] for case in cases for award in case["awards"]}
    assert [a.id for a in mjscore.get_ruleset("fourwinds").awards if a.id not in covered] == []
