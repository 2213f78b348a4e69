"""An evening on a phone (issue 29), in Chromium at 390 x 844: the players' buttons stay where they
are from hand to hand, the sheet names players, and the smaller slips of the issue stay fixed."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

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
