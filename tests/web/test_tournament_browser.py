"""The tournament's projector page in a real browser: the round's seating with each table's seats,
the standings, and both following the tables by themselves as they finish (the page asks again
every five seconds), on a projector and on a player's phone.

The tournament: eight players, one MCR hand a table. At table 1 its East wins on its North's
discard with a 21-fan hand: East +45 (4 table points), South and West -8 (1.5 each), North -29 (0);
table 2 is drawn (7 / 4 = 1.75 each). After round 1 the standings are table 1's East first with 4,
table 2's four sharing second with 1.75, table 1's South and West sharing sixth with 1.5."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browsing import PHONE
from browsing import serving as _serving
from playwright.sync_api import Browser, Page, expect

from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.tournaments import RoundView, Tournaments

HAND = {"concealed": "123m 456m 789m 234p 5s", "win_tile": "5s", "win": "discard"}
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Scorekeeper, str]]:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    with _serving(create_app(keeper)) as url:
        yield keeper, url
    keeper.close()


def _open(browser: Browser, url: str, viewport: dict[str, int]) -> Page:
    context = browser.new_context(viewport=viewport, base_url=url, locale="en-GB")
    page = context.new_page()
    page.goto("/tournaments/Screen%20Open/screen")
    return page


def _seated(keeper: Scorekeeper) -> RoundView:
    tournaments = Tournaments(keeper)
    tournaments.create("Screen Open", PLAYERS, seed="screen", rounds=3, session_hands=1)
    return tournaments.seat("Screen Open")


def test_the_projector_shows_the_seating_and_follows_the_round_to_its_standings(
        browser: Browser, served: tuple[Scorekeeper, str]) -> None:
    keeper, url = served
    seated = _seated(keeper)
    projector = _open(browser, url, {"width": 1280, "height": 720})
    phone = _open(browser, url, PHONE)
    for page in (projector, phone):
        expect(page.get_by_test_id("tournament")).to_have_text("Screen Open")
        expect(page.locator(".seating-title")).to_have_text("Round 1")
        for table in seated.tables:
            seats = ", ".join(f"{wind} {name}" for wind, name in zip(WINDS.values(), table.names, strict=True))
            expect(page.locator(f".seating li[data-table='{table.number}']")).to_have_text(
                f"Table {table.number}: {seats}")
        expect(page.locator(".standings-title")).to_have_text("Standings after round 0")
        expect(page.locator("table.standings tbody tr")).to_have_count(8)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the phone scrolls sideways"

    first, second = seated.tables
    keeper.record_win(first.table_id, HAND, first.names[0], first.names[3])
    keeper.record_draw(second.table_id)
    for page in (projector, phone):
        expect(page.locator(".standings-title")).to_have_text("Standings after round 1", timeout=15000)
        expect(page.locator(".seating li.over")).to_have_count(2)
        rows = page.locator("table.standings tbody tr")
        expect(rows.nth(0).locator("th")).to_have_text(first.names[0])
        expect(rows.nth(0).get_by_test_id("table-points")).to_have_text("4")
        for index in range(1, 5):
            expect(rows.nth(index).locator("td").first).to_have_text("=2")
            expect(rows.nth(index).get_by_test_id("table-points")).to_have_text("1.75")
        expect(rows.nth(5).locator("td").first).to_have_text("=6")
        expect(rows.nth(5).get_by_test_id("table-points")).to_have_text("1.5")
        expect(rows.nth(7).locator("th")).to_have_text(first.names[3])


def test_an_unknown_tournament_is_said_in_one_line(browser: Browser, served: tuple[Scorekeeper, str]) -> None:
    _, url = served
    page = _open(browser, url, PHONE)
    expect(page.locator(".error")).to_have_text(
        "there is no tournament called 'Screen Open': there is none yet (`mjscore tournament new`)")


def test_the_director_seats_a_round_is_refused_while_it_plays_and_gives_a_penalty(
        browser: Browser, served: tuple[Scorekeeper, str]) -> None:
    keeper, url = served
    Tournaments(keeper).create("Screen Open", PLAYERS, seed="screen", rounds=3, session_hands=1)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=url, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/tournaments/screen%20open")
    expect(page.get_by_test_id("tournament")).to_have_text("Screen Open")
    expect(page.locator(".screen-link")).to_have_attribute("href", "/tournaments/screen%20open/screen")
    page.locator("form.seat button").click()
    expect(page.locator(".seating li")).to_have_count(2)
    seated = Tournaments(keeper).view("Screen Open").rounds[0]
    for table in seated.tables:  # each table links to its own page, where its hands are recorded
        link = page.locator(f".seating li[data-table='{table.number}'] a")
        expect(link).to_have_attribute("href", f"/tables/{table.table_id}")
    page.locator("form.seat select[name=method]").select_option("swiss")
    page.locator("form.seat button").click()
    first, second = seated.tables
    expect(page.locator(".error")).to_have_text(
        f"round 1 is still being played: table {first.table_id}, table {second.table_id} not over")
    page.locator("form.penalty select[name=player]").select_option("Cat")
    page.locator("form.penalty input[name=points]").fill("10")
    page.locator("form.penalty input[name=reason]").fill("late to the table")
    page.locator("form.penalty button").click()
    expect(page.locator(".error")).to_have_text("")
    assert [p.points for p in Tournaments(keeper).view("Screen Open").penalties] == [10]
    # The penalty counts from the standings after round 1: both tables drawn (1.75 each), Cat's -10
    # puts her last, on score, once the page asks again.
    keeper.record_draw(first.table_id)
    keeper.record_draw(second.table_id)
    expect(page.locator(".standings-title")).to_have_text("Standings after round 1", timeout=15000)
    last = page.locator("table.standings tbody tr").nth(7)
    expect(last.locator("th")).to_have_text("Cat")
    expect(last.locator("td").nth(2)).to_have_text("-10")
    expect(page.locator(".seating li.over")).to_have_count(2)
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def test_a_player_finds_their_table_on_the_phone_and_it_follows_the_next_round(
        browser: Browser, served: tuple[Scorekeeper, str]) -> None:
    keeper, url = served
    seated = _seated(keeper)
    phone = _open(browser, url, PHONE)
    phone.locator("form.me select[name=player]").select_option("Fay")
    table = next(t for t in seated.tables if "Fay" in t.names)
    wind = list(WINDS.values())[table.names.index("Fay")]
    expect(phone.get_by_test_id("my-table")).to_have_text(f"Fay: table {table.number}, {wind}")
    phone.reload()  # the choice is kept on the phone
    expect(phone.get_by_test_id("my-table")).to_have_text(f"Fay: table {table.number}, {wind}")
    for each in seated.tables:
        keeper.record_draw(each.table_id)
    again = Tournaments(keeper).seat("Screen Open")
    table = next(t for t in again.tables if "Fay" in t.names)
    wind = list(WINDS.values())[table.names.index("Fay")]
    expect(phone.locator(".seating-title")).to_have_text("Round 2", timeout=15000)
    expect(phone.get_by_test_id("my-table")).to_have_text(f"Fay: table {table.number}, {wind}")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the phone scrolls sideways"


def test_the_director_drops_a_player_enters_a_late_one_and_is_told_why_a_cut_is_refused(
        browser: Browser, served: tuple[Scorekeeper, str]) -> None:
    keeper, url = served
    seated = _seated(keeper)
    first, second = seated.tables
    keeper.record_win(first.table_id, HAND, first.names[0], first.names[3])  # 4, 1.5, 1.5, 0 at table 1
    keeper.record_draw(second.table_id)  # 1.75 each at table 2
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=url, locale="en-GB")
    page = context.new_page()
    page.goto("/tournaments/Screen%20Open")
    expect(page.locator(".standings-title")).to_have_text("Standings after round 1")
    # The top four would split the four sharing second place (1.75 each): refused, said in one line.
    page.locator("form.cut input[name=size]").fill("4")
    page.locator("form.cut button").click()
    expect(page.locator(".error")).to_have_text(
        "the cut at 4 falls inside a tie for place 2: break it first (a penalty), or cut at another size")
    dropped = first.names[3]
    page.locator("form.drop select[name=player]").select_option(dropped)
    page.locator("form.drop button").click()
    expect(page.locator(".error")).to_have_text("")
    expect(page.locator("table.standings tbody tr.dropped th")).to_have_text(f"{dropped} (dropped)")
    expect(page.locator(f"form.drop select[name=player] option[value='{dropped}']")).to_have_count(0)
    page.locator("form.enter input[name=player]").fill("Ivy")
    page.locator("form.enter input[name=ema]").fill("04190001")
    page.locator("form.enter button").click()
    expect(page.locator("form.enter input[name=player]")).to_have_value("")  # the form is reset once answered
    expect(page.locator(".error")).to_have_text("")
    entrants = {e.person.name: e for e in Tournaments(keeper).view("Screen Open").entrants}
    assert entrants[dropped].dropped_after == 1
    assert (entrants["Ivy"].entered, entrants["Ivy"].ema) == (2, "04190001")
    # Round 2 seats Ivy in the dropped player's place: still eight, two tables.
    page.locator("form.seat button").click()
    expect(page.locator(".seating-title")).to_have_text("Round 2")
    names = {name for table in Tournaments(keeper).view("Screen Open").rounds[1].tables for name in table.names}
    assert "Ivy" in names and dropped not in names and len(names) == 8
    context.close()
