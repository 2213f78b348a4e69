"""The statistics part of the HTTP API: ``GET /api/tables/stats`` answers what ``mjscore stats
--table N`` or ``--club`` prints with ``--format json``: per player, per ruleset, and each table's
balances after every entry, over one table (``?table=N``) or every table of the club, counting the
entries recorded from ``since`` to ``until`` (days, UTC, both included). Every rate and average
names what it is taken over (``over``); a player's places say whether they are tables' or sessions'
(``places_over``), and their points per ruleset carry the money settled where a table plays for
it. It lives under ``/api/tables``, so a club server asks for its passphrase here as it does for
the tables themselves.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field

from mjscore.interfaces.web.errors import NOT_FOUND, ErrorBody
from mjscore.interfaces.web.scoring_api import Lang
from mjscore.interfaces.web.tables_api import Keeper
from mjscore.scorekeeper.statistics import statistics
from mjscore.scoring.statistics import DateRange

router = APIRouter(prefix="/api/tables", tags=["statistics"])


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RateAnswer(_Answer):
    """``count`` of ``of``; ``over`` says what ``of`` counts; ``value`` from 0 to 1 (null: of is 0)."""

    count: int
    of: int
    over: str
    value: float | None


class AverageAnswer(_Answer):
    """``total`` shared over ``of``; ``over`` says what ``of`` counts; ``value`` (null: of is 0)."""

    total: int
    of: int
    over: str
    value: float | None


class BiggestHandAnswer(_Answer):
    table: int
    entry: int
    total: int
    at: str = Field(description="When the entry was recorded (UTC, ISO 8601).")


class PointsAnswer(_Answer):
    """A player's points at the tables of one ruleset, in its unit."""

    ruleset: str
    unit: str
    hands: int
    net: int = Field(description="The balance, table payments included.")
    money: str | None = Field(description="The net money settled at the ruleset's tables that play for money, "
                                          "an exact decimal (null: none of them does).")
    won: AverageAnswer
    lost: AverageAnswer
    biggest: BiggestHandAnswer | None


class PlayerAnswer(_Answer):
    player: str = Field(description="The person (the roster's key, or the name played under).")
    tables: int
    hands: int
    wins: RateAnswer
    self_draws: RateAnswer
    deal_ins: RateAnswer
    sessions: int = Field(description="How many of the places are sessions' (tables played with a limit of "
                                      "hands or time), ranked as the standings rank them.")
    places: list[int] = Field(description="How many sessions or tables the player finished 1st, 2nd, 3rd, 4th "
                                          "(ties share the better place).")
    places_over: str = Field(description="What the places are taken over: tables played, sessions played, or "
                                         "sessions and tables played.")
    average_place: AverageAnswer
    points: list[PointsAnswer]


class AwardAnswer(_Answer):
    id: str
    name: str
    names: dict[str, str] | None
    share: RateAnswer = Field(description="The wins holding the award, of the ruleset's wins.")
    times: int = Field(description="How many times it was counted in all (some count more than once a hand).")


class TotalAnswer(_Answer):
    total: int
    wins: int


class RulesetAnswer(_Answer):
    ruleset: str
    wins: int
    average_total: AverageAnswer
    totals: list[TotalAnswer]
    awards: list[AwardAnswer]


class SeatAnswer(_Answer):
    name: str = Field(description="The name at the table.")
    person: str


class BalancesAnswer(_Answer):
    table: int
    name: str
    ruleset: str
    unit: str
    players: list[SeatAnswer]
    entries: list[int] = Field(description="The entries counted, by number.")
    points: list[list[int]] = Field(description="Each player's points before the first entry and after each.")


class StatisticsAnswer(_Answer):
    """The statistics of a table or of the club."""

    tables: int
    hands: int
    wins: int
    players: list[PlayerAnswer]
    rulesets: list[RulesetAnswer]
    balances: list[BalancesAnswer]


Day = Annotated[str | None, Query(max_length=10, description="A day, YYYY-MM-DD (UTC).")]


ERRORS: dict[int | str, dict[str, Any]] = {
    **NOT_FOUND, 400: {"model": ErrorBody, "description": "A day that is not a date (YYYY-MM-DD)."},
    422: {"model": ErrorBody, "description": "A query parameter out of its bounds (a table number, a language)."}}


@router.get("/stats", responses=ERRORS)
def table_statistics(keeper: Keeper, table: Annotated[int | None, Query(ge=1, description="One table (default: all).")] = None,
                     since: Day = None, until: Day = None, lang: Lang = "en") -> StatisticsAnswer:
    """Statistics of one table or of the club: per player (hands, wins, self-draws, deal-ins, points
    won and lost, money at tables that play for it, the biggest hand, places by table or by
    session), per ruleset (every award's share of the wins, the
    totals) and each table's balances, from the entries as they were settled."""
    return StatisticsAnswer.model_validate(statistics(keeper, table, DateRange.of(since, until)).to_dict(lang))
