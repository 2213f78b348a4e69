"""Patterns the Taiwan association's 台 table needs that the other tables do not (rulings 34-58).

Registered in the same library as :mod:`mjscore.scoring.patterns` (imported by
:mod:`mjscore.scoring.ruleset`). Like every pattern they name what they test, not the ruleset
that uses them.
"""

from __future__ import annotations

from mjscore.arrangements import WinRole
from mjscore.hand import MeldKind, ReadyOn, Replacement, WinKind
from mjscore.scoring.facts import Facts
from mjscore.scoring.patterns import Hit, hit, pattern
from mjscore.tiles import SEATS

#: The dealer's seat: East deals (the hand record's seats are counted from the dealer).
DEALER = "E"


def _dealer_pays_or_wins(f: Facts) -> bool:
    """A payment of this win is between the dealer and another player (ruling 35): the dealer won,
    or the dealer pays: the dealer gave the tile (or drew the eighth flower), or the win is paid
    by all three."""
    return f.hand.seat == DEALER or f.hand.discarder in (None, DEALER)


@pattern
def dealer_payment(f: Facts, streak: bool = False) -> Hit | None:
    """The dealer wins or pays (ruling 35); with ``streak``, once per time the dealer has kept the
    deal (the record's ``dealer_streak``)."""
    if not _dealer_pays_or_wins(f):
        return None
    if streak:
        n = f.hand.dealer_streak
        return hit(n, f"連{n}拉{n}")
    return Hit(1, "East won" if f.hand.seat == DEALER else "East pays")


@pattern
def no_claimed_sets(f: Facts) -> Hit | None:
    """No chow, pung or exposed kong declared (concealed kongs allowed), however the hand is won."""
    return None if f.hand.has_exposed_melds else Hit()


@pattern
def replacement_after_own_kong(f: Facts) -> Hit | None:
    """Self-drawn on the replacement after a flower, or after a kong the winner made from its own
    draw: concealed or added to an exposed pung. The replacement after an exposed kong claimed from a
    discard does not count (ruling 49: ``gong`` follows the last kong in ``melds``)."""
    r = f.hand.replacement
    if r is None or f.hand.win is not WinKind.SELF_DRAW:
        return None
    if r is Replacement.FLOWER:
        return Hit(1, r.value)
    last_kong = next(m for m in reversed(f.hand.melds) if m.kind is MeldKind.KONG)
    if last_kong.concealed or last_kong.added:
        return Hit(1, f"{r.value}: {last_kong.notation()}")
    return None


@pattern
def plain_win(f: Facts) -> Hit | None:
    """Every set a chow, no honour and no flower, won on a claimed tile that completes a chow from
    two consecutive tiles not 1-2 or 8-9 (ruling 51: a two-sided shape, whatever else it waits on)."""
    if not f.claimed or f.has_flowers or f.has_honours or not f.is_regular or len(f.chows) != len(f.sets):
        return None
    role = f.arrangement.win_role if f.arrangement else None
    return Hit() if role is WinRole.TWO_SIDED else None


@pattern
def ready_on(f: Facts, when: str) -> Hit | None:
    """The ready hand was declared ``when``: on the deal or with the first discard (ruling 46)."""
    return Hit() if f.hand.ready_on is ReadyOn(when) else None


@pattern
def first_go_around_discard(f: Facts) -> Hit | None:
    """A non-dealer wins on a discard before its own first draw, no set declared by anyone (ruling
    47): fewer discards before the winning tile than the winner's place after the dealer."""
    hand = f.hand
    if hand.seat == DEALER or hand.win is not WinKind.DISCARD or hand.discards is None or hand.earthly:
        return None
    if hand.effective_declared_tiles or hand.discards >= SEATS.index(hand.seat):
        return None
    return Hit(1, f"{hand.discards} discarded before it")


@pattern
def other_wind_pungs(f: Facts) -> Hit | None:
    """Pungs (or kongs) of a wind that is neither the seat's nor the round's (見字)."""
    own = (f.seat_wind, f.round_wind)
    found = [g for g in f.pungs if g.first.is_wind and g.first not in own]
    return hit(len(found), " ".join(g.notation() for g in found))
