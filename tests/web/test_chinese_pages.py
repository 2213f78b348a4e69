"""Every page in its reader's Chinese (issue 29), and in Japanese (issue 43): walked in zh-Hans,
zh-Hant and ja at phone size, no page shows an English word (beyond proper tokens: names, tile
codes, CSV), a zh-Hant page says nothing but Taiwan's words (issue 41), and the words follow the
table's region (a Taiwanese table says 胡牌 and 放槍, an MCR table 和牌 and 點炮)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from traditional import not_taiwans

import mjscore

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
HAND = {"concealed": "123m 456m 789p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}], "win": "discard",
        "win_tile": "8s"}
#: Words a Chinese page may show in Latin letters: the players' and the table's names, the app's name,
#: a ruleset's own name (the LRC club's), the LRC sheet's own Chinese for one hand (七对一刻（Nico Nico）,
#: seed 004, held to it by checks/), the export formats, the key that records a hand (按 R 键), and the EMA
#: (the European Mahjong Association, whose results file the tournament pages download).
PROPER = {*PLAYERS, "Friday", "mjscore", "LRC", "Nico", "CSV", "JSON", "API", "R", "EMA"}
#: Tiles in notation: suited runs (123m), honours (CCC), flowers (1f).
TILES = re.compile(r"(?:[0-9]+[mpsf])+|[ESWNCFP]+")
#: The text a reader sees: the title, visible text (a menu's chosen option only), titles, placeholders
#: and labels of elements (a tile's picture is named by its own catalogue, checked elsewhere).
SEEN = r"""() => {
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!e || e.closest('script, style, svg, option:not(:checked)') || !e.getClientRects().length) continue;
    out.push(n.textContent);
  }
  for (const e of document.querySelectorAll('[title], [placeholder], [aria-label]')) {
    if (!e.closest('svg')) out.push(e.getAttribute('title') || '', e.getAttribute('placeholder') || '',
      e.getAttribute('aria-label') || '');
  }
  return out.join(' | ');
}"""


def _table(page: Page, **extra: Any) -> int:
    table_id = int(page.request.post("/api/tables", data={"players": PLAYERS, "name": "Friday", **extra}).json()["id"])
    for path, body in (("wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"}), ("draws", {})):
        version = page.request.get(f"/api/tables/{table_id}").json()["version"]
        assert page.request.post(f"/api/tables/{table_id}/{path}", data={**body, "expected_version": version}).ok
    return table_id


def _in(page: Page, lang: str) -> None:
    page.goto("/join")
    page.evaluate(f"localStorage.setItem('mjscore.lang', '{lang}')")


def english_words(page: Page) -> list[str]:
    """The words in Latin letters the page shows that are not proper tokens or tiles in notation (123m, CCC)."""
    text: str = page.evaluate(SEEN)
    return sorted({word for word in re.findall(r"[0-9A-Za-z_'-]+", text)
                   if re.search("[A-Za-z]", word) and word not in PROPER and not TILES.fullmatch(word)})


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "ja"])
def test_every_page_shows_no_english_word_in_chinese(page: Page, lang: str) -> None:
    table_id = _table(page)
    _in(page, lang)
    for path in ["/", "/tables", f"/tables/{table_id}", "/players", "/standings", "/stats", "/join"]:
        page.goto(path)
        expect(page.locator("#top nav a").first).not_to_have_text("")
        if path in ("/", f"/tables/{table_id}"):
            page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
            expect(page.locator(".sheet [data-testid=total] output, .sheet .total output").first).to_have_text(re.compile(r"\d"))
        page.wait_for_load_state("networkidle")
        assert english_words(page) == [], f"{path} in {lang}"
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", page.title()), f"{path}: title {page.title()!r}"
        if lang == "zh-Hant":  # Taiwan's words and forms (tests/test_taiwan_chinese.py holds the strings)
            assert not_taiwans(page.evaluate(SEEN)) == [], path


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "ja"])
def test_the_rulesets_page_shows_no_english_word_in_chinese(page: Page, lang: str) -> None:
    # Every table: the group names, source notes and version come from the ruleset files in Chinese.
    _in(page, lang)
    for ruleset in mjscore.rulesets():
        page.goto(f"/rulesets?id={ruleset}")
        expect(page.locator(".award-table tr").nth(2)).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert english_words(page) == [], f"{ruleset} in {lang}"


def test_the_words_follow_the_tables_region(page: Page) -> None:
    """A Taiwanese table (LRC) says 胡牌者 and 放槍; an MCR table 和牌者 and 點炮."""
    taiwanese = _table(page)
    mcr = int(page.request.post("/api/tables", data={"players": PLAYERS, "ruleset": "mcr"}).json()["id"])
    _in(page, "zh-Hant")
    page.goto(f"/tables/{taiwanese}")
    expect(page.locator(".winner legend")).to_have_text("胡牌者")
    expect(page.locator("[name=win] option[value=discard]")).to_have_text("放槍")
    page.goto(f"/tables/{mcr}")
    expect(page.locator(".winner legend")).to_have_text("和牌者")
    expect(page.locator("[name=win] option[value=discard]")).to_have_text("點炮")


def test_the_standings_say_the_day_in_chinese(page: Page) -> None:
    _table(page)
    _in(page, "zh-Hans")
    page.goto("/standings")
    today = date.today()
    expect(page.locator(".title")).to_have_text(f"{today.year}年{today.month}月{today.day}日开桌")
    expect(page.locator(".sessions li").first).to_contain_text("LRC 台湾麻将")
    expect(page).to_have_title("排名 — mjscore")


def test_the_players_statistics_fit_a_phone_in_chinese(page: Page) -> None:
    _table(page)
    _in(page, "zh-Hant")
    page.goto("/stats")
    players = page.locator("table.players")
    expect(players.locator("tbody tr")).not_to_have_count(0)
    widths = players.evaluate("(t) => [t.getBoundingClientRect().right, t.closest('.scroll').getBoundingClientRect().right]")
    assert widths[0] <= widths[1] + 0.5, f"the table ends at {widths[0]:.0f} px, its box at {widths[1]:.0f} px"


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "ja"])
def test_the_tournament_pages_show_no_english_word_in_chinese(page: Page, lang: str) -> None:
    """The tournaments' list, the director's page, the players' view and the projector, a round seated
    with three substitutes (named 替补 1 to 3, as the page's language says it)."""
    name = "周五杯" + {"zh-Hans": "甲", "zh-Hant": "乙", "ja": "丙"}[lang]
    players = [*PLAYERS, "王芳"]
    assert page.request.post("/api/tournaments", data={"name": name, "players": players, "session_minutes": 60}).ok
    assert page.request.post(f"/api/tournaments/{name}/rounds", data={}).ok
    _in(page, lang)
    for path in ["/tournaments", f"/tournaments/{name}", f"/tournaments/{name}/screen", f"/tournaments/{name}/projector"]:
        page.goto(path)
        expect(page.get_by_test_id("tournament").or_(page.get_by_test_id("tournaments")).first).not_to_have_text("")
        page.wait_for_load_state("networkidle")
        assert english_words(page) == [], f"{path} in {lang}"
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", page.title()), f"{path}: title {page.title()!r}"
    expect(page.locator(".card h3").first).to_have_text({"zh-Hans": "第 1 桌", "zh-Hant": "第 1 桌", "ja": "1 卓"}[lang])
    substitute = {"zh-Hans": "替补", "zh-Hant": "替補", "ja": "代走"}[lang]
    expect(page.locator(".card", has_text=substitute)).to_have_count(2)  # three substitutes, at the two tables
