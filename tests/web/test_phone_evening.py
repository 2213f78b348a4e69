"""An evening on a phone (issue 29), in Chromium at 390 x 844: the players' buttons stay where they
are from hand to hand, the sheet names players, and the smaller slips of the issue stay fixed."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# Bo wins on Ann's (East's, the dealer's) discard: 123m 456m 789p 67s 99p held, a pung of red dragons
# declared, 8s wins. LRC (seed 000): No Flower tiles 1 (line 15) + Pong of Dragons 2 (line 43) + East
# Seat / Dealer Tile 1, East gave the winning tile (line 159) + Base Point 5 = 9, all paid by Ann.
HAND = {"concealed": "123m 456m 789p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}], "win": "discard",
        "win_tile": "8s"}


def new_table(page: Page) -> int:
    table: dict[str, Any] = page.request.post("/api/tables", data={"players": PLAYERS}).json()
    return int(table["id"])


def post(page: Page, table_id: int, path: str, body: dict[str, Any]) -> None:
    version = page.request.get(f"/api/tables/{table_id}").json()["version"]
    answer = page.request.post(f"/api/tables/{table_id}/{path}", data={**body, "expected_version": version})
    assert answer.ok, answer.text()


def open_table(page: Page, table_id: int) -> None:
    page.goto(f"/tables/{table_id}")
    expect(page.locator(".palette button").first).to_be_visible()
    expect(page.locator(".winner [aria-pressed=true]")).to_have_count(1)


def values(page: Page, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).evaluate_all("(buttons) => buttons.map((b) => b.dataset.value)")
    return found


def places(page: Page, selector: str) -> dict[str, float]:
    """Where each button of a row is across the screen, by its value."""
    found: dict[str, float] = page.locator(selector).evaluate_all(
        "(buttons) => Object.fromEntries(buttons.map((b) => [b.dataset.value, b.getBoundingClientRect().x]))")
    return found


def test_the_players_buttons_keep_the_seating_order_as_the_deal_moves(page: Page) -> None:
    """Bo's win on Ann's discard passes the deal to Bo (LRC: a hand the dealer does not win moves the
    deal on), so the seat winds move one place; the buttons do not, and East is marked on Bo's."""
    table_id = new_table(page)
    open_table(page, table_id)
    winners = places(page, ".winner button")
    given = places(page, ".given-by button")
    assert values(page, ".winner button") == PLAYERS
    expect(page.locator(".winner button.east")).to_have_attribute("data-value", "Ann")
    post(page, table_id, "wins", {"hand": HAND, "winner": "Bo", "discarder": "Ann"})
    open_table(page, table_id)
    expect(page.locator(".deal")).to_contain_text("Dealer: Bo")
    assert values(page, ".winner button") == PLAYERS
    assert values(page, ".given-by button") == ["", *PLAYERS]
    expect(page.locator(".winner button.east")).to_have_attribute("data-value", "Bo")
    expect(page.locator(".winner button.east small")).to_have_text("East")
    assert places(page, ".winner button") == winners
    assert places(page, ".given-by button") == given
    # Another winner: who gave the tile keeps its places; the winner's own cannot be tapped.
    page.locator('.winner button[data-value="Di"]').click()
    expect(page.locator('.given-by button[data-value="Di"]')).to_be_disabled()
    expect(page.locator('.given-by button[data-value="Bo"]')).to_be_enabled()
    expect(page.locator(".given-by [aria-pressed=true]")).to_have_attribute("data-value", "Cy")  # before Di
    assert places(page, ".given-by button") == given


def inside(page: Page, selector: str, container: str) -> bool:
    """Whether all of ``selector`` shows within ``container`` (no scroll needed to see it)."""
    shown: bool = page.evaluate("""([selector, container]) => {
      const a = document.querySelector(selector).getBoundingClientRect();
      const b = document.querySelector(container).getBoundingClientRect();
      return a.top >= b.top && a.bottom <= b.bottom && a.left >= b.left && a.right <= b.right;
    }""", [selector, container])
    return shown


def test_the_sheet_names_the_players_who_pay(page: Page) -> None:
    """Bo wins on Ann's discard (the hand above): the sheet says "Ann pays Bo 9", not "East pays South
    9", and the East Seat row (Ann, East, gave the tile) is the dealer's seat, not drawn with the 8s."""
    open_table(page, new_table(page))
    page.locator('.winner button[data-value="Bo"]').click()
    expect(page.locator(".given-by [aria-pressed=true]")).to_have_attribute("data-value", "Ann")
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    expect(page.locator(".sheet .payments li")).to_have_text(["Ann pays Bo 9"])
    east = page.locator('.sheet tr[data-award="east_seat"]')
    expect(east.locator(".reason")).to_contain_text("the dealer's seat")
    expect(east.locator(".reason .tile")).to_have_count(1)
    expect(east.locator(".reason .tile svg")).to_have_attribute("aria-label", "East Wind")
    # On Cy's discard, Cy pays.
    page.locator('.given-by button[data-value="Cy"]').click()
    expect(page.locator(".sheet .payments li")).to_have_text(["Cy pays Bo 8"])


def test_a_concealed_sixteen_tile_hand_keeps_its_winning_tile_in_the_strip(page: Page) -> None:
    open_table(page, new_table(page))
    page.locator("#notation").fill("123m 456m 789m 123p 78s 99s +9s")
    expect(page.locator(".hand [data-part=win_tile]")).to_have_count(1)
    assert inside(page, ".hand [data-part=win_tile]", ".hand-strip")
    # With its flowers and a kong too: smaller tiles, the winning tile still in view.
    page.locator("#notation").fill("123m 456m 789m 78s 99s [1111p concealed] 1f 2f 3f 4f 5f 6f 7f +9s")
    expect(page.locator(".hand [data-part=flowers]")).to_have_count(7)
    assert inside(page, ".hand [data-part=win_tile]", ".hand-strip")


def test_every_page_is_one_tap_away_in_the_phone_header(page: Page) -> None:
    """Standings, Statistics and Rulesets sat under the language menu on a phone."""
    page.goto("/tables")
    links = page.locator("#top nav a")
    expect(links).to_have_count(6)
    menu = page.locator("#top .lang").bounding_box()
    assert menu is not None
    for index in range(6):
        box = links.nth(index).bounding_box()
        assert box is not None
        overlaps = box["x"] < menu["x"] + menu["width"] and menu["x"] < box["x"] + box["width"] and \
            box["y"] < menu["y"] + menu["height"] and menu["y"] < box["y"] + box["height"]
        assert not overlaps and box["x"] >= 0 and box["x"] + box["width"] <= 390, links.nth(index).inner_text()
    links.filter(has_text="Statistics").click()
    expect(page.locator(".summary")).not_to_be_empty()  # loaded: the page has written its address
    expect(page).to_have_url(base_url_path(page, "/stats"))


def base_url_path(page: Page, path: str) -> str:
    return page.url.split("/", 3)[0] + "//" + page.url.split("/", 3)[2] + path


def test_the_two_undos_say_what_each_undoes(page: Page) -> None:
    table_id = new_table(page)
    post(page, table_id, "draws", {})
    open_table(page, table_id)
    expect(page.locator(".undo-last")).to_have_text("Undo entry")
    expect(page.locator(".picker .undo")).to_have_text("Undo tap")
    page.locator(".undo-last").click()
    expect(page.locator(".notice-text")).to_have_text("Entry 1 undone (drawn hand).")


def test_a_typical_discard_win_takes_eleven_touches_in_any_order(browser: Browser, base_url: str) -> None:
    """Issue 29: 13 taps in the best order, 14 starting from 1m (Chow, its three runs, back to Hand
    tile, ...). Now a held tile adds the chow it starts in any mode, and a declared set is one tap of
    its mode: the same hand (Bo on Ann's discard, 123m 456m 789p 67s 99p [CCC] +8s, 9 points) takes
    4 single tiles + 3 holds + Pung and C + 8s + Record = 11 touches, in each of these orders."""
    orders = [
        ["hold 1m", "hold 4m", "hold 7p", "9p", "9p", "6s", "7s", "pung", "C"],  # the 14-tap order
        ["pung", "C", "9p", "hold 4m", "6s", "9p", "hold 7p", "7s", "hold 1m"],
        ["7s", "6s", "9p", "9p", "hold 7p", "hold 4m", "hold 1m", "pung", "C"],
    ]
    for order in orders:
        context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url, locale="en-GB",
                                      has_touch=True, is_mobile=True)
        phone = context.new_page()
        table_id = new_table(phone)
        open_table(phone, table_id)
        phone.locator('.winner button[data-value="Bo"]').tap()  # not counted: the phone's owner wins by default
        touches = 0
        for step in order:
            if step == "pung":
                phone.locator("label.mode:has(input[value=pung])").tap()
            elif step.startswith("hold "):
                _hold(phone, f'.palette [data-code="{step.split()[1]}"]')
            else:
                phone.locator(f'.palette [data-code="{step}"]').tap()
            touches += 1
        expect(phone.locator("label.mode:has(input[value=win]) input")).to_be_checked()
        phone.locator('.palette [data-code="8s"]').tap()
        expect(phone.locator("#notation")).to_have_value("123456m 78999p 67s [CCC] +8s")
        expect(phone.locator("[data-testid=bar-total]")).to_have_text("9")
        phone.locator(".record-hand").tap()
        touches += 2
        expect(phone.locator(".history li").first).to_contain_text("Bo won on Ann's discard: 9 points")
        assert touches == 11, order
        context.close()


def _hold(page: Page, selector: str) -> None:
    """Touch ``selector`` and hold it for 0.7 s, as a finger does (Chromium's touch events)."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(700)
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()
