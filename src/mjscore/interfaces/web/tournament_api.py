"""The tournament part of the HTTP API: everything ``mjscore tournament ...`` does, over
:class:`mjscore.scorekeeper.tournaments.Tournaments`: the list of tournaments and a new one; a
tournament's current round and standings, for the projector (``/tournaments/{name}/projector``),
the players' phones (``/tournaments/{name}/screen``) and the director's page
(``/tournaments/{name}``); the director's acts (seat the next round, give a penalty, drop a player,
reinstate one, enter a late one, cut to the top N); the standings after any round (JSON or CSV) and
the EMA results file. Like the tables, it needs a joined device on a server with a club passphrase.

Every route takes ``?lang=``: a refusal is said in that language (the label ``error_CODE`` of the
error, :func:`mjscore.errors.said_in`), one line as in English."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Literal
from urllib.parse import quote

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from mjscore.errors import MjscoreError, Refusal, said_in
from mjscore.interfaces.web.answers import CSVResponse
from mjscore.interfaces.web.errors import BODY_ERRORS, NOT_FOUND
from mjscore.interfaces.web.scoring_api import Lang
from mjscore.interfaces.web.tables_api import Actor, Keeper, RoundTable
from mjscore.scorekeeper import audit
from mjscore.scorekeeper.model import MAX_NAME
from mjscore.scorekeeper.seating import Fill, Method
from mjscore.scorekeeper.tournaments import (
    MAX_ROUNDS,
    Tournaments,
    ema_csv,
    standings_csv,
    standings_json,
)

router = APIRouter(tags=["tournaments"])

SEATS = ("E", "S", "W", "N")


class SeatLine(BaseModel):
    """A seat of a table: its wind at the table's first hand (E, S, W, N) and who sits there; a
    substitute's number (``Substitute 2``: 2), for a page to name them in its language, else null."""

    wind: str
    name: str
    substitute: int | None = None


class ScreenTable(BaseModel):
    """A table of the round: its number in the round, its ``mjscore table`` number, its seats, and
    whether its session is over."""

    number: int
    table_id: int
    seats: list[SeatLine]
    over: bool


class ScreenRound(BaseModel):
    """The last round seated: its number, how it was seated, its tables, who has a bye, and when its
    tables were opened (ISO 8601, UTC: the round's clock starts then)."""

    number: int
    method: str
    closed: bool
    tables: list[ScreenTable]
    byes: list[str]
    opened_at: str


class ScreenLine(BaseModel):
    """A line of the standings: place (``tied``: shared), player, table points (rounded and exact),
    score, hands won, and what put it below the line above (``decided``)."""

    place: int
    tied: bool
    name: str
    table_points: float
    table_points_exact: str
    score: int
    penalties: int = Field(description="The points the director's penalties took off the score.")
    hands_won: int
    decided: str
    dropped: bool = Field(description="Dropped: plays no later round (their results stay).")


class Screen(BaseModel):
    """A tournament as the projector shows it: the last round seated and the standings after the
    last round over; ``rounds_seated`` of ``rounds_planned`` (a next round is seated only while
    fewer), each table's session (``session_hands``, ``session_minutes``: the round's clock counts
    down from ``round.opened_at``), and ``now``, the server's time, so that a clock set wrong on the
    projector's computer does not move the round's."""

    name: str
    ruleset: str
    rounds_planned: int
    rounds_seated: int
    session_hands: int | None
    session_minutes: int | None
    round: ScreenRound | None
    standings_after: int
    standings: list[ScreenLine]
    now: str


class TournamentSummary(BaseModel):
    """A tournament in the list: name, ruleset, players, rounds seated, planned and over, and when it
    was created (ISO 8601, UTC)."""

    name: str
    ruleset: str
    players: int
    rounds_seated: int
    rounds_planned: int
    rounds_over: int
    created_at: str




Name = Annotated[str, Path(min_length=1, max_length=40, description="The tournament's name (any case).")]
After = Annotated[int | None, Query(ge=0, le=MAX_ROUNDS, description="After this round (default: the last round over).")]


@contextmanager
def _said_in(lang: str) -> Iterator[None]:
    """Say a refusal in ``lang``: the same error, its message in that language (:func:`refusal`)."""
    try:
        yield
    except MjscoreError as error:
        said = error.refusal
        if lang == "en" or said is None:
            raise
        raise type(error)(Refusal(said.code, said_in(error, lang), **said.params)) from None



class TableRound(BaseModel):
    """Where a table sits in a tournament, or null."""

    round: RoundTable | None


class PersonRef(BaseModel):
    """A person of the roster: id and name."""

    id: int
    name: str


class StandingsLine(BaseModel):
    """A line of the standings after a round (``mjscore tournament standings --format json``)."""

    place: int
    tied: bool
    person: PersonRef
    ema_number: str | None
    rounds: int
    table_points: float
    table_points_exact: str
    score: int
    penalties: int
    hands_won: int
    finalist: bool
    decided: str


class StandingsAnswer(BaseModel):
    """The standings after round ``after_round``, format ``mjscore-tournament-standings/1``."""

    format: str
    tournament: str
    after_round: int
    standings: list[StandingsLine]


class NewTournament(BaseModel):
    """A new tournament, as ``mjscore tournament new`` starts one: its name, players (roster names or
    new ones) with their EMA numbers where known (``{"Ann": "04010001"}``), the ruleset of its tables,
    the rounds planned, how rounds are seated and filled, each table's session (hands or minutes),
    and the seed every seating is drawn from (None: a new one)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=40)
    players: list[str] = Field(min_length=1, max_length=400)
    ema: dict[str, str] = Field(default_factory=dict, max_length=400)
    ruleset: str = Field("mcr", max_length=40)
    rounds: int = Field(4, ge=1, le=MAX_ROUNDS)
    method: Literal["random", "no-repeat", "swiss"] = "no-repeat"
    fill: Literal["substitutes", "byes"] = "substitutes"
    session_hands: int | None = None
    session_minutes: int | None = None
    seed: str | None = Field(None, max_length=200)


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


@router.get("/api/tournaments")
def list_tournaments(keeper: Keeper, lang: Lang = "en") -> list[TournamentSummary]:
    """Every tournament, newest first: players, rounds seated, planned and over."""
    with _said_in(lang):
        return [TournamentSummary(name=t.name, ruleset=t.ruleset, players=t.players, rounds_seated=t.rounds_seated,
                                  rounds_planned=t.rounds_planned, rounds_over=t.rounds_over, created_at=t.created_at)
                for t in Tournaments(keeper).summaries()]


@router.post("/api/tournaments", status_code=201, responses=BODY_ERRORS)
def new_tournament(request: NewTournament, keeper: Keeper, who: Actor, lang: Lang = "en") -> Screen:
    """Start a tournament of these players (``mjscore tournament new``); its first round is seated with
    ``POST /api/tournaments/{name}/rounds``."""
    tournaments = Tournaments(keeper)
    with _said_in(lang):
        found = tournaments.create(request.name, request.players, ruleset=request.ruleset, seed=request.seed,
                                   method=Method(request.method), fill=Fill(request.fill), rounds=request.rounds,
                                   session_hands=request.session_hands, session_minutes=request.session_minutes,
                                   ema=request.ema, actor=who)
        return _screen(tournaments, found.name)


@router.get("/api/tournaments/{name}", responses=NOT_FOUND)
def tournament_screen(name: Name, keeper: Keeper, lang: Lang = "en") -> Screen:
    """The tournament's last round seated (tables, seats, which are over) and its standings after the
    last round over, ranked by table points, then score, then hands won."""
    with _said_in(lang):
        return _screen(Tournaments(keeper), name)


@router.get("/api/tournaments/{name}/standings", responses=NOT_FOUND)
def tournament_standings(name: Name, keeper: Keeper, after: After = None, lang: Lang = "en") -> StandingsAnswer:
    """The standings after round ``after`` (default: the last round over) as ``mjscore tournament
    standings --format json`` writes them: place, table points (rounded and exact), score, penalties,
    hands won, and what decided each place. A round still being played is refused, naming its tables."""
    with _said_in(lang):
        return StandingsAnswer.model_validate(standings_json(Tournaments(keeper).standings(name, after)))


@router.get("/api/tournaments/{name}/standings.csv", response_class=CSVResponse, responses=NOT_FOUND)
def tournament_standings_csv(name: Name, keeper: Keeper, after: After = None, lang: Lang = "en") -> CSVResponse:
    """The standings after a round as CSV (``mjscore tournament standings --format csv``), to download."""
    with _said_in(lang):
        found = Tournaments(keeper).standings(name, after)
    return CSVResponse(standings_csv(found), headers=_attachment(f"{found.tournament.name}-standings-{found.after}.csv"))


@router.get("/api/tournaments/{name}/ema.csv", response_class=CSVResponse, responses=NOT_FOUND)
def tournament_ema(name: Name, keeper: Keeper, lang: Lang = "en") -> CSVResponse:
    """The EMA results file after the last round over (``mjscore tournament export``), to download."""
    with _said_in(lang):
        found = Tournaments(keeper).standings(name)
    return CSVResponse(ema_csv(found), headers=_attachment(f"{found.tournament.name}-ema-results.csv"))


@router.get("/api/tables/{table_id}/round", tags=["tables"], responses=NOT_FOUND)
def table_round(table_id: int, keeper: Keeper) -> TableRound:
    """Where the table sits in a tournament (its round, its number in the round; null: a table of no
    tournament): a page names a tournament's table in its own language."""
    keeper.page(table_id, last=0)  # no such table: 404
    found = Tournaments(keeper).tables_of_rounds([table_id]).get(table_id)
    return TableRound(round=None if found is None else RoundTable(tournament=found.tournament, round=found.round,
                                                                  number=found.number))


@router.post("/api/tournaments/{name}/rounds", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def seat_round(name: Name, request: SeatRound, keeper: Keeper, who: Actor, lang: Lang = "en") -> Screen:
    """Seat the next round and open its tables (refused, naming the tables, while a round is being played)."""
    tournaments = Tournaments(keeper)
    with _said_in(lang):
        tournaments.seat(name, None if request.method is None else Method(request.method), actor=who)
        return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/penalties", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def give_penalty(name: Name, request: GivePenalty, keeper: Keeper, who: Actor, lang: Lang = "en") -> Screen:
    """Take points off a player's score, from the round being played (or the last seated)."""
    tournaments = Tournaments(keeper)
    with _said_in(lang):
        tournaments.penalty(name, request.player, request.points, request.reason, actor=who)
        return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/drops", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def drop_player(name: Name, request: PlayerChange, keeper: Keeper, lang: Lang = "en") -> Screen:
    """Drop a player: seated in no round after the last one seated (their results stay)."""
    tournaments = Tournaments(keeper)
    with _said_in(lang):
        tournaments.drop(name, request.player)
        return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/reinstatements", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def reinstate_player(name: Name, request: PlayerChange, keeper: Keeper, lang: Lang = "en") -> Screen:
    """A dropped player plays again from the next round (``mjscore tournament reinstate``)."""
    tournaments = Tournaments(keeper)
    with _said_in(lang):
        tournaments.reinstate(name, request.player)
        return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/entries", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def enter_player(name: Name, request: PlayerChange, keeper: Keeper, who: Actor, lang: Lang = "en") -> Screen:
    """A late entry: the player is seated from the next round."""
    tournaments = Tournaments(keeper)
    with _said_in(lang):
        tournaments.enter(name, request.player, request.ema, actor=who)
        return _screen(tournaments, name)


@router.post("/api/tournaments/{name}/cut", status_code=201, responses={**BODY_ERRORS, **NOT_FOUND})
def cut_to(name: Name, request: Cut, keeper: Keeper, lang: Lang = "en") -> Screen:
    """Cut to the top ``size`` of the standings after the last round (refused while one is played)."""
    tournaments = Tournaments(keeper)
    with _said_in(lang):
        tournaments.cut(name, request.size)
        return _screen(tournaments, name)


def _attachment(filename: str) -> dict[str, str]:
    """A download's header: the file's name, in ASCII for old browsers and exact in UTF-8."""
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in filename)
    return {"Content-Disposition": f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename)}"}


def _screen(tournaments: Tournaments, name: str) -> Screen:
    """The tournament as :class:`Screen` answers it."""
    found = tournaments.standings(name)
    view = found.tournament
    last = view.rounds[-1] if view.rounds else None
    shown = None if last is None else ScreenRound(
        number=last.number, method=last.method, closed=last.closed, byes=[p.name for p in last.byes],
        opened_at=last.opened_at,
        tables=[ScreenTable(number=t.number, table_id=t.table_id, over=t.over,
                            seats=[SeatLine(wind=w, name=n, substitute=-who if who < 0 else None)
                                   for w, n, who in zip(SEATS, t.names, t.seats, strict=True)])
                for t in last.tables])
    lines = [ScreenLine(place=line.place, tied=line.tied, name=entrant.person.name,
                        table_points=round(float(line.table_points), 2),
                        table_points_exact=str(line.table_points),
                        score=line.score, penalties=line.penalties, hands_won=line.hands_won, decided=line.decided,
                        dropped=entrant.dropped_after is not None)
             for line, entrant in found.lines]
    return Screen(name=view.name, ruleset=view.ruleset, rounds_planned=view.rounds_planned,
                  rounds_seated=len(view.rounds), session_hands=view.session.hands, session_minutes=view.session.minutes,
                  round=shown, standings_after=found.after, standings=lines, now=audit.now())
