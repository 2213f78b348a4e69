"""The label catalogue (src/mjscore/labels.json): one source of every word the interfaces and the score
sheet show. Each key the code asks for is there in the three languages, with the same placeholders."""

from __future__ import annotations

import ast
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
        if not key.startswith("error_"):  # a refusal's: each language says what it needs of the parameters
            assert _fields(words["zh-Hans"][key]) == _fields(english) == _fields(words["zh-Hant"][key]), key
            assert _fields(words["ja"][key]) == _fields(english), key


def _refusals() -> dict[str, list[set[str] | None]]:
    """Each refusal code written in a ``Refusal("code", ...)`` call of src/ (either code of a
    ``Refusal("a" if ... else "b", ...)``), with the parameters of each call (None: the call passes
    ``**`` parameters, which the scan cannot name). A code made by an f-string is read as the pattern
    it follows (``{}`` for each value): ``invalid_{}``."""
    found: dict[str, list[set[str] | None]] = {}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Refusal"):
                continue
            code = node.args[0]
            choices = [code.body, code.orelse] if isinstance(code, ast.IfExp) else [code]
            for choice in choices:
                if isinstance(choice, ast.Constant):
                    name = str(choice.value)
                elif isinstance(choice, ast.JoinedStr):
                    name = "".join(str(part.value) if isinstance(part, ast.Constant) else "{}" for part in choice.values)
                else:  # the code passed on (mjscore.errors, where refusals are made)
                    continue
                named = {keyword.arg for keyword in node.keywords}
                found.setdefault(name, []).append(None if None in named else {str(arg) for arg in named})
    return found


def test_each_refusal_has_its_label_and_says_only_what_it_is_given() -> None:
    words = catalogue()
    refusals = _refusals()
    assert {"game_over", "below_minimum", "dealer_only", "unknown_tile_letter"} <= set(refusals)  # the scan finds them
    codes = {key.removeprefix("error_") for key in words["en"] if key.startswith("error_")}
    for name, calls in refusals.items():
        pattern = re.compile(re.escape(name).replace(r"\{\}", r"\w+") + "$")
        matching = [code for code in codes if pattern.match(code)]
        assert matching, f"Refusal({name!r}) has no error_ label"
        for code in matching:
            for lang in LANGUAGES:
                for given in calls:
                    assert given is None or _fields(words[lang][f"error_{code}"]) <= given, (code, lang)
    used = {code for code in codes if any(re.fullmatch(re.escape(name).replace(r"\{\}", r"\w+"), code)
                                          for name in refusals)}
    assert sorted(codes - used) == []  # no label for a refusal nothing makes


def test_units_are_named_as_each_language_says_them() -> None:
    assert [unit_name(u, "zh-Hans") for u in ("points", "tai", "fan")] == ["分", "台", "番"]
    assert [unit_name(u, "en") for u in ("points", "tai", "fan")] == ["points", "tai", "fan"]
    assert unit_name("beans", "zh-Hant") == "beans"  # a club's own unit, shown as its file writes it
    assert label("pays", "zh-Hant", payer="西", payee="南", amount=8) == "西 付給 南 8"


#: The Latin words a Japanese label may keep: names (the app's, a file format's, a rating system's),
#: the notation's letters, and the words of a command, a record's field or a value a user types.
_LATIN_IN_JAPANESE = re.compile(
    r"mjscore|JSON|CSV|EMA|UTC|ID|Python|C|OpenSkill|Plackett-Luce|mu|sigma|YYYY-MM-DD|R|Ann|"
    r"[0-9]+[mpszf]|[mpszf]|E|S|W|N|chow|pung|kong|concealed|added|tiles|win|flowers|seat|"
    r"mjscore [a-z ]+|--[a-z-]+|[a-z]+(_[a-z]+)+|discards|discarder|replacement|visible|link|preset|count|"
    r"request_id|expected_version|ready_on|win_tile|melds|ippatsu|allowed-host|ema|join")


def test_japanese_labels_are_japanese_with_full_width_punctuation() -> None:
    """Every label in Japanese (``ja``): no English left but names and what a user types (a record's
    field, a command), and the full-width punctuation Japanese writes (、。：（）), never the ASCII
    comma, colon or brackets, outside a placeholder and a command or field quoted in it."""
    words = catalogue()["ja"]
    assert words["win_discard"] == "ロン" and words["win_self_draw"] == "ツモ" and words["unit_han"] == "翻"
    for key, text in words.items():
        bare = re.sub(r""""[^"]*": "[^"]*"|\{\w+\}|`[^`]*`|'[^']*'|"[^"]*"|\[[^\]]*\]""", "", text)
        latin = [w for w in re.findall(r"[A-Za-z][A-Za-z0-9_.-]*(?: [a-z]+)*", bare) if not _LATIN_IN_JAPANESE.fullmatch(w)]
        assert latin == [], (key, text, latin)
        if key.startswith(("http_", "error_")) or "mjscore" in text:
            bare = re.sub(r"""\([^()]*[a-z_]{3,}[^()]*\)|[a-z_]+ [a-z0-9_"]+""", "", bare)  # (ready_declared), discards 0
        assert not re.search(r"[,;:()]", bare.replace("mu - 3 sigma", "")), (key, text)
