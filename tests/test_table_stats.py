"""Statistics over club tables, with every figure worked out by hand from the entries written below.

FRIDAY (table 1, LRC, Ann Bob Cat Dan), recorded on 2026-11-27; each step's points per player:

1. Ann wins by self-draw, 4: each other player pays 4            (+12, -4, -4, -4)   a hand
2. Bob wins on Cat's discard, 6                                  (  0, +6, -6,  0)   a hand
3. a drawn hand                                                  (  0,  0,  0,  0)   a hand
4. Dan collects a concealed gong, 1 from each (no hand ends)     ( -1, -1, -1, +3)
5. Cat wins robbing Ann's kong, 8                                ( -8,  0, +8,  0)   a hand
6. Dan wins on flowers, 1; Bob drew the eighth flower            (  0, -1,  0, +1)   a hand

Balances after each: (12,-4,-4,-4) (12,2,-10,-4) (12,2,-10,-4) (11,1,-11,-1) (3,1,-3,-1) (3,0,-3,0):
Ann first, Bob and Dan tied for second (both 2nd), Cat fourth. Five hands. Deal-ins: Cat (entry 2)
and Ann (entry 5: her kong was robbed); the flower win is nobody's deal-in.

SATURDAY (table 2, LRC, ann Eve Fay Gus), recorded on 2026-12-01: Eve wins on ann's discard, 5
(-5, +5, 0, 0): Eve first, Fay and Gus second, ann fourth. The roster knows that ann is Ann.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.errors import InputError
from mjscore.scoring.ruleset import Names
from mjscore.scoring.statistics import (
    DateRange,
    SessionPlaces,
    TableRecord,
    TableStep,
    TableWin,
    places_of,
    table_statistics,
)

NAMES = {"self_drawn": Names("Self Draw", "自摸", "自摸"), "dragon_pong": Names("Pong of Dragons", "三元牌刻子", "三元牌刻子")}
FRIDAY = TableRecord(1, "Friday", "lrc", "points", ("Ann", "Bob", "Cat", "Dan"), (
    TableStep(1, "2026-11-27T19:01:00.000000Z", True, (12, -4, -4, -4),
              TableWin(0, "self_draw", None, 4, (("self_drawn", 1), ("no_flowers", 1)))),
    TableStep(2, "2026-11-27T19:10:00.000000Z", True, (0, 6, -6, 0), TableWin(1, "discard", 2, 6, (("dragon_pong", 1),))),
    TableStep(3, "2026-11-27T19:20:00.000000Z", True, (0, 0, 0, 0)),
    TableStep(4, "2026-11-27T19:25:00.000000Z", False, (-1, -1, -1, 3)),
    TableStep(5, "2026-11-27T19:30:00.000000Z", True, (-8, 0, 8, 0),
              TableWin(2, "robbing_gong", 0, 8, (("robbing_gong", 1), ("dragon_pong", 1)))),
    TableStep(6, "2026-11-27T19:40:00.000000Z", True, (0, -1, 0, 1), TableWin(3, "flowers", 1, 1, (("flowers_win", 1),))),
), NAMES)
SATURDAY = TableRecord(2, "Saturday", "lrc", "points", ("ann", "Eve", "Fay", "Gus"), (
    TableStep(1, "2026-12-01T20:00:00.000000Z", True, (-5, 5, 0, 0), TableWin(1, "discard", 0, 5, (("no_flowers", 1),))),
))


def roster(table: int, name: str) -> str:
    """The club's roster as the statistics see it: ann at table 2 is Ann."""
    return "Ann" if (table, name) == (2, "ann") else name


def test_a_table_per_player_with_every_rate_naming_its_denominator() -> None:
    stats = table_statistics([FRIDAY])
    assert (stats.tables, stats.hands, stats.wins) == (1, 5, 4)
    assert [p.player for p in stats.players] == ["Ann", "Bob", "Dan", "Cat"]  # by average place, then wins, then name
    ann, bob, dan, cat = stats.players
    for player in stats.players:
        assert (player.tables, player.hands) == (1, 5)
        assert (player.wins.count, player.wins.of, player.wins.over) == (1, 5, "hands played")
        assert player.deal_ins.over == "hands played" and player.self_draws.over == "wins"
    assert [(p.self_draws.count, p.self_draws.of) for p in (ann, bob, dan, cat)] == [(1, 1), (0, 1), (0, 1), (0, 1)]
    assert [p.deal_ins.count for p in (ann, bob, dan, cat)] == [1, 0, 0, 1]
    assert ann.deal_ins.value == pytest.approx(0.2) and ann.wins.value == pytest.approx(0.2)
    assert [p.places for p in (ann, bob, dan, cat)] == [(1, 0, 0, 0), (0, 1, 0, 0), (0, 1, 0, 0), (0, 0, 0, 1)]
    # Points: won over the wins; lost over the hands in which the player paid (the gong, entry 4, ends no hand).
    points = {p.player: p.points[0] for p in stats.players}
    assert {name: (q.net, q.won.total, q.won.of, q.lost.total, q.lost.of) for name, q in points.items()} == {
        "Ann": (3, 12, 1, 8, 1), "Bob": (0, 6, 1, 5, 2), "Cat": (-3, 8, 1, 10, 2), "Dan": (0, 1, 1, 4, 1)}
    assert points["Bob"].lost.value == 2.5 and points["Bob"].lost.over == "hands in which the player paid"
    assert [(q.ruleset, q.unit, q.hands) for q in points.values()] == [("lrc", "points", 5)] * 4
    biggest = points["Cat"].biggest
    assert biggest is not None and (biggest.table, biggest.number, biggest.total) == (1, 5, 8)


def test_the_frequency_table_of_the_awards_over_the_wins() -> None:
    """Four wins: Pong of Dragons in 2 (50%), the other four awards in 1 each (25%); average total
    (4 + 6 + 8 + 1) / 4 = 4.75; totals 1, 4, 6, 8 once each."""
    (lrc,) = table_statistics([FRIDAY]).rulesets
    assert (lrc.ruleset, lrc.hands, lrc.share_of, lrc.average_total) == ("lrc", 4, "wins of the ruleset", 4.75)
    assert lrc.totals == ((1, 1), (4, 1), (6, 1), (8, 1))
    assert [(a.id, a.hands, a.share) for a in lrc.awards] == [
        ("dragon_pong", 2, 0.5), ("flowers_win", 1, 0.25), ("no_flowers", 1, 0.25), ("robbing_gong", 1, 0.25),
        ("self_drawn", 1, 0.25)]


def test_the_balance_series_of_the_evening() -> None:
    (balances,) = table_statistics([FRIDAY]).balances
    assert balances.numbers == (1, 2, 3, 4, 5, 6)
    assert balances.points == ((0, 0, 0, 0), (12, -4, -4, -4), (12, 2, -10, -4), (12, 2, -10, -4), (11, 1, -11, -1),
                               (3, 1, -3, -1), (3, 0, -3, 0))


def test_ties_share_the_better_place() -> None:
    assert places_of([3, 0, -3, 0]) == (1, 2, 4, 2)
    assert places_of([5, 5, 5, -15]) == (1, 1, 1, 4)


def test_the_club_counts_a_person_once_across_tables_under_the_roster() -> None:
    """With the roster, Ann played 2 tables and 5 + 1 = 6 hands: 1 win (1/6), 2 deal-ins (2/6), first
    and fourth (average 2.5). Without it, ann is someone else."""
    stats = table_statistics([FRIDAY, SATURDAY], roster)
    assert (stats.tables, stats.hands, stats.wins) == (2, 6, 5)
    ann = next(p for p in stats.players if p.player == "Ann")
    assert (ann.tables, ann.hands, ann.wins.count, ann.wins.of, ann.deal_ins.count) == (2, 6, 1, 6, 2)
    assert (ann.places, ann.average_place.total, ann.average_place.of, ann.average_place.value) == ((1, 0, 0, 1), 5, 2, 2.5)
    assert ann.average_place.over == "tables played"
    assert ann.points[0].net == 3 - 5
    assert [b.people for b in stats.balances] == [("Ann", "Bob", "Cat", "Dan"), ("Ann", "Eve", "Fay", "Gus")]
    assert [p.player for p in stats.players] == ["Eve", "Bob", "Dan", "Fay", "Gus", "Ann", "Cat"]
    plain = table_statistics([FRIDAY, SATURDAY])
    assert {p.player for p in plain.players} == {"Ann", "ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"}
    (lrc,) = plain.rulesets
    assert (lrc.hands, lrc.average_total) == (5, 4.8)  # (4 + 6 + 8 + 1 + 5) / 5


def test_a_date_range_counts_the_entries_recorded_on_its_days() -> None:
    later = table_statistics([FRIDAY, SATURDAY], roster, DateRange.of(since="2026-11-28"))
    assert (later.tables, later.hands) == (1, 1)
    assert [b.table for b in later.balances] == [2]
    earlier = table_statistics([FRIDAY, SATURDAY], roster, DateRange.of(until="2026-11-27"))
    assert [b.table for b in earlier.balances] == [1]
    both = table_statistics([FRIDAY, SATURDAY], roster, DateRange.of("2026-11-27", "2026-12-01"))
    assert both.tables == 2


@pytest.mark.parametrize(("since", "until", "message"), [
    ("2026-13-01", None, "since: '2026-13-01' is not a date (YYYY-MM-DD)"),
    (None, "yesterday", "until: 'yesterday' is not a date (YYYY-MM-DD)"),
    ("2026-12-02", "2026-12-01", "since 2026-12-02 is after until 2026-12-01: no day lies between them"),
])
def test_a_bad_date_is_refused_naming_it(since: str | None, until: str | None, message: str) -> None:
    with pytest.raises(InputError) as refused:
        DateRange.of(since, until)
    assert str(refused.value) == message


def test_the_json_names_every_denominator() -> None:
    data = table_statistics([FRIDAY]).to_dict("zh-Hans")
    ann = data["players"][0]
    assert ann["wins"] == {"count": 1, "of": 5, "over": "hands played", "value": 0.2}
    assert ann["self_draws"] == {"count": 1, "of": 1, "over": "wins", "value": 1.0}
    assert ann["points"][0]["won"] == {"total": 12, "of": 1, "over": "wins", "value": 12.0}
    award = data["rulesets"][0]["awards"][0]
    assert (award["id"], award["name"], award["share"]) == (
        "dragon_pong", "三元牌刻子", {"count": 2, "of": 4, "over": "wins of the ruleset", "value": 0.5})
    assert data["rulesets"][0]["average_total"] == {"total": 19, "of": 4, "over": "wins of the ruleset", "value": 4.75}
    assert data["balances"][0]["points"][-1] == [3, 0, -3, 0]


def test_a_session_counts_its_own_places_and_says_so() -> None:
    """FRIDAY played as a session, its places given as Ann 1, Dan 2, Bob 3, Cat 4: they are counted
    as given (the scorekeeper ranks the session), not from the balances, which tie Bob and Dan for
    2nd. With SATURDAY, a table without a session (Eve 1, Fay and Gus 2, ann 4), Ann's places are
    over sessions and tables: 1st and 4th, average 5 / 2."""
    session = replace(FRIDAY, session=SessionPlaces("2026-11-27T19:00:00.000000Z", (1, 3, 4, 2)))
    stats = table_statistics([session, SATURDAY], roster)
    by = {p.player: p for p in stats.players}
    assert [(by[n].places, by[n].sessions, by[n].average_place.over) for n in ("Bob", "Dan", "Cat")] == [
        ((0, 0, 1, 0), 1, "sessions played"), ((0, 1, 0, 0), 1, "sessions played"), ((0, 0, 0, 1), 1, "sessions played")]
    ann = by["Ann"]
    assert (ann.places, ann.sessions, ann.tables) == ((1, 0, 0, 1), 1, 2)
    assert (ann.average_place.total, ann.average_place.of, ann.average_place.over) == (5, 2, "sessions and tables played")
    assert (by["Eve"].sessions, by["Eve"].average_place.over) == (0, "tables played")
    data = stats.to_dict()
    dan = next(p for p in data["players"] if p["player"] == "Dan")
    assert (dan["sessions"], dan["places"], dan["places_over"]) == (1, [0, 1, 0, 0], "sessions played")


def test_a_session_counts_its_places_in_the_range_of_the_day_it_opened() -> None:
    """A session opened at 23:50 on the 26th, its entries on the 27th: from the 27th its entries
    count (5 hands each) but its places belong to the 26th, as in the standings of a season."""
    late = replace(FRIDAY, session=SessionPlaces("2026-11-26T23:50:00.000000Z", (1, 3, 4, 2)))
    stats = table_statistics([late], dates=DateRange.of(since="2026-11-27"))
    assert [(p.hands, p.tables, p.sessions, p.places, p.average_place.of) for p in stats.players] == [
        (5, 1, 0, (0, 0, 0, 0), 0)] * 4
    whole = table_statistics([late], dates=DateRange.of("2026-11-26", "2026-11-27"))
    assert sorted(p.places for p in whole.players) == [(0, 0, 0, 1), (0, 0, 1, 0), (0, 1, 0, 0), (1, 0, 0, 0)]


def test_money_is_the_stored_settlement_summed_per_ruleset() -> None:
    """FRIDAY for money: each step's money as the table stored it (whatever its stake and base: the
    statistics only add it up): Ann 6 - 0.5 - 5 = 0.5, Bob -2 + 4 - 0.5 - 1.5 = 0, Cat -2 - 4 - 0.5
    + 5 = -1.5, Dan -2 + 1.5 + 1.5 = 1. SATURDAY plays for no money, so Eve's is None (null), not 0."""
    money = [(Decimal(6), Decimal(-2), Decimal(-2), Decimal(-2)), (Decimal(0), Decimal(4), Decimal(-4), Decimal(0)),
             (Decimal(0),) * 4, (Decimal("-0.5"), Decimal("-0.5"), Decimal("-0.5"), Decimal("1.5")),
             (Decimal(-5), Decimal(0), Decimal(5), Decimal(0)), (Decimal(0), Decimal("-1.5"), Decimal(0), Decimal("1.5"))]
    paid = replace(FRIDAY, steps=tuple(replace(step, money=cash) for step, cash in zip(FRIDAY.steps, money, strict=True)))
    stats = table_statistics([paid, SATURDAY])
    by = {p.player: p.points[0] for p in stats.players}
    assert {name: by[name].money for name in ("Ann", "Bob", "Cat", "Dan")} == {
        "Ann": Decimal("0.5"), "Bob": Decimal(0), "Cat": Decimal("-1.5"), "Dan": Decimal(1)}
    assert by["Eve"].money is None
    data = {p["player"]: p["points"][0] for p in stats.to_dict()["players"]}
    assert (data["Ann"]["money"], data["Cat"]["money"], data["Eve"]["money"]) == ("0.5", "-1.5", None)
    # Bob's -2 + 4 - 0.5 - 1.5 and Dan's -2 + 1.5 + 1.5 are written as the standings write money: 0 and 1, not 0.0, 1.0
    assert (data["Bob"]["money"], data["Dan"]["money"]) == ("0", "1")
    assert data["Ann"]["net"] == 3  # the points beside it, unchanged


def _steps() -> st.SearchStrategy[tuple[TableStep, ...]]:
    """Random settled histories: wins (of every kind), drawn hands and table payments that end no
    hand, each moving points that add up to nothing."""
    def step(number: int, kind: str, winner: int, giver: int, amount: int) -> TableStep:
        at = f"2026-11-{1 + number % 28:02d}T20:00:00.000000Z"
        if kind == "draw":
            return TableStep(number, at, True, (0, 0, 0, 0))
        changes = [0, 0, 0, 0]
        if kind == "event":
            changes = [-amount] * 4
            changes[winner] = 3 * amount
            return TableStep(number, at, False, tuple(changes))
        giver = giver if giver != winner else (winner + 1) % 4
        if kind == "self_draw":
            changes = [-amount] * 4
            changes[winner] = 3 * amount
        else:
            changes[winner], changes[giver] = amount, -amount
        win = TableWin(winner, kind, None if kind == "self_draw" else giver, amount, (("award", 1),))
        return TableStep(number, at, True, tuple(changes), win)
    kinds = st.sampled_from(["self_draw", "discard", "robbing_gong", "flowers", "draw", "event"])
    one = st.tuples(kinds, st.integers(0, 3), st.integers(0, 3), st.integers(1, 50))
    return st.lists(one, max_size=30).map(lambda found: tuple(step(n, *f) for n, f in enumerate(found, 1)))


@given(_steps(), _steps())
@settings(max_examples=60, deadline=None)
def test_the_figures_add_up_over_any_history(first: tuple[TableStep, ...], second: tuple[TableStep, ...]) -> None:
    """Whatever happened: the players' wins add up to the wins, their deal-ins to the claimed wins,
    every player played every hand of their tables, each table gives out its four places, and the
    balances end at the players' net points."""
    tables = [replace(FRIDAY, steps=first, award_names={}), replace(SATURDAY, steps=second)]
    stats = table_statistics(tables, roster)
    wins = [s.win for t in tables for s in t.steps if s.win is not None]
    assert stats.wins == len(wins) == sum(p.wins.count for p in stats.players)
    assert sum(p.deal_ins.count for p in stats.players) == sum(w.kind in ("discard", "robbing_gong") for w in wins)
    assert sum(p.self_draws.count for p in stats.players) == sum(w.kind == "self_draw" for w in wins)
    counted = [t for t in tables if t.steps]
    assert stats.tables == len(counted) == len(stats.balances)
    for balances in stats.balances:
        assert balances.points[0] == (0, 0, 0, 0) and sum(balances.points[-1]) == 0
        assert len(balances.points) == len(balances.numbers) + 1
    assert sum(sum(p.places) for p in stats.players) == 4 * len(counted)
    net = {p.player: sum(q.net for q in p.points) for p in stats.players}
    for person in net:
        assert net[person] == sum(b.points[-1][b.people.index(person)] for b in stats.balances if person in b.people)
    if stats.rulesets:
        (lrc,) = stats.rulesets
        assert lrc.hands == len(wins) and lrc.awards[0].share == 1.0
