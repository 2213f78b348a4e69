"""Any phone from 320 px, and a laptop's keyboard (issue 41): every page at 320 x 568, in English and in
Chinese, has no horizontal scroll and cuts nothing (a balance, the Record button, a button's or a
link's words), and every target is at least 44 px (the palette's and the hand's tiles 44 px tall, as
wide as nine, or fourteen, to a row allow); on a laptop the palette is one tab stop walked with the
arrow keys, and one key (R) records the hand."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

PLAYERS = ["Annabelle", "Bo", "Cy", "Di"]
SMALL = {"width": 320, "height": 568}

#: What a page lays out past the screen's right edge, and what it cuts: a button, link, balance or
#: total whose words are wider than its box.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const hidden = e.closest('svg, .scroll, dialog:not([open]), details:not([open]) > :not(summary)');
    if (!e.getClientRects().length || hidden) continue;
    const r = e.getBoundingClientRect();
    if (r.right > width + 0.5) out.push(`${e.tagName}.${e.className} ends at ${Math.round(r.right)}`);
    if (e.matches('button, a, .balance, output, .bar-status') && e.scrollWidth > e.clientWidth + 1)
      out.push(`${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 20)}" cut: ${e.scrollWidth} > ${e.clientWidth}`);
  }
  return [document.documentElement.scrollWidth, out];
}"""
#: Every target smaller than 44 px (tiles: smaller than 44 px tall).
TARGETS = """() => [...document.querySelectorAll(
    'button, select, input:not([type=checkbox], [type=radio]), a, summary, label.mode span, label.check')]
  .filter((e) => e.getClientRects().length && !e.closest('svg, details:not([open]) > :not(summary), dialog:not([open])'))
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.height < 44 || (r.width < 44 && !e.closest('.palette, .hand-strip')))
  .map(([e, r]) => `${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 20)}" ` +
    `${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.fixture
def small(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(viewport=SMALL, base_url=base_url, locale="en-GB", has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def _table(page: Page) -> int:
    table_id = int(page.request.post("/api/tables", data={"players": PLAYERS, "name": "Friday", "event": "Friday",
                                                           "ruleset": "hefen"}).json()["id"])
    for version in range(3):
        assert page.request.post(f"/api/tables/{table_id}/draws", data={"expected_version": version}).ok
    return table_id


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "ja"])
def test_every_page_works_at_320_px(small: Page, lang: str) -> None:
    table_id = _table(small)
    small.goto("/join")
    small.evaluate(f"localStorage.setItem('mjscore.lang', '{lang}')")
    for path in [f"/tables/{table_id}", "/", "/tables", "/players", "/standings?event=Friday", "/stats", "/join",
                 "/rulesets?id=hefen", "/hand?tiles=123m%20456m%20789p%2067s%2099p%20%5BCCC%5D%20%2B8s"]:
        small.goto(path)
        expect(small.locator("#top nav a").first).not_to_have_text("")
        if path == "/" or path.startswith("/tables/"):
            small.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
            expect(small.locator(".sheet .total output")).to_have_text(re.compile(r"^\d+$"))
        small.wait_for_load_state("networkidle")
        width, problems = small.evaluate(OVERFLOW)
        assert (width, problems) == (320, []), path
        assert small.evaluate(TARGETS) == [], path
    # The table page: the hand under the minimum says why beside Record, whose word is whole.
    small.goto(f"/tables/{table_id}")
    small.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    expect(small.locator("[data-testid=record-reason]")).to_be_in_viewport()
    record = small.locator(".record-hand")
    expect(record).to_be_in_viewport()
    assert record.evaluate("(e) => e.scrollWidth <= e.clientWidth")


def test_a_laptop_walks_the_palette_with_the_arrows_and_records_with_one_key(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base_url, locale="en-GB")
    page = context.new_page()
    table_id = int(page.request.post("/api/tables", data={"players": ["Ann", "Bo", "Cy", "Di"]}).json()["id"])
    page.goto(f"/tables/{table_id}")
    palette = page.locator(".palette button")
    expect(palette).to_have_count(42)
    assert palette.evaluate_all("(tiles) => tiles.filter((t) => t.tabIndex === 0).length") == 1
    # Tab reaches the palette once and leaves it with the next Tab.
    page.locator("label.mode:has(input[value=concealed])").click()
    page.keyboard.press("Tab")
    expect(page.locator('.palette [data-code="1m"]')).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.closest('.palette')")
    page.keyboard.press("Shift+Tab")
    expect(page.locator('.palette [data-code="1m"]')).to_be_focused()
    # Arrows walk it (right, down a suit), Enter adds the tile.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(page.locator('.palette [data-code="2p"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#notation")).to_have_value("2p")
    # A whole hand typed, then one key records it.
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    page.locator('.winner button[data-value="Bo"]').click()
    expect(page.locator("[data-testid=bar-total]")).to_have_text("9")
    page.keyboard.press("r")
    expect(page.locator(".history li").first).to_contain_text("Bo won on Ann's discard: 9 points")
    assert page.locator(".record-hand").get_attribute("aria-keyshortcuts") == "r"
    context.close()
