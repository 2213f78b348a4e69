"""The live table on both stores (SQLite and PostgreSQL): the version a live view polls moves with
every change, and ``GET /api/tables/{id}/live`` sends what changed since the version the page had,
driven through the app's ASGI interface (no server needed), so it runs on every backend here."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import anyio
from fastapi.testclient import TestClient
from keeper_hands import PLAIN

from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.tables_api import end_live_streams
from mjscore.scorekeeper import Scorekeeper, TableSettings

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]

T = TypeVar("T")


def _run(function: Callable[..., Awaitable[T]], *arguments: object) -> T:
    """``anyio.run`` in a thread of its own: a browser test earlier in this process (pytest-xdist gives a
    worker many files) leaves Playwright's event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, function, *arguments).result()


def test_the_version_moves_with_every_change(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS)).id
    assert keeper.version(table) == 0
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    keeper.record_draw(table)
    assert keeper.version(table) == 2 == keeper.table(table).version
    keeper.record_draw(table, correct=1)
    keeper.undo(table)
    assert keeper.version(table) == 4 == keeper.table(table).version


async def _events(app: Any, path: str, headers: dict[str, str], count: int,
                  meanwhile: Callable[[], Awaitable[None]]) -> tuple[int, list[dict[str, Any]], bool]:
    """GET ``path`` from the app until ``count`` server-sent events have come or the answer ends
    (running ``meanwhile`` once it has started), then hang up: the status, the events (event, id,
    data) and whether the server ended the answer."""
    status = 0
    text = ""
    ended = False
    started = anyio.Event()
    enough = anyio.Event()
    asked = False

    async def receive() -> dict[str, Any]:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await enough.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, text, ended
        if message["type"] == "http.response.start":
            status = message["status"]
            started.set()
        elif message["type"] == "http.response.body":
            text += message.get("body", b"").decode()
            ended = not message.get("more_body", False)
            if ended or text.count("\n\n") - text.count("event: beat") >= count:
                enough.set()

    target, _, query = path.partition("?")
    scope = {"type": "http", "http_version": "1.1", "method": "GET", "scheme": "http", "path": target,
             "raw_path": target.encode(), "query_string": query.encode(), "root_path": "",
             "headers": [(b"host", b"localhost"), *((k.encode(), v.encode()) for k, v in headers.items())],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80)}
    with anyio.fail_after(20):
        async with anyio.create_task_group() as group:
            group.start_soon(app, scope, receive, send)
            await started.wait()
            await meanwhile()
            await enough.wait()
    events = []
    tables = [block for block in text.strip().split("\n\n") if "event: beat" not in block]  # beats: see below
    for block in tables[:count]:
        fields = dict(line.split(": ", 1) for line in block.splitlines() if not line.startswith(":"))
        events.append({"event": fields.get("event"), "id": fields.get("id"), "data": json.loads(fields["data"])})
    return status, events, ended


def test_the_live_stream_sends_what_changed_since_the_pages_version(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS)).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    app = create_app(keeper)

    async def another_phone_records_a_draw() -> None:
        await anyio.to_thread.run_sync(lambda: keeper.record_draw(table))

    # A page at version 0: told at once about entry 1, then about the draw when it comes.
    status, events, _ = _run(_events, app, f"/api/tables/{table}/live?since_version=0", {}, 2,
                                  another_phone_records_a_draw)
    assert status == 200
    assert [(e["event"], e["id"]) for e in events] == [("table", "1"), ("table", "2")]
    first, second = events[0]["data"], events[1]["data"]
    assert [step["number"] for step in first["history"]] == [1] and first["history_since"] == 0
    assert first["history"][0]["summary"].startswith("Bob won on Cat's discard")
    assert [step["number"] for step in second["history"]] == [2] and second["history_since"] == 1
    assert second["length"] == 2 and second["version"] == 2

    # The browser reconnecting says the last event's id, which counts over since_version: nothing is
    # sent again until the next change.
    async def undo() -> None:
        await anyio.to_thread.run_sync(lambda: keeper.undo(table))

    status, events, _ = _run(_events, app, f"/api/tables/{table}/live?since_version=0&lang=zh-Hans",
                                  {"last-event-id": "2"}, 1, undo)
    assert status == 200
    assert events[0]["id"] == "3" and events[0]["data"]["history"] == [] and events[0]["data"]["length"] == 1


def test_the_live_streams_end_when_the_server_stops(keeper: Scorekeeper) -> None:
    """A stopping server waits for its answers to end: asked, a live stream ends at its next tick."""
    table = keeper.create_table(TableSettings.of("", PLAYERS)).id
    app = create_app(keeper)

    async def stop() -> None:
        end_live_streams(app)

    status, events, ended = _run(_events, app, f"/api/tables/{table}/live", {}, 2, stop)
    assert status == 200 and ended
    assert [(e["event"], e["id"], e["data"]["length"]) for e in events] == [("table", "0", 0)]


def test_a_live_stream_of_no_table_or_a_bad_event_id_is_a_4xx(keeper: Scorekeeper) -> None:
    client = TestClient(create_app(keeper), base_url="http://localhost")
    missing = client.get("/api/tables/99/live")
    assert missing.status_code == 404 and missing.json()["message"] == "there is no table 99"
    table = keeper.create_table(TableSettings.of("", PLAYERS)).id
    bad = client.get(f"/api/tables/{table}/live", headers={"last-event-id": "yesterday"})
    assert bad.status_code == 422 and "last-event-id" in bad.json()["message"]
    negative = client.get(f"/api/tables/{table}/live?since_version=-1")
    assert negative.status_code == 422 and "since_version" in negative.json()["message"]
    # The schema says so: events when it streams, a JSON error when it refuses (400: a Host this
    # server does not answer to, as for every operation; 503: a database that cannot be read now).
    answers = client.get("/api/openapi.json").json()["paths"]["/api/tables/{table_id}/live"]["get"]["responses"]
    assert {status: list(answer["content"]) for status, answer in answers.items()} == {
        "200": ["text/event-stream"], "400": ["application/json"], "404": ["application/json"],
        "422": ["application/json"], "503": ["application/json"]}



def test_a_quiet_live_stream_beats_every_three_seconds(keeper: Scorekeeper) -> None:
    """A page that hears nothing for longer than a beat knows its connection was cut (issue 29)."""
    table = keeper.create_table(TableSettings.of("", ["Ann", "Bo", "Cy", "Di"], "lrc")).id
    app = create_app(keeper)
    started = time.monotonic()
    text = _run(_raw, app, f"/api/tables/{table}/live?since_version=0", 2)
    assert text.count("event: beat") == 2 and "event: table" not in text
    assert 5.5 <= time.monotonic() - started < 9


async def _raw(app: Any, path: str, blocks: int) -> str:
    """The stream's text until it has ``blocks`` events, then hang up."""
    text = ""
    enough = anyio.Event()
    asked = False

    async def receive() -> dict[str, Any]:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await enough.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal text
        if message["type"] == "http.response.body":
            text += message.get("body", b"").decode()
            if text.count("\n\n") >= blocks:
                enough.set()

    target, _, query = path.partition("?")
    scope = {"type": "http", "http_version": "1.1", "method": "GET", "scheme": "http", "path": target,
             "raw_path": target.encode(), "query_string": query.encode(), "root_path": "",
             "headers": [(b"host", b"localhost")], "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80)}
    with anyio.fail_after(20):
        async with anyio.create_task_group() as group:
            group.start_soon(app, scope, receive, send)
            await enough.wait()
            group.cancel_scope.cancel()
    return text
