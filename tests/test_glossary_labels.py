"""A glossary's words in the label catalogue (``key.fan``: what an MCR table says where a Taiwanese one
says the label itself, issue 29) stand for a label of the same language and fill the same placeholders."""

from __future__ import annotations

import re

from mjscore.labels import catalogue


def test_every_glossary_word_stands_for_a_label_with_the_same_placeholders() -> None:
    words = catalogue()
    variants = [(lang, key) for lang, labels in words.items() for key in labels if "." in key]
    assert ("zh-Hant", "winner.fan") in variants and words["zh-Hant"]["winner.fan"] == "和牌者"
    for lang, key in variants:
        base, _, glossary = key.partition(".")
        assert glossary == "fan" and base in words[lang], key
        assert set(re.findall(r"\{(\w+)\}", words[lang][key])) == set(re.findall(r"\{(\w+)\}", words[lang][base])), key
    # The Taiwanese words are the labels themselves.
    assert (words["zh-Hans"]["discarder"], words["zh-Hant"]["win_discard"]) == ("放枪者", "放槍")
