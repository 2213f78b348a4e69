"""The edges of access to the club's table server (issue 28): a change must come from the app's own
origin (scheme, host and port); forwarded headers are believed only from the proxies ``serve`` is
told to trust; the tables-per-hour limit answers 429 and counts per device."""

from __future__ import annotations

from pathlib import Path

import pytest
import uvicorn
from fastapi.testclient import TestClient

from mjscore.interfaces.cli.serve import proxy_options
from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.security import MAX_FAILURES, Access
from mjscore.scorekeeper import Scorekeeper

NEW_TABLE = {"players": ["Ann", "Bo", "Cy", "Di"]}


@pytest.fixture
def keeper(tmp_path: Path) -> Scorekeeper:
    opened = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    yield opened  # type: ignore[misc]
    opened.close()


@pytest.mark.parametrize(("base_url", "origin", "status"), [
    ("http://localhost:8000", "http://localhost:8000", 201),
    ("http://localhost", "http://localhost:80", 201),
    ("http://localhost:8000", "null", 403),
    ("http://localhost:8000", "http://localhost:9000", 403),  # another app of the same machine
    ("http://localhost:8000", "https://localhost:8000", 403),
    ("http://localhost:8000", "http://localhost", 403),
    ("http://localhost:8000", "http://evil.example:8000", 403),
])
def test_a_change_must_come_from_the_apps_own_origin(keeper: Scorekeeper, base_url: str, origin: str,
                                                     status: int) -> None:
    client = TestClient(create_app(keeper), base_url=base_url)
    answer = client.post("/api/tables", json=NEW_TABLE, headers={"Origin": origin})
    assert answer.status_code == status, answer.text
    if status == 403:
        assert answer.json()["type"] == "CrossSite"


def _behind(app: object, trusted: tuple[str, ...]) -> object:
    """The app as ``serve`` runs it with ``--trusted-proxy`` ``trusted`` (uvicorn's own wrapping)."""
    config = uvicorn.Config(app, **proxy_options(trusted))  # type: ignore[arg-type]
    config.load()
    return config.loaded_app


def test_a_forwarded_address_from_this_machine_does_not_reset_the_passphrase_limit(keeper: Scorekeeper) -> None:
    app = create_app(keeper, access=Access.of([], "east wind"))
    client = TestClient(_behind(app, ()), base_url="http://localhost", client=("127.0.0.1", 40000))  # type: ignore[arg-type]
    for attempt in range(MAX_FAILURES):
        wrong = client.post("/api/session", json={"passphrase": "west wind", "device": "phone"},
                            headers={"X-Forwarded-For": f"10.0.0.{attempt}"})
        assert wrong.status_code == 403
    spoofed = client.post("/api/session", json={"passphrase": "east wind", "device": "phone"},
                          headers={"X-Forwarded-For": "10.0.0.99"})
    assert spoofed.status_code == 429


def test_a_trusted_proxy_forwards_the_clients_address(keeper: Scorekeeper) -> None:
    app = create_app(keeper, access=Access.of([], "east wind"))
    proxy = TestClient(_behind(app, ("192.0.2.1",)), base_url="http://localhost", client=("192.0.2.1", 40000))  # type: ignore[arg-type]
    for _ in range(MAX_FAILURES):
        proxy.post("/api/session", json={"passphrase": "west wind", "device": "phone"},
                   headers={"X-Forwarded-For": "10.0.0.1"})
    other = proxy.post("/api/session", json={"passphrase": "east wind", "device": "phone"},
                       headers={"X-Forwarded-For": "10.0.0.2"})
    assert other.status_code == 200  # another client behind the proxy is not held by the first one's tries


def test_the_tables_per_hour_limit_is_429_and_per_client(keeper: Scorekeeper) -> None:
    """Each phone (its own address) has its own limit; joining again under another name gives none
    (tests/scorekeeper/test_keeper_trust.py)."""
    app = create_app(keeper, access=Access.of([], "east wind"), max_tables_per_hour=2)
    phones = [TestClient(app, base_url="http://localhost", client=(f"192.168.1.{20 + n}", 5000)) for n in range(2)]
    for number, phone in enumerate(phones):
        assert phone.post("/api/session", json={"passphrase": "east wind", "device": f"phone {number}"}).status_code == 200
    first, second = phones
    assert [first.post("/api/tables", json=NEW_TABLE).status_code for _ in range(3)] == [201, 201, 429]
    refused = first.post("/api/tables", json=NEW_TABLE)
    assert refused.json()["type"] == "TooManyRequestsError"
    assert second.post("/api/tables", json=NEW_TABLE).status_code == 201
