"""The scoring part of the HTTP API: score a hand record, its waits, the rulesets, the tiles, and
the notation box's reader. Everything here calls the library (:mod:`mjscore`); nothing is stored."""

from __future__ import annotations

import logging
from typing import Any, Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import to_json

from mjscore import Hand, Score, get_ruleset, resolve_ruleset, score, score_waits
from mjscore.arrangements import Arrangement
from mjscore.errors import MjscoreError, RulesetError
from mjscore.interfaces.web.answers import BatchLine, NotationAnswer, RulesetTable, ScoreAnswer, WaitsAnswer
from mjscore.interfaces.web.errors import BODY_ERRORS, NOT_FOUND, NotFound
from mjscore.interfaces.web.notation import parse_hand_tiles
from mjscore.labels import catalogue
from mjscore.record import HandRecord
from mjscore.rulesets import loadable_rulesets, presets_of
from mjscore.scoring.ruleset import LANGUAGES, Ruleset
from mjscore.scoring.sheet import score_json
from mjscore.tiles import ALL_TILES

Lang = Literal["en", "zh-Hans", "zh-Hant", "ja"]

logger = logging.getLogger(__name__)

router = APIRouter(prefix="/api", tags=["scoring"])


class ScoreRequest(BaseModel):
    """A hand record to score, and the table's house rules if it plays any."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hand: HandRecord
    house_rules: dict[str, Any] | None = Field(
        None, description="Changes to the ruleset: base, limit, minimum, awards, table_payments "
                          "(the keys of a house-rules file; see mjscore.scoring.house_rules).")


class NotationRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = Field(max_length=400, description="e.g. '123m 456m 789p 67s 99p [CCC] 2f 6f +8s'")


class TileInfo(BaseModel):
    code: str
    index: int = Field(description="The sort order: characters, circles, bamboo, winds, dragons, bonus tiles.")
    suit: str = Field(description="m, p, s, w (winds), d (dragons) or f (bonus tiles).")
    rank: int
    unicode: str
    names: dict[str, str]


class RulesetSummary(BaseModel):
    id: str
    names: dict[str, str]
    version: str
    hand_size: int
    default: bool = Field(description="The ruleset a hand record without one is scored under.")
    presets: list[str] = Field(description="Its presets: house-rule files a table chooses by name.")


def ruleset_for(record: HandRecord, house_rules: dict[str, Any] | None) -> Ruleset:
    """The record's ruleset with ``house_rules`` applied."""
    return resolve_ruleset(record.ruleset, house_rules)


def score_dict(result: Score, lang: str) -> dict[str, Any]:
    """:meth:`Score.to_dict` with the arrangement's groups spelled out, for drawing them as tiles,
    and the score sheet (:mod:`mjscore.scoring.sheet`) that the page renders."""
    return {**score_json(result, lang), "groups": _groups(result.arrangement)}


def _groups(arrangement: Arrangement | None) -> list[dict[str, Any]]:
    if arrangement is None:
        return []
    return [{"kind": g.kind.value, "tiles": [t.code for t in g.tiles], "declared": g.declared,
             "concealed": g.concealed, "winning": index == arrangement.win_group}
            for index, g in enumerate(arrangement.groups)]


@router.post("/score", response_model=ScoreAnswer, response_model_exclude_unset=True, responses=BODY_ERRORS)
def score_hand(request: ScoreRequest, lang: Lang = "en") -> Response:
    """Score a winning hand: the total, every award with its points and reason, the arrangement
    used, the wait set, who pays whom and the payments settled at the table."""
    hand = Hand.from_record(request.hand)
    # Written as it is made: FastAPI would validate the sheet against ScoreAnswer on every request
    # (three times the cost of writing it), which the tests of the schema do once (issue 27).
    answer = score_dict(score(hand, ruleset_for(request.hand, request.house_rules)), lang)
    return Response(to_json(answer), media_type="application/json")


class BatchRequest(BaseModel):
    """Many hand records, scored one by one (``mjscore batch`` over HTTP): a bad record is answered
    with its error and does not stop the others."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hands: list[dict[str, Any]] = Field(max_length=1000, description="Hand records (docs/hand-format.md).")
    house_rules: dict[str, Any] | None = Field(None, description="As for /api/score, applied to every hand.")


@router.post("/score/batch", response_model=list[BatchLine], response_model_exclude_unset=True, responses=BODY_ERRORS)
def score_batch(request: BatchRequest) -> list[dict[str, Any]]:
    """Score each hand record, in order: its compact score (ruleset, total, legal, awards, payments)
    or ``{"index": n, "error": "..."}`` naming what is wrong with it."""
    answers: list[dict[str, Any]] = []
    for index, data in enumerate(request.hands):
        try:
            hand = Hand.from_dict(data)
            result = score(hand, resolve_ruleset(hand.ruleset, request.house_rules))
        except MjscoreError as error:
            answers.append({"index": index, "error": str(error)})
        else:
            answers.append({"index": index, **result.summary()})
    return answers


@router.post("/waits", response_model=WaitsAnswer, responses=BODY_ERRORS)
def waits_of_hand(request: ScoreRequest, lang: Lang = "en") -> dict[str, Any]:
    """The tiles the held hand waits on (any winning tile in the record set aside), each with the
    score a win on it would make in the record's context (null where that win cannot happen)."""
    hand = Hand.from_record(request.hand)
    results = score_waits(hand, ruleset_for(request.hand, request.house_rules))
    return {"waits": [{"tile": tile.code,
                       "score": None if found is None else {
                           "total": found.total, "legal": found.is_legal,
                           "awards": [a.to_dict(lang) for a in found.awards]}}
                      for tile, found in results]}


@router.post("/notation", response_model=NotationAnswer, responses=BODY_ERRORS)
def read_notation(request: NotationRequest) -> dict[str, Any]:
    """Read the one-line tile notation of the notation box into hand record fields."""
    return parse_hand_tiles(request.text).to_record()


class Labels(BaseModel):
    """The label catalogue: for each language, label key -> text (``{name}`` marks a value filled in)."""

    model_config = ConfigDict(populate_by_name=True)

    en: dict[str, str]
    zh_hans: dict[str, str] = Field(alias="zh-Hans")
    zh_hant: dict[str, str] = Field(alias="zh-Hant")
    ja: dict[str, str]


@router.get("/labels", response_model=Labels)
def labels() -> dict[str, dict[str, str]]:
    """Every label the pages and the score sheet show, by language (en, zh-Hans, zh-Hant, ja) and key."""
    return catalogue()


@router.get("/tiles")
def tiles() -> list[TileInfo]:
    """Every tile kind with its code, Unicode character and names, in sort order."""
    return [TileInfo(code=t.code, index=t.index, suit=t.suit.value, rank=t.rank, unicode=t.unicode,
                     names={lang: t.name(lang) for lang in LANGUAGES}) for t in ALL_TILES]


@router.get("/rulesets")
def list_rulesets() -> list[RulesetSummary]:
    """The rulesets mjscore knows that load. A shipped ruleset file that cannot load is left out and
    named on the server's log, one line, each time the list is asked for; the others are listed."""
    found, problems = loadable_rulesets()
    for problem in problems:
        logger.warning("ruleset left out of the list: %s", problem)
    default = HandRecord.model_fields["ruleset"].default
    return [RulesetSummary(id=r.id, names=r.name.to_dict(), version=r.version, hand_size=r.hand_size,
                           default=r.id == default, presets=list(presets_of(r.id))) for r in found]


@router.get("/rulesets/{ruleset_id}", response_model=RulesetTable, responses=NOT_FOUND)
def ruleset_table(ruleset_id: str, lang: Lang = "en") -> dict[str, Any]:
    """One ruleset's award table and settings."""
    try:
        rules = get_ruleset(ruleset_id)
    except RulesetError as error:
        raise NotFound(error.refusal or str(error)) from None
    return rules.to_dict(lang)
