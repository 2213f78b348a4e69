"""Sharing a scored hand in Chromium (issue 15, item 6): the scoring page's Share button gives a
link and its QR code; the link opens the same hand scored on another phone (or a desktop), and the
QR code, read back from a screenshot by zxing-cpp, is that link."""

from __future__ import annotations

import io
from urllib.parse import parse_qs, urlsplit

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Page, expect

# tests/web/test_browser.py: South wins on West's discard with the Orchid and Summer (his own
# flowers): Flower 1 x 2, Flower of player seat 1 x 2, Pong of Dragons 2, Base Point 5 = 11 (LRC).
HAND = "123m 456m 789p 67s 99p [CCC] 2f 6f +8s"
TOTAL = "11"
DESKTOP = {"width": 1280, "height": 900}
#: How long a scoring answer may take on a loaded 2-core machine (ms).
WAIT = 15_000


def share(page: Page) -> str:
    """Score HAND on the scoring page and share it: the link shown."""
    page.goto("/")
    page.select_option("[name=seat]", "S")
    page.select_option("[name=win]", "discard")
    page.select_option("[name=discarder]", "W")
    page.locator("#notation").fill(HAND)
    expect(page.locator("[data-testid=total] output")).to_have_text(TOTAL, timeout=WAIT)
    page.get_by_role("button", name="Share this hand").click()
    link = page.locator(".share-link input")
    expect(link).to_be_visible(timeout=WAIT)
    return link.input_value()


def test_a_shared_link_opens_the_hand_scored(page: Page, browser: Browser, base_url: str) -> None:
    url = share(page)
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}" == base_url and parts.path == "/hand"
    query = parse_qs(parts.query)
    assert query["tiles"] == ["123456m 78999p 67s [CCC] 26f +8s"]
    assert (query["seat"], query["win"], query["discarder"], query["ruleset"]) == (["S"], ["discard"], ["W"], ["lrc"])
    # Another phone, and a desktop, open the link: the same hand, scored.
    for viewport in ({"width": 390, "height": 844}, DESKTOP):
        context = browser.new_context(viewport=viewport, locale="en-GB")
        other = context.new_page()
        errors: list[str] = []
        other.on("pageerror", lambda error, found=errors: found.append(str(error)))
        other.goto(url)
        expect(other.locator("[data-testid=total] output")).to_have_text(TOTAL, timeout=WAIT)
        expect(other.locator(".sheet tr[data-award]")).to_have_count(3)
        expect(other.locator(".payments")).to_contain_text("West pays South 11")
        expect(other.locator(".share-link input")).to_have_value(url)  # passed on as it came
        other.select_option("#lang", "zh-Hans")
        expect(other.locator("#shared h2")).to_have_text("分享的一手牌")
        expect(other.get_by_role("button", name="复制链接")).to_be_visible()
        context.close()
        assert errors == []


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, DESKTOP])
def test_the_qr_code_reads_back_as_the_link(browser: Browser, base_url: str, viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport, base_url=base_url, locale="en-GB")
    page = context.new_page()
    url = share(page)
    picture = Image.open(io.BytesIO(page.locator(".share .qr img").screenshot()))
    found = zxingcpp.read_barcodes(picture)
    assert [(code.format, code.text) for code in found] == [(zxingcpp.BarcodeFormat.QRCode, url)]
    # A changed hand takes the old link away.
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    expect(page.locator(".share-link input")).to_have_count(0)
    context.close()


def test_a_broken_link_says_what_is_wrong(page: Page) -> None:
    page.goto("/hand?tiles=123m%20[124m]&win=discard")
    expect(page.locator("#shared .error")).to_contain_text("link: tiles: meld chow 124m")
    page.goto("/hand?tiles=123m&colour=red")
    expect(page.locator("#shared .error")).to_have_text(
        "link: 'colour' is not a field of a share link (tiles, or a hand record's context)")
