"""Published agreement (tools/validate.py, issue 26 item 4): docs/validation.md is what the tool
writes for its stated seed and sizes, and no reference disagrees with mjscore outside a documented
class (the page's figures are reproduced here in full: about 15 seconds)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from tool_modules import load_tool

validate = load_tool("validate")


@pytest.fixture(scope="module")
def found() -> list[object]:
    return validate.agreements()


def test_the_page_is_what_the_tool_writes(found: list[object]) -> None:
    assert validate.PAGE.read_text(encoding="utf-8") == validate.page(found), \
        "docs/validation.md is stale: run PYTHONPATH=src python tools/validate.py"


def test_no_reference_disagrees_outside_a_documented_class(found: list[object]) -> None:
    assert {entry.reference: entry.disagreements for entry in found if entry.disagreements} == {}
    shorts = [entry.short for entry in found]
    assert shorts[:9] == ["pymahjonggb", "published answers", "Botzone", "Mahjongsoft", *["mahjong"] * 4, "Tenhou"]
    assert {short.removesuffix(" golden") for short in shorts[9:]} == {"fourwinds", "hefen", "lrc", "mcr", "riichi",
                                                                       "taiwan"}


def test_the_page_names_each_rulesets_golden_hands_and_the_rows_they_prove() -> None:
    """Issue 42 item 5: for each ruleset, the golden hands worked by hand and the rows of its tables they prove,
    as tools/coverage.py counts them (the LRC rows include Calling under the house rule that switches it on)."""
    golden = {entry.name: entry for entry in validate.golden_rows()}
    lrc = golden["LRC Taiwanese (16 tiles)"]
    assert (lrc.hands, lrc.rows) == (len(validate.mutate.golden_cases("lrc")), 92)
    assert lrc.positive == lrc.rows and lrc.one_step + lrc.only_far == lrc.rows
    text = validate.PAGE.read_text(encoding="utf-8")
    assert f"| LRC Taiwanese (16 tiles) | {lrc.hands} | 92 | 92 | {lrc.one_step} | {lrc.only_far} |" in text


def test_a_mahjongsoft_win_scored_otherwise_is_a_disagreement() -> None:
    (win, winners), *_ = validate.mahjongsoft_wins()
    assert validate.mahjongsoft_difference(win, winners) == ""
    assert validate.mahjongsoft_difference(replace(win, total=win.total + 1), winners).startswith("mjscore 9 ")
    assert validate.mahjongsoft_difference(replace(win, scores=(0, 0, 0, 0)), winners) == \
        "mjscore pays (-8, -17, 33, -8), the Result is (0, 0, 0, 0)"
    assert validate.duplicate_self_draw(3, 9) == (-11, -11, -11, 33)  # the rule page's example: HV=9, +33 / -11


def test_a_difference_outside_the_classes_is_a_disagreement() -> None:
    entry = validate.Agreement("x", "x", "1 hand", Counter({"": 3, "tie": 1, "mjscore 10, other 9": 1}), 0.0)
    assert entry.disagreements == 1
    assert "| x | 1 hand | 3 | 1 | 1 |" in validate.page([entry])


def test_a_published_hand_scored_otherwise_is_a_disagreement() -> None:
    row = validate.published_rows()[0]
    assert validate.published_outcome(row) == ""
    changed = {**row, "published_total": row["published_total"] + 1}
    assert validate.published_outcome(changed) == "disagreement"


def test_a_tenhou_win_scored_otherwise_is_a_disagreement() -> None:
    """A logged win whose stated points or han differ from mjscore's is named, with both answers."""
    win, *_ = validate.tenhou_wins()
    assert validate.tenhou_difference(win) == ""
    paid = replace(win, imported=replace(win.imported, scores=(0, 0, 0, 0)))
    assert validate.tenhou_difference(paid).startswith(f"{win.imported.match}: mjscore ")
    more = replace(win, imported=replace(win.imported, total=win.imported.total + 1))
    assert validate.tenhou_difference(more) != ""
