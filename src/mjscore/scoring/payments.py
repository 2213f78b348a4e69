"""Who pays whom: the settlement of a scored hand and the table payments it implies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache
from typing import Final

from mjscore.errors import HandError
from mjscore.hand import Hand, MeldKind
from mjscore.tiles import SEATS

# A constant, not ``MeldKind.KONG`` at each use: an enum member read off its class runs the enum
# metaclass's attribute hook, interpreted, even in the compiled build.
_KONG: Final = MeldKind.KONG


def money_text(amount: Decimal) -> str:
    """An amount as plain decimals without trailing zeros: 24.0 -> "24", 0.50 -> "0.5" (every
    sheet, export, standings and statistics writes money so)."""
    text = format(amount, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


@dataclass(frozen=True, slots=True, init=False)
class Payment:
    """``payer`` pays ``amount`` to ``payee`` (seats E, S, W, N)."""

    payer: str
    payee: str
    amount: int

    def __init__(self, payer: str, payee: str, amount: int) -> None:
        # Spelled out: the __init__ dataclasses makes for a frozen class runs interpreted in the compiled
        # build, and every scored hand makes its payments (as engine.Score does).
        object.__setattr__(self, "payer", payer)
        object.__setattr__(self, "payee", payee)
        object.__setattr__(self, "amount", amount)

    def money(self, stake: Decimal, base: Decimal = Decimal(0)) -> Decimal:
        """What the payment is worth at ``stake`` money per point (per tai), with ``base`` money on
        top (the Taiwan table's 底 + 台 × 每台): the table's own conversion, agreed before play
        (:attr:`Ruleset.stake <mjscore.scoring.ruleset.Ruleset.stake>`, ``Ruleset.base_money``)."""
        return base + self.amount * stake

    def to_dict(self, stake: Decimal | None = None, base: Decimal = Decimal(0)) -> dict[str, object]:
        """The payment as JSON; with ``stake``, its money value too (a string, to stay exact)."""
        data: dict[str, object] = {"payer": self.payer, "payee": self.payee, "amount": self.amount}
        if stake is not None:
            data["money"] = str(self.money(stake, base))
        return data


def settle(hand: Hand, total: int, bonus: int, with_dealer: int | None = None) -> tuple[Payment, ...]:
    """The payments for a win worth ``total``: on a claimed tile (a discard or a robbed gong) the
    discarder pays the total, and so does the player who drew the eighth flower that seven robbed
    (the ``discarder`` of an instant flower win, rulings 39 and 45); on a self-draw each other
    player pays it. ``bonus`` (MCR's 8) is paid by every loser on top. ``with_dealer`` is what a
    payment in which the payer or the payee is the dealer, East, carries instead (ruling 55: the
    hand's tai plus its 莊家 and 連莊, within any cap); None: ``total`` for every payment."""
    return settled_by_seat(hand.seat, hand.discarder, total, bonus, with_dealer)


@lru_cache(maxsize=4096)
def settled_by_seat(winner: str, discarder: str | None, total: int, bonus: int,
             with_dealer: int | None) -> tuple[Payment, ...]:
    """:func:`settle` of a win by ``winner``: the payments depend on nothing else, and are values
    (frozen), so each settlement is made once and shared: every scored hand is settled, and a few
    hundred settlements cover most of an evening's hands."""
    payments: list[Payment] = []
    for payer in SEATS:
        if payer == winner:
            continue
        if discarder is not None and payer != discarder:  # a claimed win: the others pay the bonus only
            if bonus:
                payments.append(Payment(payer, winner, bonus))
            continue
        dealer_pays_or_wins = payer == "E" or winner == "E"
        owed = with_dealer if with_dealer is not None and dealer_pays_or_wins else total
        payments.append(Payment(payer, winner, owed + bonus))
    return tuple(payments)


class Direction(StrEnum):
    """Who pays whom in a table payment (ruling 5); the value is the ruleset's ``direction`` key."""

    COLLECT = "collect"  # each other player pays the earner (flower sets, concealed gongs, triple dice)
    PAY = "pay"  # the player it names pays each other player (penalties)
    FROM_DISCARDER = "from_discarder"  # the player who gave the winning tile pays the winner


def table_payments(seat: str, amount: int, direction: Direction, discarder: str | None = None) -> tuple[Payment, ...]:
    """The payments of ``amount`` that a table payment in ``direction`` makes for the player at
    ``seat``; ``discarder`` is the seat that gave the winning tile (needed by ``FROM_DISCARDER``)."""
    others = [other for other in SEATS if other != seat]
    if direction is Direction.COLLECT:
        return tuple(Payment(other, seat, amount) for other in others)
    if direction is Direction.PAY:
        return tuple(Payment(seat, other, amount) for other in others)
    if discarder is None or discarder == seat:
        raise HandError(f"a payment from the discarder needs a discarder other than {seat}")
    return (Payment(discarder, seat, amount),)


def _holds_four_flowers(hand: Hand) -> bool:
    return len(hand.flowers) >= 4  # a flower set covers the numbers 1-4


def _declares_a_kong(hand: Hand) -> bool:
    return any(m.kind is _KONG for m in hand.melds)  # only a declared kong is a kong of an arrangement


def _continues_a_streak(hand: Hand) -> bool:
    return hand.dealer_streak >= 1


#: For a pattern a table payment may be implied by, a test of the hand alone that is false only where
#: the pattern surely finds nothing, on any arrangement: the engine makes the facts and calls the
#: pattern only where it is true (most hands imply no table payment). A pattern not listed is always
#: called. ``tests/test_payments.py`` holds each test to its pattern on random hands.
IMPLIED_ONLY_IF: dict[str, Callable[[Hand], bool]] = {
    "flower_set": _holds_four_flowers,
    "kongs": _declares_a_kong,
    "dealer_streak": _continues_a_streak,
}
