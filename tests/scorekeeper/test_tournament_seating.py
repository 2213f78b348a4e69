"""Tournament seating and standings as pure functions, with figures worked out by hand.

The seatings are drawn from a seed, so the tests check what must hold of any seating the rule
allows (who meets whom, how often; which four sit together in a Swiss round), for several seeds,
and that one seed always gives one seating."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from mjscore.errors import TableError
from mjscore.scorekeeper.seating import (
    Fill,
    Line,
    Method,
    Penalty,
    Result,
    Round,
    Table,
    cut,
    meetings,
    seat_round,
    standings,
)

SEEDS = ["spring open", "a", "b", "2026-12-05", "club"]


def _groups(seating: Round) -> list[frozenset[int]]:
    return [frozenset(t.players) for t in seating.tables]


def _everyone_once(seating: Round, players: range | list[int]) -> None:
    seated = [p for t in seating.tables for p in t.players if p > 0] + list(seating.byes)
    assert sorted(seated) == sorted(players)
    assert [t.number for t in seating.tables] == list(range(1, len(seating.tables) + 1))


@pytest.mark.parametrize("seed", SEEDS)
def test_eight_players_three_rounds_no_repeat_meet_no_pair_three_times_and_as_few_twice_as_can_be(seed: str) -> None:
    """8 players, 2 tables a round. Round 2: whatever round 1 was, a table of round 2 takes x players
    from one table of round 1 and 4 - x from the other, seating C(x, 2) + C(4 - x, 2) pairs again:
    at least 1 + 1 = 2 (x = 2), so at least 4 pairs meet again in round 2, and with exactly 4 the
    players fall into four couples by (table in round 1, table in round 2), each couple having met
    twice. Round 3: a couple seated together would meet a third time, so each table of round 3
    holds one player of each couple; of its 6 pairs, the 4 whose couples share one of the two
    earlier tables met once before, the 2 that share neither never met: 4 pairs again a table, 8 in
    the round. Over the three rounds: 12 pairs meet twice, 12 once and 4 (the couples' opposites)
    never, and no pair three times: 12 * 2 + 12 = 36 = 3 rounds * 2 tables * 6 pairs."""
    history: list[Round] = []
    again = []
    for number in (1, 2, 3):
        seating = seat_round(number, range(1, 9), Method.no_repeat, seed, history=history, rounds_left=4 - number)
        _everyone_once(seating, range(1, 9))
        before = meetings(history)
        again.append(sum(1 for g in _groups(seating) for pair in combinations(sorted(g), 2) if before[pair]))
        history.append(seating)
    assert again == [0, 4, 8]
    met = meetings(history)
    assert max(met.values()) == 2
    assert Counter(met.values()) == {2: 12, 1: 12}
    assert len(met) == 28 - 4


def test_a_seating_is_reproducible_from_its_seed() -> None:
    one = seat_round(1, range(1, 17), Method.no_repeat, "spring open")
    assert one == seat_round(1, range(1, 17), Method.no_repeat, "spring open")
    assert seat_round(1, range(1, 17), Method.random, "x") == seat_round(1, range(1, 17), Method.random, "x")
    assert one != seat_round(1, range(1, 17), Method.no_repeat, "autumn open")


def test_sixteen_players_four_rounds_no_repeat_meet_nobody_twice() -> None:
    """16 players: each meets 3 others a round, 12 in four rounds, of 15: a seating without a second
    meeting exists (the affine plane of order 4 has five parallel classes of four lines), and the
    search, planning the rounds left together, finds one (a round seated alone can leave the next
    no seating without a second meeting)."""
    history: list[Round] = []
    for number in range(1, 5):
        history.append(seat_round(number, range(1, 17), Method.no_repeat, "spring open", history=history,
                                  rounds_left=5 - number))
    assert set(meetings(history).values()) == {1}
    assert len(meetings(history)) == 4 * 4 * 6


def _round_one_of_twelve() -> list[Result]:
    """Round 1 of 12 players, worked by hand. Table 1: 1, 2, 3, 4 score +30, +10, -10, -30: 4, 2,
    1, 0. Table 2: 5 and 6 tie at +20 (5 won 2 hands, 6 one), 7 0, 8 -40: (4 + 2) / 2 = 3 each, 1,
    0. Table 3: 9 +50, 10 and 11 tie at 0, 12 -50: 4, (2 + 1) / 2 = 1.5 each, 0."""
    rows = [(1, 1, 4, 30, 2), (1, 2, 2, 10, 1), (1, 3, 1, -10, 1), (1, 4, 0, -30, 0),
            (2, 5, 3, 20, 2), (2, 6, 3, 20, 1), (2, 7, 1, 0, 1), (2, 8, 0, -40, 0),
            (3, 9, 4, 50, 3), (3, 10, Fraction(3, 2), 0, 0), (3, 11, Fraction(3, 2), 0, 0), (3, 12, 0, -50, 0)]
    return [Result(1, table, player, Fraction(points), score, won) for table, player, points, score, won in rows]


def test_the_standings_go_by_table_points_then_score_then_hands_won_and_say_what_decided() -> None:
    lines = standings(range(1, 13), _round_one_of_twelve())
    # 4 points: 9 (+50) before 1 (+30), on score. 3 points: 5 and 6 at +20, 5 won 2 hands, 6 one.
    # 2: player 2. 1.5: 10 and 11, equal on everything: =6. 1: 7 (0) before 3 (-10). 0: 4, 8, 12 by score.
    assert [(line.place, line.tied, line.player, line.decided) for line in lines] == [
        (1, False, 9, ""), (2, False, 1, "score"), (3, False, 5, "table points"), (4, False, 6, "hands won"),
        (5, False, 2, "table points"), (6, True, 10, "table points"), (6, True, 11, "tied"),
        (8, False, 7, "table points"), (9, False, 3, "score"), (10, False, 4, "table points"),
        (11, False, 8, "score"), (12, False, 12, "score")]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_twelve_player_swiss_round_two_seats_the_standings_in_fours(seed: str) -> None:
    """After round 1 the order is 9, 1, 5, 6, 2, 10, 11, 7, 3, 4, 8, 12 (the test above): table 1
    seats the first four, table 2 the next four, table 3 the last four; the seats are drawn."""
    results = _round_one_of_twelve()
    one = Round(1, (Table(1, (1, 2, 3, 4)), Table(2, (5, 6, 7, 8)), Table(3, (9, 10, 11, 12))))
    order = [line.player for line in standings(range(1, 13), results)]
    two = seat_round(2, range(1, 13), Method.swiss, seed, history=[one], order=order)
    assert _groups(two) == [frozenset({9, 1, 5, 6}), frozenset({2, 10, 11, 7}), frozenset({3, 4, 8, 12})]
    assert two.byes == ()


def test_a_penalty_comes_off_the_score_and_can_change_the_order() -> None:
    # 9 and 1 both have 4 table points; 9's +50 less a 25-point penalty is +25, below 1's +30.
    lines = standings(range(1, 13), _round_one_of_twelve(), [Penalty(9, 1, 25, "late")])
    assert [(line.player, line.score, line.penalties) for line in lines[:2]] == [(1, 30, 0), (9, 25, 25)]


def test_a_cut_keeps_the_top_n_who_then_stay_above_the_rest() -> None:
    results = _round_one_of_twelve()
    finalists = cut(standings(range(1, 13), results), 4)
    assert finalists == (9, 1, 5, 6)
    # The final: 6 wins it (+40: 4 points, 7 in all), 9 second (+10: 2, 6 in all), 1 third (-20: 1,
    # 5 in all), 5 last (-30: 0, 3 in all). Player 2 (2 points, not in the final) stays fifth,
    # below 5's 3, and would stay below a finalist with fewer points: the cut decides.
    final = [Result(2, 1, 6, Fraction(4), 40, 2), Result(2, 1, 9, Fraction(2), 10, 1),
             Result(2, 1, 1, Fraction(1), -20, 0), Result(2, 1, 5, Fraction(0), -30, 0)]
    lines = standings(range(1, 13), [*results, *final], finalists=finalists)
    assert [(line.player, line.table_points, line.finalist) for line in lines[:5]] == [
        (6, 7, True), (9, 6, True), (1, 5, True), (5, 3, True), (2, 2, False)]
    assert lines[4].decided == "the cut"
    loser = [Result(2, 1, 5, Fraction(0), -90, 0)]
    low = standings([5, 2], [Result(1, 1, 5, Fraction(1), 0, 0), *loser, Result(1, 2, 2, Fraction(4), 9, 1)],
                    finalists=[5])
    assert [(line.player, line.place, line.decided) for line in low] == [(5, 1, ""), (2, 2, "the cut")]


def test_a_cut_is_a_multiple_of_four_and_not_inside_a_tie() -> None:
    lines = standings(range(1, 13), _round_one_of_twelve())
    with pytest.raises(TableError, match="multiple of four players, at most the 12 ranked, not 6"):
        cut(lines, 6)
    # Places 1 to 7, then two players sharing place 8, then 10 to 12: a cut at 8 splits the tie.
    places = [1, 2, 3, 4, 5, 6, 7, 8, 8, 10, 11, 12]
    tied = [Line(place, place == 8, p, 1, Fraction(12 - place), 0, 0, 0, True, "")
            for p, place in enumerate(places, 1)]
    with pytest.raises(TableError, match="falls inside a tie for place 8"):
        cut(tied, 8)


def test_a_drop_with_a_substitute_keeps_full_tables_and_the_substitute_counts_for_nobody() -> None:
    """8 players; player 3 drops after round 1: round 2 seats 7 and one substitute (-1), who has no
    line in the standings; the table they sat at still gives its 7 points to the other three and them."""
    one = seat_round(1, range(1, 9), Method.no_repeat, "spring open")
    field = [p for p in range(1, 9) if p != 3]
    two = seat_round(2, field, Method.no_repeat, "spring open", history=[one])
    _everyone_once(two, field)
    seats = [p for t in two.tables for p in t.players]
    assert seats.count(-1) == 1 and 3 not in seats and len(seats) == 8
    with_sub = next(t for t in two.tables if -1 in t.players)
    results = [Result(2, with_sub.number, p, Fraction(pts), 0, 0) for p, pts in zip(with_sub.players, (4, 2, 1, 0),
                                                                                    strict=True)]
    lines = standings([*field, -1], results)
    assert len(lines) == 7 and all(line.player > 0 for line in lines)


def test_byes_go_to_those_who_had_fewest() -> None:
    """9 players with byes: one sits out each round; over 9 rounds each has one bye (fewest first)."""
    history: list[Round] = []
    for number in range(1, 10):
        seating = seat_round(number, range(1, 10), Method.random, "byes", fill=Fill.byes, history=history)
        _everyone_once(seating, range(1, 10))
        assert len(seating.byes) == 1 and len(seating.tables) == 2
        history.append(seating)
    assert sorted(b for r in history for b in r.byes) == list(range(1, 10))


def test_a_late_entry_is_seated_from_the_next_round() -> None:
    one = seat_round(1, range(1, 9), Method.no_repeat, "late")
    two = seat_round(2, range(1, 10), Method.no_repeat, "late", history=[one])  # player 9 joins
    _everyone_once(two, range(1, 10))
    assert sum(1 for t in two.tables for p in t.players if p < 0) == 3  # 9 players and 3 substitutes


def test_bad_seatings_are_refused_with_one_line() -> None:
    with pytest.raises(TableError, match="round 1 has none"):
        seat_round(1, range(1, 9), Method.swiss, "x")
    with pytest.raises(TableError, match="four players, not 3"):
        seat_round(1, [1, 2, 3], Method.random, "x")
    with pytest.raises(TableError, match="seated once a round"):
        seat_round(1, [1, 2, 3, 4, 4], Method.random, "x")
    one = seat_round(1, range(1, 9), Method.random, "x")
    with pytest.raises(TableError, match="standings of exactly the players"):
        seat_round(2, range(1, 9), Method.swiss, "x", history=[one], order=[1, 2, 3])
