"""The scripted evening of issue 6: two full rounds of winds on LRC, with every kind of entry, a
refused hand, an undo and a correction, and the balances after each step worked out by hand.

Players Ann, Bob, Cat, Dan (Ann deals first). House rules: a minimum to win of 8 in the East round,
9 in the South, 10 in the West, 11 in the North, so the round matters. Money: 0.5 per point.
Hand values: ``keeper_hands``. LRC keeps the dealer on a drawn hand (docs/scorekeeper.md).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from keeper_hands import FLOWERS, GONG, PLAIN, self_drawn

from mjscore.errors import TableError
from mjscore.scorekeeper import Deal, Scorekeeper, TableSettings, TableView
from mjscore.scorekeeper.exchange import table_from_dict, view_to_csv, view_to_dict

HOUSE_RULES = {"minimum": {"E": 8, "S": 9, "W": 10, "N": 11}, "stake": "0.5"}


def _check(view: TableView, expected: tuple[int, int, int, int]) -> None:
    assert view.ledger.points == expected
    assert sum(view.ledger.points) == 0
    assert sum(view.ledger.money) == 0
    assert view.ledger.money == tuple(Decimal(p) / 2 for p in expected)


def _evening(keeper: Scorekeeper) -> TableView:
    settings = TableSettings.of("Friday", ["Ann", "Bob", "Cat", "Dan"], "lrc", HOUSE_RULES)
    table = keeper.create_table(settings).id
    win, draw, event = keeper.record_win, keeper.record_draw, keeper.record_event
    # East round. Ann deals.
    _check(win(table, PLAIN, "Ann", "Bob"), (9, -9, 0, 0))  # 8 + East 1; Ann keeps the deal, streak 1
    # 8 + East 1 + self-draw 1 + streak 3 = 13 from each
    _check(win(table, self_drawn(PLAIN), "Ann"), (48, -22, -13, -13))
    view = draw(table)  # Ann keeps the deal and her streak of 2
    assert (view.deal.dealer, view.deal.streak) == (0, 2)
    _check(view, (48, -22, -13, -13))
    _check(event(table, "concealed_gong_collection", "Cat"), (43, -27, 2, -18))  # 5 from each
    # Cat (W) on Dan's (N) discard: 10; the gong was collected when declared, so not again
    view = win(table, GONG, "Cat", "Dan")
    _check(view, (43, -27, 12, -28))
    assert view.ledger.steps[-1].table_payments == ()
    assert (view.deal.dealer, view.deal.streak) == (1, 0)  # Bob deals
    _check(event(table, "mixed_flower_set", "Bob"), (38, -12, 7, -33))  # 5 from each
    # Dan (W) self-draws the flower hand: 12 + self-draw 1 = 13 from each, and the full flower set it shows, 10 from each
    _check(win(table, self_drawn(FLOWERS), "Dan"), (15, -35, -16, 36))
    _check(win(table, PLAIN, "Cat", "Ann"), (6, -35, -7, 36))  # Cat deals and wins: 9
    _check(win(table, PLAIN, "Bob", "Cat"), (6, -26, -16, 36))  # East (Cat) gave the tile: 9; the deal passes
    view = win(table, self_drawn(PLAIN), "Ann")  # Dan deals; Ann (S) self-draws: 9 from each
    _check(view, (33, -35, -25, 27))
    assert view.deal == Deal(round_wind="S", dealer=0, streak=0, hands=8)  # four dealers: the South round
    # South round, minimum 9. Bob (S) on Cat's (W) discard is worth 8: refused, nothing recorded.
    with pytest.raises(TableError, match="entry 11: not a legal win in the South round: 8 points counted, the minimum is 9"):
        win(table, PLAIN, "Bob", "Cat")
    assert keeper.table(table).version == view.version
    _check(win(table, PLAIN, "Bob", "Ann"), (24, -26, -25, 27))  # East (Ann) gave it: 9
    _check(draw(table), (24, -26, -25, 27))  # Bob keeps the deal
    # Bob deals and self-draws the gong hand: 10 + East 1 + self-draw 1 = 12 from each, and the
    # concealed gong nobody collected yet, 5 from each
    _check(win(table, self_drawn(GONG), "Bob"), (7, 25, -42, 10))
    _check(win(table, PLAIN, "Cat", "Bob"), (7, 16, -33, 10))  # East (Bob) gave it: 9; Cat deals
    # Dan (S) on Cat's (E) discard: 12 + East 1 = 13, and the full flower set, 10 from each
    _check(win(table, FLOWERS, "Dan", "Cat"), (-3, 6, -56, 53))
    _check(win(table, PLAIN, "Dan", "Ann"), (-12, 6, -56, 62))  # Dan deals and wins: 9, streak 1
    _check(draw(table), (-12, 6, -56, 62))  # Dan keeps the deal and the streak
    view = win(table, PLAIN, "Ann", "Dan")  # East (Dan) gave it: 9; the South round ends
    _check(view, (-3, 6, -56, 53))
    assert view.deal == Deal(round_wind="W", dealer=0, streak=0, hands=16)
    return view


@pytest.mark.usefixtures("database_url")
def test_the_scripted_evening(keeper: Scorekeeper) -> None:
    view = _evening(keeper)
    table = view.id
    # A draw recorded by mistake, undone.
    assert keeper.record_draw(table).deal.hands == 17
    view = keeper.undo(table)
    assert len(view.ledger.steps) == 18 and view.deal == Deal(round_wind="W", dealer=0, streak=0, hands=16)
    _check(view, (-3, 6, -56, 53))
    # Entry 8 was a self-draw, not Ann's discard: Cat (dealer) self-drew 8 + East 1 + self-draw 1 = 10 from each.
    view = keeper.record_win(table, self_drawn(PLAIN), "Cat", correct=8)
    _check(view, (-4, -4, -35, 43))
    assert view.ledger.steps[7].points == (5, -45, 14, 26)  # from (15, -35, -16, 36)
    # A correction that would make entry 16 below the South round's minimum is refused; nothing changes.
    with pytest.raises(TableError, match="entry 16: not a legal win in the South round"):
        keeper.record_win(table, PLAIN, "Ann", "Bob", correct=16)
    assert keeper.table(table).ledger.points == (-4, -4, -35, 43)


@pytest.mark.usefixtures("database_url")
def test_table_events_of_the_ruleset(keeper: Scorekeeper) -> None:
    """Hé Fēn's events from seed 002: triple dice (the dealer collects 5 from each), False Mahjong
    (25 to each), Chasing with a suit tile (10 to each), a concealed gong not shown (10 to each)."""
    table = keeper.create_table(TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "hefen")).id
    assert keeper.record_event(table, "triple_dice", "Ann").ledger.points == (15, -5, -5, -5)
    assert keeper.record_event(table, "false_mahjong", "Cat").ledger.points == (40, 20, -80, 20)
    assert keeper.record_event(table, "chasing_suit", "Dan").ledger.points == (50, 30, -70, -10)
    view = keeper.record_event(table, "concealed_gong_not_shown", "Bob", count=2)  # 20 to each
    assert view.ledger.points == (70, -30, -50, 10)
    assert view.deal == Deal(hands=1)  # only the False Mahjong moved the deal: it ended the hand (ruling 43)
    with pytest.raises(TableError, match="no table payment 'dice'"):
        keeper.record_event(table, "dice", "Ann")


@pytest.mark.usefixtures("database_url")
def test_export_and_import(keeper: Scorekeeper) -> None:
    view = _evening(keeper)
    data = view_to_dict(view)
    assert data["balances"][3] == {"player": "Dan", "seat": "N", "points": 53, "money": "26.5"}
    assert data["entries"][0] == {"kind": "win", "winner": "Ann", "discarder": "Bob",
                                  "hand": PLAIN}
    copy = keeper.create_table(*table_from_dict(data))
    assert copy.id != view.id
    assert [s.points for s in copy.ledger.steps] == [s.points for s in view.ledger.steps]
    assert copy.deal == view.deal
    rows = view_to_csv(view).splitlines()
    assert rows[0].startswith("number,round,dealer,streak,summary,Ann change")
    assert rows[2] == "2,E,Ann,1,Ann won by self-draw: 13 points,39,-13,-13,-13,48,-22,-13,-13,24,-11,-6.5,-6.5"
    assert len(rows) == 19


@pytest.mark.usefixtures("database_url")
def test_base_money_is_added_to_each_payment_of_a_hand(keeper: Scorekeeper) -> None:
    """At 0.5 a point with 2 of base money (a Four Winds style 底): a hand of 8 points on a discard is
    worth 8 x 0.5 + 2 = 6; a table payment of 5 from each is worth 2.5 each, with no base."""
    settings = TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "lrc", {"stake": "0.5"}, base="2")
    table = keeper.create_table(settings).id
    view = keeper.record_win(table, PLAIN, "Bob", "Cat")
    assert view.ledger.points == (0, 8, -8, 0)
    assert view.ledger.money == (Decimal(0), Decimal(6), Decimal(-6), Decimal(0))
    view = keeper.record_event(table, "concealed_gong_collection", "Ann")
    assert view.ledger.money == (Decimal("7.5"), Decimal("3.5"), Decimal("-8.5"), Decimal("-2.5"))
