"""The web app in a real browser: build a hand by tapping tiles and see its score, switch language
and see Chinese names, keep a table's score through a short session."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

# South wins on West's discard: 123m 456m 789p 67s 99p held, a pung of red dragons declared, 8s wins.
# LRC (seed 000): No Flower tiles 1 + Pong of Dragons 2 + Base Point 5 = 8, all paid by West.
HELD = ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "9p", "9p", "6s", "7s"]
TOTAL = "8"
# The same hand with the Orchid (2f) and Summer (6f), both South's flowers: Flower 1 x 2 and Flower
# of player seat 1 x 2 replace No Flower tiles: 2 + 2 + 2 + 5 = 11.
WITH_FLOWERS = "123m 456m 789p 67s 99p [CCC] 2f 6f +8s"
TOTAL_WITH_FLOWERS = "11"


def tap(page: Page, code: str) -> None:
    page.locator(f'.palette [data-code="{code}"]').click()


def mode(page: Page, name: str) -> None:
    page.locator(f"label.mode:has(input[value={name}])").click()


def set_context(page: Page, seat: str, win: str, discarder: str) -> None:
    page.select_option("[name=seat]", seat)
    page.select_option("[name=win]", win)
    page.select_option("[name=discarder]", discarder)


def build_plain_win(page: Page) -> None:
    for code in HELD:
        tap(page, code)
    mode(page, "pung")
    tap(page, "C")
    mode(page, "win")
    tap(page, "8s")


def test_build_a_hand_by_tapping_and_see_its_total(page: Page) -> None:
    page.goto("/")
    build_plain_win(page)
    set_context(page, "S", "discard", "W")
    expect(page.locator("[data-testid=total] output")).to_have_text(TOTAL)
    expect(page.locator("#notation")).to_have_value("123456m 78999p 67s [CCC] +8s")
    expect(page.locator(".sheet tr[data-award]")).to_have_count(2)
    expect(page.locator(".payments")).to_contain_text("West pays South 8")
    # Tapping the winning tile in the hand takes it out: the sheet shows the waits instead.
    page.locator('.hand [data-part="win_tile"]').click()
    expect(page.locator(".waits li")).to_have_count(2)


def test_the_notation_box_drives_the_picker(page: Page) -> None:
    page.goto("/")
    set_context(page, "S", "discard", "W")
    page.locator("#notation").fill(WITH_FLOWERS)
    expect(page.locator("[data-testid=total] output")).to_have_text(TOTAL_WITH_FLOWERS)
    expect(page.locator('.hand [data-part="flowers"]')).to_have_count(2)
    page.locator("#notation").fill("123m [124m]")
    expect(page.locator("#notation-error")).to_contain_text("a chow is three consecutive tiles")
    expect(page.locator("#notation")).to_have_attribute("aria-invalid", "true")


def test_a_taiwan_hand_declared_ready_on_the_first_discard_shows_its_money(page: Page) -> None:
    # atawmj.md: South self-draws after declaring ready with its first discard: 地聽 4 + 自摸 1 = 5 tai, the
    # total (ruling 55), and 莊家 1 on the dealer's payment only (ruling 35); money 底 50 + 台 × 20: East 170,
    # West and North 150.
    page.goto("/")
    page.select_option("[name=ruleset]", "taiwan")
    page.select_option("[name=seat]", "S")
    page.select_option("[name=win]", "self_draw")
    page.locator("form.context details summary").click()
    page.select_option("[name=ready_on]", "first_discard")
    page.locator("#notation").fill("123m 456m 789p 234s 67s 99p +8s")
    expect(page.locator("[data-testid=total] output")).to_have_text("5")
    expect(page.locator(".payments")).to_contain_text("East pays South 6 = 170")
    expect(page.locator(".payments")).to_contain_text("West pays South 5 = 150")


def test_seven_flowers_rob_the_eighth_from_the_player_who_drew_it(page: Page) -> None:
    # 七搶一 8 (ruling 39): West drew the eighth flower and pays alone, 50 + 8 × 20 = 210.
    page.goto("/")
    page.select_option("[name=ruleset]", "taiwan")
    page.select_option("[name=seat]", "S")
    page.select_option("[name=win]", "flowers")
    page.select_option("[name=eighth_flower]", "W")
    page.locator("#notation").fill("1f 2f 3f 4f 5f 6f 7f")
    expect(page.locator("[data-testid=total] output")).to_have_text("8")
    expect(page.locator(".payments li")).to_have_count(1)
    expect(page.locator(".payments")).to_contain_text("West pays South 8 = 210")


def test_the_picker_works_by_keyboard(page: Page) -> None:
    page.goto("/")
    first = page.locator('.palette [data-code="1m"]')
    first.focus()
    page.keyboard.press("Enter")  # 1m
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # 2m
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")  # 2p, one row down
    expect(page.locator("#notation")).to_have_value("12m 2p")


def test_switch_language_and_see_chinese_names(page: Page) -> None:
    page.goto("/")
    build_plain_win(page)
    set_context(page, "S", "discard", "W")
    expect(page.locator("[data-testid=total] output")).to_have_text(TOTAL)
    page.select_option("#lang", "zh-Hans")
    expect(page.locator(".sheet")).to_contain_text("三元牌刻子")
    expect(page.locator(".sheet")).to_contain_text("无花")
    expect(page.locator("#top nav")).to_contain_text("算分")
    page.select_option("#lang", "zh-Hant")
    expect(page.locator(".sheet")).to_contain_text("無花")
    expect(page.locator(".payments")).to_contain_text("西 付給 南 8")
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    # The Chinese text is drawn with an installed CJK font, not as empty boxes.
    assert page.evaluate("document.fonts.check('16px \"WenQuanYi Micro Hei\"', '無花三元牌刻子')")
    # The choice is remembered.
    page.reload()
    expect(page.locator("#lang")).to_have_value("zh-Hant")
    expect(page.locator("#top nav")).to_contain_text("牌桌")


def balance(page: Page, player: str) -> str:
    return f'.seat[data-player="{player}"] [data-testid=balance]'


def test_a_short_table_session(page: Page) -> None:
    page.goto("/tables")
    for field, name in zip(page.locator("form.new-table [name=player]").all(), ["Ann", "Bo", "Cy", "Di"], strict=True):
        field.fill(name)
    page.locator("form.new-table [name=name]").fill("Friday")
    page.locator("form.new-table button").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+$"))
    expect(page.locator(".deal")).to_have_text("East round · Dealer: Ann")
    # Bo sits South in the first hand and wins on Cy's (West's) discard.
    page.locator('.winner button[data-value="Bo"]').click()
    page.select_option("[name=win]", "discard")
    page.locator('.given-by button[data-value="Cy"]').click()
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    expect(page.locator("[data-testid=total] output")).to_have_text(TOTAL)
    page.locator(".record-hand").click()
    expect(page.locator(balance(page, "Bo"))).to_have_text("8")
    expect(page.locator(balance(page, "Cy"))).to_have_text("-8")
    expect(page.locator(balance(page, "Ann"))).to_have_text("0")
    expect(page.locator(balance(page, "Di"))).to_have_text("0")
    expect(page.locator(".seat.dealer")).to_have_attribute("data-player", "Bo")  # the deal passed
    expect(page.locator(".history li")).to_have_count(1)
    expect(page.locator(".history li").first).to_contain_text("Bo won on Cy's discard: 8 points")
    page.locator(".record-draw").click()
    expect(page.locator(".history li")).to_have_count(2)
    expect(page.locator(".history li").first).to_contain_text("drawn hand")
    page.locator(".undo-last").click()
    expect(page.locator(".history li")).to_have_count(1)
    expect(page.locator(balance(page, "Bo"))).to_have_text("8")


def test_two_phones_one_hand_one_entry(page: Page, browser: Browser, base_url: str) -> None:
    """Phone 2 composes the hand phone 1 records first, without the live view (its stream is cut, so
    the news cannot arrive first): its tap is refused (409), the table reloads, its choices still name
    the same players (seat winds moved, names did not), and Record stays off until the hand or a
    choice changes, so a second tap cannot record the hand twice."""
    table = page.request.post("/api/tables", data={"players": ["Ann", "Bo", "Cy", "Di"]}).json()
    other = browser.new_context(viewport=page.viewport_size, base_url=base_url, locale="en-GB").new_page()
    other.route("**/live?*", lambda route: route.abort())
    for phone in (page, other):
        phone.goto(f"/tables/{table['id']}")
        phone.locator('.winner button[data-value="Bo"]').click()
        phone.select_option("[name=win]", "discard")
        phone.locator('.given-by button[data-value="Cy"]').click()
        phone.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
        expect(phone.locator("[data-testid=total] output")).to_have_text(TOTAL)
    page.locator(".record-hand").click()
    expect(page.locator(".history li")).to_have_count(1)
    other.locator(".record-hand").click()
    expect(other.locator(".table-error")).to_contain_text("Another phone changed this table first")
    expect(other.locator(".history li").first).to_contain_text("Bo won on Cy's discard: 8 points")
    expect(other.locator(".winner [aria-pressed=true]")).to_have_attribute("data-value", "Bo")
    expect(other.locator(".given-by [aria-pressed=true]")).to_have_attribute("data-value", "Cy")
    expect(other.locator(".record-hand")).to_be_disabled()
    assert len(page.request.get(f"/api/tables/{table['id']}").json()["history"]) == 1
    other.context.close()


def test_table_payments_show_who_pays_whom(page: Page) -> None:
    # South wins on West's discard holding the full red set 1f-4f (LRC "Full set of Flowers": the
    # other players pay 10 each at the table, ruling 5), so the sheet lists E, W and N paying S 10.
    page.goto("/")
    set_context(page, "S", "discard", "W")
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] 1f 2f 3f 4f +8s")
    expect(page.locator(".payments").last).to_contain_text("East pays South 10, West pays South 10, North pays South 10")


def test_a_phone_joins_the_club_with_the_join_link(browser: Browser, club_url: str) -> None:
    """Before joining, opening a table is refused with the reason; the join link (the passphrase in
    its #fragment) joins, leaves the passphrase out of the address bar and opens the tables."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=club_url, locale="en-GB").new_page()

    def new_table() -> None:
        # The page's script is ready once it has filled the rulesets (and, in the same step, taken the form).
        expect(phone.locator("form.new-table [name=ruleset] option").first).to_be_attached()
        for field, name in zip(phone.locator("form.new-table [name=player]").all(), ["Ann", "Bo", "Cy", "Di"], strict=True):
            field.fill(name)
        phone.locator("form.new-table button").click()

    phone.goto("/tables")
    new_table()
    expect(phone.locator("form.new-table .error")).to_contain_text("needs the club passphrase")
    phone.goto("/join#red%20dragon%20pung")
    # The link fills the passphrase and asks whose phone this is (issue 41: it named it "device 1cdc").
    expect(phone).to_have_url(re.compile(r"/join$"))
    expect(phone.locator(".ask-name")).to_contain_text("Whose phone is this?")
    expect(phone.locator("[name=device]")).to_have_value("")
    expect(phone.locator("[name=device]")).to_be_focused()
    phone.locator("[name=device]").fill("Ann")
    phone.locator("form.join button").click()
    expect(phone).to_have_url(re.compile(r"/tables$"))
    assert phone.evaluate("localStorage.getItem('mjscore.device')") == "Ann"
    # A phone named before joins again from the link at once (its session ended: the cookie is gone).
    phone.context.clear_cookies()
    phone.goto("/join#red%20dragon%20pung")
    expect(phone).to_have_url(re.compile(r"/tables$"))
    new_table()
    expect(phone).to_have_url(re.compile(r"/tables/\d+$"))
    expect(phone.locator(".deal")).to_have_text("East round · Dealer: Ann")
    phone.context.close()
