"""The analysis panel in a real browser, on a phone's screen: a hand after a draw shows its discard
table; tapping a useful tile draws it; tapping a discard plays it. Read at a glance (issue 41): one
line under the hand on a phone, which opens the table; beside the hand on a laptop; each wait said
in words; and the picker holds no more tiles than the ruleset's hands."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

#: Each change asks /api/analyse again; on a loaded 2-core machine an answer can take seconds.
WAIT = 15_000


def _open_panel(page: Page) -> None:
    """On a phone the panel is its one line under the hand: a tap opens the table."""
    page.locator("#analysis summary").click()
    expect(page.locator("#analysis details")).to_have_attribute("open", "")


def test_a_hand_after_a_draw_shows_its_discard_table_and_walks_forward(page: Page) -> None:
    page.goto("/")
    page.select_option("[name=ruleset]", "mcr")
    # 14 MCR tiles: 123m 456p 789s EE and C F P. Discarding a dragon leaves one from ready.
    page.locator("#notation").fill("123m 456p 789s EE CFP")
    _open_panel(page)
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
    # A wait in words: the copies left, the score on a discard and self-drawn; no bare number.
    expect(ready.first.locator(".wait .scores").first).to_have_text(re.compile(r"^\d+ left\s*on a discard \d+, self-drawn \d+$"))
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
    _open_panel(page)
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
    _open_panel(page)
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
    _open_panel(page)
    expect(page.locator("#analysis .shanten")).to_have_text("1 向聽", timeout=WAIT)
    expect(page.locator(".discards-head span").first).to_have_text("打出")


def test_one_line_under_the_hand_on_a_phone_beside_it_on_a_laptop(page: Page, browser: Browser, base_url: str) -> None:
    """Issue 41: the panel was 1,323 px down on a phone and below the fold on a laptop."""
    page.goto("/")
    page.select_option("[name=ruleset]", "mcr")
    page.locator("#notation").fill("123m 456p 789s EE CFP")
    line = page.locator("#analysis summary .line")
    # The best discard (the white dragon, P), and what it leaves, in words: the copies of the tiles that
    # help, as the table's first row counts them.
    expect(line).to_contain_text("Discard White Dragon: 1 from ready, ", timeout=WAIT)
    first = page.locator(".discards li").first
    left = int((first.locator(".level small").text_content() or "").removesuffix(" left"))
    expect(line).to_have_text(f"Discard White Dragon: 1 from ready, {left} tiles help")
    hand = page.locator(".hand-strip").bounding_box()
    summary = page.locator("#analysis summary").bounding_box()
    assert hand is not None and summary is not None
    assert 0 <= summary["y"] - (hand["y"] + hand["height"]) < 20, "the line is not under the hand"
    expect(page.locator(".discards")).to_be_hidden()  # the table waits for a tap on the line
    page.locator("#notation").fill("123m 456p 789s EE CF")
    expect(line).to_have_text(re.compile(r"^1 tile from ready, \d+ tiles help$"), timeout=WAIT)
    # On a laptop: the panel stands open beside the hand, at the top of the screen.
    laptop = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=base_url).new_page()
    laptop.goto("/")
    laptop.select_option("[name=ruleset]", "mcr")
    laptop.locator("#notation").fill("123m 456p 789s EE CFP")
    expect(laptop.locator(".discards li")).to_have_count(13, timeout=WAIT)
    panel, picker = laptop.locator("#analysis").bounding_box(), laptop.locator("#picker").bounding_box()
    assert panel is not None and picker is not None
    assert panel["x"] > picker["x"] + picker["width"] and panel["y"] < 200, (panel, picker)
    expect(laptop.locator(".discards li").first).to_be_in_viewport()
    laptop.context.close()


def test_the_picker_holds_no_more_tiles_than_the_rulesets_hands(page: Page) -> None:
    """Issue 41 found "18 of 16 tiles held": a tap that would hold more is not taken."""
    page.goto("/")
    page.locator("label.mode:has(input[value=triplet])").click()
    for code in ("1m", "2m", "3m", "4m", "5m"):
        page.locator(f'.palette [data-code="{code}"]').click()
    expect(page.locator(".held")).to_have_text("15 of 16 tiles held")
    page.locator("label.mode:has(input[value=triplet])").click()  # a triplet would make 18: off
    expect(page.locator('.palette [data-code="6m"]')).to_have_attribute("aria-disabled", "true")
    expect(page.locator('.palette [data-code="6m"]')).to_have_attribute("title", "The hand would hold more than 16 tiles")
    page.locator('.palette [data-code="6m"]').dispatch_event("click")
    expect(page.locator(".held")).to_have_text("15 of 16 tiles held")
    page.locator("label.mode:has(input[value=pung])").click()  # a declared set counts 3: off too
    expect(page.locator('.palette [data-code="6m"]')).to_have_attribute("aria-disabled", "true")
    page.locator("label.mode:has(input[value=concealed])").click()
    page.locator('.palette [data-code="6m"]').click()
    expect(page.locator(".held")).to_have_text("16 of 16 tiles held")
