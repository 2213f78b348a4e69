"""The labels the pages ask for (``t("key")`` and ``data-label`` in the scripts and pages, the picker's
set modes as ``mode_<mode>``) are all in the label catalogue (src/mjscore/labels.json), in the three
languages: a label missing there would show as its key."""

from __future__ import annotations

import re
from pathlib import Path

from mjscore.labels import LANGUAGES, catalogue

STATIC = Path(__file__).resolve().parents[2] / "src" / "mjscore" / "interfaces" / "web" / "static"


def test_every_label_a_page_asks_for_is_in_the_catalogue_in_every_language() -> None:
    scripts = {path.name: path.read_text(encoding="utf-8") for path in (*STATIC.glob("*.js"), *STATIC.glob("*.html"))}
    asked = {key for text in scripts.values() for key in re.findall(r"""\bt\(["'](\w+)["']""", text)}
    asked |= {key for text in scripts.values() for key in re.findall(r'data-label="(\w+)"', text)}
    modes = re.findall(r"^const (?:HAND|DECLARED)_MODES = \[(.*)\];$", scripts["picker.js"], re.M)
    asked |= {f"mode_{mode}" for line in modes for mode in re.findall(r'"(\w+)"', line)}
    assert {"mode_chow", "record_win"} <= asked  # the scan finds the table page's labels
    words = catalogue()
    for lang in LANGUAGES:
        assert sorted(asked - set(words[lang])) == [], lang
