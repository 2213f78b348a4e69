"""mjscore: score a winning mahjong hand exactly, under the ruleset a table plays.

The public API: read a hand with :meth:`Hand.from_dict`, :func:`score` it under a ruleset, ask for
its :func:`waits`, read the :class:`Score`'s awards and payments, list :func:`rulesets`. The README
has worked examples (checked by the tests).
"""

from __future__ import annotations

from collections.abc import Sequence

from mjscore.analysis import Analysis
from mjscore.arrangements import Arrangement, Group, GroupKind, WinRole
from mjscore.arrangements import waits as _waits
from mjscore.errors import HandError, MjscoreError, NotationError, NotAWinError, RulesetError
from mjscore.hand import Hand, Meld, MeldKind, Replacement, WinKind
from mjscore.rulesets import DEFAULT_RULESET, get_ruleset, load_ruleset_file, resolve_ruleset
from mjscore.rulesets import available as rulesets
from mjscore.scoring.analysis import analyse as _analyse
from mjscore.scoring.engine import Award, Score, TablePayment
from mjscore.scoring.engine import score as _score
from mjscore.scoring.engine import score_waits as _score_waits
from mjscore.scoring.house_rules import apply_house_rules, read_house_rules
from mjscore.scoring.payments import Payment
from mjscore.scoring.ruleset import Ruleset
from mjscore.tiles import Suit, Tile, format_tiles, parse_tiles

__all__ = [
    "DEFAULT_RULESET", "Analysis", "Arrangement", "Award", "Group", "GroupKind", "Hand", "HandError", "Meld",
    "MeldKind", "MjscoreError", "NotAWinError", "NotationError", "Payment", "Replacement", "Ruleset", "RulesetError",
    "Score", "Suit", "TablePayment", "Tile", "WinKind", "WinRole", "analyse", "apply_house_rules", "format_tiles",
    "get_ruleset", "load_ruleset_file", "parse_tiles", "read_house_rules", "resolve_ruleset", "rulesets", "score",
    "score_waits", "waits",
]


def _rules(hand: Hand, ruleset: str | Ruleset | None) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    return resolve_ruleset(ruleset or hand.ruleset)


def score(hand: Hand, ruleset: str | Ruleset | None = None) -> Score:
    """Score a winning hand under ``ruleset`` (an id or a :class:`Ruleset`; default: the hand's own)."""
    return _score(hand, _rules(hand, ruleset))


def waits(hand: Hand, ruleset: str | Ruleset | None = None) -> tuple[Tile, ...]:
    """The tile kinds that would complete the tiles ``hand`` holds before its winning tile."""
    return _waits(hand, _rules(hand, ruleset).played_shapes)


def score_waits(hand: Hand, ruleset: str | Ruleset | None = None) -> tuple[tuple[Tile, Score | None], ...]:
    """Each tile ``hand`` waits on, with the score a win on it would make in the hand's context."""
    return _score_waits(hand, _rules(hand, ruleset))


def analyse(hand: Hand, ruleset: str | Ruleset | None = None, visible: Sequence[Tile] = ()) -> Analysis:
    """Shanten, useful tiles and (after a draw) the discard table of the tiles ``hand`` holds, each
    wait scored under ``ruleset``; ``visible``: tiles seen on the table (see :mod:`mjscore.analysis`)."""
    return _analyse(hand, _rules(hand, ruleset), visible)
