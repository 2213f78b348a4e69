"""Taiwan's Chinese for Taiwanese tables (issue 41): every Traditional Chinese string the app shows (the
label catalogue, every ruleset's names, help and notes, the offline notice, the tiles' names) is
written in Taiwan's words and forms, held to OpenCC's Taiwan phrases and variants (tests/traditional.py,
with its reviewed list); Chinese sentences, Simplified and Traditional, take full-width punctuation;
and each term has one spelling."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from traditional import not_taiwans

from mjscore.labels import catalogue
from mjscore.tiles import ALL_TILES

SRC = Path(__file__).resolve().parents[1] / "src" / "mjscore"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
#: A Chinese character (the CJK unified ideographs).
HAN = "\u4e00-\u9fff"


def _in_tables(data: Any, lang: str, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == lang and isinstance(value, str):
                yield where, value
            else:
                yield from _in_tables(value, lang, f"{where}.{key}")
    elif isinstance(data, list):
        for number, item in enumerate(data):
            yield from _in_tables(item, lang, f"{where}[{number}]")


def _offline_words(lang: str) -> Iterator[tuple[str, str]]:
    """The offline notice's words (static/offline.js keeps them, to say them with no server)."""
    text = (SRC / "interfaces" / "web" / "static" / "offline.js").read_text(encoding="utf-8")
    block = re.search(rf'"{lang}": \{{(.*?)\n  \}},', text, re.S)
    assert block is not None, lang
    for key, value in re.findall(r'(\w+): "([^"]*)"', block.group(1)):
        yield f"offline.js {lang}.{key}", value


def strings(lang: str) -> list[tuple[str, str]]:
    """Every string in ``lang`` the app shows, with where it comes from."""
    found = [(f"labels.json {key}", text) for key, text in catalogue()[lang].items()]
    for path in sorted((SRC / "rulesets").rglob("*.toml")) + sorted(EXAMPLES.glob("*.toml")):
        found += _in_tables(tomllib.loads(path.read_text(encoding="utf-8")), lang, path.name)
    found += _offline_words(lang)
    found += [(f"tile {tile.code}", tile.name(lang)) for tile in ALL_TILES]
    return found


def test_every_traditional_string_is_in_taiwans_words() -> None:
    found = strings("zh-Hant")
    assert len(found) > 1500  # the scan reads them all
    wrong = {where: (text, not_taiwans(text)) for where, text in found if not_taiwans(text)}
    assert wrong == {}


def test_the_glossary_finds_mainland_words() -> None:
    """What issue 41 found on the pages: each is named with Taiwan's word."""
    found = not_taiwans("無法連接服務器：通過 http 訪問時，重新打開、保存、發送、導出、創建、設備、查找、視圖、爲、啓、喫、幺九")
    taiwans = ("連線伺服", "透過", "連上", "開啟", "儲存", "傳送", "匯出", "建立",
               "裝置", "查詢", "檢視", "為", "啟", "吃", "么九")
    for word in taiwans:
        assert any(word in problem for problem in found), (word, found)
    assert not_taiwans("無法連線伺服器：么九、放槍、台數、計分項目、補牌程序") == []


#: Half-width punctuation a Chinese (or Japanese: kana too) sentence writes full-width: , : ; ? ! ( ).
WRITTEN = f"{HAN}\u3040-\u30ff"
HALF = re.compile(rf"[{WRITTEN}][,:;?!(]|[,:;?!)][{WRITTEN}]|\([{WRITTEN}]|[{WRITTEN}]\)")


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "ja"])
def test_chinese_sentences_take_full_width_punctuation(lang: str) -> None:
    wrong = {where: text for where, text in strings(lang) if HALF.search(text)}
    assert wrong == {}


#: Terms with more than one spelling, and the one Taiwan's text writes: 么九 (not 幺九), 放槍 (not
#: 放銃), 台 (not 臺), 裡 (not 裏), 記錄 (not 紀錄).
SPELLINGS = {"幺": "么", "放銃": "放槍", "臺": "台", "裏": "裡", "紀錄": "記錄"}


def test_each_term_has_one_spelling() -> None:
    wrong = {where: [word for word in SPELLINGS if word in text] for where, text in strings("zh-Hant")
             if any(word in text for word in SPELLINGS)}
    assert wrong == {}
