"""The tournament part of the HTTP API: a tournament's current round and standings, for the
projector page (``/tournaments/{name}/screen``) and the players' phones, and the director's acts
between rounds for the director's page (``/tournaments/{name}``: seat the next round, give a
penalty, drop a player, enter a late one, cut to the top N), over
:class:`mjscore.scorekeeper.tournaments.Tournaments`. A tournament is started from the command line
(``mjscore tournament new``, docs/tournaments.md). Like the tables, it needs a joined device on a
server with a club passphrase."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel, ConfigDict, Field

from mjscore.interfaces.web.errors import BODY_ERRORS, NOT_FOUND
from mjscore.interfaces.web.tables_api import Actor, Keeper
from mjscore.scorekeeper.model import MAX_NAME
from mjscore.scorekeeper.seating import Method
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
    dropped: bool = Field(description="Dropped: plays no later round (their results stay).")


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


class SeatRound(BaseModel):
    """Seat the next round: by ``method`` (random, no-repeat or swiss; None: the tournament's)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    method: Literal["random", "no-repeat", "swiss"] | None = None


class GivePenalty(BaseModel):
    """A penalty: ``points`` off ``player``'s score (their name, any case, or ``#id``), and why."""

    model_config = ConfigDict(extra="forbid", strict=True)
    player: str = Field(min_length=1, max_length=MAX_NAME + 1)
    points: int = Field(ge=1, le=100_000)
    reason: str = Field(min_length=1, max_length=200)


class PlayerChange(BaseModel):
    """A player to drop, or to enter late (a roster name or a new one, with an EMA number if known)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    player: str = Field(min_length=1, max_length=MAX_NAME + 1)
    ema: str | None = Field(None, max_length=20, description="A late entry's EMA number (8 digits).")


class Cut(BaseModel):
    """Cut to the top ``size`` of the standings: only they play the rounds after."""

    model_config = ConfigDict(extra="forbid", strict=True)
    size: int = Field(ge=4, le=10_000)


@router.get("/api/tournaments/{name}", responses=NOT_FOUND)
def tournament_screen(name: Name, keeper: Keeper) -> Screen:
    """The tournament's last round seated (tables, seats, which are over) and its standings after the
    last round over, ranked by table points, then score, then hands won."""
    return _screen(Tournaments(keeper), name)


@router.post("/api/tournaments/{name}/rounds", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def seat_round(name: Name, request: SeatRound, keeper: Keeper, who: Actor) -> Screen:
    """Seat the next round and open its tables (refused, naming the tables, while a round is being played)."""
    tournaments = Tournaments(keeper)
    tournaments.seat(name, None if request.method is None else Method(request.method), actor=who)
    return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/penalties", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def give_penalty(name: Name, request: GivePenalty, keeper: Keeper, who: Actor) -> Screen:
    """Take points off a player's score, from the round being played (or the last seated)."""
    tournaments = Tournaments(keeper)
    tournaments.penalty(name, request.player, request.points, request.reason, actor=who)
    return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/drops", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def drop_player(name: Name, request: PlayerChange, keeper: Keeper) -> Screen:
    """Drop a player: seated in no round after the last one seated (their results stay)."""
    tournaments = Tournaments(keeper)
    tournaments.drop(name, request.player)
    return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/entries", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def enter_player(name: Name, request: PlayerChange, keeper: Keeper, who: Actor) -> Screen:
    """A late entry: the player is seated from the next round."""
    tournaments = Tournaments(keeper)
    tournaments.enter(name, request.player, request.ema, actor=who)
    return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/cut", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def cut_to(name: Name, request: Cut, keeper: Keeper) -> Screen:
    """Cut to the top ``size`` of the standings after the last round (refused while one is played)."""
    tournaments = Tournaments(keeper)
    tournaments.cut(name, request.size)
    return _screen(tournaments, name)


def _screen(tournaments: Tournaments, name: str) -> Screen:
    """The tournament as :class:`Screen` answers it."""
    found = tournaments.standings(name)
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
                        score=line.score, hands_won=line.hands_won, decided=line.decided,
                        dropped=entrant.dropped_after is not None)
             for line, entrant in found.lines]
    return Screen(name=view.name, ruleset=view.ruleset, rounds_planned=view.rounds_planned, round=shown,
                  standings_after=found.after, standings=lines)
