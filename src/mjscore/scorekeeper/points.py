"""The arithmetic of a game that keeps points (riichi's), as small pure functions.

A table whose ruleset has a points game (:class:`~mjscore.scoring.ruleset.PointsGame`) keeps, besides
the hands' payments: the players' starting points, the ready declarations' sticks on the table (each
taken by the next winner from the player who put it there), the continuance counters (honba: a hand
after a dealer win or a drawn hand is worth a little more), the payments of the players not ready to
those ready at an exhaustive draw, the dealer repeats, the end of the game after its round winds (or
when a player falls below zero, where the game says so) and the final settlement: the sticks left over
to first place, the oka to first place, and the uma by place.

Every payment here is between two players (``payer``, ``payee``, ``points``), like a hand's: the
ledger's balances stay the sums of what players paid one another. A stick is paid when it is taken
(by the winner, or by first place at the end), not when it is put down; a player's points *in play*
are their start, plus their balance, less the sticks they have on the table (:func:`in_play`). After
the final settlement a player's balance is their final score in points, as a club counts it:
``points - target + uma`` (plus the oka for first place), e.g. WRC 2015 5.9.2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mjscore.scorekeeper.flow import Deal, pass_deal
from mjscore.scoring.ruleset import PointsGame

#: A payment between two players: who pays, who is paid, how many points.
Pay = tuple[int, int, int]

#: The reasons of the payments a points game adds to a hand's (a transfer's ``reason``).
COUNTERS = "counters"
DEPOSITS = "deposits"
NOTEN = "noten"
LEFTOVER = "leftover_deposits"
OKA = "oka"
UMA = "uma"


NOBODY_READY = (False, False, False, False)
NO_STICKS = (0, 0, 0, 0)


def after_ready(deal: Deal, player: int) -> Deal:
    """``player`` declares ready (riichi): their stick goes on the table."""
    sticks = list(deal.sticks)
    sticks[player] += 1
    ready = list(deal.ready)
    ready[player] = True
    return replace(deal, sticks=(sticks[0], sticks[1], sticks[2], sticks[3]), ready=(ready[0], ready[1], ready[2], ready[3]))


def after_points_win(deal: Deal, winner: int, game: PointsGame) -> Deal:
    """After a win the winner has taken the sticks; the dealer stays on a dealer win with a counter
    more (renchan), otherwise the deal passes and the counters go (WRC 2015 5.7.7, 5.7.8)."""
    played = replace(deal, hands=deal.hands + 1, sticks=NO_STICKS, ready=NOBODY_READY)
    if winner == deal.dealer:
        return replace(played, streak=deal.streak + 1, honba=deal.honba + 1)
    return replace(pass_deal(played, game.rounds), honba=0)


def after_points_draw(deal: Deal, dealer_stays: bool, game: PointsGame) -> Deal:
    """After a drawn hand the sticks stay on the table and a counter is added; the dealer stays if
    ``dealer_stays`` (ready at an exhaustive draw, or any abortive draw), otherwise the deal passes
    (WRC 2015 5.7.7, 5.7.8)."""
    played = replace(deal, hands=deal.hands + 1, ready=NOBODY_READY, honba=deal.honba + 1)
    return played if dealer_stays else replace(pass_deal(played, game.rounds), honba=deal.honba + 1)


def counter_payments(game: PointsGame, counters: int, winner: int, discarder: int | None) -> list[Pay]:
    """The continuance counters' payments of a win (WRC 2015 5.7.7): on a discard the discarder pays
    ``counter_discard`` for each counter; on a self-draw each other player pays ``counter_self_draw``."""
    if counters <= 0:
        return []
    if discarder is not None:
        return [(discarder, winner, game.counter_discard * counters)]
    return [(player, winner, game.counter_self_draw * counters) for player in range(4) if player != winner]


def deposit_payments(game: PointsGame, sticks: Sequence[int], payee: int) -> list[Pay]:
    """The sticks on the table taken by ``payee`` (the winner, or first place at the game's end):
    each other player pays for the sticks they put down; a payee's own come back to them unpaid."""
    return [(player, payee, game.deposit * count) for player, count in enumerate(sticks)
            if count and player != payee]


def noten_payments(game: PointsGame, ready: Sequence[int]) -> list[Pay]:
    """The payments of an exhaustive draw (WRC 2015 5.7.2): the players not ready pay ``noten_pool``
    between them to those ready, each to each alike (one ready: 1,000 from each of three; two:
    750 from each not ready to each ready, 1,500 each in all; three: 1,000 to each from the fourth).
    Nothing when all or none are ready."""
    noten = [player for player in range(4) if player not in ready]
    if not ready or not noten:
        return []
    share = game.noten_pool // (len(ready) * len(noten))
    return [(payer, payee, share) for payer in noten for payee in sorted(ready)]


def in_play(game: PointsGame, balances: Sequence[int], sticks: Sequence[int]) -> tuple[int, ...]:
    """Each player's points now: the start, plus the balance, less the sticks they have on the table."""
    return tuple(game.start + balance - game.deposit * count for balance, count in zip(balances, sticks, strict=True))


def busted(game: PointsGame, points: Sequence[int]) -> bool:
    """Whether the game ends because a player is below zero (where ``bust_ends``)."""
    return game.bust_ends and min(points) < 0


def places(game: PointsGame, points: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The players in order of place, first to fourth, each place a group of the players who hold
    it: players tied on points share their places (``uma_ties`` "split") or are ranked by seat order
    from the first dealer, player 0 first ("seat", one player a place)."""
    order = sorted(range(4), key=lambda player: (-points[player], player))
    if game.uma_ties == "seat":
        return tuple((player,) for player in order)
    groups: list[tuple[int, ...]] = []
    for player in order:
        if groups and points[groups[-1][0]] == points[player]:
            groups[-1] += (player,)
        else:
            groups.append((player,))
    return tuple(groups)


def _shared(amount: int, players: Sequence[int], unit: int = 100) -> dict[int, int]:
    """``amount`` shared alike by ``players``, in whole ``unit``s, what is left over to the first."""
    if amount % unit:
        unit = 1
    each, rest = divmod(amount // unit, len(players))
    return {player: (each + (1 if index < rest else 0)) * unit for index, player in enumerate(players)}


def final_bonuses(game: PointsGame, points: Sequence[int]) -> tuple[dict[int, int], dict[int, int]]:
    """The oka and the uma of each player at the game's end, from their final ``points`` (no stick
    left on the table): first place collects the oka, ``target - start`` from each player; the uma
    goes by place, tied players sharing the uma (and the oka) of the places they hold together."""
    oka: dict[int, int] = dict.fromkeys(range(4), -(game.target - game.start))
    uma: dict[int, int] = dict.fromkeys(range(4), 0)
    place = 0
    for group in places(game, points):
        held = game.uma[place:place + len(group)]
        for player, share in _shared(sum(held), group).items():
            uma[player] = share
        if place == 0:
            for player, share in _shared(game.oka, group).items():
                oka[player] += share
        place += len(group)
    return oka, uma


def settle_nets(nets: dict[int, int]) -> list[Pay]:
    """Payments that make each player's net change ``nets`` (adding up to 0): the one who owes most
    pays the one owed most, until all are square."""
    owed = {player: net for player, net in nets.items() if net}
    paid: list[Pay] = []
    while owed:
        payer = min(owed, key=lambda p: (owed[p], p))
        payee = max(owed, key=lambda p: (owed[p], -p))
        amount = min(-owed[payer], owed[payee])
        paid.append((payer, payee, amount))
        for player, change in ((payer, amount), (payee, -amount)):
            owed[player] += change
            if not owed[player]:
                del owed[player]
    return paid


def final_payments(game: PointsGame, balances: Sequence[int],
                   sticks: Sequence[int]) -> list[tuple[str, list[tuple[int, int | None, int]]]]:
    """The game's final settlement, by reason: the sticks left on the table to first place (the
    first of the first places, in seat order, where players tie), or lost to the table (payee None),
    as ``leftover`` says; then the oka and the uma (WRC 2015 5.9.2). After it each player's balance
    is their final score in points."""
    first = places(game, in_play(game, balances, sticks))[0][0]
    leftover: list[tuple[int, int | None, int]] = list(deposit_payments(game, sticks, first))
    if game.leftover == "lost":
        leftover = [(player, None, game.deposit * count) for player, count in enumerate(sticks) if count]
    settled = list(balances)
    for payer, payee, amount in leftover:
        settled[payer] -= amount
        if payee is not None:
            settled[payee] += amount
    oka, uma = final_bonuses(game, [game.start + balance for balance in settled])
    return [(LEFTOVER, leftover), (OKA, list(settle_nets(oka))), (UMA, list(settle_nets(uma)))]


def final_scores(game: PointsGame, points: Sequence[int]) -> tuple[int, ...]:
    """Each player's final score in points from their final ``points`` (no stick on the table):
    ``points - target``, the oka to first place, and the uma by place (divided by 1,000 it is the
    WRC's session score, 5.9.2)."""
    oka, uma = final_bonuses(game, points)
    return tuple(points[player] - game.start + oka[player] + uma[player] for player in range(4))
