"""The tables part of the HTTP API: everything ``mjscore table ...`` does, over the scorekeeper's
service layer (:class:`mjscore.scorekeeper.Scorekeeper`).

A table is answered as its export (:func:`mjscore.scorekeeper.exchange.view_to_dict`): settings,
entries, the deal now (round wind, dealer, streak), balances and the replayed history. Every change
may carry the ``expected_version`` the client read; if another client changed the table since, the
change is refused with 409, so the same hand sent from two phones is recorded once.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from mjscore.hand import HandRecord
from mjscore.interfaces.web.errors import BODY_ERRORS, NOT_FOUND, STALE
from mjscore.interfaces.web.scoring_api import Lang
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.exchange import table_from_dict, view_to_csv, view_to_dict

router = APIRouter(prefix="/api/tables", tags=["tables"])
ERRORS = {**BODY_ERRORS, **NOT_FOUND, **STALE}


def keeper(request: Request) -> Scorekeeper:
    """The app's scorekeeper (opened by :func:`mjscore.interfaces.web.app.create_app`)."""
    found: Scorekeeper = request.app.state.keeper
    return found


Keeper = Annotated[Scorekeeper, Depends(keeper)]


class NewTable(BaseModel):
    """A new table: four players, East (the first dealer) first, then South, West, North."""

    model_config = ConfigDict(extra="forbid")
    players: list[Annotated[str, Field(max_length=60)]] = Field(min_length=4, max_length=4)
    name: str = Field("", max_length=200)
    ruleset: str = "lrc"
    house_rules: dict[str, Any] = Field(
        default_factory=dict, description="As in POST /api/score; 'stake' is the money a point (or tai) is worth.")
    base_money: str = Field(default="0", max_length=20, description="Money each payer adds to a hand (Four Winds' base).")


class Change(BaseModel):
    """What every change may carry."""

    model_config = ConfigDict(extra="forbid")
    expected_version: int | None = Field(
        None, description="The table's version as the client read it; refused with 409 if it changed since.")


class Correctable(Change):
    correct: int | None = Field(None, ge=1, description="Replace entry N of the history instead of adding one.")


class WinRequest(Correctable):
    """A won hand. The winner and discarder are player names, or the record's seat and discarder
    seat winds; the record may state the table's own fields (ruleset, round, dealer streak) only if
    they agree with the table."""

    hand: HandRecord
    winner: str | None = Field(None, max_length=60)
    discarder: str | None = Field(None, max_length=60)


class EventRequest(Correctable):
    """A table payment when it happens (a concealed gong declared, a penalty...)."""

    event: str = Field(max_length=60, description="The id of one of the ruleset's table payments.")
    player: str = Field(max_length=60, description="Who it names: who collects, or who pays a penalty.")
    count: int = Field(1, ge=1, le=16)


class TableLine(BaseModel):
    id: int
    name: str
    ruleset: str
    players: list[str]
    entries: int
    version: int


@router.get("")
def list_tables(keeper: Keeper) -> list[TableLine]:
    """Every table, oldest first."""
    return [TableLine(id=t.id, name=t.name, ruleset=t.ruleset, players=list(t.players), entries=t.entries,
                      version=t.version) for t in keeper.tables()]


@router.post("", status_code=201, responses=BODY_ERRORS)
def create_table(request: NewTable, keeper: Keeper, lang: Lang = "en") -> dict[str, Any]:
    """Open a new table."""
    settings = TableSettings.of(request.name, request.players, request.ruleset, request.house_rules, request.base_money)
    return view_to_dict(keeper.create_table(settings), lang)


@router.post("/import", status_code=201, responses=BODY_ERRORS)
def import_table(exported: dict[str, Any], keeper: Keeper, lang: Lang = "en") -> dict[str, Any]:
    """A new table from an exported one (``GET /api/tables/{id}``): same players, rules and history."""
    settings, entries = table_from_dict(exported)
    return view_to_dict(keeper.create_table(settings, entries), lang)


@router.get("/{table_id}", responses=NOT_FOUND)
def show_table(table_id: int, keeper: Keeper, lang: Lang = "en") -> dict[str, Any]:
    """The table: settings, entries, the deal now, balances and history. It is also the JSON export,
    which ``POST /api/tables/import`` reads back."""
    return view_to_dict(keeper.table(table_id), lang)


@router.get("/{table_id}/export.csv", response_class=PlainTextResponse, responses=NOT_FOUND)
def export_csv(table_id: int, keeper: Keeper) -> PlainTextResponse:
    """The history as CSV, one row per entry, for a spreadsheet."""
    view = keeper.table(table_id)
    return PlainTextResponse(view_to_csv(view), media_type="text/csv; charset=utf-8",
                             headers={"Content-Disposition": f'attachment; filename="table-{table_id}.csv"'})


@router.post("/{table_id}/wins", responses=ERRORS)
def record_win(table_id: int, request: WinRequest, keeper: Keeper, lang: Lang = "en") -> dict[str, Any]:
    """Record a won hand (scored by the engine in the table's context), or correct entry N."""
    record = request.hand.model_dump(exclude_unset=True)
    view = keeper.record_win(table_id, record, request.winner, request.discarder, correct=request.correct,
                             expected_version=request.expected_version)
    return view_to_dict(view, lang)


@router.post("/{table_id}/draws", responses=ERRORS)
def record_draw(table_id: int, request: Correctable, keeper: Keeper, lang: Lang = "en") -> dict[str, Any]:
    """Record a drawn hand (the wall ran out), or correct entry N."""
    view = keeper.record_draw(table_id, correct=request.correct, expected_version=request.expected_version)
    return view_to_dict(view, lang)


@router.post("/{table_id}/events", responses=ERRORS)
def record_event(table_id: int, request: EventRequest, keeper: Keeper, lang: Lang = "en") -> dict[str, Any]:
    """Record a table payment when it happens, or correct entry N."""
    view = keeper.record_event(table_id, request.event, request.player, request.count, correct=request.correct,
                               expected_version=request.expected_version)
    return view_to_dict(view, lang)


@router.post("/{table_id}/undo", responses=ERRORS)
def undo(table_id: int, request: Change, keeper: Keeper, lang: Lang = "en") -> dict[str, Any]:
    """Remove the last entry of the history."""
    return view_to_dict(keeper.undo(table_id, expected_version=request.expected_version), lang)
