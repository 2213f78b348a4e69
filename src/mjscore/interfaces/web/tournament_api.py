"""The tournament part of the HTTP API: a tournament's current round and standings, for the
projector page (``/tournaments/{name}/screen``) and the players' phones, over
:class:`mjscore.scorekeeper.tournaments.Tournaments`. Read only: the director seats rounds, gives
penalties and cuts from the command line (``mjscore tournament``, docs/tournaments.md). Like the
tables, it needs a joined device on a server with a club passphrase."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import BaseModel

from mjscore.interfaces.web.errors import NOT_FOUND
from mjscore.interfaces.web.tables_api import Keeper
from mjscore.scorekeeper.tournaments import Tournaments

router = APIRouter(tags=["tournaments"])

SEATS = ("E", "S", "W", "N")


class SeatLine(BaseModel):
    """A seat of a table: its wind at the table's first hand (E, S, W, N) and who sits there."""

    wind: str
    name: str


class ScreenTable(BaseModel):
    """A table of the round: its number in the round, its ``mjscore table`` number, its seats, and
    whether its session is over."""

    number: int
    table_id: int
    seats: list[SeatLine]
    over: bool


class ScreenRound(BaseModel):
    """The last round seated: its number, how it was seated, its tables and who has a bye."""

    number: int
    method: str
    closed: bool
    tables: list[ScreenTable]
    byes: list[str]


class ScreenLine(BaseModel):
    """A line of the standings: place (``tied``: shared), player, table points (rounded and exact),
    score, hands won, and what put it below the line above (``decided``)."""

    place: int
    tied: bool
    name: str
    table_points: float
    table_points_exact: str
    score: int
    hands_won: int
    decided: str


class Screen(BaseModel):
    """A tournament as the projector shows it: the last round seated and the standings after the
    last round over."""

    name: str
    ruleset: str
    rounds_planned: int
    round: ScreenRound | None
    standings_after: int
    standings: list[ScreenLine]


Name = Annotated[str, Path(min_length=1, max_length=40, description="The tournament's name (any case).")]


@router.get("/api/tournaments/{name}", responses=NOT_FOUND)
def tournament_screen(name: Name, keeper: Keeper) -> Screen:
    """The tournament's last round seated (tables, seats, which are over) and its standings after the
    last round over, ranked by table points, then score, then hands won."""
    found = Tournaments(keeper).standings(name)
    view = found.tournament
    last = view.rounds[-1] if view.rounds else None
    shown = None if last is None else ScreenRound(
        number=last.number, method=last.method, closed=last.closed, byes=[p.name for p in last.byes],
        tables=[ScreenTable(number=t.number, table_id=t.table_id, over=t.over,
                            seats=[SeatLine(wind=w, name=n) for w, n in zip(SEATS, t.names, strict=True)])
                for t in last.tables])
    lines = [ScreenLine(place=line.place, tied=line.tied, name=entrant.person.name,
                        table_points=round(float(line.table_points), 2),
                        table_points_exact=str(line.table_points),
                        score=line.score, hands_won=line.hands_won, decided=line.decided)
             for line, entrant in found.lines]
    return Screen(name=view.name, ruleset=view.ruleset, rounds_planned=view.rounds_planned, round=shown,
                  standings_after=found.after, standings=lines)
