"""What a ruleset refuses in a hand record: the wrong number of tiles, flowers it cannot hold, and
a claim that contradicts what the claim means there.

:class:`~mjscore.hand.Hand` checks what no table allows; what is refused here depends on the
ruleset, so the engine checks it before scoring (:func:`check_tile_count`, :func:`check_flowers`,
:func:`check_context`), each refusal one :class:`~mjscore.errors.HandError` line. The module is
compiled in the compiled build (setup.py): every scored hand passes these checks.

A hand record can say ``heavenly``, ``earthly`` or ``ready_declared``. What each means is the
ruleset's, written as data in its ``[ruleset.context.*]`` tables (:class:`ContextRule`): LRC's
Earthly Hand is a win on the dealer's first discard, Four Winds' "Ready on original hand" is declared
on the dealt hand, so it holds no claimed set. :func:`check_context` refuses a record that breaks
one of those conditions; the engine never names a ruleset.
"""

from __future__ import annotations

from typing import Final

from mjscore.errors import HandError, Refusal, Term
from mjscore.hand import Hand, WinKind
from mjscore.scoring.ruleset import ContextRule, Ruleset
from mjscore.tiles import format_tiles

# A constant, not ``WinKind.FLOWERS`` at each use: an enum member read off its class runs the enum
# metaclass's attribute hook, interpreted, even in the compiled build.
_FLOWERS: Final = WinKind.FLOWERS

def check_tile_count(hand: Hand, hand_size: int) -> None:
    """Refuse a hand whose held tiles do not number ``hand_size`` (16 or 13, each meld counting 3)."""
    held = len(hand.concealed) + 3 * len(hand.melds)
    if hand.win is _FLOWERS:
        if hand.concealed and held not in (hand_size, hand_size + 1):
            raise HandError(Refusal("flower_win_held", held=held, size=hand_size, more=hand_size + 1))
        return
    if held != hand_size:
        raise HandError(Refusal("tile_count", held=held, concealed=len(hand.concealed), melds=len(hand.melds), size=hand_size))


def check_flowers(hand: Hand, instant_win: int | None) -> None:
    """Refuse bonus tiles the ruleset cannot have at this win: an instant flower win where flowers
    never win by themselves, or an ordinary win holding the number of flowers that ends the hand."""
    if instant_win is None:
        if hand.win is _FLOWERS:
            raise HandError(Refusal("no_flower_win"))
        return
    flowers = len(hand.flowers)
    if flowers < instant_win:
        return
    if hand.win is not _FLOWERS:
        raise HandError(Refusal("flowers_ended_hand", flowers=flowers, ordinal=_ordinal(instant_win), number=instant_win))
    if hand.discarder is not None:
        raise HandError(Refusal("flower_win_discarder", seat=hand.discarder, ordinal=_ordinal(instant_win), number=instant_win))


def _ordinal(number: int) -> str:
    return {7: "seventh", 8: "eighth"}.get(number, f"{number}th")


#: The record's claims a ruleset can give a meaning to, in the order they are checked.
CLAIMS = ("heavenly", "earthly", "ready_declared")


def check_context(hand: Hand, rules: Ruleset) -> None:
    """Refuse ``hand`` if a claim it makes breaks what that claim means under ``rules``."""
    if not (hand.heavenly or hand.earthly or hand.ready_declared):  # no claim (most hands): nothing to check
        return
    for claim in CLAIMS:
        rule = rules.contexts.get(claim)
        if rule is not None and getattr(hand, claim):
            problem = _problem(hand, rule)
            if problem:
                raise HandError(Refusal("claim_broken", claim=claim, flag=Term(claim), name=rule.name, means=rule.means,
                                        problem=problem))


def _problem(hand: Hand, rule: ContextRule) -> Refusal | None:
    """What in ``hand`` breaks ``rule`` (None if nothing does)."""
    dealer = hand.seat == "E"
    if rule.seat == "dealer" and not dealer:
        return Refusal("claim_not_dealer", seat=hand.seat)
    if rule.seat == "non_dealer" and dealer:
        return Refusal("claim_dealer")
    if rule.win is not None and hand.win.value not in rule.win:
        return Refusal("claim_win", win=hand.win.value, allowed=" or ".join(rule.win), how=Term(f"win_{hand.win.value}"),
                       ways=[Term(f"win_{win}") for win in rule.win])
    if rule.discarder == "dealer" and hand.discarder != "E":
        return Refusal("claim_not_from_dealer", source=hand.discarder or "the wall")
    if rule.max_discards is not None and hand.discards is not None and hand.discards > rule.max_discards:
        limit = f"at most {rule.max_discards}" if rule.max_discards else "none can be"
        tiles = "1 tile was" if hand.discards == 1 else f"{hand.discards} tiles were"
        return Refusal("claim_discards", f"{tiles} discarded before the winning tile ({limit})", discards=hand.discards,
                       most=rule.max_discards)
    if rule.declared_sets == "none" and hand.melds:
        return Refusal("claim_declared_set", meld=hand.melds[0].notation(), tiles=format_tiles(hand.melds[0].tiles))
    claimed = [m for m in hand.melds if not m.concealed]
    if rule.declared_sets == "concealed_kongs" and claimed:
        return Refusal("claim_claimed_set", meld=claimed[0].notation(), tiles=format_tiles(claimed[0].tiles))
    if rule.replacements is not None and hand.replacement is not None and hand.replacement.value not in rule.replacements:
        return Refusal("claim_replacement", replacement=hand.replacement.value, name=Term(f"repl_{hand.replacement.value}"))
    return None
