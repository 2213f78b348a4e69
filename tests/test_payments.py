"""Who pays whom: the settlement of a win, and the tests of a hand that let the engine skip a table
payment's pattern (``payments.IMPLIED_ONLY_IF``), held to the patterns they stand for."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import mjscore
from mjscore.arrangements import Arrangement, arrangements, waits
from mjscore.hand import Hand, WinKind
from mjscore.rulesets import available
from mjscore.sampling import random_winning_hand
from mjscore.scoring.facts import Facts
from mjscore.scoring.patterns import bind
from mjscore.scoring.payments import IMPLIED_ONLY_IF, Payment, settle
from mjscore.tiles import SEATS, Tile

#: Every parameter each listed pattern takes, in the values the tables use and the others.
PARAMS: dict[str, list[dict[str, Any]]] = {
    "flower_set": [{"pure": pure, "bouquet": bouquet} for pure in (False, True) for bouquet in (0, 4, 7, 8)],
    "kongs": [{"concealed": False}, {"concealed": True}],
    "dealer_streak": [{"cap": cap, "paid_by_dealer": paid} for cap in (0, 6) for paid in (False, True)],
}
BONUS = tuple(Tile.from_index(i) for i in range(34, 42))


def _hands(count: int) -> list[Hand]:
    """Random winning hands of every ruleset, and each again with four to eight flowers."""
    rng = random.Random(13)
    found = []
    for name in available():
        rules = mjscore.get_ruleset(name)
        for _ in range(count):
            hand = random_winning_hand(rng, rules.hand_size, name, one_suit_chance=0.2)
            found += [hand, replace(hand, flowers=tuple(rng.sample(BONUS, rng.randint(4, 8))))]
    return found


def test_the_listed_patterns_are_the_table_payments_patterns() -> None:
    """Every pattern a built-in table implies a payment by has a test (and each test has a pattern)."""
    implied = {rule.pattern for name in available() for rule in mjscore.get_ruleset(name).table_payments if rule.pattern}
    assert implied == set(IMPLIED_ONLY_IF) == set(PARAMS)


@pytest.mark.parametrize("name", sorted(IMPLIED_ONLY_IF))
def test_a_pattern_finds_nothing_where_its_test_of_the_hand_is_false(name: str) -> None:
    """On every arrangement of every hand whose test is false, the pattern finds nothing, whatever its
    parameters; and the test is true on hands where it finds something (it is not always false)."""
    holds = IMPLIED_ONLY_IF[name]
    bound = [bind(name, params) for params in PARAMS[name]]
    found = skipped = 0
    for hand in _hands(400):
        shapes = mjscore.get_ruleset(hand.ruleset).played_shapes
        candidates: list[Arrangement | None] = list(arrangements(hand, shapes)) if hand.win is not WinKind.FLOWERS else [None]
        hits = sum(function(Facts(hand, arrangement, waits(hand, shapes)), *arguments) is not None
                   for arrangement in candidates for function, arguments in bound)
        if holds(hand):
            found += hits
        else:
            assert hits == 0, hand.to_dict()
            skipped += 1
    assert found and skipped


def test_a_claimed_win_is_paid_by_the_discarder_and_a_self_draw_by_everyone() -> None:
    """Every winner, discarder and total: the discarder (or each other player on a self-draw) pays
    the total, every loser the bonus; a payment in which the dealer pays or wins carries the total
    with the dealer's part instead (rulings 35 and 55)."""
    for winner in SEATS:
        for discarder in (None, *(seat for seat in SEATS if seat != winner)):
            win = "self_draw" if discarder is None else "discard"
            hand = Hand.from_dict({"seat": winner, "concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p",
                                   "win": win, "discarder": discarder})
            for total, bonus, with_dealer in ((8, 8, None), (25, 0, 30), (12, 0, None), (12, 0, 12)):
                expected = []
                for payer in (seat for seat in SEATS if seat != winner):
                    owed = with_dealer if with_dealer is not None and "E" in (payer, winner) else total
                    if discarder is None or payer == discarder:
                        expected.append(Payment(payer, winner, owed + bonus))
                    elif bonus:
                        expected.append(Payment(payer, winner, bonus))
                assert settle(hand, total, bonus, with_dealer) == tuple(expected)
