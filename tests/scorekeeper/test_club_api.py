"""The club over HTTP and on the command line: the roster routes, the standings as JSON and CSV, the
session settings of a new table, and bad input (one line, 4xx JSON or exit status 2).

Figures: the three-way tie of ``test_keeper_club`` (LRC, PLAIN won on a discard by a player who is
not East from one who is not East: 8, paid by the discarder): Bob, Cat and Ann each win one hand
on Dan's discard, 8, 8, 8, -24; the three share (4 + 2 + 1) / 3 = 7/3 table points.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from keeper_hands import PLAIN

from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.security import Access
from mjscore.scorekeeper import Scorekeeper


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'club.sqlite3'}"


@pytest.fixture
def keeper(url: str) -> Iterator[Scorekeeper]:
    opened = Scorekeeper.open(url)
    yield opened
    opened.close()


@pytest.fixture
def client(keeper: Scorekeeper) -> TestClient:
    return TestClient(create_app(keeper), base_url="http://localhost")


def _tie(client: TestClient) -> int:
    table = client.post("/api/tables", json={"players": ["Ann", "Bob", "Cat", "Dan"], "name": "Tie", "event": "Friday",
                                             "session_hands": 3, "request_id": "t1"})
    assert table.status_code == 201, table.text
    number: int = table.json()["id"]
    for version, (winner, discarder) in enumerate((("Bob", "Dan"), ("Cat", "Dan"), ("Ann", "Dan"))):
        answer = client.post(f"/api/tables/{number}/wins", json={"hand": PLAIN, "winner": winner, "discarder": discarder,
                                                                 "expected_version": version})
        assert answer.status_code == 200, answer.text
    return number


def test_the_standings_over_http(client: TestClient) -> None:
    table = _tie(client)
    answer = client.get("/api/standings", params={"event": "friday"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert [(s["place"], s["tied"], s["person"]["name"], s["table_points_exact"], s["score"]) for s in data["standings"]] \
        == [(1, True, "Ann", "7/3", 8), (1, True, "Bob", "7/3", 8), (1, True, "Cat", "7/3", 8), (4, False, "Dan", "0", -24)]
    assert data["tables"][0]["session_hands"] == 3 and data["tables"][0]["hands"] == 3
    refused = client.post(f"/api/tables/{table}/draws", json={"expected_version": 3})
    assert refused.status_code == 422
    assert refused.json()["message"] == f"table {table}: the session is over: its 3 hands are played"
    csv = client.get("/api/standings.csv", params={"tables": [table]})
    assert csv.status_code == 200 and csv.text.splitlines()[1] == "=1,Ann,1,1,2.33,8,0,1,8"
    assert csv.headers["content-type"] == "text/csv; charset=utf-8"


def test_the_roster_over_http(client: TestClient) -> None:
    table = _tie(client)
    client.post("/api/tables", json={"players": ["Annie", "Eve", "Fay", "Gus"], "request_id": "t2"})
    assert [p["name"] for p in client.get("/api/players").json()] == ["Ann", "Annie", "Bob", "Cat", "Dan", "Eve",
                                                                       "Fay", "Gus"]
    merged = client.post("/api/players/merge", json={"keep": "Ann", "merge": "Annie"})
    assert merged.status_code == 200 and merged.json() == {"id": 1, "name": "Ann"}
    renamed = client.post("/api/players/rename", json={"player": "#1", "name": "Ann Lee"})
    assert renamed.json() == {"id": 1, "name": "Ann Lee"}
    ann = client.get("/api/players").json()[0]
    assert ann == {"id": 1, "name": "Ann Lee", "names": ["Ann", "Ann Lee", "Annie"], "merged": [5], "tables": [1, 2]}
    assert client.get(f"/api/tables/{table}/people").json()[0] == {"id": 1, "name": "Ann Lee"}
    assert [c["action"] for c in client.get("/api/players/log").json()][-2:] == ["merge", "rename"]


@pytest.mark.parametrize(("path", "body", "status", "message"), [
    ("/api/players/rename", {"player": "Zed", "name": "Zoe"}, 422, "there is no player called 'Zed' on the roster"),
    ("/api/players/rename", {"player": "Ann", "name": "bob"}, 422, "'Bob' is already on the roster (#2)"),
    ("/api/players/merge", {"keep": "Ann", "merge": "Bob"}, 422, "'Ann' and 'Bob' sat at the same table 1"),
    ("/api/players/merge", {"keep": "Ann"}, 422, "merge: required field is missing"),
    ("/api/tables", {"players": ["A", "B", "C", "D"], "session_minutes": 0, "request_id": "x"}, 422,
     "session minutes: 0 is not a time limit from 1 to 1440 minutes"),
])
def test_bad_input_over_http_is_one_line(client: TestClient, path: str, body: dict[str, object], status: int,
                                         message: str) -> None:
    _tie(client)
    answer = client.post(path, json=body)
    assert answer.status_code == status
    assert message in answer.json()["message"] and "\n" not in answer.json()["message"]


def test_standings_of_no_table_are_a_4xx(client: TestClient) -> None:
    assert client.get("/api/standings").json()["message"] == "say which tables: their numbers, an event, a day or days"
    assert client.get("/api/standings", params={"tables": [7]}).status_code == 404


def test_the_roster_needs_the_club_passphrase(keeper: Scorekeeper) -> None:
    """On a club server, a device that has not joined cannot rename (reads from loopback excepted)."""
    guarded = TestClient(create_app(keeper, access=Access.of([], "red dragon pung")), base_url="http://localhost",
                         client=("192.168.1.30", 5000))
    assert guarded.post("/api/players/rename", json={"player": "Ann", "name": "Zoe"}).status_code == 401
    assert guarded.get("/api/standings", params={"day": "2026-12-01"}).status_code == 401


def test_the_commands(url: str, tmp_path: Path) -> None:
    runner = CliRunner()

    def run(*arguments: str) -> tuple[int, str]:
        done = runner.invoke(app, [*arguments], env={"MJSCORE_DATABASE_URL": url, "COLUMNS": "120"})
        return done.exit_code, done.output

    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(PLAIN))
    assert run("table", "new", "Ann", "Bob", "Cat", "Dan", "--event", "Friday", "--session-hands", "3")[0] == 0
    for winner in ("Bob", "Cat", "Ann"):
        assert run("table", "record", "1", str(hand), "--winner", winner, "--discarder", "Dan")[0] == 0
    code, shown = run("table", "new", "Annie", "Eve", "Fay", "Gus")
    assert code == 0 and "new on the roster: Annie (did you mean Ann?), Eve, Fay, Gus" in shown
    assert run("players", "merge", "Ann", "Annie") == (0, "#5 Annie is merged into #1 Ann\n")
    assert run("players", "rename", "ann", "Ann Lee") == (0, "#1 Ann is now Ann Lee\n")
    assert run("players", "list")[1].splitlines()[0] == "#1   Ann Lee (also Ann, Annie): 2 tables"
    code, shown = run("standings", "--event", "Friday", "--format", "csv")
    assert code == 0 and shown.splitlines()[1:4] == ["=1,Ann Lee,1,1,2.33,8,0,1,8", "=1,Bob,2,1,2.33,8,0,1,8",
                                                      "=1,Cat,3,1,2.33,8,0,1,8"]
    out = tmp_path / "standings.json"
    assert run("standings", "1", "--format", "json", "-o", str(out))[0] == 0
    assert json.loads(out.read_text())["standings"][3]["person"]["name"] == "Dan"
    assert run("players", "merge", "Ann Lee", "Bob") == (
        2, "error: 'Ann Lee' and 'Bob' sat at the same table 1: they are two people\n")
    assert run("standings") == (2, "error: say which tables: their numbers, an event, a day or days\n")
    assert run("table", "new", "A", "B", "C", "D", "--session-hands", "0") == (
        2, "error: session hands: 0 is not a number of hands from 1 to 400\n")
    assert run("players", "rename", "Zed", "Zoe")[0] == 2


def test_the_club_pages_are_served(client: TestClient) -> None:
    for path in ("/players", "/standings"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "http://" not in page.text and "https://" not in page.text


def test_the_events_a_standings_page_offers(client: TestClient) -> None:
    _tie(client)
    client.post("/api/tables", json={"players": ["Eve", "Fay", "Gus", "Hal"], "event": "FRIDAY", "request_id": "t3"})
    client.post("/api/tables", json={"players": ["Eve", "Fay", "Gus", "Hal"], "request_id": "t4"})
    found = client.get("/api/standings/events").json()
    assert [(e["name"], e["tables"]) for e in found] == [("Friday", 2)]
    assert found[0]["first"] == found[0]["last"] == client.get("/api/tables/1").json()["created_at"][:10]


def test_the_club_routes_are_in_the_openapi_schema_with_their_answers(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    answers = {"/api/players": ("get", "Member"), "/api/players/log": ("get", "RosterChangeModel"),
               "/api/players/rename": ("post", "PersonModel"), "/api/players/merge": ("post", "PersonModel"),
               "/api/tables/{table_id}/people": ("get", "PersonModel"), "/api/standings": ("get", "StandingsModel"),
               "/api/standings/events": ("get", "EventModel")}
    for path, (method, model) in answers.items():
        schema = json.dumps(paths[path][method]["responses"]["200"]["content"]["application/json"]["schema"])
        assert f"#/components/schemas/{model}" in schema, path
    assert list(paths["/api/standings.csv"]["get"]["responses"]["200"]["content"]) == ["text/csv"]
