"""The ledger: each entry settled once, when it is recorded, and a table read as a sum of what was settled.

:func:`settle` is the only place the scorekeeper calls the engine. It walks entries from a given deal:
each win is scored in the context the table knows at that moment (seat winds from the dealer, the
round wind, the dealer streak), refused with the reason if it is not a legal win then, and paid; each
event is paid as the ruleset's table payment; each win or draw moves the deal on. What it produces, a
:class:`Settled` per entry (the awards with their names, the total, the transfers, the deal before and
after, and the ruleset it was scored under), is stored beside the entry and never recomputed on a
read: :func:`sums` adds the stored transfers up, so a later change to a ruleset or to the engine does
not rewrite an evening already played. Re-scoring is an explicit act (``table rescore``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from importlib import metadata
from typing import Any

from mjscore.errors import MjscoreError, Refusal, TableError, Term, quoted
from mjscore.hand import Hand
from mjscore.labels import glossary_label, label, unit_name
from mjscore.scorekeeper import points as game_points
from mjscore.scorekeeper.flow import ROUND_NAMES, Deal, after_draw, after_win, check_open, player_at, seat_of
from mjscore.scorekeeper.model import Draw, Entry, Event, Ready, TableSettings, Win, strip_table_fields
from mjscore.scoring.engine import Score, TablePayment, record_event, score
from mjscore.scoring.payments import Payment, table_payments
from mjscore.scoring.ruleset import Names, PointsGame, Ruleset, TablePaymentRule

#: The reason of a transfer that settles a won hand (other transfers name their table payment).
HAND = "hand"


def engine_version() -> str:
    """The version of mjscore doing the scoring, pinned with every settled entry."""
    return metadata.version("mjscore")


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` (players) ``points`` (in the ruleset's unit), worth ``money``;
    ``reason`` is :data:`HAND` or the id of a table payment. A payee of None is the table itself: a
    points game's riichi sticks left on the table at its end, where its rules say they are lost."""

    payer: int
    payee: int | None
    points: int
    money: Decimal
    reason: str


@dataclass(frozen=True)
class Pin:
    """What an entry was scored under: the ruleset's id and version, the table's house-rule
    overrides, and the version of mjscore."""

    ruleset: str
    version: str
    overrides: Mapping[str, Any]
    engine: str

    @staticmethod
    def of(settings: TableSettings, rules: Ruleset) -> Pin:
        return Pin(rules.id, rules.version, dict(settings.house_rules), engine_version())


@dataclass(frozen=True, slots=True)
class PinnedAward:
    """An award as it was counted: ``points`` each, ``count`` times, with its names."""

    id: str
    name: Names
    points: int
    count: int

    @property
    def value(self) -> int:
        return self.points * self.count


@dataclass(frozen=True)
class PinnedScore:
    """A won hand as it was scored: the total in ``unit``, the awards, the base, how it was won."""

    total: int
    unit: str
    base: int
    awards: tuple[PinnedAward, ...]
    win: str


@dataclass(frozen=True, slots=True)
class PinnedPayment:
    """A table payment as it was settled: its id, names and how many times."""

    id: str
    name: Names
    count: int


@dataclass(frozen=True)
class Settled:
    """One entry as the table settled it: the deal it happened in and the deal after it, the score of
    a win and the player who gave the winning tile, the table payments, the transfers, and the
    :class:`Pin`. ``problem`` (then nothing else counts) says why an entry kept from before pinned
    history could not be settled; such an entry moves no points until it is corrected or undone."""

    deal: Deal
    after: Deal | None
    score: PinnedScore | None = None
    giver: int | None = None
    table_payments: tuple[PinnedPayment, ...] = ()
    transfers: tuple[Transfer, ...] = ()
    pin: Pin | None = None
    problem: str | None = None


@dataclass(frozen=True)
class Stamp:
    """Who recorded a row of the history and when: the table version it made, the UTC time, the
    actor (a person or device, where known), the act (record, correct, undo, rescore...), and the
    client's request id, where it sent one (a phone matches its own change by it)."""

    version: int
    at: str
    actor: str
    action: str
    request_id: str | None = None


@dataclass(frozen=True)
class Step:
    """One entry of the history as it stands: its number (from 1), the entry, what was settled, the
    balances after it (points and money per player, the sum of the transfers so far) and its stamp."""

    number: int
    entry: Entry
    settled: Settled
    points: tuple[int, ...]
    money: tuple[Decimal, ...]
    stamp: Stamp | None = None

    @property
    def deal(self) -> Deal:
        return self.settled.deal

    @property
    def score(self) -> PinnedScore | None:
        return self.settled.score

    @property
    def table_payments(self) -> tuple[PinnedPayment, ...]:
        return self.settled.table_payments

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        return self.settled.transfers

    def change(self, player: int) -> int:
        """The points ``player`` won (or, negative, lost) in this step."""
        return sum(t.points for t in self.transfers if t.payee == player) - sum(
            t.points for t in self.transfers if t.payer == player)


@dataclass(frozen=True)
class Ledger:
    """The steps of the history (every one, or a page: those from number ``first``), the length of
    the whole history, the deal now, the balances now, and the first entry that is not settled
    (None: all are)."""

    steps: tuple[Step, ...]
    deal: Deal
    points: tuple[int, ...]
    money: tuple[Decimal, ...]
    unsettled: int | None
    length: int
    first: int = 1


@dataclass(frozen=True)
class Start:
    """Where a run of steps starts: the number of its first step, and the balances, the deal and the
    first unsettled entry before it (the table's opening, for the whole history)."""

    first: int = 1
    points: tuple[int, ...] = (0, 0, 0, 0)
    money: tuple[Decimal, ...] = (Decimal(0),) * 4
    deal: Deal = Deal()
    unsettled: int | None = None


def start_of(ledger: Ledger) -> Start:
    """Where ``ledger``'s steps (a page, or the whole history) start: the balances before its first
    step are those after it less its transfers."""
    if not ledger.steps:
        return Start(ledger.length + 1, ledger.points, ledger.money, ledger.deal, ledger.unsettled)
    step = ledger.steps[0]
    points, cash = list(step.points), list(step.money)
    for transfer in step.transfers:
        _undo(points, cash, transfer)
    unsettled = ledger.unsettled if ledger.unsettled is not None and ledger.unsettled < step.number else None
    return Start(step.number, tuple(points), tuple(cash), step.deal, unsettled)


def _apply(points: list[int], cash: list[Decimal], transfer: Transfer) -> None:
    """Add a transfer to running balances (a payee of None, the table, keeps what it takes)."""
    points[transfer.payer] -= transfer.points
    cash[transfer.payer] -= transfer.money
    if transfer.payee is not None:
        points[transfer.payee] += transfer.points
        cash[transfer.payee] += transfer.money


def _undo(points: list[int], cash: list[Decimal], transfer: Transfer) -> None:
    """Take a transfer back off running balances."""
    points[transfer.payer] += transfer.points
    cash[transfer.payer] += transfer.money
    if transfer.payee is not None:
        points[transfer.payee] -= transfer.points
        cash[transfer.payee] -= transfer.money


def sums(entries: Sequence[tuple[Entry, Settled, Stamp | None]], start: Start = Start()) -> Ledger:
    """The ledger of entries already settled, from ``start`` (default: the table's opening): the
    running sums of their stored transfers. No engine."""
    points = list(start.points)
    cash = list(start.money)
    steps: list[Step] = []
    deal = start.deal
    unsettled = start.unsettled
    for number, (entry, settled, stamp) in enumerate(entries, start.first):
        for transfer in settled.transfers:
            _apply(points, cash, transfer)
        steps.append(Step(number, entry, settled, tuple(points), tuple(cash), stamp))
        if settled.after is None:
            unsettled = number if unsettled is None else unsettled
        elif unsettled is None:
            deal = settled.after
    return Ledger(tuple(steps), deal, tuple(points), tuple(cash), unsettled, start.first + len(steps) - 1, start.first)


def totals_to_json(ledger: Ledger) -> dict[str, Any]:
    """What a table keeps of its ledger at the head, to show a page of it (:func:`page`): the length,
    each player's points and money (exact decimal strings), the deal now and the first unsettled entry."""
    return {"length": ledger.length, "points": list(ledger.points), "money": [str(m) for m in ledger.money],
            "deal": _deal_json(ledger.deal), "unsettled": ledger.unsettled}


def page(totals: Mapping[str, Any], entries: Sequence[tuple[Entry, Settled, Stamp | None]], first: int) -> Ledger:
    """The ledger of a table whose head keeps ``totals`` (:func:`totals_to_json`), holding only the
    steps from number ``first`` to the last (``entries``): the balances after each step are those at
    the head less the transfers of the steps after it, so nothing before ``first`` is read. Raises
    KeyError, TypeError or ValueError if ``totals`` is malformed, ValueError if ``entries`` is not
    that many."""
    length = int(totals["length"])
    if first + len(entries) - 1 != length:
        raise ValueError(f"entries {first} to {length} wanted, {len(entries)} found")
    points = [int(p) for p in totals["points"]]
    cash = [Decimal(str(m)) for m in totals["money"]]
    if len(points) != 4 or len(cash) != 4:
        raise ValueError("four players' points and money wanted")
    head = tuple(points), tuple(cash)
    steps: list[Step] = []
    for number in range(length, first - 1, -1):
        entry, settled, stamp = entries[number - first]
        steps.append(Step(number, entry, settled, tuple(points), tuple(cash), stamp))
        for transfer in settled.transfers:
            _undo(points, cash, transfer)
    unsettled = totals["unsettled"]
    return Ledger(tuple(reversed(steps)), _deal_of(totals["deal"]), head[0], head[1],
                  None if unsettled is None else int(unsettled), length, first)


def settle(settings: TableSettings, rules: Ruleset, entries: Sequence[Entry], before: Sequence[Step] = ()) -> list[Settled]:
    """Settle ``entries``, which follow the steps ``before`` (settled already: the whole history
    before them, or its last steps back to one that ended a hand, :func:`context_from`). Raises
    :class:`TableError` naming the first entry that cannot happen where it stands (``entry 5: ...``)."""
    deal = before[-1].settled.after if before else Deal()
    if deal is None:
        first = next(step.number for step in before if step.settled.after is None)
        raise TableError(Refusal("entry_not_settled", number=first))
    history: list[Entry] = [step.entry for step in before]
    pin = Pin.of(settings, rules)
    found: list[Settled] = []
    balances = list(before[-1].points) if before else [0, 0, 0, 0]
    game = rules.points_game
    for number, entry in enumerate(entries, before[-1].number + 1 if before else 1):
        try:
            check_open(deal, 4 if game is None else game.rounds)
            if game is not None and isinstance(entry, Ready) and game.riichi_needs_points:
                _check_stick(game, settings, entry.player, balances, deal)
            settled = _settle(settings, rules, entry, deal, history, pin)
            if game is not None:
                settled = _ended(game, rules, settled, balances)
        except MjscoreError as error:
            raise TableError(Refusal("at_entry", number=number, cause=error)) from None
        found.append(settled)
        history.append(entry)
        for transfer in settled.transfers:
            balances[transfer.payer] -= transfer.points
            if transfer.payee is not None:
                balances[transfer.payee] += transfer.points
        assert settled.after is not None
        deal = settled.after
    return found


def context_from(steps: Sequence[Step], number: int) -> bool:
    """Whether ``steps`` (the last steps of a history, or all of it) hold what settling an entry at
    ``number`` needs of the steps before it: they start at the first entry, or a step before
    ``number`` in them ended a hand, as it was settled (the table payments recorded during the hand
    in play are those after it, :func:`_events_this_deal`)."""
    if not steps or steps[0].number == 1:
        return True
    return any(step.number < number and ended_hand(step) for step in steps)


def ended_hand(step: Step) -> bool:
    """Whether the step ended a hand (a win, a draw, or a table payment that ends it), as it was settled."""
    after = step.settled.after
    return after is not None and after.hands > step.deal.hands


def _hand_of(entry: Win, deal: Deal, rules: Ruleset) -> Hand:
    """The full hand record of a win in ``deal``: the entry's record with the table's fields."""
    record: dict[str, Any] = {**entry.record, "ruleset": rules.id, "seat": seat_of(entry.winner, deal.dealer),
                              "round": deal.round_wind, "dealer_streak": deal.streak}
    if entry.discarder is not None:
        record["discarder"] = seat_of(entry.discarder, deal.dealer)
    return Hand.from_dict(record)


def _settle(settings: TableSettings, rules: Ruleset, entry: Entry, deal: Deal, history: Sequence[Entry],
            pin: Pin) -> Settled:
    game = rules.points_game
    if isinstance(entry, Ready):
        return _settle_ready(settings, rules, entry, deal, pin)
    if isinstance(entry, Draw):
        if game is not None:
            return _settle_points_draw(settings, game, rules, entry, deal, pin)
        if entry.tenpai or entry.abortive:
            raise TableError(Refusal("not_points_game", ruleset=rules.id, ruleset_name=rules.name,
                                     what=Term("kind_tenpai_draw")))
        return Settled(deal, after_draw(deal, rules), pin=pin)
    if isinstance(entry, Event):
        return _settle_event(settings, rules, entry, deal, history, pin)
    if game is not None:
        return _settle_points_win(settings, game, rules, entry, deal, pin)
    result = _legal_score(entry, deal, rules)
    recorded = [e for e in _events_this_deal(history, rules) if e.player == entry.winner]
    paid = _unsettled(result, rules, recorded)
    transfers = _transfers(result.payments, deal, rules.stake, rules.base_money, HAND)
    for payment in paid:
        transfers += _transfers(payment.payments, deal, rules.stake, rules.base_money, payment.id)
    hand = result.hand
    giver = player_at(hand.discarder, deal.dealer) if hand.discarder else None  # a flower win names who drew the 8th
    pinned = PinnedScore(result.total, rules.unit, result.base,
                         tuple(PinnedAward(a.id, a.name, a.points, a.count) for a in result.awards), hand.win.value)
    return Settled(deal, after_win(deal, entry.winner, rules), pinned, giver,
                   tuple(_pinned_payment(p) for p in paid), transfers, pin)


def _pays(pays: Sequence[tuple[int, int | None, int]], stake: Decimal, reason: str) -> tuple[Transfer, ...]:
    """A points game's payments as transfers, with their money at ``stake`` per point."""
    return tuple(Transfer(payer, payee, amount, amount * stake, reason) for payer, payee, amount in pays if amount)


def _check_stick(game: PointsGame, settings: TableSettings, player: int, balances: Sequence[int], deal: Deal) -> None:
    """Refuse a riichi by a player with less than a stick's worth of points in play (where the game says so)."""
    has = game_points.in_play(game, balances, deal.sticks)[player]
    if has < game.deposit:
        raise TableError(Refusal("riichi_without_points", player=settings.players[player], points=has,
                                 deposit=game.deposit))


def _settle_ready(settings: TableSettings, rules: Ruleset, entry: Ready, deal: Deal, pin: Pin) -> Settled:
    """A ready declaration: its stick goes on the table (paid when it is taken); refused at a table
    that keeps no points, or for a player already ready this hand."""
    if rules.points_game is None:
        raise TableError(Refusal("not_points_game", ruleset=rules.id, ruleset_name=rules.name, what=Term("kind_riichi")))
    if deal.ready[entry.player]:
        raise TableError(Refusal("already_riichi", player=settings.players[entry.player]))
    return Settled(deal, game_points.after_ready(deal, entry.player), pin=pin)


def _settle_points_draw(settings: TableSettings, game: PointsGame, rules: Ruleset, entry: Draw, deal: Deal,
                        pin: Pin) -> Settled:
    """A drawn hand of a points game: at an exhaustive draw the players not ready pay those ready
    and a ready dealer stays; an abortive draw (where the game has them) pays nothing and the dealer
    stays; a counter more either way, the sticks staying on the table. A player who declared ready
    is ready (WRC 2015 5.7.2: a riichi hand cannot be declared noten)."""
    if entry.abortive:
        if not game.abortive_draws:
            raise TableError(Refusal("no_abortive_draws"))
        return Settled(deal, game_points.after_points_draw(deal, True, game), pin=pin)
    noten = [settings.players[p] for p in range(4) if deal.ready[p] and p not in entry.tenpai]
    if noten:
        raise TableError(Refusal("riichi_noten", players=noten))
    transfers = _pays(game_points.noten_payments(game, entry.tenpai), rules.stake, game_points.NOTEN)
    after = game_points.after_points_draw(deal, deal.dealer in entry.tenpai, game)
    return Settled(deal, after, transfers=transfers, pin=pin)


def _settle_points_win(settings: TableSettings, game: PointsGame, rules: Ruleset, entry: Win, deal: Deal,
                       pin: Pin) -> Settled:
    """A win of a points game: the hand's payments, the counters' and the sticks on the table. The
    record's ``ready_declared`` is the table's: a winner who declared riichi has it, one who did not
    cannot claim it."""
    ready = deal.ready[entry.winner]
    stated = entry.record.get("ready_declared")
    if stated is not None and bool(stated) != ready:
        raise TableError(Refusal("riichi_record_disagrees" if ready else "riichi_not_declared",
                                 player=settings.players[entry.winner]))
    if ready:
        entry = replace(entry, record={**entry.record, "ready_declared": True})
    result = _legal_score(entry, deal, rules)
    hand = result.hand
    giver = player_at(hand.discarder, deal.dealer) if hand.discarder else None
    transfers = _transfers(result.payments, deal, rules.stake, rules.base_money, HAND)
    transfers += _pays(game_points.counter_payments(game, deal.honba, entry.winner, giver), rules.stake,
                       game_points.COUNTERS)
    transfers += _pays(game_points.deposit_payments(game, deal.sticks, entry.winner), rules.stake,
                       game_points.DEPOSITS)
    pinned = PinnedScore(result.total, rules.unit, result.base,
                         tuple(PinnedAward(a.id, a.name, a.points, a.count) for a in result.awards), hand.win.value)
    return Settled(deal, game_points.after_points_win(deal, entry.winner, game), pinned, giver, (), transfers, pin)


def _ended(game: PointsGame, rules: Ruleset, settled: Settled, balances: Sequence[int]) -> Settled:
    """``settled`` with the game's final settlement, where it ends the game: its last round is over,
    or a player is below zero where that ends it (WRC 2015 5.9.2: the sticks left to first place,
    the oka and the uma)."""
    after = settled.after
    if after is None or after.hands == settled.deal.hands:
        return settled
    now = list(balances)
    for transfer in settled.transfers:
        now[transfer.payer] -= transfer.points
        if transfer.payee is not None:
            now[transfer.payee] += transfer.points
    if not after.over and not game_points.busted(game, game_points.in_play(game, now, after.sticks)):
        return settled
    transfers = settled.transfers
    for reason, pays in game_points.final_payments(game, now, after.sticks):
        transfers += _pays(pays, rules.stake, reason)
    return replace(settled, after=replace(after, over=True, sticks=game_points.NO_STICKS), transfers=transfers)


def _settle_event(settings: TableSettings, rules: Ruleset, entry: Event, deal: Deal, history: Sequence[Entry],
                  pin: Pin) -> Settled:
    """A table payment when it happens. Triple dice is the dealer's (ruling 44); a flower set that
    grows pays only the difference (ruling 42); a False Mahjong ends the hand (ruling 43)."""
    rule = rules.table_payment(entry.event)
    players = settings.players
    if rule.dealer_only and entry.player != deal.dealer:
        raise TableError(Refusal("dealer_only", id=entry.event, payment=rule.name, dealer=players[deal.dealer],
                                 player=players[entry.player]))
    seat = seat_of(entry.player, deal.dealer)
    happened = record_event(rules, entry.event, seat, entry.count)
    if rule.group is not None:
        recorded = [e for e in _events_this_deal(history, rules) if e.player == entry.player]
        paid = _highest_paid(rules, rule.group, recorded)
        if paid >= happened.value:
            raise TableError(Refusal("already_paid", id=entry.event, payment=rule.name, player=players[entry.player],
                                     paid=paid))
        if paid:
            happened = replace(happened, payments=table_payments(seat, happened.value - paid, rule.direction))
    transfers = _transfers(happened.payments, deal, rules.stake, rules.base_money, happened.id)
    after = after_draw(deal, rules) if rule.ends_hand else deal
    return Settled(deal, after, table_payments=(_pinned_payment(happened),), transfers=transfers, pin=pin)


def _pinned_payment(payment: TablePayment) -> PinnedPayment:
    return PinnedPayment(payment.id, payment.name, payment.count)


def _legal_score(entry: Win, deal: Deal, rules: Ruleset) -> Score:
    result = score(_hand_of(entry, deal, rules), rules)
    if not result.is_legal:
        raise TableError(Refusal("below_minimum", round=ROUND_NAMES[deal.round_wind], wind=Term(f"seat_{deal.round_wind}"),
                                 counted=result.counted_for_minimum, unit=rules.unit, unit_name=Term(f"unit_{rules.unit}"),
                                 minimum=result.minimum, short=(result.minimum or 0) - result.counted_for_minimum))
    return result


def _rule(rules: Ruleset, payment_id: str) -> TablePaymentRule | None:
    """The ruleset's table payment (None: it has none by that id any more)."""
    try:
        return rules.table_payment(payment_id)
    except MjscoreError:
        return None


def _events_this_deal(history: Sequence[Entry], rules: Ruleset) -> list[Event]:
    """The events recorded since the hand being played began (after the last win, draw or event
    that ended a hand): a payment of an ended hand does not carry into the next (ruling 43)."""
    found: list[Event] = []
    for entry in reversed(history):
        rule = _rule(rules, entry.event) if isinstance(entry, Event) else None
        if not isinstance(entry, Event) or (rule is not None and rule.ends_hand):
            break
        found.append(entry)
    return found


def _highest_paid(rules: Ruleset, group: str, recorded: Sequence[Event]) -> int:
    """What each payer already paid for a payment of ``group`` this hand: the highest of those
    ``recorded`` (only the highest of a group counts, so a later, higher one pays the difference)."""
    values = [rule.amount * e.count for e in recorded if (rule := _rule(rules, e.event)) is not None and rule.group == group]
    return max(values, default=0)


def _unsettled(result: Score, rules: Ruleset, recorded: list[Event]) -> tuple[TablePayment, ...]:
    """The table payments the winning hand implies, less those ``recorded`` as events for the
    winner during this hand: a concealed gong collected when declared is not collected again, and
    a flower set already paid as a smaller one of its group pays only the difference (ruling 42)."""
    hand = result.hand
    unsettled: list[TablePayment] = []
    for implied in result.table_payments:
        if implied.group is not None:
            paid = _highest_paid(rules, implied.group, recorded)
            rule = _rule(rules, implied.id)
            if paid == 0:
                unsettled.append(implied)
            elif implied.value > paid and rule is not None:
                payments = table_payments(hand.seat, implied.value - paid, rule.direction, hand.discarder)
                unsettled.append(replace(implied, payments=payments))
            continue
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
    record's ``seat`` and ``discarder`` seat winds; a discard win names its discarder (at a table the
    hand record's default, the player before the winner, charged someone without a word); the record
    may state the table's own fields only if they agree with the table (its ruleset, the round wind,
    the dealer streak)."""
    for key, expected in (("ruleset", rules.id), ("round", deal.round_wind), ("dealer_streak", deal.streak)):
        if key in record and record[key] != expected:
            raise TableError(Refusal("record_disagrees", field=key, name=Term(key), table=quoted(expected),
                                     record=quoted(record[key])))
    won_by = _who(settings, deal, winner, record.get("seat"), "winner", "seat")
    if won_by is None:
        raise TableError(Refusal("say_who_won"))
    gave = _who(settings, deal, discarder, record.get("discarder"), "discarder", "discarder")
    if gave is None and record.get("win", "self_draw") in ("discard", "robbing_gong"):
        raise TableError(f"a win on a claimed tile: say who gave it ({settings.players[won_by]} won; --discarder "
                         "and a player's name, or the hand record's discarder)")
    return Win(strip_table_fields(record), won_by, gave)


def _who(settings: TableSettings, deal: Deal, name: str | None, seat: object, role: str, key: str) -> int | None:
    by_name = settings.player(name) if name is not None else None
    if seat is None:
        return by_name
    if not isinstance(seat, str):
        raise TableError(Refusal("not_a_seat_wind_in", field=key, name=Term(key), seat=quoted(seat)))
    by_seat = player_at(seat, deal.dealer)
    if by_name is not None and by_name != by_seat:
        raise TableError(Refusal("seat_disagrees", role=role, role_name=Term(role), player=settings.players[by_name],
                                 sits=seat_of(by_name, deal.dealer), field=key, seat=seat, other=settings.players[by_seat]))
    return by_seat


def describe(step: Step, players: Sequence[str], lang: str = "en") -> str:
    """One line on what the step was, in ``lang`` (the label catalogue's words): who won how and for
    how much, a draw, or an event."""
    entry, settled = step.entry, step.settled
    if settled.problem is not None:
        return label("history_not_settled", lang, problem=settled.problem)
    ends = label("history_game_ends", lang) if settled.after is not None and settled.after.over else ""
    if isinstance(entry, Ready):
        return label("history_riichi", lang, player=players[entry.player])
    if isinstance(entry, Draw):
        if entry.abortive:
            return label("history_abortive", lang) + ends
        if settled.after is not None and settled.after.honba > settled.deal.honba:  # a points game's draw
            if entry.tenpai:
                tenpai = label("list_separator", lang).join(players[p] for p in entry.tenpai)
                return label("history_drawn_tenpai", lang, players=tenpai) + ends
            return label("history_drawn_noten", lang) + ends
        return label("history_drawn", lang) + ends
    if isinstance(entry, Event):
        payment = settled.table_payments[0]
        times = f" x{entry.count}" if entry.count > 1 else ""
        ended = label("history_hand_ends", lang) if settled.after is not None and settled.after.hands > settled.deal.hands else ""
        return label("history_event", lang, player=players[entry.player], name=payment.name.get(lang), times=times) + ended
    pinned = settled.score
    assert pinned is not None
    giver = players[settled.giver] if settled.giver is not None else "?"
    how = glossary_label(f"history_{pinned.win}", lang, pinned.unit, giver=giver)
    won = label("history_won", lang, winner=players[entry.winner], how=how, total=pinned.total,
                unit=unit_name(pinned.unit, lang))
    taken = [label("history_sticks_taken", lang, n=sum(settled.deal.sticks))] if any(settled.deal.sticks) else []
    counters = [label("honba", lang, n=settled.deal.honba)] if settled.deal.honba else []
    return label("list_separator", lang).join([won, *taken, *counters, *(p.name.get(lang) for p in settled.table_payments)]
                                              ) + ends


# ----- what is stored: a settled entry as JSON and back


def _deal_json(deal: Deal) -> dict[str, Any]:
    """A deal as stored: a points game's counters, sticks and ready players only where it has any."""
    data: dict[str, Any] = {"round": deal.round_wind, "dealer": deal.dealer, "streak": deal.streak,
                            "hands": deal.hands, "over": deal.over}
    if deal.honba:
        data["honba"] = deal.honba
    if any(deal.sticks):
        data["sticks"] = list(deal.sticks)
    if any(deal.ready):
        data["ready"] = list(deal.ready)
    return data


def _deal_of(data: Mapping[str, Any]) -> Deal:
    sticks = [int(n) for n in data.get("sticks", (0, 0, 0, 0))]
    ready = [bool(r) for r in data.get("ready", (False,) * 4)]
    if len(sticks) != 4 or len(ready) != 4:
        raise ValueError("four players' sticks and ready declarations wanted")
    return Deal(str(data["round"]), int(data["dealer"]), int(data["streak"]), int(data["hands"]), bool(data["over"]),
                int(data.get("honba", 0)), (sticks[0], sticks[1], sticks[2], sticks[3]),
                (ready[0], ready[1], ready[2], ready[3]))


def _names_of(data: Mapping[str, Any]) -> Names:
    return _names(str(data["en"]), str(data["zh-Hans"]), str(data["zh-Hant"]))


@lru_cache(maxsize=4096)
def _names(en: str, zh_hans: str, zh_hant: str) -> Names:
    """One value per award name: a long history repeats the same few hundred."""
    return Names(en, zh_hans, zh_hant)


def settled_to_json(settled: Settled) -> dict[str, Any]:
    """The stored JSON of a settled entry (money as exact decimal strings)."""
    data: dict[str, Any] = {"deal": _deal_json(settled.deal),
                            "after": None if settled.after is None else _deal_json(settled.after)}
    if settled.problem is not None:
        data["problem"] = settled.problem
        return data
    if settled.score is not None:
        pinned = settled.score
        data["score"] = {"total": pinned.total, "unit": pinned.unit, "base": pinned.base, "win": pinned.win,
                         "awards": [{"id": a.id, "names": a.name.to_dict(), "points": a.points, "count": a.count}
                                    for a in pinned.awards]}
        data["giver"] = settled.giver
    data["table_payments"] = [{"id": p.id, "names": p.name.to_dict(), "count": p.count} for p in settled.table_payments]
    data["transfers"] = [{"payer": t.payer, "payee": t.payee, "points": t.points, "money": str(t.money),
                          "reason": t.reason} for t in settled.transfers]
    if settled.pin is not None:
        pin = settled.pin
        data["pin"] = {"ruleset": pin.ruleset, "version": pin.version, "overrides": dict(pin.overrides),
                       "engine": pin.engine}
    return data


def settled_from_json(data: Mapping[str, Any]) -> Settled:
    """A settled entry from its stored JSON (raises KeyError, TypeError or ValueError if malformed)."""
    deal = _deal_of(data["deal"])
    after = None if data["after"] is None else _deal_of(data["after"])
    if "problem" in data:
        return Settled(deal, None, problem=str(data["problem"]))
    pinned = None
    if "score" in data:
        s = data["score"]
        pinned = PinnedScore(int(s["total"]), str(s["unit"]), int(s["base"]),
                             tuple(PinnedAward(str(a["id"]), _names_of(a["names"]), int(a["points"]), int(a["count"]))
                                   for a in s["awards"]), str(s["win"]))
    payments = tuple(PinnedPayment(str(p["id"]), _names_of(p["names"]), int(p["count"])) for p in data["table_payments"])
    transfers = tuple(Transfer(int(t["payer"]), None if t["payee"] is None else int(t["payee"]), int(t["points"]),
                               Decimal(t["money"]), str(t["reason"]))
                      for t in data["transfers"])
    pin = None
    if "pin" in data:
        p = data["pin"]
        pin = Pin(str(p["ruleset"]), str(p["version"]), dict(p["overrides"]), str(p["engine"]))
    return Settled(deal, after, pinned, data.get("giver"), payments, transfers, pin)
