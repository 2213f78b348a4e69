"""The game flow's pure rules: seats from the dealer, dealer rotation, the streak, the round wind."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mjscore import get_ruleset
from mjscore.errors import TableError
from mjscore.scorekeeper.flow import Deal, after_draw, after_win, check_open, minimum_to_win, player_at, seat_of

LRC = get_ruleset("lrc")


def test_seats_follow_the_dealer() -> None:
    assert [seat_of(p, 0) for p in range(4)] == ["E", "S", "W", "N"]
    assert [seat_of(p, 2) for p in range(4)] == ["W", "N", "E", "S"]
    assert all(player_at(seat_of(p, d), d) == p for p in range(4) for d in range(4))


def test_a_dealer_win_keeps_the_deal_and_grows_the_streak() -> None:
    assert after_win(Deal(dealer=1, streak=2, hands=5), 1, LRC) == Deal(dealer=1, streak=3, hands=6)


def test_a_non_dealer_win_passes_the_deal_and_ends_the_streak() -> None:
    assert after_win(Deal(dealer=1, streak=2), 3, LRC) == Deal(dealer=2, streak=0, hands=1)


def test_a_ruleset_where_the_deal_always_passes() -> None:
    rotating = replace(LRC, dealer_keeps_deal_on_win=False)
    assert after_win(Deal(dealer=1, streak=0), 1, rotating) == Deal(dealer=2, hands=1)


def test_a_draw_keeps_the_dealer_where_the_ruleset_says_so() -> None:
    assert LRC.dealer_keeps_deal_on_draw
    assert after_draw(Deal(dealer=1, streak=2), LRC) == Deal(dealer=1, streak=2, hands=1)
    passing = replace(LRC, dealer_keeps_deal_on_draw=False)
    assert after_draw(Deal(dealer=1, streak=2), passing) == Deal(dealer=2, streak=0, hands=1)


def test_the_round_wind_moves_after_four_dealers_and_the_game_ends_after_north() -> None:
    assert after_win(Deal(dealer=3), 0, LRC) == Deal(round_wind="S", dealer=0, hands=1)
    assert after_win(Deal(round_wind="W", dealer=3), 1, LRC).round_wind == "N"
    over = after_win(Deal(round_wind="N", dealer=3), 1, LRC)
    assert over.over
    with pytest.raises(TableError, match="the game is over"):
        check_open(over)


def test_the_minimum_to_win_is_the_current_rounds() -> None:
    ladder = replace(LRC, minimum={"E": 20, "S": 22, "W": 24, "N": 26})
    assert minimum_to_win(Deal(round_wind="W"), ladder.minimum) == 24
    assert minimum_to_win(Deal(round_wind="W"), LRC.minimum) is None
