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

import difflib
import json
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import cast

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
    # s2twp reads Taiwan's phrases in the Traditional text it made, but cuts that text into words on
    # the Simplified one's phrases: 待发送 stays 待發送 where 發送 alone is 傳送. Reading the
    # Traditional text again for Taiwan's phrases finds them all.
    converted = _to_taiwan()(_S2TWP(text))
    for wrong, right in CORRECTIONS.items():
        converted = converted.replace(wrong, right)
    return converted


#: Mainland words OpenCC's Taiwan phrases leave as they are, and what Taiwan says (a reviewed list):
#: a page is "visited" (訪問) through (通過) http in the Mainland, reached (連上) through (透過) it in
#: Taiwan.
MAINLAND = {"訪問": "連上", "通過": "透過"}


def _taiwan_config(folder: Path) -> str:
    """An OpenCC configuration that converts Traditional text to Taiwan's words and forms: OpenCC's
    own Taiwan phrases and variants (the second step of its s2twp), without the Simplified step."""
    dictionaries = Path(opencc.__file__).parent / "clib" / "share" / "opencc"
    group = [{"type": "ocd2", "file": str(dictionaries / name)}
             for name in ("TWPhrases.ocd2", "TWVariantsPhrases.ocd2", "TWVariants.ocd2")]
    config = {"name": "Traditional to Taiwan's words",
              "segmentation": {"type": "mmseg", "dict": {"type": "group", "match_policy": "union", "dicts": group[:2]}},
              "conversion_chain": [{"dict": {"type": "group", "match_policy": "short_circuit", "dicts": group}}]}
    path = folder / "t2twp.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    return str(path)


@cache
def _to_taiwan() -> Callable[[str], str]:
    folder = Path(tempfile.mkdtemp(prefix="opencc-"))
    return cast(Callable[[str], str], opencc.OpenCC(_taiwan_config(folder)).convert)


def not_taiwans(text: str) -> list[str]:
    """The words of a Traditional ``text`` that are not Taiwan's: each as "written → Taiwan's", by
    OpenCC's Taiwan phrases and variants (with the reviewed corrections above) and :data:`MAINLAND`."""
    converted = _to_taiwan()(text)
    for wrong, right in CORRECTIONS.items():
        converted = converted.replace(wrong, right)
    found = [f"{a} → {b}" for a, b in _differences(text, converted)]
    return found + [f"{word} → {taiwan}" for word, taiwan in MAINLAND.items() if word in text]


def _differences(text: str, converted: str) -> list[tuple[str, str]]:
    """The runs in which ``converted`` differs from ``text`` (with a character of context)."""
    matcher = difflib.SequenceMatcher(a=text, b=converted, autojunk=False)
    return [(text[max(0, i1 - 1):i2 + 1], converted[max(0, j1 - 1):j2 + 1])
            for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]
