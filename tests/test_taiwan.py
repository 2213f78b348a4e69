"""The Taiwan association table beyond the golden cases: its presets (ruling 41), the cap on every
payment, what its records refuse (rulings 46, 48), and the 七搶一 payment it shares with Four Winds
(ruling 45). Expected values are worked out from the association's table and the rulings (docs/rulesets/taiwan.md)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore import HandError, RulesetError
from mjscore.rulesets import house_rules_file, preset
from mjscore.sampling import random_winning_hand
from mjscore.scoring.sheet import replaced_awards

CONCEALED_PLAIN = {"ruleset": "taiwan", "seat": "S", "round": "E", "concealed": "123m 456m 789p 234s 67s EE",
                   "win_tile": "8s"}


def scored(record: dict[str, Any], rules: str | None = None) -> mjscore.Score:
    ruleset = mjscore.get_ruleset("taiwan")
    if rules is not None:
        ruleset = mjscore.apply_house_rules(ruleset, mjscore.read_house_rules(preset(rules)))
    return mjscore.score(mjscore.Hand.from_dict(record), ruleset)


def awards(score: mjscore.Score) -> dict[str, int]:
    return {a.id: a.value for a in score.awards}


def test_every_preset_is_a_house_rule_file_of_the_taiwan_table() -> None:
    for name in ("taiwan-platform", "taiwan-jianhua", "taiwan-cap24", "taiwan-cap81"):
        rules = mjscore.apply_house_rules(mjscore.get_ruleset("taiwan"), mjscore.read_house_rules(preset(name)))
        assert rules.overrides, name


def test_an_unknown_preset_names_the_ones_there_are() -> None:
    with pytest.raises(RulesetError, match="unknown preset 'platform': choose one of riichi-ema, riichi-mleague, "
                                           "riichi-tenhou, riichi-wrc, taiwan-cap24, taiwan-cap81, taiwan-jianhua, "
                                           "taiwan-platform$"):
        preset("platform")


def test_platform_values_and_rows() -> None:
    # 天胡 24 on the platform (16 at the association's table), and its extra row 無花 1 (off at the
    # association's table): the dealer's dealt hand complete, no flower, an honour pair.
    record = {"ruleset": "taiwan", "seat": "E", "concealed": "123m 456m 789p 234s 67s EE", "win_tile": "8s",
              "win": "self_draw", "heavenly": True}
    assert awards(scored(record)) == {"dealer": 1, "heavenly_hand": 16}
    assert awards(scored(record, "taiwan-platform")) == {"dealer": 1, "heavenly_hand": 24, "no_flowers": 1}
    # 人胡 8 on the platform; 無字無花 2 replaces 無花 1; 平胡 2 (the 平胡 hand on East's first discard,
    # won by South: discards 0); 莊家 1 (East deals in).
    first = {"ruleset": "taiwan", "seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s",
             "win": "discard", "discarder": "E", "discards": 0, "declared_tiles": 0}
    assert awards(scored(first)) == {"dealer": 1, "human_hand": 16, "plain_hand": 2}
    assert awards(scored(first, "taiwan-platform")) == {
        "dealer": 1, "human_hand": 8, "plain_hand": 2, "no_flowers_or_honours": 2}


def test_platform_kongs_wind_pungs_and_declared_ready() -> None:
    # South, East round: exposed kong of North (見字 1: neither seat nor round wind; 明槓 1), ready
    # declared later (報聽 1), 3f (West's: no 正花, but not 無花 either). West discards.
    record = {"ruleset": "taiwan", "seat": "S", "round": "E", "melds": [{"kind": "kong", "tiles": "NNNN"}],
              "concealed": "123m 456m 789p 67s EE", "flowers": "3f", "win_tile": "8s", "win": "discard",
              "discarder": "W", "ready_declared": True}
    assert awards(scored(record)) == {}
    assert awards(scored(record, "taiwan-platform")) == {"other_wind_pung": 1, "exposed_kong": 1, "declared_ready": 1}


def test_jianhua_scores_every_flower_and_every_wind_pung() -> None:
    # 見花見字: South holding 1f 2f 3f scores 3 (not only 2f); a pung of West (neither South's wind nor
    # the East round) scores 1.
    record = {**CONCEALED_PLAIN, "concealed": "123m 456m 789p WWW 67s EE", "flowers": "1f 2f 3f",
              "win": "discard", "discarder": "W"}
    assert awards(scored(record)) == {"seat_flower": 1, "concealed_hand": 1}
    assert awards(scored(record, "taiwan-jianhua")) == {"any_flower": 3, "other_wind_pung": 1, "concealed_hand": 1}


# Golden "小四喜 keeps 門風 and 圈風" and "大四喜 replaces 門風 and 圈風" under 見花見字 (ruling 57): 小四喜 keeps
# 見字 for the West pung (neither South's wind nor the East round's) as it keeps 門風 and 圈風; 大四喜
# replaces 見字 (West and North) as it replaces them.
FOUR_WINDS = {"ruleset": "taiwan", "seat": "S", "round": "E", "win": "discard", "discarder": "W",
              "melds": [{"kind": "pung", "tiles": "EEE"}, {"kind": "pung", "tiles": "SSS"}, {"kind": "pung", "tiles": "WWW"}]}


def test_little_four_winds_keeps_other_wind_pung_and_big_four_winds_replaces_it() -> None:
    little = scored({**FOUR_WINDS, "concealed": "123m 67s NN", "win_tile": "8s"}, "taiwan-jianhua")
    assert awards(little) == {"little_four_winds": 8, "seat_wind": 1, "round_wind": 1, "other_wind_pung": 1}
    assert little.total == 11
    big = scored({**FOUR_WINDS, "concealed": "NNN 123m 9p", "win_tile": "9p"}, "taiwan-jianhua")
    assert awards(big) == {"big_four_winds": 16, "single_wait": 1}
    assert big.total == 17
    assert ("other_wind_pung", 2, "big_four_winds") in [(r.id, r.value, r.by) for r in replaced_awards(big)]


# EEE SSS CCC FFF PP NN, South self-draws N: 五暗刻 8, 字一色 16, 小三元 4, 門風 1, 圈風 1, 自摸 1, 不求 1
# = 32 tai, the hand's total; 莊家 1 on East's payment only: 33 (rulings 35, 55).
HONOURS = {"ruleset": "taiwan", "seat": "S", "round": "E", "concealed": "EEE SSS CCC FFF PP NN", "win_tile": "N",
           "win": "self_draw"}


def test_without_a_cap_the_dealer_pays_the_dealer_tai_on_top() -> None:
    result = scored(HONOURS)
    assert (result.total, result.dealer_tai, result.limited) == (32, 1, False)
    assert [(p.payer, p.amount) for p in result.payments] == [("E", 33), ("W", 32), ("N", 32)]


@pytest.mark.parametrize(("rules", "total", "paid"), [("taiwan-cap24", 24, [24, 24, 24]),
                                                      ("taiwan-cap81", 32, [33, 32, 32])])
def test_a_cap_applies_to_every_payment_and_to_the_total(rules: str, total: int, paid: list[int]) -> None:
    # Ruling 56: each payment's tai, 莊家 included where it applies, is at most the cap, and so is the total.
    result = scored(HONOURS, rules)
    assert [p.amount for p in result.payments] == paid
    assert (result.total, result.uncapped_total, result.limited) == (total, 32, rules == "taiwan-cap24")


@pytest.mark.parametrize(("limit", "total", "paid"), [(2, 2, 2), (4, 3, 4), (6, 3, 6), (7, 3, 6)])
def test_a_cap_cuts_the_dealers_payment_of_a_hand_under_it(limit: int, total: int, paid: int) -> None:
    # Golden "The dealer deals in on a streak of one": 門清 1 + 平胡 2 = 3 tai of the hand, and East's
    # payment carries 莊家 1 + 連莊 2 on top: 6. A cap bounds both (ruling 56).
    rules = mjscore.apply_house_rules(mjscore.get_ruleset("taiwan"), {"limit": limit})
    hand = mjscore.Hand.from_dict({"ruleset": "taiwan", "seat": "S", "round": "E", "concealed": "123m 456m 789p 234s 67s 99p",
                                   "win_tile": "8s", "win": "discard", "discarder": "E", "dealer_streak": 1})
    result = mjscore.score(hand, rules)
    assert (result.total, result.dealer_tai, result.limited) == (total, 3, limit < 3)
    assert [(p.payer, p.amount) for p in result.payments] == [("E", paid)]


def test_money_is_base_plus_tai_times_stake_and_a_table_can_change_the_stake() -> None:
    # 底 50 + 33 × 20 = 710 from East; with 每台 10: 50 + 330 = 380.
    result = scored(HONOURS)
    assert result.to_dict()["payments"][0] == {"payer": "E", "payee": "S", "amount": 33, "money": "710"}
    cheaper = mjscore.apply_house_rules(mjscore.get_ruleset("taiwan"), {"stake": 10})
    again = mjscore.score(mjscore.Hand.from_dict(HONOURS), cheaper)
    assert again.to_dict()["payments"][0]["money"] == "380"


@pytest.mark.parametrize(("changes", "message"), [
    ({"win": "discard", "discarder": "E", "earthly": True},
     "earthly: 地胡 Earthly hand is a non-dealer's win on the first tile it draws, no call by anyone before, "
     "but the win is discard, not self_draw"),
    ({"win": "self_draw", "earthly": True, "discards": 4},
     "but 4 tiles were discarded before the winning tile (at most 3)"),
    ({"win": "self_draw", "ready_on": "deal"}, "ready_on 'deal': the hand is not declared ready"),
    ({"win": "self_draw", "ready_declared": True, "ready_on": "first_discard", "concealed": "123m 456m 789p 67s EE",
      "melds": [{"kind": "chow", "tiles": "234s"}]}, "ready_on 'first_discard': a hand declared ready then is not changed"),
    ({"win": "self_draw", "earthly": True, "ready_declared": True, "ready_on": "first_discard"},
     "earthly hand: won on the first draw, before the winner's first discard"),
])
def test_taiwan_records_that_cannot_happen_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(HandError) as caught:
        scored({**CONCEALED_PLAIN, **changes})
    assert message in str(caught.value)


def test_an_lrc_earthly_hand_is_still_a_win_on_easts_first_discard() -> None:
    record = {"ruleset": "lrc", "seat": "S", "concealed": "123m 456m 789p 234s 67s EE", "win_tile": "8s",
              "win": "self_draw", "earthly": True}
    with pytest.raises(HandError, match="earthly: Earthly Hand is a win by another player on the dealer's first discard, "
                                        "but the win is self_draw, not discard"):
        mjscore.score(mjscore.Hand.from_dict(record))


def test_four_winds_seven_flowers_robbing_the_eighth_is_paid_by_who_drew_it() -> None:
    # Ruling 45: the 20 tai of "Seven Flowers and Seasons, robbing the 8th" from North alone.
    record = {"ruleset": "fourwinds", "seat": "S", "flowers": "1f 2f 3f 4f 5f 6f 7f", "win": "flowers", "discarder": "N"}
    result = mjscore.score(mjscore.Hand.from_dict(record))
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [("N", "S", result.total)]
    assert result.total == 20


@pytest.mark.parametrize(("record", "message"), [
    ({"ruleset": "lrc", "seat": "S", "flowers": "1f 2f 3f 4f 5f 6f 7f", "win": "flowers", "discarder": "W"},
     "discarder W: the winner drew the seventh flower"),
    ({"ruleset": "taiwan", "seat": "S", "flowers": "1f 2f 3f 4f 5f 6f 7f", "win": "flowers", "discarder": "S"},
     "discarder S is the winner's own seat"),
])
def test_a_flower_win_names_another_player_only_when_seven_rob_the_eighth(record: dict[str, Any], message: str) -> None:
    with pytest.raises(HandError) as caught:
        mjscore.score(mjscore.Hand.from_dict(record))
    assert message in str(caught.value)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["E", "S", "W", "N"]), st.integers(0, 3), st.booleans())
def test_each_payment_carries_the_dealer_tai_only_when_the_dealer_pays_or_wins(
        seed: int, seat: str, streak: int, self_drawn: bool) -> None:
    # Rulings 35 and 55 on random hands: the total is the hand's tai, without 莊家 and 連莊; a payment
    # with the dealer (East) on either side carries them on top, a payment between two non-dealers does
    # not, and the sheet shows them only when some payment involves the dealer.
    rng = random.Random(seed)
    hand = random_winning_hand(rng, ruleset="taiwan")
    others = [s for s in ("E", "S", "W", "N") if s != seat]
    win = mjscore.WinKind.SELF_DRAW if self_drawn else mjscore.WinKind.DISCARD
    # A discard win after a discard at least: the first one is the dealer's (ruling 58).
    discards = 1 if not self_drawn and hand.discards == 0 else hand.discards
    hand = replace(hand, seat=seat, win=win, discarder=None if self_drawn else rng.choice(others),
                   replacement=None, last_tile=False, dealer_streak=streak, discards=discards)
    result = mjscore.score(hand)
    dealer_tai = sum(a.value for a in result.awards if a.id in ("dealer", "dealer_streak"))
    assert result.total == sum(a.value for a in result.awards) - dealer_tai
    assert result.dealer_tai == dealer_tai
    assert len(result.payments) == (3 if self_drawn else 1)
    for payment in result.payments:
        with_dealer = "E" in (payment.payer, payment.payee)
        assert payment.amount == (result.total + dealer_tai if with_dealer else result.total)
    assert (dealer_tai > 0) == any("E" in (p.payer, p.payee) for p in result.payments)
    assert (result.award("dealer_streak") is not None) == (dealer_tai > 0 and streak > 0)


# 11m 22m 33m 44p 55p 66s 77s EE held: seven pairs, any of which a tile makes a pung.
SEVEN_PAIRS = {"ruleset": "taiwan", "seat": "S", "round": "E", "concealed": "11m 22m 33m 44p 55p 66s 77s EE",
               "win_tile": "E", "win": "discard", "discarder": "W"}


def test_seven_pairs_and_a_pung_is_no_win_at_the_associations_table() -> None:
    with pytest.raises(mjscore.NotAWinError, match="E does not complete the hand, and no tile would"):
        scored(SEVEN_PAIRS)


def test_the_platform_preset_makes_seven_pairs_and_a_pung_a_win() -> None:
    # 嚦咕嚦咕 8, which replaces 門清 (ruling 59: concealed by its definition, 必然並存者取高); EEE is the East
    # round's wind, 圈風 1 (completed by West's discard, so not concealed); no flower: 無花 1 (an honour: not
    # 無字無花). Eight waits: no 獨聽.
    result = scored(SEVEN_PAIRS, "taiwan-platform")
    assert awards(result) == {"seven_pairs_and_pung": 8, "round_wind": 1, "no_flowers": 1}
    assert ("concealed_hand", 1, "seven_pairs_and_pung") in [(r.id, r.value, r.by) for r in replaced_awards(result)]
    assert len(result.waits) == 8
    assert [(p.payer, p.amount) for p in result.payments] == [("W", 10)]


def test_fully_claimed_cannot_be_won_on_a_robbed_kong() -> None:
    """Ruling 60 lets 全求 be scored on a robbed kong, but no record can show it: 全求's last tile is a single
    wait on the pair, so the winner holds one copy of it, and a robbed kong is a pung of that tile with its
    fourth copy added: the winner's would be a fifth. The record is refused (ruling 6); on a discard the same
    hand is 全求 (golden "全求 includes 獨聽")."""
    melds = [{"kind": "chow", "tiles": chow} for chow in ("123m", "456m", "789p", "234s", "678s")]
    record = {"ruleset": "taiwan", "seat": "S", "round": "E", "melds": melds, "concealed": "9p", "win_tile": "9p",
              "discarder": "W"}
    assert awards(scored({**record, "win": "discard"})) == {"fully_claimed": 2}
    with pytest.raises(HandError, match="robbing a gong on 9p: the other three copies are in the robbed pung"):
        scored({**record, "win": "robbing_gong"})


def test_rules_take_a_preset_by_its_name_or_its_short_name(tmp_path: Path) -> None:
    assert house_rules_file(Path("platform"), "taiwan") == preset("taiwan-platform")
    assert house_rules_file(Path("taiwan-cap24"), "taiwan") == preset("taiwan-cap24")
    assert house_rules_file(tmp_path / "house.toml", "taiwan") == tmp_path / "house.toml"  # a path stays a path
    capped = mjscore.resolve_ruleset("taiwan", Path("cap24"))
    assert capped.limit == 24
    with pytest.raises(mjscore.RulesetError, match="unknown preset 'nope': choose one of taiwan-cap24, taiwan-cap81, "
                                                   "taiwan-jianhua, taiwan-platform$"):  # the table's own presets
        mjscore.resolve_ruleset("taiwan", Path("nope"))
