"""mjscore: score a winning mahjong hand exactly, under the ruleset a table plays.

The public API: read a hand with :meth:`Hand.from_dict`, :func:`score` it under a ruleset, ask for
its :func:`waits`, read the :class:`Score`'s awards and payments, list :func:`rulesets`. The README
has worked examples (checked by the tests).

The names are imported on first use (PEP 562): ``import mjscore`` costs nothing, so that a command
that scores nothing (``mjscore --help``) or a program importing one submodule does not load the
engine, the hand record's models and the rulesets. ``from mjscore import Hand`` works as ever, and
type checkers read the imports under ``TYPE_CHECKING`` below.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

# The catalogue is cheap to import, and imported here: ``mjscore.rulesets`` is the function, which
# the subpackage of the same name would replace on the package were it first imported later.
from mjscore.rulesets import DEFAULT_RULESET
from mjscore.rulesets import available as rulesets

if TYPE_CHECKING:
    from mjscore.analysis import Analysis
    from mjscore.arrangements import Arrangement, Group, GroupKind, WinRole
    from mjscore.errors import HandError, MjscoreError, NotationError, NotAWinError, RulesetError
    from mjscore.hand import Hand, Meld, MeldKind, Replacement, WinKind
    from mjscore.native import CORE
    from mjscore.rulesets import get_ruleset, load_ruleset_file, resolve_ruleset
    from mjscore.scoring.engine import Award, Score, TablePayment
    from mjscore.scoring.house_rules import apply_house_rules, read_house_rules
    from mjscore.scoring.payments import Payment
    from mjscore.scoring.ruleset import Ruleset
    from mjscore.tiles import Suit, Tile, format_tiles, parse_tiles

__all__ = [
    "CORE", "DEFAULT_RULESET", "Analysis", "Arrangement", "Award", "Group", "GroupKind", "Hand", "HandError", "Meld",
    "MeldKind", "MjscoreError", "NotAWinError", "NotationError", "Payment", "Replacement", "Ruleset", "RulesetError",
    "Score", "Suit", "TablePayment", "Tile", "WinKind", "WinRole", "analyse", "apply_house_rules", "format_tiles",
    "get_ruleset", "load_ruleset_file", "parse_tiles", "read_house_rules", "resolve_ruleset", "rulesets", "score",
    "score_waits", "waits",
]

#: Where each name of :data:`__all__` not defined here lives: (module, its name there).
_LAZY = {
    "CORE": ("mjscore.native", "CORE"),
    "Analysis": ("mjscore.analysis", "Analysis"),
    "Arrangement": ("mjscore.arrangements", "Arrangement"),
    "Group": ("mjscore.arrangements", "Group"),
    "GroupKind": ("mjscore.arrangements", "GroupKind"),
    "WinRole": ("mjscore.arrangements", "WinRole"),
    "HandError": ("mjscore.errors", "HandError"),
    "MjscoreError": ("mjscore.errors", "MjscoreError"),
    "NotationError": ("mjscore.errors", "NotationError"),
    "NotAWinError": ("mjscore.errors", "NotAWinError"),
    "RulesetError": ("mjscore.errors", "RulesetError"),
    "Hand": ("mjscore.hand", "Hand"),
    "Meld": ("mjscore.hand", "Meld"),
    "MeldKind": ("mjscore.hand", "MeldKind"),
    "Replacement": ("mjscore.hand", "Replacement"),
    "WinKind": ("mjscore.hand", "WinKind"),
    "get_ruleset": ("mjscore.rulesets", "get_ruleset"),
    "load_ruleset_file": ("mjscore.rulesets", "load_ruleset_file"),
    "resolve_ruleset": ("mjscore.rulesets", "resolve_ruleset"),
    "Award": ("mjscore.scoring.engine", "Award"),
    "Score": ("mjscore.scoring.engine", "Score"),
    "TablePayment": ("mjscore.scoring.engine", "TablePayment"),
    "apply_house_rules": ("mjscore.scoring.house_rules", "apply_house_rules"),
    "read_house_rules": ("mjscore.scoring.house_rules", "read_house_rules"),
    "Payment": ("mjscore.scoring.payments", "Payment"),
    "Ruleset": ("mjscore.scoring.ruleset", "Ruleset"),
    "Suit": ("mjscore.tiles", "Suit"),
    "Tile": ("mjscore.tiles", "Tile"),
    "format_tiles": ("mjscore.tiles", "format_tiles"),
    "parse_tiles": ("mjscore.tiles", "parse_tiles"),
}

def __getattr__(name: str) -> Any:
    """Import a public name's module the first time the name is asked for, and keep the name here."""
    try:
        module, attribute = _LAZY[name]
    except KeyError:  # a submodule (``from mjscore import reading``) is then imported by the import system
        raise AttributeError(f"module 'mjscore' has no attribute {name!r}") from None
    __import__(module)  # rather than importlib.import_module, which ``python -X importtime`` does not list
    value = getattr(sys.modules[module], attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names with the ones already imported (``dir(mjscore)`` lists what ``__all__`` does)."""
    return sorted({*globals(), *__all__})


def _imported(module: str, name: str) -> Any:
    """``name`` of ``module``, imported on first use. Every call of :func:`score` asks for the engine:
    after the first, a look-up in ``sys.modules`` costs a tenth of a ``from ... import`` statement
    (which, in a function, runs the import machinery each time). A module another thread is still
    importing is in ``sys.modules`` half made: the import machinery waits for it to be whole."""
    found = sys.modules.get(module)
    if found is None or getattr(found.__spec__, "_initializing", False):
        found = importlib.import_module(module)
    return getattr(found, name)


def _rules(hand: Hand, ruleset: str | Ruleset | None) -> Ruleset:
    if isinstance(ruleset, _imported("mjscore.scoring.ruleset", "Ruleset")):
        return cast("Ruleset", ruleset)
    return cast("Ruleset", _imported("mjscore.rulesets", "resolve_ruleset")(ruleset or hand.ruleset))


def score(hand: Hand, ruleset: str | Ruleset | None = None) -> Score:
    """Score a winning hand under ``ruleset`` (an id or a :class:`Ruleset`; default: the hand's own)."""
    return cast("Score", _imported("mjscore.scoring.engine", "score")(hand, _rules(hand, ruleset)))


def waits(hand: Hand, ruleset: str | Ruleset | None = None) -> tuple[Tile, ...]:
    """The tile kinds that would complete the tiles ``hand`` holds before its winning tile."""
    return cast("tuple[Tile, ...]", _imported("mjscore.arrangements", "waits")(hand, _rules(hand, ruleset).played_shapes))


def score_waits(hand: Hand, ruleset: str | Ruleset | None = None) -> tuple[tuple[Tile, Score | None], ...]:
    """Each tile ``hand`` waits on, with the score a win on it would make in the hand's context."""
    return cast("tuple[tuple[Tile, Score | None], ...]",
                _imported("mjscore.scoring.engine", "score_waits")(hand, _rules(hand, ruleset)))


def analyse(hand: Hand, ruleset: str | Ruleset | None = None, visible: Sequence[Tile] = ()) -> Analysis:
    """Shanten, useful tiles and (after a draw) the discard table of the tiles ``hand`` holds, each
    wait scored under ``ruleset``; ``visible``: tiles seen on the table (see :mod:`mjscore.analysis`)."""
    from mjscore.scoring.analysis import analyse as analyse_hand

    return analyse_hand(hand, _rules(hand, ruleset), visible)
