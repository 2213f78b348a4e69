"""The tournament part of the HTTP API at the command line's parity (issue 40): a tournament started,
listed, its standings after any round (with the penalties) as JSON and CSV, its EMA results file,
a dropped player reinstated, no round seated past the last, a tournament's tables said to be its,
and every refusal one line in the language asked for (``?lang=``), nothing written.

The tournament: Ann, Bob, Cat and Dan, two rounds of one hand, seated by the seed ``api``; every
hand is drawn (1.75 table points each), and Bob gets a penalty of 5 in round 1."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper

NEW = {"name": "Api Cup", "players": ["Ann", "Bob", "Cat", "Dan"], "ema": {"Ann": "04010001"}, "rounds": 2,
       "session_hands": 1, "seed": "api"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[tuple[TestClient, Scorekeeper]]:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    with TestClient(create_app(keeper), base_url="http://localhost") as test_client:
        yield test_client, keeper
    keeper.close()


def test_a_tournament_from_start_to_its_ema_file_over_http(client: tuple[TestClient, Scorekeeper]) -> None:
    http, keeper = client
    made = http.post("/api/tournaments", json=NEW)
    assert made.status_code == 201
    assert (made.json()["rounds_seated"], made.json()["rounds_planned"], made.json()["round"]) == (0, 2, None)
    assert [t["name"] for t in http.get("/api/tournaments").json()] == ["Api Cup"]
    for number in (1, 2):
        seated = http.post("/api/tournaments/api%20cup/rounds", json={}).json()
        assert seated["round"]["number"] == number and seated["rounds_seated"] == number
        (table,) = seated["round"]["tables"]
        assert http.get(f"/api/tables/{table['table_id']}/round").json()["round"] == {
            "tournament": "Api Cup", "round": number, "number": 1}
        if number == 1:
            assert http.post("/api/tournaments/Api%20Cup/penalties",
                             json={"player": "Bob", "points": 5, "reason": "late"}).status_code == 201
        keeper.record_draw(table["table_id"])
    # No round past the last: refused, in the language asked for.
    refused = http.post("/api/tournaments/Api%20Cup/rounds?lang=zh-Hans", json={})
    assert (refused.status_code, refused.json()["message"]) == (422, "Api Cup 计划打 2 轮：都已经排好座位")
    assert http.get("/api/tournaments/Api%20Cup").json()["rounds_seated"] == 2
    # The standings after round 1, with Bob's penalty.
    after = http.get("/api/tournaments/Api%20Cup/standings?after=1").json()
    bob = next(line for line in after["standings"] if line["person"]["name"] == "Bob")
    assert (after["after_round"], bob["table_points_exact"], bob["score"], bob["penalties"], bob["place"]) == (
        1, "7/4", -5, 5, 4)
    rows = list(csv.DictReader(io.StringIO(http.get("/api/tournaments/Api%20Cup/standings.csv?after=2").text)))
    assert [(r["player"], r["table_points"], r["score"], r["penalties"]) for r in rows][-1] == ("Bob", "3.5", "-5", "5")
    ema = http.get("/api/tournaments/Api%20Cup/ema.csv")
    assert ema.headers["content-disposition"].startswith('attachment; filename="Api_Cup-ema-results.csv"')
    assert ema.text.splitlines()[0] == "Place,EMA number,Last name,First name,Country,Table points,Score"
    assert "1,04010001,Ann,-,-,3.5,0" in ema.text.splitlines() and ema.text.splitlines()[-1] == "4,-,Bob,-,-,3.5,-5"
    # The tables page's list says which tables are a tournament's.
    assert [t["round"] for t in http.get("/api/tables").json()] == [
        {"tournament": "Api Cup", "round": 1, "number": 1}, {"tournament": "Api Cup", "round": 2, "number": 1}]


def test_a_dropped_player_is_reinstated_and_refusals_are_one_line_in_the_language_asked(
        client: tuple[TestClient, Scorekeeper]) -> None:
    http, keeper = client
    assert http.post("/api/tournaments", json=NEW).status_code == 201
    table = http.post("/api/tournaments/Api%20Cup/rounds", json={}).json()["round"]["tables"][0]
    keeper.record_draw(table["table_id"])
    assert http.post("/api/tournaments/Api%20Cup/drops", json={"player": "Dan"}).json()["standings"][-1]["dropped"]
    back = http.post("/api/tournaments/Api%20Cup/reinstatements", json={"player": "dan"})
    assert back.status_code == 201 and not any(line["dropped"] for line in back.json()["standings"])
    refusals = {
        ("/api/tournaments/Api%20Cup/reinstatements?lang=zh-Hant", '{"player": "Dan"}'): "Dan 沒有退賽：會參加 Api Cup 的下一輪",
        ("/api/tournaments/Api%20Cup/entries?lang=zh-Hans", '{"player": "Eve", "ema": "04010001"}'):
            "EMA 编号 04010001 已属于 Ann：每名选手的编号各不相同",
        ("/api/tournaments/Api%20Cup/entries?lang=zh-Hans", '{"player": "  "}'): "玩家名字不能是空的",
        ("/api/tournaments?lang=zh-Hans", '{"name": "Api Cup", "players": ["A", "B", "C", "D"]}'): "已有名为“Api Cup”的比赛",
        ("/api/tournaments?lang=zh-Hans", '{"name": "Two", "players": ["A", "B", "C", "C"]}'): "“C”报名了两次",
        ("/api/tournaments?lang=zh-Hans", '{"name": "Two", "players": ["A", "B", "C", "D"], "ema": {"A": "04010001", '
                                          '"B": "04010001"}}'): "EMA 编号 04010001 同时给了 A 和 B：每名选手的编号各不相同",
        ("/api/tournaments/Nope/rounds?lang=zh-Hans", "{}"): "没有叫 “Nope” 的比赛：现有的是 Api Cup",
    }
    for (url, body), message in refusals.items():
        answer = http.post(url, content=body, headers={"Content-Type": "application/json"})
        assert answer.json()["message"] == message and "\n" not in message, url
        assert answer.status_code == (404 if "Nope" in url else 422), url
    english = http.post("/api/tournaments/Api%20Cup/reinstatements", json={"player": "Dan"})
    assert english.json()["message"] == "Dan has not dropped: they play in Api Cup's next round"
    assert [t["name"] for t in http.get("/api/tournaments").json()] == ["Api Cup"]  # nothing was written
    assert len(http.get("/api/tournaments/Api%20Cup").json()["standings"]) == 4
