"""The club's pages in a real browser at a phone's size (390 x 844): the standings of an evening
with a three-way tie, the roster page renaming a player, and the new-table form offering the
roster's names.

The evening (LRC, Mei deals first): Noor (S) wins on Pia's (N) discard, then Olu (S) on Pia's (W),
then Mei (W) on Pia's (S): each PLAIN hand is 8 points paid by Pia alone (seed 000: nobody East
wins or gives the tile), so the scores are 8, 8, 8, -24 and Mei, Noor and Olu share first place
with (4 + 2 + 1) / 3 = 7/3 table points, printed 2.33; Pia has 0.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

PLAIN = {"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}], "win_tile": "8s",
         "win": "discard"}
EVENING = "Browser evening"


def _evening(page: Page, players: list[str], event: str | None = None) -> int:
    """A table of ``players`` where the second, third and first each win one PLAIN hand on the fourth's discard."""
    opened = page.request.post("/api/tables", data={"players": players, "event": event,
                                                    "request_id": f"club-browser-{players[0]}"})
    assert opened.ok, opened.text()
    table: int = opened.json()["id"]
    for version, winner in enumerate((players[1], players[2], players[0])):
        won = page.request.post(f"/api/tables/{table}/wins", data={"hand": PLAIN, "winner": winner,
                                                                   "discarder": players[3], "expected_version": version})
        assert won.ok, won.text()
    return table


def test_the_standings_page_shows_a_three_way_tie_on_a_phone(page: Page) -> None:
    _evening(page, ["Mei", "Noor", "Olu", "Pia"], EVENING)
    page.goto(f"/standings?event={EVENING}")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(4)
    for index, name in enumerate(("Mei", "Noor", "Olu")):
        expect(rows.nth(index).locator("td").first).to_have_text("=1")
        expect(rows.nth(index).locator("th")).to_have_text(name)
        expect(rows.nth(index).locator("[data-testid=table-points]")).to_have_text("2.33")
    expect(rows.nth(3).locator("th")).to_have_text("Pia")
    expect(rows.nth(3).locator("td").first).to_have_text("4")
    expect(rows.nth(3).locator("td").nth(2)).to_have_text("-24")
    expect(page.locator(".sessions li")).to_contain_text("3 hands")
    expect(page.locator(".exports a").first).to_have_attribute("href", re.compile(r"/api/standings\.csv\?event=Browser"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    # choosing another event that has no table says so in one line
    page.locator("input[name=event]").fill("No such evening")
    page.locator("form.choose button").click()
    expect(page.locator(".error")).to_have_text("no table matches: event No such evening")


def test_the_roster_page_renames_a_player_and_the_new_table_form_offers_the_names(page: Page) -> None:
    _evening(page, ["Qiu", "Ren", "Sol", "Tam"])
    page.goto("/players")
    expect(page.locator(".roster li", has_text="Sol")).to_be_visible()
    page.locator("form.rename select[name=player]").select_option(label="Sol")
    page.locator("form.rename input[name=name]").fill("Sol Ade")
    page.locator("form.rename button").click()
    expect(page.locator("[role=status]")).to_have_text("Done.")
    expect(page.locator(".roster li", has_text="Sol Ade")).to_contain_text("also Sol")
    page.locator("form.rename select[name=player]").select_option(label="Qiu")
    page.locator("form.rename input[name=name]").fill("ren")
    page.locator("form.rename button").click()
    expect(page.locator(".error")).to_contain_text("'Ren' is already on the roster")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    page.goto("/tables")
    expect(page.locator("#known-players option[value='Sol Ade']")).to_have_count(1)


def test_the_players_and_standings_pages_show_each_club_rating_with_its_uncertainty(page: Page) -> None:
    _evening(page, ["Uma", "Vic", "Wen", "Xia"], "Rated evening")
    rated = {line["name"]: line for line in page.request.get("/api/ratings").json()}
    # Uma, Vic and Wen tie on 8 (rank 1), Xia pays 24 (rank 4): the three share a rating above Xia's
    assert rated["Uma"]["rating"] == rated["Vic"]["rating"] == rated["Wen"]["rating"] > rated["Xia"]["rating"]
    page.goto("/players")
    for name in ("Uma", "Xia"):
        line = rated[name]
        expect(page.locator(".roster li", has_text=name).locator(".rating")).to_have_text(
            f"rating {line['rating']} (± {line['sigma']})")
    page.goto("/standings?event=Rated evening")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(3).get_by_test_id("rating")).to_have_text(f"{rated['Xia']['rating']} ± {rated['Xia']['sigma']}")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
