"""Riichi on the command line as a referee explains it (docs/rulesets/riichi.md, "The command line"):
each command the notes page prints, run exactly as printed, says the yaku with their han, the fu line
by line, the han and fu with the base points and the limit, and who pays, as worked out by hand from
the rule books' sections below; the riichi options come from the hand record's schema; ``--lang ja``
is on every command that takes ``--lang``; and a Chinese table's award says its Traditional Chinese
name in Japanese.

The hands, worked by hand (WRC 2015 6.1 base = fu × 2^(han + 2); a payment rounded up to 100; on a
discard the discarder pays 4 × base, 6 × for the dealer; on a self-draw each pays the base, the dealer
twice; fu per WRC 6.3 / EMA 4.1.1):

- Riichi and pinfu on West's discard, dora indicator 9p (dora 1p, not held): 2 han; fu 20 + 10 (menzen
  ron) = 30; base 480; West pays 4 × 480 = 1920 → 2000.
- West's riichi, ippatsu, menzen tsumo with a closed pung of 1m, ura indicator North (dora East, not
  held): 3 han; fu 20 + 2 (tsumo) + 8 (closed pung of terminals) = 30; base 960; East 1920 → 2000,
  South and North 960 → 1000.
- Open tanyao with a pung of 2p, on a single wait: 1 han; fu 20 + 2 (open pung of simples) + 2 (pair
  wait) = 24, rounded up 6 to 30; base 240; West pays 960 → 1000.
- Menzen tsumo, tanyao, two dora (indicator 5s, the pair of 6s), closed wait 68p on 7p: 4 han; fu 20 +
  2 + 2 = 24 → 30; base 1920: mangan by kiriage at the WRC (6.1), 2000 (East 4000, the others 2000);
  at the EMA 1920 (East 3840 → 3900, the others 1920 → 2000).
- Kokushi musou self-drawn by the dealer: one yakuman, base 8000; each pays 2 × 8000 = 16000.
- Tenhou: menzen tsumo, pinfu, tanyao, two dora (6s), one red 5p: 6 han, haneman (3000): East 6000,
  the others 3000.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from test_docs_commands import commands

from mjscore import get_ruleset
from mjscore.interfaces.cli import app
from mjscore.interfaces.cli.scoring import RECORD_OPTIONS
from mjscore.record_schema import SCHEMA
from mjscore.rulesets import available

ROOT = Path(__file__).resolve().parents[1]
NOTES = ROOT / "docs" / "rulesets" / "riichi.md"
runner = CliRunner()

#: What each command of the notes page prints (its lines, spaces squeezed), by the command's start.
EXPECTED: dict[str, list[str]] = {
    "mjscore score --ruleset riichi-wrc --seat S --discarder W --riichi --dora 9p": [
        "House rules: riichi-wrc", "Riichi 1 🀓", "Pinfu 1 the whole hand", "Total 2 han", "Fu:",
        "Base fu (every hand) 20", "Concealed hand won on a discard (menzen ron) 10", "Total 30 fu",
        "2 han 30 fu: base points 480", "Payments: West pays South 2000"],
    "mjscore score --ruleset riichi-wrc --seat W --riichi --ippatsu": [
        "Riichi 1 🀏", "Ippatsu 1 🀏", "Fully concealed self-draw 1 the whole hand", "Total 3 han",
        "Base fu (every hand) 20", "Self-draw (tsumo) 2", "Closed pung of terminals or honours 8 🀇🀇🀇", "Total 30 fu",
        "3 han 30 fu: base points 960", "Payments: East pays West 2000, South pays West 1000, North pays West 1000"],
    "mjscore score --ruleset riichi-wrc --seat S --discarder W --meld": [
        "ローカルルール：riichi-wrc", "和了の仕方：ロン 🀎（西から）；自風南、場風東", "断幺九 1 手牌全体", "合計 1 翻",
        "符：", "副底 20", "明刻（中張牌） 2 🀚🀚🀚", "待ち：単騎 2 🀎🀎", "10 符単位に切り上げ 6", "合計 30 符",
        "1翻30符：基本点 240", "支払い：西から南へ 1000"],
    "mjscore score --ruleset riichi-wrc --seat S --dora 5s": [
        "Fully concealed self-draw 1 the whole hand", "Tanyao (all simples) 1 the whole hand", "Dora 1 × 2 = 2 🀕🀕",
        "Total 4 han", "Self-draw (tsumo) 2", "Wait: closed (kanchan) 2 🀞🀟🀠", "Rounded up to a multiple of 10 6",
        "Total 30 fu", "4 han 30 fu: Mangan, base points 2000",
        "Payments: East pays South 4000, West pays South 2000, North pays South 2000"],
    "mjscore score --ruleset riichi-ema --seat S --dora 5s": [
        "House rules: riichi-ema", "Total 4 han", "Total 30 fu", "4 han 30 fu: base points 1920",
        "Payments: East pays South 3900, West pays South 2000, North pays South 2000"],
    "mjscore score --ruleset riichi-wrc --seat E": [
        "Kokushi musou (thirteen orphans) 1 the whole hand", "Total 1 Yakuman", "Yakuman × 1: base points 8000",
        "Payments: South pays East 16000, West pays East 16000, North pays East 16000"],
    "mjscore score --ruleset riichi-tenhou": [
        "House rules: riichi-tenhou", "Pinfu 1 the whole hand", "Dora 1 × 2 = 2 🀕🀕", "Aka dora (red fives) 1 🀝",
        "Total 6 han", "Base fu (every hand) 20", "Total 20 fu", "6 han 20 fu: Haneman, base points 3000",
        "Payments: East pays South 6000, West pays South 3000, North pays South 3000"],
    "mjscore rulesets riichi-ema": [
        "House rules: riichi-ema", "Mangan: from 5 han or a base of 2000, base points 2000",
        "Kazoe yakuman (counted): from 13 han, base points 8000",
        "Yakuman: base points 8000 each; only the highest counts"],
    "mjscore rulesets riichi": [
        "id Award han (open) Group", "pinfu Pinfu 1 (closed only)", "tanyao Tanyao (all simples) 1 (1)",
        "ittsu Ittsu (pure straight) 2 (1)", "tsuuiisou Tsuuiisou (all honours) 1 Yakuman",
        "Seven pairs: fixed fu, nothing added 25", "Closed kong of terminals or honours 32", "A pair's fu at most 4",
        "Open hand of 20 fu counted as 30 30", "Mangan: from 5 han or a base of 1920, base points 2000",
        "Kazoe yakuman (counted): from 13 han, base points 8000 (off)",
        "Yakuman: base points 8000 each; several add up"],
}


def _documented() -> list[str]:
    """The notes page's commands that run (its ``sh`` blocks), as printed."""
    return [c.text for c in commands(NOTES) if c.shows is None]


def _run(command: str) -> tuple[int, list[str]]:
    """``command`` as printed, through the command line, in a terminal 80 columns wide; its lines with
    the spaces squeezed."""
    words = shlex.split(command)
    assert words[0] == "mjscore"
    done = runner.invoke(app, words[1:], env={"COLUMNS": "80"})
    return done.exit_code, [" ".join(line.split()) for line in done.output.splitlines()]


def _expected(command: str) -> list[str]:
    starts = [start for start in EXPECTED if command == start or command.startswith(start + " ")]
    assert starts, f"the notes page prints {command!r}, which this test does not check"
    return EXPECTED[max(starts, key=len)]


def test_the_notes_page_prints_the_commands_this_test_checks() -> None:
    documented = _documented()
    assert len(documented) == len(EXPECTED)
    assert sorted(max((s for s in EXPECTED if c == s or c.startswith(s + " ")), key=len) for c in documented) == sorted(EXPECTED)


@pytest.mark.parametrize("command", _documented())
def test_each_documented_command_explains_the_hand_as_worked_out_by_hand(command: str) -> None:
    status, lines = _run(command)
    assert status == 0, lines
    for line in _expected(command):
        assert line in lines, (line, lines)


def test_a_yakuman_sheet_has_no_fu_and_the_documented_refusal_is_printed() -> None:
    _, lines = _run(next(c for c in _documented() if "ESWNPFC" in c))
    assert "Fu:" not in lines and not any(line.startswith("Total") and "han" in line for line in lines)
    refusal = next(c for c in commands(NOTES) if c.shows is not None)
    status, lines = _run(refusal.text)
    assert status == 2 and lines == [refusal.shows]


def test_the_riichi_options_are_the_records_fields_explained_by_its_schema() -> None:
    """One source: each option is named after a field of the hand record and its help is that field's
    description; what it is given lands in that field of the record scored."""
    score = app.get_command(click.Context(app), "score")
    assert score is not None
    for name in RECORD_OPTIONS:
        option = next(p for p in score.params if p.name == name)
        assert isinstance(option, click.Option)
        assert f"--{name.replace('_', '-')}" in option.opts
        assert option.help is not None and option.help.startswith(SCHEMA["properties"][name]["description"])
    done = runner.invoke(app, ["score", "--ruleset", "riichi-tenhou", "--seat", "S", "--riichi", "--ippatsu", "--dora", "5s",
                               "--ura-dora", "9m 1p", "--red-fives", "5p", "234m 567p 234s 66s 78p", "--win-tile", "6p",
                               "--format", "json"])
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert {key: answer["hand"][key] for key in RECORD_OPTIONS} == {
        "ippatsu": True, "dora_indicators": ["5s"], "ura_dora_indicators": ["9m", "1p"], "red_fives": ["5p"]}
    # riichi 1, ippatsu 1, menzen tsumo 1, pinfu 1, tanyao 1, dora 2 (6s), ura dora 0 (1m and 2p: not held), aka 1.
    assert {a["id"]: a["value"] for a in answer["awards"]} == {
        "riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "dora": 2, "aka_dora": 1}
    assert answer["value"]["han"] == 8 and answer["value"]["limit"] == "baiman"
    value = answer["sheet"]["value"]
    assert [(line["kind"], line["fu"]) for line in value["lines"]] == [("base", 20)]
    assert value["text"] == "8 han 20 fu: Baiman, base points 4000" and value["total_unit"] == "han"


def test_double_riichi_is_a_declaration_with_the_first_discard() -> None:
    hand = ["score", "--ruleset", "riichi-wrc", "--seat", "S", "--discarder", "W", "123m 456p 789s 23s 55m", "--win-tile", "4s"]
    done = runner.invoke(app, [*hand, "--double-riichi", "--format", "json"])
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert answer["hand"]["ready_on"] == "first_discard" and answer["hand"]["ready_declared"] is True
    # WRC 6.5.2: double riichi 2, in place of riichi; pinfu 1: 3 han 30 fu, base 960, West pays 3840 → 3900.
    assert {a["id"]: a["value"] for a in answer["awards"]} == {"double_riichi": 2, "pinfu": 1}
    assert [(p["payer"], p["amount"]) for p in answer["payments"]] == [("W", 3900)]
    refused = runner.invoke(app, [*hand, "--double-riichi", "--ready-on", "deal"])
    assert refused.exit_code == 2
    assert refused.output.strip().splitlines() == [
        "error: --double-riichi is a declaration with the first discard: it cannot be --ready-on deal"]


def _lang_options(group: click.Group, path: str = "") -> list[tuple[str, click.Parameter]]:
    """Every ``--lang`` option of the command line's commands (the lazy ones loaded), by command."""
    found: list[tuple[str, click.Parameter]] = []
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None
        if isinstance(command, click.Group):
            found += _lang_options(command, f"{path}{name} ")
        found += [(f"{path}{name}", p) for p in command.params if p.name == "lang"]
    return found


def test_every_command_that_takes_lang_takes_japanese() -> None:
    options = _lang_options(app)
    assert {"score", "waits", "rulesets", "batch", "stats"} <= {name for name, _ in options}
    for name, option in options:
        if isinstance(option.type, click.Choice):
            assert "ja" in option.type.choices, name
        else:  # a free text option: its help names the languages
            assert option.help is not None and "ja" in option.help, name
    done = runner.invoke(app, ["rulesets", "--lang", "ja"])
    assert done.exit_code == 0 and "リーチ麻雀" in done.output


def test_a_chinese_tables_award_in_japanese_is_its_traditional_chinese_name() -> None:
    """docs/rulesets/riichi.md, "Languages": an award without a Japanese name (every Chinese ruleset's)
    is said in Japanese by its Traditional Chinese name; the sheet's own words are Japanese."""
    for ruleset_id in available():
        rules = get_ruleset(ruleset_id)
        for award in rules.awards:
            expected = award.name.ja if award.name.ja is not None else award.name.zh_hant
            assert award.name.get("ja") == expected, (ruleset_id, award.id)
    assert all(a.name.ja is None for a in get_ruleset("lrc").awards)
    assert all(a.name.ja for a in get_ruleset("riichi").awards)  # riichi names every yaku in Japanese
    done = runner.invoke(app, ["score", "--meld", "pung CCC", "--win-tile", "8s", "--discarder", "W", "--seat", "S",
                               "123m 456m 789p 67s 99p", "--lang", "ja"], env={"COLUMNS": "80"})
    lines = [" ".join(line.split()) for line in done.output.splitlines()]
    assert "三元牌刻子 2 🀄🀄🀄" in lines  # LRC's Pong of Dragons, as zh-Hant writes it
    assert any(line.startswith("和了の仕方：ロン") for line in lines)
    assert any(re.fullmatch(r"合計 \d+ 点", line) for line in lines)


def test_a_presets_name_is_its_ruleset_with_its_house_rules() -> None:
    """``--ruleset riichi-ema`` (and a record's ruleset) is the riichi table under the EMA preset, named by
    the preset on the sheet; house rules go on top of it; a name that is neither is refused."""
    import mjscore
    from mjscore.errors import RulesetError
    from mjscore.rulesets import preset, resolve_ruleset

    named = resolve_ruleset("riichi-ema")
    applied = mjscore.apply_house_rules(get_ruleset("riichi"), mjscore.read_house_rules(preset("riichi-ema")))
    assert named.id == "riichi" and named.overrides == ("riichi-ema",)
    assert named.awards == applied.awards and named.points_table == applied.points_table and named.fu == applied.fu
    assert named.points_table is not None and not named.points_table.limit_hands_cumulative
    assert resolve_ruleset("riichi-ema", {"awards": {"renhou": False}}).award("renhou").enabled is False
    with pytest.raises(RulesetError, match="unknown ruleset 'riichi-nowhere'"):
        resolve_ruleset("riichi-nowhere")
