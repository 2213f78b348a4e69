"""The pure functions of the club: table points with shared ties, the ranking, the session's limits,
the roster's fold. Expected figures worked out by hand from the rule of issue 16: table points
4/2/1/0 by session score, tied players share the points of the places they tie for, ranked by table
points, then total score, then hands won."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from mjscore.errors import TableError, TamperedTableError
from mjscore.scorekeeper.roster import ADD, GENESIS, MERGE, RENAME, Person, RosterChange, fold, verify
from mjscore.scorekeeper.sessions import SessionRule, describe, refusal
from mjscore.scorekeeper.standings import SeatResult, TableResult, place_text, points_text, rank, table_points


@pytest.mark.parametrize(("scores", "expected"), [
    ((30, 10, -10, -30), (4, 2, 1, 0)),  # no tie
    ((8, 8, 8, -24), (Fraction(7, 3),) * 3 + (0,)),  # three tied for first: (4 + 2 + 1) / 3
    ((20, 0, 0, -20), (4, Fraction(3, 2), Fraction(3, 2), 0)),  # two tied for second: (2 + 1) / 2
    ((-5, 15, -5, -5), (1, 4, 1, 1)),  # three tied for second: (2 + 1 + 0) / 3
    ((0, 0, 0, 0), (Fraction(7, 4),) * 4),  # all four tied: 7 / 4
    ((10, 10, -10, -10), (3, 3, Fraction(1, 2), Fraction(1, 2))),  # two pairs: (4+2)/2 and (1+0)/2
])
def test_table_points_share_the_places_a_tie_takes(scores: tuple[int, ...], expected: tuple[Fraction, ...]) -> None:
    found = table_points(scores)
    assert found == tuple(Fraction(e) for e in expected)
    assert sum(found) == 7  # a table hands out 4 + 2 + 1 + 0


def test_table_points_need_one_score_a_place() -> None:
    with pytest.raises(ValueError, match="3 scores for 4 places"):
        table_points((1, 2, 3))


def _seat(person: int, score: int, points: Fraction, won: int = 0) -> SeatResult:
    return SeatResult(Person(person, f"P{person}"), f"P{person}", score, 0, won, Decimal(score), points)


def _table(number: int, *seats: SeatResult) -> TableResult:
    return TableResult(number, "", "mcr", "fan", "2026-12-01T19:00:00.000000Z", SessionRule(), 16, False, seats)


def test_the_ranking_goes_by_table_points_then_score_then_hands_won() -> None:
    # Table 1: P1 +40 (4), P2 +10 (2), P3 -20 (1), P4 -30 (0).
    # Table 2: P5 +30 (4), P2 0 and P6 0 tied for second (1.5 each), P3 -30 (0).
    # P2: 2 + 1.5 = 3.5, score 10; P1: 4, 40; P5: 4, 30; P6: 1.5; P3: 1 + 0 = 1, -50; P4: 0, -30.
    one = _table(1, _seat(1, 40, Fraction(4), 2), _seat(2, 10, Fraction(2)), _seat(3, -20, Fraction(1)),
                 _seat(4, -30, Fraction(0)))
    two = _table(2, _seat(5, 30, Fraction(4)), _seat(2, 0, Fraction(3, 2)), _seat(6, 0, Fraction(3, 2)),
                 _seat(3, -30, Fraction(0)))
    lines = rank([one, two])
    assert [(s.place, s.person.id, s.table_points, s.score, s.sessions) for s in lines] == [
        (1, 1, 4, 40, 1), (2, 5, 4, 30, 1), (3, 2, Fraction(7, 2), 10, 2), (4, 6, Fraction(3, 2), 0, 1),
        (5, 3, 1, -50, 2), (6, 4, 0, -30, 1)]
    assert not any(s.tied for s in lines)
    assert lines[2].money == Decimal(10)


def test_people_equal_on_points_score_and_hands_share_a_place() -> None:
    # P1 and P2 equal on everything; P3 equal to them on points and score but with fewer hands won.
    table = _table(1, _seat(1, 8, Fraction(7, 3), 1), _seat(2, 8, Fraction(7, 3), 1), _seat(3, 8, Fraction(7, 3), 0),
                   _seat(4, -24, Fraction(0)))
    lines = rank([table])
    assert [(place_text(s), s.person.id) for s in lines] == [("=1", 1), ("=1", 2), ("3", 3), ("4", 4)]


def test_table_points_are_printed_plainly() -> None:
    assert [points_text(Fraction(n, d)) for n, d in ((4, 1), (3, 2), (7, 3), (23, 6))] == ["4", "1.5", "2.33", "3.83"]


def test_a_session_ends_after_its_hands_or_when_no_hand_began_in_time() -> None:
    opened = "2026-12-01T19:00:00.000000Z"
    rule = SessionRule.of(hands=16, minutes=60)
    assert refusal(rule, opened, 15, "2026-12-01T19:40:00.000000Z") is None
    assert refusal(rule, opened, 16, "2026-12-01T19:40:00.000000Z") == "the session is over: its 16 hands are played"
    # the hand in play when time is up is finished: it began at 19:59
    assert refusal(rule, opened, 9, "2026-12-01T19:59:00.000000Z") is None
    assert refusal(rule, opened, 10, "2026-12-01T20:01:00.000000Z") == (
        "the session is over: its 60 minutes were up at 20:00 UTC, before this hand began")
    assert refusal(SessionRule(), opened, 400, "2026-12-02T19:00:00.000000Z") is None


@pytest.mark.parametrize(("hands", "minutes", "event", "message"), [
    (0, None, None, "session hands: 0 is not a number of hands from 1 to 400"),
    (None, 1441, None, "session minutes: 1441 is not a time limit from 1 to 1440 minutes"),
    (None, None, "x" * 41, "event name 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...: at most 40 characters, not 41"),
])
def test_a_session_that_cannot_be_is_refused(hands: int | None, minutes: int | None, event: str | None,
                                             message: str) -> None:
    with pytest.raises(TableError) as refused:
        SessionRule.of(hands, minutes, event)
    assert str(refused.value) == message


def _chain(*rows: tuple[str, int, int | None, str | None]) -> list[tuple[RosterChange, str]]:
    previous, found = GENESIS, []
    for seq, (action, person, other, name) in enumerate(rows, 1):
        change = RosterChange(seq, action, person, other, name, "2026-12-01T19:00:00.000000Z", "test")
        previous = change.hash_after(previous)
        found.append((change, previous))
    return found


def test_the_roster_folds_adds_renames_and_merges() -> None:
    rows = _chain((ADD, 1, None, "Ann"), (ADD, 2, None, "Annie"), (ADD, 3, None, "Bob"), (RENAME, 1, None, "Ann Lee"),
                  (MERGE, 2, 1, None))
    verify(rows)
    roster = fold(change for change, _ in rows)
    assert roster.people() == [Person(1, "Ann Lee"), Person(3, "Bob")]
    assert roster.resolve(2) == Person(1, "Ann Lee")
    assert roster.former[1] == ("Ann", "Ann Lee")
    assert roster.group(2) == {1, 2}
    assert roster.find("ANN LEE") == roster.find("#2") == Person(1, "Ann Lee")
    with pytest.raises(TableError, match=r"there is no player called 'Bbo' on the roster: did you mean Bob\?"):
        roster.find("Bbo")


def test_a_roster_row_changed_by_hand_is_reported() -> None:
    rows = _chain((ADD, 1, None, "Ann"), (ADD, 2, None, "Bob"))
    edited = [rows[0], (RosterChange(2, ADD, 2, None, "Rob", rows[1][0].at, "test"), rows[1][1])]
    with pytest.raises(TamperedTableError, match=r"the roster: change 2 \(add\) was changed outside mjscore"):
        verify(edited)
    with pytest.raises(TamperedTableError, match="does not follow"):
        verify(_chain((ADD, 1, None, "Ann"), (MERGE, 1, 7, None)))


def test_a_session_is_described_in_one_line() -> None:
    opened = "2026-12-01T19:00:00.000000Z"
    assert describe(SessionRule.of(16, 120, "Friday"), opened) == (
        "session: 16 hands or 120 minutes (no hand begins after 21:00 UTC); event Friday")
    assert describe(SessionRule.of(hands=1), opened) == "session: 1 hand"
    assert describe(SessionRule(), opened) is None
