"""Browser tests: the web app served by uvicorn on a free local port, driven in real headless
Chromium (Debian's, through Playwright). They never skip: without Chromium they fail saying what to
install."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsing import PHONE
from browsing import serving as _serving
from playwright.sync_api import Browser, Page, sync_playwright

from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.security import Access
from mjscore.scorekeeper import Scorekeeper

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


#: The club passphrase of the ``club_url`` server.
PASSPHRASE = "red dragon pung"


@pytest.fixture(scope="session")
def phone_screen() -> dict[str, int]:
    """The phone's screen (:data:`PHONE`), for a test that opens its own browser contexts."""
    return dict(PHONE)


@pytest.fixture(scope="session")
def passphrase() -> str:
    """The club passphrase (:data:`PASSPHRASE`) of the ``club_url`` server."""
    return PASSPHRASE


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on 127.0.0.1, with its tables in a fresh SQLite file. Every browser test of the
    session opens its tables from this one address, so the tables-per-hour limit (its own tests are
    tests/test_web_access.py) is set above what the whole session opens."""
    database = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    keeper = Scorekeeper.open(f"sqlite:///{database}")
    with _serving(create_app(keeper, max_tables_per_hour=10_000)) as url:
        yield url
    keeper.close()


@pytest.fixture(scope="session")
def club_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app as ``serve --passphrase`` runs it: the tables need the club passphrase :data:`PASSPHRASE`."""
    database = tmp_path_factory.mktemp("club") / "tables.sqlite3"
    keeper = Scorekeeper.open(f"sqlite:///{database}")
    with _serving(create_app(keeper, access=Access.of([], PASSPHRASE), max_tables_per_hour=10_000)) as url:
        yield url
    keeper.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        found = shutil.which("chromium")
        pytest.fail(f"Chromium is not at {CHROMIUM} (found: {found}); install it with "
                    "`apt-get install -y chromium fonts-wqy-microhei fonts-symbola`")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    """A fresh phone-sized page (nothing remembered); fails the test on any script error."""
    context = browser.new_context(viewport=PHONE, base_url=base_url, locale="en-GB")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"script errors on the page: {errors}"
