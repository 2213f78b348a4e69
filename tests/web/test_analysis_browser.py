"""The analysis panel in a real browser, on a phone's screen: a hand after a draw shows its discard
table; tapping a useful tile draws it; tapping a discard plays it."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

#: Each change asks /api/analyse again; on a loaded 2-core machine an answer can take seconds.
WAIT = 15_000


def test_a_hand_after_a_draw_shows_its_discard_table_and_walks_forward(page: Page) -> None:
    page.goto("/")
    page.select_option("[name=ruleset]", "mcr")
    # 14 MCR tiles: 123m 456p 789s EE and C F P. Discarding a dragon leaves one from ready.
    page.locator("#notation").fill("123m 456p 789s EE CFP")
    rows = page.locator(".discards li")
    expect(rows).to_have_count(13, timeout=WAIT)  # one row per kind held
    expect(rows.first.locator("button.play")).to_have_attribute("data-discard", "P")
    expect(rows.first.locator(".level")).to_contain_text("1 from ready")
    expect(page.locator("#analysis .shanten")).to_have_text("1 tile from ready")
    # Tap E among the first row's useful tiles: P is played and E drawn, leaving 14 tiles again.
    rows.first.locator('button.useful[data-draw="E"]').click()
    expect(page.locator("#notation")).to_have_value("123m 456p 789s EEEFC")
    expect(page.locator("#analysis .shanten")).to_have_text("Ready", timeout=WAIT)
    ready = page.locator('.discards li[data-shanten="0"]')
    expect(ready.first.locator(".wait").first).to_contain_text("self-drawn")
    # Play C: 13 tiles, ready on F.
    page.locator('.discards li button.play[data-discard="C"]').click()
    expect(page.locator("#notation")).to_have_value("123m 456p 789s EEEF")
    # The panel is drawn again for the 13 tiles held: wait for it (the 14 tiles' table shows two waits).
    expect(page.locator("#analysis .wait button")).to_have_count(1, timeout=WAIT)
    expect(page.locator("#analysis .wait button")).to_have_attribute("data-draw", "F", timeout=WAIT)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width} px"


def test_a_held_hand_shows_its_useful_tiles_and_a_tap_draws_one(page: Page, tmp_path: Path) -> None:
    page.goto("/")
    page.select_option("[name=ruleset]", "mcr")
    page.locator("#notation").fill("123m 456p 789s EE CF")
    useful = page.locator("#analysis .options button.useful")
    expect(useful).to_have_count(3, timeout=WAIT)
    expect(page.locator("#analysis .shanten")).to_contain_text("1 tile from ready")
    useful.first.click()
    expect(page.locator("#notation")).to_have_value("123m 456p 789s EEEFC")
    expect(page.locator(".discards li")).to_have_count(12, timeout=WAIT)
    # docs/screenshots/analysis.png is this screenshot.
    page.locator("#analysis").screenshot(path=str(tmp_path / "analysis.png"))
    assert (tmp_path / "analysis.png").stat().st_size > 10_000


def test_the_discard_table_reads_plainly_with_the_best_five_first(page: Page) -> None:
    """Issue 29: the table was a 2,700 px list with the riichi word "Shanten", no headings and
    unlabelled numbers. Now: headings, words a club player uses, the best five rows, then "show all"."""
    page.goto("/")
    page.select_option("[name=ruleset]", "mcr")
    page.locator("#notation").fill("123m 456p 789s EE CFP")
    rows = page.locator(".discards li")
    expect(rows).to_have_count(13, timeout=WAIT)
    expect(page.locator(".discards li:visible")).to_have_count(5)
    expect(page.locator(".discards-head span")).to_have_text(["Discard", "Leaves the hand", "Tiles that help (copies unseen)"])
    expect(page.locator("#analysis")).to_contain_text("The small number under a tile: its copies not yet seen.")
    expect(page.locator("#analysis")).not_to_contain_text("hanten")
    box = page.locator("#analysis").bounding_box()
    assert box is not None and box["height"] < 1000, f"the panel is {box and box['height']:.0f} px tall"
    page.locator("#analysis .show-all").click()
    expect(page.locator(".discards li:visible")).to_have_count(13)
    expect(page.locator("#analysis .show-all")).to_have_text("Show the best 5")
    # In Traditional Chinese: 向聽.
    page.evaluate("localStorage.setItem('mjscore.lang', 'zh-Hant')")
    page.reload()
    page.select_option("[name=ruleset]", "mcr")
    page.locator("#notation").fill("123m 456p 789s EE CFP")
    expect(page.locator("#analysis .shanten")).to_have_text("1 向聽", timeout=WAIT)
    expect(page.locator(".discards-head span").first).to_have_text("打出")
