"""The tables part of the HTTP API: everything ``mjscore table ...`` does, over the scorekeeper's
service layer (:class:`mjscore.scorekeeper.Scorekeeper`).

A table is answered as its export (:func:`mjscore.scorekeeper.exchange.view_to_dict`): settings,
entries, the deal now (round wind, dealer, streak), balances and the history as it was settled: its
last 100 entries (``?limit=K``, ``?before=N`` for the K before entry N; ``page`` says which an answer
holds; ``GET /api/tables/{id}/export`` has them all), or with ``?since_version=N`` only the entries
changed since version N. Reading a page costs the same however long the history before it. Every change carries the
``expected_version`` the client read, a ``request_id`` it made up, or both (a change with neither is
refused with 422): if another client changed the table since, the change is refused with 409, so the
same hand sent from two phones is recorded once; a change whose ``request_id`` was already recorded
is answered with the table as it is (``"replayed": true``) and not recorded again, so a retry after
a lost answer is safe.

A page showing a table follows it live (``GET /api/tables/{id}/live``, server-sent events): the
server reads the table's version a few times a second (one small query, the same on SQLite and
PostgreSQL) and, when it moves, sends what changed since the version the page had.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from functools import partial
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError
from starlette.applications import Starlette

from mjscore.errors import NoSuchTableError, Refusal, TableError, TamperedTableError, quoted
from mjscore.interfaces.web.answers import CSVResponse, LogLine, RescoreAnswer, TableAnswer
from mjscore.interfaces.web.errors import BODY_ERRORS, NOT_FOUND, STALE, ErrorBody
from mjscore.interfaces.web.scoring_api import Lang
from mjscore.interfaces.web.watching import watchers
from mjscore.record import HandRecord
from mjscore.rulesets import get_ruleset, preset, presets_of
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.exchange import (
    import_export,
    log_to_dict,
    signed_export,
    stored_to_dict,
    view_to_csv,
    view_to_dict,
)
from mjscore.scorekeeper.model import MAX_EVENT_COUNT, MAX_NAME, MAX_REQUEST_ID
from mjscore.scorekeeper.service import PAGE
from mjscore.scorekeeper.sessions import SessionRule
from mjscore.scorekeeper.tournaments import Tournaments
from mjscore.scorekeeper.view import TableView
from mjscore.scoring.house_rules import read_house_rules

router = APIRouter(prefix="/api/tables", tags=["tables"])
ERRORS = {**BODY_ERRORS, **NOT_FOUND, **STALE}


def keeper(request: Request) -> Scorekeeper:
    """The app's scorekeeper (opened by :func:`mjscore.interfaces.web.app.create_app`)."""
    found: Scorekeeper = request.app.state.keeper
    return found


Keeper = Annotated[Scorekeeper, Depends(keeper)]


def actor(request: Request) -> str:
    """Who makes a change over HTTP: the device's session name where it joined, and its address."""
    address = request.client.host if request.client else "unknown address"
    device = getattr(request.state, "device", None)
    return f"web {device} ({address})" if device else f"web {address}"


Actor = Annotated[str, Depends(actor)]


def client(request: Request) -> str:
    """Whom the limit of tables an hour counts: the client's address, whatever device name it joined
    under (a device that joins again under another name is the same client)."""
    return f"web {request.client.host if request.client else 'unknown address'}"


Client = Annotated[str, Depends(client)]
SinceVersion = Annotated[int | None, Query(ge=0, description="Only the entries changed after this version.")]
Limit = Annotated[int, Query(ge=0, le=1000, description="How many entries of the history to list, the last first.")]
Before = Annotated[int | None, Query(ge=1, description="List the entries before this one (default: to the last).")]


class NewTable(BaseModel):
    """A new table: four players, East (the first dealer) first, then South, West, North."""

    model_config = ConfigDict(extra="forbid", strict=True)
    players: list[Annotated[str, Field(max_length=MAX_NAME)]] = Field(min_length=4, max_length=4)
    name: str = Field("", max_length=MAX_NAME)
    ruleset: str = "lrc"
    house_rules: dict[str, Any] = Field(
        default_factory=dict, description="As in POST /api/score; 'stake' is the money a point (or tai) is worth.")
    preset: str | None = Field(None, max_length=60, description=(
        "A preset of the ruleset (GET /api/rulesets lists them): its house rules, under those of house_rules."))
    base_money: str = Field(default="0", max_length=20, description=(
        "Money each payment of a hand carries (底); 0: the ruleset's (50 at the taiwan table)."))
    request_id: str | None = Field(
        None, min_length=1, max_length=MAX_REQUEST_ID,
        description="Any text unique to this request: sent again, it opens no second table.")
    event: str | None = Field(None, max_length=MAX_NAME, description="The evening or tournament it counts in.")
    session_hands: int | None = Field(None, description="The session's hands (e.g. 16); then no more are recorded.")
    session_minutes: int | None = Field(None, description="The session's time limit: no hand begins after it.")


class Change(BaseModel):
    """What every change carries: the version the client read, a request id it made up, or both."""

    model_config = ConfigDict(extra="forbid", strict=True)
    expected_version: int | None = Field(
        None, description="The table's version as the client read it; refused with 409 if it changed since.")
    request_id: str | None = Field(
        None, min_length=1, max_length=MAX_REQUEST_ID,
        description="Any text unique to this change (a random id): sent again, the change is recorded once.")

    @model_validator(mode="after")
    def _guarded(self) -> Change:
        if self.expected_version is None and self.request_id is None:
            raise PydanticCustomError("version_or_request_id", "send expected_version or request_id with every change, "
                                      "so that a retry is not recorded twice")
        return self


class Correctable(Change):
    correct: int | None = Field(None, ge=1, description="Replace entry N of the history instead of adding one.")


class WinRequest(Correctable):
    """A won hand. The winner and discarder are player names, or the record's seat and discarder
    seat winds; the record may state the table's own fields (ruleset, round, dealer streak) only if
    they agree with the table."""

    hand: HandRecord
    winner: str | None = Field(None, max_length=MAX_NAME)
    discarder: str | None = Field(None, max_length=MAX_NAME)


class DrawRequest(Correctable):
    """A drawn hand. At a table that keeps points (riichi's): the players tenpai when the wall ran
    out, or an abortive draw (where the game has them)."""

    tenpai: list[Annotated[str, Field(max_length=MAX_NAME)]] = Field(
        default_factory=list, max_length=4, description="The players tenpai (a table that keeps points).")
    abortive: bool = Field(False, description="Called off before the wall ran out (a table that keeps points).")


class RiichiRequest(Correctable):
    """A riichi (ready declaration) at a table that keeps points: the player's stick goes on the table."""

    player: str = Field(max_length=MAX_NAME)


class EventRequest(Correctable):
    """A table payment when it happens (a concealed gong declared, a penalty...)."""

    event: str = Field(max_length=60, description="The id of one of the ruleset's table payments.")
    player: str = Field(max_length=MAX_NAME, description="Who it names: who collects, or who pays a penalty.")
    count: int = Field(1, ge=1, le=MAX_EVENT_COUNT)


class RoundTable(BaseModel):
    """Where a table sits in a tournament: the tournament, the round, the table's number in the round
    (a page names the table in its own language: 第 2 轮第 1 桌)."""

    tournament: str
    round: int
    number: int


class TableLine(BaseModel):
    id: int
    name: str
    ruleset: str
    players: list[str]
    entries: int
    version: int
    problem: str | None = Field(None, description="Why the table cannot be read (a row edited by hand); absent if it can.")
    round: RoundTable | None = Field(None, description="The tournament round the table is a table of; absent if none.")


#: How often a live view with no news says it is still there (a ``beat`` event): a page that hears
#: nothing for longer knows its connection was cut (a phone whose Wi-Fi dropped sees no error) and
#: opens a new one.
LIVE_BEAT_SECONDS = 3.0


def end_live_streams(app: Starlette) -> None:
    """Ask every live stream of ``app`` to end at its next tick: a stopping server waits for its
    answers to end, and a live stream never ends by itself (``mjscore serve`` calls this on Ctrl+C)."""
    app.state.live_streams_ending = True


def _ending(request: Request) -> bool:
    return bool(getattr(request.app.state, "live_streams_ending", False))


def existing_table(table_id: int, keeper: Keeper) -> TableView:
    """The table, read before a stream starts, so that a table that does not exist is a 404."""
    return keeper.page(table_id, last=PAGE)


#: The most tables the API opens in an hour by default (an anonymous client once opened 480 junk tables).
MAX_TABLES_PER_HOUR = 30


@router.get("", response_model_exclude_none=True)
def list_tables(keeper: Keeper) -> list[TableLine]:
    """Every table, oldest first; a tournament's table says its round and number."""
    rounds = Tournaments(keeper).tables_of_rounds()
    return [TableLine(id=t.id, name=t.name, ruleset=t.ruleset, players=list(t.players), entries=t.entries,
                      version=t.version, problem=t.problem,
                      round=None if t.id not in rounds else RoundTable(tournament=rounds[t.id].tournament,
                                                                       round=rounds[t.id].round,
                                                                       number=rounds[t.id].number))
            for t in keeper.tables()]


#: The answer of a device that reached the tables-per-hour limit.
TOO_MANY: dict[int | str, dict[str, Any]] = {
    429: {"model": ErrorBody, "description": "This device opened the most tables the server allows in an hour."}}


@router.post("", status_code=201, response_model=TableAnswer, response_model_exclude_unset=True,
             responses={**BODY_ERRORS, **TOO_MANY})
def create_table(request: NewTable, http: Request, keeper: Keeper, who: Actor, by: Client,
                 lang: Lang = "en") -> dict[str, Any]:
    """Open a new table (at most 30 an hour from one client address, unless the server says otherwise)."""
    house_rules = request.house_rules
    if request.preset is not None:
        if request.preset not in presets_of(request.ruleset):
            raise TableError(Refusal("not_a_preset", preset=quoted(request.preset), ruleset=quoted(request.ruleset),
                                     ruleset_name=get_ruleset(request.ruleset).name,
                                     presets=", ".join(presets_of(request.ruleset)) or "none"))
        house_rules = {**read_house_rules(preset(request.preset)), **house_rules}
    settings = TableSettings.of(request.name, request.players, request.ruleset, house_rules, request.base_money)
    session = SessionRule.of(request.session_hands, request.session_minutes, request.event)
    view = keeper.create_table(settings, actor=who, max_per_hour=http.app.state.max_tables_per_hour, client=by,
                               request_id=request.request_id, session_rule=session)
    return view_to_dict(view, lang, last=PAGE)


@router.post("/import", status_code=201, response_model=TableAnswer, response_model_exclude_unset=True,
             responses={**BODY_ERRORS, **TOO_MANY})
def import_table(exported: dict[str, Any], http: Request, keeper: Keeper, who: Actor, by: Client, lang: Lang = "en",
                 if_altered: Annotated[Literal["refuse", "mark"], Query(
                     description="An export changed since this server signed it: refuse it (422), or import it "
                                 "marked as altered.")] = "refuse") -> dict[str, Any]:
    """A new table from an exported one (``GET /api/tables/{id}/export``): same players, rules and
    history, settled again under the current engine. ``imported`` says whether the export is the
    club's unaltered record (``unaltered``: signed with this server's ledger key), ``altered`` or
    ``unverified`` (not signed by this server); the last two are marked so in the table's log."""
    view, found = import_export(keeper, exported, who, if_altered, http.app.state.max_tables_per_hour, by)
    return {**view_to_dict(view, lang, last=PAGE), "imported": found}


@router.get("/{table_id}/export", response_model=TableAnswer, response_model_exclude_unset=True, responses=NOT_FOUND)
def export_table(table_id: int, keeper: Keeper, lang: Lang = "en", as_stored: Annotated[bool, Query(description=(
        "A table changed outside mjscore: export it as its rows stand, with every finding (tampered), unsigned."))]
                 = False) -> dict[str, Any]:
    """The table's JSON export: the table as ``GET /api/tables/{id}`` answers it, with its origin, its
    hash chain and the signature of the whole under the server's ledger key, which ``POST
    /api/tables/import`` checks. With ``as_stored``, a tampered table as its rows stand, marked."""
    if as_stored:
        found = keeper.inspect(table_id)
        if found.view is None:
            raise TamperedTableError(f"table {table_id}: its rows make no history: {found.findings[-1]}")
        return stored_to_dict(found, lang)
    return signed_export(view_to_dict(keeper.table(table_id), lang), keeper.chain(table_id), keeper, table_id)


@router.get("/{table_id}", response_model=TableAnswer, response_model_exclude_unset=True, responses=NOT_FOUND)
def show_table(table_id: int, keeper: Keeper, lang: Lang = "en", since_version: SinceVersion = None,
               limit: Limit = PAGE, before: Before = None) -> dict[str, Any]:
    """The table: settings, the deal now, balances, and its last ``limit`` entries (before entry
    ``before``) with their history; ``page`` names them when they are not all the table's. A table
    that lists every entry is also a JSON export, which ``POST /api/tables/import`` reads back."""
    view = keeper.page(table_id, last=limit, before=before, since_version=since_version)
    return view_to_dict(view, lang, since_version, last=limit)


@router.get("/{table_id}/log", response_model=list[LogLine], responses=NOT_FOUND)
def table_log(table_id: int, keeper: Keeper) -> list[dict[str, Any]]:
    """Every change ever made to the table, oldest first: when (UTC), by whom, what (change 0:
    the table was opened)."""
    return log_to_dict(keeper.page(table_id, last=0), keeper.log(table_id))


@router.get("/{table_id}/export.csv", response_class=CSVResponse, responses=NOT_FOUND)
def export_csv(table_id: int, keeper: Keeper) -> CSVResponse:
    """The history as CSV, one row per entry, for a spreadsheet."""
    view = keeper.table(table_id)
    return CSVResponse(view_to_csv(view), headers={"Content-Disposition": f'attachment; filename="table-{table_id}.csv"'})


@router.post("/{table_id}/wins", response_model=TableAnswer, response_model_exclude_unset=True, responses=ERRORS)
def record_win(table_id: int, request: WinRequest, keeper: Keeper, who: Actor, lang: Lang = "en",
               since_version: SinceVersion = None) -> dict[str, Any]:
    """Record a won hand (scored by the engine in the table's context), or correct entry N."""
    record = request.hand.model_dump(exclude_unset=True)
    view = keeper.record_win(table_id, record, request.winner, request.discarder, correct=request.correct,
                             expected_version=request.expected_version, request_id=request.request_id, actor=who)
    return view_to_dict(view, lang, since_version, last=PAGE)


@router.post("/{table_id}/draws", response_model=TableAnswer, response_model_exclude_unset=True, responses=ERRORS)
def record_draw(table_id: int, request: DrawRequest, keeper: Keeper, who: Actor, lang: Lang = "en",
                since_version: SinceVersion = None) -> dict[str, Any]:
    """Record a drawn hand (the wall ran out; at a riichi table, with the players tenpai, or an
    abortive draw), or correct entry N."""
    view = keeper.record_draw(table_id, tenpai=request.tenpai, abortive=request.abortive, correct=request.correct,
                              expected_version=request.expected_version, request_id=request.request_id, actor=who)
    return view_to_dict(view, lang, since_version, last=PAGE)


@router.post("/{table_id}/riichi", response_model=TableAnswer, response_model_exclude_unset=True, responses=ERRORS)
def record_riichi(table_id: int, request: RiichiRequest, keeper: Keeper, who: Actor, lang: Lang = "en",
                  since_version: SinceVersion = None) -> dict[str, Any]:
    """Record a riichi at a table that keeps points (the player's stick goes on the table), or correct entry N."""
    view = keeper.record_riichi(table_id, request.player, correct=request.correct,
                                expected_version=request.expected_version, request_id=request.request_id, actor=who)
    return view_to_dict(view, lang, since_version, last=PAGE)


@router.post("/{table_id}/events", response_model=TableAnswer, response_model_exclude_unset=True, responses=ERRORS)
def record_event(table_id: int, request: EventRequest, keeper: Keeper, who: Actor, lang: Lang = "en",
                 since_version: SinceVersion = None) -> dict[str, Any]:
    """Record a table payment when it happens, or correct entry N."""
    view = keeper.record_event(table_id, request.event, request.player, request.count, correct=request.correct,
                               expected_version=request.expected_version, request_id=request.request_id, actor=who)
    return view_to_dict(view, lang, since_version, last=PAGE)


@router.post("/{table_id}/undo", response_model=TableAnswer, response_model_exclude_unset=True, responses=ERRORS)
def undo(table_id: int, request: Change, keeper: Keeper, who: Actor, lang: Lang = "en",
         since_version: SinceVersion = None) -> dict[str, Any]:
    """Void the last entry of the history (it stays in the table's log)."""
    view = keeper.undo(table_id, expected_version=request.expected_version, request_id=request.request_id, actor=who)
    return view_to_dict(view, lang, since_version, last=PAGE)


@router.post("/{table_id}/rescore", response_model=RescoreAnswer, response_model_exclude_unset=True, responses=ERRORS)
def rescore(table_id: int, request: Change, keeper: Keeper, who: Actor, lang: Lang = "en",
            since_version: SinceVersion = None,
            dry_run: Annotated[bool, Query(description="List the entries that would change; change nothing.")] = False,
            ) -> dict[str, Any]:
    """Score every entry again under the current ruleset and engine; ``rescored`` lists the entries
    whose result changed, or with ``dry_run`` would change (entries are pinned when recorded: only
    this re-scores them)."""
    view, changed = keeper.rescore(table_id, expected_version=request.expected_version, request_id=request.request_id,
                                   actor=who, dry_run=dry_run)
    return {**view_to_dict(view, lang, since_version, last=PAGE), "rescored": changed}


#: A live stream's refusals are JSON, not events.
LIVE_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"description": "No such table." if status == 404 else "A bad since_version or Last-Event-ID.",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}}
    for status in (404, 422)}


@router.get("/{table_id}/live", response_class=EventSourceResponse, responses=LIVE_ERRORS)
async def live(table_id: int, request: Request, keeper: Keeper, view: Annotated[TableView, Depends(existing_table)],
               lang: Lang = "en", since_version: SinceVersion = None,
               last_event_id: Annotated[int | None, Header(ge=0, description=(
                   "Sent by the browser when it reconnects: the version of the last event it had."))] = None,
               ) -> AsyncIterator[ServerSentEvent]:
    """The table as it changes, as server-sent events (``EventSource``). Each ``table`` event is the
    table as ``GET /api/tables/{id}?since_version=N`` answers it, N being the version the page had
    (``since_version``, or the last event's id when the browser reconnects), and its id is the new
    version. The first event comes at once when the table has moved past that version (without
    either, the whole table); then one each time it changes, and a ``beat`` event (no data) every
    three seconds without one, so that a page can tell a quiet table from a cut connection. The
    stream ends if the table is deleted, or when the server stops."""
    known = last_event_id if last_event_id is not None else since_version
    tables = watchers(keeper, keeper.version)  # one watcher per table, whatever the number of phones

    def answer(since: int | None) -> tuple[int, str]:
        """The table's change since version ``since`` as the event's version and text (one for every
        stream that had that version: :meth:`~mjscore.interfaces.web.watching.Watchers.shared`)."""
        changed = keeper.page(table_id, since_version=since)
        return changed.version, json.dumps(view_to_dict(changed, lang, since, last=PAGE), ensure_ascii=False,
                                           separators=(",", ":"))

    try:
        version, data = view.version, json.dumps(view_to_dict(view, lang, None, last=PAGE), ensure_ascii=False,
                                                 separators=(",", ":"))
        if known is not None and view.version != known:  # what changed since, however far back
            version, data = await tables.shared((table_id, view.version, known, lang), partial(answer, known))
        while True:
            if version != known:
                yield ServerSentEvent(event="table", id=str(version), raw_data=data)
                known = version
            while True:  # the table's next version; a beat for each quiet LIVE_BEAT_SECONDS before it
                quiet_until = time.monotonic() + LIVE_BEAT_SECONDS

                def beat_due(until: float = quiet_until) -> bool:
                    return _ending(request) or time.monotonic() >= until

                moved = await tables.changed(table_id, known, beat_due)
                if moved is not None:
                    break
                if _ending(request):
                    return
                yield ServerSentEvent(event="beat", data="")
            version, data = await tables.shared((table_id, moved, known, lang), partial(answer, known))
    except NoSuchTableError:
        return
