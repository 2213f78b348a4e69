"""Browser tests: the web app served by uvicorn on a free local port, driven in real headless
Chromium (Debian's, through Playwright). They never skip: without Chromium they fail saying what to
install."""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browsing import PHONE
from browsing import serving as _serving
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

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
def playwright() -> Iterator[Playwright]:
    """Playwright, once for the session (a second one at the same time cannot start)."""
    if not Path(CHROMIUM).exists():
        found = shutil.which("chromium")
        pytest.fail(f"Chromium is not at {CHROMIUM} (found: {found}); install it with "
                    "`apt-get install -y chromium fonts-wqy-microhei fonts-symbola`")
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


#: The name a club's server answers to in the tests that serve it as on a network (not this machine:
#: over plain http such a page has no service worker); Chromium is told it is 127.0.0.1.
CLUB_HOST = "club.test"


@pytest.fixture(scope="session")
def network_browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium that takes :data:`CLUB_HOST` for this machine and trusts the club's own certificate
    (as the club's phones trust its authority), so that an https page gets its service worker."""
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {CLUB_HOST} 127.0.0.1", "--ignore-certificate-errors"])
    yield launched
    launched.close()


@pytest.fixture
def link_to() -> Iterator[Callable[[str], Link]]:
    """Makes a :class:`Link` to ``host:port``; every link made is closed after the test."""
    made: list[Link] = []

    def make(target: str) -> Link:
        made.append(Link(target))
        return made[-1]

    yield make
    for link in made:
        link.close()


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


class Link:
    """A phone's network link to the server: a TCP relay in front of ``target`` (``host:port``; http or
    https alike, the relay only carries bytes), whose state a test sets:

    - ``open``: bytes pass both ways;
    - ``down``: no network: every open connection is cut and new ones are refused, as a phone with its
      radio off sees it;
    - ``hang``: connections open but nothing comes back, and what the phone sends goes nowhere (the
      server's laptop asleep, a relay that stalls): a request waits until the phone gives up;
    - ``deaf``: what the phone sends reaches the server, but no answer reaches the phone (the server
      records a change whose answer is lost).

    Every change of state but to ``deaf`` starts afresh: the connections of the state before are
    closed (a stalled connection's half-sent answer would be garbage). A deaf link keeps them: over
    https a new connection could not even finish its handshake, so the lost answer is that of a
    request on a connection already open."""

    def __init__(self, target: str) -> None:
        host, port = target.rsplit(":", 1)
        self.target = (host, int(port))
        self.state = "open"
        self.connections: list[socket.socket] = []
        self.guard = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.state == "down":
                client.close()
                continue
            with self.guard:
                self.connections.append(client)
            if self.state == "hang":
                threading.Thread(target=self._swallow, args=(client,), daemon=True).start()
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.guard:
                self.connections.append(server)
            threading.Thread(target=self._pump, args=(client, server, "up"), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, "down"), daemon=True).start()

    @staticmethod
    def _swallow(source: socket.socket) -> None:
        try:
            while source.recv(65536):
                pass
        except OSError:
            pass

    def _pump(self, source: socket.socket, sink: socket.socket, way: str) -> None:
        try:
            while data := source.recv(65536):
                if self.state == "open" or (self.state == "deaf" and way == "up"):
                    sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def set(self, state: str) -> None:
        """Put the link in ``state`` (see the class), closing the connections of the state before."""
        self.state = state
        if state == "deaf":
            return
        with self.guard:
            connections, self.connections = self.connections, []
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                connection.close()

    def close(self) -> None:
        self.set("down")
        self.listener.close()
