"""The club on SQLite and PostgreSQL: the roster (seating, rename, merge), sessions (hands, time
limit) and the standings, with the figures worked out by hand.

LRC hands (``keeper_hands``): PLAIN won on a discard is 8 points, paid by the discarder alone, when
neither the winner nor the discarder sits East (East adds 1). MCR is not used here because these
tests are about the session, not the hand; every ruleset's table is a session.

The three-way tie (table "Tie", LRC, Ann deals first):
  1. Ann deals. Bob (S) wins on Dan's (N) discard: Bob +8, Dan -8. The deal passes to Bob.
  2. Bob deals. Cat (S) wins on Dan's (W) discard: Cat +8, Dan -16. The deal passes to Cat.
  3. Cat deals. Ann (W) wins on Dan's (S) discard: Ann +8, Dan -24.
  Session scores 8, 8, 8, -24: Ann, Bob and Cat tie for first and share (4 + 2 + 1) / 3 = 7/3 table
  points each; Dan 0. Each won one hand, so the three share first place.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from fractions import Fraction

import pytest
from keeper_hands import PLAIN
from sqlalchemy import create_engine, text

from mjscore.errors import TableError, TamperedTableError
from mjscore.scorekeeper import Scorekeeper, TableSettings, audit
from mjscore.scorekeeper.roster import Person
from mjscore.scorekeeper.sessions import SessionRule
from mjscore.scorekeeper.standings import place_text, standings_to_csv, standings_to_dict
from mjscore.scorekeeper.statistics import statistics
from mjscore.scorekeeper.tournaments import Tournaments
from mjscore.scorekeeper.trust import Adoption

pytestmark = pytest.mark.usefixtures("database_url")


def _tie(keeper: Scorekeeper, event: str = "Friday", hands: int | None = None) -> int:
    table = keeper.create_table(TableSettings.of("Tie", ["Ann", "Bob", "Cat", "Dan"], "lrc"),
                                session_rule=SessionRule.of(hands=hands, event=event)).id
    keeper.record_win(table, PLAIN, "Bob", "Dan")
    keeper.record_win(table, PLAIN, "Cat", "Dan")
    assert keeper.record_win(table, PLAIN, "Ann", "Dan").ledger.points == (8, 8, 8, -24)
    return table


def test_a_session_with_a_three_way_tie(keeper: Scorekeeper) -> None:
    table = _tie(keeper, hands=3)
    with pytest.raises(TableError, match=f"^table {table}: the session is over: its 3 hands are played$"):
        keeper.record_draw(table)
    keeper.record_win(table, PLAIN, "Ann", "Dan", correct=3)  # a correction is not a new hand
    standings = keeper.standings(event="friday")
    assert [(place_text(s), s.person.name, s.table_points, s.score, s.hands_won) for s in standings.lines] == [
        ("=1", "Ann", Fraction(7, 3), 8, 1), ("=1", "Bob", Fraction(7, 3), 8, 1), ("=1", "Cat", Fraction(7, 3), 8, 1),
        ("4", "Dan", 0, -24, 0)]
    assert standings.tables[0].hands == 3 and not standings.for_money


def test_a_roster_merge_makes_the_standings_span_both_names(keeper: Scorekeeper) -> None:
    """Table 2: Annie, Eve, Fay, Gus; Annie deals. Eve (S) wins on Gus's (N) discard: Eve +8, Gus -8.
    Eve 4 table points; Annie and Fay tie for second at 0: (2 + 1) / 2 = 1.5 each; Gus 0.
    Ann and Annie are one person: 7/3 + 3/2 = 23/6 table points, score 8 + 0, one hand won, two sessions."""
    _tie(keeper)
    second = keeper.create_table(TableSettings.of("Two", ["Annie", "Eve", "Fay", "Gus"], "lrc"),
                                 session_rule=SessionRule.of(event="Friday")).id
    keeper.record_win(second, PLAIN, "Eve", "Gus")
    before = keeper.standings(event="Friday")
    assert [(place_text(s), s.person.name) for s in before.lines][:5] == [
        ("1", "Eve"), ("=2", "Ann"), ("=2", "Bob"), ("=2", "Cat"), ("=5", "Annie")]
    with pytest.raises(TableError, match="'Ann' and 'Bob' sat at the same table 1: they are two people"):
        keeper.merge_players("Ann", "Bob")
    kept = keeper.merge_players("Ann", "annie", actor="test")
    assert kept == Person(1, "Ann")
    assert keeper.person_of(second, "Annie") == keeper.person_of(1, "ann") == kept
    lines = keeper.standings([1, second]).lines
    assert [(place_text(s), s.person.name, s.sessions, s.table_points, s.score, s.hands_won) for s in lines] == [
        ("1", "Eve", 1, 4, 8, 1), ("2", "Ann", 2, Fraction(23, 6), 8, 1), ("=3", "Bob", 1, Fraction(7, 3), 8, 1),
        ("=3", "Cat", 1, Fraction(7, 3), 8, 1), ("5", "Fay", 1, Fraction(3, 2), 0, 0), ("6", "Gus", 1, 0, -8, 0),
        ("7", "Dan", 1, 0, -24, 0)]
    member = next(m for m in keeper.roster() if m.person.id == 1)
    assert member.names == ("Ann", "Annie") and member.tables == (1, second) and len(member.merged) == 1
    assert keeper.table(second).settings.players[0] == "Annie"  # the table keeps the name it was played under
    assert [c.action for c, _ in keeper.roster_log()][-1] == "merge"
    with pytest.raises(TableError, match="there is no player called 'Annie' on the roster: did you mean Ann?"):
        keeper.merge_players("Ann", "Annie")


def test_a_rename_keeps_the_person_and_the_tables_history(keeper: Scorekeeper) -> None:
    table = _tie(keeper)
    head = keeper.table(table).head
    assert keeper.rename_player("Ann", "Ann Lee", actor="test") == Person(1, "Ann Lee")
    assert keeper.person_of(table, "Ann") == Person(1, "Ann Lee")
    assert keeper.table(table).head == head and keeper.table(table).settings.players[0] == "Ann"
    assert keeper.standings([table]).lines[0].person.name == "Ann Lee"
    # a new table with the new name seats the same person; the old name is a new person
    again = keeper.create_table(TableSettings.of("", ["ann lee", "Bob", "Cat", "Ann"])).id
    assert [p.id for p in keeper.people_of(again)] == [1, 2, 3, 5]
    with pytest.raises(TableError, match="'Bob' is already on the roster"):
        keeper.rename_player("Ann Lee", "bob")
    with pytest.raises(TableError, match="a player's name cannot be empty"):
        keeper.rename_player("#1", "  ")


def test_a_time_limited_session(keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    """60 minutes from 19:00: the hand that began at 19:59 is finished at 20:10, none begins after."""
    clock = ["2026-12-01T19:00:00.000000Z"]
    monkeypatch.setattr(audit, "now", lambda hours_ago=0: clock[0])

    def at(time: str) -> None:
        clock[0] = f"2026-12-01T{time}:00.000000Z"

    table = keeper.create_table(TableSettings.of("Timed", ["Ann", "Bob", "Cat", "Dan"]),
                                session_rule=SessionRule.of(minutes=60)).id
    at("19:30")
    keeper.record_win(table, PLAIN, "Bob", "Dan")
    at("19:59")
    keeper.record_win(table, PLAIN, "Cat", "Dan")
    at("20:10")
    keeper.record_win(table, PLAIN, "Ann", "Dan")  # this hand began at 19:59
    at("20:20")
    with pytest.raises(TableError, match="its 60 minutes were up at 20:00 UTC, before this hand began"):
        keeper.record_draw(table)
    with pytest.raises(TableError, match="its 60 minutes were up"):
        keeper.record_event(table, "mixed_flower_set", "Ann")
    # a correction is not a new hand: Ann (W) on Bob's (N) discard instead, 8
    assert keeper.record_win(table, PLAIN, "Ann", "Bob", correct=3).ledger.points == (8, 0, 8, -16)
    keeper.undo(table)
    keeper.record_win(table, PLAIN, "Ann", "Dan")  # the hand began at 19:59 still: it may be recorded again
    assert keeper.session_of(table) == SessionRule(None, 60, None)


def test_the_standings_export(keeper: Scorekeeper) -> None:
    table = _tie(keeper)
    standings = keeper.standings([table])
    assert standings_to_csv(standings).splitlines() == [
        "place,player,player_id,sessions,table_points,score,penalties,hands_won,money",
        "=1,Ann,1,1,2.33,8,0,1,8", "=1,Bob,2,1,2.33,8,0,1,8", "=1,Cat,3,1,2.33,8,0,1,8", "4,Dan,4,1,0,-24,0,0,-24"]
    data = standings_to_dict(standings)
    assert data["standings"][0] == {"place": 1, "tied": True, "person": {"id": 1, "name": "Ann"}, "sessions": 1,
                                    "table_points": 2.33, "table_points_exact": "7/3", "score": 8, "penalties": 0,
                                    "hands_won": 1, "money": "8"}
    assert data["tables"][0]["event"] == "Friday" and data["tables"][0]["hands"] == 3


def test_penalties_are_their_own_entries_and_money_is_shown_where_a_table_plays_for_it(keeper: Scorekeeper) -> None:
    """Hé Fēn's False Mahjong (seed 002, Penalties): Dan pays 25 to each player. Scores 25, 25, 25,
    -75: a three-way tie for first again; at 0.5 a point Dan loses 37.5."""
    table = keeper.create_table(TableSettings.of("Pen", ["Ann", "Bob", "Cat", "Dan"], "hefen", {"stake": "0.5"})).id
    keeper.record_event(table, "false_mahjong", "Dan")
    standings = keeper.standings([table])
    assert standings.for_money
    dan = standings.lines[-1]
    assert (dan.person.name, dan.score, dan.penalties, str(dan.money)) == ("Dan", -75, -75, "-37.5")
    assert [(s.table_points, s.penalties) for s in standings.lines[:3]] == [(Fraction(7, 3), 25)] * 3
    assert standings.tables[0].hands == 1  # the penalty ended the hand (ruling 43)


def test_standings_refuse_what_matches_no_table(keeper: Scorekeeper) -> None:
    _tie(keeper)
    with pytest.raises(TableError, match="^say which tables: their numbers, an event, a day or days$"):
        keeper.standings()
    with pytest.raises(TableError, match="^no table matches: event Saturday$"):
        keeper.standings(event="Saturday")
    with pytest.raises(TableError, match="^there is no table 9$"):
        keeper.standings([9])
    with pytest.raises(TableError, match=r"^day: '2026-13-01' is not a date \(YYYY-MM-DD\)$"):
        keeper.standings(day="2026-13-01")
    today = keeper.table(1).created_at[:10]
    assert len(keeper.standings(day=today).tables) == 1
    assert len(keeper.standings(since="2026-01-01", until=today).tables) == 1  # a season
    with pytest.raises(TableError, match="^no table matches: from 2999-01-01$"):
        keeper.standings(since="2999-01-01")
    with pytest.raises(TableError, match=r"^until: '31/12' is not a date \(YYYY-MM-DD\)$"):
        keeper.standings(until="31/12")


@pytest.mark.parametrize(("edit", "change"), [
    ("UPDATE roster_changes SET name = 'Rob' WHERE seq = 2", "change 2 (add)"),  # a name
    ("UPDATE roster_changes SET person = 4 WHERE seq = 5", "change 5 (seat)"),  # Dan put in Ann's seat
])
def test_a_roster_edited_outside_mjscore_is_reported(keeper: Scorekeeper, database_url: str, edit: str,
                                                     change: str) -> None:
    _tie(keeper)
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:
        connection.execute(text(edit))
    engine.dispose()
    with pytest.raises(TamperedTableError, match=re.escape(f"the roster: {change} was changed outside mjscore")):
        keeper.roster()
    with pytest.raises(TamperedTableError):
        keeper.person_of(1, "Ann")


@pytest.fixture
def old_database(database_url: str) -> Iterator[str]:
    """A database at revision 0002 with two tables, opened before the roster."""
    from alembic import command

    from mjscore.scorekeeper.storage import migration_config
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    config = migration_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        for number, players in ((1, '["Ann", "Bob", "Cat", "Dan"]'), (2, '["ann", "Eve", "Bob", "Fay"]')):
            connection.execute(text(
                "INSERT INTO score_tables (id, name, players, ruleset, house_rules, base_money, version, created_at, "
                "created_by, settings_hash, head_hash, entries) VALUES "
                f"({number}, 'Old', '{players}', 'lrc', '{{}}', '0', 0, '2026-11-30T19:00:00.000000Z', 'x', 'h', 'h', 0)"))
    engine.dispose()
    yield database_url


def test_the_migration_seats_the_tables_opened_before_the_roster(old_database: str) -> None:
    keeper = Scorekeeper.open(old_database, adopt=Adoption("cli tester", "kept by an mjscore from before signing"))
    try:
        assert [p.id for p in keeper.seat_people()[2]] == [1, 5, 2, 6]  # ann is Ann, Bob is Bob
        assert [m.person.name for m in keeper.roster()] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
        assert {c.actor for c, _ in keeper.roster_log()} == {
            "migration 0003 (players of the tables opened before the roster)"}
    finally:
        keeper.close()


def test_tables_opened_at_once_seat_a_new_name_as_one_person(keeper: Scorekeeper) -> None:
    """Eight clients open tables at once, each with the new name Zed: the roster gets one Zed."""
    errors: list[Exception] = []

    def client(number: int) -> None:
        try:
            keeper.create_table(TableSettings.of("", ["Zed", f"A{number}", f"B{number}", f"C{number}"]))
        except Exception as error:  # noqa: BLE001  (collected and reported below)
            errors.append(error)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    zed = [m for m in keeper.roster() if m.person.name == "Zed"]
    assert len(zed) == 1 and len(zed[0].tables) == 8
    assert len(keeper.roster()) == 1 + 8 * 3


def test_a_taiwanese_table_plays_for_money_and_its_standings_show_it(keeper: Scorekeeper) -> None:
    """The taiwan table's 底 is 50 (docs/rulesets/taiwan.md): it plays for money; an LRC table at 1 a point does not."""
    taiwan = keeper.create_table(TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "taiwan")).id
    plain = keeper.create_table(TableSettings.of("", ["Eve", "Fay", "Gus", "Hal"], "lrc")).id
    assert keeper.standings([taiwan]).for_money and not keeper.standings([plain]).for_money
    assert keeper.standings([taiwan, plain]).for_money


def test_an_mcr_session_is_its_sixteen_hands(keeper: Scorekeeper) -> None:
    """MCR passes the deal after every hand (docs/rulesets/mcr.md), so its game is 16 hands, East to
    North: a 17th is refused. Sixteen drawn hands leave all four at 0, tied: 7/4 table points each."""
    table = keeper.create_table(TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "mcr"),
                                session_rule=SessionRule.of(minutes=150)).id
    for _ in range(16):
        keeper.record_draw(table)
    with pytest.raises(TableError, match="the game is over: the North round has ended"):
        keeper.record_draw(table)
    lines = keeper.standings([table]).lines
    assert [(place_text(s), s.table_points) for s in lines] == [("=1", Fraction(7, 4))] * 4


def test_the_club_statistics_count_a_merged_person_once(keeper: Scorekeeper) -> None:
    """The statistics read the roster: after Ann and Annie are merged, the club's figures have one
    Ann who played both tables (3 hands at the tie table, 1 at the second) and won one of the four
    hands (the tie table's third); her placements are first (=1, the better place) and second (=2)."""
    _tie(keeper)
    second = keeper.create_table(TableSettings.of("Two", ["Annie", "Eve", "Fay", "Gus"], "lrc")).id
    keeper.record_win(second, PLAIN, "Eve", "Gus")
    apart = {p.player: p for p in statistics(keeper).players}
    assert (apart["Ann"].tables, apart["Annie"].tables) == (1, 1)
    keeper.merge_players("Ann", "Annie")
    together = {p.player: p for p in statistics(keeper).players}
    assert "Annie" not in together
    ann = together["Ann"]
    assert (ann.tables, ann.hands, ann.wins.count, ann.wins.of, ann.places) == (2, 4, 1, 4, (1, 1, 0, 0))


def test_an_evenings_standings_count_played_tables_and_leave_a_tournaments_apart(keeper: Scorekeeper) -> None:
    """Issue 41: the day's standings gave 7/4 table points to the players of tournament tables not yet
    played, and ranked them with the evening's. A table counts once a hand is played on it; chosen by
    the day, a tournament's tables are left out (named: each tournament has its own standings);
    chosen by the tournament's event, they are its standings."""
    played = keeper.create_table(TableSettings.of("Evening", ["Ann", "Bob", "Cat", "Dan"]),
                                 session_rule=SessionRule.of(event="Fri"))
    keeper.record_draw(played.id, expected_version=0)
    unplayed = keeper.create_table(TableSettings.of("Later", ["Eve", "Fay", "Gus", "Hal"]),
                                   session_rule=SessionRule.of(event="Fri"))
    Tournaments(keeper).create("Cup", ["Ivy", "Jon", "Kim", "Lea"], ruleset="lrc", rounds=1, seed="cup")
    Tournaments(keeper).seat("Cup")
    today = keeper.table(played.id).created_at[:10]
    evening = keeper.standings(day=today)
    assert [t.id for t in evening.tables] == [played.id, unplayed.id] and evening.apart == ("Cup",)
    assert sorted(line.person.name for line in evening.lines) == ["Ann", "Bob", "Cat", "Dan"]
    assert [line.sessions for line in evening.lines] == [1, 1, 1, 1]
    assert keeper.standings(event="Fri").apart == ()
    cup = keeper.standings(event="Cup")
    assert cup.apart == () and cup.lines == () and [t.hands for t in cup.tables] == [0]  # seated, not yet played
