"""Properties of scoring that hold for every legal hand (hypothesis drives a seeded hand generator)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.sampling import random_winning_hand

LRC = mjscore.get_ruleset("lrc")
seeds = st.integers(0, 2**32)


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_no_legal_hand_crashes_and_the_sheet_adds_up(seed: int) -> None:
    hand = random_winning_hand(random.Random(seed))
    result = mjscore.score(hand, LRC)
    assert result.total == sum(a.value for a in result.awards) + LRC.base
    groups = [a.group for a in result.awards if a.group]
    assert len(groups) == len(set(groups)), "two awards of one exclusive group"
    assert hand.win_tile in result.waits
    paid = sum(p.amount for p in result.payments)
    assert paid == (result.total if hand.win.claimed else 3 * result.total)


@settings(max_examples=150, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_the_order_tiles_and_melds_are_written_in_does_not_matter(seed: int, shuffler: random.Random) -> None:
    hand = random_winning_hand(random.Random(seed))
    concealed = list(hand.concealed)
    melds = list(hand.melds)
    shuffler.shuffle(concealed)
    shuffler.shuffle(melds)
    shuffled = replace(hand, concealed=tuple(concealed), melds=tuple(melds))
    first, second = mjscore.score(hand, LRC), mjscore.score(shuffled, LRC)
    assert first.total == second.total
    assert sorted((a.id, a.value) for a in first.awards) == sorted((a.id, a.value) for a in second.awards)


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_the_record_round_trips(seed: int) -> None:
    hand = random_winning_hand(random.Random(seed))
    assert mjscore.Hand.from_dict(hand.to_dict()) == hand
