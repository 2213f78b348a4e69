"""Who pays whom: the settlement of a scored hand and the table payments it implies."""

from __future__ import annotations

from dataclasses import dataclass

from mjscore.hand import Hand
from mjscore.tiles import SEATS


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``amount`` to ``payee`` (seats E, S, W, N)."""

    payer: str
    payee: str
    amount: int

    def to_dict(self) -> dict[str, object]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount}


def settle(hand: Hand, total: int, bonus: int) -> tuple[Payment, ...]:
    """The payments for a win worth ``total``: on a claimed tile (a discard or a robbed gong) the
    discarder pays the total; on a self-draw each other player pays it. ``bonus`` (MCR's 8) is paid
    by every loser on top."""
    others = [seat for seat in SEATS if seat != hand.seat]
    if hand.win.claimed:
        return tuple(
            Payment(seat, hand.seat, total + bonus if seat == hand.discarder else bonus)
            for seat in others
            if seat == hand.discarder or bonus
        )
    return tuple(Payment(seat, hand.seat, total + bonus) for seat in others)


def from_each_other(hand: Hand, amount: int) -> tuple[Payment, ...]:
    """Each other player pays ``amount`` to the winner (flower sets, concealed gongs)."""
    return tuple(Payment(seat, hand.seat, amount) for seat in SEATS if seat != hand.seat)
