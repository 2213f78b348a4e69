"""A Taiwan association table at the scorekeeper (issue 17; its rows as docs/rulesets/taiwan.md reads
them), on SQLite and PostgreSQL: payments are 底 + 台 × 每台 with the ruleset's 底 50 and 每台 20, the dealer's 莊家
and 連莊 only on payments that involve the dealer (ruling 35), a drawn hand keeps the deal and adds
to the streak (連莊: "the dealer has kept the deal N times, by winning or by a drawn hand"), and
七搶一 is paid by the player who drew the eighth flower alone (ruling 39)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from mjscore.errors import TableError
from mjscore.scorekeeper import Scorekeeper, TableSettings

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
# Five chows and a pair, concealed, won on a discard on a two-sided 5s/8s wait, no honour, no flower:
# 門清 1 + 平胡 2 = 3 tai (atawmj.md rows 門清 and 平胡).
PLAIN: dict[str, Any] = {"concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard"}
SEVEN_FLOWERS: dict[str, Any] = {"flowers": "1f 2f 3f 4f 5f 6f 7f", "win": "flowers"}


def test_an_evening_at_the_association_table(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "taiwan")).id
    # A drawn hand: Ann keeps the deal and the streak is 1.
    view = keeper.record_draw(table)
    assert (view.deal.dealer, view.deal.streak) == (0, 1)
    # Ann (the dealer) wins on Bob's discard: 3 tai + 莊家 1 + 連莊 2 x 1 = 6 tai, 50 + 6 x 20 = 170.
    view = keeper.record_win(table, PLAIN, "Ann", "Bob")
    assert view.ledger.points == (6, -6, 0, 0)
    assert view.ledger.money == (Decimal(170), Decimal(-170), Decimal(0), Decimal(0))
    assert (view.deal.dealer, view.deal.streak) == (0, 2)
    # Cat wins on Dan's discard: no dealer in that payment, so no 莊家 or 連莊: 3 tai, 50 + 60 = 110.
    view = keeper.record_win(table, PLAIN, "Cat", "Dan")
    assert view.ledger.points == (6, -6, 3, -3)
    assert view.ledger.money == (Decimal(170), Decimal(-170), Decimal(110), Decimal(-110))
    assert (view.deal.dealer, view.deal.streak) == (1, 0)  # the deal passes to Bob
    # Cat holds seven flowers and Dan draws the eighth: 七搶一 8 tai from Dan alone (Bob deals: no 莊家).
    view = keeper.record_win(table, SEVEN_FLOWERS, "Cat", "Dan")
    assert view.ledger.points == (6, -6, 11, -11)
    assert view.ledger.money == (Decimal(170), Decimal(-170), Decimal(320), Decimal(-320))
    assert view.ledger.steps[-1].score is not None and view.ledger.steps[-1].score.total == 8


def test_the_table_can_set_its_own_base_money_once(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "taiwan", {"stake": 10}, "30")).id
    view = keeper.record_win(table, PLAIN, "Cat", "Dan")  # 30 + 3 x 10
    assert view.ledger.money == (Decimal(0), Decimal(0), Decimal(60), Decimal(-60))
    with pytest.raises(TableError, match="the house rules already set base_money"):
        TableSettings.of("", PLAYERS, "taiwan", {"base_money": 10}, "30")
