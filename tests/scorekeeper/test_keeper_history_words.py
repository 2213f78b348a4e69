"""A table's history in the language asked for: every word from the label catalogue
(mjscore/labels.json), the award and payment names from the ruleset. Hand values: ``keeper_hands``."""

from __future__ import annotations

import re

from keeper_hands import GONG, PLAIN, self_drawn

from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.ledger import describe

PLAYERS = ["阿安", "阿博", "阿卡", "阿丹"]


def test_the_history_reads_in_each_language(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    keeper.record_win(table, PLAIN, "阿安", "阿博")  # 8 + East Seat 1 = 9
    keeper.record_win(table, self_drawn(GONG), "阿卡")  # 10 + Self Draw 1 = 11, and Concealed Gong collection
    steps = keeper.record_draw(table).ledger.steps
    assert [describe(s, PLAYERS, "zh-Hant") for s in steps] == [
        "阿安胡阿博打出的牌：9 分", "阿卡自摸：11 分、暗槓收分", "流局"]
    assert [describe(s, PLAYERS, "zh-Hans") for s in steps][2] == "流局"
    assert [describe(s, PLAYERS) for s in steps] == [
        "阿安 won on 阿博's discard: 9 points", "阿卡 won by self-draw: 11 points, Concealed Gong collection",
        "drawn hand"]
    # Japanese: the words of a Japanese table (ロン, ツモ, 和了, 点, 流局); LRC's Concealed Gong collection has no
    # Japanese name, so its Traditional Chinese (docs/rulesets/riichi.md, "Languages").
    assert [describe(s, PLAYERS, "ja") for s in steps] == [
        "阿安が阿博からロンで和了：9 点", "阿卡がツモで和了：11 点、暗槓收分", "流局"]
    for step in steps:
        assert re.findall(r"[A-Za-z]{2,}", describe(step, PLAYERS, "zh-Hant")) == []
        assert re.findall(r"[A-Za-z]{2,}", describe(step, PLAYERS, "ja")) == []
