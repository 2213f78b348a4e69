"""The installable, offline-ready app in Chromium (issue 15, item 6): the manifest and its icons, the
service worker under the app's Content-Security-Policy, the app opening from its cache with the server
stopped and saying so, a new release replacing the cached shell, and the API docs with no internet."""

from __future__ import annotations

import re
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from mjscore.interfaces.web import app as web_app
from mjscore.interfaces.web import create_app, scoring_api
from mjscore.labels import catalogue
from mjscore.scorekeeper import Scorekeeper

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
OFFLINE_TEXT = "The server cannot be reached"
#: How long to wait for what a page does after a server stops or starts, on a loaded 2-core machine (ms).
WAIT = 15_000


class Server:
    """The web app served by uvicorn on one port of 127.0.0.1, stopped and started again at will
    (the service worker belongs to the origin, so the port stays the same)."""

    def __init__(self, app: Any) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = app
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self, app: Any | None = None) -> None:
        self.app = app or self.app
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return
            time.sleep(0.05)
        raise AssertionError("the web app did not start")

    def stop(self) -> None:
        assert self.server is not None and self.thread is not None
        self.server.should_exit = True
        self.thread.join(timeout=10)
        assert not self.thread.is_alive()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    running = Server(create_app(keeper))
    running.start()
    yield running
    if running.thread is not None and running.thread.is_alive():
        running.stop()
    keeper.close()


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[tuple[BrowserContext, Page, list[str]]]:
    """A fresh phone-sized page on ``server``, and the script errors and CSP refusals it logs."""
    context = browser.new_context(viewport=PHONE, base_url=server.url, locale="en-GB")
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: _refusal(message, problems))
    yield context, page, problems
    context.close()


def _refusal(message: ConsoleMessage, problems: list[str]) -> None:
    if "Content Security Policy" in message.text or "Refused to" in message.text:
        problems.append(message.text)


def wait_for_service_worker(page: Page) -> str:
    """Wait until the service worker is active and looks after the page; its cache's name."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=4 * WAIT)
    name: str = page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        const names = await caches.keys();
        return names.join(",");
    }""")
    return name


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_app_is_installable(phone: tuple[BrowserContext, Page, list[str]]) -> None:
    context, page, problems = phone
    page.goto("/")
    expect(page.locator(".palette button").first).to_be_visible()
    assert page.locator('link[rel="manifest"]').get_attribute("href") == "/manifest.webmanifest"
    answer = page.request.get("/manifest.webmanifest")
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = answer.json()
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "standalone")
    assert manifest["short_name"] == "mjscore" and re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = set()
    for icon in manifest["icons"]:
        image = page.request.get(icon["src"])
        assert image.ok and image.headers["content-type"] == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = png_size(image.body())
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes  # what Chrome asks of an installable app
    apple = page.locator('link[rel="apple-touch-icon"]').get_attribute("href")
    assert apple is not None and png_size(page.request.get(apple).body()) == (180, 180)
    # The service worker installs, under the same Content-Security-Policy as the pages.
    cache = wait_for_service_worker(page)
    assert re.fullmatch(r"mjscore-[0-9a-f]{16}", cache)
    worker = page.request.get("/sw.js")
    assert "script-src 'self'" in worker.headers["content-security-policy"]
    assert worker.headers["cache-control"] == "no-cache"
    kept = page.evaluate("async () => (await (await caches.open((await caches.keys())[0])).keys()).map(r => r.url)")
    paths = {url.removeprefix(page.url.rstrip("/")) for url in kept}
    assert {"/static/index.html", "/static/table.html", "/static/common.js", "/api/labels", "/static/tiles.js",
            "/static/app.css", "/static/icon-192.png", "/api/tiles", "/api/rulesets", "/manifest.webmanifest"} <= paths
    assert not any(path.startswith("/api/tables") for path in paths)  # the club's scores are never kept
    assert problems == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_with_the_server_stopped_the_app_opens_and_says_so(server: Server, viewport: dict[str, int],
                                                           phone: tuple[BrowserContext, Page, list[str]]) -> None:
    context, page, problems = phone
    page.set_viewport_size(viewport)
    page.goto("/")
    wait_for_service_worker(page)
    banner = page.locator("#offline")
    expect(banner).to_have_count(0)  # online: no banner at all
    server.stop()
    page.goto("/")  # from the home screen, with no server
    expect(page.locator(".palette button")).to_have_count(42, timeout=WAIT)  # the picker, from the cached tile list
    expect(banner).to_be_visible(timeout=WAIT)
    expect(banner).to_contain_text(OFFLINE_TEXT, timeout=WAIT)
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    expect(page.locator("#notation-error")).to_have_text("The server cannot be reached.", timeout=WAIT)
    page.select_option("#lang", "zh-Hant")
    expect(banner).to_contain_text("無法連線伺服器", timeout=WAIT)
    page.select_option("#lang", "en")
    page.goto("/tables/1")  # every page opens, a table's too
    expect(banner).to_be_visible(timeout=WAIT)
    expect(page.locator("#top nav a")).to_have_count(6, timeout=WAIT)  # score, tables, players, standings, stats, rulesets
    page.goto("/rulesets?id=mcr")  # and every award table, in every language
    expect(page.locator(".award-table")).to_contain_text("Chinese Official", timeout=WAIT)
    page.select_option("#lang", "zh-Hans")
    expect(page.locator(".award-table tr").nth(1)).to_contain_text("大四喜", timeout=WAIT)
    page.select_option("#lang", "en")
    # Try again loads the page again: still no server, still the banner.
    with page.expect_navigation(timeout=WAIT):
        banner.get_by_role("button", name="Try again").click()
    expect(banner).to_be_visible(timeout=WAIT)
    # The server is back: the next answer from it takes the banner away.
    server.start()
    page.goto("/")
    expect(page.locator(".palette button")).to_have_count(42, timeout=WAIT)
    page.locator("#notation").fill("123m 456m 789p 67s 99p [CCC] +8s")
    expect(page.locator("#notation-error")).to_have_text("", timeout=WAIT)
    expect(banner).to_be_hidden(timeout=WAIT)
    assert problems == []


def test_a_new_release_replaces_the_cached_shell(server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 phone: tuple[BrowserContext, Page, list[str]]) -> None:
    context, page, problems = phone
    page.goto("/")
    old = wait_for_service_worker(page)
    labels = catalogue()
    expect(page.locator("#top nav a").first).to_have_text(labels["en"]["nav_score"], timeout=WAIT)
    server.stop()
    # The next release: one label changed.
    labels["en"]["nav_score"] = "Score it"
    monkeypatch.setattr(web_app, "catalogue", lambda: labels)
    monkeypatch.setattr(scoring_api, "catalogue", lambda: labels)
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        server.start(create_app(keeper))
        page.goto("/")
        expect(page.locator("#top nav a").first).to_have_text("Score it", timeout=WAIT)  # online: the server's files
        page.wait_for_function(f"async () => {{ const names = await caches.keys(); "
                               f"return names.length === 1 && names[0] !== {old!r}; }}", timeout=4 * WAIT)
        server.stop()
        page.goto("/")  # offline: the new release's copy, the old one gone
        expect(page.locator("#offline")).to_be_visible(timeout=WAIT)
        expect(page.locator("#top nav a").first).to_have_text("Score it", timeout=WAIT)
    finally:
        keeper.close()
    assert problems == []


def test_the_api_docs_work_with_no_internet(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, base_url=server.url)
    page = context.new_page()
    problems: list[str] = []
    elsewhere: list[str] = []
    page.on("console", lambda message: _refusal(message, problems))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("request", lambda request: None if request.url.startswith(server.url) else elsewhere.append(request.url))
    page.goto("/api/docs")
    expect(page.locator(".opblock-summary-path", has_text="/api/score").first).to_be_visible()
    page.locator(".opblock-summary", has_text="/api/tiles").first.click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    expect(page.locator(".live-responses-table td.response-col_status:not(.col_header)")).to_have_text("200")
    context.close()
    assert elsewhere == [] and problems == []
