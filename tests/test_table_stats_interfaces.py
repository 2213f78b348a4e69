"""``mjscore stats --table N | --club`` and ``GET /api/tables/stats`` over tables kept by a real
scorekeeper, with the figures worked out by hand.

PLAIN (as in tests/scorekeeper/keeper_hands.py): 123m 345m 567p 678s, an exposed pung of red dragons,
99p, won on the 8s discard under LRC: No Flowers 1 + Pong of Dragons 2 + Base Point 5 = 8 points, paid
by the discarder alone when neither the winner nor the discarder sits East (the base, 5, is no award).

Friday (table 1; Ann deals first, East): 1. Bob (South) wins PLAIN on Dan's (North) discard: Bob +8,
Dan -8. 2. Ann collects a concealed gong, 5 from each: Ann +15, the others -5 (no hand ends). 3. A drawn
hand. Balances: Ann 15, Bob 3, Cat -5, Dan -13. Two hands; Bob won 1 of 2, Dan dealt in 1 of 2.
Saturday (table 2; ann, Eve, Fay, Gus): Eve (South) wins PLAIN on Fay's (West) discard: Eve +8, Fay -8.
The roster takes "ann" for Ann (names are one person in any case), so the club has seven players.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from traditional import traditional

from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.app import STATIC
from mjscore.interfaces.web.security import Access
from mjscore.labels import catalogue
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.audit import Change
from mjscore.scorekeeper.statistics import recorded_at

ROOT = Path(__file__).resolve().parents[1]
PLAIN: dict[str, Any] = {"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
                         "win_tile": "8s", "win": "discard"}


@pytest.fixture
def database(tmp_path: Path) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    keeper = Scorekeeper.open(url)
    friday = keeper.create_table(TableSettings.of("Friday", ["Ann", "Bob", "Cat", "Dan"]))
    keeper.record_win(friday.id, PLAIN, "Bob", "Dan")
    keeper.record_event(friday.id, "concealed_gong_collection", "Ann")
    keeper.record_draw(friday.id)
    saturday = keeper.create_table(TableSettings.of("Saturday", ["ann", "Eve", "Fay", "Gus"]))
    keeper.record_win(saturday.id, PLAIN, "Eve", "Fay")
    keeper.close()
    yield url


def _stats(*arguments: str) -> Any:
    result = CliRunner().invoke(app, ["stats", *arguments], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    return result.output


def test_the_statistics_of_a_table_as_json(database: str) -> None:
    data = json.loads(_stats("--table", "1", "--database", database, "--format", "json"))
    assert (data["tables"], data["hands"], data["wins"]) == (1, 2, 1)
    players = {p["player"]: p for p in data["players"]}
    assert [p["player"] for p in data["players"]] == ["Ann", "Bob", "Cat", "Dan"]  # places 1 to 4
    assert players["Bob"]["wins"] == {"count": 1, "of": 2, "over": "hands played", "value": 0.5}
    assert players["Dan"]["deal_ins"] == {"count": 1, "of": 2, "over": "hands played", "value": 0.5}
    assert players["Bob"]["self_draws"] == {"count": 0, "of": 1, "over": "wins", "value": 0.0}
    assert [players[n]["points"][0]["net"] for n in ("Ann", "Bob", "Cat", "Dan")] == [15, 3, -5, -13]
    assert players["Bob"]["points"][0]["won"]["value"] == 8.0
    assert players["Dan"]["points"][0]["lost"] == {"total": 8, "of": 1, "over": "hands in which the player paid",
                                                   "value": 8.0}  # the gong (5) ends no hand
    assert players["Bob"]["points"][0]["biggest"]["total"] == 8
    (lrc,) = data["rulesets"]
    assert [(a["id"], a["share"]["count"], a["share"]["of"]) for a in lrc["awards"]] == [
        ("dragon_pong", 1, 1), ("no_flowers", 1, 1)]  # the base point is the base, not an award
    assert lrc["totals"] == [{"total": 8, "wins": 1}]
    (balances,) = data["balances"]
    assert balances["points"] == [[0, 0, 0, 0], [0, 8, 0, -8], [15, 3, -5, -13], [15, 3, -5, -13]]
    assert balances["entries"] == [1, 2, 3]


def test_the_text_names_every_denominator(database: str) -> None:
    text = _stats("--table", "1", "--database", database)
    assert text.startswith("table 1 (Friday): 2 hand(s), 1 win(s)\n")
    assert "wins and deal-ins: share of the hands played; self-draws: share of the wins" in text
    assert "lost: average over the hands in which the player paid" in text
    assert "1/2 (50.0%)" in text
    assert "lrc: 1 win(s); average total 8.00 over the 1 wins of the ruleset" in text
    assert "balances (points) before the first entry and after each" in text


def test_the_club_and_its_dates(database: str) -> None:
    club = json.loads(_stats("--club", "--database", database, "--format", "json"))
    assert (club["tables"], club["hands"], club["wins"]) == (2, 3, 2)
    assert {p["player"] for p in club["players"]} == {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"}
    ann = next(p for p in club["players"] if p["player"] == "Ann")
    assert (ann["tables"], ann["hands"]) == (2, 3)
    today = datetime.now(UTC).date().isoformat()
    assert json.loads(_stats("--club", "--database", database, "--format", "json", "--until", today))["tables"] == 2
    later = _stats("--club", "--database", database, "--since", "2999-01-01")
    assert later == "the club from 2999-01-01: 0 table(s), 0 hand(s), 0 win(s)\nno entry was recorded in that time\n"


def test_plot_draws_the_club(database: str, tmp_path: Path) -> None:
    _stats("--club", "--database", database, "--plot", str(tmp_path / "club.svg"))
    assert (tmp_path / "club.svg").read_text().startswith("<?xml")
    _stats("--table", "2", "--database", database, "--plot", str(tmp_path / "table.png"))
    assert (tmp_path / "table.png").read_bytes().startswith(b"\x89PNG")
    empty = CliRunner().invoke(app, ["stats", "--club", "--database", database, "--since", "2999-01-01", "--plot",
                                     str(tmp_path / "empty.svg")])
    assert (empty.exit_code, empty.output) == (
        2, f"error: --plot {tmp_path / 'empty.svg'}: there is nothing to draw (no hand scored, no entry recorded)\n")
    assert not (tmp_path / "empty.svg").exists()


@pytest.mark.parametrize(("arguments", "message"), [
    (["--table", "9"], "error: there is no table 9"),
    (["--club", "--table", "1"], "error: give one of: a batch's output (SCORES), --table N or --club"),
    (["--club", "--since", "2026-02-30"], "error: since: '2026-02-30' is not a date (YYYY-MM-DD)"),
    (["--club", "--compare-recorded", "hands.jsonl"], "error: give one of: a batch's output (SCORES), --table N or --club"),
    ([], "error: give a batch's output (SCORES), --table N or --club (see `mjscore stats --help`)"),
])
def test_bad_input_is_one_line_and_status_2(database: str, arguments: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["stats", *arguments, "--database", database])
    assert (result.exit_code, result.output) == (2, message + "\n")


def test_the_api_answers_what_the_command_prints(database: str) -> None:
    keeper = Scorekeeper.open(database)
    try:
        client = TestClient(create_app(keeper), base_url="http://localhost")
        answer = client.get("/api/tables/stats", params={"table": 1, "lang": "zh-Hant"})
        assert answer.status_code == 200
        assert answer.json() == json.loads(_stats("--table", "1", "--database", database, "--format", "json",
                                                  "--lang", "zh-Hant"))
        assert "三元牌刻子" in {a["name"] for a in answer.json()["rulesets"][0]["awards"]}
        club = client.get("/api/tables/stats").json()
        assert (club["tables"], club["hands"]) == (2, 3)
        assert client.get("/api/tables/stats", params={"since": "2999-01-01"}).json()["tables"] == 0
        refused = client.get("/api/tables/stats", params={"table": 9})
        assert (refused.status_code, refused.json()["message"]) == (404, "there is no table 9")
        refused = client.get("/api/tables/stats", params={"until": "31/12/2026"})
        assert (refused.status_code, refused.json()["message"]) == (400, "until: '31/12/2026' is not a date (YYYY-MM-DD)")
        refused = client.get("/api/tables/stats", params={"table": 0})
        assert refused.status_code == 422
        assert refused.json()["message"] == "query.table: Input should be greater than or equal to 1"
        schema = client.get("/api/openapi.json").json()
        answer_schema = schema["paths"]["/api/tables/stats"]["get"]["responses"]["200"]["content"]["application/json"]
        assert answer_schema["schema"]["$ref"].endswith("/StatisticsAnswer")
        assert client.get("/api/tables/1").json()["id"] == 1  # the tables' own routes still answer
    finally:
        keeper.close()


def test_the_stats_page_is_served_with_its_words_in_four_languages(database: str) -> None:
    """The page and its scripts name nothing outside the app; its own words (the catalogue's
    ``stats_`` labels) are in English, Simplified and Traditional Chinese, the Traditional being
    OpenCC's of the Simplified."""
    keeper = Scorekeeper.open(database)
    try:
        page = TestClient(create_app(keeper), base_url="http://localhost").get("/stats")
    finally:
        keeper.close()
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for text in [page.text, *((STATIC / name).read_text(encoding="utf-8") for name in ("stats.js", "stats-charts.js"))]:
        assert "http://" not in text and "https://" not in text
    words = {lang: {key: text for key, text in found.items() if key.startswith("stats_")}
             for lang, found in catalogue().items()}
    assert set(words) == {"en", "zh-Hans", "zh-Hant", "ja"}
    assert set(words["en"]) == set(words["zh-Hans"]) == set(words["zh-Hant"]) == set(words["ja"])
    assert {key: traditional(text) for key, text in words["zh-Hans"].items()} == words["zh-Hant"]
    used = {key if key.startswith("stats_") else f"stats_{key}"
            for key in set(re.findall(r'data-stats-label="(\w+)"', page.text)) | set(
                re.findall(r'say\("(\w+)"', (STATIC / "stats.js").read_text(encoding="utf-8")))}
    assert used <= set(words["en"]), used - set(words["en"])


def test_the_output_shown_in_the_docs_is_what_the_command_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/statistics.md runs its commands (tests/test_docs_commands.py); here the output it shows
    under "`mjscore stats ...` prints" is checked against what that command prints, the commands
    before it run in order as a reader would."""
    document = (ROOT / "docs" / "statistics.md").read_text(encoding="utf-8")
    commands = [shlex.split(line, comments=True)[1:] for block in re.findall(r"```sh\n(.*?)```", document, re.S)
                for line in block.splitlines()]
    shown = {tuple(shlex.split(command)): output for command, output in
             re.findall(r"`mjscore (stats [^`]*)` prints.*?```console\n(.*?)```", document, re.S)}
    assert len(shown) == document.count("```console") == 3
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    runner = CliRunner()
    checked: set[tuple[str, ...]] = set()
    for arguments in commands:
        if tuple(arguments) in shown:
            printed = runner.invoke(app, arguments, env={"COLUMNS": "80"}).output
            assert [line.rstrip() for line in printed.rstrip().splitlines()] == shown[tuple(arguments)].splitlines()
            checked.add(tuple(arguments))
        elif arguments[0] == "table":
            assert runner.invoke(app, arguments).exit_code == 0, arguments
    assert checked == set(shown)


def test_a_club_server_asks_for_its_passphrase_before_the_statistics(database: str) -> None:
    keeper = Scorekeeper.open(database)
    try:
        client = TestClient(create_app(keeper, access=Access.of([], "red dragon pung")), base_url="http://localhost")
        refused = client.get("/api/tables/stats")
        assert (refused.status_code, refused.json()["type"]) == (401, "NotJoined")
        assert client.post("/api/session", json={"passphrase": "red dragon pung", "device": "phone"}).status_code == 200
        assert client.get("/api/tables/stats").json()["tables"] == 2
    finally:
        keeper.close()


def _change(seq: int, number: int, action: str, at: str) -> Change:
    return Change(seq, seq, number, action, None, None, at, "test", None)


def test_an_entry_counts_on_the_day_it_was_recorded_not_when_corrected_or_rescored() -> None:
    """Entry 1 recorded on the 1st, corrected on the 2nd, rescored on the 9th: the 1st. Entry 2
    recorded on the 1st, undone, recorded again on the 3rd: the 3rd."""
    changes = [_change(1, 1, "record", "2026-12-01T20:00Z"), _change(2, 2, "record", "2026-12-01T21:00Z"),
               _change(3, 1, "correct", "2026-12-02T10:00Z"), _change(4, 2, "resettle", "2026-12-02T10:00Z"),
               _change(5, 2, "undo", "2026-12-02T11:00Z"), _change(6, 2, "record", "2026-12-03T20:00Z"),
               _change(7, 1, "rescore", "2026-12-09T09:00Z")]
    assert recorded_at(changes) == {1: "2026-12-01T20:00Z", 2: "2026-12-03T20:00Z"}
