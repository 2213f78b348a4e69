"""Who pays whom: the settlement of a scored hand and the table payments it implies."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from mjscore.errors import HandError
from mjscore.hand import Hand
from mjscore.tiles import SEATS


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``amount`` to ``payee`` (seats E, S, W, N)."""

    payer: str
    payee: str
    amount: int

    def money(self, stake: Decimal) -> Decimal:
        """What the payment is worth at ``stake`` money per point (per tai): the table's own
        conversion, agreed before play (:attr:`Ruleset.stake <mjscore.scoring.ruleset.Ruleset.stake>`)."""
        return self.amount * stake

    def to_dict(self, stake: Decimal | None = None) -> dict[str, object]:
        """The payment as JSON; with ``stake``, its money value too (a string, to stay exact)."""
        data: dict[str, object] = {"payer": self.payer, "payee": self.payee, "amount": self.amount}
        if stake is not None:
            data["money"] = str(self.money(stake))
        return data


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
