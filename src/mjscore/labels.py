"""The label catalogue: every word that mjscore's interfaces and its score sheet show, in English,
Simplified and Traditional Chinese and Japanese, from one file (``labels.json`` beside this module).

The command line (``--lang``), the score sheet (:mod:`mjscore.scoring.sheet`) and the web app
(``GET /api/labels``) all read this catalogue; award and ruleset names come from the rulesets.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

#: The languages of the catalogue, as the ``lang`` of the API and ``--lang`` of the CLI spell them.
LANGUAGES = ("en", "zh-Hans", "zh-Hant", "ja")


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every label: language -> key -> text (``{name}`` marks a value filled in)."""
    text = resources.files(__package__).joinpath("labels.json").read_text(encoding="utf-8")
    found: dict[str, dict[str, str]] = json.loads(text)
    return found


def label(key: str, lang: str = "en", **values: Any) -> str:
    """The label ``key`` in ``lang``, its ``{placeholders}`` filled from ``values``. Raises
    ``KeyError`` for a key or a language the catalogue does not have (a bug, not bad input)."""
    text = catalogue()[lang][key]
    return text.format(**values) if values else text


def glossary_label(key: str, lang: str, unit: str, **values: Any) -> str:
    """The label ``key`` in the words of a table that counts in ``unit``: the catalogue's
    ``key.unit`` where it has one (an MCR table, counting fan, says 和牌 and 点炮 where a Taiwanese
    one says 胡牌 and 放枪), else the label itself."""
    words = catalogue()[lang]
    return label(f"{key}.{unit}" if f"{key}.{unit}" in words else key, lang, **values)


def unit_name(unit: str, lang: str) -> str:
    """A ruleset's unit (``points``, ``tai``, ``fan``) in ``lang``: points, 台, 番. A unit the
    catalogue does not know (a club's ruleset file may name its own) is shown as written."""
    return catalogue()[lang].get(f"unit_{unit}", unit)

