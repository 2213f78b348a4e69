"""The statistics page in real Chromium on a phone's screen: a table's balances, the award
frequencies and the totals drawn as SVG charts by the page itself, every request to the app's own
origin, the page's words in Chinese, the whole club and a range of days.

The table (LRC, worked out in tests/test_table_stats_interfaces.py): Bob wins 8 on Dan's discard, Ann
collects a concealed gong (5 from each), a drawn hand: Ann 15, Bob 3, Cat -5, Dan -13.
"""

from __future__ import annotations

import uuid
from typing import Any

from playwright.sync_api import Page, expect

PLAIN: dict[str, Any] = {"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
                         "win_tile": "8s", "win": "discard"}
WAIT = 15_000


def _post(page: Page, path: str, body: dict[str, Any]) -> Any:
    answer = page.request.post(path, data={**body, "request_id": uuid.uuid4().hex})
    assert answer.ok, answer.text()
    return answer.json()


def _evening(page: Page) -> int:
    table = _post(page, "/api/tables", {"players": ["Ann", "Bob", "Cat", "Dan"], "name": "Stats night"})
    _post(page, f"/api/tables/{table['id']}/wins", {"hand": PLAIN, "winner": "Bob", "discarder": "Dan"})
    _post(page, f"/api/tables/{table['id']}/events", {"event": "concealed_gong_collection", "player": "Ann"})
    _post(page, f"/api/tables/{table['id']}/draws", {})
    return int(table["id"])


def test_the_stats_page_draws_its_charts_on_a_phone_from_its_own_origin(page: Page, base_url: str) -> None:
    table = _evening(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"/stats?table={table}")
    lines = page.locator(".balance-chart svg polyline.series")
    expect(lines).to_have_count(4, timeout=WAIT)
    points = lines.first.get_attribute("points")
    assert points is not None and len(points.split()) == 4  # before entry 1, then after entries 1, 2, 3
    expect(page.locator(".legend li")).to_have_text(["Ann 15", "Bob 3", "Cat -5", "Dan -13"])
    page.locator(".balance-figures summary").click()  # the same figures as a table
    rows = page.locator("table.balance-table tbody tr")
    expect(rows).to_have_count(4)
    for number, cells in enumerate([["start", "0", "0", "0", "0"], ["1", "0", "8", "0", "-8"],
                                    ["2", "15", "3", "-5", "-13"], ["3", "15", "3", "-5", "-13"]]):
        expect(rows.nth(number).locator("th, td")).to_have_text(cells)
    expect(page.locator(".summary")).to_have_text("1 table, 2 hands, 1 win")
    bob = page.locator('table.players tr[data-player="Bob"] td')
    expect(bob.nth(2)).to_have_text("1/2 50.0%")  # wins of the hands played
    expect(page.locator('table.players tr[data-player="Dan"] td').nth(4)).to_have_text("1/2 50.0%")  # deal-ins
    expect(page.locator('.award-charts figure[data-ruleset="lrc"] svg g.bar')).to_have_count(2)
    expect(page.locator('.award-charts figure[data-ruleset="lrc"]')).to_contain_text("Pong of Dragons")
    expect(page.locator('.total-charts figure[data-ruleset="lrc"] svg g.bar')).to_have_count(1)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width} px"
    page.select_option("#lang", "zh-Hans")
    expect(page.locator("#stats-title")).to_have_text("统计")
    expect(page.locator('.award-charts figure[data-ruleset="lrc"]')).to_contain_text("三元牌刻子", timeout=WAIT)
    page.select_option("#lang", "en")
    page.select_option("form.scope select[name=table]", "")  # the whole club
    expect(page.locator("form.scope select[name=table]")).to_have_value("")
    expect(page.locator(".balance-chart svg polyline.series")).to_have_count(4, timeout=WAIT)
    page.fill("form.scope input[name=since]", "2999-01-01")
    page.locator("form.scope input[name=since]").dispatch_event("change")
    expect(page.locator(".summary")).to_have_text("No entry was recorded in that time.", timeout=WAIT)
    expect(page.locator(".results")).to_be_hidden()
    assert requests and all(url.startswith(base_url + "/") for url in requests), requests


PLAIN_TW: dict[str, Any] = {"concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard"}


def test_a_session_and_a_money_table_on_the_page_with_units_in_chinese(page: Page, base_url: str) -> None:
    """A two-hand session (worked out in tests/test_table_stats_club.py, session A: Bob 1st, Ann and
    Cat share 2nd, Dan 4th) and a taiwan table at 底 30 and 10 a tai (Ann, the dealer, wins 4 tai on
    Bob's discard: 30 + 40 = 70): the places say they are over sessions, the money stands beside the
    points, and the units are named in the page's language."""
    session = _post(page, "/api/tables", {"players": ["Ann", "Bob", "Cat", "Dan"], "name": "Session",
                                          "session_hands": 2})
    _post(page, f"/api/tables/{session['id']}/wins", {"hand": PLAIN, "winner": "Bob", "discarder": "Dan"})
    _post(page, f"/api/tables/{session['id']}/draws", {})
    page.goto(f"/stats?table={session['id']}")
    expect(page.locator("table.players thead th")).to_contain_text(["Player", "Tables", "Sessions"], timeout=WAIT)
    expect(page.locator('table.players tr[data-player="Cat"] td').nth(6)).to_have_text("0-1-0-0")
    expect(page.locator(".places-note")).to_contain_text("average over the sessions played")
    expect(page.locator(".money-note")).to_be_hidden()
    money = _post(page, "/api/tables", {"players": ["Ann", "Bob", "Eve", "Fay"], "name": "Tai", "ruleset": "taiwan",
                                        "house_rules": {"stake": 10}, "base_money": "30"})
    _post(page, f"/api/tables/{money['id']}/wins", {"hand": PLAIN_TW, "winner": "Ann", "discarder": "Bob"})
    page.goto(f"/stats?table={money['id']}")
    ann = page.locator("table.points tbody tr").filter(has_text="Ann")
    expect(ann.locator("td.money")).to_have_text("70", timeout=WAIT)
    expect(ann.locator("td").nth(1)).to_have_text("4")  # the points beside it
    expect(ann.locator("small.unit")).to_have_text("tai")
    page.locator("#points-title").click()  # folded on a phone: its heading opens it
    expect(page.locator(".money-note")).to_be_visible()
    expect(page.locator(".places-note")).to_contain_text("average over the tables played")
    page.select_option("#lang", "zh-Hans")
    expect(ann.locator("small.unit")).to_have_text("台", timeout=WAIT)
    expect(page.locator(".balance-chart svg")).to_contain_text("台")
    page.select_option("#lang", "zh-Hant")
    expect(ann.locator("small.unit")).to_have_text("台", timeout=WAIT)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width} px"
    page.select_option("#lang", "en")


def test_the_page_opens_on_the_clubs_balances_and_folds_the_long_parts_on_a_phone(page: Page) -> None:
    """Issue 41: the page opened on a flat chart of the latest table, and was 5,848 px tall on a phone."""
    _evening(page)
    _post(page, "/api/tables", {"players": ["Ann", "Bob", "Cat", "Dan"], "name": "Not yet played"})
    page.goto("/stats")
    expect(page.locator("select[name=balance]")).to_have_value("club", timeout=WAIT)
    lrc = page.locator('.balance-chart figure.club-balance[data-ruleset="lrc"]')
    expect(lrc.locator("g.bar")).not_to_have_count(0)
    # Each player's net over the club's tables, the biggest winner first.
    labels = lrc.locator("g.bar text.bar-label").all_text_contents()
    nets = [int(text) for text in lrc.locator("g.bar text.tick").all_text_contents()]
    assert nets == sorted(nets, reverse=True) and "Ann" in labels and len(labels) == len(set(labels))
    expect(lrc.locator("figcaption")).to_have_text(
        "LRC Taiwanese (16 tiles): each player's balance over the tables counted, in points")
    for fold in page.locator("details.fold").all():
        expect(fold).not_to_have_attribute("open", "")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 3000, f"the page is {height} px tall on a phone"
    # A table's evening is one choice away.
    page.select_option("select[name=balance]", label=page.locator("select[name=balance] option").nth(1).inner_text())
    expect(page.locator(".balance-chart svg polyline.series")).not_to_have_count(0)
