"""A glossary's words in the label catalogue (``key.fan``: what an MCR table says where a Taiwanese one
says the label itself, issue 29) stand for a label of the same language and fill the same placeholders;
a label's singular (``key.one``: "1 entry" where the label says "{n} entries") fills no other."""

from __future__ import annotations

import re

import mjscore
from mjscore.labels import catalogue, glossary_label
from mjscore.scoring.sheet import sheet


def test_every_glossary_word_stands_for_a_label_with_the_same_placeholders() -> None:
    words = catalogue()
    variants = [(lang, key) for lang, labels in words.items() for key in labels if "." in key]
    assert ("zh-Hant", "winner.fan") in variants and words["zh-Hant"]["winner.fan"] == "和牌者"
    for lang, key in variants:
        base, _, glossary = key.partition(".")
        assert glossary in ("fan", "one") and base in words[lang], key
        fields, of_base = (set(re.findall(r"\{(\w+)\}", words[lang][name])) for name in (key, base))
        assert fields == of_base if glossary == "fan" else fields <= of_base, key
    # The Taiwanese words are the labels themselves.
    assert (words["zh-Hans"]["discarder"], words["zh-Hant"]["win_discard"]) == ("放枪者", "放槍")


#: A discard win from South on each table: MCR's Nine Gates (13 tiles), and on LRC (16 tiles) 123m 456m
#: 789p 67s 99p with a pung of red dragons declared, 8s winning.
HANDS = {"mcr": {"concealed": "1112345678999m", "win_tile": "5m"},
         "lrc": {"concealed": "123m 456m 789p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}], "win_tile": "8s"}}


def _win_line(ruleset: str, lang: str) -> str:
    """How the hand of ``ruleset`` was won, as its sheet says it."""
    hand = mjscore.Hand.from_dict({"ruleset": ruleset, **HANDS[ruleset], "win": "discard", "seat": "E", "discarder": "S"})
    return sheet(mjscore.score(hand)).win_text(lang)


def test_the_sheet_says_a_discard_win_in_the_tables_words() -> None:
    """MCR (fan) says 点炮 / 點炮; a Taiwanese table (LRC, points) 放枪 / 放槍; English is the same for both."""
    assert _win_line("mcr", "zh-Hans").startswith("点炮") and _win_line("mcr", "zh-Hant").startswith("點炮")
    assert _win_line("lrc", "zh-Hans").startswith("放枪") and _win_line("lrc", "zh-Hant").startswith("放槍")
    assert _win_line("mcr", "en").split()[0] == _win_line("lrc", "en").split()[0] == "Discard"
    assert glossary_label("history_discard", "zh-Hans", "fan", giver="Ann") == "和Ann打出的牌"
    assert glossary_label("history_discard", "zh-Hans", "tai", giver="Ann") == "胡Ann打出的牌"
