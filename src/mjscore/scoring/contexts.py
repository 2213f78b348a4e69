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

from mjscore.errors import HandError
from mjscore.hand import Hand, WinKind
from mjscore.scoring.ruleset import ContextRule, Ruleset

# A constant, not ``WinKind.FLOWERS`` at each use: an enum member read off its class runs the enum
# metaclass's attribute hook, interpreted, even in the compiled build.
_FLOWERS: Final = WinKind.FLOWERS

def check_tile_count(hand: Hand, hand_size: int) -> None:
    """Refuse a hand whose held tiles do not number ``hand_size`` (16 or 13, each meld counting 3)."""
    held = len(hand.concealed) + 3 * len(hand.melds)
    if hand.win is _FLOWERS:
        if hand.concealed and held not in (hand_size, hand_size + 1):
            raise HandError(f"{held} tiles held: a {hand_size}-tile hand holds {hand_size} (or {hand_size + 1}) at a flower win")
        return
    if held != hand_size:
        detail = f"{len(hand.concealed)} concealed + {len(hand.melds)} melds x 3"
        raise HandError(f"{held} tiles held ({detail}) before the winning tile; this ruleset's hands hold {hand_size}")


def check_flowers(hand: Hand, instant_win: int | None) -> None:
    """Refuse bonus tiles the ruleset cannot have at this win: an instant flower win where flowers
    never win by themselves, or an ordinary win holding the number of flowers that ends the hand."""
    if instant_win is None:
        if hand.win is _FLOWERS:
            raise HandError("this ruleset has no instant flower win: flowers only add to a winning hand")
        return
    flowers = len(hand.flowers)
    if flowers < instant_win:
        return
    if hand.win is not _FLOWERS:
        raise HandError(f"{flowers} flowers: the hand ended when the {_ordinal(instant_win)} was drawn; "
                        'record it as "win": "flowers"')
    if hand.discarder is not None:
        raise HandError(f"discarder {hand.discarder}: the winner drew the {_ordinal(instant_win)} flower; only seven "
                        "robbing the eighth names the player who drew it")


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
                raise HandError(f"{claim}: {rule.name} is {rule.means}, but {problem}")


def _problem(hand: Hand, rule: ContextRule) -> str:
    """What in ``hand`` breaks ``rule`` ("" if nothing does)."""
    dealer = hand.seat == "E"
    if rule.seat == "dealer" and not dealer:
        return f"the winner is {hand.seat}, not the dealer (East)"
    if rule.seat == "non_dealer" and dealer:
        return "the winner is the dealer (East)"
    if rule.win is not None and hand.win.value not in rule.win:
        return f"the win is {hand.win.value}, not {' or '.join(rule.win)}"
    if rule.discarder == "dealer" and hand.discarder != "E":
        return f"the winning tile came from {hand.discarder or 'the wall'}, not from the dealer (East)"
    if rule.max_discards is not None and hand.discards is not None and hand.discards > rule.max_discards:
        limit = f"at most {rule.max_discards}" if rule.max_discards else "none can be"
        tiles = "1 tile was" if hand.discards == 1 else f"{hand.discards} tiles were"
        return f"{tiles} discarded before the winning tile ({limit})"
    if rule.declared_sets == "none" and hand.melds:
        return f"the hand has a declared set ({hand.melds[0].notation()})"
    claimed = [m for m in hand.melds if not m.concealed]
    if rule.declared_sets == "concealed_kongs" and claimed:
        return f"the hand has a claimed set ({claimed[0].notation()}); only concealed kongs can be declared"
    if rule.replacements is not None and hand.replacement is not None and hand.replacement.value not in rule.replacements:
        return f"the winning tile is a {hand.replacement.value} replacement draw"
    return ""
