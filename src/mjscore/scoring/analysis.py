"""Hand analysis under a ruleset: :func:`mjscore.analysis.analyse_hand` with the ruleset's shapes and
size, and every wait of a ready hand scored by the engine, on a discard and self-drawn.

The request is a hand record (the JSON every interface reads, :class:`mjscore.hand.HandRecord`) of
the held tiles, its ``win_tile`` if given being the tile just drawn, plus ``visible``: the tiles
seen on the table. :func:`read_request` reads it; :func:`analyse` analyses it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from mjscore.analysis import Analysis, WinScore, analyse_hand
from mjscore.errors import HandError, MjscoreError, Refusal
from mjscore.hand import Hand, WinKind
from mjscore.scoring.contexts import check_flowers
from mjscore.scoring.engine import Score, score_waits
from mjscore.scoring.ruleset import Ruleset
from mjscore.tiles import Tile, next_seat, parse_tiles


def analyse(hand: Hand, rules: Ruleset, visible: Sequence[Tile] = ()) -> Analysis:
    """Analyse the held tiles of ``hand`` under ``rules`` (see :func:`mjscore.analysis.analyse_hand`),
    each wait scored under ``rules`` in the hand's seat, round and flowers."""
    check_flowers(replace(hand, win=WinKind.SELF_DRAW, discarder=None), rules.instant_flower_win)

    def scorer(held: Hand) -> dict[Tile, tuple[WinScore | None, WinScore | None]]:
        own = replace(held, win=WinKind.SELF_DRAW, discarder=None, replacement=None)
        claimed = replace(own, win=WinKind.DISCARD, discarder=next_seat(held.seat, -1))
        on_discard = dict(score_waits(claimed, rules))
        self_drawn = dict(score_waits(own, rules))
        return {tile: (_win(on_discard.get(tile)), _win(self_drawn.get(tile))) for tile in on_discard}

    return analyse_hand(hand, rules.shapes, rules.hand_size, visible, scorer)


def _win(result: Score | None) -> WinScore | None:
    return None if result is None else WinScore(result.total, result.is_legal)


def read_request(data: Mapping[str, Any]) -> tuple[Hand, tuple[Tile, ...]]:
    """The hand and the visible tiles of an analysis request: a hand record (``win`` defaults to
    self_draw; ``win_tile``, if given, is the tile just drawn) with ``visible`` tiles. Raises
    :class:`HandError` with a one-line reason."""
    record = dict(data)
    visible = record.pop("visible", "")
    record.setdefault("win", "self_draw")
    hand = Hand.from_dict(record)
    if not isinstance(visible, str | list):
        raise HandError("visible: write the tiles seen as notation ('19m EE') or a list of tile codes")
    try:
        seen = parse_tiles(visible)
    except MjscoreError as error:
        raise HandError(Refusal("in_visible", cause=error)) from None
    return hand, seen
