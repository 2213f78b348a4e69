"""The flow of a game as small pure functions: seats, dealer rotation, the streak, the round wind.

Players are numbered 0-3 in the seat order of the first hand; player 0 deals first. The dealer sits
East and the other seat winds follow in playing order, so a player's seat wind is their distance from
the dealer. The dealer keeps the deal after a dealer win (where the ruleset says so) and, where the
ruleset says so, after a drawn hand; otherwise the deal passes to the next player. When the deal has
passed all the way round (four dealers), the round wind moves on; after the North round the game is
over (``docs/scorekeeper.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from mjscore.errors import Refusal, TableError, Term, quoted
from mjscore.scoring.ruleset import Ruleset
from mjscore.tiles import SEATS

#: The English name of each round wind.
ROUND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


@dataclass(frozen=True, slots=True)
class Deal:
    """Where the game stands before the next hand: the round wind, the dealer (a player), the dealer's
    streak (consecutive hands the dealer has already won, ruling 10), the hands played so far (wins
    and draws), and whether the game is over. A table that keeps points (:mod:`.points`) also keeps
    the continuance counters (``honba``), each player's sticks on the table (``sticks``) and who has
    declared ready in the hand being played (``ready``)."""

    round_wind: str = "E"
    dealer: int = 0
    streak: int = 0
    hands: int = 0
    over: bool = False
    honba: int = 0
    sticks: tuple[int, int, int, int] = (0, 0, 0, 0)
    ready: tuple[bool, bool, bool, bool] = (False, False, False, False)


def seat_of(player: int, dealer: int) -> str:
    """The seat wind of ``player`` while ``dealer`` deals."""
    return SEATS[(player - dealer) % 4]


def player_at(seat: str, dealer: int) -> int:
    """The player sitting at seat wind ``seat`` while ``dealer`` deals."""
    if seat not in SEATS:
        raise TableError(Refusal("not_a_seat_wind", seat=quoted(seat)))
    return (SEATS.index(seat) + dealer) % 4


def check_open(deal: Deal, rounds: int = 4) -> None:
    """Refuse anything once the game is over (a game of ``rounds`` round winds)."""
    if deal.over:
        if rounds == 4:
            raise TableError(Refusal("game_over"))
        if deal.dealer != 0 or deal.round_wind != SEATS[rounds - 1]:  # it ended before its last round did
            raise TableError(Refusal("points_game_bust"))
        raise TableError(Refusal("points_game_over", round=ROUND_NAMES[SEATS[rounds - 1]],
                                 wind=Term(f"seat_{SEATS[rounds - 1]}")))


def pass_deal(deal: Deal, rounds: int = 4) -> Deal:
    """The next player deals with no streak; after the fourth dealer of a round the round wind moves
    on, and after the last round (of ``rounds``: North, or South in a hanchan) the game is over."""
    dealer = (deal.dealer + 1) % 4
    if dealer != 0:
        return replace(deal, dealer=dealer, streak=0)
    if SEATS.index(deal.round_wind) >= rounds - 1:
        return replace(deal, dealer=dealer, streak=0, over=True)
    return replace(deal, dealer=dealer, streak=0, round_wind=SEATS[SEATS.index(deal.round_wind) + 1])


def after_win(deal: Deal, winner: int, rules: Ruleset) -> Deal:
    """A dealer win adds one to the streak and keeps the deal (where the ruleset keeps it); any other
    win passes the deal."""
    played = replace(deal, hands=deal.hands + 1)
    if winner == deal.dealer and rules.dealer_keeps_deal_on_win:
        return replace(played, streak=deal.streak + 1)
    return pass_deal(played)


def after_draw(deal: Deal, rules: Ruleset) -> Deal:
    """A drawn hand keeps the dealer where the ruleset says so, otherwise the deal passes. A kept
    deal keeps the streak (the die stays on the wall: a draw is neither a win nor a loss for the
    dealer), or adds one to it where the streak counts the deals kept (``streak_counts_draws``: the
    Taiwan table's 連莊, ruling 35)."""
    played = replace(deal, hands=deal.hands + 1)
    if not rules.dealer_keeps_deal_on_draw:
        return pass_deal(played)
    return replace(played, streak=deal.streak + 1) if rules.streak_counts_draws else played


def minimum_to_win(deal: Deal, minimum: Mapping[str, int] | None) -> int | None:
    """The minimum to win in the current round, of the ruleset's ``minimum`` (None: it has none)."""
    return minimum.get(deal.round_wind) if minimum else None
