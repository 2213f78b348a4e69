"""Rulings 42 to 44 (the project's rulings, as docs/rulesets/lrc.md and hefen.md restate them), on SQLite and PostgreSQL.

LRC (seed 000): a mixed flower set collects 5 from each other player, a full set of one colour 10.
Hé Fēn (seed 002): False Mahjong pays 25 to each player and ends the hand; triple dice (the dealer
rolls three of a kind) collects 5 from each; a concealed gong collects 5 from each when declared.
Hand values: ``keeper_hands``.
"""

from __future__ import annotations

import pytest
from keeper_hands import FLOWERS, GONG

from mjscore.errors import TableError
from mjscore.scorekeeper import Deal, Scorekeeper, TableSettings
from mjscore.scorekeeper.ledger import describe

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def test_42_a_flower_set_that_grows_pays_the_difference(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    assert keeper.record_event(table, "mixed_flower_set", "Bob").ledger.points == (-5, 15, -5, -5)
    view = keeper.record_event(table, "full_flower_set", "Bob")  # 10 - 5 = 5 more from each
    assert view.ledger.points == (-10, 30, -10, -10)
    with pytest.raises(TableError, match="mixed_flower_set: Bob was already paid 10 each for a set of this kind this "
                                         "hand; only the highest counts"):
        keeper.record_event(table, "mixed_flower_set", "Bob")
    # Another player's set is their own.
    assert keeper.record_event(table, "mixed_flower_set", "Cat").ledger.points == (-15, 25, 5, -15)


def test_42_a_winning_hand_that_shows_the_full_set_pays_the_difference(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    keeper.record_event(table, "mixed_flower_set", "Bob")  # 5 from each
    # Bob (S) wins on Cat's discard with the full set: the hand is 12 (its flower points unchanged),
    # paid by Cat, and the full set collects 10 - 5 = 5 more from each.
    view = keeper.record_win(table, FLOWERS, "Bob", "Cat")
    step = view.ledger.steps[-1]
    assert step.score is not None and step.score.total == 12
    assert [(t.payer, t.points, t.reason) for t in step.transfers] == [
        (2, 12, "hand"), (0, 5, "full_flower_set"), (2, 5, "full_flower_set"), (3, 5, "full_flower_set")]
    assert view.ledger.points == (-10, 42, -22, -10)


def test_43_a_false_mahjong_ends_the_hand(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "hefen", {"minimum": 1})).id
    keeper.record_event(table, "concealed_gong_collection", "Cat")  # Cat declares a concealed gong: 5 from each
    view = keeper.record_event(table, "false_mahjong", "Cat")  # then pays 25 to each; the hand ends
    assert view.ledger.points == (20, 20, -60, 20)
    assert view.deal == Deal(dealer=0, hands=1)  # as after a drawn hand: Hé Fēn's dealer keeps the deal
    assert describe(view.ledger.steps[-1], PLAYERS) == "Cat: False Mahjong, the hand ends"
    # In the next hand Cat wins showing a concealed gong: it is collected again, 5 from each, not
    # netted against the gong of the ended hand.
    step = keeper.record_win(table, GONG, "Cat", "Dan").ledger.steps[-1]
    assert step.deal.hands == 1
    assert [(t.payer, t.payee, t.points) for t in step.transfers if t.reason == "concealed_gong_collection"] == [
        (0, 2, 5), (1, 2, 5), (3, 2, 5)]


def test_44_triple_dice_is_the_dealers(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "hefen")).id
    with pytest.raises(TableError, match="triple_dice: only the dealer has it, and Ann deals, not Bob"):
        keeper.record_event(table, "triple_dice", "Bob")
    with pytest.raises(TableError, match="triple_dice_six: only the dealer has it"):
        keeper.record_event(table, "triple_dice_six", "Dan")
    assert keeper.record_event(table, "triple_dice", "Ann").ledger.points == (15, -5, -5, -5)
    assert keeper.table(table).version == 1
