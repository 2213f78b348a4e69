"""The pages in Japanese (issue 43): 日本語 in the language picker; a riichi hand's score page says
its yaku, its fu line by line, its han and fu and its payment as a Japanese referee says them (ロン,
立直, 平和, 符, 翻), with no English word left; a table page reads in Japanese too, its Taiwanese
awards by their Traditional Chinese names (docs/rulesets/riichi.md, "Languages").

The riichi hand (tests/test_riichi_cli.py works it by hand): South's riichi and pinfu on West's
discard, dora indicator 9p (1p, not held): 2 han; fu 20 + 10 (menzen ron) = 30; base 480; West pays
4 × 480 = 1920, rounded up to 2000."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect
from test_chinese_pages import _in, _table, english_words

#: How long a scoring answer may take on a loaded 2-core machine (ms).
WAIT = 15_000
RIICHI_LINK = "/hand?" + urlencode({"tiles": "123m 456p 789s 23s 55m +4s", "ruleset": "riichi", "seat": "S",
                                    "win": "discard", "discarder": "W", "ready_declared": "1", "dora_indicators": "9p"})
#: Japanese script: kana and the CJK ideographs.
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_the_language_picker_offers_japanese_and_a_japanese_browser_gets_it(page: Page) -> None:
    page.goto("/join")
    page.evaluate("localStorage.removeItem('mjscore.lang')")
    page.goto("/")
    picker = page.locator("#lang")
    expect(picker.locator("option[value=ja]")).to_have_text("日本語")
    picker.select_option("ja")
    expect(page.locator("#top nav a").first).to_have_text("点数計算")
    assert page.evaluate("localStorage.getItem('mjscore.lang')") == "ja"


def test_a_riichi_hand_reads_in_japanese(page: Page) -> None:
    _in(page, "ja")
    page.goto(RIICHI_LINK)
    sheet = page.locator(".sheet").first
    expect(sheet.locator("[data-testid=total] output")).to_have_text("2", timeout=WAIT)
    expect(sheet.locator("[data-testid=total] small")).to_have_text("翻")
    expect(sheet.locator("tr[data-award]")).to_have_count(2)
    expect(sheet.locator("tr[data-award=riichi] th")).to_have_text("立直")
    expect(sheet.locator("tr[data-award=pinfu] th")).to_have_text("平和")
    expect(sheet.locator("[data-testid=win]")).to_contain_text("ロン")
    fu = sheet.locator("table.fu")
    expect(fu.locator("tr[data-fu=base] th")).to_have_text("副底")
    expect(fu.locator("tr[data-fu=base] td.num")).to_have_text("20")
    expect(fu.locator("tr[data-fu=concealed_claimed] th")).to_have_text("門前加符（門前ロン）")
    expect(fu.locator("tfoot td.num")).to_have_text("30")
    expect(sheet.get_by_test_id("value")).to_have_text("2翻30符：基本点 480")
    expect(sheet.locator(".payments")).to_have_text("西から南へ 2000")
    page.wait_for_load_state("networkidle")
    assert english_words(page) == []
    assert JAPANESE.search(page.title())


def test_a_table_page_reads_in_japanese(page: Page) -> None:
    table_id = _table(page)
    _in(page, "ja")
    page.goto(f"/tables/{table_id}")
    expect(page.locator(".winner legend")).to_have_text("和了者")
    expect(page.locator("[name=win] option[value=discard]")).to_have_text("ロン")
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    sheet = page.locator(".sheet").first
    expect(sheet.locator("[data-testid=total] output")).to_have_text(re.compile(r"\d"), timeout=WAIT)
    expect(sheet.locator("tr[data-award=dragon_pong] th")).to_have_text("三元牌刻子")  # LRC's, as zh-Hant says it
    expect(page.locator(".history")).to_contain_text("流局")
    page.wait_for_load_state("networkidle")
    assert english_words(page) == []
    assert JAPANESE.search(page.title())


def test_the_riichi_table_reads_in_japanese(page: Page) -> None:
    """The award table as a Japanese player reads it: each yaku's closed and open han (平和 門前のみ,
    断幺九 1（1）), a yakuman counted in 役満, under 翻（鳴き）, the sources in Japanese."""
    _in(page, "ja")
    page.goto("/rulesets?id=riichi")
    table = page.locator(".award-table table.awards")
    expect(table.locator("thead th").nth(1)).to_have_text("翻（鳴き）")
    row = table.locator("tbody tr", has_text="平和")
    expect(row.locator("td.num")).to_have_text("1（門前のみ）")
    expect(table.locator("tbody tr", has_text="断幺九").locator("td.num")).to_have_text("1（1）")
    expect(table.locator("tbody tr", has_text="国士無双").first.locator("td.num")).to_have_text("1 役満")
    expect(row).to_contain_text("世界リーチ麻雀選手権ルールブック 2015 年版 6.5.1 平和")
    page.wait_for_load_state("networkidle")
    assert english_words(page) == []
