"""The club part of the HTTP API: the roster of people (``/api/players``) and the standings of an
evening or a tournament (``/api/standings``), over :class:`mjscore.scorekeeper.Scorekeeper`.

Like the tables, these need a joined device on a server with a club passphrase (reads from the
server's own machine excepted). A rename or a merge is one transaction and is kept in the roster's
log (``GET /api/players/log``); neither rewrites a table's history. The standings are chosen by
table numbers (``?tables=1&tables=2``), an event (``?event=Friday``) or a day (``?day=2026-12-01``),
and answered as JSON or as CSV (``/api/standings.csv``).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Depends, Query
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from mjscore.errors import TableError
from mjscore.interfaces.web.errors import BODY_ERRORS, NOT_FOUND
from mjscore.interfaces.web.tables_api import Actor, Keeper, RoundTable
from mjscore.scorekeeper.model import MAX_NAME
from mjscore.scorekeeper.ratings import club_games, rate
from mjscore.scorekeeper.roster import Person
from mjscore.scorekeeper.service import today
from mjscore.scorekeeper.standings import Standings, standings_to_csv, standings_to_dict
from mjscore.scorekeeper.tournaments import Tournaments

router = APIRouter(tags=["players"])


class PersonModel(BaseModel):
    """A person of the roster: the id they keep, and their name now."""

    id: int
    name: str

    @staticmethod
    def of(person: Person) -> PersonModel:
        return PersonModel(id=person.id, name=person.name)


class Member(PersonModel):
    """A line of the roster: the person, every name they played under, the ids merged into them,
    and the tables they sat at."""

    names: list[str]
    merged: list[int]
    tables: list[int]


class RosterChangeModel(BaseModel):
    """A change of the roster's log: ``action`` (add, rename, merge, seat) on ``person``; ``other``
    the person a merge joins it to or the table a seat row seats it at (at ``seat``), ``name`` the
    name added or renamed to; when, by whom, its hash."""

    seq: int
    action: str
    person: int
    other: int | None
    name: str | None
    seat: int | None
    at: str
    actor: str
    hash: str


class Rename(BaseModel):
    """Rename a player: ``player`` is their name now (any case) or ``#id``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    player: str = Field(min_length=1, max_length=MAX_NAME + 1)
    name: str = Field(min_length=1, max_length=MAX_NAME)


class Merge(BaseModel):
    """Merge the roster entry ``merge`` into ``keep`` (names or ``#id``): one person, with ``keep``'s
    id and name."""

    model_config = ConfigDict(extra="forbid", strict=True)
    keep: str = Field(min_length=1, max_length=MAX_NAME + 1)
    merge: str = Field(min_length=1, max_length=MAX_NAME + 1)


class SeatModel(BaseModel):
    """A player's session at a table: the person, the name played under, the session score, the
    penalties in it, hands won, money (exact decimal text) and table points (rounded; exact as a
    fraction)."""

    person: PersonModel
    name: str
    score: int
    penalties: int
    hands_won: int
    money: str
    table_points: float
    table_points_exact: str


class SessionTable(BaseModel):
    """A table as a session."""

    id: int
    name: str
    ruleset: str
    unit: str
    opened_at: str
    event: str | None
    session_hands: int | None
    session_minutes: int | None
    hands: int
    for_money: bool
    seats: list[SeatModel]
    round: RoundTable | None = Field(None, description="The tournament round the table is a table of, if any.")


class StandingLine(BaseModel):
    """A person's line: place (``tied``: shared), sessions, table points, score, penalties, hands
    won, money."""

    place: int
    tied: bool
    person: PersonModel
    sessions: int
    table_points: float
    table_points_exact: str
    score: int
    penalties: int
    hands_won: int
    money: str


IncludeImports = Annotated[bool, Query(description=(
    "Count every imported table too (by default an import counts only when it is this club's unaltered export of a "
    "table not already counted)."))]


class StandingsModel(BaseModel):
    """The standings, ranked by table points, then score, then hands won; ``for_money``: show the
    money column (a table plays for money)."""

    format: str
    title: str
    for_money: bool
    #: The tables that could not be counted, each a line saying why (tampered, an import not counted).
    left_out: list[str]
    apart: list[str] = Field(description="The tournaments whose tables of those days are left out (an evening's "
                                          "standings, chosen by the days): each tournament has its own standings.")
    standings: list[StandingLine]
    tables: list[SessionTable]


@router.get("/api/players")
def list_players(keeper: Keeper) -> list[Member]:
    """The people on the club's roster, by name: the names a new table can take."""
    return [Member(id=m.person.id, name=m.person.name, names=list(m.names), merged=list(m.merged),
                   tables=list(m.tables)) for m in keeper.roster()]


class RatingLine(BaseModel):
    """A person's club rating (OpenSkill, ``mjscore ratings``): ``rating`` is ``mu - 3 sigma``, the
    figure shown; ``sigma`` its uncertainty, which shrinks as they play."""

    id: int
    name: str
    rating: float
    mu: float
    sigma: float
    games: int


@router.get("/api/ratings")
def club_ratings(keeper: Keeper, as_of: Annotated[date | None, Query(
        description="Rate only the tables opened up to this day (YYYY-MM-DD, UTC).")] = None,
                 include_imports: IncludeImports = False) -> list[RatingLine]:
    """Every rated person's club rating, best first (the same figures as ``mjscore ratings``): the
    club's tables chosen by what is signed of them, each counted once (``GET /api/ratings/left-out``
    names the tables left out, and why)."""
    if as_of is not None and as_of.isoformat() > today():
        raise TableError(f"as_of: {as_of.isoformat()} is after today ({today()}, UTC): the ratings of a day to come "
                         "are not known yet")
    ratings, _ = rate(club_games(keeper, imports=include_imports).games, None if as_of is None else as_of.isoformat())
    return [RatingLine(id=r.person.id, name=r.person.name, rating=round(r.ordinal, 2), mu=round(r.mu, 2),
                       sigma=round(r.sigma, 2), games=r.games) for r in ratings]


class LeftOut(BaseModel):
    """The tables a count leaves out, each a line saying why: one that cannot be checked (tampered),
    an import of an altered or unverified export, a second copy of a table."""

    left_out: list[str]


@router.get("/api/ratings/left-out")
def ratings_left_out(keeper: Keeper, include_imports: IncludeImports = False) -> LeftOut:
    """The tables the ratings (``GET /api/ratings``) leave out, and why."""
    return LeftOut(left_out=list(club_games(keeper, imports=include_imports).left_out))


@router.get("/api/players/log")
def roster_log(keeper: Keeper) -> list[RosterChangeModel]:
    """Every change made to the roster, oldest first, with its hash."""
    return [RosterChangeModel(seq=c.seq, action=c.action, person=c.person, other=c.other, name=c.name, seat=c.seat,
                              at=c.at, actor=c.actor, hash=h) for c, h in keeper.roster_log()]


@router.post("/api/players/rename", responses=BODY_ERRORS)
def rename_player(request: Rename, keeper: Keeper, who: Actor) -> PersonModel:
    """Rename a player; the tables keep the names they were played under."""
    return PersonModel.of(keeper.rename_player(request.player, request.name, actor=who))


@router.post("/api/players/merge", responses=BODY_ERRORS)
def merge_players(request: Merge, keeper: Keeper, who: Actor) -> PersonModel:
    """Merge two roster entries of the same person (refused if they sat at one table)."""
    return PersonModel.of(keeper.merge_players(request.keep, request.merge, actor=who))


@router.get("/api/tables/{table_id}/people", responses=NOT_FOUND)
def table_people(table_id: int, keeper: Keeper) -> list[PersonModel]:
    """The people at the table, in its seat order (as they are now: renamed or merged)."""
    return [PersonModel.of(p) for p in keeper.people_of(table_id)]


class EventModel(BaseModel):
    """An evening or a tournament: its name, its tables, the days of its first and last (UTC)."""

    name: str
    tables: int
    first: str
    last: str


@router.get("/api/standings/events")
def events(keeper: Keeper) -> list[EventModel]:
    """The events tables were opened for (``table new --event``), oldest first."""
    return [EventModel(name=e.name, tables=e.tables, first=e.first, last=e.last) for e in keeper.events()]


Tables = Annotated[list[int] | None, Query(description="Table numbers (repeat the parameter).")]
Event = Annotated[str | None, Query(max_length=MAX_NAME, description="The tables of this evening or tournament.")]
Day = Annotated[str | None, Query(max_length=10, description="The tables opened on this day (YYYY-MM-DD, UTC).")]
Since = Annotated[str | None, Query(max_length=10, description="The tables opened on this day or later.")]
Until = Annotated[str | None, Query(max_length=10, description="The tables opened on this day or earlier.")]


class Choice(BaseModel):
    """Which tables the standings are of (the selections combine)."""

    tables: list[int] | None = None
    event: str | None = None
    day: str | None = None
    since: str | None = None
    until: str | None = None
    include_imports: bool = False


def _choice(tables: Tables = None, event: Event = None, day: Day = None, since: Since = None,
            until: Until = None, include_imports: IncludeImports = False) -> Choice:
    return Choice(tables=tables, event=event, day=day, since=since, until=until, include_imports=include_imports)


Chosen = Annotated[Choice, Depends(_choice)]


def _standings(keeper: Keeper, chosen: Choice) -> Standings:
    return keeper.standings(chosen.tables or (), event=chosen.event, day=chosen.day, since=chosen.since,
                            until=chosen.until, imports=chosen.include_imports)


@router.get("/api/standings", responses=NOT_FOUND)
def standings(keeper: Keeper, chosen: Chosen) -> StandingsModel:
    """The standings of the tables chosen: table points 4/2/1/0 by session score (ties share the
    places' points), then total score, then hands won."""
    found = standings_to_dict(_standings(keeper, chosen))
    rounds = Tournaments(keeper).tables_of_rounds([table["id"] for table in found["tables"]])
    for table in found["tables"]:
        seat = rounds.get(table["id"])
        table["round"] = None if seat is None else {"tournament": seat.tournament, "round": seat.round,
                                                    "number": seat.number}
    return StandingsModel.model_validate(found)


class CsvResponse(PlainTextResponse):
    """A CSV answer (the schema says ``text/csv``)."""

    media_type = "text/csv"


@router.get("/api/standings.csv", response_class=CsvResponse, responses=NOT_FOUND)
def standings_csv(keeper: Keeper, chosen: Chosen) -> CsvResponse:
    """The standings as CSV, one line per person, for a spreadsheet."""
    return CsvResponse(standings_to_csv(_standings(keeper, chosen)),
                       headers={"Content-Disposition": 'attachment; filename="standings.csv"'})
