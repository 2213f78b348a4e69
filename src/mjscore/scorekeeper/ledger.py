"""The ledger: a table's history replayed from its entries into scores, payments and balances.

Nothing here is stored. :func:`replay` walks the entries in order from the first deal: each win is
scored by the engine in the context the table knows at that moment (seat winds from the dealer, the
round wind, the dealer streak), refused with the reason if it is not a legal win then, and settled;
each event is settled as the ruleset's table payment; each win or draw moves the deal on. Balances are
the running sum of the transfers, so they sum to zero after every step by construction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from mjscore.errors import MjscoreError, TableError
from mjscore.hand import Hand
from mjscore.scorekeeper.flow import ROUND_NAMES, Deal, after_draw, after_win, check_open, player_at, seat_of
from mjscore.scorekeeper.model import Draw, Entry, Event, TableSettings, Win, strip_table_fields
from mjscore.scoring.engine import Score, TablePayment, record_event, score
from mjscore.scoring.payments import Payment
from mjscore.scoring.ruleset import Ruleset

#: The reason of a transfer that settles a won hand (other transfers name their table payment).
HAND = "hand"


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` (players) ``points`` (in the ruleset's unit), worth ``money``;
    ``reason`` is :data:`HAND` or the id of a table payment."""

    payer: int
    payee: int
    points: int
    money: Decimal
    reason: str


@dataclass(frozen=True)
class Step:
    """One entry replayed: its number (from 1), the deal it happened in, the score of a win, the
    table payments it settled, its transfers and the balances after it (points and money per player)."""

    number: int
    entry: Entry
    deal: Deal
    score: Score | None
    table_payments: tuple[TablePayment, ...]
    transfers: tuple[Transfer, ...]
    points: tuple[int, ...]
    money: tuple[Decimal, ...]

    def change(self, player: int) -> int:
        """The points ``player`` won (or, negative, lost) in this step."""
        return sum(t.points for t in self.transfers if t.payee == player) - sum(
            t.points for t in self.transfers if t.payer == player)


@dataclass(frozen=True)
class Ledger:
    """Every step, the deal now, and the balances now."""

    steps: tuple[Step, ...]
    deal: Deal
    points: tuple[int, ...]
    money: tuple[Decimal, ...]


def replay(settings: TableSettings, rules: Ruleset, entries: Sequence[Entry]) -> Ledger:
    """Replay ``entries`` from the first deal. Raises :class:`TableError` naming the first entry that
    cannot happen where it stands (``entry 5: ...``)."""
    deal = Deal()
    points = [0, 0, 0, 0]
    cash = [Decimal(0)] * 4
    steps: list[Step] = []
    for number, entry in enumerate(entries, 1):
        try:
            check_open(deal)
            result, paid, transfers = _settle(settings, rules, entry, deal, steps)
        except MjscoreError as error:
            raise TableError(f"entry {number}: {error}") from None
        for transfer in transfers:
            points[transfer.payer] -= transfer.points
            points[transfer.payee] += transfer.points
            cash[transfer.payer] -= transfer.money
            cash[transfer.payee] += transfer.money
        steps.append(Step(number, entry, deal, result, paid, transfers, tuple(points), tuple(cash)))
        if isinstance(entry, Win):
            deal = after_win(deal, entry.winner, rules)
        elif isinstance(entry, Draw):
            deal = after_draw(deal, rules)
    return Ledger(tuple(steps), deal, tuple(points), tuple(cash))


def _hand_of(entry: Win, deal: Deal, rules: Ruleset) -> Hand:
    """The full hand record of a win in ``deal``: the entry's record with the table's fields."""
    record: dict[str, Any] = {**entry.record, "ruleset": rules.id, "seat": seat_of(entry.winner, deal.dealer),
                              "round": deal.round_wind, "dealer_streak": deal.streak}
    if entry.discarder is not None:
        record["discarder"] = seat_of(entry.discarder, deal.dealer)
    return Hand.from_dict(record)


def _settle(settings: TableSettings, rules: Ruleset, entry: Entry, deal: Deal,
            earlier: Sequence[Step]) -> tuple[Score | None, tuple[TablePayment, ...], tuple[Transfer, ...]]:
    if isinstance(entry, Draw):
        return None, (), ()
    if isinstance(entry, Event):
        happened = record_event(rules, entry.event, seat_of(entry.player, deal.dealer), entry.count)
        return None, (happened,), _transfers(happened.payments, deal, rules.stake, settings.base_money, happened.id)
    result = _legal_score(entry, deal, rules)
    recorded = [e for e in _events_this_deal(earlier) if e.player == entry.winner]
    paid = _unsettled(result, rules, recorded)
    transfers = _transfers(result.payments, deal, rules.stake, settings.base_money, HAND)
    for payment in paid:
        transfers += _transfers(payment.payments, deal, rules.stake, settings.base_money, payment.id)
    return result, paid, transfers


def _legal_score(entry: Win, deal: Deal, rules: Ruleset) -> Score:
    result = score(_hand_of(entry, deal, rules), rules)
    if not result.is_legal:
        raise TableError(
            f"not a legal win in the {ROUND_NAMES[deal.round_wind]} round: {result.counted_for_minimum} {rules.unit} counted, "
            f"the minimum is {result.minimum}")
    return result


def _events_this_deal(earlier: Sequence[Step]) -> list[Event]:
    """The events recorded since the last win or draw (they belong to the hand now being played)."""
    found: list[Event] = []
    for step in reversed(earlier):
        if not isinstance(step.entry, Event):
            break
        found.append(step.entry)
    return found


def _unsettled(result: Score, rules: Ruleset, recorded: list[Event]) -> tuple[TablePayment, ...]:
    """The table payments the winning hand implies, less those ``recorded`` as events for the
    winner during this hand: a concealed gong collected when declared is not collected again."""
    hand = result.hand
    unsettled: list[TablePayment] = []
    for implied in result.table_payments:
        done = sum(e.count for e in recorded if e.event == implied.id)
        if done == 0:
            unsettled.append(implied)
        elif implied.count > done:
            unsettled.append(record_event(rules, implied.id, hand.seat, implied.count - done, hand.discarder))
    return tuple(unsettled)


def _transfers(payments: Sequence[Payment], deal: Deal, stake: Decimal, base: Decimal,
               reason: str) -> tuple[Transfer, ...]:
    """Seat-wind payments as transfers between players, with their money: ``stake`` per point, and
    ``base`` more on each payment of a hand."""
    extra = base if reason == HAND else Decimal(0)
    return tuple(Transfer(player_at(p.payer, deal.dealer), player_at(p.payee, deal.dealer), p.amount,
                          p.money(stake) + extra, reason) for p in payments)


def win_entry(settings: TableSettings, deal: Deal, rules: Ruleset, record: Mapping[str, Any],
              winner: str | None = None, discarder: str | None = None) -> Win:
    """The entry of a hand record won in ``deal``. The winner and discarder are player names, or the
    record's ``seat`` and ``discarder`` seat winds; the record may state the table's own fields only
    if they agree with the table (its ruleset, the round wind, the dealer streak)."""
    for key, expected in (("ruleset", rules.id), ("round", deal.round_wind), ("dealer_streak", deal.streak)):
        if key in record and record[key] != expected:
            raise TableError(f"{key}: the table says {expected!r}, the hand record says {record[key]!r}")
    won_by = _who(settings, deal, winner, record.get("seat"), "winner", "seat")
    if won_by is None:
        raise TableError("say who won: a player's name, or the hand record's seat")
    gave = _who(settings, deal, discarder, record.get("discarder"), "discarder", "discarder")
    return Win(strip_table_fields(record), won_by, gave)


def _who(settings: TableSettings, deal: Deal, name: str | None, seat: object, role: str, key: str) -> int | None:
    by_name = settings.player(name) if name is not None else None
    if seat is None:
        return by_name
    if not isinstance(seat, str):
        raise TableError(f"{key}: {seat!r} is not a seat wind (E, S, W or N)")
    by_seat = player_at(seat, deal.dealer)
    if by_name is not None and by_name != by_seat:
        raise TableError(f"{role} {settings.players[by_name]} sits {seat_of(by_name, deal.dealer)}, "
                         f"but the hand record's {key} is {seat} ({settings.players[by_seat]})")
    return by_seat


def describe(step: Step, players: Sequence[str], lang: str = "en") -> str:
    """One line on what the step was: who won how and for how much, a draw, or an event."""
    entry = step.entry
    if isinstance(entry, Draw):
        return "drawn hand"
    if isinstance(entry, Event):
        payment = step.table_payments[0]
        times = f" x{entry.count}" if entry.count > 1 else ""
        return f"{players[entry.player]}: {payment.name.get(lang)}{times}"
    assert step.score is not None
    hand = step.score.hand
    how = {"self_draw": "by self-draw", "flowers": "on flowers"}.get(hand.win.value)
    if how is None:
        giver = players[player_at(hand.discarder or "", step.deal.dealer)]
        how = f"robbing {giver}'s gong" if hand.win.value == "robbing_gong" else f"on {giver}'s discard"
    extra = "".join(f", {p.name.get(lang)}" for p in step.table_payments)
    return f"{players[entry.winner]} won {how}: {step.score.total} {step.score.ruleset.unit}{extra}"
