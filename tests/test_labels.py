"""The label catalogue (src/mjscore/labels.json): one source of every word the interfaces and the score
sheet show. Each key the code asks for is there in the three languages, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

from mjscore.labels import LANGUAGES, catalogue, label, unit_name

SRC = Path(__file__).resolve().parents[1] / "src" / "mjscore"


def _asked_for() -> set[str]:
    """The keys written literally in a ``label("key"`` call (Python), a ``t("key"`` call (JavaScript),
    and the analysis panel's ``label("key"`` (its ``analysis_`` labels)."""
    found: set[str] = set()
    for path in SRC.rglob("*.py"):
        found |= set(re.findall(r"\blabel\(\"(\w+)\"", path.read_text(encoding="utf-8")))
    for path in SRC.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"\bt\(\"(\w+)\"", text))
        if path.name == "analysis.js":
            found |= {f"analysis_{key}" for key in re.findall(r"\blabel\(\"(\w+)\"", text)}
    return found


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_the_code_asks_for_is_in_every_language() -> None:
    words = catalogue()
    asked = _asked_for()
    assert {"below", "pays", "replaced_by", "history_won", "whole_hand"} <= asked  # the scan finds the calls
    for lang in LANGUAGES:
        assert sorted(asked - set(words[lang])) == [], lang


def test_each_label_has_the_same_placeholders_in_every_language() -> None:
    words = catalogue()
    for key, english in words["en"].items():
        assert _fields(words["zh-Hans"][key]) == _fields(english) == _fields(words["zh-Hant"][key]), key


def test_units_are_named_as_each_language_says_them() -> None:
    assert [unit_name(u, "zh-Hans") for u in ("points", "tai", "fan")] == ["分", "台", "番"]
    assert [unit_name(u, "en") for u in ("points", "tai", "fan")] == ["points", "tai", "fan"]
    assert unit_name("beans", "zh-Hant") == "beans"  # a club's own unit, shown as its file writes it
    assert label("pays", "zh-Hant", payer="西", payee="南", amount=8) == "西 付給 南 8"
