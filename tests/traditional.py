"""The Traditional Chinese that mjscore writes: Taiwan's, made from the Simplified text by OpenCC's
``s2twp`` (Traditional characters in Taiwan's standard forms, with Taiwan's own words: 伺服器, 連線,
裝置, 儲存, 傳送, 匯出, 建立...), with what OpenCC gets wrong for mahjong put right, a reviewed list:

- 么 as in 么九 "terminals" stays 么 (s2t would read it as the particle 麼 of 什麼): the Simplified 么
  that is not the particle is read as 幺, which Taiwan writes 么, so 断么 is 斷么, 幺九 is 么九;
- 台 is written 台, as Taiwan's tables write their unit (台數) and as Taiwanese write 台灣 and a
  phone's measure word, never 臺;
- OpenCC's computing words that mean something else at a mahjong table: a 补牌程序 is a procedure
  (程序), not a program (程式); a 计分项目 is an item of the score (項目), not a project (專案).
"""

from __future__ import annotations

import opencc

_S2TWP = opencc.OpenCC("s2twp").convert
#: The words whose 么 is the particle 麼 (什么 "what", 怎么 "how", 那么, 这么, 多么).
_PARTICLE_AFTER = set("什怎那这多")
#: What OpenCC writes, and what Taiwan's mahjong tables write instead (see the module's docstring).
CORRECTIONS = {"臺": "台", "補牌程式": "補牌程序", "計分專案": "計分項目"}


def traditional(simplified: str) -> str:
    """``simplified`` in Taiwan's Traditional Chinese, as the rulesets and the label catalogue write it."""
    text = "".join("幺" if char == "么" and (i == 0 or simplified[i - 1] not in _PARTICLE_AFTER) else char
                   for i, char in enumerate(simplified))
    converted = _S2TWP(text)
    for wrong, right in CORRECTIONS.items():
        converted = converted.replace(wrong, right)
    return converted
