"""Who pays whom: the settlement of a scored hand and the table payments it implies."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from mjscore.errors import HandError
from mjscore.hand import Hand
from mjscore.tiles import SEATS


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


def settle(hand: Hand, total: int, bonus: int, without_dealer: int | None = None) -> tuple[Payment, ...]:
    """The payments for a win worth ``total``: on a claimed tile (a discard or a robbed gong) the
    discarder pays the total, and so does the player who drew the eighth flower that seven robbed
    (the ``discarder`` of an instant flower win, rulings 39 and 45); on a self-draw each other
    player pays it. ``bonus`` (MCR's 8) is paid by every loser on top. ``without_dealer`` is the
    total of a payment in which neither payer nor payee is the dealer, East (ruling 35: the hand's
    total less its 莊家 and 連莊); None: ``total`` for every payment."""
    winner, discarder = hand.seat, hand.discarder
    payments: list[Payment] = []
    for payer in SEATS:  # one loop, no closure: every scored hand is settled
        if payer == winner:
            continue
        if discarder is not None and payer != discarder:  # a claimed win: the others pay the bonus only
            if bonus:
                payments.append(Payment(payer, winner, bonus))
            continue
        dealer_pays_or_wins = payer == "E" or winner == "E"
        owed = total if without_dealer is None or dealer_pays_or_wins else without_dealer
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
