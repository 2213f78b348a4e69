"""What every shipped ruleset must hold: names and help in three languages, zh-Hant the Traditional
form of zh-Hans (OpenCC s2t, with 么 kept: tests/traditional.py)."""

from __future__ import annotations

import pytest
from traditional import traditional

import mjscore


@pytest.mark.parametrize("ruleset_id", mjscore.rulesets())
def test_names_and_help_are_in_three_languages_and_zh_hant_is_opencc_of_zh_hans(ruleset_id: str) -> None:
    convert = traditional
    rules = mjscore.get_ruleset(ruleset_id)
    texts = [rules.name, rules.base_name]
    texts += [text for a in rules.awards for text in (a.name, a.help)]
    texts += [text for t in rules.table_payments for text in (t.name, t.help)]
    assert all(t.en and t.zh_hans and t.zh_hant for t in texts)
    assert [convert(t.zh_hans) for t in texts] == [t.zh_hant for t in texts]

