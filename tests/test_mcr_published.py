"""The 129 published MCR hands of ``tests/data/mcr-rulebook-examples.jsonl`` (76 from the
official rulebook commentary), scored by mjscore: the same fans, counts and total as published.

Two decisions of issue 5 are applied to the published answers, both listed in docs/rulesets/mcr.md:
the 5-fan "Concealed Kong and Melded Kong" of the source calculator is Two Melded Kongs 4 plus
Concealed Kong 2 in mjscore (seed 001: one melded and one concealed kong are 6); and for a winning tile
inside a Knitted Straight the published answer (no Closed Wait) is followed, as it stands.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from tool_modules import load_tool

import mjscore

validate = load_tool("validate")  # the comparison of tools/validate.py, which writes docs/validation.md
ROWS = validate.published_rows()  # tests/data/mcr-rulebook-examples.jsonl; its source: tests/data/README.md
record = validate.published_record
expected = validate.published_answers


def test_there_are_129_hands_and_the_two_knitted_straight_hands_are_the_ones_pymahjonggb_disputes() -> None:
    assert len(ROWS) == 129
    disputed = [row["hand_string"].split("|")[0] for row in ROWS if not row["agrees"]]
    assert disputed == ["258m23469p14788s3p", "258m23469p14788s3p"]


@pytest.mark.parametrize("row", ROWS, ids=[f"{row['id']}-{row['hand_string']}" for row in ROWS])
def test_published_hand(row: dict[str, Any]) -> None:
    result = mjscore.score(mjscore.Hand.from_dict(record(row)))
    fans = Counter({a.name.en: a.count for a in result.awards})
    answers, total = expected(row)
    assert fans in answers, f"{dict(fans)} is none of {[dict(a) for a in answers]}"
    assert result.total == total


def test_the_kong_decision_adds_one_fan_to_exactly_the_three_published_hands_that_have_it() -> None:
    changed = [row["id"] for row in ROWS if expected(row)[1] != row["published_total"]]
    assert changed == ["pub-040", "pub-114", "pub-115"]
