"""A tournament day from the web app alone (issue 40's Done-when): a 16-player, 4-round MCR
tournament started from the /tournaments page, seated, penalised, with a drop (a substitute takes
the seat), a late entry and a reinstated player, run from the director's page, its hands recorded at
the tables' pages and over the tables' API as a phone sends them, its standings and EMA results
file downloaded from the director's page, and its projector read at 1920 x 1080 (every font size
measured, every place of the field shown as the pages turn).

The results, worked by hand. One MCR hand a table. In round 1 the East of table 1 wins on the
North's discard with a 21-fan hand (8 + 21 from the discarder, 8 from the others: East +45, 4
table points; South and West -8, 1.5 each; North -29, 0); every other table of every round is
drawn (1.75 each). East then gets a penalty of 10. The East of round 1's table 2 drops after
round 1: round 2 seats 15 and a substitute. Zoë Wu enters late and plays rounds 3 and 4. Another
player drops after round 3 and is reinstated before round 4: they play all four.

- East: 4 + 3 x 1.75 = 9.25, 45 - 10 = +35: first.
- The eleven others who play every round at drawn tables: 4 x 1.75 = 7, 0: sharing second.
- South and West of table 1: 1.5 + 5.25 = 6.75, -8: sharing 13th.
- North of table 1: 5.25, -29: 15th. Zoë: 2 x 1.75 = 3.5: 16th. The dropped player: 1.75 (one round): 17th.
- The substitute is on no line of the standings or of the EMA file.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsing import PHONE
from browsing import serving as _serving
from playwright.sync_api import Browser, Page, expect

from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.tournaments import EMA_COLUMNS, Tournaments

HAND = {"concealed": "123m 456m 789m 234p 5s", "win_tile": "5s", "win": "discard"}
PLAYERS = ["Ann Lee", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Max", "Ned", "Oz",
           "Yan"]
EMA = {"Ann Lee": "04010001", "Bob": "04010002"}
NAME = "Web Cup"
PATH = "/tournaments/Web%20Cup"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Scorekeeper, str]]:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    with _serving(create_app(keeper)) as url:
        yield keeper, url
    keeper.close()


def _round(page: Page) -> list[dict[str, object]]:
    """The tables of the round on show, as the API answers the director's page."""
    answer = page.request.get("/api/tournaments/Web%20Cup")
    assert answer.ok
    found: list[dict[str, object]] = answer.json()["round"]["tables"]
    return found


def _play(page: Page, tables: list[dict[str, object]], win_at: int | None = None) -> None:
    """Each table's hand: the first drawn on its own page (its Drawn hand button), the others sent
    to the tables' API as a phone sends them; at table ``win_at`` East wins on North's discard."""
    for index, table in enumerate(tables):
        seats = [seat["name"] for seat in table["seats"]]  # type: ignore[index]
        if table["number"] == win_at:
            body = {"hand": HAND, "winner": seats[0], "discarder": seats[3], "request_id": f"win-{table['table_id']}"}
            assert page.request.post(f"/api/tables/{table['table_id']}/wins", data=body).ok
        elif index == 0:
            page.goto(f"/tables/{table['table_id']}")
            expect(page.locator(".deal")).to_contain_text("East round")
            page.locator(".record-draw").click()
            expect(page.locator(".history li")).to_have_count(1)
            expect(page.locator(".history li").first).to_contain_text("drawn hand")
        else:
            answer = page.request.post(f"/api/tables/{table['table_id']}/draws",
                                       data={"request_id": f"draw-{table['table_id']}"})
            assert answer.ok
    page.goto(PATH)


def test_a_sixteen_player_tournament_runs_from_the_web_app_alone(browser: Browser,
                                                                  served: tuple[Scorekeeper, str]) -> None:
    _, url = served
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=url, locale="en-GB",
                                  accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    # The home and tables pages lead to the tournaments; the form starts one.
    page.goto("/")
    page.locator(".more-pages a").click()
    expect(page).to_have_url(f"{url}/tournaments")
    expect(page.get_by_test_id("tournaments")).to_have_text("No tournament yet.")
    form = page.locator("form.new-tournament")
    form.locator("[name=name]").fill(NAME)
    form.locator("[name=players]").fill("\n".join(f"{p}, {EMA[p]}" if p in EMA else p for p in PLAYERS))
    form.locator("[name=rounds]").fill("4")
    form.locator("[name=session_hands]").fill("1")
    form.locator("[name=seed]").fill("web")
    form.locator("button").click()
    expect(page).to_have_url(f"{url}{PATH}")
    expect(page.get_by_test_id("tournament")).to_have_text(NAME)
    expect(page.locator("table.standings tbody tr")).to_have_count(16)

    # Round 1.
    page.locator("form.seat button").click()
    expect(page.locator(".seating-title")).to_have_text("Round 1")
    one = _round(page)
    east, south, west, north = (seat["name"] for seat in one[0]["seats"])  # type: ignore[attr-defined]
    dropper = next(seat["name"] for seat in one[1]["seats"])  # type: ignore[attr-defined]
    _play(page, one, win_at=1)
    expect(page.locator(".standings-title")).to_have_text("Standings after round 1")
    page.locator("form.penalty select[name=player]").select_option(east)
    page.locator("form.penalty input[name=points]").fill("10")
    page.locator("form.penalty input[name=reason]").fill("late to the table")
    page.locator("form.penalty button").click()
    expect(page.locator("table.standings tbody tr").first.get_by_test_id("penalties")).to_have_text("-10")
    page.locator("form.drop select[name=player]").select_option(dropper)
    expect(page.locator("form.reinstate")).to_be_hidden()  # nobody has dropped yet
    page.locator("form.drop button").click()
    expect(page.locator("table.standings tbody tr.dropped th")).to_have_text(f"{dropper} (dropped)")

    # Round 2: the dropped player's seat goes to a substitute.
    page.locator("form.seat button").click()
    expect(page.locator(".seating-title")).to_have_text("Round 2")
    expect(page.locator(".seating li", has_text="Substitute 1")).to_have_count(1)
    _play(page, _round(page))
    expect(page.locator(".standings-title")).to_have_text("Standings after round 2")
    page.locator("form.enter input[name=player]").fill("Zoë Wu")
    page.locator("form.enter input[name=ema]").fill("04010016")
    page.locator("form.enter button").click()
    expect(page.locator("table.standings tbody tr")).to_have_count(17)

    # Round 3: sixteen again, no substitute; then a drop taken back (the Reinstate button).
    page.locator("form.seat button").click()
    expect(page.locator(".seating-title")).to_have_text("Round 3")
    expect(page.locator(".seating li", has_text="Substitute")).to_have_count(0)
    _play(page, _round(page))
    expect(page.locator(".standings-title")).to_have_text("Standings after round 3")
    reinstate = page.locator("form.reinstate select[name=player] option")
    expect(reinstate).to_have_text([dropper])  # only a dropped player can be reinstated
    page.locator("form.drop select[name=player]").select_option("Kim")
    page.locator("form.drop button").click()
    expect(reinstate).to_have_text(["Kim", dropper])  # in the order of the standings
    page.locator("form.reinstate select[name=player]").select_option("Kim")
    page.locator("form.reinstate button").click()
    expect(reinstate).to_have_text([dropper])
    expect(page.locator("table.standings tbody tr.dropped")).to_have_count(1)

    # Round 4, the last: no round is offered after it.
    page.locator("form.seat button").click()
    expect(page.locator(".seating-title")).to_have_text("Round 4")
    expect(page.locator("form.seat")).to_be_hidden()
    expect(page.get_by_test_id("all-seated")).to_have_text("All 4 rounds are seated.")
    four = _round(page)
    assert any(seat["name"] == "Kim" for table in four for seat in table["seats"])  # type: ignore[attr-defined]
    _play(page, four)
    expect(page.locator(".standings-title")).to_have_text("Standings after round 4")
    expect(page.locator("form.seat")).to_be_hidden()

    # The EMA results file, downloaded from the director's page: the published columns, the results
    # worked out above, no substitute.
    with page.expect_download() as download:
        page.locator(".download-ema").click()
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == EMA_COLUMNS
    by_name = {(r[3] + " " + r[2]).removeprefix("- "): r for r in rows[1:]}
    assert len(rows) == 18 and "Substitute 1" not in by_name
    others = set(PLAYERS) - {east, south, west, north, dropper}
    expected = {east: ["1", "9.25", "35"], south: ["13", "6.75", "-8"], west: ["13", "6.75", "-8"],
                north: ["15", "5.25", "-29"], "Zoë Wu": ["16", "3.5", "0"], dropper: ["17", "1.75", "0"],
                **{name: ["2", "7", "0"] for name in others}}
    assert {name: [r[0], r[5], r[6]] for name, r in by_name.items()} == expected
    assert by_name["Ann Lee"][1:4] == ["04010001", "Lee", "Ann"] and by_name["Zoë Wu"][1] == "04010016"
    assert by_name["Cat"][1] == "-"
    # The standings after round 2, with the penalty column.
    page.locator(".downloads select[name=after]").select_option("2")
    with page.expect_download() as download:
        page.locator(".download-standings").click()
    standings = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    first = standings[0]
    assert (first["player"], first["rounds"], first["table_points"], first["score"], first["penalties"]) == (
        east, "2", "5.75", "35", "10")
    zoe = next(line for line in standings if line["player"] == "Zoë Wu")  # entered after round 2: no round yet
    assert len(standings) == 17 and (zoe["rounds"], zoe["table_points"]) == ("0", "0")

    # The tables page names the tournament's tables; in Chinese as a Chinese director reads them.
    page.goto("/tables")
    expect(page.locator(".table-list li a").first).to_have_text("Round 1, table 1")
    page.locator("#lang").select_option("zh-Hans")
    expect(page.locator(".table-list li a").first).to_have_text("第 1 轮第 1 桌")
    page.goto(f"/tables/{one[0]['table_id']}")
    expect(page.locator("#table-title")).to_contain_text("第 1 轮第 1 桌 · ")
    # A refusal on the director's page is one line in the page's language.
    page.goto(PATH)
    expect(page.get_by_test_id("tournament")).to_have_text(NAME)  # the page is drawn: its forms answer
    page.locator("form.enter input[name=player]").fill("Ann Lee")
    page.locator("form.enter button").click()
    expect(page.locator(".error")).to_have_text(f"{NAME} 没有可以加入的轮次了：4 轮都已经排好座位")
    expect(page.locator(".seating li").first).to_contain_text("第 1 桌（已结束）：东 ")
    context.close()
    assert not errors, f"script errors on the page: {errors}"

    # The projector at 1920 x 1080: no site menu, no text under 32 px, every place shown as the pages turn.
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=url, locale="en-GB")
    projector = screen.new_page()
    projector.goto(f"{PATH}/projector?every=1")
    expect(projector.get_by_test_id("tournament")).to_have_text(NAME)
    assert projector.locator("nav, #top").count() == 0
    expect(projector.get_by_test_id("round")).to_have_text("Round 4")
    expect(projector.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+:\d\d played$"))
    seen: set[str] = set()
    smallest = 1000.0
    for _ in range(8):  # the pages turn every second
        projector.wait_for_timeout(1000)
        smallest = min(smallest, projector.evaluate("""() => Math.min(...[...document.querySelectorAll('body *')]
            .filter((e) => e.offsetParent !== null && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
            .map((e) => parseFloat(getComputedStyle(e).fontSize)))"""))
        seen |= set(projector.locator(".page tbody th").all_inner_texts())
        assert projector.evaluate("(() => { const p = document.querySelector('.page'); "
                                  "return p.scrollHeight <= p.clientHeight + 1 && p.scrollWidth <= p.clientWidth + 1; })()")
    assert smallest >= 32, f"text of {smallest} px on the projector"
    assert seen == set(PLAYERS) | {"Zoë Wu"}
    screen.close()

    # A player's phone: Find your table opens that table's page.
    phone = browser.new_context(viewport=PHONE, base_url=url, locale="en-GB").new_page()
    phone.goto(f"{PATH}/screen")
    phone.locator("form.me select[name=player]").select_option("Bob")
    table = next(t for t in four if any(s["name"] == "Bob" for s in t["seats"]))  # type: ignore[attr-defined]
    phone.get_by_test_id("my-table-link").click()
    expect(phone).to_have_url(f"{url}/tables/{table['table_id']}")


def test_the_projector_shows_every_table_and_place_of_a_forty_player_field(browser: Browser,
                                                                          served: tuple[Scorekeeper, str]) -> None:
    """Forty players, ten tables, a round with a time limit of 90 minutes: at 1920 x 1080 the projector
    shows the clock counting down, and as its pages turn every table's card and every place, all in
    type of 32 px or more, nothing cut off by the screen's edge."""
    keeper, url = served
    players = [f"{first} {last}" for first in ("Anna", "Bartholomew", "Chen", "Dorothea", "Emil")
               for last in ("Lee", "Fitzgerald-Smythe", "Wang", "Okonkwo", "Li", "Novak", "Schmidt", "Rossi")]
    tournaments = Tournaments(keeper)
    tournaments.create("Forty", players, seed="forty", rounds=3, session_minutes=90)
    seated = tournaments.seat("Forty")
    assert len(seated.tables) == 10
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=url, locale="en-GB")
    projector = context.new_page()
    projector.goto("/tournaments/Forty/projector?every=1")
    expect(projector.get_by_test_id("clock")).to_have_text(re.compile(r"^1:(29|30):\d\d left$"))
    names: set[str] = set()
    cards: set[str] = set()
    smallest = 1000.0
    for _ in range(6):
        projector.wait_for_timeout(1000)
        names |= set(projector.locator(".page tbody th").all_inner_texts())
        cards |= {card.get_attribute("data-table") or "" for card in projector.locator(".page .card").all()}
        smallest = min(smallest, projector.evaluate("""() => Math.min(...[...document.querySelectorAll('body *')]
            .filter((e) => e.offsetParent !== null && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
            .map((e) => parseFloat(getComputedStyle(e).fontSize)))"""))
        assert projector.evaluate("(() => { const p = document.querySelector('.page'); "
                                  "return p.scrollHeight <= p.clientHeight + 1 && p.scrollWidth <= p.clientWidth + 1; })()")
    assert names == set(players)
    assert cards == {str(n) for n in range(1, 11)}
    assert smallest >= 32, f"text of {smallest} px on the projector"
    context.close()
