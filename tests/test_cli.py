"""The mjscore command: score sheets, JSON, languages, waits, rulesets, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from mjscore.interfaces.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "hand.json")
runner = CliRunner()


def test_score_a_record_as_json() -> None:
    result = runner.invoke(app, ["score", EXAMPLE, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # examples/hand.json: S wins on East's discard with 2f 6f (both South's) and a pung of red dragons.
    assert {a["id"]: a["value"] for a in data["awards"]} == {
        "flower": 2, "seat_flower": 2, "dragon_pong": 2, "east_seat": 1}
    assert data["total"] == 12 and data["base"]["points"] == 5
    assert data["payments"] == [{"payer": "E", "payee": "S", "amount": 12}]
    assert data["ruleset"]["version"] == "LRC Taiwanese scoresheet, December 2024"


def test_text_sheet_in_traditional_chinese() -> None:
    result = runner.invoke(app, ["score", EXAMPLE, "--lang", "zh-Hant"])
    assert result.exit_code == 0
    assert "三元牌刻子" in result.stdout and "東風位／莊家風牌" in result.stdout and "合計" in result.stdout


def test_the_same_hand_from_flags() -> None:
    args = ["score", "--ruleset", "lrc", "--seat", "S", "--round", "E", "--win-tile", "8s", "--discarder", "W",
            "--meld", "pung CCC", "--flowers", "2f 6f", "123m 456m 789p 67s 99p", "--format", "json"]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["total"] == 11  # as the example, less East's tile: W discarded


def test_standard_input() -> None:
    record = (ROOT / "examples" / "hand.json").read_text()
    result = runner.invoke(app, ["score", "-", "--format", "json"], input=record)
    assert json.loads(result.stdout)["total"] == 12


def test_waits_with_the_score_of_each_tile() -> None:
    result = runner.invoke(app, ["waits", "123m 456m 789p 234s 67s 99p", "--discarder", "W", "--seat", "S",
                                 "--format", "json"])
    data = json.loads(result.stdout)
    assert [w["tile"] for w in data] == ["5s", "8s"]
    assert all(w["total"] == 30 for w in data)  # 5 + 15 (All Sheung, none of either) + 5 (Concealed) + base


def test_rulesets_list_and_table() -> None:
    assert "lrc" in runner.invoke(app, ["rulesets"]).stdout
    table = json.loads(runner.invoke(app, ["rulesets", "lrc", "--format", "json"]).stdout)
    chicken = next(a for a in table["awards"] if a["id"] == "chicken_hand")
    assert chicken["points"] == 20 and chicken["names"]["zh-Hans"] == "鸡和"


def test_errors_are_one_line_with_exit_status_2() -> None:
    cases = [
        (["score", "--win-tile", "9s", "123m 456m 789p 234s 67s 99p"], "error: 9s does not complete the hand"),
        (["score", "--win-tile", "8s", "123m 456m 789p 234s 67s 9x"], "error: concealed: unknown tile letter 'x'"),
        (["score", "--win-tile", "8s", "--meld", "pung CCF", "123m 456m 789p 67s 99p"], "error: melds[1]: meld pung"),
        (["score", "missing.json"], "error: no such file: missing.json"),
        (["score", "hand.jsn"], "error: no such file: hand.jsn"),
        (["rulesets", "nope"], "error: unknown ruleset 'nope'"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith(message), result.stderr
        assert result.stderr.count("\n") == 1


def test_house_rules_file(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text("base = 10\n[awards]\ndragon_pong = 3\n")
    data = json.loads(runner.invoke(app, ["score", EXAMPLE, "--rules", str(rules), "--format", "json"]).stdout)
    assert data["total"] == 12 + 5 + 1
    assert data["ruleset"]["overrides"] == ["base = 10", "dragon_pong = 3 (was 2)"]
    rules.write_text("[awards]\ndragon_pong = -1\n")
    bad = runner.invoke(app, ["score", EXAMPLE, "--rules", str(rules)])
    assert bad.exit_code == 2 and "awards.dragon_pong cannot be negative" in bad.stderr


def test_the_console_script_exits_2_on_bad_input() -> None:
    done = subprocess.run([sys.executable, "-m", "mjscore", "score", "--win-tile", "1z", "123m"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr



def test_the_text_sheet_shows_names_as_written(tmp_path: Path) -> None:
    """A club's award name is printed as the club wrote it: ``:rose:`` stays text (rich's emoji
    codes are off, as the web app shows the name), in the table and in the ruleset's name line."""
    club = tmp_path / "club.toml"
    club.write_text('[ruleset]\nid = "rose_club"\nextends = "lrc"\n'
                    'name = { en = "Rose :rose: club", zh-Hans = "玫瑰", zh-Hant = "玫瑰" }\n'
                    '[[award]]\nid = "dragon_pong"\nname = { en = "Pong :dragon: of Dragons", zh-Hans = "龙", zh-Hant = "龍" }\n',
                    encoding="utf-8")
    result = runner.invoke(app, ["score", EXAMPLE, "--ruleset-file", str(club)])
    assert result.exit_code == 0, result.output
    assert "Rose :rose: club" in result.stdout and "Pong :dragon: of Dragons" in result.stdout
    assert "\U0001f339" not in result.stdout and "\U0001f409" not in result.stdout


def test_a_group_lists_its_commands_in_their_order_with_their_whole_summaries() -> None:
    """``mjscore table --help`` lists the commands in the order of use, as they are defined, each with
    the first paragraph of its help, unshortened (cli/app.py's ``Group``)."""
    from mjscore.interfaces.cli.tables import tables

    result = runner.invoke(app, ["table", "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    listed = result.stdout.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed] == list(tables.commands)
    assert listed[0].split(None, 1)[1] == ("Start a table of four players (the roster's people of those names; new names "
                                            "join the roster).")
