"""House rules that are not about award values: the dealer rotation switches."""

from __future__ import annotations

import pytest

import mjscore


def test_house_rules_switch_the_dealer_rotation() -> None:
    lrc = mjscore.get_ruleset("lrc")
    assert lrc.dealer_keeps_deal_on_draw is True  # docs/rulesets/lrc.md, "At the table"
    rules = mjscore.apply_house_rules(lrc, {"dealer_keeps_deal_on_draw": False})
    assert rules.dealer_keeps_deal_on_draw is False
    assert rules.overrides == ("dealer_keeps_deal_on_draw = false",)
    with pytest.raises(mjscore.RulesetError, match="dealer_keeps_deal_on_win must be true or false, not 'yes'"):
        mjscore.apply_house_rules(rules, {"dealer_keeps_deal_on_win": "yes"})
