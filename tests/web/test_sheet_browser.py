"""The score sheet in a real browser at phone size (390 x 844), in Traditional Chinese: the page draws
the same sheet model as ``mjscore score --lang zh-Hant`` prints (the same rows, tiles, replaced
awards, payments and shortfall sentence), and no English word is left on it."""

from __future__ import annotations

import re
from typing import Any

from click.testing import CliRunner
from playwright.sync_api import Page, expect

import mjscore
from mjscore.interfaces.cli import app
from mjscore.scoring.sheet import Scope, sheet

runner = CliRunner()
LANG = "zh-Hant"
# MCR, East on South's discard of 5p, with three flowers: 6 fan before the flowers, 2 short of 8
# (tests/test_sheet.py works it out from the table).
MCR_FLOWERS = "123m 789m 456p 345s 5p 1f 2f 3f +5p"
MCR_RECORD: dict[str, Any] = {"ruleset": "mcr", "seat": "E", "round": "E", "concealed": "123m 789m 456p 345s 5p",
                              "win_tile": "5p", "win": "discard", "discarder": "S", "flowers": "1f 2f 3f"}
MCR_ARGS = ["score", "--ruleset", "mcr", "--seat", "E", "--win-tile", "5p", "--discarder", "S", "--flowers", "1f 2f 3f",
            "123m 789m 456p 345s 5p", "--lang", LANG]
# LRC golden case 1: South on West's discard, three awards that replace three smaller ones.
LRC_SHEUNG = "123m 456m 789p 234s 67s 99p +8s"
LRC_RECORD: dict[str, Any] = {"ruleset": "lrc", "seat": "S", "round": "E", "concealed": "123m 456m 789p 234s 67s 99p",
                              "win_tile": "8s", "win": "discard", "discarder": "W"}
LRC_ARGS = ["score", "--seat", "S", "--win-tile", "8s", "--discarder", "W", "123m 456m 789p 234s 67s 99p",
            "--lang", LANG]


def _show(page: Page, ruleset: str, seat: str, discarder: str, notation: str) -> None:
    page.goto("/")
    page.select_option("#lang", LANG)
    page.select_option("[name=ruleset]", ruleset)
    page.select_option("[name=seat]", seat)
    page.select_option("[name=win]", "discard")
    page.select_option("[name=discarder]", discarder)
    page.locator("#notation").fill(notation)


def _page_rows(page: Page, selector: str) -> list[tuple[str, str]]:
    rows = page.locator(selector)
    return [(rows.nth(i).locator("th").inner_text(), rows.nth(i).locator("td.num").inner_text())
            for i in range(rows.count())]


def _same_as_the_cli(page: Page, record: dict[str, Any], args: list[str]) -> list[str]:
    """Check the page's sheet against the model and the CLI's text of it; the CLI's lines."""
    model = sheet(mjscore.score(mjscore.Hand.from_dict(record)))
    printed = runner.invoke(app, args).stdout.splitlines()
    expect(page.locator("[data-testid=total] output")).to_have_text(str(model.total))
    shown = _page_rows(page, ".sheet tr[data-award]")
    assert shown == [(r.names.get(LANG), r.points_text()) for r in model.rows]
    for name, value in shown:  # the CLI prints each row with the same name and points
        assert any(re.search(rf"^\s*{re.escape(name)}\s+{re.escape(value)}\s", line) for line in printed), name
    for index, row in enumerate(model.rows):  # and the same tiles: drawn on the page, glyphs in the CLI
        tiles = page.locator(".sheet tr[data-award]").nth(index).locator("td.reason svg")
        if row.scope is Scope.HAND:
            expect(tiles).to_have_count(0)
            continue
        names = [tiles.nth(i).get_attribute("aria-label") for i in range(tiles.count())]
        assert names == [t.name(LANG) for s in row.sets for t in s]
        glyphs = " ".join("".join(t.unicode for t in s) for s in row.sets)
        assert any(row.names.get(LANG) in line and line.rstrip().endswith(glyphs) for line in printed)
    replaced = page.locator(".sheet tr[data-replaced]")
    assert [replaced.nth(i).locator("td.reason").inner_text() for i in range(replaced.count())] == \
        [r.text(LANG) for r in model.replaced]
    for gone in model.replaced:
        assert any(gone.names.get(LANG) in line and gone.text(LANG) in line for line in printed)
    payments = page.locator(".payments").first.inner_text().strip()
    assert f"支付：{payments}" in printed or f"支付：{payments.replace(chr(10), '、')}" in printed
    # Not a word of English on the sheet (tile names and help are attributes, not text); the
    # ruleset's name is a proper name ("LRC 臺灣麻將") and is left out.
    text = page.locator(".sheet").inner_text().replace(model.ruleset.name.get(LANG), "")
    assert re.findall(r"[A-Za-z]{2,}", text) == []
    return printed


def test_the_mcr_shortfall_reads_the_same_on_the_page_and_the_command_line(page: Page) -> None:
    _show(page, "mcr", "E", "S", MCR_FLOWERS)
    shortfall = page.locator("[data-testid=shortfall]")
    expect(shortfall).to_have_text("未達起胡分：6 比起胡分 8 少 2（不計花牌）")
    printed = _same_as_the_cli(page, MCR_RECORD, MCR_ARGS)
    assert printed.count(shortfall.inner_text()) == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone


def test_the_replaced_awards_and_payments_read_the_same_on_the_page_and_the_command_line(page: Page) -> None:
    _show(page, "lrc", "S", "W", LRC_SHEUNG)
    expect(page.locator(".sheet tr[data-replaced]")).to_have_count(3)
    expect(page.locator(".payments").first).to_have_text("西 付給 南 30")
    _same_as_the_cli(page, LRC_RECORD, LRC_ARGS)


def test_a_tile_that_does_not_complete_the_hand_is_said_in_the_pages_language(page: Page) -> None:
    # 123m 456m 789p 234s 67s 99p waits on 5s and 8s (README): 9s completes nothing.
    _show(page, "lrc", "S", "W", "123m 456m 789p 234s 67s 99p +9s")
    refusal = page.locator("[data-testid=not-a-win]")
    expect(refusal).to_contain_text("這張牌不能胡。")
    waits = page.locator(".sheet .hint svg")
    expect(waits).to_have_count(2)
    assert [waits.nth(i).get_attribute("aria-label") for i in range(2)] == [
        mjscore.Tile.parse(code).name(LANG) for code in ("5s", "8s")]
    assert re.findall(r"[A-Za-z]{2,}", page.locator(".sheet").inner_text()) == []


def test_the_dealers_tai_read_apart_from_the_total_on_the_page_and_the_command_line(page: Page) -> None:
    # Golden taiwan "The dealer deals in on a streak of one": 門清 1 + 平胡 2 = a total of 3; East's payment
    # carries 莊家 1 + 連莊 2 on top (ruling 55): 6 tai = 底 50 + 6 × 20 = 170.
    _show(page, "taiwan", "S", "E", "123m 456m 789p 234s 67s 99p +8s")
    page.locator("summary", has_text="更多胡牌情況").click()
    page.locator("[name=dealer_streak]").fill("1")
    note = page.locator("[data-testid=per-payment]")
    expect(note).to_have_text("莊家多付 3 台：莊家 1、連莊拉莊 2")
    expect(page.locator("[data-testid=total] output")).to_have_text("3")
    expect(page.locator(".sheet tr[data-per-payment]")).to_have_count(2)
    record = {"ruleset": "taiwan", "seat": "S", "round": "E", "concealed": "123m 456m 789p 234s 67s 99p",
              "win_tile": "8s", "win": "discard", "discarder": "E", "dealer_streak": 1}
    args = ["score", "--ruleset", "taiwan", "--seat", "S", "--win-tile", "8s", "--discarder", "E", "--dealer-streak", "1",
            "123m 456m 789p 234s 67s 99p", "--lang", LANG]
    model = sheet(mjscore.score(mjscore.Hand.from_dict(record)))
    assert _page_rows(page, ".sheet tr[data-award]") == [(r.names.get(LANG), r.points_text()) for r in model.rows]
    assert _page_rows(page, ".sheet tr[data-per-payment]") == [(r.names.get(LANG), r.points_text())
                                                               for r in model.per_payment]
    expect(page.locator(".payments").first).to_have_text("東 付給 南 6 = 170")
    printed = runner.invoke(app, args).stdout.splitlines()
    assert note.inner_text() in printed  # the same sentence, once, on the page and from the command line
