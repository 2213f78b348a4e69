"""Contexts a ruleset cannot have: a record's claim that contradicts what the claim means there.

A hand record can say ``heavenly``, ``earthly`` or ``ready_declared``. What each means is the
ruleset's, written as data in its ``[ruleset.context.*]`` tables (:class:`ContextRule`): LRC's
Earthly Hand is a win on the dealer's first discard, Four Winds' "Ready on original hand" is declared
on the dealt hand, so it holds no claimed set. :func:`check_context` refuses a record that breaks
one of those conditions with a one-line :class:`~mjscore.errors.HandError`; the engine calls it
before scoring and never names a ruleset.
"""

from __future__ import annotations

from mjscore.errors import HandError
from mjscore.hand import Hand
from mjscore.scoring.ruleset import ContextRule, Ruleset

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
