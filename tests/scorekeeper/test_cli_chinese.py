"""The command line as a Chinese director reads it (issue 40): under ``--lang`` every heading of
``tournament``, ``standings``, ``ratings`` and ``stats`` is in Chinese, Chinese text takes full-width
punctuation (``第 1 桌（牌桌 1，已结束）：东 Cal、南 Dee``, never ``(已结束): 东 Cal, 南 Dee``), a
tournament's tables are named in Chinese, and a refusal is one Chinese line. English stays as it was.

The tournament: Ann, Bob, Cal, Dee, one round of one table, seated by the seed ``zh`` (East Ann,
South Cal, West Bob, North Dee), one hand drawn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mjscore.interfaces.cli import app
from mjscore.labels import label

#: ASCII punctuation that Chinese text writes full width (a colon, a comma, brackets).
ASCII_IN_CHINESE = re.compile(r"[\u4e00-\u9fff][,:;()]|[,:;()][\u4e00-\u9fff]")


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    runner = CliRunner()
    for command in (["tournament", "new", "Cup", "Ann", "Bob", "Cal", "Dee", "--seed", "zh", "--rounds", "2",
                     "--session-hands", "1", "--ema", "Ann=04010001"],
                    ["tournament", "seat", "Cup"], ["table", "draw", "1"],
                    ["tournament", "penalty", "Cup", "Ann", "5", "--reason", "迟到"]):
        done = runner.invoke(app, command)
        assert done.exit_code == 0, done.output
    return runner


def _zh(cli: CliRunner, *arguments: str) -> str:
    done: Result = cli.invoke(app, [*arguments, "--lang", "zh-Hans"], env={"COLUMNS": "120"})
    assert done.exit_code == 0, done.output
    assert not ASCII_IN_CHINESE.search(done.output), done.output
    return done.output


def test_tournament_show_and_standings_are_chinese_with_full_width_punctuation(cli: CliRunner) -> None:
    shown = _zh(cli, "tournament", "show", "Cup").splitlines()
    assert shown[0] == "Cup［mcr］：4 名选手，已编排 1/2 轮（避免重复相遇，替补选手），随机种子 zh"
    assert shown[1] == "  #1 Ann（EMA 04010001）"
    assert shown[5] == "  判罚：第 1 轮 Ann -5（迟到）"
    assert shown[6:] == ["第 1 轮（避免重复相遇）：已结束", "  第 1 桌（牌桌 1，已结束）：东 Ann、南 Cal、西 Bob、北 Dee"]
    standings = _zh(cli, "tournament", "standings", "Cup")
    assert standings.startswith("Cup——第 1 轮后排名\n")
    assert re.search(r"名次\s+选手\s+轮数\s+标准分\s+得分\s+罚分\s+胡牌\s+落后于", standings)
    assert re.search(r"\s4\s+Ann\s+1\s+1\.75\s+-5\s+-5\s+0\s+得分\s", standings)  # below the three on score
    # English is as it was.
    english = cli.invoke(app, ["tournament", "show", "Cup"]).output.splitlines()
    assert english[-1] == "  table 1 (mjscore table 1): E Ann, S Cal, W Bob, N Dee — over"
    assert english[-2] == "Round 1 (no-repeat): over"


def test_the_directors_commands_and_refusals_answer_in_chinese(cli: CliRunner) -> None:
    assert _zh(cli, "tournament", "drop", "Cup", "Dee") == "Dee 在第 1 轮后退赛\n"
    assert _zh(cli, "tournament", "reinstate", "Cup", "Dee") == "Dee 从下一轮起恢复参赛\n"
    assert _zh(cli, "tournament", "enter", "Cup", "Eve") == "Eve 自第 2 轮起参赛\n"
    refused = cli.invoke(app, ["tournament", "enter", "Cup", "   ", "--lang", "zh-Hant"])
    assert (refused.exit_code, refused.output) == (2, f"error: {label('error_empty_player_name', 'zh-Hant')}\n")
    refused = cli.invoke(app, ["tournament", "penalty", "Cup", "Ann", "0", "--reason", "x", "--lang", "zh-Hans"])
    assert refused.output == "error: 判罚：0 分：判罚是从得分中扣分，请填写扣多少分（1 到 100000 的正数）\n"


def test_standings_ratings_and_stats_headings_are_chinese(cli: CliRunner) -> None:
    standings = _zh(cli, "standings", "--event", "Cup")
    assert standings.startswith("排名——赛事 Cup\n")
    assert re.search(r"名次\s+玩家\s+场次\s+标准分\s+得分\s+罚分\s+胡牌数", standings)
    assert "1 号桌 第 1 轮第 1 桌［mcr］：已打 1 局，每场 1 局" in standings
    ratings = _zh(cli, "ratings")
    assert ratings.startswith("等级分：1 桌，OpenSkill（Plackett-Luce），等级分 = mu - 3 sigma\n")
    assert re.search(r"（mu \d+\.\d\d ± \d+\.\d\d，1 桌）", ratings)
    stats = _zh(cli, "stats", "--table", "1")
    for heading in ("1 号桌（第 1 轮第 1 桌）：1 局，0 次和牌",
                    "选手（和牌与点炮：占所打局数的比例；自摸：占和牌次数的比例）",
                    "名次（每名选手获得第 1 至第 4 名的次数；", "分数（净分：含桌上支付；",
                    "结余（番）：第一条记录之前及每条之后"):
        assert heading in stats
    for column in ("选手", "桌数", "场次", "局数", "和牌", "自摸", "点炮", "第一", "平均名次", "净分", "最大一手",
                   "记录", "开始"):
        assert column in stats


def test_a_japanese_director_reads_the_tournament_in_japanese(cli: CliRunner) -> None:
    """``--lang ja``: the tournament's lines in Japanese with full-width punctuation (回戦, 卓, 代走,
    抜け番), and a refusal in one Japanese line."""
    def ja(*arguments: str) -> str:
        done: Result = cli.invoke(app, [*arguments, "--lang", "ja"], env={"COLUMNS": "120"})
        assert done.exit_code == 0, done.output
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff][,:;()]|[,:;()][\u3040-\u30ff\u4e00-\u9fff]", done.output)
        return done.output

    shown = ja("tournament", "show", "Cup").splitlines()
    assert shown[0] == "Cup［mcr］：4 人、2 回戦中 1 回戦の組み合わせ済み（再戦なし、代走）、シード zh"
    assert shown[5] == "  ペナルティ：第 1 回戦 Ann -5（迟到）"
    assert shown[6:] == ["第 1 回戦（再戦なし）：終了", "  1 卓（mjscore 卓 1）：東 Ann、南 Cal、西 Bob、北 Dee、終了"]
    assert ja("tournament", "standings", "Cup").startswith("Cup — 第 1 回戦終了時の順位\n")
    assert "卓 1 第 1 回戦 1 卓［mcr］：1 局、1 回戦 1 局" in ja("standings", "--event", "Cup")
    assert ja("tournament", "drop", "Cup", "Dee") == "Deeは第 1 回戦後に棄権\n"
    refused = cli.invoke(app, ["tournament", "enter", "Cup", "   ", "--lang", "ja"])
    assert (refused.exit_code, refused.output) == (2, "error: プレイヤー名は空にできません\n")
