"""The table page on a phone (390 x 844, touch) and on a desktop: a typical hand entered and recorded
in twelve taps without scrolling, tap targets of 44 px, a palette that stays put, the notation box and
the picker in sync, corrections (edit an entry, undo and put it back) and one player's history on both,
and the live table: what one phone records, the other shows within a second."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

# Bo (South) wins on Ann's (East's, the dealer's) discard: 123m 456m 789p 67s 99p held, a pung of red
# dragons declared, 8s wins. LRC (seed 000): No Flower tiles 1 (line 15) + Pong of Dragons 2 (line 43)
# + East Seat / Dealer Tile 1, East gave the winning tile (line 159) + Base Point 5 = 9, all paid by Ann.
HAND = {"concealed": "123m 456m 789p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}], "win": "discard",
        "win_tile": "8s"}
NOTATION = "123456m 78999p 67s [CCC] +8s"
TOTAL = "9"
# The same hand on Cy's (West's) discard: no dealer tile, 1 + 2 + 5 = 8, all paid by Cy.
TOTAL_FROM_WEST = "8"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
#: A bound, not a sleep: the other phone must show the change within a second.
LIVE_SECONDS = 1.0


@pytest.fixture
def phone(browser: Browser, base_url: str, phone_screen: dict[str, int]) -> Iterator[Page]:
    """A touch phone (390 x 844) with nothing remembered; fails the test on any script error."""
    context = browser.new_context(viewport=phone_screen, base_url=base_url, locale="en-GB", has_touch=True, is_mobile=True)
    page = _watched(context)
    yield page
    _close(page)


#: A desktop's window, where the same pages must work too.
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(params=["phone", "desktop"])
def device(request: pytest.FixtureRequest, browser: Browser, base_url: str, phone_screen: dict[str, int]) -> Iterator[Page]:
    """A page on a touch phone, then on a desktop (mouse, a wide window); fails on any script error."""
    touch = request.param == "phone"
    context = browser.new_context(viewport=phone_screen if touch else DESKTOP, base_url=base_url, locale="en-GB",
                                  has_touch=touch, is_mobile=touch)
    page = _watched(context)
    yield page
    _close(page)


def _watched(context: BrowserContext) -> Page:
    """A new page of ``context`` that keeps its script errors (``page.errors``)."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def _close(page: Page) -> None:
    """Close the page's browser context; fail on any script error it had."""
    errors = page.errors  # type: ignore[attr-defined]
    page.context.close()
    assert not errors, f"script errors on the page: {errors}"


def new_table(page: Page, **extra: Any) -> int:
    table: dict[str, Any] = page.request.post("/api/tables", data={"players": PLAYERS, **extra}).json()
    return int(table["id"])


def post(page: Page, table_id: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    version = page.request.get(f"/api/tables/{table_id}").json()["version"]
    answer = page.request.post(f"/api/tables/{table_id}/{path}", data={**body, "expected_version": version})
    assert answer.ok, answer.text()
    result: dict[str, Any] = answer.json()
    return result


def balance(player: str) -> str:
    return f'.seat[data-player="{player}"] [data-testid=balance]'


class Taps:
    """The taps a person makes, counted; each target must be on the screen, above the Record bar
    (or in it), so that nothing needs a scroll."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.done: list[str] = []

    def __call__(self, selector: str, what: str) -> None:
        target = self.page.locator(selector)
        box = target.bounding_box()
        bar = self.page.locator(".record-bar").bounding_box()
        assert box is not None and bar is not None, f"{what}: not on the page"
        screen = self.page.viewport_size
        assert screen is not None
        bottom = screen["height"] if box["y"] >= bar["y"] else bar["y"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= bottom + 0.5, (
            f"tap {len(self.done) + 1} ({what}) needs a scroll: it is at y={box['y']:.0f}-{box['y'] + box['height']:.0f}, "
            f"the screen shows 0-{bottom:.0f}")
        target.tap()
        self.done.append(what)


def open_table(page: Page, table_id: int) -> None:
    page.goto(f"/tables/{table_id}")
    expect(page.locator(".palette button").first).to_be_visible()
    expect(page.locator(".winner [aria-pressed=true]")).to_have_count(1)


def test_a_typical_discard_win_is_recorded_in_twelve_taps_without_scrolling(phone: Page) -> None:
    """Before the phone layout (commit e6dd9ff) the same hand took 24 taps and 3 scrolls: the Winner,
    Win by and Discarder menus (2 taps each), the 13 tiles one by one, Pung and C, Winning tile and
    8s, then Record 2,365 px down the page. Now: 4 single tiles, Chow and its 3 lowest tiles, Pung and
    C, 8s (the hand is full), Record: 12 taps, all on the first screen. The winner is this phone's
    player and the tile came from the player before them, the defaults; each other choice is 1 tap."""
    table_id = new_table(phone)
    open_table(phone, table_id)
    phone.select_option("[name=this_phone]", "Bo")  # once an evening: whose phone this is
    expect(phone.locator(".winner [aria-pressed=true]")).to_have_attribute("data-value", "Bo")
    expect(phone.locator(".given-by [aria-pressed=true]")).to_have_attribute("data-value", "Ann")
    phone.evaluate("scrollTo(0, 0)")
    tap = Taps(phone)
    for code in ("9p", "9p", "6s", "7s"):  # single tiles first: the picker starts adding hand tiles
        tap(f'.palette [data-code="{code}"]', code)
    tap("label.mode:has(input[value=run])", "Chow (in the hand)")
    for low in ("1m", "4m", "7p"):
        tap(f'.palette [data-code="{low}"]', f"chow from {low}")
    tap("label.mode:has(input[value=pung])", "Pung (declared)")
    tap('.palette [data-code="C"]', "pung of C")
    # 16 tiles held: the next tap is the winning tile.
    expect(phone.locator("label.mode:has(input[value=win]) input")).to_be_checked()
    tap('.palette [data-code="8s"]', "winning tile 8s")
    expect(phone.locator("#notation")).to_have_value(NOTATION)
    expect(phone.locator("[data-testid=bar-total]")).to_have_text(TOTAL)
    tap(".record-hand", "Record")
    expect(phone.locator(".history li").first).to_contain_text("Bo won on Ann's discard: 9 points")
    expect(phone.locator(balance("Bo"))).to_have_text(TOTAL)
    expect(phone.locator(balance("Ann"))).to_have_text(f"-{TOTAL}")
    assert len(tap.done) == 12, tap.done
    assert phone.evaluate("scrollY") == 0
    # The next hand starts afresh: the winner is this phone's player again, and the hand is empty.
    expect(phone.locator(".winner [aria-pressed=true]")).to_have_attribute("data-value", "Bo")
    expect(phone.locator("#notation")).to_have_value("")


def test_a_phone_that_joined_with_a_players_name_is_that_players(phone: Page) -> None:
    table_id = new_table(phone)
    phone.goto("/tables")
    phone.evaluate("localStorage.setItem('mjscore.device', 'cy ')")  # the name it joined the club with
    open_table(phone, table_id)
    expect(phone.locator(".winner [aria-pressed=true]")).to_have_attribute("data-value", "Cy")
    expect(phone.locator(".given-by [aria-pressed=true]")).to_have_attribute("data-value", "Bo")
    expect(phone.locator("[name=this_phone]")).to_have_value("Cy")
    # Said otherwise on this table, it is remembered over the device's name.
    phone.select_option("[name=this_phone]", "")
    phone.reload()
    expect(phone.locator(".winner [aria-pressed=true]")).to_have_attribute("data-value", "Ann")  # the dealer
    expect(phone.locator("[name=this_phone]")).to_have_value("")


def test_the_seats_show_money_only_where_it_is_not_the_points(device: Page) -> None:
    table_id = new_table(device, house_rules={"stake": "0.5"})
    post(device, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    open_table(device, table_id)
    expect(device.locator('.seat[data-player="Ann"]')).to_contain_text("money -4.5")  # 9 points at 0.5
    other = new_table(device)
    post(device, other, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    open_table(device, other)
    expect(device.locator(balance("Ann"))).to_have_text(f"-{TOTAL}")
    expect(device.locator('.seat[data-player="Ann"]')).not_to_contain_text("money")


def test_the_palette_stays_put_while_the_hand_grows_and_the_record_bar_stays_on_screen(phone: Page) -> None:
    open_table(phone, new_table(phone))
    palette = phone.locator(".palette")
    # Where it is on the page (filling the notation box scrolls the box into view).
    on_page = "(e) => { const r = e.getBoundingClientRect(); return [r.x, r.y + scrollY, r.width, r.height]; }"
    where = palette.evaluate(on_page)
    phone.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] [1111s concealed] 1f 2f 3f 5f 6f +8s")
    expect(phone.locator(".hand [data-part=flowers]")).to_have_count(5)
    assert palette.evaluate(on_page) == where
    bar = phone.locator(".record-bar").bounding_box()
    screen = phone.viewport_size
    assert bar is not None and screen is not None and bar["y"] + bar["height"] == screen["height"]
    phone.mouse.wheel(0, 1500)
    expect(phone.locator(".record-bar")).to_be_in_viewport()
    assert phone.evaluate("document.documentElement.scrollWidth") <= screen["width"]


def test_every_button_and_menu_is_a_44_px_target(phone: Page) -> None:
    table_id = new_table(phone)
    post(phone, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    open_table(phone, table_id)
    phone.locator(".show-payment").tap()
    small = phone.evaluate("""() => [...document.querySelectorAll(
        'button, select, input:not([type=checkbox], [type=radio]), a.button, summary, label.mode span, label.check')]
      .filter((e) => e.getClientRects().length && !e.closest('.hand-strip, .palette, details:not([open]) > :not(summary)'))
      .map((e) => [e.className || e.tagName, e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
      .filter(([, , r]) => r.height < 44 || r.width < 44)
      .map(([name, text, r]) => `${name} "${text}" ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert not small, f"tap targets under 44 px: {small}"
    # Nine tiles across the phone: each as tall as a target and as wide as a ninth of the screen allows.
    tiles = phone.evaluate("[...document.querySelectorAll('.palette button')].map((b) => b.getBoundingClientRect())")
    assert min(r["height"] for r in tiles) >= 44
    assert min(r["width"] for r in tiles) >= 38


def test_the_notation_box_and_the_picker_stay_in_sync(device: Page) -> None:
    open_table(device, new_table(device))
    record = device.locator(".record-hand")
    box = device.locator("#notation")
    box.fill("123m 456m 789p 67s 99p [CCC] +8s")
    expect(device.locator("[data-testid=bar-total]")).to_have_text(TOTAL)
    expect(record).to_be_enabled()
    # While the box holds text the picker has not read, Record is off: it would record the old tiles.
    box.fill("123m 456m 789p 67s 99p [CCD] +8s")
    expect(record).to_be_disabled()
    expect(device.locator("#notation-error")).to_contain_text("unknown tile letter 'D' at position 27")
    expect(device.locator(".picker")).to_have_class(re.compile(r"\bstale\b"))
    box.fill("123m 456m 789p 67s 99p [CCC]")
    expect(device.locator(".hand [data-part=win_tile]")).to_have_count(0)
    expect(device.locator(".picker")).not_to_have_class(re.compile(r"\bstale\b"))
    # The hand is full: a tap in the palette is the winning tile, and the box says so.
    device.locator('.palette [data-code="8s"]').click()
    expect(box).to_have_value(NOTATION)
    expect(record).to_be_enabled()
    # A whole set in one tap, in the hand or declared; the box follows.
    device.locator(".picker .clear").click()
    device.locator("label.mode:has(input[value=triplet])").click()
    device.locator('.palette [data-code="E"]').click()
    device.locator("label.mode:has(input[value=pair])").click()
    device.locator('.palette [data-code="5p"]').click()
    device.locator("label.mode:has(input[value=chow])").click()
    device.locator('.palette [data-code="7s"]').click()
    expect(box).to_have_value("55p EEE [789s]")


def test_correct_an_entry_from_the_history(device: Page) -> None:
    table_id = new_table(device)
    post(device, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    post(device, table_id, "draws", {})
    open_table(device, table_id)
    device.locator('.history li[value="1"] button.edit').click()
    expect(device.locator("#notation")).to_have_value(NOTATION)
    expect(device.locator(".bar-status")).to_contain_text("Correcting entry 1")
    expect(device.locator(".record-hand")).to_have_text("Save")
    expect(device.locator(".winner [aria-pressed=true]")).to_have_attribute("data-value", "Bo")
    # It was Cy's discard, not Ann's.
    device.locator('.given-by button[data-value="Cy"]').click()
    expect(device.locator("[data-testid=bar-total]")).to_have_text(TOTAL_FROM_WEST)
    device.locator(".record-hand").click()
    expect(device.locator('.history li[value="1"]')).to_contain_text(f"Bo won on Cy's discard: {TOTAL_FROM_WEST} points")
    expect(device.locator(".history li")).to_have_count(2)
    expect(device.locator(balance("Cy"))).to_have_text(f"-{TOTAL_FROM_WEST}")
    expect(device.locator(balance("Ann"))).to_have_text("0")
    expect(device.locator(".record-hand")).to_have_text("Record")
    history = device.request.get(f"/api/tables/{table_id}").json()["history"]
    assert [step["summary"] for step in history][0] == f"Bo won on Cy's discard: {TOTAL_FROM_WEST} points"


def test_undo_says_what_it_took_out_and_puts_it_back(device: Page) -> None:
    table_id = new_table(device)
    post(device, table_id, "draws", {})
    post(device, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    open_table(device, table_id)
    device.locator(".undo-last").click()
    expect(device.locator(".notice")).to_contain_text("Entry 2 undone (Bo won on Ann's discard: 9 points).")
    expect(device.locator(".history li")).to_have_count(1)
    expect(device.locator(balance("Bo"))).to_have_text("0")
    device.locator(".restore").click()
    expect(device.locator(".history li")).to_have_count(2)
    expect(device.locator(".history li").first).to_contain_text("Bo won on Ann's discard: 9 points")
    expect(device.locator(balance("Bo"))).to_have_text(TOTAL)
    expect(device.locator(".restore")).to_be_hidden()


def test_one_players_history(device: Page) -> None:
    table_id = new_table(device)
    post(device, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    post(device, table_id, "draws", {})
    open_table(device, table_id)
    expect(device.locator(".history li")).to_have_count(2)
    device.locator('.history-filter button[data-player="Ann"]').click()
    expect(device.locator(".history li")).to_have_count(1)
    expect(device.locator(".history li .mine")).to_have_text(f"Ann: -{TOTAL}, balance -{TOTAL}")
    device.locator('.history-filter button[data-player="Cy"]').click()
    expect(device.locator(".history li")).to_have_text("Nothing recorded for Cy yet.")
    device.locator('.history-filter button[data-player=""]').click()
    expect(device.locator(".history li")).to_have_count(2)


def test_a_long_table_shows_its_last_hundred_entries_and_pages_back(device: Page) -> None:
    """A table of 105 drawn hands opens on its last 100 entries (the API sends a page, however long
    the evening); "Show 5 earlier entries" adds the first five; an entry of the first page can be
    corrected, and a new entry joins the list."""
    exported = {"format": "mjscore-table/1", "players": PLAYERS, "ruleset": "lrc", "entries": [{"kind": "draw"}] * 105}
    answer = device.request.post("/api/tables/import", data=exported)
    assert answer.ok, answer.text()
    table_id = int(answer.json()["id"])
    open_table(device, table_id)
    expect(device.locator(".history li[value]")).to_have_count(100)
    expect(device.locator(".history li[value]").last).to_have_attribute("value", "6")
    device.locator(".show-earlier").click()
    expect(device.locator(".history li[value]")).to_have_count(105)
    expect(device.locator(".show-earlier")).to_have_count(0)
    device.locator('.history li[value="2"] button.edit').click()
    expect(device.locator(".bar-status")).to_contain_text("Correcting entry 2")
    device.locator("#notation").fill(NOTATION)
    device.locator('.winner button[data-value="Bo"]').click()
    device.locator('.given-by button[data-value="Ann"]').click()
    device.locator(".record-hand").click()
    expect(device.locator('.history li[value="2"]')).to_contain_text("Bo won on Ann's discard")
    expect(device.locator(".history li[value]")).to_have_count(105)


def _joined(browser: Browser, club_url: str, screen: dict[str, int], passphrase: str) -> Page:
    """A touch phone that has joined the club server with its join link."""
    context = browser.new_context(viewport=screen, base_url=club_url, locale="en-GB", has_touch=True, is_mobile=True)
    page = _watched(context)
    page.goto(f"/join#{passphrase.replace(' ', '%20')}")
    expect(page.locator("[name=passphrase]")).to_have_value(passphrase)  # the page's script has read the link
    page.locator("[name=device]").fill("a phone")  # the page asks whose phone this is
    page.locator("form.join button").click()
    expect(page).to_have_url(re.compile(r"/tables$"))
    return page


def test_what_one_phone_records_the_other_shows_within_a_second(browser: Browser, club_url: str,
                                                                 phone_screen: dict[str, int], passphrase: str) -> None:
    """On a club server (the passphrase, the session cookie, the Host check): phone 2 shows phone 1's
    entry within a second, says what changed, and holds its Record button."""
    first, second = (_joined(browser, club_url, phone_screen, passphrase) for _ in range(2))
    table_id = new_table(first)
    for page in (first, second):
        open_table(page, table_id)
        page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
        page.locator('.winner button[data-value="Bo"]').tap()
        expect(page.locator("[data-testid=bar-total]")).to_have_text(TOTAL)
    first.locator(".record-hand").tap()
    expect(first.locator(".history li").first).to_contain_text("Bo won on Ann's discard")
    expect(second.locator(".history li").first).to_contain_text("Bo won on Ann's discard: 9 points",
                                                                timeout=LIVE_SECONDS * 1000)
    expect(second.locator(balance("Bo"))).to_have_text(TOTAL, timeout=LIVE_SECONDS * 1000)
    expect(second.locator(".notice")).to_contain_text("Changed on another phone: #1 Bo won on Ann's discard")
    expect(second.locator(".record-hand")).to_be_disabled()
    # An undo on phone 2 reaches phone 1 as well.
    second.locator(".undo-last").tap()
    expect(first.locator(".history li")).to_have_text("Nothing recorded yet.", timeout=LIVE_SECONDS * 1000)
    expect(first.locator(".notice")).to_contain_text("Entry 1 undone")
    _close(first)
    _close(second)


def test_the_table_page_on_a_desktop(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base_url, locale="en-GB")
    page = _watched(context)
    table_id = new_table(page, name="Friday")
    post(page, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    open_table(page, table_id)
    win = page.locator("section.win").bounding_box()
    history = page.locator(".history").bounding_box()
    assert win is not None and history is not None and history["x"] > win["x"] + win["width"], "not side by side"
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    expect(page.locator(".record-bar")).to_be_in_viewport()
    expect(page.locator(".palette button").first).to_be_in_viewport()
    _close(page)


def test_the_screenshot_of_the_table_on_a_phone(phone: Page, tmp_path: Path) -> None:
    """docs/screenshots/table.png is this screenshot: a hand being recorded on a phone."""
    table_id = new_table(phone, name="Friday")
    post(phone, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    open_table(phone, table_id)
    phone.locator('.winner button[data-value="Cy"]').tap()
    phone.locator("#notation").fill("234p 567p 11s 34s [EEE] [789m] 2f +5s")
    expect(phone.locator("[data-testid=bar-total]")).to_have_text(re.compile(r"\d"))
    phone.screenshot(path=str(tmp_path / "table.png"))
    assert (tmp_path / "table.png").stat().st_size > 10_000
