"""The OpenAPI schema says what the API sends (issue 15): every operation answers a typed model,
every error is the one JSON shape of errors.py under the statuses it is sent with, the CSV export is
``text/csv`` with a file name, and every 405 names the methods the path takes. The schema is walked,
then every operation is called, with good and bad requests (some made up by Hypothesis), and each
answer is checked against what the schema documents for its status."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.app import PAGES
from mjscore.interfaces.web.security import Access
from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.tournaments import Tournaments

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE: dict[str, Any] = json.loads((ROOT / "examples" / "hand.json").read_text(encoding="utf-8"))
# South wins on West's discard (tests/test_web_api.py: PLAIN_WIN, 8 points under LRC).
HAND = {"seat": "S", "round": "E", "concealed": "123m 456m 789p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
        "win_tile": "8s", "win": "discard", "discarder": "W"}
ERROR = {"$ref": "#/components/schemas/ErrorBody"}


@pytest.fixture(scope="module")
def keeper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scorekeeper]:
    opened = Scorekeeper.open(f"sqlite:///{tmp_path_factory.mktemp('openapi') / 'tables.sqlite3'}")
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def client(keeper: Scorekeeper) -> TestClient:
    """A club server (a passphrase), so the schema lists the 401 of a device that has not joined;
    the test client is on loopback and has joined."""
    joined = TestClient(create_app(keeper, access=Access.of([], "east wind"), max_tables_per_hour=1000),
                        base_url="http://localhost")
    assert joined.post("/api/session", json={"passphrase": "east wind", "device": "test"}).status_code == 200
    return joined


@pytest.fixture(scope="module")
def spec(client: TestClient) -> dict[str, Any]:
    schema: dict[str, Any] = client.get("/api/openapi.json").json()
    return schema


def operations(spec: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            yield path, method.upper(), operation


def refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def test_every_operation_answers_a_typed_model(spec: dict[str, Any]) -> None:
    components = spec["components"]["schemas"]
    untyped = []
    for path, method, operation in operations(spec):
        [(status, success)] = [(s, r) for s, r in operation["responses"].items() if s.startswith("2")]
        [(media, content)] = success["content"].items()
        if media == "text/event-stream":  # the live table: server-sent events, each the table's answer
            assert "itemSchema" in content and "GET /api/tables/{id}" in operation["description"], (method, path)
            continue
        schema = content["schema"]
        if media == "text/csv":
            assert schema == {"type": "string"}
            continue
        assert media == "application/json", (method, path, media)
        model = schema.get("items", schema)  # a list of a model
        if "$ref" not in model or "properties" not in components[model["$ref"].rsplit("/", 1)[1]]:
            untyped.append(f"{method} {path}")
    assert untyped == []
    assert len(list(operations(spec))) >= 16


def test_every_error_is_documented_as_it_is_sent(spec: dict[str, Any]) -> None:
    for path, method, operation in operations(spec):
        responses = operation["responses"]
        errors = {status for status in responses if status.startswith(("4", "5"))}
        for status in errors:
            assert responses[status]["content"] == {"application/json": {"schema": ERROR}}, (method, path, status)
            assert responses[status]["description"], (method, path, status)
        expected = {"400"}  # any request: a Host this server does not answer to
        if "requestBody" in operation:
            expected |= {"413", "422"}
        if method != "GET":
            expected.add("403")  # a change sent from another site
        if any(p["in"] in ("path", "query") for p in operation.get("parameters", [])):
            expected.add("422")
        if "{" in path:
            expected.add("404")
        if path.startswith(("/api/tables", "/api/players", "/api/standings")):
            expected.add("401")  # a device that has not joined the club's server
        if method == "POST" and path in ("/api/tables", "/api/tables/import"):
            expected.add("429")  # the device opened the most tables it may in an hour
        if "expected_version" in json.dumps(operation.get("requestBody", {})) or path.endswith(("/undo", "/rescore")):
            expected.add("409")
        assert expected <= errors, (method, path, sorted(expected - errors))
    schemas = spec["components"]["schemas"]
    assert "HTTPValidationError" not in schemas and "ValidationError" not in schemas
    assert set(schemas["ErrorBody"]["required"]) == {"message", "type"}
    for ref in refs(spec):
        assert ref.rsplit("/", 1)[1] in schemas, ref


def test_the_csv_export_is_a_csv_file(client: TestClient) -> None:
    table = client.post("/api/tables", json={"players": ["Ann", "Bo", "Cy", "Di"], "request_id": "csv"}).json()
    answer = client.get(f"/api/tables/{table['id']}/export.csv")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.headers["content-disposition"] == f'attachment; filename="table-{table["id"]}.csv"'
    missing = client.get("/api/tables/9999/export.csv")
    assert missing.status_code == 404 and missing.headers["content-type"] == "application/json"


def test_every_405_says_which_methods_the_path_takes(client: TestClient, spec: dict[str, Any]) -> None:
    paths = {path: {method.upper() for method in methods} for path, methods in spec["paths"].items()}
    paths.update({page: {"GET"} for page in PAGES})
    paths.update({"/api/docs": {"GET"}, "/api/openapi.json": {"GET", "HEAD"}})
    templates = [(re.compile("^" + re.sub(r"\{\w+\}", "[^/]+", path) + "$"), methods) for path, methods in paths.items()]
    for path in paths:
        concrete = path.replace("{table_id}", "1").replace("{ruleset_id}", "lrc")
        # /api/tables/import is also /api/tables/{table_id} to the router (a GET is answered 422)
        methods = set().union(*(m for pattern, m in templates if pattern.match(concrete)))
        wrong = next(m for m in ("DELETE", "PUT", "PATCH") if m not in methods)
        answer = client.request(wrong, concrete)
        assert answer.status_code == 405, (wrong, path)
        assert set(answer.headers["allow"].split(", ")) == methods, (wrong, path, answer.headers["allow"])
        assert answer.json()["type"] == "MethodNotAllowed"
    static = client.delete("/static/app.css")
    assert static.status_code == 405 and static.headers["allow"] == "GET, HEAD"


# ----- every operation's answers match the schema


def check(spec: dict[str, Any], method: str, path: str, answer: Any) -> None:
    """``answer`` is one the schema documents for ``method path``: its status is listed, and its
    body matches the schema of that status."""
    responses = spec["paths"][path][method.lower()]["responses"]
    status = str(answer.status_code)
    assert status in responses, (method, path, status, answer.text[:200])
    [(media, content)] = responses[status]["content"].items()
    assert answer.headers["content-type"].split(";")[0] == media, (method, path, status)
    body = answer.text if media == "text/csv" else answer.json()
    jsonschema.validate(body, {**content["schema"], "components": spec["components"]},
                        cls=jsonschema.Draft202012Validator)


def calls(table: int) -> list[tuple[str, str, str, dict[str, Any] | None]]:
    """(method, documented path, URL, body): a good and a bad request for every operation."""
    t = f"/api/tables/{table}"
    win = {"hand": HAND, "request_id": "win-1"}
    return [
        ("POST", "/api/score", "/api/score", {"hand": EXAMPLE}),
        ("POST", "/api/score", "/api/score?lang=zh-Hant", {"hand": {**HAND, "ruleset": "mcr", "flowers": "1f"}}),
        ("POST", "/api/score", "/api/score", {"hand": {**HAND, "win_tile": "1s"}}),
        ("POST", "/api/score/batch", "/api/score/batch", {"hands": [EXAMPLE, {"seat": "X"}]}),
        ("POST", "/api/waits", "/api/waits", {"hand": {**HAND, "win_tile": None}}),
        ("POST", "/api/waits", "/api/waits", {"hand": {**HAND, "concealed": "1m"}}),
        ("POST", "/api/notation", "/api/notation", {"text": "123m 456m 789p 67s 99p [CCC] 2f 6f +8s"}),
        ("POST", "/api/notation", "/api/notation", {"text": "123m [124m]"}),
        ("POST", "/api/share", "/api/share", {"hand": HAND}),
        ("POST", "/api/share", "/api/share", {"hand": {**HAND, "seat": "Q"}}),
        ("GET", "/api/share", "/api/share?query=tiles%3D123m%26win%3Ddiscard", None),
        ("GET", "/api/share", "/api/share?query=seat%3DS", None),
        ("GET", "/api/tiles", "/api/tiles", None),
        ("GET", "/api/rulesets", "/api/rulesets", None),
        ("GET", "/api/rulesets/{ruleset_id}", "/api/rulesets/taiwan?lang=zh-Hans", None),
        ("GET", "/api/rulesets/{ruleset_id}", "/api/rulesets/nope", None),
        ("GET", "/api/rulesets/{ruleset_id}", "/api/rulesets/mcr?lang=fr", None),
        ("POST", "/api/analyse", "/api/analyse", {"concealed": "123m 456m 789p 67s 99p 12s", "win_tile": "5s"}),
        ("POST", "/api/analyse", "/api/analyse", {"concealed": "123m 456m 789p 67s 99p 12s"}),
        ("GET", "/api/tables", "/api/tables", None),
        ("POST", "/api/tables", "/api/tables", {"players": ["A", "B", "C", "D"], "house_rules": {"stake": "0.5"},
                                                "request_id": "stake"}),
        ("POST", "/api/tables", "/api/tables", {"players": ["A", "B"]}),
        ("POST", "/api/tables/{table_id}/wins", f"{t}/wins", win),
        ("POST", "/api/tables/{table_id}/wins", f"{t}/wins", win),  # replayed
        ("POST", "/api/tables/{table_id}/wins", f"{t}/wins", {"hand": HAND, "expected_version": 0}),  # stale
        ("POST", "/api/tables/{table_id}/draws", f"{t}/draws?since_version=1", {"request_id": "draw-1"}),
        ("POST", "/api/tables/{table_id}/draws", f"{t}/draws", {}),
        ("POST", "/api/tables/{table_id}/events", f"{t}/events", {"event": "concealed_gong_collection", "player": "Bo",
                                                                  "request_id": "gong"}),
        ("POST", "/api/tables/{table_id}/events", f"{t}/events", {"event": "nope", "player": "Bo",
                                                                  "request_id": "nope"}),
        ("POST", "/api/tables/{table_id}/undo", f"{t}/undo", {"request_id": "undo-1"}),
        ("POST", "/api/tables/{table_id}/rescore", f"{t}/rescore", {"request_id": "rescore-1"}),
        ("GET", "/api/tables/{table_id}", t, None),
        ("GET", "/api/tables/{table_id}", f"{t}?since_version=2&lang=zh-Hans", None),
        ("GET", "/api/tables/{table_id}", "/api/tables/9999", None),
        ("GET", "/api/tables/{table_id}", "/api/tables/abc", None),
        ("GET", "/api/tables/{table_id}/log", f"{t}/log", None),
        ("GET", "/api/tables/{table_id}/export.csv", f"{t}/export.csv", None),
        ("GET", "/api/tables/{table_id}/export", f"{t}/export", None),
        ("GET", "/api/tables/{table_id}/export", "/api/tables/9999/export", None),
        ("GET", "/api/labels", "/api/labels", None),
        ("GET", "/api/tables/stats", f"/api/tables/stats?table={table}&lang=zh-Hant", None),
        ("GET", "/api/tables/stats", "/api/tables/stats?since=yesterday", None),
        ("GET", "/api/tables/stats", "/api/tables/stats?table=9999", None),
        # The live stream's events are tested in tests/scorekeeper/test_keeper_live.py; here its refusal.
        ("GET", "/api/tables/{table_id}/live", "/api/tables/9999/live", None),
        ("GET", "/api/tables/{table_id}/people", f"{t}/people", None),
        ("GET", "/api/tables/{table_id}/people", "/api/tables/9999/people", None),
        ("GET", "/api/players", "/api/players", None),
        ("GET", "/api/players/log", "/api/players/log", None),
        ("POST", "/api/players/rename", "/api/players/rename", {"player": "Di", "name": "Dee"}),
        ("POST", "/api/players/rename", "/api/players/rename", {"player": "Nobody", "name": "Dee"}),
        ("POST", "/api/players/merge", "/api/players/merge", {"keep": "Ann", "merge": "Nobody"}),
        ("POST", "/api/players/merge", "/api/players/merge", {"keep": "Ann", "merge": "Ann2"}),
        ("GET", "/api/standings/events", "/api/standings/events", None),
        ("GET", "/api/standings", f"/api/standings?tables={table}", None),
        ("GET", "/api/standings", "/api/standings?day=someday", None),
        ("GET", "/api/standings.csv", f"/api/standings.csv?tables={table}", None),
        ("GET", "/api/standings.csv", "/api/standings.csv?tables=9999", None),
        ("GET", "/api/tournaments", "/api/tournaments", None),
        ("GET", "/api/tournaments", "/api/tournaments?lang=fr", None),
        ("POST", "/api/tournaments", "/api/tournaments", {"name": "New Open", "players": ["Hu", "Io", "Jun", "Kai"]}),
        ("POST", "/api/tournaments", "/api/tournaments?lang=zh-Hans", {"name": "New Open", "players": ["Hu"]}),
        ("GET", "/api/tournaments/{name}/standings", "/api/tournaments/walk%20open/standings?after=0", None),
        ("GET", "/api/tournaments/{name}/standings", "/api/tournaments/walk%20open/standings?after=3", None),
        ("GET", "/api/tournaments/{name}/standings.csv", "/api/tournaments/walk%20open/standings.csv", None),
        ("GET", "/api/tournaments/{name}/standings.csv", "/api/tournaments/nope/standings.csv", None),
        ("GET", "/api/tournaments/{name}/ema.csv", "/api/tournaments/walk%20open/ema.csv", None),
        ("GET", "/api/tournaments/{name}/ema.csv", "/api/tournaments/nope/ema.csv?lang=zh-Hant", None),
        ("GET", "/api/tables/{table_id}/round", f"{t}/round", None),
        ("GET", "/api/tables/{table_id}/round", "/api/tables/9999/round", None),
        ("GET", "/api/tournaments/{name}", "/api/tournaments/walk%20open", None),
        ("GET", "/api/tournaments/{name}", "/api/tournaments/nope", None),
        ("POST", "/api/tournaments/{name}/rounds", "/api/tournaments/walk%20open/rounds", {}),
        ("POST", "/api/tournaments/{name}/rounds", "/api/tournaments/walk%20open/rounds", {"method": "swiss"}),
        ("POST", "/api/tournaments/{name}/rounds", "/api/tournaments/nope/rounds", {}),
        ("POST", "/api/tournaments/{name}/penalties", "/api/tournaments/walk%20open/penalties",
         {"player": "Hu", "points": 5, "reason": "late"}),
        ("POST", "/api/tournaments/{name}/penalties", "/api/tournaments/walk%20open/penalties",
         {"player": "Zed", "points": 5, "reason": "late"}),
        ("POST", "/api/tournaments/{name}/drops", "/api/tournaments/walk%20open/drops", {"player": "Zed"}),
        ("POST", "/api/tournaments/{name}/drops", "/api/tournaments/walk%20open/drops", {"player": "Kai"}),
        ("POST", "/api/tournaments/{name}/reinstatements", "/api/tournaments/walk%20open/reinstatements",
         {"player": "Kai"}),
        ("POST", "/api/tournaments/{name}/reinstatements", "/api/tournaments/walk%20open/reinstatements",
         {"player": "Kai"}),
        ("POST", "/api/tournaments/{name}/entries", "/api/tournaments/walk%20open/entries", {"player": "Lu"}),
        ("POST", "/api/tournaments/{name}/entries", "/api/tournaments/walk%20open/entries", {"player": "Hu"}),
        ("POST", "/api/tournaments/{name}/cut", "/api/tournaments/walk%20open/cut", {"size": 4}),  # a round plays
        ("POST", "/api/tournaments/{name}/cut", "/api/tournaments/cut%20open/cut", {"size": 3}),
        ("POST", "/api/tournaments/{name}/cut", "/api/tournaments/cut%20open/cut", {"size": 4}),
        ("GET", "/api/ratings", "/api/ratings", None),
        ("GET", "/api/ratings", "/api/ratings?as_of=yesterday", None),
        ("GET", "/api/ratings/left-out", "/api/ratings/left-out?include_imports=true", None),
        ("POST", "/api/session", "/api/session", {"passphrase": "west wind", "device": "phone"}),
        ("POST", "/api/session", "/api/session", {"passphrase": "east wind", "device": "phone"}),
    ]


def test_every_operation_answers_as_documented(client: TestClient, spec: dict[str, Any]) -> None:
    table = client.post("/api/tables", json={"players": ["Ann", "Bo", "Cy", "Di"], "request_id": "walk"}).json()
    exported = client.get(f"/api/tables/{table['id']}/export").json()
    other = client.post("/api/tables", json={"players": ["Ann2", "Eve", "Fay", "Gus"], "request_id": "other"})
    assert other.status_code == 201
    Tournaments(client.app.state.keeper).create("Walk Open", ["Hu", "Io", "Jun", "Kai"], seed="walk")
    Tournaments(client.app.state.keeper).create("Cut Open", ["Hu", "Io", "Jun", "Kai"], seed="cut")
    riichi = client.post("/api/tables", json={"players": ["Ann", "Bo", "Cy", "Di"], "ruleset": "riichi",
                                              "request_id": "riichi"}).json()["id"]
    requests = [*calls(table["id"]), ("POST", "/api/tables/import", "/api/tables/import", exported),
                ("POST", "/api/tables/import", "/api/tables/import", {"format": "nope"}),
                ("POST", "/api/tables/{table_id}/riichi", f"/api/tables/{riichi}/riichi",
                 {"player": "Bo", "request_id": "riichi-1"}),
                ("POST", "/api/tables/{table_id}/riichi", f"/api/tables/{table['id']}/riichi",  # an LRC table
                 {"player": "Bo", "request_id": "riichi-2"}),
                ("POST", "/api/tables/{table_id}/draws", f"/api/tables/{riichi}/draws",
                 {"tenpai": ["Bo"], "request_id": "tenpai-1"})]
    statuses: dict[tuple[str, str], set[int]] = {}
    for method, path, url, body in requests:
        answer = client.request(method, url, json=body)
        check(spec, method, path, answer)
        statuses.setdefault((method, path), set()).add(answer.status_code)
    assert set(statuses) == {(method, path) for path, method, _ in operations(spec)}, "an operation is not called"
    live = ("GET", "/api/tables/{table_id}/live")  # its events never end: not called here for a success
    assert {k: v for k, v in statuses.items() if not any(s < 300 for s in v) and k != live} == {}
    refused = TestClient(client.app, base_url="http://elsewhere.example").get("/api/tiles")
    check(spec, "GET", "/api/tiles", refused)
    assert refused.status_code == 400


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                    max_leaves=12)
HAND_FIELDS = st.fixed_dictionaries({}, optional={key: JSON | st.just(value) for key, value in HAND.items()})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/api/score", "/api/waits", "/api/notation", "/api/analyse", "/api/score/batch"]),
       hand=HAND_FIELDS, junk=JSON)
def test_any_body_is_answered_as_documented(client: TestClient, spec: dict[str, Any], path: str,
                                            hand: dict[str, Any], junk: Any) -> None:
    body = {"/api/notation": {"text": junk if not isinstance(junk, str) else junk + " 123m"},
            "/api/analyse": hand, "/api/score/batch": {"hands": [hand, junk]}}.get(path, {"hand": hand})
    check(spec, "POST", path, client.post(path, json=body))
