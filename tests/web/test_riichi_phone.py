"""A riichi game on the phone (issue 43): a riichi in one tap, a ron in ten (fewer than the Taiwanese or
LRC win's twelve, tests/web/test_table_phone.py), a tsumo, a draw with who was tenpai in three, with the
points in play, the honba and the sticks on the table shown at the top.

Bo's hand, as in tests/scorekeeper/test_riichi_game.py: 123m 456p 789s 23s 55m, won on 4s, pinfu; with
Bo's riichi 2 han 30 fu, a non-dealer's ron 1,920 -> 2,000 (WRC 2015 6.1); 30,000 each at the start
(WRC 4.1); at an exhaustive draw with one player tenpai, 1,000 from each of the three others (5.7.2)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from test_table_phone import Taps, _close, _watched, balance, new_table, open_table


@pytest.fixture
def phone(browser: Browser, base_url: str, phone_screen: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(viewport=phone_screen, base_url=base_url, locale="en-GB", has_touch=True, is_mobile=True)
    page = _watched(context)
    yield page
    _close(page)


def test_a_riichi_a_ron_and_a_tenpai_draw_in_few_taps(phone: Page) -> None:
    table_id = new_table(phone, ruleset="riichi")
    open_table(phone, table_id)
    phone.select_option("[name=this_phone]", "Bo")  # once an evening: whose phone this is
    expect(phone.locator(balance("Bo"))).to_have_text("30000")
    phone.evaluate("scrollTo(0, 0)")
    # A riichi: one tap on Bo's seat. His stick goes on the table: 29,000 in play.
    riichi = Taps(phone)
    riichi('.seat[data-player="Bo"] button.riichi', "Bo's riichi")
    expect(phone.locator(balance("Bo"))).to_have_text("29000")
    expect(phone.locator(".deal")).to_contain_text("1 riichi sticks on the table")
    expect(phone.locator('.seat[data-player="Bo"] button.riichi')).to_be_disabled()
    assert len(riichi.done) == 1
    # A ron: Bo (this phone's player) on Ann's discard (the player before him: the defaults).
    phone.evaluate("scrollTo(0, 0)")
    ron = Taps(phone)
    for code in ("2s", "3s", "5m", "5m"):
        ron(f'.palette [data-code="{code}"]', code)
    ron("label.mode:has(input[value=run])", "Chow (in the hand)")
    for low in ("1m", "4p", "7s"):
        ron(f'.palette [data-code="{low}"]', f"chow from {low}")
    expect(phone.locator("label.mode:has(input[value=win]) input")).to_be_checked()  # 13 held
    ron('.palette [data-code="4s"]', "winning tile 4s")
    expect(phone.locator("[data-testid=bar-total]")).to_have_text("2")  # riichi and pinfu: the table said riichi
    ron(".record-hand", "Record")
    expect(phone.locator(".history li").first).to_contain_text("Bo won on Ann's discard: 2 han")
    expect(phone.locator(balance("Bo"))).to_have_text("32000")  # 2,000 and his stick back
    expect(phone.locator(balance("Ann"))).to_have_text("28000")
    assert len(ron.done) == 10, ron.done
    # A draw: Cy alone tenpai (Bo deals now, noten: the deal passes, 1 honba).
    draw = Taps(phone)
    draw(".record-draw", "Drawn hand")
    draw('.tenpai [data-value="Cy"]', "Cy tenpai")
    draw(".record-tenpai", "Record a drawn hand")
    expect(phone.locator(".history li").first).to_contain_text("drawn hand, tenpai: Cy")
    for player, points in (("Ann", "27000"), ("Bo", "31000"), ("Cy", "33000"), ("Di", "29000")):
        expect(phone.locator(balance(player))).to_have_text(points)
    expect(phone.locator(".deal")).to_contain_text("1 honba")
    expect(phone.locator(".deal")).to_contain_text("Cy")  # the dealer
    assert len(draw.done) == 3, draw.done


def test_a_player_in_riichi_is_tenpai_at_the_draw_and_a_tsumo_takes_the_sticks(phone: Page) -> None:
    table_id = new_table(phone, ruleset="riichi")
    open_table(phone, table_id)
    phone.select_option("[name=this_phone]", "Cy")
    phone.locator('.seat[data-player="Di"] button.riichi').tap()
    expect(phone.locator(balance("Di"))).to_have_text("29000")
    phone.locator(".record-draw").tap()
    # Di declared riichi: tenpai, and cannot be taken off; nobody else was. No abortive draws at WRC.
    expect(phone.locator('.tenpai [data-value="Di"]')).to_have_attribute("aria-pressed", "true")
    expect(phone.locator('.tenpai [data-value="Di"]')).to_be_disabled()
    expect(phone.locator(".record-abortive")).to_be_hidden()
    phone.locator(".record-tenpai").tap()
    # Di takes 1,000 from each; her stick stays on the table. Ann (the dealer) noten: Bo deals, 1 honba.
    for player, points in (("Ann", "29000"), ("Bo", "29000"), ("Cy", "29000"), ("Di", "32000")):
        expect(phone.locator(balance(player))).to_have_text(points)
    # Cy's tsumo: self-drawn is one tap; pinfu and menzen tsumo 2 han 20 fu, a non-dealer's: 400 from
    # each non-dealer, 700 from the dealer (Bo); 100 more from each for the honba; Di's stick.
    phone.locator('.given-by [data-value=""]').tap()
    for code in ("2s", "3s", "5m", "5m"):
        phone.locator(f'.palette [data-code="{code}"]').tap()
    phone.locator("label.mode:has(input[value=run])").tap()
    for low in ("1m", "4p", "7s"):
        phone.locator(f'.palette [data-code="{low}"]').tap()
    phone.locator('.palette [data-code="4s"]').tap()
    expect(phone.locator("[data-testid=bar-total]")).to_have_text("2")
    phone.locator(".record-hand").tap()
    expect(phone.locator(".history li").first).to_contain_text("Cy won by self-draw: 2 han")
    for player, points in (("Ann", "28500"), ("Bo", "28200"), ("Cy", "31800"), ("Di", "31500")):
        expect(phone.locator(balance(player))).to_have_text(points)
