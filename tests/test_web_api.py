"""The HTTP API (FastAPI's TestClient): scoring, waits, rulesets, tiles, notation, tables, and errors
as one-line JSON with the right status codes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from traditional import traditional

import mjscore
from mjscore.errors import StorageError
from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.app import STATIC
from mjscore.labels import catalogue
from mjscore.scorekeeper import Scorekeeper

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE: dict[str, Any] = json.loads((ROOT / "examples" / "hand.json").read_text(encoding="utf-8"))
# South wins on West's discard with a pung of red dragons and no flowers. Seed 000 (LRC): No Flower
# tiles 1, Pong of Dragons 2, Base Point 5 = 8; West pays it all (a discard).
PLAIN_WIN = {"ruleset": "lrc", "seat": "S", "round": "E", "concealed": "123m 456m 789p 67s 99p",
             "melds": [{"kind": "pung", "tiles": "CCC"}], "win_tile": "8s", "win": "discard", "discarder": "W"}


@pytest.fixture
def keeper(tmp_path: Path) -> Iterator[Scorekeeper]:
    opened = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    yield opened
    opened.close()


@pytest.fixture
def client(keeper: Scorekeeper) -> TestClient:
    return TestClient(create_app(keeper), base_url="http://localhost")


# ----- scoring


def test_score_is_the_engines_score(client: TestClient) -> None:
    answer = client.post("/api/score", json={"hand": EXAMPLE})
    assert answer.status_code == 200
    expected = mjscore.score(mjscore.Hand.from_dict(EXAMPLE)).to_dict("en")
    data = answer.json()
    assert {key: data[key] for key in expected} == expected


def test_a_plain_win_worked_out_by_hand(client: TestClient) -> None:
    data = client.post("/api/score", json={"hand": PLAIN_WIN}).json()
    assert {a["id"]: a["value"] for a in data["awards"]} == {"no_flowers": 1, "dragon_pong": 2}
    assert data["total"] == 8
    assert data["payments"] == [{"payer": "W", "payee": "S", "amount": 8}]
    assert data["waits"] == ["5s", "8s"]


def test_score_answers_conform_to_their_schema(client: TestClient) -> None:
    """The answer is written without FastAPI validating it against ScoreAnswer per request (issue
    27): it must still be what the schema documents, whatever the ruleset, language or hand."""
    import random

    from mjscore.interfaces.web.answers import ScoreAnswer
    from mjscore.sampling import random_winning_hand

    for ruleset in ("lrc", "hefen", "fourwinds", "mcr", "taiwan"):
        size = mjscore.get_ruleset(ruleset).hand_size
        for seed, lang in enumerate(("en", "zh-Hans", "zh-Hant")):
            hand = random_winning_hand(random.Random(seed), hand_size=size, ruleset=ruleset).to_dict()
            answer = client.post(f"/api/score?lang={lang}", json={"hand": hand})
            assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
            sent = answer.json()
            checked = json.loads(ScoreAnswer.model_validate(sent).model_dump_json(exclude_unset=True, by_alias=True))
            assert checked == sent
            assert sent["total"] == mjscore.score(mjscore.Hand.from_dict(hand)).total


def test_score_draws_the_arrangement_group_by_group(client: TestClient) -> None:
    groups = client.post("/api/score", json={"hand": PLAIN_WIN}).json()["groups"]
    assert groups[0] == {"kind": "pung", "tiles": ["C", "C", "C"], "declared": True, "concealed": False,
                         "winning": False}
    # Ruling 3: a set completed by a discard is exposed.
    assert [g for g in groups if g["winning"]] == [
        {"kind": "chow", "tiles": ["6s", "7s", "8s"], "declared": False, "concealed": False, "winning": True}]
    assert sorted(t for g in groups for t in g["tiles"]) == sorted(
        ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "9p", "9p", "6s", "7s", "8s", "C", "C", "C"])


def test_names_come_in_the_language_asked(client: TestClient) -> None:
    hans = client.post("/api/score", params={"lang": "zh-Hans"}, json={"hand": PLAIN_WIN}).json()
    hant = client.post("/api/score", params={"lang": "zh-Hant"}, json={"hand": PLAIN_WIN}).json()
    assert [a["name"] for a in hans["awards"]] == ["无花", "三元牌刻子"]
    assert [a["name"] for a in hant["awards"]] == ["無花", "三元牌刻子"]
    # Japanese: LRC's awards have no Japanese names, so their Traditional Chinese (docs/rulesets/riichi.md,
    # "Languages"); the sheet's words are Japanese.
    ja = client.post("/api/score", params={"lang": "ja"}, json={"hand": PLAIN_WIN}).json()
    assert [a["name"] for a in ja["awards"]] == ["無花", "三元牌刻子"]
    assert ja["sheet"]["win"]["line"].startswith("ロン")


def test_a_riichi_hand_is_explained_in_japanese(client: TestClient) -> None:
    """?lang=ja: riichi's yaku by their Japanese names, the fu line by line and the value in Japanese.
    South's riichi and pinfu on West's discard: 2 han; 20 + 10 (menzen ron) = 30 fu; base 30 × 2^4 = 480;
    West pays 4 × 480 = 1920, rounded up to 2000 (WRC 6.1, 6.3)."""
    hand = {"ruleset": "riichi", "seat": "S", "win": "discard", "discarder": "W", "concealed": "123m 456p 789s 23s 55m",
            "win_tile": "4s", "ready_declared": True, "dora_indicators": "9p"}
    answer = client.post("/api/score", params={"lang": "ja"}, json={"hand": hand}).json()
    assert [(a["name"], a["value"]) for a in answer["awards"]] == [("立直", 1), ("平和", 1)]
    value = answer["sheet"]["value"]
    assert [(line["text"], line["fu"]) for line in value["lines"]] == [("副底", 20), ("門前加符（門前ロン）", 10)]
    assert value["text"] == "2翻30符：基本点 480" and value["total_unit"] == "翻"
    assert answer["sheet"]["payments_text"] == "西から南へ 2000"
    table = client.get("/api/rulesets/riichi", params={"lang": "ja"}).json()
    assert next(a for a in table["awards"] if a["id"] == "ippatsu")["name"] == "一発"
    assert client.get("/api/rulesets/riichi", params={"lang": "ko"}).status_code == 422


def test_house_rules_change_the_score(client: TestClient) -> None:
    data = client.post("/api/score", json={"hand": PLAIN_WIN, "house_rules": {"base": 10, "awards": {"dragon_pong": 4}}})
    assert data.json()["total"] == 1 + 4 + 10
    assert "dragon_pong = 4 (was 2)" in data.json()["ruleset"]["overrides"]


def test_waits_with_the_score_of_each(client: TestClient) -> None:
    held = {**PLAIN_WIN, "win_tile": None}
    data = client.post("/api/waits", json={"hand": held}).json()
    assert [w["tile"] for w in data["waits"]] == ["5s", "8s"]
    # 5s makes 567s: the same awards as 8s.
    assert [w["score"]["total"] for w in data["waits"]] == [8, 8]


def test_rulesets_and_award_tables(client: TestClient) -> None:
    listed = client.get("/api/rulesets").json()
    assert [r["id"] for r in listed] == list(mjscore.rulesets())
    assert [r["id"] for r in listed if r["default"]] == ["lrc"]
    table = client.get("/api/rulesets/lrc", params={"lang": "zh-Hant"}).json()
    dragon = next(a for a in table["awards"] if a["id"] == "dragon_pong")
    assert dragon["points"] == 2 and dragon["name"] == "三元牌刻子" and dragon["source"].startswith("seed 000")


def test_tiles_with_names_in_four_languages(client: TestClient) -> None:
    tiles = client.get("/api/tiles").json()
    assert len(tiles) == 42 and [t["index"] for t in tiles] == list(range(42))
    five = next(t for t in tiles if t["code"] == "5m")
    assert five["names"] == {"en": "5 of Characters", "zh-Hans": "五万", "zh-Hant": "五萬", "ja": "五萬"}
    # Japanese as riichi players write the tiles: 索 for bamboo (Chinese 条/條), 發 and 中 alone.
    names = {t["code"]: t["names"]["ja"] for t in tiles}
    assert [names[code] for code in ("1s", "9p", "E", "F", "C", "P")] == ["一索", "九筒", "東", "發", "中", "白"]
    assert five["unicode"] == "\U0001f00b"


def test_notation_box_is_read_into_record_fields(client: TestClient) -> None:
    data = client.post("/api/notation", json={"text": "99p 67s 123m [CCC] [kong 1111s concealed] 2f +8s"}).json()
    assert data == {"concealed": "123m 99p 67s", "flowers": ["2f"], "win_tile": "8s",
                    "melds": [{"kind": "pung", "tiles": "CCC", "concealed": False, "added": False},
                              {"kind": "kong", "tiles": "1111s", "concealed": True, "added": False}]}


# ----- errors


#: The letter x as a refusal quotes it, in each language's quotation marks (errors.Quoted).
X_QUOTED = {"en": "'x'", "zh-Hans": "“x”", "zh-Hant": "“x”", "ja": "「x」"}


def test_a_bad_tile_is_422_naming_it(client: TestClient) -> None:
    answer = client.post("/api/score", json={"hand": {**PLAIN_WIN, "concealed": "123m 456m 789p 67s 9x"}})
    assert answer.status_code == 422
    assert answer.json() == {"message": "concealed: unknown tile letter 'x' at position 21", "type": "HandError",
                             "span": None, "code": "in_field", "params": {
                                 "field": "concealed",
                                 "name": {"en": "Concealed", "zh-Hans": "手牌", "zh-Hant": "手牌", "ja": "手牌"},
                                 "cause": {"code": "unknown_tile_letter", "params": {"letter": X_QUOTED, "position": 21}}}}


def test_a_tile_that_does_not_win_is_422(client: TestClient) -> None:
    answer = client.post("/api/score", json={"hand": {**PLAIN_WIN, "win_tile": "9s"}})
    assert answer.status_code == 422
    assert answer.json()["message"] == "9s does not complete the hand: it waits on 5s 8s"
    assert answer.json()["type"] == "NotAWinError"


def test_a_notation_error_points_at_its_span(client: TestClient) -> None:
    answer = client.post("/api/notation", json={"text": "123m [124m]"})
    assert answer.status_code == 422
    assert answer.json()["span"] == [5, 11]
    assert "a chow is three consecutive tiles" in answer.json()["message"]


def test_schema_problems_are_422_with_the_field(client: TestClient) -> None:
    answer = client.post("/api/score", json={"hand": {**PLAIN_WIN, "seat": "X"}})
    assert answer.status_code == 422
    assert answer.json()["message"].startswith("hand.seat: ")
    missing = client.post("/api/score", json={"hand": {"concealed": "123m"}})
    assert missing.json()["message"] == "hand.win: required field is missing"
    extra = client.post("/api/score", json={"hand": PLAIN_WIN, "colour": "red"})
    assert extra.json()["message"] == "colour: unknown field"
    assert client.post("/api/score", params={"lang": "fr"}, json={"hand": PLAIN_WIN}).status_code == 422


def test_a_body_that_is_not_json_is_400(client: TestClient) -> None:
    answer = client.post("/api/score", content=b'{"hand": ', headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["message"] == "the body line 1, column 10: not valid JSON: Expecting value"


def test_a_database_that_cannot_be_used_answers_503_and_a_retry_records_once(
        client: TestClient, keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full, locked or stopped database is the server's trouble, not a refusal of the change (issue
    38): 503 with Retry-After, nothing recorded, and the same request sent again is recorded once."""
    table = client.post("/api/tables", json={"players": ["Ann", "Bo", "Cy", "Di"]}).json()
    change = {"expected_version": table["version"], "request_id": "r-1"}
    record = keeper.record_draw

    def full(*args: Any, **kwargs: Any) -> Any:
        raise StorageError("the database tables.sqlite3 cannot be used: database or disk is full")

    monkeypatch.setattr(keeper, "record_draw", full)
    answer = client.post(f"/api/tables/{table['id']}/draws", json=change)
    assert (answer.status_code, answer.headers["retry-after"]) == (503, "5")
    assert answer.json()["message"] == "the database tables.sqlite3 cannot be used: database or disk is full"
    assert client.get(f"/api/tables/{table['id']}").json()["length"] == 0
    monkeypatch.setattr(keeper, "record_draw", record)
    assert client.post(f"/api/tables/{table['id']}/draws", json=change).status_code == 200
    again = client.post(f"/api/tables/{table['id']}/draws", json=change).json()
    assert again["replayed"] is True and again["length"] == 1


def test_unknown_things_are_404(client: TestClient) -> None:
    assert client.get("/api/rulesets/nope").json() == {
        "message": f"unknown ruleset 'nope': choose one of {', '.join(mjscore.rulesets())}", "type": "NotFound",
        "span": None, "code": "unknown_ruleset", "params": {
            "id": {"en": "'nope'", "zh-Hans": "“nope”", "zh-Hant": "“nope”", "ja": "「nope」"},
            "known": ", ".join(mjscore.rulesets()),
            "names": [mjscore.get_ruleset(ruleset).name.to_dict() for ruleset in mjscore.rulesets()]}}
    assert client.get("/api/tables/99").status_code == 404
    assert client.get("/api/tables/99").json()["message"] == "there is no table 99"
    for beyond in (0, -1, 2**63, 10**30):  # no database integer holds the last two: still no table, not a 500
        answer = client.get(f"/api/tables/{beyond}")
        assert (answer.status_code, answer.json()["message"]) == (404, f"there is no table {beyond}")
    assert client.get("/no/such/page").json()["message"] == "no such page: /no/such/page"


def test_a_large_body_is_413_declared_or_not(keeper: Scorekeeper) -> None:
    client = TestClient(create_app(keeper, max_body_bytes=1000), base_url="http://localhost")
    big = {"hand": {**PLAIN_WIN, "concealed": "1m " * 400}}
    declared = client.post("/api/score", json=big)
    assert declared.status_code == 413 and declared.json()["type"] == "TooLarge"

    def chunks() -> Iterator[bytes]:  # sent without a Content-Length
        text = json.dumps(big).encode()
        yield from (text[i:i + 100] for i in range(0, len(text), 100))

    streamed = client.post("/api/score", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    assert client.post("/api/score", json={"hand": PLAIN_WIN}).status_code == 200


def test_the_openapi_schema_lists_every_route(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert {"/api/score", "/api/waits", "/api/notation", "/api/tiles", "/api/rulesets", "/api/rulesets/{ruleset_id}",
            "/api/tables", "/api/tables/import", "/api/tables/{table_id}", "/api/tables/{table_id}/export.csv",
            "/api/tables/{table_id}/wins", "/api/tables/{table_id}/draws", "/api/tables/{table_id}/events",
            "/api/tables/{table_id}/undo", "/api/tables/{table_id}/rescore", "/api/tables/{table_id}/log"} <= set(paths)
    assert "413" in paths["/api/score"]["post"]["responses"]


# ----- tables


def _new_table(client: TestClient, **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"players": ["Ann", "Bo", "Cy", "Di"], "name": "Friday", **extra})
    assert answer.status_code == 201
    data: dict[str, Any] = answer.json()
    return data


def _points(table: dict[str, Any]) -> dict[str, int]:
    return {b["player"]: b["points"] for b in table["balances"]}


def test_a_short_session(client: TestClient) -> None:
    table = _new_table(client)
    assert table["deal"] == {"round": "E", "dealer": "Ann", "streak": 0, "hands": 0, "over": False, "minimum": None}
    url = f"/api/tables/{table['id']}"
    # Bo sits South in the first hand and wins on Cy's (West's) discard: Cy pays the 8 of PLAIN_WIN.
    hand = {key: value for key, value in PLAIN_WIN.items() if key != "ruleset"}
    table = client.post(f"{url}/wins", json={"hand": hand, "expected_version": 0}).json()
    assert _points(table) == {"Ann": 0, "Bo": 8, "Cy": -8, "Di": 0}
    assert table["deal"]["dealer"] == "Bo"  # a non-dealer win passes the deal
    table = client.post(f"{url}/draws", json={"expected_version": table["version"]}).json()
    assert [step["summary"] for step in table["history"]][-1] == "drawn hand"
    table = client.post(f"{url}/undo", json={"request_id": "undo-1"}).json()
    assert len(table["history"]) == 1 and _points(table) == {"Ann": 0, "Bo": 8, "Cy": -8, "Di": 0}
    assert client.get("/api/tables").json() == [
        {"id": table["id"], "name": "Friday", "ruleset": "lrc", "players": ["Ann", "Bo", "Cy", "Di"], "entries": 1,
         "version": table["version"]}]


def test_a_table_payment_event(client: TestClient) -> None:
    table = _new_table(client)
    payment = client.get("/api/rulesets/lrc").json()["table_payments"][0]
    answer = client.post(f"/api/tables/{table['id']}/events", json={"event": payment["id"], "player": "Di",
                                                                    "request_id": "gong-1"})
    assert answer.status_code == 200
    points = _points(answer.json())
    assert points["Di"] == 3 * payment["amount_each"] and sum(points.values()) == 0


def test_a_stale_version_is_409_and_changes_nothing(client: TestClient) -> None:
    table = _new_table(client)
    url = f"/api/tables/{table['id']}"
    assert client.post(f"{url}/draws", json={"expected_version": 0}).status_code == 200
    again = client.post(f"{url}/draws", json={"expected_version": 0})
    assert again.status_code == 409 and again.json()["type"] == "StaleTableError"
    assert len(client.get(url).json()["history"]) == 1


def test_a_hand_that_cannot_be_recorded_is_422(client: TestClient) -> None:
    table = _new_table(client)
    hand = {key: value for key, value in PLAIN_WIN.items() if key != "ruleset"}
    answer = client.post(f"/api/tables/{table['id']}/wins", json={"hand": {**hand, "round": "S"}, "expected_version": 0})
    assert answer.status_code == 422
    assert answer.json()["message"] == "round: the table says 'E', the hand record says 'S'"
    bad_players = client.post("/api/tables", json={"players": ["Ann", "ann", "Cy", "Di"]})
    assert bad_players.status_code == 422 and "two players are called" in bad_players.json()["message"]


def test_export_and_import(client: TestClient) -> None:
    table = _new_table(client, house_rules={"stake": "0.5"})
    url = f"/api/tables/{table['id']}"
    hand = {key: value for key, value in PLAIN_WIN.items() if key != "ruleset"}
    exported = client.post(f"{url}/wins", json={"hand": hand, "request_id": "a"}).json()
    assert [Decimal(b["money"]) for b in exported["balances"]] == [0, 4, -4, 0]  # 8 points at 0.5
    csv = client.get(f"{url}/export.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    assert csv.text.splitlines()[0].startswith("number,round,dealer,streak,summary")
    imported = client.post("/api/tables/import", json=exported).json()
    assert imported["id"] != exported["id"]
    assert imported["balances"] == exported["balances"] and imported["entries"] == exported["entries"]


def test_a_change_without_a_version_or_a_request_id_is_refused(client: TestClient) -> None:
    url = f"/api/tables/{_new_table(client)['id']}"
    answer = client.post(f"{url}/draws", json={})
    assert answer.status_code == 422
    assert answer.json()["message"] == ("body: send expected_version or request_id with every change, "
                                        "so that a retry is not recorded twice")
    assert client.get(url).json()["length"] == 0


def test_a_table_change_is_read_as_strictly_as_a_hand(client: TestClient) -> None:
    url = f"/api/tables/{_new_table(client)['id']}"
    for body, message in (({"expected_version": "0"}, "expected_version: Input should be a valid integer"),
                          ({"expected_version": True}, "expected_version: Input should be a valid integer")):
        answer = client.post(f"{url}/draws", json=body)
        assert answer.status_code == 422 and answer.json()["message"] == message
    repeated = client.post(f"{url}/draws", content=b'{"expected_version": 0, "expected_version": 1}',
                           headers={"Content-Type": "application/json"})
    assert repeated.status_code == 400 and "appears twice" in repeated.json()["message"]
    assert client.get(url).json()["length"] == 0


def test_the_same_write_sent_twenty_times_is_recorded_once(client: TestClient) -> None:
    url = f"/api/tables/{_new_table(client)['id']}"
    hand = {key: value for key, value in PLAIN_WIN.items() if key != "ruleset"}
    answers = [client.post(f"{url}/wins", json={"hand": hand, "request_id": "phone-1-tap-7"}) for _ in range(20)]
    assert all(a.status_code == 200 for a in answers)
    assert [a.json()["replayed"] for a in answers] == [False] + [True] * 19
    table = client.get(url).json()
    assert table["length"] == 1 and table["version"] == 1 and _points(table)["Bo"] == 8
    log = client.get(f"{url}/log").json()
    assert [(c["action"], c["entry"], c["request_id"]) for c in log] == [("open", None, None), ("record", 1, "phone-1-tap-7")]
    assert log[0]["by"] == log[1]["by"] == "web testclient"


def test_since_version_answers_only_what_changed(client: TestClient) -> None:
    url = f"/api/tables/{_new_table(client)['id']}"
    for number in range(3):
        client.post(f"{url}/draws", json={"expected_version": number})
    delta = client.get(url, params={"since_version": 2}).json()
    assert [step["number"] for step in delta["history"]] == [3] and delta["length"] == 3 and "entries" not in delta
    undone = client.post(f"{url}/undo", params={"since_version": 3}, json={"expected_version": 3}).json()
    assert undone["history"] == [] and undone["length"] == 2 and undone["version"] == 4
    assert undone["history_since"] == 3


def test_the_csv_export_cannot_run_formulas_in_a_spreadsheet(client: TestClient) -> None:
    table = client.post("/api/tables", json={"players": ["=1+1", "+Bo", "@Cy", "-Di"], "name": "x"}).json()
    url = f"/api/tables/{table['id']}"
    client.post(f"{url}/events", json={"event": "concealed_gong_collection", "player": "-Di", "request_id": "g"})
    header, row = client.get(f"{url}/export.csv").text.splitlines()
    assert header.startswith("number,round,dealer,streak,summary,'=1+1 change,'+Bo change,'@Cy change,'-Di change,")
    assert row.startswith("1,E,'=1+1,0,'-Di: Concealed Gong collection,-5,-5,-5,15,")


def test_names_are_at_most_40_characters_and_tables_at_most_30_an_hour(client: TestClient) -> None:
    long = client.post("/api/tables", json={"players": ["A" * 41, "Bo", "Cy", "Di"]})
    assert long.status_code == 422 and long.json()["message"].startswith("players.1: String should have at most 40")
    for _ in range(30):
        _new_table(client)
    refused = client.post("/api/tables", json={"players": ["Ann", "Bo", "Cy", "Di"]})
    assert refused.status_code == 429
    assert refused.json()["message"] == ("this device opened 30 tables in the last hour, the most this server allows: "
                                         "use one of them, or wait")


def test_rescore_over_http(client: TestClient) -> None:
    url = f"/api/tables/{_new_table(client)['id']}"
    client.post(f"{url}/draws", json={"expected_version": 0})
    answer = client.post(f"{url}/rescore", json={"expected_version": 1}).json()
    assert answer["rescored"] == [] and answer["version"] == 1


# ----- the pages


def test_pages_are_served_with_no_outside_resources(client: TestClient) -> None:
    for path in ("/", "/tables", "/tables/1", "/rulesets"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "http://" not in page.text and "https://" not in page.text
    for script in STATIC.glob("*.js"):
        assert "http://" not in script.read_text(encoding="utf-8") and "https://" not in script.read_text(encoding="utf-8")


def test_page_labels_are_in_four_languages_and_zh_hant_is_taiwans(client: TestClient) -> None:
    labels = client.get("/api/labels").json()
    assert labels == catalogue()
    assert set(labels) == {"en", "zh-Hans", "zh-Hant", "ja"}
    assert set(labels["en"]) == set(labels["zh-Hans"]) == set(labels["zh-Hant"]) == set(labels["ja"])
    # Taiwan's Chinese (OpenCC's s2twp, with the reviewed corrections of tests/traditional.py): the unit
    # 台, 連結 for a link, 傳送 to send, 開啟 to open, 伺服器, 裝置, 儲存, 匯出.
    assert {key: traditional(text) for key, text in labels["zh-Hans"].items()} == labels["zh-Hant"]
    assert labels["zh-Hant"]["unit_tai"] == "台" and "連結" in labels["zh-Hant"]["share_link"]


def test_batch_scores_each_hand_and_answers_bad_ones_with_their_error(client: TestClient) -> None:
    bad = {**PLAIN_WIN, "win_tile": "9s"}
    answer = client.post("/api/score/batch", json={"hands": [PLAIN_WIN, bad, {"colour": "red"}, EXAMPLE]})
    assert answer.status_code == 200
    first, second, third, fourth = answer.json()
    assert (first["index"], first["total"], first["legal"]) == (0, 8, True)
    assert {a["id"]: a["value"] for a in first["awards"]} == {"no_flowers": 1, "dragon_pong": 2}
    assert second == {"index": 1, "error": "9s does not complete the hand: it waits on 5s 8s"}
    assert third["error"] == "win: required field is missing (and 1 more problem)"
    assert fourth["total"] == mjscore.score(mjscore.Hand.from_dict(EXAMPLE)).total


def test_a_method_not_allowed_says_which_are(client: TestClient) -> None:
    answer = client.get("/api/score")
    assert answer.status_code == 405 and answer.headers["allow"] == "POST"
    assert answer.json() == {"message": "GET is not allowed on /api/score", "type": "MethodNotAllowed", "span": None,
                             "code": "method_not_allowed", "params": {"method": "GET", "path": "/api/score"}}


def test_a_table_opened_twice_with_one_request_id_is_opened_once(client: TestClient) -> None:
    body = {"players": ["Ann", "Bo", "Cy", "Di"], "request_id": "new-table-1"}
    first, again = client.post("/api/tables", json=body).json(), client.post("/api/tables", json=body).json()
    assert (again["id"], again["replayed"], first["replayed"]) == (first["id"], True, False)
    assert len(client.get("/api/tables").json()) == 1


def test_a_table_can_be_opened_with_a_preset_of_its_ruleset(client: TestClient) -> None:
    taiwan = next(r for r in client.get("/api/rulesets").json() if r["id"] == "taiwan")
    assert "taiwan-cap24" in taiwan["presets"]
    body = {"players": ["Ann", "Bo", "Cy", "Di"], "ruleset": "taiwan", "preset": "taiwan-cap24", "request_id": "p1"}
    table = client.post("/api/tables", json=body)
    assert table.status_code == 201, table.text
    assert table.json()["house_rules"]["limit"] == 24  # taiwan-cap24.toml: limit = 24
    wrong = client.post("/api/tables", json={**body, "ruleset": "lrc", "request_id": "p2"})
    assert wrong.status_code == 422
    assert wrong.json()["message"] == "preset: 'taiwan-cap24' is not a preset of ruleset 'lrc' (it has none)"


def test_batch_takes_the_documented_1000_typical_hands(client: TestClient) -> None:
    """1,000 full hand records (examples/hands.jsonl, every field written out, as ``mjscore batch``
    reads them) in one body: answered, one line each (issue 28: the 64 KiB limit of every other
    route refused them with 413). The batch's own limit still holds beyond that."""
    typical = [json.loads(line) for line in (ROOT / "examples" / "hands.jsonl").read_text(encoding="utf-8").splitlines()]
    hands = [typical[i % len(typical)] for i in range(1000)]
    body = json.dumps({"hands": hands})
    assert len(body) > 64 * 1024
    answer = client.post("/api/score/batch", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 200, answer.text[:200]
    lines = answer.json()
    assert [line["index"] for line in lines] == list(range(1000))
    assert lines[len(typical)] == {**lines[0], "index": len(typical)}
    too_many = client.post("/api/score/batch", json={"hands": hands + hands[:1]})
    assert too_many.status_code == 422
    elsewhere = client.post("/api/score", content=body, headers={"content-type": "application/json"})
    assert elsewhere.status_code == 413
