"""The analysis part of the HTTP API: ``POST /api/analyse`` answers what ``mjscore analyse --format
json`` prints: shanten, useful tiles and, for a hand after a draw, the discard table."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import ConfigDict, Field

from mjscore import analyse, get_ruleset
from mjscore.interfaces.web.answers import AnalysisAnswer
from mjscore.interfaces.web.errors import BODY_ERRORS
from mjscore.record import HandRecord, TileField
from mjscore.scoring.analysis import read_request

router = APIRouter(prefix="/api", tags=["analysis"])


class AnalyseRequest(HandRecord):
    """A hand record of the held tiles (``win_tile``, if given, is the tile just drawn) and the tiles
    seen on the table."""

    model_config = ConfigDict(extra="forbid", strict=True, title="mjscore analysis request")
    win: Literal["self_draw", "discard", "robbing_gong", "flowers"] = Field(
        "self_draw", description="Not needed: each wait is scored both on a discard and self-drawn.")
    visible: TileField = Field("", description="Tiles seen on the table: discards, other players' sets.")


@router.post("/analyse", response_model=AnalysisAnswer, response_model_exclude_unset=True, responses=BODY_ERRORS)
def analyse_hand(request: AnalyseRequest) -> dict[str, Any]:
    """Shanten (0 ready, -1 complete), the useful tiles with the copies unseen, and for 14 or 17 tiles
    the discard table: each discard's shanten and useful tiles and, when it leaves the hand ready,
    its waits with the score of a win on each, on a discard and self-drawn."""
    hand, visible = read_request(request.model_dump())
    rules = get_ruleset(hand.ruleset)
    return {"ruleset": rules.id, **analyse(hand, rules, visible).to_dict()}
