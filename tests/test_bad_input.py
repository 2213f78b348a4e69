"""Bad input of any shape is refused with a MjscoreError (a one-line ValueError), never a crash."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.sampling import random_winning_hand

FIELDS = ["ruleset", "seat", "round", "concealed", "melds", "flowers", "win_tile", "win", "discarder", "replacement",
          "last_tile", "discards", "declared_tiles", "dealer_streak", "ready_declared", "ready_on", "heavenly", "earthly",
          "last_of_kind"]
notation = st.text(alphabet="123456789mpszfESWNCFP xq0", max_size=24)
values = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), notation,
                   st.sampled_from(["E", "S", "W", "N", "discard", "self_draw", "robbing_gong", "flowers", "gong",
                                    "lrc", "hefen", "fourwinds", "mcr", "taiwan", "nope",
                                    "deal", "first_discard"]),
                   st.lists(notation, max_size=3),
                   st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["chow", "pung", "kong", "x"]),
                                                   "tiles": notation}), max_size=3))


def score_or_refuse(record: dict[str, Any]) -> None:
    try:
        hand = mjscore.Hand.from_dict(record)
        mjscore.score(hand)
    except mjscore.MjscoreError as error:
        assert str(error) and "\n" not in str(error)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), values, max_size=10))
def test_random_records_are_scored_or_refused_in_one_line(record: dict[str, Any]) -> None:
    score_or_refuse(record)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(FIELDS), values)
def test_a_legal_hand_with_one_field_spoiled(seed: int, field: str, value: Any) -> None:
    record = random_winning_hand(random.Random(seed)).to_dict()
    record[field] = value
    score_or_refuse(record)
