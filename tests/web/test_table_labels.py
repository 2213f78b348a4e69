"""The labels of the picker's set modes and the table page (static/table.labels.json, merged over
labels.json by common.js): in three languages, zh-Hant the OpenCC conversion of zh-Hans, every label
a script asks for defined, and none defined that no page uses."""

from __future__ import annotations

import json
import re
from pathlib import Path

import opencc

STATIC = Path(__file__).resolve().parents[2] / "src" / "mjscore" / "interfaces" / "web" / "static"
LABELS = json.loads((STATIC / "table.labels.json").read_text(encoding="utf-8"))


def test_the_labels_are_in_three_languages_and_zh_hant_is_opencc_of_zh_hans() -> None:
    assert set(LABELS) == {"en", "zh-Hans", "zh-Hant"}
    assert set(LABELS["en"]) == set(LABELS["zh-Hans"]) == set(LABELS["zh-Hant"])
    convert = opencc.OpenCC("s2t").convert
    assert {key: convert(text) for key, text in LABELS["zh-Hans"].items()} == LABELS["zh-Hant"]


def test_every_label_asked_for_is_defined_and_every_label_defined_is_used() -> None:
    shared = json.loads((STATIC / "labels.json").read_text(encoding="utf-8"))["en"]
    scripts = {path.name: path.read_text(encoding="utf-8") for path in (*STATIC.glob("*.js"), *STATIC.glob("*.html"))}
    asked = {key for text in scripts.values() for key in re.findall(r"""\bt\(["'](\w+)["']""", text)}
    asked |= {key for text in scripts.values() for key in re.findall(r'data-label="(\w+)"', text)}
    modes = re.findall(r"^const (?:HAND|DECLARED)_MODES = \[(.*)\];$", scripts["picker.js"], re.M)
    asked |= {f"mode_{mode}" for line in modes for mode in re.findall(r'"(\w+)"', line)}
    missing = sorted(key for key in asked if key not in shared and key not in LABELS["en"])
    assert not missing, f"labels asked for but not defined: {missing}"
    unused = sorted(set(LABELS["en"]) - asked)
    assert not unused, f"labels in table.labels.json that no page uses: {unused}"
